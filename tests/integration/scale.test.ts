/**
 * A real ads account's size at the engine's pace, within the platform's
 * published rate limits (the emulator's defaults): the provider's
 * operations are driven as the engine drives them, a fixed number at a time
 * (`--parallel`), each test with a fresh client (a new provider process).
 * Assertions are on request counts, never on time.
 */
import { AdsClient, EngineSteps, Entity } from "../../provider/client";
import { listBiddingRules, listContentCategories } from "../../provider/data-sources";
import { campaign } from "../../provider/resources/campaign";
import { lineItem } from "../../provider/resources/line-item";
import { targetingCriterion } from "../../provider/resources/targeting-criterion";
import { ACCOUNT, seedFundingInstrument, useEmulator, useReferenceCache } from "./fixtures";

const fixture = useEmulator();
const cache = useReferenceCache();
const campaigns = `/12/accounts/${ACCOUNT}/campaigns`;

/**
 * Runs `op` on every item, `parallel` at a time, as the engine runs resource
 * operations; `steps` counts them as the provider process counts the
 * engine's steps (provider/dispatch.ts).
 */
async function engine<T, R>(items: readonly T[], parallel: number, op: (item: T) => Promise<R>, steps = new EngineSteps(parallel)): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await steps.run(() => op(items[i]!));
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return out;
}

/** `n` paused campaigns made in batches of 40 (paused: the account's limit counts active ones). */
async function seedCampaigns(c: AdsClient, fi: string, n: number, prefix = "seeded"): Promise<Entity[]> {
  const made: Entity[] = [];
  for (let i = 0; i < n; i += 40) {
    const items = Array.from({ length: Math.min(40, n - i) }, (_, k) => ({
      operation_type: "Create" as const,
      params: { funding_instrument_id: fi, name: `${prefix} ${i + k}`, entity_status: "PAUSED", daily_budget_amount_local_micro: 1_000_000 },
    }));
    made.push(...await c.batch<Entity>(`/12/batch/accounts/${ACCOUNT}/campaigns`, items, 40));
  }
  return made;
}

const requests = () => fixture.emu.control.requests();
const to = (method: string, pattern: RegExp) => requests().filter((r) => r.method === method && pattern.test(r.path));

/** An account of `n` paused campaigns; the request log starts after them. */
async function accountWith(n: number): Promise<Entity[]> {
  const seeding = fixture.client();
  const made = await seedCampaigns(seeding, await seedFundingInstrument(seeding), n);
  fixture.emu.control.clearRequests();
  return made;
}

/**
 * Reads `made` as a refresh does, 8 at a time, in a new provider process:
 * one that knows the engine's --parallel (`gauge`, as on Linux), or not.
 */
function refresh(made: readonly Entity[], gauge: boolean) {
  const steps = new EngineSteps(gauge ? 8 : undefined);
  const ctx = fixture.ctx(fixture.client(undefined, { steps }));
  return engine(made, 8, (e) => campaign.read(ctx, e.id, { accountId: ACCOUNT } as never), steps);
}

