/**
 * Scheduled promoted Tweet (ref campaign-management/reference.mdx, Scheduled Promoted Tweets): a scheduled Tweet
 * promoted on a line item. No PUT: every change replaces it. The platform
 * deletes one only before its scheduled Tweet's `scheduled_at` (ref campaign-management/reference.mdx, DELETE scheduled_promoted_tweets);
 * after that, destroy fails with why and what to do, and the resource stays
 * in the stack.
 */
import { z } from "zod";
import { AdsApiError } from "../client/errors";
import { accountIdInput, adoptIdInput, entityId, ofLineItems } from "./common";
import { defineResource } from "./define";
import { stateDeleteCommand } from "./framework";

// --------------------------------------------------------------- schema ---

export const scheduledPromotedTweetInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item that promotes the scheduled Tweet."),
  scheduledTweetId: z.string().regex(/^\d+$/, { error: "must be a scheduled Tweet id in decimal digits (a ScheduledTweet's id)" })
    .describe("The scheduled Tweet to promote (a ScheduledTweet's id)."),
  adoptId: adoptIdInput,
}).describe("A scheduled Tweet promoted on a line item. No update exists: any change replaces it. The platform deletes it only before the scheduled Tweet's scheduledAt; after that, destroy fails with what to do and keeps it in the stack.");

export type ScheduledPromotedTweetInputs = z.infer<typeof scheduledPromotedTweetInputs>;
export type ScheduledPromotedTweetOutputs = ScheduledPromotedTweetInputs & { tweetId?: string; createdAt?: string };

/** Why a scheduled promoted Tweet cannot be deleted any more, and what to do instead. */
export function undeletableMessage(id: string, props: Partial<ScheduledPromotedTweetInputs>, platform: string): string {
  return `scheduled promoted Tweet ${id} was not deleted, and it stays in the stack: the platform deletes a scheduled promoted Tweet `
    + `only before its scheduled Tweet's scheduled_at, and scheduled Tweet ${props.scheduledTweetId} is past that time (${platform}). `
    + `The promotion now runs with line item ${props.lineItemId}: pause or delete the line item to stop it. `
    + `To stop managing this record, run ${stateDeleteCommand(id)}, then run the command again.`;
}

// ------------------------------------------------------------ lifecycle ---

export const scheduledPromotedTweet = defineResource("ScheduledPromotedTweet", scheduledPromotedTweetInputs, {
  immutable: true,
  outputs: { tweetId: z.string().describe("The published Tweet's id, once the scheduled Tweet is out.") },
  collection: "scheduled_promoted_tweets",
  describe: (p) => `scheduled promotion of ${p.scheduledTweetId} on line item ${p.lineItemId}`,
  lookUp: {
    candidates: ofLineItems("scheduled_promoted_tweets"),
    matches: (p, e) => e.line_item_id === p.lineItemId && String(e.scheduled_tweet_id) === p.scheduledTweetId,
  },
  overrides: (standard) => ({
    async delete(ctx, id, props) {
      try {
        await standard.delete(ctx, id, props);
      } catch (err) {
        if (err instanceof AdsApiError && err.code === "SCHEDULED_TIME_PASSED") throw new Error(undeletableMessage(id, props, err.message));
        throw err;
      }
    },
  }),
});
