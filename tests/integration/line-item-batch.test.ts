/**
 * Line items created together share batch POSTs of at most 40, as campaigns
 * do (reference.mdx, POST batch/accounts/:account_id/line_items; docs/architecture.md
 * rule 8): each resource still gets its own entity or its own error; a batch
 * that committed without an answer is found by its look-up, never sent again.
 */
import { AdsClient } from "../../provider/client";
import { lineItem, LineItemInputs } from "../../provider/resources/line-item";
import { ACCOUNT, seedCampaign, useEmulator } from "./fixtures";

const fixture = useEmulator();
const emu = () => fixture.emu;

/** A client like the provider's, with a short window so the test does not wait 2 s per group. */
const client = (timeoutMs = 30_000): AdsClient => fixture.client(timeoutMs, { collectWindowMs: 200 });

const posts = (path: RegExp) => emu().control.requests().filter((r) => r.method === "POST" && path.test(r.path));
const BATCH = /\/batch\/accounts\/[^/]+\/line_items$/;
const SINGLE = /^\/12\/accounts\/[^/]+\/line_items$/;
const live = () => emu().control.entities("sandbox", ACCOUNT, "line_items");

const campaign = async (c: AdsClient): Promise<string> => (await seedCampaign(c)).id;

function inputs(campaignId: string, name: string, extra: Partial<LineItemInputs> = {}): LineItemInputs {
  const checked = lineItem.check({}, {
    accountId: ACCOUNT, campaignId, name, objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], entityStatus: "PAUSED", ...extra,
  });
  if (checked.failures) throw new Error(JSON.stringify(checked.failures));
  return checked.inputs!;
}

test("60 line items created together take 2 batch POSTs (40, 20), each resource its own line item", async () => {
  const c = client();
  const [a, b] = [await campaign(c), await campaign(c)];
  emu().control.clearRequests();
  const names = Array.from({ length: 60 }, (_, i) => `Line ${i}`);
  const created = await Promise.all(names.map((n, i) => lineItem.create(fixture.ctx(c), inputs(i % 2 ? a : b, n))));
  expect(posts(BATCH).map((r) => [r.status, (r.body as unknown[]).length])).toEqual([[200, 40], [200, 20]]);
  expect(posts(SINGLE)).toEqual([]);
  const byId = new Map(live().map((e) => [e.id, e.name]));
  expect(created.map((r) => byId.get(r.id))).toEqual(names);
  expect(created.map((r) => r.outs.name)).toEqual(names);
});

test("a batch sends only what the program declared, lists comma-separated as the single POST takes them", async () => {
  const c = client();
  const id = await campaign(c);
  emu().control.clearRequests();
  await Promise.all(["A", "B"].map((n) => lineItem.create(fixture.ctx(c), inputs(id, n, { placements: ["TWITTER_TIMELINE", "TWITTER_SEARCH"] }))));
  const [sent] = posts(BATCH);
  expect((sent!.body as { params: Record<string, unknown> }[]).map((i) => i.params)).toEqual(["A", "B"].map((name) => ({
    campaign_id: id, name, objective: "ENGAGEMENTS", product_type: "PROMOTED_TWEETS", placements: "TWITTER_TIMELINE,TWITTER_SEARCH", entity_status: "PAUSED",
  })));
});

test("a lone line item takes the plain POST", async () => {
  const c = client();
  const id = await campaign(c);
  emu().control.clearRequests();
  await lineItem.create(fixture.ctx(c), inputs(id, "Alone"));
  expect(posts(/line_items$/).map((r) => r.path)).toEqual([`/12/accounts/${ACCOUNT}/line_items`]);
});

test("an item the platform refuses fails alone (a second product type in one campaign): the others are sent again and created", async () => {
  const c = client();
  const id = await campaign(c);
  const results = await Promise.allSettled([
    lineItem.create(fixture.ctx(c), inputs(id, "Good 1")),
    lineItem.create(fixture.ctx(c), inputs(id, "Media", { productType: "MEDIA" })),
    lineItem.create(fixture.ctx(c), inputs(id, "Good 2")),
  ]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
  expect(String((results[1] as PromiseRejectedResult).reason.message)).toBe(
    `line item "Media" was refused by the platform (product_type: product_type must be PROMOTED_TWEETS like the other line items of campaign ${id}, got MEDIA); nothing was created for it`,
  );
  expect(live().map((e) => e.name).sort()).toEqual(["Good 1", "Good 2"]);
});

test("a batch whose answer never came is not resent: each line item is found and taken over", async () => {
  const c = client(500);
  const id = await campaign(c);
  emu().control.clearRequests();
  emu().control.fault({ method: "POST", path: "/batch/accounts/[^/]+/line_items$", kind: "timeout-after-commit", delayMs: 3000 });
  const created = await Promise.all(["T1", "T2", "T3"].map((n) => lineItem.create(fixture.ctx(c), inputs(id, n))));
  expect(posts(/line_items$/)).toHaveLength(1);
  expect(live().map((e) => e.id).sort()).toEqual(created.map((r) => r.id).sort());
  expect(created.map((r) => r.outs.name)).toEqual(["T1", "T2", "T3"]);
});
