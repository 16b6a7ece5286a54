import { Entity } from "../../provider/client";
import { promotedTweet } from "../../provider/resources/promoted-tweet";
import { ACCOUNT, seedLineItem, useEmulator } from "./fixtures";

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;
let lineItemId: string;
const inputs = (tweetId: string) => promotedTweet.check({}, { accountId: ACCOUNT, lineItemId, tweetId }).inputs!;
const posts = () => emu().control.requests().filter((r) => r.method === "POST" && r.path.endsWith("/promoted_tweets"));

beforeEach(async () => {
  lineItemId = await seedLineItem(client(), { objective: "ENGAGEMENTS" });
  emu().control.clearRequests();
});

test("120 concurrent creates on one line item are sent as 3 POSTs of at most 50 Tweets, each getting its own record", async () => {
  const shared = ctx();
  const tweetIds = Array.from({ length: 120 }, (_, i) => String(1_000_000 + i));
  const created = await Promise.all(tweetIds.map((t) => promotedTweet.create(shared, inputs(t))));
  expect(posts().map((p) => String(p.query.tweet_ids).split(",").length)).toEqual([50, 50, 20]);
  expect(created.map((c) => c.outs.tweetId)).toEqual(tweetIds);
  expect(new Set(created.map((c) => c.id)).size).toBe(120);
});

test("a POST whose answer never came is not sent twice: each Tweet finds its committed record", async () => {
  const shared = ctx(client(500));
  emu().control.fault({ method: "POST", path: "/promoted_tweets$", kind: "timeout-after-commit", delayMs: 3000 });
  const created = await Promise.all(["11", "12"].map((t) => promotedTweet.create(shared, inputs(t))));
  expect(posts()).toHaveLength(1);
  const live = emu().control.entities("sandbox", ACCOUNT, "promoted_tweets", {});
  expect(created.map((c) => c.id).sort()).toEqual(live.map((e) => e.id).sort());
});

test("a POST whose connection dropped before anything committed is sent again once the wait proved it made nothing: each Tweet promoted once", async () => {
  const shared = ctx(client(500));
  emu().control.fault({ method: "POST", path: "/promoted_tweets$", kind: "drop" });
  const created = await Promise.all(["21", "22"].map((t) => promotedTweet.create(shared, inputs(t))));
  expect(posts().map((p) => [p.status, p.query.tweet_ids])).toEqual([[null, "21,22"], [201, "21,22"]]);
  const live = emu().control.entities("sandbox", ACCOUNT, "promoted_tweets", {});
  expect(live.map((e) => String(e.tweet_id)).sort()).toEqual(["21", "22"]);
  expect(created.map((c) => c.id).sort()).toEqual(live.map((e) => e.id).sort());
});

test("a promoted Tweet whose line item was deleted reads as gone, though its own record is not marked deleted", async () => {
  const { id, outs } = await promotedTweet.create(ctx(), inputs("77"));
  emu().control.remove("sandbox", ACCOUNT, "line_items", lineItemId);
  expect(emu().control.entities("sandbox", ACCOUNT, "promoted_tweets", {}).find((e) => e.id === id)).toMatchObject({ deleted: false });
  expect(await promotedTweet.read(ctx(), id, outs)).toBeUndefined();
});

test("the platform has no PUT for promoted Tweets: the emulator answers 405", async () => {
  const { id } = await promotedTweet.create(ctx(), inputs("88"));
  const err = await client().put<Entity>(`/12/accounts/${ACCOUNT}/promoted_tweets/${id}`, { tweet_id: "89" }).catch((e: unknown) => e);
  expect(err).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
});
