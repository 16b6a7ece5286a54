/** Adoption (adoptId): create takes over a live entity instead of creating one. */
import { campaign } from "../../provider/resources/campaign";
import { promotedTweet } from "../../provider/resources/promoted-tweet";
import { Entity } from "../../provider/client";
import { ACCOUNT, seedCampaign, seedLineItem, useEmulator } from "./fixtures";

const fixture = useEmulator();
const writes = () => fixture.emu.control.requests().filter((r) => r.method !== "GET");

test("a live campaign matching the inputs is adopted without any write", async () => {
  const live = await seedCampaign(fixture.client(), { name: "Legacy", daily_budget_amount_local_micro: 5_000_000 });
  const fi = { id: String(live.funding_instrument_id) };
  fixture.emu.control.clearRequests();
  const inputs = campaign.check({}, { accountId: ACCOUNT, adoptId: live.id, fundingInstrumentId: fi.id, name: "Legacy", dailyBudgetAmountLocalMicro: 5_000_000 }).inputs!;
  const adopted = await campaign.create(fixture.ctx(), inputs);
  expect(adopted).toMatchObject({ id: live.id, outs: { name: "Legacy", dailyBudgetAmountLocalMicro: 5_000_000, currency: "USD" } });
  expect(writes()).toEqual([]);
});

test("a live campaign that differs is refused field by field, and nothing is written", async () => {
  const live = await seedCampaign(fixture.client(), { name: "Legacy", daily_budget_amount_local_micro: 5_000_000 });
  const fi = { id: String(live.funding_instrument_id) };
  fixture.emu.control.clearRequests();
  const inputs = campaign.check({}, { accountId: ACCOUNT, adoptId: live.id, fundingInstrumentId: fi.id, name: "Renamed", dailyBudgetAmountLocalMicro: 5_000_000 }).inputs!;
  await expect(campaign.create(fixture.ctx(), inputs)).rejects.toThrow(
    `campaign ${live.id} was not adopted, and nothing was written: name is "Legacy" on the platform and "Renamed" in the program: the next up would change it; declare it as "Legacy" to adopt, and change it afterwards`,
  );
  expect(writes()).toEqual([]);
});

test("a promoted Tweet is compared on its live tweet_id", async () => {
  const lineItemId = await seedLineItem(fixture.client(), { objective: "ENGAGEMENTS" });
  const [live] = await fixture.client().post<Entity[]>(`/12/accounts/${ACCOUNT}/promoted_tweets`, { line_item_id: lineItemId, tweet_ids: ["500"] });
  const adopt = (tweetId: string) => promotedTweet.create(fixture.ctx(), promotedTweet.check({}, { accountId: ACCOUNT, adoptId: live!.id, lineItemId, tweetId }).inputs!);
  await expect(adopt("500")).resolves.toMatchObject({ id: live!.id, outs: { tweetId: "500", servedTweetId: "500" } });
  await expect(adopt("501")).rejects.toThrow(/tweetId is "500" on the platform and "501" in the program: the next up would replace the promoted Tweet/);
});
