/**
 * The posts family against the emulator: draft, scheduled and published
 * Tweets, scheduled promoted Tweets, media creatives, account media and
 * the getAccountMedia data source. The emulator's rules (ref
 * campaign-management/reference.mdx and ref creatives/reference.mdx) and each resource's lifecycle.
 */
import { AdsApiError, ValidationError } from "../../provider/client";
import { listAccountMedia } from "../../provider/data-sources";
import { draftTweet } from "../../provider/resources/draft-tweet";
import { mediaCreative } from "../../provider/resources/media-creative";
import { scheduledPromotedTweet } from "../../provider/resources/scheduled-promoted-tweet";
import { scheduledTweet } from "../../provider/resources/scheduled-tweet";
import { tweet } from "../../provider/resources/tweet";
import { DEMO_USER_ID } from "../../emulator/seed";
import { ACCOUNT, inFuture, refusal, seedLineItem, useEmulator } from "./fixtures";

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;
const base = `/12/accounts/${ACCOUNT}`;
const USER = DEMO_USER_ID;
const valid = <I>(def: { check(o: object, n: Record<string, unknown>): { inputs?: I; failures?: unknown[] } }, news: Record<string, unknown>): I => {
  const r = def.check({}, { accountId: ACCOUNT, asUserId: USER, ...news });
  expect(r.failures).toBeUndefined();
  return r.inputs!;
};

describe("draft Tweets", () => {
  test("create, read through GET tweets, update in place, unset media by an empty value, idempotent delete", async () => {
    const inputs = valid(draftTweet, { text: "Spring looks", mediaKeys: ["3_1001", "3_1002"], name: "Spring" });
    const { id, outs } = await draftTweet.create(ctx(), inputs);
    expect(id).toMatch(/^\d+$/);
    expect(outs).toMatchObject({ asUserId: USER, text: "Spring looks", mediaKeys: ["3_1001", "3_1002"], nullcast: true, name: "Spring" });
    const next = { ...inputs, text: "Spring looks, again", mediaKeys: undefined };
    const updated = await draftTweet.update(ctx(), id, outs, next);
    expect(updated).toMatchObject({ text: "Spring looks, again", nullcast: true });
    expect(updated.mediaKeys).toBeUndefined();
    const put = emu().control.requests().find((r) => r.method === "PUT")!;
    expect(put.query).toEqual(expect.objectContaining({ media_keys: "", text: "Spring looks, again" }));
    expect((await draftTweet.read(ctx(), id, updated))?.props).toMatchObject({ text: "Spring looks, again" });
    await draftTweet.delete(ctx(), id, updated);
    await draftTweet.delete(ctx(), id, updated);
    expect(await draftTweet.read(ctx(), id, updated)).toBeUndefined();
  });

  test("the emulator refuses 5 images, a GIF with an image, media not in the library, and no text without media", async () => {
    const post = (q: Record<string, string>) => refusal(client().post(`${base}/draft_tweets`, { as_user_id: USER, ...q }));
    expect(await post({ media_keys: "3_1001,3_1002,3_1003,3_1004,3_1005" })).toMatchObject({ parameter: "media_keys", message: expect.stringContaining("media_keys may hold at most 4 images (got 5 images)") });
    expect(await post({ media_keys: "16_2001,3_1001" })).toMatchObject({ parameter: "media_keys", message: expect.stringContaining("1 animated GIF and nothing else") });
    expect(await post({ media_keys: "7_3001,7_3002" })).toMatchObject({ parameter: "media_keys", message: expect.stringContaining("1 video and nothing else") });
    expect(await post({ media_keys: "3_9999" })).toMatchObject({ parameter: "media_keys", message: expect.stringContaining("not in the media library") });
    expect(await post({})).toMatchObject({ code: "MISSING_PARAMETER", parameter: "text" });
    expect(await post({ text: "x", name: "n".repeat(81) })).toMatchObject({ parameter: "name", message: expect.stringContaining("at most 80") });
    expect(await post({ text: "x", as_user_id: "1" })).toMatchObject({ parameter: "as_user_id" });
  });

  test("a create whose answer never came is not sent twice: the committed draft is found among the user's drafts", async () => {
    emu().control.fault({ method: "POST", path: "/draft_tweets$", kind: "timeout-after-commit", delayMs: 3000 });
    const { id, outs } = await draftTweet.create(ctx(client(500)), valid(draftTweet, { text: "Lost answer", name: "Lost" }));
    expect(outs).toMatchObject({ asUserId: USER, text: "Lost answer", name: "Lost" });
    expect(emu().control.requests().filter((r) => r.method === "POST")).toHaveLength(1);
    expect(emu().control.entities("sandbox", ACCOUNT, "draft_tweets").map((t) => t.id)).toEqual([id]);
  });

  test("draft lists take count 1 to 200", async () => {
    expect(await refusal(client().get(`${base}/draft_tweets`, { count: 201 }))).toMatchObject({ parameter: "count" });
    await client().post(`${base}/draft_tweets`, { as_user_id: USER, text: "a" });
    expect(await client().get<unknown[]>(`${base}/draft_tweets`, { count: 200 })).toHaveLength(1);
  });
});

