import { ValidationError } from "../../provider/client";
import { explain, promotedAccount } from "../../provider/resources/promoted-account";

const valid = () => ({ accountId: "18ce54d4x5t", lineItemId: "li1", userId: "2244994945" });
const reasons = (news: Record<string, unknown>) => (promotedAccount.check({}, news).failures ?? []).map((f) => f.reason);
const refusal = (code: string, parameter: string) =>
  new ValidationError({ status: 400, code, message: "refused", parameter, method: "POST", path: "/12/accounts/a/promoted_accounts" });

describe("PromotedAccount", () => {
  test("a user id must be decimal digits, given as a string", () => {
    expect(reasons(valid())).toEqual([]);
    expect(reasons({ ...valid(), userId: "@XDevelopers" })).toEqual([
      'userId must be a user id in decimal digits (a string: ids exceed JavaScript\'s safe integers) (got "@XDevelopers")',
    ]);
    expect(reasons({ ...valid(), userId: undefined })).toEqual(["userId is required"]);
  });

  test("every change replaces, since the platform has no update, and names the field", () => {
    const state = valid() as never;
    expect(promotedAccount.diff("p1", state, { ...valid(), userId: "783214" } as never)).toMatchObject({ changes: true, replaces: ["userId"] });
    expect(promotedAccount.diff("p1", state, { ...valid(), lineItemId: "li2" } as never)).toMatchObject({ replaces: ["lineItemId"] });
    expect(promotedAccount.diff("p1", state, valid() as never)).toMatchObject({ changes: false });
  });

  test("the platform's two refusals become one error naming the line item or the user", () => {
    const inputs = { lineItemId: "li9", userId: "42" };
    expect(String(explain(refusal("INCOMPATIBLE_LINE_ITEM", "line_item_id"), inputs))).toMatch(
      /^Error: line item li9 is not configured for promoted accounts \(its productType must be PROMOTED_ACCOUNT\), so user 42 cannot be promoted on it/);
    expect(String(explain(refusal("INVALID_PARAMETER", "user_id"), inputs))).toMatch(
      /^Error: user 42 is not eligible for promotion on line item li9 .*nothing was promoted/);
    const other = refusal("INVALID_PARAMETER", "line_item_id");
    expect(explain(other, inputs)).toBe(other);
  });
});
