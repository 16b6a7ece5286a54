/**
 * Scheduled Tweet (Advertising API section 4.11): a post the platform
 * publishes at `scheduledAt`. PUT takes `nullcast`, `scheduled_at`, `text`
 * and `name`; the author, card and media are create-only. The create
 * endpoint's parameters are "not shown" in the seed: they follow the real
 * platform (POST scheduled_tweets with scheduled_at, as_user_id, text,
 * media_keys, card_uri, nullcast, name).
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, isoTime, timestamps } from "./common";
import {
  adopt, changedFields, CheckFailure, createOnce, deleteIdempotent, diffFields, ResourceDefinition, toWire,
  validate,
} from "./framework";
import {
  accountPath, asUserIdInput, cardUriInput, keepInstant, known, listPosts, mediaKeysInput, nameInput, postOutputs,
  postRules, readPost, refusedFields, samePost, textInput, tweetIdOutput, withFailures,
} from "./posts";

// --------------------------------------------------------------- schema ---

export const scheduledTweetInputs = z.strictObject({
  accountId: accountIdInput,
  asUserId: asUserIdInput,
  scheduledAt: isoTime.describe("When the platform publishes the post (ISO 8601); in the future when created or changed."),
  text: textInput.describe("The post's text; required when there are no mediaKeys. Left unset, the platform's value is kept."),
  cardUri: cardUriInput.describe("A card to attach, `card://<card_id>`. Create-only."),
  mediaKeys: mediaKeysInput.describe("Media of the account's media library: up to 4 images, or 1 animated GIF, or 1 video. Create-only."),
  nullcast: z.boolean().default(true).describe("true (default): promoted-only, not shown on the user's timeline. false publishes an organic Tweet at scheduledAt, which this tool cannot manage or remove."),
  name: nameInput,
  adoptId: adoptIdInput,
});

export type ScheduledTweetInputs = z.infer<typeof scheduledTweetInputs>;
export type ScheduledTweetOutputs = ScheduledTweetInputs & { scheduledStatus?: string; tweetId?: string; createdAt?: string };

const API_FIELDS = ["asUserId", "scheduledAt", "text", "cardUri", "mediaKeys", "nullcast", "name"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "scheduledStatus", "tweetId", "createdAt"] as const;
export const SCHEDULED_TWEET_CREATE_ONLY = ["accountId", "asUserId", "cardUri", "mediaKeys"] as const;
/** seed 4.11: the PUT's visible parameters. */
const UPDATABLE = ["nullcast", "scheduledAt", "text", "name"] as const;
const COMPUTED = ["text", "name", "adoptId"];

const path = (accountId: string) => `${accountPath(accountId)}/scheduled_tweets`;
const outputs = (local: Record<string, unknown>, e: Entity) =>
  keepInstant(postOutputs<ScheduledTweetOutputs>(local, e, OUTPUT_FIELDS), local, "scheduledAt");

/**
 * The platform schedules only in the future: at creation, and when the time
 * changes (an unchanged time that has since passed is not a new schedule).
 */
export function scheduleRule(olds: Record<string, unknown>, news: Record<string, unknown>, nowMs: number): CheckFailure[] {
  const at = news.scheduledAt;
  if (typeof at !== "string" || !known(at) || Number.isNaN(Date.parse(at))) return [];
  const created = Object.keys(olds).length === 0;
  const changed = typeof olds.scheduledAt !== "string" || Date.parse(olds.scheduledAt) !== Date.parse(at);
  if ((created || changed) && Date.parse(at) <= nowMs) {
    return [{ property: "scheduledAt", reason: `scheduledAt must be in the future (now ${new Date(nowMs).toISOString()}, got ${at})` }];
  }
  return [];
}

// ------------------------------------------------------------ lifecycle ---

export const scheduledTweet: ResourceDefinition<ScheduledTweetInputs, ScheduledTweetOutputs> = {
  kind: "ScheduledTweet",
  description: "A post (Tweet) the platform publishes at scheduledAt. Text, time, nullcast and name change in place; author, card and media replace it.",
  inputs: scheduledTweetInputs,
  outputs: {
    scheduledStatus: z.string().describe("SCHEDULED until the platform publishes it."),
    tweetId: tweetIdOutput.describe("The published Tweet's id, once scheduledAt has passed."),
    ...timestamps,
  },
  createOnly: SCHEDULED_TWEET_CREATE_ONLY,

  check(olds, news) {
    const result = validate(scheduledTweetInputs, news);
    return withFailures(result, [...postRules(news, refusedFields(result)), ...scheduleRule(olds, news, Date.now())]);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...SCHEDULED_TWEET_CREATE_ONLY, ...UPDATABLE, "adoptId"], SCHEDULED_TWEET_CREATE_ONLY, COMPUTED);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "scheduled Tweet", path(inputs.accountId), inputs, (e) => outputs(inputs, e), API_FIELDS);
    const entity = await createOnce(`scheduled Tweet "${inputs.name ?? inputs.text ?? inputs.scheduledAt}"`,
      () => ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS)),
      async () => (await listPosts(ctx, inputs.accountId, "SCHEDULED", inputs.asUserId))
        .filter((e) => samePost(inputs)(e) && Date.parse(String(e.scheduled_at)) === Date.parse(inputs.scheduledAt)));
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readPost(ctx, props.accountId, "SCHEDULED", id, props.asUserId);
    return live && { id, props: outputs(props, live) };
  },

  async update(ctx, id, olds, news) {
    const changed = changedFields(olds, news, UPDATABLE, COMPUTED);
    const entity = await ctx.client.put<Entity>(`${path(news.accountId)}/${id}`, toWire(news, changed));
    return outputs(news, entity);
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};
