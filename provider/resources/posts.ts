/**
 * What draft, scheduled and published Tweets share (seed 4.11): their
 * common inputs, the media rule (4 images, or 1 animated GIF, or 1 video,
 * told by the media key prefix: LIMITS.mediaKeyPrefixes), `text` unless
 * there are media, and reads through GET tweets by `tweet_type`.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { LIMITS, mediaTypeOfKey, tweetMediaProblem } from "../limits";
import { CheckFailure, CheckResult, Context, containsUnknown, readLive, toOutputs } from "./framework";

export const asUserIdInput = z.string().regex(/^\d+$/, { error: "must be a user id in decimal digits (a string: ids exceed JavaScript's safe integers)" })
  .describe("The advertiser user the post is by (`as_user_id`). Create-only.");

export const cardUriInput = z.string().regex(/^card:\/\/\S+$/, { error: "must be a card URI, card://<card_id>" })
  .optional().describe("A card to attach, `card://<card_id>` (a Card's cardUri).");

export const mediaKeysInput = z
  .array(z.string().regex(/^\d+_\d+$/, { error: "must be a media key of the media library, <category>_<id> such as 3_1001" }))
  .min(1)
  .optional()
  .describe(`Media of the account's media library: up to ${LIMITS.tweetMedia.images} images, or ${LIMITS.tweetMedia.gifs} animated GIF, or ${LIMITS.tweetMedia.videos} video (keys 3_ image, 16_ animated GIF, 7_ or 13_ video).`);

export const textInput = z.string().min(1).optional().describe("The post's text; required when there are no mediaKeys.");

export const nameInput = z.string().min(1).max(LIMITS.text.tweetName).optional()
  .describe(`A name for the post in the ads UI, at most ${LIMITS.text.tweetName} characters.`);

/** A long id of a post, as the platform issues them (decimal digits). */
export const tweetIdOutput = z.string().describe("The post's id (a long, as a string).");

/**
 * Cross-field rules of every post, value by value: a value not known yet
 * (preview) is skipped on its own, so the others are still checked.
 * `refused` names inputs zod already refused, which are not checked twice.
 */
export function postRules(news: Record<string, unknown>, refused: ReadonlySet<string> = new Set()): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const keys = news.mediaKeys;
  if (Array.isArray(keys) && !refused.has("mediaKeys")) {
    const problem = tweetMediaProblem(keys.map((k) => (typeof k === "string" ? mediaTypeOfKey(k) : undefined)));
    if (problem) failures.push({ property: "mediaKeys", reason: `mediaKeys ${problem}` });
  }
  const noMedia = keys === undefined || (Array.isArray(keys) && keys.length === 0);
  if (news.text === undefined && noMedia) failures.push({ property: "text", reason: "text is required when there are no mediaKeys" });
  return failures;
}

/** The top-level inputs a check already refused. */
export function refusedFields<I>(result: CheckResult<I>): Set<string> {
  return new Set((result.failures ?? []).map((f) => f.property.split(/[.[]/)[0]!));
}

/** A check result with more failures. */
export function withFailures<I>(result: CheckResult<I>, more: CheckFailure[]): CheckResult<I> {
  const failures = [...(result.failures ?? []), ...more];
  return failures.length > 0 ? { ...result, failures } : result;
}

/** True when the value is known (not an unknown of preview). */
export function known(value: unknown): boolean {
  return !containsUnknown(value);
}

/** Outputs of a post: the platform's `user_id` is the resource's `asUserId`. */
export function postOutputs<O>(local: Record<string, unknown>, entity: Entity, fields: readonly string[]): O {
  return toOutputs<O>(local, { ...entity, as_user_id: entity.user_id }, fields);
}

export const accountPath = (accountId: string) => `/12/accounts/${accountId}`;

/**
 * Reads one post through GET tweets (seed 4.11) by `tweet_type`: concurrent
 * reads coalesce into one list call of up to 200 `tweet_ids`. These lists
 * have no WD: a deleted post is not listed, so undefined means gone.
 */
export async function readPost(
  ctx: Context, accountId: string, tweetType: "DRAFT" | "SCHEDULED" | "PUBLISHED", id: string, userId: string,
): Promise<Entity | undefined> {
  return readLive(() => ctx.client.getById({
    collectionPath: `${accountPath(accountId)}/tweets`, idsParam: "tweet_ids", id,
    query: { tweet_type: tweetType, timeline_type: "ALL", user_id: userId },
  }));
}

/** Posts of a user by type, for finding what a POST without an answer made. */
export async function listPosts(ctx: Context, accountId: string, tweetType: "DRAFT" | "SCHEDULED" | "PUBLISHED", userId: string): Promise<Entity[]> {
  return ctx.client.list<Entity>(`${accountPath(accountId)}/tweets`, { tweet_type: tweetType, timeline_type: "ALL", user_id: userId });
}

/** The post a lost POST made: same text, name and media. */
export function samePost(inputs: { text?: string; name?: string; mediaKeys?: string[] }): (e: Entity) => boolean {
  return (e) => (e.text ?? undefined) === inputs.text && (e.name ?? undefined) === inputs.name
    && JSON.stringify(e.media_keys ?? []) === JSON.stringify(inputs.mediaKeys ?? []);
}

/** The platform answers times in its own format: keep the input's when it is the same instant. */
export function keepInstant<O extends Record<string, unknown>>(outs: O, inputs: Record<string, unknown>, field: string): O {
  const given = inputs[field];
  const live = outs[field];
  if (typeof given === "string" && typeof live === "string" && Date.parse(given) === Date.parse(live)) (outs as Record<string, unknown>)[field] = given;
  return outs;
}
