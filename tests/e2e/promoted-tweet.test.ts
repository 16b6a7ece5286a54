/**
 * Promoted Tweets with the real pulumi CLI: 120 on one line item in one up
 * are grouped into POSTs of at most 50. The rest of their walk (replace,
 * refresh, destroy) is a row of walk-table.ts.
 */
import { ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;

const TWEETS = Array.from({ length: 120 }, (_, i) => String(1_500_000_000_000_000_000n + BigInt(i)));

const PROGRAM: ProgramResource[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  { type: "Campaign", name: "c", args: { fundingInstrumentId: "${usd.id}", name: "C", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
  { type: "LineItem", name: "li", args: { campaignId: "${c.id}", objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
  ...TWEETS.map((tweetId, i) => ({ type: "PromotedTweet", name: `pt${i}`, args: { lineItemId: "${li.id}", tweetId } })),
];

const posts = () => e2e.emu.control.requests().filter((r) => r.method === "POST" && /\/promoted_tweets/.test(r.path));

beforeAll(async () => {
  stack = e2e.stack("promoted-tweet");
  stack.writeProgram(PROGRAM);
  await stack.init();
});

test("one up creating 120 promoted Tweets on one line item sends at most 4 POSTs (one at a time: 120)", async () => {
  // Grouping is bounded by how many creates the engine runs at once (--parallel, 8 by default).
  // 3 POSTs of 50 is the least; on a loaded machine the engine can pause longer than the
  // batch window between two creates, which splits one group (seen once under a soak run).
  expect(await stack.run(["up", "--yes", "--skip-preview", "--parallel", "128"])).toMatchObject({ code: 0 });
  expect(e2e.live("promoted_tweets").map((p) => p.tweet_id).sort()).toEqual([...TWEETS].sort());
  expect(posts().length).toBeLessThanOrEqual(4);
  // ... and none holds more Tweets than the platform takes in one POST (50).
  const sizes = posts().map((post) => (post.query.tweet_ids ?? "").split(",").filter(Boolean).length);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(TWEETS.length);
  for (const size of sizes) expect(size).toBeLessThanOrEqual(50);
  // A split group leaves at most two POSTs short of full (4 of 30 would be a packing fault).
  expect(sizes.filter((size) => size < 50).length).toBeLessThanOrEqual(2);
});
