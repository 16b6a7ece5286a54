/**
 * `make test-kind KIND=<Kind>` (tools/kind-tests.ts) runs every test of
 * `make test` that can tell the kind is wrong, so that a kind green there is
 * green in `make test`: each jest project is run whole or filtered, and a
 * filtered one keeps every file that names the kind or goes over every kind.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RESOURCES } from "../../provider/resources";
import { EVERY_KIND, jestArgs, kindTests, mentions, testFiles } from "../../tools/kind-tests";
import { kebab } from "../../tools/new-kind";

const root = join(__dirname, "../..");
const kinds = Object.keys(RESOURCES);
// eslint-disable-next-line @typescript-eslint/no-require-imports
const projects = (require(join(root, "jest.config.js")) as { projects: { displayName: string }[] }).projects.map((p) => p.displayName);
const FOLDER: Record<string, string> = { integration: "tests/integration", e2e: "tests/e2e" };

/**
 * Whether a test's text is about the kind, told apart from `mentions` by
 * its tokens: an identifier or a string that is the kind (a type token
 * `xads:index:Kind` is one), a string that imports its declaration, a path
 * segment that is its collection.
 */
function about(text: string, kind: string): boolean {
  const collection = (RESOURCES as Record<string, { collection?: string }>)[kind]?.collection;
  const identifiers = new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? []);
  const strings = [...text.matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "");
  const segments = new Set(strings.flatMap((s) => s.split(/[/?"]/)));
  return identifiers.has(kind) || strings.some((s) => s.endsWith(`resources/${kebab(kind)}`)) || (collection !== undefined && !collection.includes("/") && segments.has(collection));
}

describe("make test-kind", () => {
  test("the Makefile's test-kind runs tools/kind-tests.ts, which chooses the files (no file list of its own)", () => {
    const makefile = readFileSync(join(root, "Makefile"), "utf8");
    const recipe = makefile.slice(makefile.indexOf("\ntest-kind:"), makefile.indexOf("\n\n", makefile.indexOf("\ntest-kind:")));
    expect(recipe).toContain("tools/kind-tests.ts $(KIND)");
    expect(recipe).not.toMatch(/grep|npx jest/);
  });

  test("every jest project is run, whole or filtered, for every kind", () => {
    for (const kind of kinds) expect([...new Set(kindTests(kind).flatMap((r) => r.projects))].sort()).toEqual([...projects].sort());
  });

  test("a filtered project keeps every file that is about the kind or goes over every kind", () => {
    const missed: string[] = [];
    for (const kind of kinds) {
      for (const run of kindTests(kind).filter((r) => r.files)) {
        for (const project of run.projects) {
          for (const file of testFiles(FOLDER[project]!)) {
            const text = readFileSync(join(root, file), "utf8");
            if ((about(text, kind) || EVERY_KIND.test(text)) && !run.files!.includes(file)) missed.push(`${kind}: ${file}`);
          }
        }
      }
    }
    expect(missed).toEqual([]);
  });

  test("the walk and the adoption table are among a new kind's files (they go over every kind)", () => {
    const files = kindTests("AppList").flatMap((r) => r.files ?? []);
    expect(files).toEqual(expect.arrayContaining(["tests/integration/adoption-table.test.ts", "tests/e2e/walk.test.ts", "tests/e2e/plugin-import-account.test.ts"]));
  });

  test("what names a kind: its name, its module, its collection; not a longer name that contains it", () => {
    expect(mentions('pulumiTypeToken("xads:index:TrackingTag")', "TrackingTag")).toBe(true);
    expect(mentions('import { trackingTag } from "../../provider/resources/tracking-tag";', "TrackingTag")).toBe(true);
    expect(mentions('client.get(`/12/accounts/${a}/tracking_tags?line_item_ids=1`)', "TrackingTag")).toBe(true);
    expect(mentions("new xads.ScheduledPromotedTweet(", "PromotedTweet")).toBe(false);
    expect(about("new xads.ScheduledPromotedTweet(", "PromotedTweet")).toBe(false);
  });

  test("jest is given the files as test paths, not as projects (--selectProjects takes every word after it)", () => {
    const args = jestArgs({ projects: ["integration"], files: ["tests/integration/adoption-table.test.ts"] });
    expect(args.slice(args.indexOf("--selectProjects") + 1)).toEqual(["integration"]);
    expect(args.indexOf("tests/integration/adoption-table.test.ts")).toBeLessThan(args.indexOf("--selectProjects"));
  });

  test("an unknown kind is refused naming the registry's", () => {
    expect(() => kindTests("Campaing")).toThrow(/Campaing is not a kind of the registry .*: FundingInstrument, Campaign/);
  });
});
