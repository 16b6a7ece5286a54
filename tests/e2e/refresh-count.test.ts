/**
 * How many calls `pulumi refresh` makes with the real CLI at its default
 * `--parallel` (the rule is provider/client/collection-reads.ts,
 * told in docs/architecture.md's "Refresh in few calls"): the engine reads a few
 * entities at a time, so reads coalesced only while in flight together cost
 * about N/8 calls a collection on 2 cores. Instead, after two waves of reads
 * by id (or one that holds every engine worker), the listing of the
 * account's collection (1,000 a page) serves the rest: a collection of up
 * to 1,000 costs one or two calls by id and one page.
 */
import { ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const N = 60;

const e2e = useStackEmulator();
let stack: Stack;

const PROGRAM: ProgramResource[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  ...Array.from({ length: N }, (_, i): ProgramResource[] => [
    { type: "Campaign", name: `c${i}`, args: { fundingInstrumentId: "${usd.id}", name: `C ${i}`, entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: `li${i}`, args: { campaignId: `\${c${i}.id}`, name: `L ${i}`, objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], entityStatus: "PAUSED" } },
  ]).flat(),
];

beforeAll(async () => {
  stack = e2e.stack("refresh-count");
  stack.writeProgram(PROGRAM);
  await stack.init();
  const up = await stack.up();
  if (up.code !== 0) throw new Error(`pulumi up exited ${up.code}\n${up.stdout}\n${up.stderr}`);
});

test(`a refresh of ${N} campaigns and their ${N} line items reads each collection with one page of its listing, in at most 5 calls (by id, 8 at a time: ${Math.ceil(N / 8)}), and finds no change`, async () => {
  const { control } = e2e.emu;
  control.clearRequests();
  const refresh = await stack.run(["refresh", "--yes", "--skip-preview", "--expect-no-changes"]);
  expect(refresh.code).toBe(0);
  // Per collection: the calls, those that listed the account's collection
  // (no ids filter), and the calls by id that held more than one id.
  const calls = (collection: string, ids: string) => {
    const gets = control.requests().filter((r) => r.method === "GET" && r.path.endsWith(`/${collection}`));
    const byId = gets.filter((r) => r.query[ids] !== undefined);
    return { calls: gets.length, listings: gets.length - byId.length, wavesOfMany: byId.filter((r) => r.query[ids]!.includes(",")).length };
  };
  const counts = { campaigns: calls("campaigns", "campaign_ids"), lineItems: calls("line_items", "line_item_ids") };
  // Two waves of many ids read by id (one, when it holds every engine
  // worker) buy one page of the listing, which answers the rest; a read that
  // comes alone (as the engine starts, say) is its own call and buys
  // nothing: at most two such here.
  for (const c of Object.values(counts)) {
    expect(c).toEqual({ calls: expect.any(Number), listings: 1, wavesOfMany: expect.any(Number) });
    expect(c.wavesOfMany).toBeLessThanOrEqual(2);
    expect(c.calls).toBeLessThanOrEqual(5);
  }
  expect(control.requests().filter((r) => r.status === 429)).toEqual([]);
  expect(control.requests().filter((r) => r.method !== "GET")).toEqual([]);
});
