/**
 * Promoted Tweet (Advertising API section 4.7): a Tweet promoted on a line
 * item. The platform has no PUT for it, so every change replaces. Creates of
 * one line item that run together are sent as one POST of up to 50
 * `tweet_ids`; the engine runs `--parallel` creates at once (8 by default),
 * so a large `--parallel` makes fewer, larger POSTs.
 */
import { z } from "zod";
import { LIMITS } from "../limits";
import { Entity } from "../client/client";
import { MaybeCommittedError } from "../client/errors";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import {
  adopt, Context, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const promotedTweetInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item that promotes the Tweet. Create-only."),
  tweetId: z.string().regex(/^\d+$/, { error: "must be a Tweet id in decimal digits (a string: ids exceed JavaScript's safe integers)" })
    .describe("The Tweet to promote. Create-only."),
  adoptId: adoptIdInput,
});

export type PromotedTweetInputs = z.infer<typeof promotedTweetInputs>;
export type PromotedTweetOutputs = PromotedTweetInputs & {
  servedTweetId?: string; entityStatus?: string; approvalStatus?: string; createdAt?: string;
};

export const PROMOTED_TWEET_CREATE_ONLY = ["accountId", "lineItemId", "tweetId"] as const;
const OUTPUT_FIELDS = ["lineItemId", "entityStatus", "approvalStatus", "createdAt"] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/promoted_tweets`;

/**
 * The declared tweetId stays as declared: promoting another user's Tweet
 * makes a nullcasted repost with a tweet_id of its own (seed section 2),
 * which is `servedTweetId`.
 */
function outputs(local: Partial<PromotedTweetInputs>, entity: Entity): PromotedTweetOutputs {
  const outs = toOutputs<PromotedTweetOutputs>(local, entity, OUTPUT_FIELDS);
  return { ...outs, tweetId: local.tweetId!, servedTweetId: String(entity.tweet_id) };
}

// ------------------------------------------------------------ lifecycle ---

export const promotedTweet: ResourceDefinition<PromotedTweetInputs, PromotedTweetOutputs> = {
  kind: "PromotedTweet",
  description: "A Tweet promoted on a line item. No update exists on the platform: any change replaces it. Deleting it shows the Tweet as paused in the advertiser UI.",
  inputs: promotedTweetInputs,
  outputs: {
    servedTweetId: z.string().describe("The Tweet that serves: a repost's own id when another user's Tweet is promoted."),
    entityStatus: z.string().describe("ACTIVE or PAUSED."),
    approvalStatus: z.string().describe("The platform's review of the promoted content."),
    ...timestamps,
  },
  createOnly: PROMOTED_TWEET_CREATE_ONLY,

  check(_olds, news) {
    return validate(promotedTweetInputs, news);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...PROMOTED_TWEET_CREATE_ONLY, "adoptId"], PROMOTED_TWEET_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) {
      // Compared on the live tweet_id: the outputs keep the declared one.
      return adopt(ctx, "promoted Tweet", path(inputs.accountId), inputs, (e) => outputs(inputs, e), ["lineItemId", "tweetId"],
        (e) => ({ lineItemId: e.line_item_id, tweetId: String(e.tweet_id) }));
    }
    const { accountId, lineItemId, tweetId } = inputs;
    const entity = await ctx.client.collect<string, Entity | undefined>(
      `promoted_tweets|${accountId}|${lineItemId}`, tweetId, LIMITS.tweetIdsPerPromotedTweetsPost,
      (tweetIds) => promote(ctx, accountId, lineItemId, tweetIds));
    if (!entity) throw new Error(`Tweet ${tweetId} was sent for promotion on line item ${lineItemId}, but the platform answered no record for it`);
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "promoted_tweet_ids", id, query: { with_deleted: true },
    }));
    if (!live) return undefined;
    // A promoted Tweet's `deleted` stays false when its line item is deleted
    // (seed section 2): the association is dead with its line item.
    const lineItem = await readLive(() => ctx.client.getById({
      collectionPath: `/12/accounts/${props.accountId}/line_items`, idsParam: "line_item_ids", id: String(live.line_item_id),
      query: { with_deleted: true, with_draft: true },
    }));
    return lineItem && { id, props: outputs(props, live) };
  },

  async update(_ctx, _id, olds) {
    // Every input is create-only: diff never plans an update.
    return olds;
  },

  async delete(ctx, id, props) {
    // The path takes the record's id, never the tweet_id (seed 4.7).
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};

/**
 * One POST for up to 50 Tweets of a line item; the records answer in the
 * order of `tweet_ids`. A POST without an answer may have committed: it is
 * not resent, the line item's promoted Tweets made since are looked up.
 */
async function promote(ctx: Context, accountId: string, lineItemId: string, tweetIds: string[]): Promise<(Entity | undefined)[]> {
  const sentAtMs = Date.now();
  try {
    const created = await ctx.client.post<Entity[]>(path(accountId), { line_item_id: lineItemId, tweet_ids: tweetIds });
    return tweetIds.map((_, i) => created[i]);
  } catch (err) {
    if (!(err instanceof MaybeCommittedError)) throw err;
    const made = (await ctx.client.list<Entity>(path(accountId), { line_item_ids: [lineItemId] }))
      .filter((p) => !p.deleted && Date.parse(String(p.created_at)) >= sentAtMs - 60_000);
    return tweetIds.map((t) => made.find((p) => String(p.tweet_id) === t));
  }
}
