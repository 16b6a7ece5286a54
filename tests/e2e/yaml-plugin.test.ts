/**
 * A YAML program (examples/yaml) through the real CLI, the YAML language
 * host and the provider plugin pulumi-resource-xads of the installed
 * package, against the emulator: up, a second preview with no changes,
 * refresh, destroy; the state holds no credential.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, CONSUMER, expectNoCredentialsIn, output, pulumiDir, ROOT, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;

/** The entities of a collection the program made (the funding instrument's are the demo account's too). */
const made = (collection: string, options: { withDeleted?: boolean } = {}) => e2e.live(collection, options);

beforeAll(async () => {
  if (!existsSync(join(pulumiDir(), "pulumi-language-yaml"))) throw new Error(`no pulumi-language-yaml in ${pulumiDir()}: run make pulumi (make test does)`);
  stack = e2e.stack("yaml-plugin");
  stack.copyProgram(join(ROOT, "examples", "yaml"));
  await stack.init();
});

test("a preview of the new stack plans every resource and writes nothing", async () => {
  e2e.emu.control.clearRequests();
  const preview = await stack.preview();
  expect(preview).toMatchObject({ code: 0 });
  // The stack and the five resources (the default provider is not counted).
  expect(preview.stdout).toMatch(/\+ 6 to create/);
  expect(e2e.writes()).toEqual([]);
});

test("a property the plugin's schema does not have is refused by the YAML host, before any request", async () => {
  const file = join(stack.dir, "Pulumi.yaml");
  const program = readFileSync(file, "utf8");
  writeFileSync(file, program.replace("      bidStrategy: MAX", "      bidStrategyy: MAX"));
  const preview = await stack.preview();
  writeFileSync(file, program);
  expect(preview.code).not.toBe(0);
  expect(preview.stdout).toMatch(/Property bidStrategyy does not exist on 'xads:index:LineItem'/);
  expect(e2e.writes()).toEqual([]);
});

test("up creates each declared entity once through the plugin", async () => {
  const fundingBefore = made("funding_instruments").length;
  const up = await stack.up();
  expect(up).toMatchObject({ code: 0 });
  // Resources of the plugin's package, not dynamic ones: the YAML program has no SDK.
  expect((await stack.exported()).map((r) => r.type).sort()).toEqual(["xads:index:Campaign", "xads:index:Campaign", "xads:index:FundingInstrument", "xads:index:LineItem", "xads:index:PromotedTweet"]);
  expect(made("funding_instruments")).toHaveLength(fundingBefore + 1);
  expect(made("campaigns").map((c) => c.name).sort()).toEqual(["Spring sale", "Summer sale"]);
  expect(made("line_items").map((l) => [l.name, l.placements])).toEqual([["Timeline clicks", ["TWITTER_TIMELINE"]]]);
  expect(made("promoted_tweets").map((p) => p.tweet_id)).toEqual(["1500000000000000001"]);
  const outputs = await stack.outputs();
  expect(outputs.lineItemId).toBe(made("line_items")[0]!.id);
  expect(outputs.promotedTweetId).toBe(made("promoted_tweets")[0]!.id);
});

test("a second preview plans no change", async () => {
  const preview = await stack.preview("--expect-no-changes", "--diff");
  expect(preview).toMatchObject({ code: 0 });
});

test("refresh finds no drift, and the preview after it plans no change", async () => {
  const refresh = await stack.run(["refresh", "--yes", "--expect-no-changes"]);
  expect(refresh).toMatchObject({ code: 0 });
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("a changed campaign name is planned as an update in place, shown as old -> new", async () => {
  const file = join(stack.dir, "Pulumi.yaml");
  const program = readFileSync(file, "utf8");
  writeFileSync(file, program.replace("name: Summer sale", "name: Summer sale 2"));
  const preview = await stack.preview("--diff");
  writeFileSync(file, program);
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/~ xads:index:Campaign: \(update\)/);
  expect(preview.stdout).toMatch(/name\s*:\s*"Summer sale" => "Summer sale 2"/);
  expect(preview.stdout).not.toMatch(/replace/);
});

test("a changed Tweet of a promoted Tweet is planned as a replacement on tweetId", async () => {
  const file = join(stack.dir, "Pulumi.yaml");
  const program = readFileSync(file, "utf8");
  writeFileSync(file, program.replace('tweetId: "1500000000000000001"', 'tweetId: "1500000000000000002"'));
  const preview = await stack.preview("--diff");
  writeFileSync(file, program);
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/\+-\s*xads:index:PromotedTweet: \(replace\)/);
  expect(preview.stdout).toMatch(/~ tweetId\s*:\s*"1500000000000000001" => "1500000000000000002"/);
});

