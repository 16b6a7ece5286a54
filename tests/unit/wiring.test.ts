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

const root = join(__dirname, "../..");
const kinds = Object.keys(RESOURCES);
const kebab = (kind: string) => kind.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/** The kind's list endpoint below the account: its declared collection. */
function collectionOf(kind: string): string | undefined {
  return (RESOURCES as Record<string, { collection?: string }>)[kind]?.collection;
}

/** Whether the standard lifecycle creates the kind with a POST of its collection (its replay case and its endpoints derive from that recording). */
function postsToCollection(kind: string): boolean {
  return (RESOURCES as Record<string, { collectionCalls?: { create: boolean } }>)[kind]?.collectionCalls?.create ?? false;
}

const corpus = readdirSync(join(root, "tests/conformance/corpus"));
const unitTests = readdirSync(join(root, "tests/unit"))
  .filter((f) => f.endsWith(".test.ts") && f !== "wiring.test.ts")
  .map((f) => readFileSync(join(root, "tests/unit", f), "utf8"));

/** What is missing for one kind, each with the file to edit; empty when wired. */
function missing(kind: string, collection: string | undefined, answers: (method: string, url: string) => boolean, posts = postsToCollection(kind)): string[] {
  const gaps: string[] = [];
  if (collection !== undefined) {
    const url = `/12/accounts/:account_id/${collection}`;
    if (!answers("GET", url)) {
      gaps.push(`${kind}: no emulator route answers GET ${url}: add emulator/routes/${collection.replace(/[_/]/g, "-")}.ts exporting its resourceRoutes(...) plugin, then run make generate (emulator/routes/index.ts)`);
    }
    for (const method of posts ? ["GET", "POST"] : ["GET"]) {
      const fixture = `${method}.12.accounts.account_id.${collection.replace(/\//g, ".")}`;
      if (!corpus.some((f) => f === `${fixture}.json` || f.startsWith(`${fixture}__`))) {
        gaps.push(`${kind}: no corpus fixture of ${method} ${url}: add tests/conformance/corpus/${fixture}.json (format in tests/conformance/README.md)`);
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

  test("each kind has its emulator route, corpus fixtures, walk row and unit test", () => {
    expect(kinds.flatMap((kind) => missing(kind, collectionOf(kind), answers))).toEqual([]);
  });

  test("the emulator check tells a list it answers from one it does not", () => {
    expect([answers("GET", "/12/accounts/:account_id/campaigns"), answers("GET", "/12/accounts/:account_id/no_such_things")]).toEqual([true, false]);
  });

  test("a kind missing everywhere is told each file to add", () => {
    // A kind the registry does not hold: every check names what to add.
    expect(missing("AppEventTag", "app_event_tags", () => false, true)).toEqual([
      "AppEventTag: no emulator route answers GET /12/accounts/:account_id/app_event_tags: add emulator/routes/app-event-tags.ts exporting its resourceRoutes(...) plugin, then run make generate (emulator/routes/index.ts)",
      "AppEventTag: no corpus fixture of GET /12/accounts/:account_id/app_event_tags: add tests/conformance/corpus/GET.12.accounts.account_id.app_event_tags.json (format in tests/conformance/README.md)",
      "AppEventTag: no corpus fixture of POST /12/accounts/:account_id/app_event_tags: add tests/conformance/corpus/POST.12.accounts.account_id.app_event_tags.json (format in tests/conformance/README.md)",
      "AppEventTag: no walk row in tests/e2e/walk-table.ts (ROWS)",
      "AppEventTag: no unit test names it: add tests/unit/app-event-tag.test.ts",
    ]);
  });
});
