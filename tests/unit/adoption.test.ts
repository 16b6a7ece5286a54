/**
 * What adoption refuses, as a pure function of the kind's fields, the
 * program's inputs and the state adoption would write: every input the
 * next up's diff would change, declared or not, with its live value and
 * what to declare.
 */
import { campaign } from "../../provider/resources/campaign";
import { lineItem } from "../../provider/resources/line-item";
import { imageConversationCard } from "../../provider/resources/image-conversation-card";
import { adoptionError, adoptionRefusals, UNKNOWN } from "../../provider/resources/framework";

const ACCOUNT = "18ce54d4x5t";
const inputs = (def: typeof campaign | typeof lineItem | typeof imageConversationCard, news: Record<string, unknown>) =>
  def.check({}, { accountId: ACCOUNT, adoptId: "c1", ...news }).inputs as Record<string, unknown>;
const liveCampaign = {
  accountId: ACCOUNT, adoptId: "c1", deletionProtection: true, fundingInstrumentId: "fi1", name: "Legacy", entityStatus: "PAUSED",
  dailyBudgetAmountLocalMicro: 50_000_000, budgetOptimization: "LINE_ITEM", currency: "USD",
};
const refusals = (news: Record<string, unknown>, live: Record<string, unknown> = liveCampaign) =>
  adoptionRefusals("campaign", campaign.fields, inputs(campaign, news), live);

test("a live value the program leaves out is refused: a clearable one would be cleared, a default would change it", () => {
  expect(refusals({ fundingInstrumentId: "fi1", name: "Legacy" })).toEqual([
    { property: "entityStatus", reason: 'entityStatus is "PAUSED" on the platform and not declared: its default "ACTIVE" would change it; declare it as "PAUSED"' },
    { property: "dailyBudgetAmountLocalMicro", reason: "dailyBudgetAmountLocalMicro is 50000000 on the platform and not declared: the next up would clear it; declare it" },
  ]);
});

test("declared values that differ from the live ones are refused; a create-only one would replace the entity", () => {
  const declared = { fundingInstrumentId: "fi2", name: "Renamed", entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 50_000_000 };
  expect(refusals(declared)).toEqual([
    {
      property: "fundingInstrumentId",
      reason: 'fundingInstrumentId is "fi1" on the platform and "fi2" in the program: the next up would replace the campaign; declare it as "fi1" to adopt, and change it afterwards',
    },
    { property: "name", reason: 'name is "Legacy" on the platform and "Renamed" in the program: the next up would change it; declare it as "Legacy" to adopt, and change it afterwards' },
  ]);
  expect(refusals({ ...declared, fundingInstrumentId: "fi1", name: "Legacy", totalBudgetAmountLocalMicro: 90_000_000 })).toEqual([{
    property: "totalBudgetAmountLocalMicro",
    reason: "totalBudgetAmountLocalMicro is not set on the platform and 90000000 in the program: the next up would set it; leave it out to adopt",
  }]);
});

test("everything declared as it is live adopts: computed values the platform filled in, and the resource's own inputs, are not refused", () => {
  expect(refusals({ fundingInstrumentId: "fi1", name: "Legacy", entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 50_000_000 })).toEqual([]);
});

test("a value not known yet (preview) is left to create, which compares it once known", () => {
  expect(refusals({ fundingInstrumentId: UNKNOWN, name: "Legacy", entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 50_000_000 })).toEqual([]);
});

test("a MAX line item adopted without its name and bid is refused naming both; its bid strategy (computed) is not", () => {
  const live = {
    accountId: ACCOUNT, adoptId: "c1", campaignId: "c1", name: "Max bid", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS",
    placements: ["ALL_ON_TWITTER"], entityStatus: "ACTIVE", bidStrategy: "MAX", bidAmountLocalMicro: 1_500_000, goal: "LINK_CLICKS",
  };
  const declared = inputs(lineItem, { campaignId: "c1", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] });
  expect(adoptionRefusals("line item", lineItem.fields, declared, live).map((r) => r.reason)).toEqual([
    'name is "Max bid" on the platform and not declared: the next up would clear it; declare it',
    "bidAmountLocalMicro is 1500000 on the platform and not declared: the next up would clear it; declare it",
  ]);
});

test("media the API never answers back (writeOnly) keep the declared value: not refused", () => {
  const declared = inputs(imageConversationCard, {
    name: "Poll", mediaKey: "3_1001", title: "Which?", firstCta: "#One", firstCtaTweet: "One", thankYouText: "Thanks!", unlockedImageMediaKey: "3_1007",
  });
  const outs = imageConversationCard.outputsOf(declared, { id: "k1", name: "Poll", media_key: "3_1001", title: "Which?", first_cta: "#One", first_cta_tweet: "One", thank_you_text: "Thanks!" });
  expect(adoptionRefusals("image conversation card", imageConversationCard.fields, declared, outs as Record<string, unknown>)).toEqual([]);
});

test("the error names the entity, says nothing was written, and gives every field's reason", () => {
  expect(adoptionError("campaign", "c1", refusals({ fundingInstrumentId: "fi1", name: "Legacy" })).message).toBe(
    'campaign c1 was not adopted, and nothing was written: entityStatus is "PAUSED" on the platform and not declared: its default "ACTIVE" would change it; declare it as "PAUSED"; '
    + "dailyBudgetAmountLocalMicro is 50000000 on the platform and not declared: the next up would clear it; declare it",
  );
});
