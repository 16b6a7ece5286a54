import { lineItem } from "../../provider/resources/line-item";
import { UNKNOWN } from "../../provider/resources/framework";

const valid = () => ({
  accountId: "18ce54d4x5t",
  campaignId: "c1",
  objective: "WEBSITE_CLICKS",
  productType: "PROMOTED_TWEETS",
  placements: ["TWITTER_TIMELINE"],
});
const reasons = (news: Record<string, unknown>, olds: Record<string, unknown> = {}) =>
  (lineItem.check(olds, { ...valid(), ...news }).failures ?? []).map((f) => f.reason);
const app = { androidAppStoreIdentifier: "com.example.app" };

describe("LineItem check", () => {
  test("valid inputs pass; bid strategy, goal, pay-by and delivery are left to the platform, not filled in", () => {
    const { inputs, failures } = lineItem.check({}, valid());
    expect(failures).toBeUndefined();
    expect(inputs).toMatchObject({ entityStatus: "ACTIVE" });
    for (const f of ["bidStrategy", "goal", "payBy", "standardDelivery", "startTime"]) expect(inputs).not.toHaveProperty(f);
  });

  test("a bid without a bid strategy passes: the platform picks one by objective", () => {
    expect(reasons({ bidAmountLocalMicro: 1_500_000 })).toEqual([]);
  });

  test.each([
    ["MAX without a bid amount", { bidStrategy: "MAX" }, ["bidAmountLocalMicro is required when bidStrategy is MAX"]],
    ["TARGET without a bid amount", { bidStrategy: "TARGET" }, ["bidAmountLocalMicro is required when bidStrategy is TARGET"]],
    ["AUTO with a bid amount, which the platform ignores", { bidStrategy: "AUTO", bidAmountLocalMicro: 1_000_000 },
      ["bidAmountLocalMicro is ignored by the platform when bidStrategy is AUTO: remove it, or set bidStrategy MAX or TARGET"]],
    ["a bid of zero", { bidStrategy: "MAX", bidAmountLocalMicro: 0 }, ["bidAmountLocalMicro must be at least 1 (got 0)"]],
    ["MAX for REACH", { objective: "REACH", bidStrategy: "MAX", bidAmountLocalMicro: 1 },
      ["bidStrategy MAX is not available for objective REACH (MAX takes objectives APP_ENGAGEMENTS, APP_INSTALLS, ENGAGEMENTS, PREROLL_VIEWS, VIDEO_VIEWS, WEBSITE_CLICKS)"]],
    ["MAX for FOLLOWERS", { objective: "FOLLOWERS", bidStrategy: "MAX", bidAmountLocalMicro: 1 },
      ["bidStrategy MAX is not available for objective FOLLOWERS (MAX takes objectives APP_ENGAGEMENTS, APP_INSTALLS, ENGAGEMENTS, PREROLL_VIEWS, VIDEO_VIEWS, WEBSITE_CLICKS)"]],
    ["TARGET for ENGAGEMENTS", { objective: "ENGAGEMENTS", bidStrategy: "TARGET", bidAmountLocalMicro: 1 },
      ["bidStrategy TARGET is not available for objective ENGAGEMENTS (TARGET takes objectives APP_ENGAGEMENTS, APP_INSTALLS, FOLLOWERS, REACH, WEBSITE_CLICKS)"]],
    ["SITE_VISITS for ENGAGEMENTS", { objective: "ENGAGEMENTS", goal: "SITE_VISITS" },
      ["goal SITE_VISITS is not available for objective ENGAGEMENTS (SITE_VISITS takes objectives WEBSITE_CLICKS)"]],
    ["APP_PURCHASES for APP_ENGAGEMENTS", { ...app, objective: "APP_ENGAGEMENTS", goal: "APP_PURCHASES" },
      ["goal APP_PURCHASES is not available for objective APP_ENGAGEMENTS (APP_PURCHASES takes objectives APP_INSTALLS)"]],
    ["APP_CLICKS for WEBSITE_CLICKS", { goal: "APP_CLICKS" },
      ["goal APP_CLICKS is not available for objective WEBSITE_CLICKS (APP_CLICKS takes objectives APP_ENGAGEMENTS, APP_INSTALLS)"]],
    ["WEBSITE_CONVERSIONS without a web event tag", { goal: "WEBSITE_CONVERSIONS" }, ["primaryWebEventTag is required when goal is WEBSITE_CONVERSIONS"]],
    ["an unknown goal", { goal: "CLICKS" }, [expect.stringMatching(/^goal must be one of APP_CLICKS, APP_INSTALLS, APP_PURCHASES, .*WEBSITE_CONVERSIONS \(got "CLICKS"\)$/)]],
    ["pay-by for ENGAGEMENTS", { objective: "ENGAGEMENTS", payBy: "IMPRESSION" },
      ["payBy can be set only for objectives APP_INSTALLS, WEBSITE_CLICKS; the platform picks it for ENGAGEMENTS (got IMPRESSION)"]],
    ["APP_CLICK for WEBSITE_CLICKS", { payBy: "APP_CLICK" }, ["payBy must be one of IMPRESSION, LINK_CLICK for objective WEBSITE_CLICKS (got APP_CLICK)"]],
    ["LINK_CLICK for APP_INSTALLS", { ...app, objective: "APP_INSTALLS", payBy: "LINK_CLICK" }, ["payBy must be one of APP_CLICK, IMPRESSION for objective APP_INSTALLS (got LINK_CLICK)"]],
    ["LINK_CLICK for goal SITE_VISITS", { goal: "SITE_VISITS", payBy: "LINK_CLICK" }, ["payBy must be one of IMPRESSION for goal SITE_VISITS (got LINK_CLICK)"]],
    ["IMPRESSION with TARGET for goal LINK_CLICKS", { goal: "LINK_CLICKS", bidStrategy: "TARGET", bidAmountLocalMicro: 1, payBy: "IMPRESSION" },
      ["payBy IMPRESSION is not available with bidStrategy TARGET for goal LINK_CLICKS"]],
    ["ENGAGEMENT, a value the platform answers but never takes", { objective: "ENGAGEMENTS", payBy: "ENGAGEMENT" },
      ['payBy must be one of APP_CLICK, IMPRESSION, LINK_CLICK (got "ENGAGEMENT")']],
    ["APP_INSTALLS without an app store identifier", { objective: "APP_INSTALLS" },
      ["androidAppStoreIdentifier or iosAppStoreIdentifier is required when objective is APP_INSTALLS"]],
    ["APP_ENGAGEMENTS without an app store identifier", { objective: "APP_ENGAGEMENTS" },
      ["androidAppStoreIdentifier or iosAppStoreIdentifier is required when objective is APP_ENGAGEMENTS"]],
    ["an App Store identifier with its prefix", { ...app, iosAppStoreIdentifier: "id333903271" },
      ['iosAppStoreIdentifier must be the numeric part of the App Store identifier, e.g. 333903271 (got "id333903271")']],
    ["PUBLISHER_NETWORK without advertiser domain and categories", { placements: ["PUBLISHER_NETWORK"] }, [
      "advertiserDomain is required when placements include PUBLISHER_NETWORK",
      "categories (the advertiser's IAB categories) are required when placements include PUBLISHER_NETWORK",
    ]],
    ["an advertiser domain with its protocol", { advertiserDomain: "https://example.com" },
      ['advertiserDomain must be a domain without the protocol, e.g. example.com (got "https://example.com")']],
    ["PREROLL_VIEWS without categories", { objective: "PREROLL_VIEWS", productType: "MEDIA" },
      ["categories (the iab_categories of one or two advertiser business categories) are required when objective is PREROLL_VIEWS"]],
    ["a category that is no IAB category", { categories: ["IAB3", "sports"] }, ['categories[1] must be an IAB category, e.g. IAB3 or IAB9-26 (got "sports")']],
    ["an end before the start", { startTime: "2027-01-02T00:00:00Z", endTime: "2027-01-01T00:00:00Z" },
      ["endTime must be after startTime (2027-01-01T00:00:00Z <= 2027-01-02T00:00:00Z)"]],
    ["a daily budget above the total", { dailyBudgetAmountLocalMicro: 5_000_001, totalBudgetAmountLocalMicro: 5_000_000 },
      ["dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: 5.000001 > 5.00 in the funding instrument's currency (5000001 > 5000000 micros)"]],
  ])("%s is refused, naming the field and the limit", (_what, inputs, expected) => {
    expect(reasons(inputs)).toEqual(expected);
  });

  test.each([
    ["TARGET for REACH, FOLLOWERS, WEBSITE_CLICKS and the app objectives", [
      { objective: "REACH" }, { objective: "FOLLOWERS" }, {}, { ...app, objective: "APP_INSTALLS" }, { ...app, objective: "APP_ENGAGEMENTS" },
    ].map((o) => ({ ...o, bidStrategy: "TARGET", bidAmountLocalMicro: 1 }))],
    ["AUTO for every objective", [{ objective: "REACH" }, { objective: "ENGAGEMENTS" }].map((o) => ({ ...o, bidStrategy: "AUTO" }))],
    ["the app goals for both app objectives", [
      { ...app, objective: "APP_ENGAGEMENTS", goal: "APP_INSTALLS" }, { iosAppStoreIdentifier: "333903271", objective: "APP_INSTALLS", goal: "APP_PURCHASES" },
    ]],
    ["pay-by per objective and goal", [
      { ...app, objective: "APP_INSTALLS", payBy: "APP_CLICK" }, { payBy: "LINK_CLICK", goal: "LINK_CLICKS", bidStrategy: "TARGET", bidAmountLocalMicro: 1 },
      { goal: "SITE_VISITS", payBy: "IMPRESSION" },
    ]],
    ["WEBSITE_CONVERSIONS with its tag", [{ goal: "WEBSITE_CONVERSIONS", primaryWebEventTag: "o5c2p" }]],
    ["PUBLISHER_NETWORK with domain and categories", [{ placements: ["PUBLISHER_NETWORK"], advertiserDomain: "example.com", categories: ["IAB3"] }]],
    ["PREROLL_VIEWS with every IAB value of a business category (more than two)", [
      { objective: "PREROLL_VIEWS", productType: "MEDIA", categories: ["IAB3", "IAB13", "IAB21"] },
    ]],
    ["a daily budget and delivery pacing of the line item's own", [{ dailyBudgetAmountLocalMicro: 1_000_000, totalBudgetAmountLocalMicro: 5_000_000, standardDelivery: false }]],
    // The platform takes a line item's daily budget above its campaign's; the campaign's budget caps the spend
    // (ref campaign-management.mdx, Ad groups FAQ; docs/resources-guide.md): no rule holds one to the other.
    ["a daily budget above its campaign's (any campaign's)", [{ dailyBudgetAmountLocalMicro: 900_000_000_000 }]],
  ])("%s pass", (_what, cases) => {
    for (const inputs of cases as Record<string, unknown>[]) expect([inputs, reasons(inputs)]).toEqual([inputs, []]);
  });

  describe("a PREROLL_VIEWS line item's categories, against the advertiser business categories dispatch read", () => {
    // Three of the reference's categories (reference.mdx, GET advertiser_business_categories).
    const reference = { advertiserBusinessCategories: [
      { name: "Financial Services", iabCategories: ["IAB3", "IAB13", "IAB21"] },
      { name: "Health & Pharma", iabCategories: ["IAB7"] },
      { name: "Retail", iabCategories: ["IAB18"] },
    ] };
    const preroll = (categories: string[]) => ({ ...valid(), objective: "PREROLL_VIEWS", productType: "MEDIA", categories });
    const withReference = (categories: string[]) => (lineItem.check({}, preroll(categories), { sandbox: true, reference }).failures ?? []).map((f) => [f.property, f.reason]);

    test("one or two business categories' values pass", () => {
      expect(withReference(["IAB3", "IAB13", "IAB21"])).toEqual([]);
      expect(withReference(["IAB3", "IAB13", "IAB21", "IAB7"])).toEqual([]);
    });

    test("three business categories are refused, naming categories, the limit and the categories", () => {
      expect(withReference(["IAB3", "IAB7", "IAB18"])).toEqual([
        ["categories", "categories of a PREROLL_VIEWS line item must be those of at most 2 advertiser business categories (got 3: Financial Services, Health & Pharma, Retail)"],
      ]);
    });

    test("a value of no business category is refused, naming it", () => {
      expect(withReference(["IAB3", "IAB24"])).toEqual([
        ["categories", "categories of a PREROLL_VIEWS line item must be iab_categories of advertiser business categories (getAdvertiserBusinessCategories): IAB24 belongs to none"],
      ]);
    });

    test("only PREROLL_VIEWS line items with categories ask for the business categories; unread, the platform decides", () => {
      expect(lineItem.referenceNeeds!(lineItem.check({}, preroll(["IAB3"])).inputs!)).toEqual(["advertiserBusinessCategories"]);
      expect(lineItem.referenceNeeds!(lineItem.check({}, { ...valid(), categories: ["IAB3"], placements: ["PUBLISHER_NETWORK"], advertiserDomain: "example.com" }).inputs!)).toEqual([]);
      expect(reasons(preroll(["IAB3", "IAB7", "IAB18"]))).toEqual([]);
    });
  });

  test("a MAX bid without an amount is refused while the campaign id is still unknown (first preview of a new campaign)", () => {
    expect(reasons({ campaignId: UNKNOWN, bidStrategy: "MAX" })).toEqual(["bidAmountLocalMicro is required when bidStrategy is MAX"]);
  });

  test("a bid and a budget above the ceiling are refused like a campaign's; a name takes no line break", () => {
    const stack = { sandbox: true };
    expect(lineItem.check({}, { ...valid(), bidStrategy: "MAX", bidAmountLocalMicro: 2e14, totalBudgetAmountLocalMicro: 3e14, name: "Time\nline" }, stack).failures?.map((f) => f.property))
      .toEqual(["name", "bidAmountLocalMicro", "totalBudgetAmountLocalMicro"]);
    expect((lineItem.check({}, { ...valid(), bidStrategy: "MAX", bidAmountLocalMicro: 2e14 }, stack).failures ?? []).map((f) => f.reason)).toEqual([
      expect.stringMatching(/^bidAmountLocalMicro must be at most 100000000000000 micros .*pulumi config set xads:maxBudgetMicro <micros>/),
    ]);
  });

  test("a rule waits while a field it reads is unknown", () => {
    expect(reasons({ bidStrategy: "MAX", bidAmountLocalMicro: UNKNOWN })).toEqual([]);
    expect(reasons({ objective: "APP_INSTALLS", iosAppStoreIdentifier: UNKNOWN })).toEqual([]);
    expect(reasons({ placements: ["PUBLISHER_NETWORK"], advertiserDomain: UNKNOWN, categories: UNKNOWN })).toEqual([]);
  });

  test("a rule still runs when another field is refused", () => {
    expect(reasons({ name: "", bidStrategy: "TARGET" })).toEqual([
      "name must not be empty", "bidAmountLocalMicro is required when bidStrategy is TARGET",
    ]);
  });

  test("an unknown placement names the field by index", () => {
    expect(reasons({ placements: ["TWITTER_TIMELINE", "BILLBOARD"] })[0]).toMatch(/^placements\[1\] must be one of ALL_ON_TWITTER/);
  });

  test("moving a live line item to DRAFT is refused", () => {
    expect(reasons({ entityStatus: "DRAFT" }, { ...valid(), entityStatus: "PAUSED" })).toEqual([
      "entityStatus cannot change from PAUSED to DRAFT: the platform accepts DRAFT only when a line item is created (use PAUSED)",
    ]);
  });

  test("pay-by changes in place only on APP_INSTALLS line items", () => {
    expect(reasons({ payBy: "LINK_CLICK" }, { ...valid(), payBy: "IMPRESSION" })).toEqual([
      "payBy cannot change from IMPRESSION to LINK_CLICK for objective WEBSITE_CLICKS: the platform changes pay_by in place only for APP_INSTALLS line items",
    ]);
    const installs = { ...app, objective: "APP_INSTALLS" };
    expect(reasons({ ...installs, payBy: "APP_CLICK" }, { ...valid(), ...installs, payBy: "IMPRESSION" })).toEqual([]);
  });
});

