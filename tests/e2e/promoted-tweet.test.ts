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

test("one up creating 120 promoted Tweets on one line item at --parallel 128 sends 3 POSTs: 50, 50, then the last 20", async () => {
  // The design's number (provider/client/client.ts collect): with every create running at once, a group goes as soon as
  // it holds the 50 Tweets a POST takes, and the last 20 when no create has come for the 2 s window (the engine's
  // workers are not all waiting in it: steps.ts). A bound of 4 let a split group, or a POST of 30, pass.
  expect(await stack.run(["up", "--yes", "--skip-preview", "--parallel", "128"])).toMatchObject({ code: 0 });
  expect(e2e.live("promoted_tweets").map((p) => p.tweet_id).sort()).toEqual([...TWEETS].sort());
  expect(posts().map((post) => (post.query.tweet_ids ?? "").split(",").filter(Boolean).length)).toEqual([50, 50, 20]);
});
