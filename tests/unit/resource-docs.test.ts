/**
 * The reference pages (docs/resources/<Kind>.md, docs/data-sources/) show
 * what the project proves: each kind's example is its row of the e2e walk,
 * and every data source the SDK exports has its entry.
 */
import { RESOURCES, ResourceKind } from "../../provider/resources";
import * as sdk from "../../sdk";
import { DATA_SOURCES } from "../../provider/data-sources-table";
import { exampleProgram, limitsOf, platformNotes, renderResourcePage, typeOf } from "../../tools/resource-docs";
import { pythonProgram, snakeCase, yamlProgram } from "../../tools/example-programs";
import { asOnPage, examples, SCHEDULED_AT, supportResources } from "../../tools/resource-examples";
import { ACCOUNT_ID } from "../e2e/harness";
import { ROWS, support } from "../e2e/walk-table";

describe("resource pages", () => {
  test("every kind's example is version 1 of its walk row, as a page shows it", () => {
    const all = examples();
    expect(Object.keys(all).sort()).toEqual(Object.keys(RESOURCES).sort());
    const row = ROWS.find((r) => r.kind === "ScheduledTweet")!;
    expect(all.ScheduledTweet).toEqual({ name: row.name, args: { ...row.args(1, { sibling: "${siblingAccountId}", other: "${otherAccountId}" }), scheduledAt: SCHEDULED_AT } });
  });

  test("a walk row's arguments show on a page without the stack's own account, and with a fixed future time", () => {
    expect(asOnPage({ accountId: ACCOUNT_ID, name: "x", scheduledAt: "2031-01-01T00:00:00Z" })).toEqual({ name: "x", scheduledAt: SCHEDULED_AT });
    expect(asOnPage({ accountId: "${siblingAccountId}", name: "x" })).toEqual({ accountId: "${siblingAccountId}", name: "x" });
  });

  test("the resources the examples refer to are the walk's prerequisites", () => {
    expect(supportResources().map((s) => s.name)).toEqual(support({ sibling: "", other: "" }).map((s) => s.name));
  });

  test("an example declares what it refers to first, and names what the program is given", () => {
    const { code, given } = exampleProgram("DoNotReachListMembers");
    expect(given).toEqual(["siblingAccountId"]);
    expect(code.indexOf('new xads.DoNotReachList("siblingOptOuts"')).toBeLessThan(code.indexOf('new xads.DoNotReachListMembers("optOutMembers"'));
    expect(code).toContain("doNotReachListId: siblingOptOuts.id");
    expect(code).not.toContain("${");
  });

  test("YAML quotes a string that would read as another type; Python names the inputs in snake_case", () => {
    const example = { name: "draft", args: { asUserId: "123", text: "true", mediaKeys: ["3_1001"], name: "Spring" } };
    const yaml = yamlProgram("DraftTweet", example);
    expect(yaml).toContain('      asUserId: "123"\n      text: "true"\n      mediaKeys:\n        - "3_1001"\n      name: Spring\n');
    expect(pythonProgram("DraftTweet", { name: "draft", args: { asUserId: "123", text: "true", mediaKeys: ["3_1001"] } }))
      .toContain('draft = xads.DraftTweet("draft", as_user_id="123", text="true", media_keys=["3_1001"])');
    expect(["callToActionUrl", "unlockedImageMediaKey", "name"].map(snakeCase)).toEqual(["call_to_action_url", "unlocked_image_media_key", "name"]);
  });

  test("an input's type and limits read as a user writes them", () => {
    expect(typeOf({ type: "array", items: { type: "string", enum: ["A", "B"] } })).toBe('("A" | "B")[]');
    expect(limitsOf({ type: "string", minLength: 1, maxLength: 255 }, false)).toBe("1 to 255 characters");
    expect(limitsOf({ type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, true)).toBe("not negative; at most `xads:maxBudgetMicro`");
  });

  test("a page says which inputs replace, clear or default, and quotes the kind's real-platform rows", () => {
    const table = "| resource | a | b |\n|---|---|---|\n| `Campaign` | x | y |\n| `LineItem` | z | w |\n";
    expect(platformNotes(table, "Campaign")).toEqual(["| `Campaign` | x | y |"]);
    const page = renderResourcePage("Campaign", "0.0.0", table, "make generate");
    expect(page).toMatch(/\| `fundingInstrumentId` \| `string` \| required; create-only \(a change replaces\) \|/);
    expect(page).toMatch(/\| `dailyBudgetAmountLocalMicro` \| [^\n]*clearable[^\n]*at most `xads:maxBudgetMicro`/);
    expect(page).toMatch(/\| `entityStatus` \| [^\n]*default `"ACTIVE"`/);
    expect(page).toContain("| `Campaign` | x | y |");
    expect(page).not.toContain("| `LineItem` | z | w |");
  });

  test("a page says an input is create-only once, in what it is: an immutable kind's every platform input", () => {
    const page = renderResourcePage("PromotedTweet", "0.0.0", "", "make generate");
    expect(page).toMatch(/\| `tweetId` \| `string` \| required; create-only \(a change replaces\) \| [^|\n]* \| The Tweet to promote\. \|/);
    expect(page.match(/create-only/gi)?.length).toBe(page.match(/create-only \(a change replaces\)/g)?.length);
  });
});

describe("data sources page", () => {
  test("every get* function the SDK exports has an entry, and every entry is one", () => {
    const exported = Object.keys(sdk).filter((name) => /^get[A-Z]/.test(name) && typeof (sdk as Record<string, unknown>)[name] === "function").sort();
    const documented = Object.keys(DATA_SOURCES).sort();
    expect({ withoutEntry: exported.filter((n) => !documented.includes(n)), notExported: documented.filter((n) => !exported.includes(n)) })
      .toEqual({ withoutEntry: [], notExported: [] });
  });
});