describe("LineItem diff", () => {
  const state = { ...valid(), entityStatus: "ACTIVE" } as never;

  test("changing campaign, objective, product type, placements, delivery pacing or web event tag replaces", () => {
    for (const [field, value] of [
      ["campaignId", "c2"], ["objective", "ENGAGEMENTS"], ["productType", "MEDIA"], ["placements", ["TWITTER_SEARCH"]],
      ["standardDelivery", false], ["primaryWebEventTag", "o5c2p"],
    ] as const) {
      expect(lineItem.diff("l1", state, { ...(state as object), [field]: value } as never).replaces).toEqual([field]);
    }
  });

  test("values the platform chose are no difference when the program declares none", () => {
    const chosen = { ...(state as object), startTime: "2026-11-23T00:00:00Z", bidStrategy: "MAX", goal: "ENGAGEMENT", payBy: "ENGAGEMENT", standardDelivery: true } as never;
    expect(lineItem.diff("l1", chosen, state).changes).toBe(false);
  });

  test("placements and categories answered in another order are no difference", () => {
    const declared = { ...(state as object), placements: ["TWITTER_TIMELINE", "TWITTER_SEARCH"], categories: ["IAB3", "IAB13"] } as never;
    const answered = { ...(state as object), placements: ["TWITTER_SEARCH", "TWITTER_TIMELINE"], categories: ["IAB13", "IAB3"] } as never;
    expect(lineItem.diff("l1", answered, declared).changes).toBe(false);
  });

  test("a bid strategy the program now declares differently is an in-place change", () => {
    const d = lineItem.diff("l1", { ...(state as object), bidStrategy: "MAX", bidAmountLocalMicro: 1 } as never, { ...(state as object), bidStrategy: "AUTO" } as never);
    expect(d).toMatchObject({ changes: true });
    expect(d.replaces).toBeUndefined();
  });
});
