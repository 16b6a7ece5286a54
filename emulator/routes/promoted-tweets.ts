/**
 * Promoted Tweets (ref campaign-management/reference.mdx, Promoted Tweets): Tweets attached to a line item. One POST
 * promotes up to 50 `tweet_ids` and answers the new records as a list; no
 * PUT; DELETE takes the record's `id`, never the `tweet_id`. A record's
 * `deleted` stays false when its line item is deleted (ref campaign-management/reference.mdx, GET promoted_tweets).
 */
import { z } from "zod";
import { LIMITS } from "../platform";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { referenced } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";
import { LineItem, lineItems } from "./line-items";

export interface PromotedTweet extends StoredEntity {
  line_item_id: string;
  /** A long on the platform; kept as its decimal string (ids exceed 2^53). */
  tweet_id: string;
  entity_status: "ACTIVE" | "PAUSED";
  approval_status: string;
}

const createParams = z.object({
  line_item_id: param.id(),
  tweet_ids: param.list(1, LIMITS.tweetIdsPerPromotedTweetsPost).pipe(
    z.array(z.string().regex(/^\d+$/, "must be Tweet ids in decimal digits")),
  ),
});

function createMany(ctx: ResourceContext, params: WireParams): NewFields<PromotedTweet>[] {
  const p = parseParams(createParams, params);
  referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  return p.tweet_ids.map((tweetId) => ({
    line_item_id: p.line_item_id,
    tweet_id: tweetId,
    entity_status: "ACTIVE",
    // The real platform reviews promoted content, accepted here.
    approval_status: "ACCEPTED",
  }));
}

export const promotedTweets: ResourceSpec<PromotedTweet> = {
  collection: "promoted_tweets",
  noun: "promoted Tweet",
  list: () => ({
    ids: [
      { param: "promoted_tweet_ids", value: (t) => t.id },
      { param: "line_item_ids", value: (t) => t.line_item_id },
    ],
    sortable: ["created_at", "updated_at"],
  }),
  createMany,
  deletable: true,
};

export const promotedTweetRoutes = resourceRoutes(promotedTweets);
