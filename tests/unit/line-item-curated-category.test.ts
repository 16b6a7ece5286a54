import { lineItemCuratedCategory } from "../../provider/resources/line-item-curated-category";

const valid = () => ({ accountId: "18ce54d4x5t", lineItemId: "li1", curatedCategoryId: "1jq3" });
const reasons = (news: Record<string, unknown>) => (lineItemCuratedCategory.check({}, news).failures ?? []).map((f) => f.reason);

describe("LineItemCuratedCategory", () => {
  test("both ids are required and must be Ads API ids", () => {
    expect(reasons(valid())).toEqual([]);
    expect(reasons({ ...valid(), curatedCategoryId: undefined })).toEqual(["curatedCategoryId is required"]);
    expect(reasons({ ...valid(), lineItemId: "li 1" })).toEqual(['lineItemId must be an Ads API id (letters, digits, - and _) (got "li 1")']);
  });

  test("a new category or line item updates in place (the PUT takes both); a new account replaces", () => {
    const state = valid() as never;
    const category = lineItemCuratedCategory.diff("c1", state, { ...valid(), curatedCategoryId: "1jq4" } as never);
    expect(category).toMatchObject({ changes: true });
    expect(category.replaces).toBeUndefined();
    expect(lineItemCuratedCategory.diff("c1", state, { ...valid(), lineItemId: "li2" } as never).replaces).toBeUndefined();
    expect(lineItemCuratedCategory.diff("c1", state, { ...valid(), accountId: "other" } as never).replaces).toEqual(["accountId"]);
    expect(lineItemCuratedCategory.diff("c1", state, valid() as never)).toMatchObject({ changes: false });
  });
});
