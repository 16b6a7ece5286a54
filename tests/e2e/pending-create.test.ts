/**
 * A create that may have committed is never forgotten, with the real CLI:
 * the POST commits without an answer and the six look-ups after it lose
 * their connections, so `pulumi up` fails and records the resources as
 * pending; the next, fault-free `pulumi up` finds what was made instead of
 * creating it again. Counted from the emulator's state.
 */
import { HELD_MS, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;

const BASE: ProgramResource[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  { type: "Campaign", name: "base", args: { fundingInstrumentId: "${usd.id}", name: "Base", dailyBudgetAmountLocalMicro: 1_000_000 } },
  { type: "LineItem", name: "li", args: { campaignId: "${base.id}", objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
];
const campaigns = (names: string[]): ProgramResource[] => names.map((n) => ({
  type: "Campaign", name: n, args: { fundingInstrumentId: "${usd.id}", name: n, dailyBudgetAmountLocalMicro: 1_000_000 },
}));
const promotions = (tweets: string[]): ProgramResource[] => tweets.map((t) => ({ type: "PromotedTweet", name: `pt${t}`, args: { lineItemId: "${li.id}", tweetId: t } }));


/**
 * The POST commits and its answer is held until the test releases it, after
 * the up (the provider gives up at its own 2 s time-out, the behaviour under
 * test); the six look-ups after it lose their connections. `posts`: the
 * engine may start a batch's creates far enough apart that they take two POSTs.
 */
function outage(collection: string, posts = 1): void {
  e2e.emu.control.fault({ method: "POST", path: `/${collection}$`, kind: "timeout-after-commit", delayMs: HELD_MS, times: posts });
  e2e.emu.control.fault({ method: "GET", path: `/${collection}$`, kind: "drop", times: 6 * posts });
}

async function pendingIds(): Promise<string[]> {
  const state = await stack.deployment();
  expect(state.pending_operations ?? []).toEqual([]);
  return state.resources.map((r) => r.id ?? "").filter((id) => id.startsWith("pending-"));
}

/** The failed up, then the fault-free one: everything once, nothing pending, an empty preview. */
async function failThenConverge(program: ProgramResource[], fault: () => void, expected: number): Promise<string> {
  stack.writeProgram(program);
  fault();
  const failed = await stack.up();
  // Every answer the outage held was still held when the up ended: it got none.
  expect(e2e.emu.control.releaseHeld()).toBeGreaterThan(0);
  expect(failed.code).not.toBe(0);
  const output = failed.stdout + failed.stderr;
  expect(output).toMatch(/may exist on the platform: its create got no answer/);
  expect(output).toMatch(/the next pulumi up looks it up before creating anything/);
  expect(await pendingIds()).toHaveLength(expected);
  e2e.emu.control.clearFaults();
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(await pendingIds()).toEqual([]);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  return output;
}

beforeAll(async () => {
  stack = e2e.stack("pending-create");
  stack.writeProgram(BASE);
  await stack.init();
  await stack.must(["config", "set", "xads:requestTimeoutMs", "2000"]);
  expect(await stack.up()).toMatchObject({ code: 0 });
});

const SOLO = campaigns(["Solo"]);
const BATCH = ["B1", "B2", "B3", "B4", "B5", "B6"];

test("a single campaign: the failed up keeps it pending, the next up takes it over, and it exists once", async () => {
  await failThenConverge([...BASE, ...SOLO], () => outage("campaigns"), 1);
  expect(e2e.live("campaigns").filter((c) => c.name === "Solo")).toHaveLength(1);
});

test("a campaign batch: every campaign of the batch is pending, and each exists once after the next up", async () => {
  await failThenConverge([...BASE, ...SOLO, ...campaigns(BATCH)], () => outage("campaigns", 2), BATCH.length);
  for (const n of ["Solo", ...BATCH]) expect(e2e.live("campaigns").filter((c) => c.name === n)).toHaveLength(1);
});

test("promoted Tweets: each is pending, and each Tweet is promoted once after the next up", async () => {
  const tweets = ["9001", "9002", "9003"];
  await failThenConverge([...BASE, ...SOLO, ...campaigns(BATCH), ...promotions(tweets)], () => outage("promoted_tweets", 2), tweets.length);
  expect(e2e.live("promoted_tweets").map((p) => String(p.tweet_id)).sort()).toEqual(tweets);
});