describe("a refresh reads a collection in few calls", () => {
  test("1,000 campaign reads eight at a time make 3 calls to the campaigns endpoint (two waves by id, then one page of the listing), and every campaign is read", async () => {
    const made = await accountWith(1000);
    const read = await refresh(made, false);
    expect(read.map((r) => [r?.id, r?.props.name])).toEqual(made.map((e) => [e.id, e.name]));
    const calls = to("GET", /\/campaigns(\/|$)/);
    // The design's number (docs/architecture.md "Refresh in few calls": 2 to 3 calls): without the engine's gauge, the
    // second wave of reads by id shows a refresh of many, and buys one page (1,000) that serves the rest.
    // A bound of 10 let a listing bought twice, or a third wave by id, pass.
    expect(calls.length).toBe(3);
    expect(calls.filter((r) => r.query.campaign_ids !== undefined).map((r) => r.query.campaign_ids!.split(",").length)).toEqual([8, 8]);
    expect(calls.filter((r) => r.query.campaign_ids === undefined)).toHaveLength(1);
    expect(requests().filter((r) => r.status === 429)).toEqual([]);
  });

  test("when the first wave holds every engine worker, the listing goes with it: one call by id, then the listing serves the rest", async () => {
    const made = await accountWith(1000);
    const read = await refresh(made, true);
    expect(read.map((r) => r?.id)).toEqual(made.map((e) => e.id));
    const calls = to("GET", /\/campaigns$/);
    expect(calls.filter((r) => r.query.campaign_ids !== undefined).map((r) => r.query.campaign_ids!.split(",").length)).toEqual([8]);
    // One page holds the account's 1,000: the listing is bought once.
    expect(calls.filter((r) => r.query.campaign_ids === undefined)).toHaveLength(1);
  });

  test("a stack that reads 5 of an account's 1,200 campaigns reads them by id, without listing the account", async () => {
    const made = await accountWith(1200);
    const mine = [made[3]!, made[500]!, made[777]!, made[1001]!, made[1199]!];
    // With the engine's gauge: 5 reads leave 3 of its 8 workers free.
    const read = await refresh(mine, true);
    expect(read.map((r) => r?.id)).toEqual(mine.map((e) => e.id));
    const calls = to("GET", /\/campaigns$/);
    expect(calls.map((r) => r.query.campaign_ids?.split(",").length)).toEqual([5]);
  });

  test("a campaign edited in the ads UI after a listing was taken reads as edited once this process writes in the account", async () => {
    const c = fixture.client();
    const fi = await seedFundingInstrument(c);
    const made = await seedCampaigns(c, fi, 40);
    const ctx = fixture.ctx(c);
    await engine(made, 8, (e) => campaign.read(ctx, e.id, { accountId: ACCOUNT } as never));
    fixture.emu.control.edit("sandbox", ACCOUNT, "campaigns", made[0]!.id, { name: "edited in the UI" });
    await c.post(campaigns, { funding_instrument_id: fi, name: "a write", entity_status: "PAUSED", daily_budget_amount_local_micro: 1_000_000 });
    const again = await campaign.read(ctx, made[0]!.id, { accountId: ACCOUNT } as never);
    expect(again?.props.name).toBe("edited in the UI");
  });
});

describe("targeting criteria are read by line item, 200 line items a call", () => {
  test("600 line items and their 600 criteria read eight at a time (--parallel 8): the criteria take 3 calls of 200 line items each, a deleted one reads as gone", async () => {
    const { control } = fixture.emu;
    const items = Array.from({ length: 600 }, (_, i) => control.insert("sandbox", ACCOUNT, "line_items", {
      campaign_id: "c1", name: `li ${i}`, objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], entity_status: "PAUSED",
    }));
    const criteria = items.map((li) => control.insert("sandbox", ACCOUNT, "targeting_criteria", {
      line_item_id: li.id, targeting_type: "LOCATION", targeting_value: "96683cc9126741d1", operator_type: "EQ", name: "United States",
    }));
    control.remove("sandbox", ACCOUNT, "targeting_criteria", criteria[450]!.id);
    control.clearRequests();

    // A provider process that knows the engine's --parallel (as on Linux): when a wave goes is the engine's doing, not a window's.
    const steps = new EngineSteps(8);
    const ctx = fixture.ctx(fixture.client(undefined, { steps }));
    await engine(items, 8, (li) => lineItem.read(ctx, li.id, { accountId: ACCOUNT } as never), steps);
    const read = await engine(criteria, 8, (tc) =>
      targetingCriterion.read(ctx, tc.id, { accountId: ACCOUNT, lineItemId: tc.line_item_id } as never), steps);
    expect(read.map((r) => r?.id ?? "gone")).toEqual(criteria.map((tc, i) => (i === 450 ? "gone" : tc.id)));
    // The design's number (collection-reads.ts ParentReads): the first wave holds every engine worker, so its call's filter
    // is filled to the 200 it takes with line items this process read, and so is every later one: 600 / 200 calls.
    // A bound of 5 let a call of 8, or a fourth call, pass.
    expect(to("GET", /\/targeting_criteria$/).map((r) => r.query.line_item_ids!.split(",").length)).toEqual([200, 200, 200]);
    // The line items: one wave by id (every worker's) and, bought with it, one page of the listing that serves the rest.
    const lineItemCalls = to("GET", /\/line_items$/);
    expect(lineItemCalls.filter((r) => r.query.line_item_ids !== undefined).map((r) => r.query.line_item_ids!.split(",").length)).toEqual([8]);
    expect(lineItemCalls.filter((r) => r.query.line_item_ids === undefined)).toHaveLength(1);
    expect(requests().filter((r) => r.status === 429)).toEqual([]);
  });
});

