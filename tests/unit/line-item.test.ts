import { lineItem } from "../../provider/resources/line-item";
import { UNKNOWN } from "../../provider/resources/framework";

const valid = () => ({
  accountId: "18ce54d4x5t",
  campaignId: "c1",
  objective: "WEBSITE_CLICKS",
  productType: "PROMOTED_TWEETS",
  placements: ["TWITTER_TIMELINE"],
});
const reasons = (news: Record<string, unknown>) => (lineItem.check({}, news).failures ?? []).map((f) => f.reason);

describe("LineItem", () => {
  test("valid inputs pass with AUTO bidding by default", () => {
    expect(lineItem.check({}, valid())).toMatchObject({ inputs: { bidStrategy: "AUTO", entityStatus: "ACTIVE" } });
  });

  test("a MAX bid strategy without a bid amount is refused", () => {
    expect(reasons({ ...valid(), bidStrategy: "MAX" })).toEqual(["bidAmountLocalMicro is required when bidStrategy is MAX"]);
  });

  test("a MAX bid without an amount is refused while the campaign id is still unknown (first preview of a new campaign)", () => {
    expect(reasons({ ...valid(), campaignId: UNKNOWN, bidStrategy: "MAX" })).toEqual(["bidAmountLocalMicro is required when bidStrategy is MAX"]);
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
    expect(reasons({ ...valid(), bidStrategy: "MAX", bidAmountLocalMicro: UNKNOWN })).toEqual([]);
  });

  test("a rule still runs when another field is refused", () => {
    expect(reasons({ ...valid(), name: "", bidStrategy: "TARGET" })).toEqual([
      "name must not be empty", "bidAmountLocalMicro is required when bidStrategy is TARGET",
    ]);
  });

  test("PREROLL_VIEWS needs one or two categories, and three are too many", () => {
    expect(reasons({ ...valid(), objective: "PREROLL_VIEWS" })).toEqual([
      "categories (one or two advertiser business categories) are required when objective is PREROLL_VIEWS",
    ]);
    expect(reasons({ ...valid(), objective: "PREROLL_VIEWS", categories: ["IAB1", "IAB2", "IAB3"] })).toEqual([
      "categories must have at most 2 items (got 3)",
    ]);
  });

  test("an unknown placement names the field by index", () => {
    expect(reasons({ ...valid(), placements: ["TWITTER_TIMELINE", "BILLBOARD"] })[0]).toMatch(/^placements\[1\] must be one of ALL_ON_TWITTER/);
  });

  test("changing campaign, objective, product type or placements replaces", () => {
    const state = { ...valid(), bidStrategy: "AUTO", entityStatus: "ACTIVE" } as never;
    for (const [field, value] of [["campaignId", "c2"], ["objective", "ENGAGEMENTS"], ["productType", "MEDIA"], ["placements", ["TWITTER_SEARCH"]]] as const) {
      expect(lineItem.diff("l1", state, { ...(state as object), [field]: value } as never).replaces).toEqual([field]);
    }
  });

  test("a start time the platform chose is not a difference when none is declared", () => {
    const state = { ...valid(), bidStrategy: "AUTO", entityStatus: "ACTIVE", startTime: "2026-11-23T00:00:00Z" } as never;
    const news = { ...valid(), bidStrategy: "AUTO", entityStatus: "ACTIVE" } as never;
    expect(lineItem.diff("l1", state, news).changes).toBe(false);
  });
});
