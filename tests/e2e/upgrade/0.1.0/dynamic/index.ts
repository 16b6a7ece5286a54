// The dynamic-provider stack of the upgrade test (tests/e2e/upgrade.test.ts):
// recorded by `make record-upgrade-states`, then run by every later version.
// The test renames the campaign (adds " renamed" to its name, found as the
// one occurrence of that name in this file).
import * as xads from "pulumi-xads";

const usd = new xads.FundingInstrument("sandbox-usd", {
  currency: "USD",
  startTime: "2026-01-01T00:00:00Z",
});

const campaign = new xads.Campaign("upgrade-campaign", {
  fundingInstrumentId: usd.id,
  name: "Upgrade campaign",
  entityStatus: "PAUSED",
  dailyBudgetAmountLocalMicro: 50_000_000,
  totalBudgetAmountLocalMicro: 1_000_000_000,
  deletionProtection: false,
});

const lineItem = new xads.LineItem("timeline", {
  campaignId: campaign.id,
  name: "Timeline engagements",
  objective: "ENGAGEMENTS",
  productType: "PROMOTED_TWEETS",
  placements: ["TWITTER_TIMELINE"],
  bidStrategy: "MAX",
  bidAmountLocalMicro: 1_500_000,
});

const criterion = new xads.TargetingCriterion("iab-category", {
  lineItemId: lineItem.id,
  targetingType: "IAB_CATEGORY",
  targetingValue: "IAB17-12",
});

const promoted = new xads.PromotedTweet("launch-post", {
  lineItemId: lineItem.id,
  tweetId: "1500000000000000001",
});

const tag = new xads.TrackingTag("impressions", {
  lineItemId: lineItem.id,
  trackingTagType: "IMPRESSION_TAG",
  trackingTagUrl: "https://tags.example/i?v=1",
});

export const fundingInstrumentId = usd.id;
export const campaignId = campaign.id;
export const lineItemId = lineItem.id;
export const ids = [criterion.id, promoted.id, tag.id];