describe("scheduled Tweets", () => {
  test("create in the future, update text and time in place, delete", async () => {
    const at = inFuture();
    const inputs = valid(scheduledTweet, { text: "Soon", scheduledAt: at, mediaKeys: ["16_2001"] });
    const { id, outs } = await scheduledTweet.create(ctx(), inputs);
    expect(outs).toMatchObject({ scheduledAt: at, scheduledStatus: "SCHEDULED", mediaKeys: ["16_2001"] });
    const later = inFuture(40);
    const updated = await scheduledTweet.update(ctx(), id, outs, { ...inputs, text: "Later", scheduledAt: later });
    expect(updated).toMatchObject({ text: "Later", scheduledAt: later });
    expect((await scheduledTweet.read(ctx(), id, updated))?.props).toMatchObject({ text: "Later", scheduledAt: later });
    await scheduledTweet.delete(ctx(), id, updated);
    expect(await scheduledTweet.read(ctx(), id, updated)).toBeUndefined();
  });

  test("the emulator refuses a time in the past, and a PUT of the media (create-only)", async () => {
    expect(await refusal(client().post(`${base}/scheduled_tweets`, { as_user_id: USER, text: "x", scheduled_at: "2020-01-01T00:00:00Z" })))
      .toMatchObject({ parameter: "scheduled_at", message: expect.stringContaining("must be in the future") });
    const t = await client().post(`${base}/scheduled_tweets`, { as_user_id: USER, text: "x", scheduled_at: inFuture() });
    expect(await refusal(client().put(`${base}/scheduled_tweets/${t.id}`, { media_keys: "3_1001" }))).toMatchObject({ parameter: "media_keys" });
  });

  test("the emulator takes create-only fields resent unchanged, as the official SDKs' save() resends them", async () => {
    const t = await client().post(`${base}/scheduled_tweets`, { as_user_id: USER, text: "x", media_keys: "3_1001", scheduled_at: inFuture() });
    const put = await client().put(`${base}/scheduled_tweets/${t.id}`, { media_keys: "3_1001", text: "y" });
    expect(put).toMatchObject({ id: t.id, text: "y", media_keys: ["3_1001"] });
  });
});

