/**
 * How many calls `pulumi refresh` makes with the real CLI, 8 resources at a
 * time (`--parallel 8`, which the provider reads from the CLI's command
 * line: provider/engine.ts engineParallel); the rule is
 * provider/client/collection-reads.ts, told in docs/architecture.md's
 * "Refresh in few calls". The engine reads a few entities at a time, so
 * reads coalesced only while in flight together cost about N/8 calls a
 * collection. Instead, the first wave of a collection's reads holds every
 * engine worker (the engine has more to read than it can ask at once), so
 * it buys the listing of the account's collection (1,000 a page), which
 * serves the rest: 2 calls a collection, whatever its size up to 1,000.
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

test(`a refresh of ${N} campaigns and their ${N} line items, 8 at a time, reads each collection in 2 calls (one wave by id holding every engine worker, one page of its listing; by id alone: ${Math.ceil(N / 8)}), and finds no change`, async () => {
  const { control } = e2e.emu;
  control.clearRequests();
  const refresh = await stack.run(["refresh", "--yes", "--skip-preview", "--expect-no-changes", "--parallel", "8"]);
  expect(refresh.code).toBe(0);
  // Per collection: the calls, those that listed the account's collection
  // (no ids filter), and the calls by id that held more than one id.
  const calls = (collection: string, ids: string) => {
    const gets = control.requests().filter((r) => r.method === "GET" && r.path.endsWith(`/${collection}`));
    const byId = gets.filter((r) => r.query[ids] !== undefined);
    return { calls: gets.length, listings: gets.length - byId.length, wavesOfMany: byId.filter((r) => r.query[ids]!.includes(",")).length };
  };
  // The design's number: the state holds the funding instrument, then the
  // campaigns, then the line items, and the engine reads them in that
  // order, so each collection's first wave is the engine's 8 workers (the
  // campaigns' 7 beside the funding instrument): it counts as two waves and
  // buys the page at once. Bounds of 5 calls and 2 waves let a second wave
  // by id, or reads that came alone, pass.
  expect({ campaigns: calls("campaigns", "campaign_ids"), lineItems: calls("line_items", "line_item_ids") }).toEqual({
    campaigns: { calls: 2, listings: 1, wavesOfMany: 1 },
    lineItems: { calls: 2, listings: 1, wavesOfMany: 1 },
  });
  expect(control.requests().filter((r) => r.status === 429)).toEqual([]);
  expect(control.requests().filter((r) => r.method !== "GET")).toEqual([]);
});
