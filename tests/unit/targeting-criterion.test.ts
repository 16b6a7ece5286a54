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

  test("every targeting type of the reference passes check", () => {
    const types = [
      "AGE", "CAMPAIGN_ENGAGEMENT", "CAMPAIGN_ENGAGEMENT_LOOKALIKE", "CONVERSATION", "DEVICE", "ENGAGEMENT_TYPE", "EVENT",
      "FOLLOWERS_OF_USER", "GENDER", "INTEREST", "LANGUAGE", "LIVE_TV_EVENT", "LOCATION", "NETWORK_OPERATOR", "PLATFORM",
      "PLATFORM_VERSION", "SIMILAR_TO_FOLLOWERS_OF_USER", "TV_SHOW", "USER_ENGAGEMENT", "USER_ENGAGEMENT_LOOKALIKE", "WIFI_ONLY",
      "BROAD_KEYWORD", "EXACT_KEYWORD", "PHRASE_KEYWORD", "UNORDERED_KEYWORD", "CUSTOM_AUDIENCE", "CUSTOM_AUDIENCE_EXPANDED",
      "APP_STORE_CATEGORY", "APP_STORE_CATEGORY_LOOKALIKE",
    ];
    const refused = types.filter((targetingType) => failures({ ...valid(), targetingType, targetingValue: targetingType === "ENGAGEMENT_TYPE" ? "ENGAGEMENT" : "v1" }).length > 0);
    expect(refused).toEqual([]);
    expect(failures({ ...valid(), targetingType: "APP_LIST", targetingValue: "abc2", operatorType: "NE" })).toEqual([]);
    expect(failures({ ...valid(), targetingType: "NETWORK_ACTIVATION_DURATION", targetingValue: "3", operatorType: "GTE" })).toEqual([]);
  });

  test("a targeting type the reference lacks is refused in check, naming targetingType and the accepted values", () => {
    expect(failures({ ...valid(), targetingType: "FOLLOWER_LOOKALIKES", targetingValue: "v1" })).toEqual([{
      property: "targetingType",
      reason: "targetingType must be one of IAB_CATEGORY, AGE, CAMPAIGN_ENGAGEMENT, CAMPAIGN_ENGAGEMENT_LOOKALIKE, CONVERSATION, DEVICE, " +
        "ENGAGEMENT_TYPE, EVENT, FOLLOWERS_OF_USER, GENDER, INTEREST, LANGUAGE, LIVE_TV_EVENT, LOCATION, NETWORK_ACTIVATION_DURATION, " +
        "NETWORK_OPERATOR, PLATFORM, PLATFORM_VERSION, SIMILAR_TO_FOLLOWERS_OF_USER, TV_SHOW, USER_ENGAGEMENT, USER_ENGAGEMENT_LOOKALIKE, " +
        "WIFI_ONLY, BROAD_KEYWORD, EXACT_KEYWORD, PHRASE_KEYWORD, UNORDERED_KEYWORD, CUSTOM_AUDIENCE, CUSTOM_AUDIENCE_EXPANDED, " +
        'APP_STORE_CATEGORY, APP_STORE_CATEGORY_LOOKALIKE, APP_LIST (got "FOLLOWER_LOOKALIKES")',
    }]);
    expect(failures({ ...valid(), targetingType: "INSTALLED_APP_CATEGORY", targetingValue: "v1" }).map((f) => f.property)).toEqual(["targetingType"]);
  });

  test("ENGAGEMENT_TYPE takes the engagement kinds the guide lists, and refuses others naming targetingValue", () => {
    const engagement = { ...valid(), targetingType: "ENGAGEMENT_TYPE" };
    for (const targetingValue of ["IMPRESSION", "ENGAGEMENT", "VIDEO_VIEW", "VIDEO_VIEW_PARTIAL", "VIDEO_VIEW_COMPLETE"]) {
      expect([targetingValue, failures({ ...engagement, targetingValue })]).toEqual([targetingValue, []]);
    }
    expect(failures({ ...engagement, targetingValue: "CLICK" })).toEqual([{
      property: "targetingValue",
      reason: 'targetingValue must be one of IMPRESSION, ENGAGEMENT, VIDEO_VIEW, VIDEO_VIEW_PARTIAL, VIDEO_VIEW_COMPLETE when targetingType is ENGAGEMENT_TYPE (got "CLICK")',
    }]);
  });

  test("APP_LIST only excludes: EQ, given or by default, is refused naming the rule", () => {
    const appList = { ...valid(), targetingType: "APP_LIST", targetingValue: "abc2" };
    const refusal = [{ property: "operatorType", reason: "operatorType must be NE with targetingType APP_LIST (got EQ): APP_LIST may only be used with operatorType NE" }];
    expect(failures({ ...appList, operatorType: "EQ" })).toEqual(refusal);
    expect(failures(appList)).toEqual(refusal);
  });

  test("GTE and LT compare network activation durations only, which take no other operator", () => {
    const duration = { ...valid(), targetingType: "NETWORK_ACTIVATION_DURATION", targetingValue: "3" };
    expect(failures({ ...duration, operatorType: "LT" })).toEqual([]);
    expect(failures(duration)).toEqual([{
      property: "operatorType",
      reason: "operatorType must be GTE or LT with targetingType NETWORK_ACTIVATION_DURATION (got EQ): NETWORK_ACTIVATION_DURATION may only be used with operatorType GTE or LT",
    }]);
    expect(failures({ ...valid(), targetingType: "LOCATION", targetingValue: "96683cc9126741d1", operatorType: "GTE" })).toEqual([{
      property: "operatorType",
      reason: "operatorType must be EQ or NE with targetingType LOCATION (got GTE): operatorType GTE is taken only with targetingType NETWORK_ACTIVATION_DURATION",
    }]);
    expect(failures({ ...valid(), operatorType: "LT" }).map((f) => f.reason)).toEqual([
      "operatorType must be EQ or NE with targetingType IAB_CATEGORY (got LT): operatorType LT is taken only with targetingType NETWORK_ACTIVATION_DURATION",
    ]);
  });

  test("enums and lengths name the field and the limit", () => {
    expect(failures({ ...valid(), operatorType: "NOT" }).map((f) => f.reason)).toEqual(['operatorType must be one of EQ, NE, GTE, LT (got "NOT")']);
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