test("an up of a renamed campaign updates it in place, under the same id", async () => {
  const before = made("campaigns").find((c) => c.name === "Summer sale")!;
  const file = join(stack.dir, "Pulumi.yaml");
  writeFileSync(file, readFileSync(file, "utf8").replace("name: Summer sale", "name: Summer sale 2"));
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(made("campaigns").find((c) => c.id === before.id)?.name).toBe("Summer sale 2");
  expect(made("campaigns")).toHaveLength(2);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("destroy deletes the campaigns, line item and promoted Tweet, and the sandbox funding instrument (the sandbox-only DELETE)", async () => {
  const funding = made("funding_instruments").length;
  const destroy = await stack.run(["destroy", "--yes"]);
  expect(destroy).toMatchObject({ code: 0 });
  expect(made("campaigns")).toEqual([]);
  expect(made("line_items")).toEqual([]);
  expect(made("promoted_tweets")).toEqual([]);
  expect(made("campaigns", { withDeleted: true }).map((c) => c.deleted)).toEqual([true, true]);
  // The stack is a sandbox one: its instrument is deleted (ref campaign-management/reference.mdx, DELETE funding_instruments is SANDBOX ONLY).
  expect(made("funding_instruments")).toHaveLength(funding - 1);
  expect(output(destroy)).not.toMatch(/funding instrument \w+ stays on the platform/);
});

test("neither the state nor any output of the CLI holds a credential in plain text", async () => {
  await expectNoCredentialsIn(stack);
});

test("without plugins.providers, the CLI finds the plugin on PATH (the package's node_modules/.bin link)", async () => {
  const other = e2e.stack("yaml-plugin-path");
  other.copyProgram(join(ROOT, "examples", "yaml"));
  const file = join(other.dir, "Pulumi.yaml");
  writeFileSync(file, readFileSync(file, "utf8").replace(/^plugins:\n(?: {2}.*\n)+/m, ""));
  expect(readFileSync(file, "utf8")).not.toContain("plugins:");
  await other.init();
  e2e.emu.control.clearRequests();
  const preview = await other.run(["preview"], { PATH: `${pulumiDir()}:${join(CONSUMER, "node_modules", ".bin")}:${process.env.PATH}` });
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/\+ 6 to create/);
  expect(e2e.writes()).toEqual([]);
});

test("an explicit provider resource (pulumi:providers:xads) takes the settings as properties, credentials from secret config, and keeps them out of the state", async () => {
  const other = e2e.stack("yaml-plugin-explicit");
  const credentials = Object.keys(e2e.creds).map((k) => `      ${k}: \${${k}}`).join("\n");
  other.writeYamlProgram(`config:
${Object.keys(e2e.creds).map((k) => `  ${k}:\n    type: string\n    secret: true`).join("\n")}
resources:
  sandbox:
    type: pulumi:providers:xads
    properties:
      sandbox: true
      sandboxBaseUrl: ${e2e.emu.sandboxUrl}
      accountId: ${ACCOUNT_ID}
${credentials}
  usd:
    type: xads:index:FundingInstrument
    properties:
      currency: USD
      startTime: "2026-01-01T00:00:00Z"
    options:
      provider: \${sandbox}
  autumn:
    type: xads:index:Campaign
    properties:
      fundingInstrumentId: \${usd.id}
      name: Autumn sale
      dailyBudgetAmountLocalMicro: 10000000
      deletionProtection: false
    options:
      provider: \${sandbox}
`);
  await other.must(["stack", "init", "dev"]);
  for (const [k, v] of Object.entries(e2e.creds)) await other.must(["config", "set", "--secret", k], v);
  expect(await other.up()).toMatchObject({ code: 0 });
  expect(made("campaigns").map((c) => c.name)).toEqual(["Autumn sale"]);
  expect(await other.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  expect(await other.run(["destroy", "--yes"])).toMatchObject({ code: 0 });
  expect(made("campaigns")).toEqual([]);
  await expectNoCredentialsIn(other);
});
