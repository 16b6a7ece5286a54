/**
 * Previews of posts against the emulator: getTweetPreviews (GET
 * tweet_previews) and the draft's device preview (POST
 * draft_tweets/preview/:id), their limits refused before any request, and
 * the emulator's own answers to what the provider would never send.
 */
import { AdsApiError, NotFoundError } from "../../provider/client";
import { listTweetPreviews, sendDraftPreview } from "../../provider/tweet-previews";
import { DEMO_SCREEN_NAME } from "../../emulator/tokens";
import { DEMO_USER_ID } from "../../emulator/seed";
import { ACCOUNT, inFuture, refusal, useEmulator } from "./fixtures";

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;
const base = `/12/accounts/${ACCOUNT}`;
const USER = DEMO_USER_ID;
const post = async (collection: string, q: Record<string, string>) => (await client().post<{ id: string; id_str?: string }>(`${base}/${collection}`, { as_user_id: USER, ...q }));
const srcOf = (iframe: string) => /src='([^']+)'/.exec(iframe)![1]!;

describe("getTweetPreviews", () => {
  test("answers the platform's iframe for each post of the type asked; ids of another type and unknown ids get none", async () => {
    const draft = await post("draft_tweets", { text: "Spring <b>sale</b> & more" });
    const scheduled = await post("scheduled_tweets", { text: "Soon", scheduled_at: inFuture() });
    const previews = await listTweetPreviews(ctx(), { accountId: ACCOUNT, tweetIds: [draft.id, scheduled.id, "1"], tweetType: "DRAFT" });
    expect(previews).toEqual([{ tweetId: draft.id, preview: expect.stringMatching(/^<iframe class='tweet-preview' src='http:\/\/[^']+\/ads-manager\/tweet-preview\/index\.html\?data=[^']+'>$/) }]);
    expect(await listTweetPreviews(ctx(), { accountId: ACCOUNT, tweetIds: [draft.id, scheduled.id], tweetType: "SCHEDULED" })).toEqual([
      { tweetId: scheduled.id, preview: expect.stringContaining("<iframe") },
    ]);
    // The iframe opens the emulator's rendering of the post, its text escaped.
    const page = await fetch(srcOf(previews[0]!.preview));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Spring &lt;b&gt;sale&lt;/b&gt; &amp; more");
    expect(html).toContain(`@${DEMO_SCREEN_NAME}`);
  });

  test("previews published Tweets by their long ids, and a deleted draft no more", async () => {
    const published = await post("tweet", { text: "Live now" });
    expect(await listTweetPreviews(ctx(), { accountId: ACCOUNT, tweetIds: [published.id_str!], tweetType: "PUBLISHED" })).toEqual([
      { tweetId: published.id_str, preview: expect.stringContaining("tweet-preview") },
    ]);
    const draft = await post("draft_tweets", { text: "gone soon" });
    await client().delete(`${base}/draft_tweets/${draft.id}`);
    expect(await listTweetPreviews(ctx(), { accountId: ACCOUNT, tweetIds: [draft.id], tweetType: "DRAFT" })).toEqual([]);
  });

  test("more than 200 ids, an id not in decimal digits, or a type of none of three are refused before any request, naming the argument and the limit", async () => {
    emu().control.clearRequests();
    const ids = Array.from({ length: 201 }, (_, i) => String(1000 + i));
    await expect(listTweetPreviews(ctx(), { accountId: ACCOUNT, tweetIds: ids, tweetType: "DRAFT" }))
      .rejects.toThrow("getTweetPreviews: tweetIds must have at most 200 items (got 201)");
    await expect(listTweetPreviews(ctx(), { accountId: ACCOUNT, tweetIds: ["12a"], tweetType: "DRAFT" }))
      .rejects.toThrow(/^getTweetPreviews: tweetIds\[0\] must be a post id in decimal digits .*\(got "12a"\)/);
    await expect(listTweetPreviews(ctx(), { accountId: ACCOUNT, tweetIds: ["12"], tweetType: "DRAFT,PUBLISHED" }))
      .rejects.toThrow('getTweetPreviews: tweetType must be one of DRAFT, PUBLISHED, SCHEDULED (got "DRAFT,PUBLISHED")');
    await expect(listTweetPreviews(ctx(), { accountId: ACCOUNT, tweetIds: [], tweetType: "DRAFT" }))
      .rejects.toThrow("getTweetPreviews: tweetIds must have at least 1 items (got 0)");
    expect(emu().control.requests()).toEqual([]);
  });

  test("the emulator itself refuses what the provider never sends: 201 ids, a missing tweet_type", async () => {
    const ids = Array.from({ length: 201 }, (_, i) => String(1000 + i)).join(",");
    const tooMany = await refusal(client().get(`${base}/tweet_previews`, { tweet_ids: ids, tweet_type: "DRAFT" }));
    expect(tooMany).toBeInstanceOf(AdsApiError);
    expect(tooMany).toMatchObject({ status: 400, parameter: "tweet_ids" });
    expect(await refusal(client().get(`${base}/tweet_previews`, { tweet_ids: "1" }))).toMatchObject({ status: 400, parameter: "tweet_type" });
  });
});

describe("a draft's device preview", () => {
  test("is sent to the authenticated user, and the emulator keeps it for tests to see", async () => {
    const draft = await post("draft_tweets", { text: "Try me on a phone" });
    const sent = await sendDraftPreview(ctx(), { accountId: ACCOUNT, draftTweetId: draft.id });
    expect(sent).toEqual({ accountId: ACCOUNT, draftTweetId: draft.id, message: `See @${DEMO_SCREEN_NAME}'s notifications in the X app to preview your Tweet.` });
    expect(emu().control.entities("sandbox", ACCOUNT, "draft_tweet_previews")).toEqual([
      expect.objectContaining({ draft_tweet_id: draft.id, user_id: USER, screen_name: DEMO_SCREEN_NAME }),
    ]);
  });

  test("of an unknown or deleted draft is 404 and nothing is sent; an id not in digits is refused before any request", async () => {
    const draft = await post("draft_tweets", { text: "x" });
    await client().delete(`${base}/draft_tweets/${draft.id}`);
    await expect(sendDraftPreview(ctx(), { accountId: ACCOUNT, draftTweetId: draft.id })).rejects.toBeInstanceOf(NotFoundError);
    await expect(sendDraftPreview(ctx(), { accountId: ACCOUNT, draftTweetId: "123" })).rejects.toBeInstanceOf(NotFoundError);
    expect(emu().control.entities("sandbox", ACCOUNT, "draft_tweet_previews")).toEqual([]);
    emu().control.clearRequests();
    await expect(sendDraftPreview(ctx(), { accountId: ACCOUNT, draftTweetId: "spring" })).rejects.toThrow(/^draftPreview: draftTweetId must be a post id in decimal digits .*\(got "spring"\)/);
    expect(emu().control.requests()).toEqual([]);
  });
});

test("the emulator serves both endpoints on both bases (neither answers 404 for an existing draft)", async () => {
  for (const c of [client(), fixture.client(undefined, { baseUrl: emu().url })]) {
    const draft = await c.post<{ id: string }>(`${base}/draft_tweets`, { as_user_id: USER, text: "x" });
    expect(await c.get(`${base}/tweet_previews`, { tweet_ids: draft.id, tweet_type: "DRAFT" })).toHaveLength(1);
    expect(await c.request({ method: "POST", path: `${base}/draft_tweets/preview/${draft.id}` })).toHaveProperty("message");
  }
});