describe("creates batch as far as the engine's parallelism lets them", () => {
  /**
   * 1,000 creates of a kind run 64 at a time (`pulumi up --parallel 64`) in
   * one provider process: each resource gets its own entity, in POSTs of
   * `sizes` items to the kind's collection. A group waits `windowMs` after
   * its last item: an hour where every group fills (or the engine's every
   * worker waits in it), so no POST's round trip can send one early.
   */
  async function createThousand<I>(kind: { create(ctx: never, inputs: I): Promise<{ id: string }> }, inputs: (i: number) => I, collection: string, sizes: number[], windowMs = 3_600_000) {
    const steps = new EngineSteps(64);
    const ctx = fixture.ctx(fixture.client(30_000, { collectWindowMs: windowMs, steps }));
    fixture.emu.control.clearRequests();
    const created = await engine(Array.from({ length: 1000 }, (_, i) => inputs(i)), 64, (i) => kind.create(ctx as never, i), steps);
    expect(new Set(created.map((r) => r.id)).size).toBe(1000);
    expect(requests().filter((r) => r.status === 429)).toEqual([]);
    expect(to("POST", new RegExp(`/${collection}$`)).map((r) => (r.body as unknown[]).length)).toEqual(sizes);
  }

  // A batch takes 40 campaigns or line items (provider/limits.ts): 25 full POSTs.
  test("1,000 line item creates 64 at a time make 25 POSTs of 40 (a batch's most), none refused", async () => {
    const c = fixture.client();
    // A campaign holds at most 100 line items: 50 in each of 20.
    const parents = await seedCampaigns(c, await seedFundingInstrument(c), 20);
    await createThousand(lineItem, (i) => lineItem.check({}, {
      accountId: ACCOUNT, campaignId: parents[i % 20]!.id, name: `created ${i}`, objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS",
      placements: ["ALL_ON_TWITTER"], entityStatus: "PAUSED",
    }).inputs!, "line_items", Array(25).fill(40));
  });

  test("1,000 campaign creates 64 at a time make 25 POSTs of 40 (a batch's most), none refused", async () => {
    const fi = await seedFundingInstrument(fixture.client());
    await createThousand(campaign, (i) => campaign.check({}, {
      accountId: ACCOUNT, fundingInstrumentId: fi, name: `created ${i}`, entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 1_000_000,
    }).inputs!, "campaigns", Array(25).fill(40));
  });

  // The batch endpoint takes 500: each wave of the engine's 64 goes when its last worker waits in it (steps.ts), the last 40
  // (fewer workers than --parallel: more could come) after the window, 1 s here.
  test("1,000 targeting criterion creates 64 at a time make 16 POSTs: 15 of the engine's 64, then the last 40", async () => {
    const values = ["IAB1-1", "IAB1-2", "IAB1-6", "IAB2-1", "IAB2-3", "IAB3-1", "IAB9-30", "IAB17-12", "IAB17-44", "IAB19-6"];
    const items = Array.from({ length: 100 }, (_, i) => fixture.emu.control.insert("sandbox", ACCOUNT, "line_items", {
      campaign_id: "c1", name: `li ${i}`, objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], entity_status: "PAUSED",
    }));
    await createThousand(targetingCriterion, (i) => targetingCriterion.check({}, {
      accountId: ACCOUNT, lineItemId: items[i % 100]!.id, targetingType: "IAB_CATEGORY", targetingValue: values[Math.floor(i / 100)]!,
    }).inputs!, "targeting_criteria", [...Array(15).fill(64), 40], 1000);
  });

  test("a group goes as soon as the engine's every worker waits in it, not after its window", async () => {
    // With an hour's window, the creates finish only if each wave of 8 is sent when its eighth item comes.
    const steps = new EngineSteps(8);
    const c = fixture.client(30_000, { steps });
    const fi = await seedFundingInstrument(c);
    fixture.emu.control.clearRequests();
    const hour = 3_600_000;
    const created = await engine(Array.from({ length: 40 }, (_, i) => i), 8, (i) => c.collect(`campaigns`, i, 40, (items) =>
      c.batch<Entity>(`/12/batch/accounts/${ACCOUNT}/campaigns`, items.map((k) => ({
        operation_type: "Create" as const, params: { funding_instrument_id: fi, name: `wave ${k}`, entity_status: "PAUSED", daily_budget_amount_local_micro: 1_000_000 },
      })), 40), hour), steps);
    expect(created.map((e) => e.name)).toEqual(Array.from({ length: 40 }, (_, i) => `wave ${i}`));
    expect(to("POST", /\/batch\/accounts\/[^/]+\/campaigns$/)).toHaveLength(5);
  });
});

