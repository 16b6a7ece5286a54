/**
 * The reference pages (docs/resources/<Kind>.md, docs/data-sources.md) show
 * what the project proves: each kind's example is its row of the e2e walk,
 * and every data source the SDK exports has its entry.
 */
import { RESOURCES, ResourceKind } from "../../provider/resources";
import * as sdk from "../../sdk";
import { DATA_SOURCES } from "../../tools/data-sources-table";
import { exampleProgram, limitsOf, platformNotes, renderResourcePage, typeOf } from "../../tools/resource-docs";
import { EXAMPLES, SCHEDULED_AT, SUPPORT } from "../../tools/resource-examples";
import { ACCOUNT_ID } from "../e2e/harness";
import { ROWS, support } from "../e2e/walk-table";

/** The other accounts of the walk, as the examples name them (given to the program). */
const ACCOUNTS = { sibling: "${siblingAccountId}", other: "${otherAccountId}" };

/**
 * A walk row's arguments as a page shows them: the stack's own account left
 * to `xads:accountId`, and the walk's time a month from now as the page's
 * fixed future time.
 */
function asOnPage(args: Record<string, unknown>): Record<string, unknown> {
  const { accountId, ...rest } = args;
  const out: Record<string, unknown> = accountId === ACCOUNT_ID ? rest : args;
  return "scheduledAt" in out ? { ...out, scheduledAt: SCHEDULED_AT } : out;
}

describe("resource pages", () => {
  test("every kind's example is version 1 of its walk row", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(RESOURCES).sort());
    for (const row of ROWS) {
      const example = EXAMPLES[row.kind as ResourceKind];
      expect({ kind: row.kind, name: example.name, args: example.args }).toEqual({ kind: row.kind, name: row.name, args: asOnPage(row.args(1, ACCOUNTS)) });
    }
  });

  test("the resources the examples refer to are the walk's prerequisites", () => {
    expect(SUPPORT.map((s) => ({ type: s.kind, name: s.name, args: s.args }))).toEqual(support(ACCOUNTS).map((s) => ({ ...s, args: asOnPage(s.args) })));
  });

  test("an example declares what it refers to first, and names what the program is given", () => {
    const { code, given } = exampleProgram("DoNotReachListMembers");
    expect(given).toEqual(["siblingAccountId"]);
    expect(code.indexOf('new xads.DoNotReachList("siblingOptOuts"')).toBeLessThan(code.indexOf('new xads.DoNotReachListMembers("optOutMembers"'));
    expect(code).toContain("doNotReachListId: siblingOptOuts.id");
    expect(code).not.toContain("${");
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
