/**
 * `npm run new-kind -- <Name> <collection>` scaffolds the six hand-written
 * files of a kind (CONTRIBUTING.md): new files with TODOs, and its lines in
 * the registry and the walk table.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { scaffold } from "../../tools/new-kind";

const root = join(__dirname, "../..");
const current = { registry: readFileSync(join(root, "provider/resources/index.ts"), "utf8"), walkTable: readFileSync(join(root, "tests/e2e/walk-table.ts"), "utf8") };

describe("new-kind", () => {
  test("writes the declaration, the emulator route, the list and POST fixtures and the unit test, named as the wiring test expects", () => {
    expect(Object.keys(scaffold("WidgetList", "widget_lists", current).created)).toEqual([
      "provider/resources/widget-list.ts",
      "emulator/routes/widget-lists.ts",
      "tests/conformance/corpus/GET.12.accounts.account_id.widget_lists.json",
      "tests/conformance/corpus/POST.12.accounts.account_id.widget_lists.json",
      "tests/unit/widget-list.test.ts",
    ]);
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

  test("its fixtures cite no source until the reference's examples replace their TODOs (the corpus test refuses them)", () => {
    const fixture = JSON.parse(scaffold("WidgetList", "widget_lists", current).created["tests/conformance/corpus/POST.12.accounts.account_id.widget_lists.json"]!);
    expect(fixture.endpoint).toBe("POST /12/accounts/:account_id/widget_lists");
    expect(fixture.source[0]).not.toMatch(/^[\w.-]+\/[\w.-]+:[\w./-]+\.(mdx|json)$/);
  });

  test("refuses a kind that is not PascalCase and a collection that is not the platform's snake_case", () => {
    expect(() => scaffold("widgetList", "widget_lists", current)).toThrow('the kind must be PascalCase, e.g. AppList (got "widgetList")');
    expect(() => scaffold("WidgetList", "WidgetLists", current)).toThrow("the collection must be the platform's snake_case path below the account");
  });
});
