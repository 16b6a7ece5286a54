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
 * serves the rest: a few calls a collection, whatever its size up to 1,000.
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

test(`a refresh of ${N} campaigns and their ${N} line items, 8 at a time, reads each collection in one page of its listing after at most two waves by id, none by id once the page is asked for (by id alone: ${Math.ceil(N / 8)}), and finds no change`, async () => {
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
  // The design's number (collection-reads.ts): the first waves of reads by
  // id that hold more than one id buy one page of the account's listing, at
  // once when a wave holds every engine worker (it counts as two), else at
  // the second; a read that came alone counts for nothing. Once the page is
  // asked for, reads wait for it and it serves them all: after the listing
  // only the wave that bought it goes by id. Which waves hold every worker
  // is the engine's timing; these counts are not.
  for (const [collection, ids] of [["campaigns", "campaign_ids"], ["line_items", "line_item_ids"]] as const) {
    const gets = control.requests().filter((r) => r.method === "GET" && r.path.endsWith(`/${collection}`)).sort((x, y) => x.seq - y.seq);
    const listing = gets.findIndex((r) => r.query[ids] === undefined);
    const counted = calls(collection, ids);
    expect({ collection, listings: counted.listings }).toEqual({ collection, listings: 1 });
    expect({ collection, afterListing: gets.slice(listing + 1).length <= 1, wavesOfMany: counted.wavesOfMany <= 2 }).toEqual({ collection, afterListing: true, wavesOfMany: true });
  }
  expect(control.requests().filter((r) => r.status === 429)).toEqual([]);
  expect(control.requests().filter((r) => r.method !== "GET")).toEqual([]);
});