describe("published Tweets", () => {
  test("create nullcast, rename in place, read via GET tweets; destroy leaves it on the platform and says so", async () => {
    const inputs = valid(tweet, { text: "Watch", mediaKeys: ["7_3001"], videoTitle: "Spring", conversationSettings: "FOLLOWING", name: "v1" });
    const { id, outs } = await tweet.create(ctx(), inputs);
    expect(outs).toMatchObject({ nullcast: true, videoTitle: "Spring", conversationSettings: "FOLLOWING", name: "v1" });
    // ref creatives/reference.mdx, POST tweet `conversation_settings`: the POST answer has no conversation_settings; GET has it.
    const post = await client().post(`${base}/tweet`, { as_user_id: USER, text: "other" });
    expect(post).not.toHaveProperty("conversation_settings");
    const renamed = await tweet.update(ctx(), id, outs, { ...inputs, name: "v2" });
    expect(renamed).toMatchObject({ name: "v2", conversationSettings: "FOLLOWING" });
    expect((await tweet.read(ctx(), id, renamed))?.props).toMatchObject({ name: "v2", conversationSettings: "FOLLOWING", text: "Watch" });
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      await tweet.delete(ctx(), id, renamed);
      expect(String(stderr.mock.calls[0]?.[0])).toContain(`Tweet ${id} stays on the platform: the Ads API cannot delete published Tweets`);
    } finally {
      stderr.mockRestore();
    }
    expect(emu().control.requests().filter((r) => r.method === "DELETE")).toEqual([]);
    expect(emu().control.entities("sandbox", ACCOUNT, "tweets").map((t) => t.id)).toContain(id);
  });

  test("adoptId takes over a live published Tweet read through GET tweets, with no write, and refuses one that differs", async () => {
    const live = await client().post(`${base}/tweet`, { as_user_id: USER, text: "Legacy", media_keys: "7_3001", video_title: "Old" });
    emu().control.clearRequests();
    const declared = valid(tweet, { text: "Legacy", mediaKeys: ["7_3001"], videoTitle: "Old", adoptId: live.id });
    await expect(tweet.create(ctx(), declared)).resolves.toMatchObject({ id: live.id, outs: { asUserId: USER, text: "Legacy", conversationSettings: "EVERYONE" } });
    // The platform answers no video fields (a Tweet object): the text is what adoption can compare.
    await expect(tweet.create(ctx(), { ...declared, text: "New" })).rejects.toThrow(`Tweet ${live.id} was not adopted, and nothing was written: text is "Legacy" on the platform and "New" in the program: the next up would replace the Tweet; declare it as "Legacy" to adopt, and change it afterwards`);
    await expect(tweet.create(ctx(), { ...declared, adoptId: "1" })).rejects.toThrow("Tweet 1 cannot be adopted");
    expect(emu().control.requests().filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("the emulator has no DELETE of a published Tweet (405) and refuses organic Tweets as another user", async () => {
    const t = await client().post(`${base}/tweet`, { as_user_id: USER, text: "x" });
    expect(await refusal(client().delete(`${base}/tweets/${t.id}`))).toMatchObject({ status: 405 });
    expect(await refusal(client().post(`${base}/tweet`, { as_user_id: USER, text: "x", video_title: "no video" })))
      .toMatchObject({ parameter: "video_title" });
    expect(await refusal(client().post(`${base}/tweet`, { as_user_id: USER, text: "x", video_description: "d".repeat(201), media_keys: "7_3001" })))
      .toMatchObject({ parameter: "video_description", message: expect.stringContaining("at most 200") });
  });

  test("the emulator refuses a 10,000-character text and a NUL in a name, and publishes nothing", async () => {
    expect(await refusal(client().post(`${base}/tweet`, { as_user_id: USER, text: "x".repeat(10_000) })))
      .toMatchObject({ parameter: "text", message: expect.stringContaining("text must be at most 280 weighted characters (links count 23, emoji 2), got 10000") });
    expect(await refusal(client().post(`${base}/tweet`, { as_user_id: USER, text: "x", name: "Spring\u0000" })))
      .toMatchObject({ parameter: "name", message: expect.stringContaining("must not contain control characters (U+0000 at character 7)") });
    expect(emu().control.entities("sandbox", ACCOUNT, "tweets").filter((t) => String(t.text).length > 280)).toEqual([]);
  });

  test("GET tweets lists nullcast Tweets by default, and by tweet_ids of the type asked", async () => {
    const t = await client().post(`${base}/tweet`, { as_user_id: USER, text: "x" });
    const d = await client().post(`${base}/draft_tweets`, { as_user_id: USER, text: "d" });
    expect((await client().get<{ id: string }[]>(`${base}/tweets`, { tweet_type: "PUBLISHED" })).map((x) => x.id)).toEqual([t.id]);
    expect(await client().get(`${base}/tweets`, { tweet_type: "PUBLISHED", tweet_ids: d.id })).toEqual([]);
    expect(await client().get(`${base}/tweets`, { tweet_type: "PUBLISHED", timeline_type: "ORGANIC" })).toEqual([]);
    expect(await refusal(client().get(`${base}/tweets`, {}))).toMatchObject({ parameter: "tweet_type" });
  });
});

describe("scheduled promoted Tweets", () => {
  let lineItemId: string;
  beforeEach(async () => (lineItemId = await seedLineItem(client())));

  test("create and delete before the scheduled time; no PUT (405)", async () => {
    const st = await client().post(`${base}/scheduled_tweets`, { as_user_id: USER, text: "x", scheduled_at: inFuture() });
    const inputs = scheduledPromotedTweet.check({}, { accountId: ACCOUNT, lineItemId, scheduledTweetId: st.id }).inputs!;
    const { id, outs } = await scheduledPromotedTweet.create(ctx(), inputs);
    expect(outs).toMatchObject({ lineItemId, scheduledTweetId: st.id });
    expect(await refusal(client().put(`${base}/scheduled_promoted_tweets/${id}`, { line_item_id: lineItemId }))).toMatchObject({ status: 405 });
    expect((await scheduledPromotedTweet.read(ctx(), id, outs))?.id).toBe(id);
    await scheduledPromotedTweet.delete(ctx(), id, outs);
    expect(await scheduledPromotedTweet.read(ctx(), id, outs)).toBeUndefined();
  });

  test("after the scheduled time the platform refuses the DELETE, and delete explains why and what to do", async () => {
    const st = await client().post(`${base}/scheduled_tweets`, { as_user_id: USER, text: "x", scheduled_at: inFuture() });
    const inputs = scheduledPromotedTweet.check({}, { accountId: ACCOUNT, lineItemId, scheduledTweetId: st.id }).inputs!;
    const { id, outs } = await scheduledPromotedTweet.create(ctx(), inputs);
    emu().control.edit("sandbox", ACCOUNT, "scheduled_tweets", st.id, { scheduled_at: "2020-01-01T00:00:00Z" });
    const raw = await refusal(client().delete(`${base}/scheduled_promoted_tweets/${id}`));
    expect(raw).toBeInstanceOf(AdsApiError);
    expect(raw).toMatchObject({ status: 400, code: "SCHEDULED_TIME_PASSED" });
    const err = (await refusal(scheduledPromotedTweet.delete(ctx(), id, outs))) as Error;
    expect(err.message).toContain(`scheduled promoted Tweet ${id} was not deleted, and it stays in the stack`);
    expect(err.message).toContain(`pulumi state delete '<URN>', with the URN that pulumi stack --show-urns --show-ids prints above "ID: ${id}"`);
    expect(emu().control.entities("sandbox", ACCOUNT, "scheduled_promoted_tweets").map((e) => e.id)).toEqual([id]);
  });

  test("the emulator refuses a scheduled Tweet that is not live", async () => {
    expect(await refusal(client().post(`${base}/scheduled_promoted_tweets`, { line_item_id: lineItemId, scheduled_tweet_id: "123" })))
      .toMatchObject({ parameter: "scheduled_tweet_id" });
  });
});

describe("media creatives and account media", () => {
  test("every account holds seeded account media; getAccountMedia filters by creative type", async () => {
    const all = await listAccountMedia(ctx(), ACCOUNT);
    expect(all.map((m) => m.creativeType).sort()).toEqual(["BANNER", "INTERSTITIAL_LANDSCAPE", "MEDIUM_RECTANGLE", "PREROLL"]);
    // As the platform names the asset: images by their address, videos by their media key (video_id).
    expect(all[0]).toEqual(expect.objectContaining({ id: expect.any(String), creativeType: "BANNER", videoId: null, mediaUrl: expect.stringMatching(/^https:\/\/\S+$/) }));
    expect((await listAccountMedia(ctx(), ACCOUNT, ["PREROLL"])).map((m) => [m.videoId, m.mediaUrl])).toEqual([["7_3001", null]]);
    expect(await refusal(client().get(`${base}/account_media`, { creative_types: "POSTER" }))).toMatchObject({ parameter: "creative_types" });
    const other = emu().control.createAccount("sandbox", {});
    expect(await listAccountMedia(ctx(), other.id)).toHaveLength(4);
  });

  test("a media creative on a WEBSITE_CLICKS line item needs landingUrl: the refusal names it", async () => {
    const lineItemId = await seedLineItem(client());
    const [banner] = await listAccountMedia(ctx(), ACCOUNT, ["BANNER"]);
    const inputs = mediaCreative.check({}, { accountId: ACCOUNT, accountMediaId: banner!.id, lineItemId }).inputs!;
    const err = (await refusal(mediaCreative.create(ctx(), inputs))) as Error;
    expect(err.message).toMatch(/^landingUrl is required: .* objective WEBSITE_CLICKS .*landing_url/);
    const { id, outs } = await mediaCreative.create(ctx(), { ...inputs, landingUrl: "https://example.com/spring" });
    expect(outs).toMatchObject({ accountMediaId: banner!.id, lineItemId, landingUrl: "https://example.com/spring", approvalStatus: "ACCEPTED" });
    expect(await refusal(client().put(`${base}/media_creatives/${id}`, { landing_url: "https://x.example" }))).toMatchObject({ status: 405 });
    await mediaCreative.delete(ctx(), id, outs);
    await mediaCreative.delete(ctx(), id, outs);
    expect(await mediaCreative.read(ctx(), id, outs)).toBeUndefined();
  });

  test("preroll media ignores landing_url; the declared one stays in the outputs", async () => {
    const lineItemId = await seedLineItem(client(), { objective: "ENGAGEMENTS" });
    const [preroll] = await listAccountMedia(ctx(), ACCOUNT, ["PREROLL"]);
    const inputs = mediaCreative.check({}, { accountId: ACCOUNT, accountMediaId: preroll!.id, lineItemId, landingUrl: "https://example.com/" }).inputs!;
    const { id, outs } = await mediaCreative.create(ctx(), inputs);
    expect(emu().control.entities("sandbox", ACCOUNT, "media_creatives")[0]).toMatchObject({ id, landing_url: null });
    expect((await mediaCreative.read(ctx(), id, outs))?.props.landingUrl).toBe("https://example.com/");
  });

  test("an account media id that is not the account's is refused naming account_media_id", async () => {
    const lineItemId = await seedLineItem(client());
    expect(await refusal(client().post(`${base}/media_creatives`, { account_media_id: "nope1", line_item_id: lineItemId, landing_url: "https://x.example" })))
      .toBeInstanceOf(ValidationError);
  });
});
