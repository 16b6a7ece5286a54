/**
 * PromotedTweet with the real pulumi CLI: 120 on one line item in one up
 * (grouped into POSTs of 50), no-change preview, a changed tweetId replaces
 * with the reason and no PUT is ever sent, refresh after an out-of-band
 * delete, destroy.
 */
import { ACCOUNT_ID, Credentials, Emulator, ResourceSpec, Stack, startStackEmulator } from "./harness";

jest.setTimeout(600_000);

let emu: Emulator;
let creds: Credentials;
let stack: Stack;

const TWEETS = Array.from({ length: 120 }, (_, i) => String(1_500_000_000_000_000_000n + BigInt(i)));

function program(tweets: string[]): ResourceSpec[] {
  return [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "c", args: { fundingInstrumentId: "${usd.id}", name: "C", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: "li", args: { campaignId: "${c.id}", objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
    ...tweets.map((tweetId, i) => ({ type: "PromotedTweet", name: `pt${i}`, args: { lineItemId: "${li.id}", tweetId } })),
  ];
}

const promoted = (withDeleted = false) => emu.control.entities("sandbox", ACCOUNT_ID, "promoted_tweets", { withDeleted });
const requests = (method: string) => emu.control.requests().filter((r) => r.method === method && /\/promoted_tweets/.test(r.path));

beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  stack = new Stack("promoted-tweet", emu, creds);
  stack.writeProgram(program(TWEETS));
  await stack.init();
});
afterAll(async () => emu?.close());

test("one up creating 120 promoted Tweets on one line item sends at most 3 POSTs", async () => {
  // Grouping is bounded by how many creates the engine runs at once (--parallel, 8 by default).
  expect(await stack.run(["up", "--yes", "--skip-preview", "--parallel", "128"])).toMatchObject({ code: 0 });
  expect(promoted().map((p) => p.tweet_id).sort()).toEqual([...TWEETS].sort());
  expect(requests("POST").length).toBeLessThanOrEqual(3);
  // ... and none holds more Tweets than the platform takes in one POST (50).
  const sizes = requests("POST").map((post) => (post.query.tweet_ids ?? "").split(",").filter(Boolean).length);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(TWEETS.length);
  for (const size of sizes) expect(size).toBeLessThanOrEqual(50);
});

test("a second preview has no changes", async () => {
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("changing a tweetId replaces that promoted Tweet, the preview says why, and no PUT is ever sent", async () => {
  const changed = [...TWEETS];
  changed[0] = "42";
  stack.writeProgram(program(changed));
  const preview = await stack.preview("--diff");
  expect(preview.stdout).toMatch(/\+-pulumi-nodejs:dynamic\/xads:PromotedTweet: \(replace\)\s+\[id=\w+\]\s+\[urn=\S+::pt0\]/);
  expect(preview.stdout).toMatch(/~ tweetId\s*: "1500000000000000000" => "42"/);
  expect(preview.stdout).toMatch(/\+-1 to replace/);
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(promoted().map((p) => p.tweet_id)).toContain("42");
  expect(promoted().map((p) => p.tweet_id)).not.toContain(TWEETS[0]);
  expect(requests("PUT")).toEqual([]);
});

test("a promoted Tweet deleted out of band is dropped by refresh and promoted again by up", async () => {
  const victim = promoted().find((p) => p.tweet_id === TWEETS[1])!;
  emu.control.remove("sandbox", ACCOUNT_ID, "promoted_tweets", victim.id);
  expect(await stack.run(["refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(promoted().filter((p) => p.tweet_id === TWEETS[1])).toHaveLength(1);
});

test("destroy deletes every promoted Tweet by its record id", async () => {
  expect(await stack.run(["destroy", "--yes", "--skip-preview", "--parallel", "128"])).toMatchObject({ code: 0 });
  expect(promoted()).toEqual([]);
  expect(requests("DELETE").every((r) => !/\/promoted_tweets\/\d{10,}$/.test(r.path))).toBe(true);
  expect(requests("PUT")).toEqual([]);
});
