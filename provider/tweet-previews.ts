/**
 * Previews of posts as the platform renders them, and previews of drafts
 * sent to the user's devices (xdevplatform/docs
 * x-ads-api/creatives/reference.mdx, GET accounts/:account_id/tweet_previews
 * and POST accounts/:account_id/draft_tweets/preview/:draft_tweet_id).
 * Behind the SDK's getTweetPreviews, `xads pr-summary --previews` and
 * `xads draft-preview`. Arguments are checked before any request.
 */
import { z } from "zod";
import { Envelope } from "./client/client";
import { ENUMS, TWEET_PREVIEWS } from "./limits";
import { keysToCamel } from "./names";
import { checkArgs } from "./data-sources";
import { entityId } from "./resources/common";
import { Context } from "./resources/framework";

export type TweetType = (typeof ENUMS.tweetType)[number];

export interface TweetPreviewInfo {
  /** The post's id (a long, as a string). */
  tweetId: string;
  /**
   * The platform's rendering: an HTML `<iframe class='tweet-preview' src=...>`
   * to embed as it is (the reference: "Returns an iframe").
   */
  preview: string;
}

const tweetId = z.string().regex(/^\d+$/, { error: "must be a post id in decimal digits (a string: ids exceed JavaScript's safe integers)" });

export const tweetPreviewArgs = {
  previews: z.strictObject({
    accountId: entityId,
    tweetIds: z.array(tweetId).min(1).max(TWEET_PREVIEWS.tweetIdsPerRequest),
    // One type a request: the platform leaves out an id of another type.
    tweetType: z.enum(ENUMS.tweetType),
  }),
  draftPreview: z.strictObject({ accountId: entityId, draftTweetId: tweetId }),
};

/**
 * The platform's preview of each post of `tweetIds`, all of `tweetType`. An
 * id it has no preview for (another type, unknown, deleted) is left out of
 * the answer, as the platform leaves it out (the reference, tweet_ids).
 */
export async function listTweetPreviews(ctx: Context, args: { accountId: string; tweetIds: readonly string[]; tweetType: string }): Promise<TweetPreviewInfo[]> {
  const { accountId, tweetIds, tweetType } = checkArgs("getTweetPreviews", tweetPreviewArgs.previews, { ...args, tweetIds: [...args.tweetIds] });
  const rows = await ctx.client.get<Record<string, unknown>[]>(`/12/accounts/${accountId}/tweet_previews`, { tweet_ids: [...new Set(tweetIds)], tweet_type: tweetType });
  return rows.map((r) => {
    const p = keysToCamel(r) as TweetPreviewInfo;
    return { tweetId: String(p.tweetId), preview: String(p.preview) };
  });
}

export interface DraftPreviewSent {
  accountId: string;
  draftTweetId: string;
  /** The platform's own words, e.g. "See @handle's notifications in the X app to preview your Tweet." */
  message: string;
}

/**
 * Sends a preview of a draft to every device the authenticated user is
 * logged in on (official X apps only; visible to that user only). Nothing
 * changes on the account, so sending it again only notifies again.
 */
export async function sendDraftPreview(ctx: Context, args: { accountId: string; draftTweetId: string }): Promise<DraftPreviewSent> {
  const { accountId, draftTweetId } = checkArgs("draftPreview", tweetPreviewArgs.draftPreview, args);
  // The answer carries `message`, no `data` (the reference's example).
  const answer = await ctx.client.request<unknown>({ method: "POST", path: `/12/accounts/${accountId}/draft_tweets/preview/${draftTweetId}` }) as Envelope<unknown> & { message?: unknown };
  return { accountId, draftTweetId, message: typeof answer.message === "string" ? answer.message : "" };
}
