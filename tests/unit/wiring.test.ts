/**
 * Every kind in the registry is wired everywhere a kind must be: an
 * emulator route answering its list, a recorded fixture of that list (and of
 * its POST, where the kind creates with one: its replay case and endpoints
 * derive from it), a walk row and a unit test. A missing piece is named with the file that adds it,
 * so adding a kind is following this test's messages (CONTRIBUTING.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "../../emulator";
import { RESOURCES } from "../../provider/resources";
import { ROWS } from "../e2e/walk-table";
import { entityTemplate } from "../conformance/corpus";

const root = join(__dirname, "../..");
const kinds = Object.keys(RESOURCES);
const kebab = (kind: string) => kind.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/** The kind's list endpoint below the account: its declared collection. */
function collectionOf(kind: string): string | undefined {
  return (RESOURCES as Record<string, { collection?: string }>)[kind]?.collection;
}

interface Calls { read: boolean; create: boolean; update: boolean; delete: boolean }

/** The collection calls of the standard lifecycle (its replay case and its endpoints derive from their recordings). */
function callsOf(kind: string): Calls {
  return (RESOURCES as Record<string, { collectionCalls?: Calls }>)[kind]?.collectionCalls ?? { read: false, create: false, update: false, delete: false };
}

const corpus = readdirSync(join(root, "tests/conformance/corpus"));
const unitTests = readdirSync(join(root, "tests/unit"))
  .filter((f) => f.endsWith(".test.ts") && f !== "wiring.test.ts")
  .map((f) => readFileSync(join(root, "tests/unit", f), "utf8"));

/** What is missing for one kind, each with the file to edit; empty when wired. */
function missing(kind: string, collection: string | undefined, answers: (method: string, url: string) => boolean, calls = callsOf(kind)): string[] {
  const gaps: string[] = [];
  if (collection !== undefined) {
    const url = `/12/accounts/:account_id/${collection}`;
    if (!answers("GET", url)) {
      gaps.push(`${kind}: no emulator route answers GET ${url}: add emulator/routes/${collection.replace(/[_/]/g, "-")}.ts exporting its resourceRoutes(...) plugin, then run make generate (emulator/routes/index.ts)`);
    }
    const one = entityTemplate(url);
    const endpoints: [string, string][] = [
      ["GET", url], ...(calls.create ? [["POST", url]] as [string, string][] : []),
      ...(calls.update ? [["PUT", one]] as [string, string][] : []), ...(calls.delete ? [["DELETE", one]] as [string, string][] : []),
    ];
    for (const [method, path] of endpoints) {
      const fixture = `${method}.${path.slice(1).replace(/\//g, ".").replace(/:/g, "")}`;
      if (!corpus.some((f) => f === `${fixture}.json` || f.startsWith(`${fixture}__`))) {
        gaps.push(`${kind}: no corpus fixture of ${method} ${path}: add tests/conformance/corpus/${fixture}.json (format in tests/conformance/README.md; npm run new-kind writes it)`);
      }
    }
  }
  if (!ROWS.some((r) => r.kind === kind)) gaps.push(`${kind}: no walk row in tests/e2e/walk-table.ts (ROWS)`);
  // A unit test names the kind or imports its declaration.
  const named = new RegExp(`\\b${kind}\\b|provider/resources/${kebab(kind)}"`);
  if (!unitTests.some((text) => named.test(text))) gaps.push(`${kind}: no unit test names it: add tests/unit/${kebab(kind)}.test.ts`);
  return gaps;
}

describe("every kind in the registry is wired", () => {
  const app = buildApp({ credentials: { consumerKey: "k", consumerSecret: "s", accessToken: "t", accessTokenSecret: "ts" } });
  beforeAll(() => app.ready());
  afterAll(() => app.close());
  const answers = (method: string, url: string) => app.hasRoute({ method: method as "GET", url });

  test("each kind has its emulator route, a corpus fixture of each endpoint its lifecycle calls (list, POST, PUT and DELETE of one), walk row and unit test", () => {
    expect(kinds.flatMap((kind) => missing(kind, collectionOf(kind), answers))).toEqual([]);
  });

  test("the emulator check tells a list it answers from one it does not", () => {
    expect([answers("GET", "/12/accounts/:account_id/campaigns"), answers("GET", "/12/accounts/:account_id/no_such_things")]).toEqual([true, false]);
  });

  test("a kind missing everywhere is told each file to add", () => {
    // A kind the registry does not hold: every check names what to add.
    expect(missing("AppEventTag", "app_event_tags", () => false, { read: true, create: true, update: true, delete: true })).toEqual([
      "AppEventTag: no emulator route answers GET /12/accounts/:account_id/app_event_tags: add emulator/routes/app-event-tags.ts exporting its resourceRoutes(...) plugin, then run make generate (emulator/routes/index.ts)",
      "AppEventTag: no corpus fixture of GET /12/accounts/:account_id/app_event_tags: add tests/conformance/corpus/GET.12.accounts.account_id.app_event_tags.json (format in tests/conformance/README.md; npm run new-kind writes it)",
      "AppEventTag: no corpus fixture of POST /12/accounts/:account_id/app_event_tags: add tests/conformance/corpus/POST.12.accounts.account_id.app_event_tags.json (format in tests/conformance/README.md; npm run new-kind writes it)",
      "AppEventTag: no corpus fixture of PUT /12/accounts/:account_id/app_event_tags/:app_event_tag_id: add tests/conformance/corpus/PUT.12.accounts.account_id.app_event_tags.app_event_tag_id.json (format in tests/conformance/README.md; npm run new-kind writes it)",
      "AppEventTag: no corpus fixture of DELETE /12/accounts/:account_id/app_event_tags/:app_event_tag_id: add tests/conformance/corpus/DELETE.12.accounts.account_id.app_event_tags.app_event_tag_id.json (format in tests/conformance/README.md; npm run new-kind writes it)",
      "AppEventTag: no walk row in tests/e2e/walk-table.ts (ROWS)",
      "AppEventTag: no unit test names it: add tests/unit/app-event-tag.test.ts",
    ]);
  });
});
