import { targetingCriterion } from "../../provider/resources/targeting-criterion";

const valid = () => ({ accountId: "18ce54d4x5t", lineItemId: "li1", targetingType: "IAB_CATEGORY", targetingValue: "IAB1-1" });
const check = (news: Record<string, unknown>) => targetingCriterion.check({}, news);
const failures = (news: Record<string, unknown>) => check(news).failures ?? [];

describe("TargetingCriterion", () => {
  test("a content category value with IAB_CATEGORY passes, and the operator defaults to EQ", () => {
    expect(failures(valid())).toEqual([]);
    expect(check(valid()).inputs).toMatchObject({ operatorType: "EQ" });
    expect(failures({ ...valid(), operatorType: "NE" })).toEqual([]);
  });

  test("content category values with another targeting type are refused in check, naming targetingType", () => {
    expect(failures({ ...valid(), targetingType: "INTEREST" })).toEqual([{
      property: "targetingType",
      reason: "targetingType must be IAB_CATEGORY to target the content category value IAB1-1 (got INTEREST): content categories are targeted only with targetingType IAB_CATEGORY and their iabCategories values",
    }]);
  });

  test("IAB_CATEGORY with a value that is no IAB category is refused, naming targetingValue", () => {
    expect(failures({ ...valid(), targetingValue: "Sports" })).toEqual([{
      property: "targetingValue",
      reason: 'targetingValue must be an IAB category of a content category (IAB<n> or IAB<n>-<m>, from getContentCategories) when targetingType is IAB_CATEGORY (got "Sports")',
    }]);
  });

  test("other targeting types keep their own values", () => {
    expect(failures({ ...valid(), targetingType: "LOCATION", targetingValue: "96683cc9126741d1" })).toEqual([]);
  });

  test("enums and lengths name the field and the limit", () => {
    expect(failures({ ...valid(), operatorType: "NOT" }).map((f) => f.reason)).toEqual(['operatorType must be one of EQ, NE (got "NOT")']);
    expect(failures({ ...valid(), targetingType: "TOPIC" }).map((f) => f.reason)[0]).toMatch(/^targetingType must be one of IAB_CATEGORY, AGE, /);
    expect(failures({ ...valid(), targetingType: "LOCATION", targetingValue: "x".repeat(256) }).map((f) => f.reason)).toEqual(["targetingValue must be at most 255 characters (got 256)"]);
  });

  test("every change replaces (no PUT), naming the field", () => {
    const state = { ...valid(), operatorType: "EQ" } as never;
    expect(targetingCriterion.diff("t1", state, { ...valid(), operatorType: "NE" } as never)).toMatchObject({ changes: true, replaces: ["operatorType"] });
    expect(targetingCriterion.diff("t1", state, { ...valid(), operatorType: "EQ", targetingValue: "IAB17" } as never)).toMatchObject({ replaces: ["targetingValue"] });
    expect(targetingCriterion.diff("t1", state, { ...valid(), operatorType: "EQ" } as never)).toMatchObject({ changes: false });
  });
});
