import * as pulumi from "@pulumi/pulumi";
import * as xads from "pulumi-xads";

const config = new pulumi.Config();
const landingPage = config.get("landingPage") ?? "https://example.com/spring";
// The user the Tweet is posted as: the account's FULL promotable user.
const asUserId = config.get("asUserId") ?? "756201191646691328";

// The sandbox creates funding instruments at no cost (xads:sandbox true).
const usd = new xads.FundingInstrument("sandbox-usd", {
  currency: "USD",
  startTime: "2026-01-01T00:00:00Z",
});

const campaign = new xads.Campaign("spring-sale", {
  fundingInstrumentId: usd.id,
  name: "Spring sale",
  entityStatus: "PAUSED",
  dailyBudgetAmountLocalMicro: 50_000_000,
  // A sandbox: allow `pulumi destroy` (campaigns are protected by default).
  deletionProtection: false,
});

const lineItem = new xads.LineItem("website-clicks", {
  campaignId: campaign.id,
  name: "Website clicks",
  objective: "WEBSITE_CLICKS",
  productType: "PROMOTED_TWEETS",
  placements: ["ALL_ON_TWITTER"],
  bidStrategy: "AUTO",
});

// A website card: an image (a key of the account's media library) and the
// page it opens. Its cardUri is what a Tweet attaches.
const card = new xads.Card("spring-card", {
  name: "Spring sale card",
  components: [
    { type: "MEDIA", mediaKey: "3_1001" },
    { type: "DETAILS", title: "Spring sale: 20% off", destination: { type: "WEBSITE", url: landingPage } },
  ],
});

// A nullcast (promoted-only) Tweet carrying the card.
const tweet = new xads.Tweet("spring-tweet", {
  asUserId,
  text: "Spring is here, and so are our prices.",
  cardUri: card.cardUri,
  name: "Spring sale tweet",
});

const promoted = new xads.PromotedTweet("spring-promotion", {
  lineItemId: lineItem.id,
  tweetId: tweet.id,
});

const clicks = new xads.TrackingTag("spring-clicks", {
  lineItemId: lineItem.id,
  trackingTagType: "CLICK_TRACKER",
  trackingTagUrl: "https://tracker.example.com/click?campaign=spring",
});

export const lineItemId = lineItem.id;
export const cardUri = card.cardUri;
export const tweetId = tweet.id;
export const promotedTweetId = promoted.id;
export const trackingTagId = clicks.id;
