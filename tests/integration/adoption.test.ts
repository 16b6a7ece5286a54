/** Adoption (adoptId): create takes over a live entity instead of creating one. */
import { campaign } from "../../provider/resources/campaign";
import { promotedTweet } from "../../provider/resources/promoted-tweet";
import { Entity } from "../../provider/client";
import { check } from "../../provider/dispatch";
import { UNKNOWN } from "../../provider/resources/framework";
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

describe("preview (the engine's check of a new resource with adoptId)", () => {
  /** The provider object as configure leaves it, for the emulator. */
  const holder = () => ({
    xadsSettings: {
      "xads:consumerKey": fixture.creds.consumerKey, "xads:consumerSecret": fixture.creds.consumerSecret,
      "xads:accessToken": fixture.creds.accessToken, "xads:accessTokenSecret": fixture.creds.accessTokenSecret,
      "xads:sandbox": "true", "xads:sandboxBaseUrl": fixture.emu.sandboxUrl, "xads:accountId": ACCOUNT,
    },
  });
  const legacy = async () => {
    const live = await seedCampaign(fixture.client(), { name: "Legacy", daily_budget_amount_local_micro: 50_000_000, entity_status: "PAUSED" });
    fixture.emu.control.clearRequests();
    return { live, declared: { accountId: ACCOUNT, adoptId: live.id, fundingInstrumentId: String(live.funding_instrument_id), name: "Legacy" } };
  };

  test("a campaign adopted without its daily budget and status is refused in check, naming each with its live value; nothing is written", async () => {
    const { live, declared } = await legacy();
    // Neither is declared: the engine would print each value as {<nil>} beside the property, so the reason alone names it.
    expect((await check("Campaign", {}, declared, holder())).failures).toEqual([
      {
        property: "",
        reason: `campaign ${live.id} cannot be adopted: entityStatus is "PAUSED" on the platform and not declared: its default "ACTIVE" would change it; declare it as "PAUSED"`,
      },
      {
        property: "",
        reason: `campaign ${live.id} cannot be adopted: dailyBudgetAmountLocalMicro is 50000000 on the platform and not declared: the next up would clear it; declare it`,
      },
    ]);
    expect(writes()).toEqual([]);
  });

  test("declared in full, check passes; an existing resource (olds given) is not read again", async () => {
    const { declared } = await legacy();
    const full = { ...declared, dailyBudgetAmountLocalMicro: 50_000_000, entityStatus: "PAUSED" };
    expect((await check("Campaign", {}, full, holder())).failures).toBeUndefined();
    fixture.emu.control.clearRequests();
    expect((await check("Campaign", full, declared, holder())).failures).toBeUndefined();
    expect(fixture.emu.control.requests()).toEqual([]);
  });

  test("an adoptId no live entity has, and a read that fails, are check failures of adoptId", async () => {
    const { declared } = await legacy();
    expect((await check("Campaign", {}, { ...declared, adoptId: "nosuch" }, holder())).failures).toEqual([{
      property: "adoptId", reason: "campaign nosuch cannot be adopted: no live campaign has that id (it was deleted, or belongs to another account or parent)",
    }]);
    fixture.emu.control.fault({ method: "GET", path: "/campaigns", kind: "status", status: 403 });
    const [failure] = (await check("Campaign", {}, declared, holder())).failures ?? [];
    expect(failure).toMatchObject({ property: "adoptId" });
    expect(failure!.reason).toMatch(new RegExp(`^reading Campaign ${declared.adoptId} to check its adoption failed: .*403.*what the up would change is not known; nothing was written$`));
    expect(failure!.reason).not.toContain(fixture.creds.accessTokenSecret);
    expect(writes()).toEqual([]);
  });

  test("a value not known yet (a parent created in the same up) is not compared in check", async () => {
    const { declared } = await legacy();
    const unknown = { ...declared, fundingInstrumentId: UNKNOWN, dailyBudgetAmountLocalMicro: 50_000_000, entityStatus: "PAUSED" };
    expect((await check("Campaign", {}, unknown, holder())).failures).toBeUndefined();
  });
});
