// The program `make bench` runs with the real pulumi CLI (bench/engine.ts
// copies it into each stack): a funding instrument, N campaigns, and one
// line item on each campaign. The same shape and the same input properties
// for two providers (config bench:provider): pulumi-xads, and a no-op
// dynamic provider, the engine's own floor (create answers an id and the
// inputs as outputs, diff compares the inputs, update answers them, read the
// props, delete nothing).
"use strict";
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config("bench");
const n = config.requireNumber("n");
const accountId = config.require("accountId");
const provider = config.require("provider");
// make bench's budget change sets it on every campaign (bench/engine.ts).
const budget = config.getNumber("budget") ?? 1_000_000;

const noop = {
  async create(inputs) {
    return { id: require("node:crypto").randomUUID(), outs: inputs };
  },
  // A change of an input is an update, as the provider's (make bench's budget change): the engine's steps of it.
  async diff(id, olds, news) {
    return { changes: Object.keys(news).some((k) => k !== "__provider" && JSON.stringify(olds[k]) !== JSON.stringify(news[k])) };
  },
  async update(id, olds, news) {
    return { outs: news };
  },
  async read(id, props) {
    return { id, props };
  },
  async delete() {},
};

/** A no-op resource with the xads type token's module and name (docs/architecture.md rule 2). */
class Noop extends pulumi.dynamic.Resource {
  constructor(type, name, args, opts) {
    super(noop, name, args, opts, "xads", type);
  }
}

const kinds = provider === "xads"
  ? require("pulumi-xads")
  : { FundingInstrument: Noop.bind(undefined, "FundingInstrument"), Campaign: Noop.bind(undefined, "Campaign"), LineItem: Noop.bind(undefined, "LineItem") };

const usd = new kinds.FundingInstrument("usd", { accountId, currency: "USD", startTime: "2026-01-01T00:00:00Z" });
for (let i = 0; i < n; i++) {
  const campaign = new kinds.Campaign(`c${i}`, {
    accountId, fundingInstrumentId: usd.id, name: `bench ${i}`, entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: budget, deletionProtection: false,
  });
  new kinds.LineItem(`li${i}`, {
    accountId, campaignId: campaign.id, name: `bench ${i}`, objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], entityStatus: "PAUSED",
  });
}
