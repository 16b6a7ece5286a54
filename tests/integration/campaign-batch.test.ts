/**
 * Campaigns created together share batch POSTs of at most 40 (docs/architecture.md rule 8,
 * ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns), and each resource still gets its own entity or
 * its own error; a batch without an answer is looked up, never resent.
 */
import { AdsClient } from "../../provider/client";
import { campaign, CampaignInputs } from "../../provider/resources/campaign";
import { ACCOUNT, seedFundingInstrument as fundingInstrument, useEmulator } from "./fixtures";

const fixture = useEmulator();
const emu = () => fixture.emu;

/** A client like the provider's, with a short window so the test does not wait 2 s per group. */
const client = (timeoutMs = 30_000): AdsClient => fixture.client(timeoutMs, { collectWindowMs: 200 });

const posts = (path: RegExp) => emu().control.requests().filter((r) => r.method === "POST" && path.test(r.path));
const live = () => emu().control.entities("sandbox", ACCOUNT, "campaigns");

function inputs(fi: string, name: string, extra: Partial<CampaignInputs> = {}): CampaignInputs {
  const checked = campaign.check({}, { accountId: ACCOUNT, fundingInstrumentId: fi, name, dailyBudgetAmountLocalMicro: 1_000_000, ...extra });
  if (!checked.inputs) throw new Error(JSON.stringify(checked.failures));
  return checked.inputs;
}

test("85 campaigns created together take 3 batch POSTs (40, 40, 5), each resource its own campaign", async () => {
  const c = client();
  const fi = await fundingInstrument(c);
  emu().control.clearRequests();
  const ctx = fixture.ctx(c);
  const names = Array.from({ length: 85 }, (_, i) => `Batch ${i}`);
  const created = await Promise.all(names.map((n) => campaign.create(ctx, inputs(fi, n))));
  expect(posts(/\/batch\/accounts\/[^/]+\/campaigns$/).map((r) => r.status)).toEqual([200, 200, 200]);
  expect(posts(/\/accounts\/[^/]+\/campaigns$/).filter((r) => !r.path.includes("/batch/"))).toEqual([]);
  const byId = new Map(live().map((e) => [e.id, e.name]));
  expect(created.map((r) => byId.get(r.id))).toEqual(names);
  expect(created.map((r) => r.outs.name)).toEqual(names);
});

test("a lone campaign takes the plain POST, sending no budget optimization or delivery the program did not declare", async () => {
  const c = client();
  const fi = await fundingInstrument(c);
  emu().control.clearRequests();
  const { outs } = await campaign.create(fixture.ctx(c), inputs(fi, "Alone"));
  expect(posts(/campaigns$/).map((r) => [r.path, r.query])).toEqual([[
    `/12/accounts/${ACCOUNT}/campaigns`,
    { funding_instrument_id: fi, name: "Alone", entity_status: "ACTIVE", daily_budget_amount_local_micro: "1000000" },
  ]]);
  expect(outs).toMatchObject({ budgetOptimization: "LINE_ITEM" });
  expect(outs).not.toHaveProperty("standardDelivery");
  expect(campaign.diff("c", outs, inputs(fi, "Alone"))).toMatchObject({ changes: false });
});

test("an item the platform refuses fails alone: the others are sent again and created", async () => {
  const c = client();
  const fi = await fundingInstrument(c);
  const ctx = fixture.ctx(c);
  const results = await Promise.allSettled([
    campaign.create(ctx, inputs(fi, "Good 1")),
    campaign.create(ctx, inputs("nofi1", "Bad")),
    campaign.create(ctx, inputs(fi, "Good 2")),
  ]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(String((results[1] as PromiseRejectedResult).reason.message)).toMatch(/campaign "Bad" was refused by the platform \(funding_instrument_id: .*nofi1.*\); nothing was created for it/);
  expect(live().map((e) => e.name).sort()).toEqual(["Good 1", "Good 2"]);
});

test("a batch whose answer never came is not resent: each campaign is found and taken over", async () => {
  const c = client(500);
  const fi = await fundingInstrument(c);
  emu().control.clearRequests();
  emu().control.fault({ method: "POST", path: "/batch/accounts/[^/]+/campaigns$", kind: "timeout-after-commit", delayMs: 3000 });
  const ctx = fixture.ctx(c);
  const created = await Promise.all(["T1", "T2", "T3"].map((n) => campaign.create(ctx, inputs(fi, n))));
  expect(posts(/campaigns$/)).toHaveLength(1);
  expect(live().map((e) => e.id).sort()).toEqual(created.map((r) => r.id).sort());
});
