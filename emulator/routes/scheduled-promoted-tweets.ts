/**
 * Scheduled promoted Tweets (ref campaign-management/reference.mdx, Scheduled Promoted Tweets): a scheduled Tweet promoted on a line
 * item. No PUT (405); DELETE only before the scheduled Tweet's
 * `scheduled_at` (ref campaign-management/reference.mdx, DELETE scheduled_promoted_tweets): after it, 400 SCHEDULED_TIME_PASSED.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { EntityRoute, found, one } from "../http";
import { deleteEntity, resourceContext, ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { referenced } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";
import { LineItem, lineItems } from "./line-items";
import { SCHEDULED_TWEETS, ScheduledTweet, scheduledTimePassed } from "./posts";

export interface ScheduledPromotedTweet extends StoredEntity {
  line_item_id: string;
  scheduled_tweet_id: string;
  /** The real platform answers the published Tweet's id once it is out, null before. */
  tweet_id: string | null;
}

const createParams = z.object({
  line_item_id: param.id(),
  scheduled_tweet_id: z.string().regex(/^\d+$/, "must be a long in decimal digits"),
});

function create(ctx: ResourceContext, params: WireParams): NewFields<ScheduledPromotedTweet> {
  const p = parseParams(createParams, params);
  referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  const tweet = referenced<ScheduledTweet>(ctx.account, SCHEDULED_TWEETS, p.scheduled_tweet_id, "scheduled_tweet_id", "scheduled Tweet");
  // The real platform promotes only a Tweet that is still scheduled.
  if (scheduledTimePassed(ctx.clock, tweet)) {
    throw ApiError.invalid("scheduled_tweet_id", `scheduled Tweet ${tweet.id} was due at ${tweet.scheduled_at}, which has passed: it can no longer be promoted as scheduled`);
  }
  return { line_item_id: p.line_item_id, scheduled_tweet_id: tweet.id, tweet_id: null };
}

export const scheduledPromotedTweets: ResourceSpec<ScheduledPromotedTweet> = {
  collection: "scheduled_promoted_tweets",
  noun: "scheduled promoted Tweet",
  list: () => ({
    ids: [
      { param: "scheduled_promoted_tweet_ids", value: (t) => t.id },
      { param: "line_item_ids", value: (t) => t.line_item_id },
    ],
    sortable: ["created_at", "updated_at"],
  }),
  create,
  // No update: resourceRoutes answers PUT with 405. DELETE has its own rule below.
  deletable: false,
};

const generic = resourceRoutes(scheduledPromotedTweets);

export const scheduledPromotedTweetRoutes: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  await generic(app, options);
  app.delete<EntityRoute>(`/12/accounts/:account_id/${scheduledPromotedTweets.collection}/:id`, async (req) => {
    const ctx = resourceContext(app, options.env, req);
    const { id } = req.params;
    const record = found(ctx.account.collection<ScheduledPromotedTweet>(scheduledPromotedTweets.collection).get(id), scheduledPromotedTweets.noun, id);
    const tweet = ctx.account.collection<ScheduledTweet>(SCHEDULED_TWEETS).get(record.scheduled_tweet_id);
    // ref campaign-management/reference.mdx, DELETE scheduled_promoted_tweets: only before the scheduled Tweet's scheduled_at.
    if (tweet && scheduledTimePassed(ctx.clock, tweet)) {
      throw ApiError.of(400, "SCHEDULED_TIME_PASSED",
        `scheduled promoted Tweet ${id} cannot be deleted: its scheduled Tweet ${tweet.id} was scheduled at ${tweet.scheduled_at}, which has passed; the platform deletes a scheduled promoted Tweet only before that time`);
    }
    return one(req, deleteEntity(scheduledPromotedTweets, ctx, id));
  });
};