describe("updates that read first batch to the full 40 (xads up --fast's --parallel 160)", () => {
  test("a budget change on 1,000 campaigns, each update reading its campaign first, 160 at a time: 25 batch POSTs of 40 Update items, no PUT", async () => {
    const made = await accountWith(1000);
    const steps = new EngineSteps(160);
    const ctx = fixture.ctx(fixture.client(30_000, { steps }));
    const olds = await engine(made, 160, (e) => campaign.read(ctx, e.id, { accountId: ACCOUNT } as never), steps);
    fixture.emu.control.clearRequests();
    await engine(olds, 160, (o) => campaign.update(ctx, o!.id, o!.props as never, { ...o!.props, dailyBudgetAmountLocalMicro: 2_000_000 } as never), steps);
    // Every worker waits, some in the update's read, the others in the batch: the reads go, and the batch waits for
    // the items they bring, so it goes when it holds 40 (it went with the reads, part full: 30 and more POSTs).
    const posts = to("POST", /\/batch\/accounts\/[^/]+\/campaigns$/);
    expect(posts.map((r) => (r.body as unknown[]).length)).toEqual(Array.from({ length: 25 }, () => 40));
    expect(to("PUT", /\/campaigns\//)).toEqual([]);
    expect(fixture.emu.control.entities("sandbox", ACCOUNT, "campaigns").map((e) => e.daily_budget_amount_local_micro)).toEqual(made.map(() => 2_000_000));
  }, 120_000);
});

describe("reference data: a global read the platform allows 5 times per 15 minutes", () => {
  const categoryRequests = () => to("GET", /^\/12\/content_categories$/);

  test("20 provider processes in a row read content categories with 1 request: the others serve the day-old copy on disk", async () => {
    const answers = [];
    for (let run = 0; run < 20; run++) answers.push(await listContentCategories(fixture.ctx(fixture.client()), cache.options()));
    expect(categoryRequests()).toHaveLength(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toContainEqual(expect.objectContaining({ name: "Sports" }));
  });

  test("20 processes that each want a fresh copy make 5 requests; the others serve the last copy and say which", async () => {
    for (let run = 0; run < 20; run++) await listContentCategories(fixture.ctx(fixture.client()), cache.options({ lifetimeMs: 0 }));
    expect(categoryRequests().map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(cache.said).toHaveLength(15);
    expect(cache.said[0]).toMatch(/^getContentCategories: the platform's 5 requests of GET \/12\/content_categories per window are used until \S+; serving the copy fetched at \S+ \(.*all\.json\)$/);
  });

  test("a query with no copy waits for the reset, and says so, instead of meeting a 429", async () => {
    fixture.emu.control.setRateLimit("bidding_rules", 1, 1);
    const usd = await listBiddingRules(fixture.ctx(fixture.client()), { currency: "USD" }, cache.options());
    const eur = await listBiddingRules(fixture.ctx(fixture.client()), { currency: "EUR" }, cache.options());
    expect([usd[0]?.currency, eur[0]?.currency]).toEqual(["USD", "EUR"]);
    expect(to("GET", /^\/12\/bidding_rules$/).map((r) => r.status)).toEqual([200, 200]);
    expect(cache.said).toEqual([expect.stringMatching(/^getBiddingRules: the platform's 1 requests of GET \/12\/bidding_rules per window are used until \S+, and no copy is kept: waiting \d+ s for the reset$/)]);
  });
});
