/**
 * Campaign recommendations against the emulator: inserted through the
 * control API (over HTTP, as a demo would), read by the provider's
 * listRecommendations, and neither endpoint answered with 404.
 */
import { listRecommendations } from "../../provider/recommendations";
import { Entity } from "../../provider/client/client";
import { ACCOUNT, seedCampaign, seedFundingInstrument, useEmulator } from "./fixtures";

const fixture = useEmulator();

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${fixture.emu.url}/_emulator${path}`, {
    method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A recommendation of the platform: raise the campaign's daily budget, add a line item under it. */
const tree = (campaignId: string) => [{
  entity_type: "campaigns", operation_type: "Update", params: { id: campaignId, daily_budget_amount_local_micro: 70_000_000 },
  dependent_entities: [
    { entity_type: "line_items", operation_type: "Create", params: { campaign_id: campaignId, name: "retargeting", bid_amount_local_micro: 1_500_000 }, dependent_entities: [] },
  ],
}];

test("a recommendation inserted for a funding instrument is listed, and read with its tree of changes in SDK names", async () => {
  const client = fixture.client();
  const campaign: Entity = await seedCampaign(client, { daily_budget_amount_local_micro: 50_000_000 });
  const fi = String(campaign.funding_instrument_id);
  const inserted = await control("POST", `/sandbox/accounts/${ACCOUNT}/recommendations`, { funding_instrument_id: fi, message: "spend more", changes: tree(campaign.id) });
  expect(inserted.status).toBe(201);

  const [rec, ...others] = await listRecommendations(fixture.ctx(client), { accountId: ACCOUNT });
  expect(others).toEqual([]);
  expect(rec).toMatchObject({ id: inserted.body.data.id, accountId: ACCOUNT, fundingInstrumentId: fi, status: "PENDING", message: "spend more" });
  expect(rec!.changes).toEqual([{
    entityType: "campaigns", operationType: "Update", params: { id: campaign.id, dailyBudgetAmountLocalMicro: 70_000_000 },
    dependentEntities: [
      { entityType: "line_items", operationType: "Create", params: { campaignId: campaign.id, name: "retargeting", bidAmountLocalMicro: 1_500_000 }, dependentEntities: [] },
    ],
  }]);
});

test("fundingInstrumentId picks that instrument's recommendation; the others are left out", async () => {
  const client = fixture.client();
  const [a, b] = [await seedFundingInstrument(client), await seedFundingInstrument(client)];
  for (const fi of [a, b]) await control("POST", `/sandbox/accounts/${ACCOUNT}/recommendations`, { funding_instrument_id: fi, changes: tree("c1") });
  expect((await listRecommendations(fixture.ctx(client), { accountId: ACCOUNT, fundingInstrumentId: b })).map((r) => r.fundingInstrumentId)).toEqual([b]);
  expect(await listRecommendations(fixture.ctx(client), { accountId: ACCOUNT })).toHaveLength(2);
});

test("the control API refuses a second recommendation for one funding instrument, and one for an instrument the account lacks", async () => {
  const fi = await seedFundingInstrument(fixture.client());
  expect((await control("POST", `/sandbox/accounts/${ACCOUNT}/recommendations`, { funding_instrument_id: fi, changes: tree("c1") })).status).toBe(201);
  const second = await control("POST", `/sandbox/accounts/${ACCOUNT}/recommendations`, { funding_instrument_id: fi, changes: tree("c2") });
  expect(second.status).toBe(400);
  expect(second.body.errors[0].message).toMatch(new RegExp(`funding instrument ${fi} already has recommendation \\w+: the platform keeps at most 1 recommendation per funding instrument`));
  const unknown = await control("POST", `/sandbox/accounts/${ACCOUNT}/recommendations`, { funding_instrument_id: "nope1", changes: tree("c1") });
  expect(unknown.body.errors[0]).toMatchObject({ parameter: "funding_instrument_id", message: expect.stringContaining("nope1 is not a funding instrument of account") });
  const badTree = await control("POST", `/sandbox/accounts/${ACCOUNT}/recommendations`, { funding_instrument_id: fi, changes: [{ entity_type: "campaigns", operation_type: "Upsert", params: {} }] });
  expect(badTree.status).toBe(400);
});

test("neither endpoint answers 404: an account without recommendations lists none, an unknown id is the only 404", async () => {
  const client = fixture.client();
  const list = await client.get<Entity[]>(`/5/accounts/${ACCOUNT}/recommendations`);
  expect(list).toEqual([]);
  await expect(client.get(`/5/accounts/${ACCOUNT}/recommendations/nope1`)).rejects.toThrow(/recommendation nope1 was not found/);
  expect(await listRecommendations(fixture.ctx(client), { accountId: ACCOUNT })).toEqual([]);
});

test("arguments are checked before any request, naming the argument", async () => {
  await expect(listRecommendations(fixture.ctx(), { accountId: ACCOUNT, fundingInstrumentId: "not an id" })).rejects.toThrow(/^getRecommendations: .*fundingInstrumentId.*must be an Ads API id/);
  expect(fixture.emu.control.requests()).toEqual([]);
});
