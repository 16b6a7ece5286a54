/**
 * `npm run new-kind -- <Name> <collection> [--no-put] [--no-delete]`
 * scaffolds every hand-written file of a kind (CONTRIBUTING.md, "A new kind,
 * file by file"): new files with placeholders, and its lines in the
 * registry and the walk table. What only the reference can say is a
 * PLACEHOLDER, and no committed file may hold one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PLACEHOLDER, scaffold } from "../../tools/new-kind";

const root = join(__dirname, "../..");
const current = { registry: readFileSync(join(root, "provider/resources/index.ts"), "utf8"), walkTable: readFileSync(join(root, "tests/e2e/walk-table.ts"), "utf8") };

/** The files a scaffold writes or edits, as they are committed (this test and the scaffolder itself name the placeholder). */
function scaffoldedFiles(): string[] {
  const dir = (d: string, keep: (f: string) => boolean) => readdirSync(join(root, d)).filter(keep).map((f) => `${d}/${f}`);
  return [
    ...dir("provider/resources", (f) => f.endsWith(".ts")),
    ...dir("emulator/routes", (f) => f.endsWith(".ts")),
    ...dir("tests/conformance/corpus", (f) => f.endsWith(".json")),
    ...dir("tests/unit", (f) => f.endsWith(".test.ts") && f !== "new-kind.test.ts"),
    "tests/e2e/walk-table.ts",
  ];
}

/** `file:line` of each placeholder left in the texts. */
const placeholdersIn = (files: Record<string, string>) =>
  Object.entries(files).flatMap(([path, text]) => text.split("\n").flatMap((line, i) => (line.includes(PLACEHOLDER) ? [`${path}:${i + 1}`] : [])));

describe("new-kind", () => {
  test("writes the declaration, the emulator route, a fixture of each endpoint (list, one, POST, PUT, DELETE) and the unit test, named as the wiring test expects", () => {
    expect(Object.keys(scaffold("WidgetList", "widget_lists", current).created)).toEqual([
      "provider/resources/widget-list.ts",
      "emulator/routes/widget-lists.ts",
      "tests/conformance/corpus/GET.12.accounts.account_id.widget_lists.json",
      "tests/conformance/corpus/GET.12.accounts.account_id.widget_lists.widget_list_id.json",
      "tests/conformance/corpus/POST.12.accounts.account_id.widget_lists.json",
      "tests/conformance/corpus/PUT.12.accounts.account_id.widget_lists.widget_list_id.json",
      "tests/conformance/corpus/DELETE.12.accounts.account_id.widget_lists.widget_list_id.json",
      "tests/unit/widget-list.test.ts",
    ]);
  });

  test("a kind without PUT (immutable) or DELETE (leftInPlace) gets no fixture of it, and its declaration says so", () => {
    const { created } = scaffold("WidgetCategory", "widget_categories", current, { noPut: true, noDelete: true });
    expect(Object.keys(created).filter((f) => f.includes("corpus/"))).toEqual([
      "tests/conformance/corpus/GET.12.accounts.account_id.widget_categories.json",
      "tests/conformance/corpus/GET.12.accounts.account_id.widget_categories.widget_category_id.json",
      "tests/conformance/corpus/POST.12.accounts.account_id.widget_categories.json",
    ]);
    expect(created["provider/resources/widget-category.ts"]).toMatch(/immutable: true,\n[\s\S]*leftInPlace: /);
    expect(created["emulator/routes/widget-categories.ts"]).toContain("deletable: false");
  });

  test("adds the kind to the registry (its import and its line) and a row to the walk table, leaving the rest as it was", () => {
    const { edited } = scaffold("WidgetList", "widget_lists", current);
    const registry = edited["provider/resources/index.ts"]!;
    expect(registry).toContain('import { widgetList } from "./widget-list";\n');
    expect(registry).toMatch(/  WidgetList: widgetList,\n} as const satisfies/);
    expect(registry.replace('import { widgetList } from "./widget-list";\n', "").replace("  WidgetList: widgetList,\n", "")).toBe(current.registry);
    const walk = edited["tests/e2e/walk-table.ts"]!;
    expect(walk).toMatch(/kind: "WidgetList", name: "widgetList", collection: "widget_lists",[\s\S]*\n\];\n*$/);
    expect(walk.startsWith(current.walkTable.slice(0, current.walkTable.lastIndexOf("];")))).toBe(true);
  });

  test("its fixtures are placeholders until the reference's examples replace them: they cite no source, and each names what to fill in", () => {
    const { created } = scaffold("WidgetList", "widget_lists", current);
    const put = JSON.parse(created["tests/conformance/corpus/PUT.12.accounts.account_id.widget_lists.widget_list_id.json"]!);
    expect(put.endpoint).toBe("PUT /12/accounts/:account_id/widget_lists/:widget_list_id");
    expect(put.request.params.widget_list_id).toBe("path segment, id string; required");
    expect(put.source[0]).not.toMatch(/^[\w.-]+\/[\w.-]+:[\w./-]+\.(mdx|json)$/);
    expect(put.response.body).toMatch(new RegExp(`^${PLACEHOLDER}: `));
    // Every new file but the unit test holds at least one (the unit test's TODOs are the contributor's own, not the reference's).
    const files = Object.entries(created).filter(([f]) => !f.startsWith("tests/unit/"));
    expect(files.filter(([, text]) => !text.includes(PLACEHOLDER)).map(([f]) => f)).toEqual([]);
  });

  test("no committed file holds a placeholder of the scaffolder (fill each in from the reference)", () => {
    expect(placeholdersIn(Object.fromEntries(scaffoldedFiles().map((f) => [f, readFileSync(join(root, f), "utf8")])))).toEqual([]);
  });

  test("a file left as scaffolded is named with the line of each placeholder", () => {
    const { created } = scaffold("WidgetList", "widget_lists", current);
    expect(placeholdersIn({ "provider/resources/widget-list.ts": created["provider/resources/widget-list.ts"]! })).toEqual(["provider/resources/widget-list.ts:2"]);
  });

  test("refuses a kind that is not PascalCase and a collection that is not the platform's snake_case", () => {
    expect(() => scaffold("widgetList", "widget_lists", current)).toThrow('the kind must be PascalCase, e.g. AppList (got "widgetList")');
    expect(() => scaffold("WidgetList", "WidgetLists", current)).toThrow("the collection must be the platform's snake_case path below the account");
  });
});
