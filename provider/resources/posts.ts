/**
 * What draft, scheduled and published Tweets share (ref creatives/reference.mdx, Draft Tweets, Scheduled Tweets, Tweets): their
 * common inputs, the media rule (4 images, or 1 animated GIF, or 1 video,
 * told by the media key prefix: LIMITS.mediaKeyPrefixes), `text` unless
 * there are media, and reads through GET tweets by `tweet_type`. Each kind
 * is `declarePost(...)`: what it states beyond these.
 */
import { z } from "zod";
import { Entity, Query } from "../client/client";
import { LIMITS, mediaTypeOfKey, tweetMediaProblem } from "../limits";
import { createOnly, name, tweetText } from "./common";
import { Declaration, nounOf, StateOf } from "./declaration";
import { defineResource } from "./define";
import { readLive, rule, Rule } from "./framework";

// --------------------------------------------------------------- inputs ---

export const asUserIdInput = createOnly(z.string().regex(/^\d+$/, { error: "must be a user id in decimal digits (a string: ids exceed JavaScript's safe integers)" })
  .describe("The advertiser user the post is by (`as_user_id`)."));

// The inputs below differ in what they are from kind to kind (a draft's
// media are clearable, a scheduled Tweet's create-only): each call makes a
// schema of its own for its kind to declare.

export const cardUriInput = (description = "A card to attach, `card://<card_id>` (a Card's cardUri).") =>
  z.string().regex(/^card:\/\/\S+$/, { error: "must be a card URI, card://<card_id>" }).optional().describe(description);

export const mediaKeysInput = (description = `Media of the account's media library: up to ${LIMITS.tweetMedia.images} images, or ${LIMITS.tweetMedia.gifs} animated GIF, or ${LIMITS.tweetMedia.videos} video (keys 3_ image, 16_ animated GIF, 7_ or 13_ video).`) => z
  .array(z.string().regex(/^\d+_\d+$/, { error: "must be a media key of the media library, <category>_<id> such as 3_1001" }))
  .min(1)
  .optional()
  .describe(description);

export const textInput = (description: string) => tweetText().optional().describe(description);

export const nameInput = (description = `A name for the post in the ads UI, at most ${LIMITS.text.tweetName} characters.`) =>
  name(LIMITS.text.tweetName).optional().describe(description);

export const nullcastInput = (description: string) => z.boolean().default(true).describe(description);

/** A long id of a post, as the platform issues them (decimal digits). */
export const tweetIdOutput = z.string().describe("The post's id (a long, as a string).");

/** The inputs every post has. */
export interface PostInputs {
  accountId: string;
  asUserId: string;
  text?: string;
  cardUri?: string;
  mediaKeys?: string[];
  nullcast: boolean;
  name?: string;
  adoptId?: string;
}

// ---------------------------------------------------------------- rules ---

/** Rules of every post (ref creatives/reference.mdx, POST tweet). */
export const postRules: readonly Rule<PostInputs>[] = [
  // The counts and the mix need only the list: a key not known yet (preview) counts, of unknown type.
  rule<PostInputs>(["mediaKeys"], (p) => {
    const problem = p.mediaKeys && tweetMediaProblem(p.mediaKeys.map((k) => (typeof k === "string" ? mediaTypeOfKey(k) : undefined)));
    return problem ? [{ property: "mediaKeys", reason: `mediaKeys ${problem}` }] : [];
  }, { structural: true }),
  rule<PostInputs>(["text", "mediaKeys"], (p) =>
    p.text === undefined && (p.mediaKeys ?? []).length === 0 ? [{ property: "text", reason: "text is required when there are no mediaKeys" }] : []),
];

// ------------------------------------------------------------ lifecycle ---

export type TweetType = "DRAFT" | "SCHEDULED" | "PUBLISHED";

export const accountPath = (accountId: string) => `/12/accounts/${accountId}`;
export const tweetsPath = (accountId: string) => `${accountPath(accountId)}/tweets`;
const listQuery = (tweetType: TweetType, userId: string): Query => ({ tweet_type: tweetType, timeline_type: "ALL", user_id: userId });

/** The platform's unset text is "" (a scheduled Tweet of media only) or null: the same as none. */
const textOf = (e: Entity) => (typeof e.text === "string" && e.text !== "" ? e.text : undefined);

/** The post a lost POST made: same text, name and media. */
function samePost(p: PostInputs, e: Entity): boolean {
  return textOf(e) === p.text && (e.name ?? undefined) === p.name
    && JSON.stringify(e.media_keys ?? []) === JSON.stringify(p.mediaKeys ?? []);
}

