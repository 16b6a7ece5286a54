/**
 * Campaigns created together share batch POSTs of at most 40 (docs/architecture.md rule 8,
 * ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns), and each resource still gets its own entity or
 * its own error; a batch without an answer is looked up, and sent again
 * only once a look-up after the wait proved it made nothing (rule 7).
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

const BATCH_PATH = "/batch/accounts/[^/]+/campaigns$";
const batchPosts = () => posts(/\/batch\/accounts\/[^/]+\/campaigns$/);

test("a batch that committed without an answer is not sent again: each campaign is found and taken over at once", async () => {
  const lines: string[] = [];
  const c = fixture.client(500, { collectWindowMs: 200, log: (l) => lines.push(l) });
  const fi = await fundingInstrument(c);
  emu().control.clearRequests();
  emu().control.fault({ method: "POST", path: BATCH_PATH, kind: "timeout-after-commit", delayMs: 3000 });
  const ctx = fixture.ctx(c);
  const created = await Promise.all(["T1", "T2", "T3"].map((n) => campaign.create(ctx, inputs(fi, n))));
  expect(posts(/campaigns$/)).toHaveLength(1);
  expect(live().map((e) => e.id).sort()).toEqual(created.map((r) => r.id).sort());
  expect(lines).toEqual([]);
});

test("a batch whose connection dropped before anything committed is sent again, once the wait proved it made nothing: each campaign once, in the same create", async () => {
  const lines: string[] = [];
  const c = fixture.client(500, { collectWindowMs: 200, log: (l) => lines.push(l) });
  const fi = await fundingInstrument(c);
  emu().control.clearRequests();
  emu().control.fault({ method: "POST", path: BATCH_PATH, kind: "drop" });
  const ctx = fixture.ctx(c);
  const names = ["D1", "D2", "D3"];
  const created = await Promise.all(names.map((n) => campaign.create(ctx, inputs(fi, n))));
  expect(batchPosts().map((r) => [r.status, (r.body as { params: { name: string } }[]).map((i) => i.params.name)])).toEqual([[null, names], [200, names]]);
  expect(live().map((e) => e.name).sort()).toEqual(names);
  expect(created.map((r) => r.outs.name)).toEqual(names);
  expect(live().map((e) => e.id).sort()).toEqual(created.map((r) => r.id).sort());
  expect(lines).toEqual([expect.stringMatching(/^the create of campaign "D1", campaign "D2", campaign "D3" got no answer, and nothing it made is found yet: waiting 1 s, until a request sent then can no longer commit \(twice the request time-out of 500 ms\), then looking again/)]);
});

test("after a batch without an answer, the campaigns found are taken and only those proven absent are sent again, together", async () => {
  const c = client(500);
  const fi = await fundingInstrument(c);
  // Made just before, within the look-up's minute of clock slack: taken as the lost call's (the platform's batch is atomic, the provider's decision is per item).
  await Promise.all(["P1", "P3"].map((name) => c.post(`/12/accounts/${ACCOUNT}/campaigns`, { funding_instrument_id: fi, name, daily_budget_amount_local_micro: 1_000_000 })));
  const before = new Map(live().map((e) => [e.name, e.id]));
  emu().control.clearRequests();
  emu().control.fault({ method: "POST", path: BATCH_PATH, kind: "drop" });
  const ctx = fixture.ctx(c);
  const names = ["P1", "P2", "P3", "P4"];
  const created = await Promise.all(names.map((n) => campaign.create(ctx, inputs(fi, n))));
  expect(batchPosts().map((r) => (r.body as { params: { name: string } }[]).map((i) => i.params.name))).toEqual([names, ["P2", "P4"]]);
  expect([created[0]!.id, created[2]!.id]).toEqual([before.get("P1"), before.get("P3")]);
  for (const n of names) expect(live().filter((e) => e.name === n)).toHaveLength(1);
});

test("a batch that made nothing, whose look-up fails, is not sent again: every campaign is pending", async () => {
  const c = fixture.client(500, { collectWindowMs: 200, sleep: async () => {} });
  const fi = await fundingInstrument(c);
  emu().control.clearRequests();
  emu().control.fault({ method: "POST", path: BATCH_PATH, kind: "drop" });
  emu().control.fault({ method: "GET", path: "/campaigns$", kind: "drop", times: 6 });
  const ctx = fixture.ctx(c);
  const results = await Promise.allSettled(["L1", "L2"].map((n) => campaign.create(ctx, inputs(fi, n))));
  expect(results.map((r) => r.status === "rejected" && String((r.reason as { id?: string }).id))).toEqual([expect.stringMatching(/^pending-Campaign-/), expect.stringMatching(/^pending-Campaign-/)]);
  expect(batchPosts()).toHaveLength(1);
  expect(live()).toEqual([]);
});

test("a batch whose look-up after the wait fails is not sent again: every campaign is pending", async () => {
  let waited = false;
  // The first sleep is the wait: the look-ups after it lose their connections (and retry at once).
  const sleep = async () => {
    if (waited) return;
    waited = true;
    emu().control.fault({ method: "GET", path: "/campaigns$", kind: "drop", times: 6 });
  };
  const c = fixture.client(500, { collectWindowMs: 200, sleep });
  const fi = await fundingInstrument(c);
  emu().control.clearRequests();
  emu().control.fault({ method: "POST", path: BATCH_PATH, kind: "drop" });
  const ctx = fixture.ctx(c);
  const results = await Promise.allSettled(["W1", "W2"].map((n) => campaign.create(ctx, inputs(fi, n))));
  expect(waited).toBe(true);
  expect(results.map((r) => r.status === "rejected" && String((r.reason as { id?: string }).id))).toEqual([expect.stringMatching(/^pending-Campaign-/), expect.stringMatching(/^pending-Campaign-/)]);
  expect(batchPosts()).toHaveLength(1);
  expect(live()).toEqual([]);
});
