/**
 * Scheduled Tweet (ref creatives/reference.mdx, Scheduled Tweets): a post the platform
 * publishes at `scheduledAt`. PUT takes `nullcast`, `scheduled_at`, `text`
 * and `name`; the author, card and media are create-only. The create
 * endpoint's parameters are the real platform's (POST scheduled_tweets with scheduled_at, as_user_id, text,
 * media_keys, card_uri, nullcast, name).
 */
import { z } from "zod";
import { accountIdInput, adoptIdInput, computed, createOnly, isoTime } from "./common";
import { field } from "./fields";
import { CheckFailure } from "./framework";
import {
  accountPath, asUserIdInput, cardUriInput, declarePost, mediaKeysInput, nameInput, nullcastInput, textInput, tweetIdOutput,
} from "./posts";

// --------------------------------------------------------------- schema ---

// ref creatives/reference.mdx, PUT scheduled_tweets: the visible parameters are nullcast, scheduled_at, text and name; the rest is create-only.
export const scheduledTweetInputs = z.strictObject({
  accountId: accountIdInput,
  asUserId: asUserIdInput,
  // The platform answers the time in its own format: the declared text is kept when it is the same instant.
  scheduledAt: field(isoTime.describe("When the platform publishes the post (ISO 8601); in the future when created or changed."), { instant: true }),
  // The platform cannot unset text or name: left out of the program, they are not managed.
  text: computed(textInput("The post's text; required when there are no mediaKeys. Left unset, the platform's value is kept.")),
  cardUri: createOnly(cardUriInput("A card to attach, `card://<card_id>`.")),
  mediaKeys: createOnly(mediaKeysInput("Media of the account's media library: up to 4 images, or 1 animated GIF, or 1 video.")),
  nullcast: nullcastInput("true (default): promoted-only, not shown on the user's timeline. false publishes an organic Tweet at scheduledAt, which this tool cannot manage or remove."),
  name: computed(nameInput()),
  adoptId: adoptIdInput,
}).describe("A post (Tweet) the platform publishes at scheduledAt. Text, time, nullcast and name change in place; author, card and media replace it.");

export type ScheduledTweetInputs = z.infer<typeof scheduledTweetInputs>;
export type ScheduledTweetOutputs = ScheduledTweetInputs & { scheduledStatus?: string; tweetId?: string; createdAt?: string };

/**
 * The platform schedules only in the future: at creation, and when the time
 * changes (an unchanged time that has since passed is not a new schedule).
 */
export function scheduleRule(olds: Record<string, unknown>, news: Record<string, unknown>, nowMs: number): CheckFailure[] {
  const at = news.scheduledAt;
  if (typeof at !== "string" || Number.isNaN(Date.parse(at))) return [];
  const created = Object.keys(olds).length === 0;
  const changed = typeof olds.scheduledAt !== "string" || Date.parse(olds.scheduledAt) !== Date.parse(at);
  if ((created || changed) && Date.parse(at) <= nowMs) {
    return [{ property: "scheduledAt", reason: `scheduledAt must be in the future (now ${new Date(nowMs).toISOString()}, got ${at})` }];
  }
  return [];
}

// ------------------------------------------------------------ lifecycle ---

export const scheduledTweet = declarePost("ScheduledTweet", scheduledTweetInputs, {
  outputs: {
    scheduledStatus: z.string().describe("SCHEDULED until the platform publishes it."),
    tweetId: tweetIdOutput.describe("The published Tweet's id, once scheduledAt has passed."),
  },
  transitions: (olds, news) => scheduleRule(olds, news, Date.now()),
  tweetType: "SCHEDULED",
  path: (t) => `${accountPath(t.accountId)}/scheduled_tweets`,
  describe: (t) => `scheduled Tweet "${t.name ?? t.text ?? t.scheduledAt}"`,
  sameAlso: (t, e) => Date.parse(String(e.scheduled_at)) === Date.parse(t.scheduledAt),
});
