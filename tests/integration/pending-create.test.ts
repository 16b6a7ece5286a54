/**
 * A create that may have committed is never forgotten (docs/architecture.md rule 7):
 * when the POST commits without an answer and the look-up after it fails
 * too, the create fails as a partial create (a pending id, the inputs and a
 * marker), and the next `up` (diff plans a replacement, its create looks
 * the entity up first) takes over what was made instead of creating it again.
 * Counts come from the emulator's state, not from the provider's answers.
 */
import { campaign } from "../../provider/resources/campaign";
import { ResourceDefinition } from "../../provider/resources/define";
import { fundingInstrument } from "../../provider/resources/funding-instrument";
import { promotedTweet } from "../../provider/resources/promoted-tweet";
import { ACCOUNT, seedFundingInstrument, seedLineItem, useEmulator } from "./fixtures";

const fixture = useEmulator();
const emu = () => fixture.emu;
/** No waits between retries: six failed look-ups take milliseconds, not the 16 s of the client's backoff. */
const client = (timeoutMs = 30_000) => fixture.client(timeoutMs, { sleep: async () => {}, collectWindowMs: 200 });
const ctx = (timeoutMs?: number) => fixture.ctx(client(timeoutMs));

const live = (collection: string) => emu().control.entities("sandbox", ACCOUNT, collection);
const requests = () => emu().control.requests();

type Partial = Error & { id: string; properties: Record<string, unknown> };
/** A partial create's properties, as the engine hands a resource's state back. */
const state = (p: Partial) => p.properties as never;

/** The POST commits and its answer never comes; the six look-ups after it lose their connections. */
function outage(collection: string, postPath = `/${collection}$`) {
  emu().control.fault({ method: "POST", path: postPath, kind: "timeout-after-commit", delayMs: 3000 });
  emu().control.fault({ method: "GET", path: `/${collection}$`, kind: "drop", times: 6 });
}

async function failedCreates<I>(def: ResourceDefinition, items: I[]): Promise<Partial[]> {
  const shared = ctx(500);
  const results = await Promise.allSettled(items.map((i) => def.create(shared, i)));
  return results.map((r) => {
    if (r.status === "fulfilled") throw new Error(`the create succeeded: ${JSON.stringify(r.value)}`);
    return r.reason as Partial;
  });
}

/** The next `pulumi up`, as the engine runs it: diff against the pending state (a replacement), then the create of the replacement. */
async function nextUp<I>(def: ResourceDefinition, pending: Partial[], items: I[]) {
  const shared = ctx();
  for (const [i, p] of pending.entries()) expect(def.diff(p.id, p.properties, items[i] as object)).toMatchObject({ changes: true, replaces: ["__pendingCreate"] });
  return Promise.all(items.map((i) => def.create(shared, i)));
}

let fi: string;
beforeEach(async () => {
  fi = await seedFundingInstrument(client());
});

const campaignInputs = (name: string) =>
  campaign.check({}, { accountId: ACCOUNT, fundingInstrumentId: fi, name, dailyBudgetAmountLocalMicro: 1_000_000 }).inputs!;

