/**
 * Promoted Tweet (ref campaign-management/reference.mdx, Promoted Tweets): a Tweet promoted on a line
 * item. The platform has no PUT for it, so every change replaces. Creates of
 * one line item that run together are sent as one POST of up to 50
 * `tweet_ids`; the engine runs `--parallel` creates at once (8 by default),
 * so a large `--parallel` makes fewer, larger POSTs.
 */
import { z } from "zod";
import { LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, ofLineItems } from "./common";
import { defineResource } from "./define";
import { lineItem, LineItemOutputs } from "./line-item";

// --------------------------------------------------------------- schema ---

export const promotedTweetInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item that promotes the Tweet."),
  tweetId: z.string().regex(/^\d+$/, { error: "must be a Tweet id in decimal digits (a string: ids exceed JavaScript's safe integers)" })
    .describe("The Tweet to promote."),
  adoptId: adoptIdInput,
}).describe("A Tweet promoted on a line item. No update exists on the platform: any change replaces it. Deleting it shows the Tweet as paused in the advertiser UI.");

export type PromotedTweetInputs = z.infer<typeof promotedTweetInputs>;
export type PromotedTweetOutputs = PromotedTweetInputs & {
  servedTweetId?: string; entityStatus?: string; approvalStatus?: string; createdAt?: string;
};

// ------------------------------------------------------------ lifecycle ---

export const promotedTweet = defineResource("PromotedTweet", promotedTweetInputs, {
  immutable: true,
  outputs: {
    servedTweetId: z.string().describe("The Tweet that serves: a repost's own id when another user's Tweet is promoted."),
    entityStatus: z.string().describe("ACTIVE or PAUSED."),
    approvalStatus: z.string().describe("The platform's review of the promoted content."),
  },
  // DELETE takes the record's id, never the tweet_id (ref campaign-management/reference.mdx, DELETE promoted_tweets).
  collection: "promoted_tweets",
  describe: (p) => `promotion of Tweet ${p.tweetId} on line item ${p.lineItemId}`,
  // A promoted Tweet's `deleted` stays false when its line item is deleted
  // (ref campaign-management/reference.mdx, GET promoted_tweets): the association is dead with its line item.
  find: async (ctx, p, id, byId) => {
    const live = await byId(ctx, p, id);
    return live && (await lineItem.read(ctx, String(live.line_item_id), { accountId: p.accountId } as LineItemOutputs)) ? live : undefined;
  },
  // One POST promotes up to 50 Tweets of a line item, and is the only create there is.
  batch: {
    max: LIMITS.tweetIdsPerPromotedTweetsPost,
    group: (p) => `${p.accountId}|${p.lineItemId}`,
    alwaysBatch: true,
    // No batch endpoint: the collection's own POST takes the tweet_ids; the records answer in their order.
    send: (ctx, items, path) => ctx.client.post<Entity[]>(path, { line_item_id: items[0]!.lineItemId, tweet_ids: items.map((p) => p.tweetId) }),
  },
  lookUp: {
    candidates: ofLineItems("promoted_tweets"),
    matches: (p, e) => e.line_item_id === p.lineItemId && String(e.tweet_id) === p.tweetId,
  },
  // The declared tweetId stays as declared: promoting another user's Tweet
  // makes a nullcasted repost with a tweet_id of its own (ref campaign-management/reference.mdx, GET promotable_users),
  // which is `servedTweetId`. Adoption compares the live one.
  outputsFrom: (outs, declared, e) => ({ ...outs, tweetId: declared.tweetId!, servedTweetId: String(e.tweet_id) }),
  adoptCompares: (e) => ({ tweetId: String(e.tweet_id) }),
});