/**
 * A published Tweet as the post record the other kinds answer. The
 * platform answers the legacy Tweet object (tests/conformance corpus, POST
 * accounts/:id/tweet, GET accounts/:id/tweets): `id` a JSON number beyond
 * 2^53 with `id_str` beside it (the client reads the number's digits
 * exactly; `id_str` is taken where it is), the author as `user.id_str`
 * (no top-level `user_id`), the text as `full_text` on GET and `text` on
 * the POST.
 */
export function publishedTweet(e: Entity): Entity {
  const user = (e.user ?? {}) as { id?: unknown; id_str?: unknown };
  const author = user.id_str ?? user.id ?? e.user_id;
  return {
    ...e,
    id: String(e.id_str ?? e.id),
    ...(author !== undefined && author !== null ? { user_id: String(author) } : {}),
    text: e.full_text ?? e.text,
  };
}

export interface PostDeclaration<I extends object, O extends object> extends Omit<Declaration<I, O>, "find" | "lookUp"> {
  /** The posts GET tweets lists for this kind. */
  readonly tweetType: TweetType;
  /** What else the post a lost POST made shares with the inputs, beyond text, name and media. */
  readonly sameAlso?: (p: I, e: Entity) => boolean;
}

/**
 * A post kind's declaration: the post rules before its own; a short
 * description by name, text or media; a POST without an answer looked up
 * among the user's posts of that type (GET tweets by `tweet_type`). Reads
 * and adoption: published Tweets through GET tweets (concurrent reads
 * coalesce into one list call of up to 200 `tweet_ids`; the list has no
 * WD: a Tweet not listed is gone); draft and scheduled Tweets through their
 * own GET (`draft_tweets/:id`, `scheduled_tweets/:id`), whose record the
 * reference documents (GET tweets documents only the PUBLISHED answer).
 * Those are hard-deleted: a 404 is gone, and they take no `with_deleted`.
 */
export function declarePost<S extends z.ZodObject, Out extends Record<string, z.ZodType> = Record<never, never>>(
  kind: string, inputs: S, { tweetType, sameAlso, ...d }: PostDeclaration<z.infer<S>, StateOf<S, Out>> & { readonly outputs?: Out },
) {
  type P = z.infer<S> & PostInputs;
  const post = (p: z.infer<S>) => p as P;
  const noun = d.noun ?? nounOf(kind);
  const published = tweetType === "PUBLISHED";
  const record = (e: Entity) => (published ? publishedTweet(e) : e);
  // The kind's `tweet_type`, for what reads posts of every kind (xads pr-summary --previews).
  return Object.assign(defineResource<S, Out>(kind, inputs, {
    describe: (i) => { const p = post(i); return `${noun} "${p.name ?? p.text ?? p.mediaKeys?.join(",")}"`; },
    ...d,
    rules: [...(postRules as unknown as Rule<z.infer<S>>[]), ...(d.rules ?? [])],
    ...(published ? { send: async (ctx, _p, body, path) => record(await ctx.client.post<Entity>(path, body)) } : {}),
    find: (ctx, p, id) => readLive(async () => (published
      ? record(await ctx.client.getById({ collectionPath: tweetsPath(post(p).accountId), idsParam: "tweet_ids", id, query: listQuery(tweetType, post(p).asUserId) }))
      : ctx.client.get<Entity>(`${d.path!(p)}/${id}`))),
    lookUp: {
      candidates: async (ctx, [p]) => (await ctx.client.list<Entity>(tweetsPath(post(p!).accountId), listQuery(tweetType, post(p!).asUserId))).map(record),
      matches: (p, e) => samePost(post(p), e) && (sameAlso?.(p, e) ?? true),
    },
    // The platform's `user_id` is the resource's `asUserId` (`as_user_id` on create).
    outputsFrom: (outs, declared, e) => {
      const authored = (e.user_id ?? undefined) === undefined ? outs : { ...outs, asUserId: String(e.user_id) };
      return d.outputsFrom ? d.outputsFrom(authored, declared, e) : authored;
    },
  }), { tweetType });
}

/** The `tweet_type` of a post kind (DraftTweet, ScheduledTweet, Tweet), undefined for every other kind. */
export function tweetTypeOf(definition: object): TweetType | undefined {
  return (definition as { tweetType?: TweetType }).tweetType;
}
