import * as pulumi from "@pulumi/pulumi";
import * as xads from "pulumi-xads";

const config = new pulumi.Config();
// Budgets in whole currency units here; the API counts micros (millionths).
const dailyBudget = config.getNumber("dailyBudget") ?? 50;
const totalBudget = config.getNumber("totalBudget") ?? 1000;
const micros = (amount: number) => Math.round(amount * 1_000_000);

// The sandbox creates funding instruments at no cost (xads:sandbox true).
const usd = new xads.FundingInstrument("sandbox-usd", {
  currency: "USD",
  startTime: "2026-01-01T00:00:00Z",
});

const campaign = new xads.Campaign("spring-sale", {
  fundingInstrumentId: usd.id,
  name: "Spring sale",
  entityStatus: "PAUSED",
  dailyBudgetAmountLocalMicro: micros(dailyBudget),
  totalBudgetAmountLocalMicro: micros(totalBudget),
  // Deleting a campaign cannot be undone, so it is protected by default.
  // This is a sandbox: allow `pulumi destroy` and replacements.
  deletionProtection: false,
});

const timeline = new xads.LineItem("timeline", {
  campaignId: campaign.id,
  name: "Timeline clicks",
  objective: "WEBSITE_CLICKS",
  productType: "PROMOTED_TWEETS",
  placements: ["TWITTER_TIMELINE"],
  bidStrategy: "MAX",
  bidAmountLocalMicro: micros(1.5),
});

const search = new xads.LineItem("search", {
  campaignId: campaign.id,
  name: "Search clicks",
  objective: "WEBSITE_CLICKS",
  productType: "PROMOTED_TWEETS",
  placements: ["TWITTER_SEARCH"],
  bidStrategy: "AUTO",
});

export const fundingInstrumentId = usd.id;
export const campaignId = campaign.id;
export const lineItemIds = [timeline.id, search.id];
export const currency = campaign.currency;
