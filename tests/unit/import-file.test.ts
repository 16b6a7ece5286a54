/**
 * `xads import --format pulumi-import`: the import file `pulumi import
 * --file` reads, for the real platform's recorded account (tests/conformance
 * corpus), holds the resources the TypeScript program declares (same kinds,
 * names and order) by the provider plugin's type tokens; a format it does not
 * know, or an option of the other format, is refused before any request.
 */
import { IMPORT_KINDS, listQueries } from "../../cli/import-kinds";
import { ListedKind, writeImportFile, writeProgram } from "../../cli/import-program";
import { stackSettings } from "../../cli/import";
import { main } from "../../cli/index";
import { Entity } from "../../provider/client/client";
import { pluginTypeToken } from "../../provider/resources";
import { recordedForImport } from "../conformance/corpus";
import { setProcessEnv } from "../integration/fixtures";

const ACCOUNT = "18ce54d4x5t";

/** Every kind's live entities in the recorded list of its collection, as xads import lists them. */
const listed: ListedKind[] = IMPORT_KINDS.map((spec) => ({ spec, entities: recordedForImport(ACCOUNT, spec) as Entity[] }));

test("the import file of a recorded account declares what the program declares, in its order, by the plugin's type tokens", () => {
  const file = writeImportFile(listed, ACCOUNT);
  const program = writeProgram(listed, {
    accountId: ACCOUNT, project: "p", versions: { pulumiXads: "file:x.tgz", pulumi: "3", typescript: "5", tsNode: "10", typesNode: "20" },
  });
  const declared = [...program.files["index.ts"]!.matchAll(/= new xads\.(\w+)\(("[^"]*"), \{\n {2}accountId,\n {2}adoptId: "([^"]+)"/g)]
    .map(([, kind, name, id]) => ({ type: pluginTypeToken(kind!), name: JSON.parse(name!) as string, id: id! }));
  expect(declared.length).toBe(Object.values(program.counts).reduce((a, b) => a + b, 0));
  expect(JSON.parse(file.text)).toEqual({ resources: declared });
  expect(file.resources).toEqual(declared);
  expect(file.counts).toEqual(program.counts);
  expect(file.skipped).toEqual(program.skipped);
  // The recorded kinds whose entities have a live parent in the recording (its line items name campaigns it does not hold).
  expect(file.counts).toEqual({ FundingInstrument: 1, Campaign: 1, Card: 1, ImageConversationCard: 1, VideoConversationCard: 1, CustomAudience: 1, DoNotReachList: 1, AppList: 1 });
  expect(file.resources[1]).toEqual({ type: "xads:index:Campaign", name: "test", id: "8wku2" });
});

test("a targeting criterion is listed per line item, 200 a call, and the import file names it by its line item and its own id", () => {
  const spec = (kind: string) => IMPORT_KINDS.find((k) => k.kind === kind)!;
  const lineItems = Array.from({ length: 450 }, (_, i) => `li${i}`);
  const queries = listQueries(spec("TargetingCriterion"), (kind) => (kind === "LineItem" ? lineItems : []));
  expect(queries.map((q) => (q.line_item_ids as string[]).length)).toEqual([200, 200, 50]);
  expect(queries.flatMap((q) => q.line_item_ids as string[])).toEqual(lineItems);
  // No line item: no call.
  expect(listQueries(spec("TargetingCriterion"), () => [])).toEqual([]);

  const criteria: ListedKind[] = [
    { spec: spec("FundingInstrument"), entities: [{ id: "fi1", currency: "USD", type: "CREDIT_CARD" }] },
    { spec: spec("Campaign"), entities: [{ id: "c1", name: "Spring", funding_instrument_id: "fi1" }] },
    { spec: spec("LineItem"), entities: [{ id: "li1", name: "Tweets", campaign_id: "c1" }] },
    { spec: spec("TargetingCriterion"), entities: [{ id: "tc1", line_item_id: "li1", targeting_type: "IAB_CATEGORY", targeting_value: "IAB19-6", operator_type: "EQ" }] },
  ];
  const file = writeImportFile(criteria, ACCOUNT);
  expect(file.resources.at(-1)).toEqual({ type: "xads:index:TargetingCriterion", name: "tweets-iab-category-iab19-6", id: "li1:tc1" });
  // The program adopts it by its own id, the id its state keeps.
  const program = writeProgram(criteria, { accountId: ACCOUNT, project: "p", versions: { pulumiXads: "x", pulumi: "3", typescript: "5", tsNode: "10", typesNode: "20" } });
  expect(program.files["index.ts"]).toContain('adoptId: "tc1",\n  lineItemId: tweets.id,');
});

describe("refusals, before any request", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = setProcessEnv({ XADS_CONSUMER_KEY: "k", XADS_CONSUMER_SECRET: "s", XADS_ACCESS_TOKEN: "t", XADS_ACCESS_TOKEN_SECRET: "ts", XADS_BASE_URL: "http://127.0.0.1:9" });
  });
  afterEach(() => restore());

  test("an unknown --format names the formats xads import writes", async () => {
    const lines: string[] = [];
    expect(await main(["import", "--account", "acc1", "--format", "hcl"], (l) => lines.push(l))).toBe(2);
    expect(lines).toEqual(['xads: --format must be one of typescript, pulumi-import, got "hcl"']);
  });

  test("--project and --package belong to the program, not to the import file", async () => {
    const lines: string[] = [];
    expect(await main(["import", "--account", "acc1", "--format", "pulumi-import", "--project", "ads", "--package", "x.tgz"], (l) => lines.push(l))).toBe(2);
    expect(lines).toEqual([
      "xads: --project and --package apply to --format typescript (the program's Pulumi.yaml and package.json), not to --format pulumi-import, which writes one JSON file",
    ]);
  });
});

test("xads import's next step names every stack setting the program needs to reach what it imported: the account, and the sandbox and its address where they are not the defaults", () => {
  expect(stackSettings("18ce54d4x5t", false, "https://ads-api.x.com")).toEqual(["pulumi config set xads:accountId 18ce54d4x5t"]);
  expect(stackSettings("18ce54d4x5t", true, "https://ads-api-sandbox.x.com")).toEqual(["pulumi config set xads:accountId 18ce54d4x5t", "pulumi config set xads:sandbox true"]);
  expect(stackSettings("18ce54d4x5t", true, "http://127.0.0.1:8787/sandbox")).toEqual([
    "pulumi config set xads:accountId 18ce54d4x5t", "pulumi config set xads:sandbox true", "pulumi config set xads:sandboxBaseUrl http://127.0.0.1:8787/sandbox",
  ]);
  expect(stackSettings("18ce54d4x5t", false, "http://127.0.0.1:8787")).toEqual(["pulumi config set xads:accountId 18ce54d4x5t", "pulumi config set xads:baseUrl http://127.0.0.1:8787"]);
});
