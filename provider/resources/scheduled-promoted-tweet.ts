/**
 * Scheduled promoted Tweet (Advertising API section 4.7): a scheduled Tweet
 * promoted on a line item. No PUT: every change replaces it. The platform
 * deletes one only before its scheduled Tweet's `scheduled_at` (section 3);
 * after that, destroy fails with why and what to do, and the resource stays
 * in the stack.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { AdsApiError } from "../client/errors";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import {
  adopt, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";
import { accountPath } from "./posts";

// --------------------------------------------------------------- schema ---

export const scheduledPromotedTweetInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item that promotes the scheduled Tweet. Create-only."),
  scheduledTweetId: z.string().regex(/^\d+$/, { error: "must be a scheduled Tweet id in decimal digits (a ScheduledTweet's id)" })
    .describe("The scheduled Tweet to promote (a ScheduledTweet's id). Create-only."),
  adoptId: adoptIdInput,
});

export type ScheduledPromotedTweetInputs = z.infer<typeof scheduledPromotedTweetInputs>;
export type ScheduledPromotedTweetOutputs = ScheduledPromotedTweetInputs & { tweetId?: string; createdAt?: string };

const API_FIELDS = ["lineItemId", "scheduledTweetId"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "tweetId", "createdAt"] as const;
export const SCHEDULED_PROMOTED_TWEET_CREATE_ONLY = ["accountId", ...API_FIELDS] as const;

const path = (accountId: string) => `${accountPath(accountId)}/scheduled_promoted_tweets`;
const outputs = (local: Record<string, unknown>, e: Entity) => toOutputs<ScheduledPromotedTweetOutputs>(local, e, OUTPUT_FIELDS);

/** Why a scheduled promoted Tweet cannot be deleted any more, and what to do instead. */
export function undeletableMessage(id: string, props: Partial<ScheduledPromotedTweetInputs>, platform: string): string {
  return `scheduled promoted Tweet ${id} was not deleted, and it stays in the stack: the platform deletes a scheduled promoted Tweet `
    + `only before its scheduled Tweet's scheduled_at, and scheduled Tweet ${props.scheduledTweetId} is past that time (${platform}). `
    + `The promotion now runs with line item ${props.lineItemId}: pause or delete the line item to stop it. `
    + `To stop managing this record, run: pulumi state delete <urn> (the URN of this resource), then run the command again.`;
}

// ------------------------------------------------------------ lifecycle ---

export const scheduledPromotedTweet: ResourceDefinition<ScheduledPromotedTweetInputs, ScheduledPromotedTweetOutputs> = {
  kind: "ScheduledPromotedTweet",
  description: "A scheduled Tweet promoted on a line item. No update exists: any change replaces it. The platform deletes it only before the scheduled Tweet's scheduledAt; after that, destroy fails with what to do and keeps it in the stack.",
  inputs: scheduledPromotedTweetInputs,
  outputs: { tweetId: z.string().describe("The published Tweet's id, once the scheduled Tweet is out."), ...timestamps },
  createOnly: SCHEDULED_PROMOTED_TWEET_CREATE_ONLY,

  check(_olds, news) {
    return validate(scheduledPromotedTweetInputs, news);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...SCHEDULED_PROMOTED_TWEET_CREATE_ONLY, "adoptId"], SCHEDULED_PROMOTED_TWEET_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "scheduled promoted Tweet", path(inputs.accountId), inputs, (e) => outputs(inputs, e), API_FIELDS);
    const entity = await createOnce(`scheduled promotion of ${inputs.scheduledTweetId} on line item ${inputs.lineItemId}`,
      () => ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS)),
      async () => (await ctx.client.list<Entity>(path(inputs.accountId), { line_item_ids: [inputs.lineItemId] }))
        .filter((e) => String(e.scheduled_tweet_id) === inputs.scheduledTweetId));
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "scheduled_promoted_tweet_ids", id, query: { with_deleted: true },
    }));
    return live && { id, props: outputs(props, live) };
  },

  async update(_ctx, _id, olds) {
    // Every input is create-only: diff never plans an update (the platform has no PUT).
    return olds;
  },

  async delete(ctx, id, props) {
    try {
      await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
    } catch (err) {
      if (err instanceof AdsApiError && err.code === "SCHEDULED_TIME_PASSED") throw new Error(undeletableMessage(id, props, err.message));
      throw err;
    }
  },
};