test("a campaign whose POST committed without an answer, and whose look-up failed, is pending; the next up takes it over, once", async () => {
  outage("campaigns");
  const [pending] = await failedCreates(campaign, [campaignInputs("Spring")]);
  expect(pending!.id).toMatch(/^pending-Campaign-\d+-[0-9a-f]{4}$/);
  expect(pending!.message).toMatch(/campaign "Spring" may exist on the platform: its create got no answer \(POST .*campaigns: NO_RESPONSE.*\), and looking it up failed too \(GET .*campaigns: NETWORK_ERROR: no answer after 6 attempts/);
  expect(pending!.message).toMatch(/the next pulumi up looks it up before creating anything/);
  expect(pending!.properties).toMatchObject({ name: "Spring", fundingInstrumentId: fi, __pendingCreate: { sentAt: expect.any(String), what: 'campaign "Spring"' } });
  expect(live("campaigns").map((c) => c.name)).toEqual(["Spring"]);

  emu().control.clearRequests();
  const [resumed] = await nextUp(campaign, [pending!], [campaignInputs("Spring")]);
  expect(live("campaigns").map((c) => [c.id, c.name])).toEqual([[resumed!.id, "Spring"]]);
  expect(requests().filter((r) => r.method === "POST")).toEqual([]);
  expect(resumed!.outs).toMatchObject({ name: "Spring", fundingInstrumentId: fi });
});

test("a campaign batch committed without an answer: every campaign is pending, and the next up takes each over, once", async () => {
  outage("campaigns", "/batch/accounts/[^/]+/campaigns$");
  const names = ["B1", "B2", "B3", "B4"];
  const pending = await failedCreates(campaign, names.map(campaignInputs));
  expect(requests().filter((r) => r.method === "POST" && r.path.includes("/batch/"))).toHaveLength(1);
  expect(pending.map((p) => p.properties.name)).toEqual(names);
  expect(new Set(pending.map((p) => p.id)).size).toBe(names.length);

  emu().control.clearRequests();
  const resumed = await nextUp(campaign, pending, names.map(campaignInputs));
  expect(live("campaigns").map((c) => c.name).sort()).toEqual(names);
  expect(resumed.map((r) => r.id)).toEqual(names.map((n) => live("campaigns").find((c) => c.name === n)!.id));
  expect(requests().filter((r) => r.method === "POST")).toEqual([]);
});

test("promoted Tweets committed without an answer are pending, and the next up finds each record, once", async () => {
  const lineItemId = await seedLineItem(client(), { objective: "ENGAGEMENTS" });
  const tweets = ["101", "102", "103"];
  const inputs = (tweetId: string) => promotedTweet.check({}, { accountId: ACCOUNT, lineItemId, tweetId }).inputs!;
  outage("promoted_tweets");
  const pending = await failedCreates(promotedTweet, tweets.map(inputs));
  expect(pending.map((p) => p.id)).toEqual(tweets.map(() => expect.stringMatching(/^pending-PromotedTweet-/)));
  expect(pending[0]!.message).toMatch(/promotion of Tweet 101 on line item \w+ may exist on the platform/);

  emu().control.clearRequests();
  const resumed = await nextUp(promotedTweet, pending, tweets.map(inputs));
  expect(live("promoted_tweets").map((p) => String(p.tweet_id)).sort()).toEqual(tweets);
  expect(resumed.map((r) => r.id).sort()).toEqual(live("promoted_tweets").map((p) => p.id).sort());
  expect(requests().filter((r) => r.method === "POST")).toEqual([]);
});

test("a funding instrument committed without an answer is pending, and the next up takes it over, once", async () => {
  const inputs = fundingInstrument.check({}, { accountId: ACCOUNT, currency: "EUR", startTime: "2026-03-01T00:00:00Z" }).inputs!;
  outage("funding_instruments");
  const pending = await failedCreates(fundingInstrument, [inputs]);
  expect(pending[0]!.id).toMatch(/^pending-FundingInstrument-/);
  const [resumed] = await nextUp(fundingInstrument, pending, [inputs]);
  expect(live("funding_instruments").filter((f) => f.currency === "EUR").map((f) => f.id)).toEqual([resumed!.id]);
});

test("a pending create that made nothing is created by the next up", async () => {
  // The connection drops before the POST is handled: nothing commits.
  emu().control.fault({ method: "POST", path: "/campaigns$", kind: "drop" });
  emu().control.fault({ method: "GET", path: "/campaigns$", kind: "drop", times: 6 });
  const pending = await failedCreates(campaign, [campaignInputs("Never")]);
  expect(live("campaigns")).toEqual([]);
  const [created] = await nextUp(campaign, pending, [campaignInputs("Never")]);
  expect(live("campaigns").map((c) => [c.id, c.name])).toEqual([[created!.id, "Never"]]);
});

test("a pending campaign renamed before the next up is taken over and renamed, not created again", async () => {
  outage("campaigns");
  const pending = await failedCreates(campaign, [campaignInputs("Before")]);
  const [resumed] = await nextUp(campaign, pending, [campaignInputs("After")]);
  expect(live("campaigns").map((c) => [c.id, c.name])).toEqual([[resumed!.id, "After"]]);
});

test("the next up's look-up failing again keeps the resource pending with the first create's time", async () => {
  outage("campaigns");
  const [pending] = await failedCreates(campaign, [campaignInputs("Twice")]);
  emu().control.fault({ method: "GET", path: "/campaigns$", kind: "drop", times: 6 });
  campaign.diff(pending!.id, state(pending!), campaignInputs("Twice"));
  const again = await campaign.create(ctx(), campaignInputs("Twice")).catch((e: Partial) => e);
  expect(again).toMatchObject({ id: expect.stringMatching(/^pending-Campaign-/), properties: { __pendingCreate: pending!.properties.__pendingCreate } });
  expect(live("campaigns")).toHaveLength(1);
});

test("refresh of a pending resource reads the entity it made under its own id, or reports it gone", async () => {
  outage("campaigns");
  const [pending] = await failedCreates(campaign, [campaignInputs("Read me")]);
  const read = await campaign.read(ctx(), pending!.id, state(pending!));
  expect(read).toMatchObject({ id: live("campaigns")[0]!.id, props: { name: "Read me" } });
  emu().control.remove("sandbox", ACCOUNT, "campaigns", read!.id);
  expect(await campaign.read(ctx(), pending!.id, state(pending!))).toBeUndefined();
});

test("deleting a pending resource sends nothing, even when deletion protection is on, and says what may be left", async () => {
  outage("campaigns");
  const [pending] = await failedCreates(campaign, [campaignInputs("Keep")]);
  emu().control.clearRequests();
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    await campaign.delete(ctx(), pending!.id, state(pending!));
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(/campaign pending-Campaign-\S+ was pending .*nothing is deleted; if campaign "Keep" exists and no resource holds it, delete it in the ads UI/);
  } finally {
    stderr.mockRestore();
  }
  expect(requests()).toEqual([]);
});
