/**
 * Posts (ref creatives/reference.mdx, "Draft Tweets", "Scheduled Tweets" and
 * "Tweets"): draft Tweets, scheduled Tweets and published Tweets. Their ids
 * are longs (`tweet_ids` takes them), so the emulator issues decimal ids.
 * Every post carries up to 4 images, or 1 animated GIF, or 1 video of the
 * account's media library (ref creatives/reference.mdx, POST tweet `media_keys`), and `text` unless it has media.
 */
import { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENUMS, LIMITS } from "../platform";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { AccountRoute, echo, EntityRoute, found, one, wireParams } from "../http";
import { ListSpec, listPage } from "../lists";
import { mediaAsset, postMediaProblem } from "../media";
import { changedParams, ResourceContext, resourceContext } from "../resource";
import { given, refuseCreateOnly } from "../rules";
import { Account, Clock, StoredEntity, isoTime } from "../store";
import { clearable, param, isTrue, parseParams, WireParams } from "../wire";

export interface Post extends StoredEntity {
  /** The advertiser user the post is by (`as_user_id` on create). */
  user_id: string;
  text: string | null;
  card_uri: string | null;
  media_keys: string[];
  nullcast: boolean;
  name: string | null;
}

export type DraftTweet = Post;

export interface ScheduledTweet extends Post {
  scheduled_at: string;
  /** The real platform answers scheduled_status, and tweet_id once published. */
  scheduled_status: "SCHEDULED";
  tweet_id: string | null;
}

export interface PublishedTweet extends Post {
  conversation_settings: (typeof ENUMS.conversationSettings)[number];
  video_cta: string | null;
  video_cta_value: string | null;
  video_description: string | null;
  video_title: string | null;
}

export const DRAFT_TWEETS = "draft_tweets";
export const SCHEDULED_TWEETS = "scheduled_tweets";
export const PUBLISHED_TWEETS = "tweets";
const COLLECTION_OF_TYPE: Record<(typeof ENUMS.tweetType)[number], string> = {
  DRAFT: DRAFT_TWEETS, SCHEDULED: SCHEDULED_TWEETS, PUBLISHED: PUBLISHED_TWEETS,
};

// ------------------------------------------------------------------ ids ---

let sequence = 0;
let lastId = 0n;
/**
 * A Tweet id: a long, as the platform's (snowflake: milliseconds since its
 * epoch, then a sequence), so `tweet_ids` filters take it. Each one above
 * the last: the platform's clock can be set back (control API), and an id
 * must never name two Tweets.
 */
export function tweetId(clock: Clock): string {
  sequence = (sequence + 1) % 4096;
  const drawn = (BigInt(clock()) - 1288834974657n) << 22n | BigInt(sequence);
  lastId = drawn > lastId ? drawn : lastId + 1n;
  return lastId.toString();
}

// ---------------------------------------------------------------- rules ---

const DIGITS = /^\d+$/;
const long = () => z.string().regex(DIGITS, "must be a long in decimal digits");
/** ref creatives/reference.mdx, POST cards: `card_uri` has the form card://<card_id>. */
const cardUri = () => z.string().regex(/^card:\/\/\S+$/, "must be a card URI, card://<card_id>");
const mediaKeys = () => param.list(1, LIMITS.idsPerFilter);

const postParams = {
  as_user_id: long(),
  text: param.tweetText().optional(),
  card_uri: cardUri().optional(),
  media_keys: mediaKeys().optional(),
  nullcast: param.bool().default(true),
  name: param.name(LIMITS.text.tweetName).optional(),
};

/**
 * The real platform takes `as_user_id` only for a user who
 * granted the caller's handle access to the account (ref fundamentals/making-authenticated-requests.mdx): here,
 * a user of the account.
 */
function assertAccountUser(account: Account, userId: string): void {
  if (!account.userIds.has(userId)) {
    throw ApiError.invalid("as_user_id", `as_user_id ${userId} has not granted access to account ${account.id}`);
  }
}

/** ref creatives/reference.mdx, POST tweet `media_keys`: media of the library, 4 images, or 1 animated GIF, or 1 video. */
export function assertTweetMedia(account: Account, keys: readonly string[]): void {
  const assets = keys.map((key) => {
    const asset = mediaAsset(account, key);
    if (!asset) throw ApiError.invalid("media_keys", `media_keys ${key} is not in the media library of account ${account.id}`);
    return asset;
  });
  const problem = postMediaProblem(assets.map((a) => a.media_type));
  if (problem) throw ApiError.invalid("media_keys", `media_keys ${problem}`);
}

/** ref creatives/reference.mdx, POST tweet and POST draft_tweets: `text` is required if there are no `media_keys` (checked on the post as it would be). */
function assertTextOrMedia(post: { text: string | null; media_keys: readonly string[] }): void {
  if (post.text === null && post.media_keys.length === 0) throw ApiError.missing("text", "text is required when there are no media_keys");
}

function newPost(ctx: ResourceContext, p: {
  as_user_id: string; text?: string; card_uri?: string; media_keys?: string[]; nullcast: boolean; name?: string;
}): Omit<Post, keyof StoredEntity> {
  assertAccountUser(ctx.account, p.as_user_id);
  const post = {
    user_id: p.as_user_id,
    text: p.text ?? null,
    card_uri: p.card_uri ?? null,
    media_keys: p.media_keys ?? [],
    nullcast: p.nullcast,
    name: p.name ?? null,
  };
  assertTweetMedia(ctx.account, post.media_keys);
  assertTextOrMedia(post);
  return post;
}

function insertPost<T extends Post>(ctx: ResourceContext, collection: string, fields: Omit<T, keyof StoredEntity>): T {
  return ctx.account.collection<T>(collection).insert(fields, tweetId(ctx.clock));
}

// --------------------------------------------------------------- drafts ---

const draftCreate = z.object(postParams);
/** ref creatives/reference.mdx, PUT draft_tweets: `card_uri` and `media_keys` are unset by the parameter with no value. */
const draftUpdate = z.object({
  card_uri: clearable(cardUri()),
  media_keys: clearable(mediaKeys()),
  nullcast: param.bool().optional(),
  text: param.tweetText().optional(),
  name: param.name(LIMITS.text.tweetName).optional(),
});

function updateDraft(ctx: ResourceContext, current: DraftTweet, params: WireParams): Partial<DraftTweet> {
  refuseCreateOnly(params, ["as_user_id"], "draft Tweet");
  const p = given(parseParams(draftUpdate, params));
  const patch: Partial<DraftTweet> = {
    ...p,
    ...(p.media_keys !== undefined ? { media_keys: p.media_keys ?? [] } : {}),
  } as Partial<DraftTweet>;
  const next = { ...current, ...patch };
  assertTweetMedia(ctx.account, next.media_keys);
  assertTextOrMedia(next);
  return patch;
}

// ------------------------------------------------------------ scheduled ---

const scheduledCreate = z.object({ ...postParams, scheduled_at: param.time() });
/** ref creatives/reference.mdx, PUT scheduled_tweets: `nullcast`, `scheduled_at`, `text`, `name`. */
const scheduledUpdate = z.object({
  nullcast: param.bool().optional(),
  scheduled_at: param.time().optional(),
  text: param.tweetText().optional(),
  name: param.name(LIMITS.text.tweetName).optional(),
});

/** The real platform schedules only in the future. */
function assertFuture(clock: Clock, scheduledAt: string): string {
  if (Date.parse(scheduledAt) <= clock()) {
    throw ApiError.invalid("scheduled_at", `scheduled_at must be in the future (now ${isoTime(clock())}), got ${scheduledAt}`);
  }
  return isoTime(Date.parse(scheduledAt));
}

/** Whether a scheduled Tweet's time has come (it is published, no longer scheduled). */
export function scheduledTimePassed(clock: Clock, tweet: ScheduledTweet): boolean {
  return Date.parse(tweet.scheduled_at) <= clock();
}

function updateScheduled(ctx: ResourceContext, current: ScheduledTweet, params: WireParams): Partial<ScheduledTweet> {
  refuseCreateOnly(params, ["as_user_id", "card_uri", "media_keys"], "scheduled Tweet");
  // The real platform publishes a scheduled Tweet at scheduled_at, after which it cannot change.
  if (scheduledTimePassed(ctx.clock, current)) {
    throw ApiError.of(400, "SCHEDULED_TIME_PASSED", `scheduled Tweet ${current.id} was due at ${current.scheduled_at}, which has passed: it can no longer be changed`);
  }
  const p = given(parseParams(scheduledUpdate, params));
  const patch: Partial<ScheduledTweet> = { ...p };
  if (p.scheduled_at !== undefined) patch.scheduled_at = assertFuture(ctx.clock, p.scheduled_at);
  assertTextOrMedia({ ...current, ...patch });
  return patch;
}

// ------------------------------------------------------------ published ---

const publishedCreate = z.object({
  ...postParams,
  conversation_settings: param.oneOf(ENUMS.conversationSettings).default("EVERYONE"),
  video_cta: param.oneOf(ENUMS.videoCta).optional(),
  video_cta_value: param.text().optional(),
  video_description: param.text(LIMITS.text.videoDescription).optional(),
  video_title: param.text(LIMITS.text.videoTitle).optional(),
  // Shape the response only (ref creatives/reference.mdx, POST tweet); accepted and not stored.
  trim_user: param.bool().optional(),
  tweet_mode: param.oneOf(["compat", "extended"] as const).optional(),
});

function createPublished(ctx: ResourceContext, params: WireParams, authenticatedUserId: string | undefined): PublishedTweet {
  const p = parseParams(publishedCreate, params);
  // ref creatives/reference.mdx, POST tweet `nullcast`: nullcast false (an organic Tweet) only for the authenticated user.
  if (!p.nullcast && p.as_user_id !== authenticatedUserId) {
    throw ApiError.invalid("nullcast", `nullcast false (an organic Tweet) is only allowed as the authenticated user, not as_user_id ${p.as_user_id}`);
  }
  // The real platform needs video_cta_value with video_cta, and the video fields only with a video.
  if (p.video_cta !== undefined && p.video_cta_value === undefined) throw ApiError.missing("video_cta_value", "video_cta_value is required with video_cta");
  const post = newPost(ctx, p);
  const hasVideo = post.media_keys.some((k) => mediaAsset(ctx.account, k)?.media_type === "VIDEO");
  const videoField = (["video_cta", "video_cta_value", "video_description", "video_title"] as const).find((f) => p[f] !== undefined);
  if (videoField && !hasVideo) throw ApiError.invalid(videoField, `${videoField} is only allowed on a Tweet with a video in media_keys`);
  return insertPost<PublishedTweet>(ctx, PUBLISHED_TWEETS, {
    ...post,
    conversation_settings: p.conversation_settings,
    video_cta: p.video_cta ?? null,
    video_cta_value: p.video_cta_value ?? null,
    video_description: p.video_description ?? null,
    video_title: p.video_title ?? null,
  });
}

const nameUpdate = z.object({ name: clearable(param.text(LIMITS.text.tweetName)) });

// ---------------------------------------------------------------- lists ---

const byId: ListSpec<Post> = { ids: [{ param: "tweet_ids", value: (t) => t.id }], sortable: ["created_at", "updated_at"] };

/** The FULL promotable user, the default `user_id` of lists. Which one is the emulator's choice: the account's first user. */
function defaultUser(account: Account): string {
  return [...account.userIds][0] ?? "";
}

const draftList = z.object({
  count: param.int(LIMITS.draftTweetCount.min, LIMITS.draftTweetCount.max).optional(),
  cursor: z.string().min(1).optional(),
  user_id: long().optional(),
});

const tweetsList = z.object({
  tweet_type: param.oneOf(ENUMS.tweetType),
  count: param.int(LIMITS.count.min, LIMITS.count.max).optional(),
  cursor: z.string().min(1).optional(),
  include_mentions_and_replies: param.bool().optional(),
  name: param.name(LIMITS.text.tweetName).optional(),
  timeline_type: param.oneOf(ENUMS.timelineType).default("NULLCAST"),
  trim_user: param.bool().optional(),
  tweet_ids: param.list(1, LIMITS.tweetIdsPerList).pipe(z.array(z.string().regex(DIGITS, "must be Tweet ids in decimal digits"))).optional(),
  user_id: long().optional(),
});

/** A page of live posts; deleted ones are never listed (no WD on these lists). */
function page<T extends Post>(all: readonly T[], p: { count?: number; cursor?: string; tweet_ids?: string[] }, defaultCount: number) {
  const params: WireParams = { count: String(p.count ?? defaultCount) };
  if (p.cursor !== undefined) params.cursor = p.cursor;
  if (p.tweet_ids !== undefined) params.tweet_ids = p.tweet_ids.join(",");
  return listPage(all.filter((t) => !t.deleted), params, byId as unknown as ListSpec<T>);
}

// -------------------------------------------------------------- answers ---

/**
 * The records as the platform answers them. The real platform
 * (tests/conformance corpus): draft and scheduled Tweets are deleted for
 * good, so they carry no `deleted` (a DELETE answers their status
 * DELETED); a scheduled Tweet answers completed_at, null until published,
 * and its text "" when it has none (media only).
 */
function draftAnswer(post: Post, deletedNow = false): Record<string, unknown> {
  const { deleted: _deleted, ...rest } = post;
  return deletedNow ? { ...rest, status: "DELETED" } : rest;
}

function scheduledAnswer(tweet: ScheduledTweet, deletedNow = false): Record<string, unknown> {
  const { deleted: _deleted, ...rest } = tweet;
  return { ...rest, text: tweet.text ?? "", completed_at: null, ...(deletedNow ? { scheduled_status: "DELETED" } : {}) };
}

/** The real platform names the application that posted: this emulator. */
const SOURCE = '<a href="https://ads-api.x.com" rel="nofollow">Ads API emulator</a>';

/**
 * The author as a Tweet names it: `trim_user=true` gives only the ids; else
 * also the name and screen name. The emulator knows the
 * configured user's screen name only, and names other users by their id.
 */
export interface Author {
  trim: boolean;
  screenNameOf: (userId: string) => string;
}

/**
 * A published Tweet as the platform answers it (the real
 * platform, tests/conformance corpus): the legacy Tweet object, its `id`
 * and its author's `user.id` JSON numbers beyond 2^53 (`json.ts` writes
 * them exactly) with `id_str` beside them, no top-level `user_id`, no media
 * keys, card URI or video fields, no counts or geo data here. The POST
 * answers `text` and neither nullcast nor the conversation settings; GET
 * and the name PUT answer `full_text`, `tweet_id`, `tweet_type`, nullcast
 * and the conversation settings.
 */
function publishedAnswer(tweet: PublishedTweet, form: "POST" | "GET" | "PUT", author: Author): Record<string, unknown> {
  const legacy = {
    id: BigInt(tweet.id),
    id_str: tweet.id,
    name: tweet.name,
    created_at: tweet.created_at,
    truncated: false,
    entities: { hashtags: [], symbols: [], user_mentions: [], urls: [] },
    source: SOURCE,
    in_reply_to_status_id: null, in_reply_to_status_id_str: null, in_reply_to_user_id: null, in_reply_to_user_id_str: null, in_reply_to_screen_name: null,
    user: {
      id: BigInt(tweet.user_id), id_str: tweet.user_id,
      ...(author.trim ? {} : { name: author.screenNameOf(tweet.user_id), screen_name: author.screenNameOf(tweet.user_id) }),
    },
    geo: null, coordinates: null, place: null, contributors: null,
    retweet_count: 0, favorite_count: 0, favorited: false, retweeted: false,
    scopes: { followers: false },
    lang: "en",
  };
  const text = tweet.text ?? "";
  if (form === "POST") return { ...legacy, text };
  return {
    ...legacy,
    full_text: text, display_text_range: [0, [...text].length], tweet_id: tweet.id, tweet_type: "PUBLISHED",
    conversation_settings: tweet.conversation_settings, nullcast: tweet.nullcast, scheduled_at: null,
    ...(form === "PUT" ? { scheduled_status: null } : {}),
  };
}

/** A post of GET tweets, by its type. */
function answerOfType(type: (typeof ENUMS.tweetType)[number], post: Post, author: Author): Record<string, unknown> {
  if (type === "PUBLISHED") return publishedAnswer(post as PublishedTweet, "GET", author);
  return type === "SCHEDULED" ? scheduledAnswer(post as ScheduledTweet) : draftAnswer(post);
}

// --------------------------------------------------------------- routes ---

export const postRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const base = "/12/accounts/:account_id";
  const context = (req: FastifyRequest<AccountRoute>) => resourceContext(app, env, req);
  const posts = <T extends Post>(ctx: ResourceContext, collection: string) => ctx.account.collection<T>(collection);
  const { user } = app.emulator.auth;
  const author = (req: FastifyRequest): Author => ({
    trim: isTrue(wireParams(req).trim_user),
    screenNameOf: (userId) => (userId === user.id ? user.screenName : `user_${userId}`),
  });

  // Draft Tweets (ref creatives/reference.mdx, Draft Tweets).
  app.get<AccountRoute>(`${base}/draft_tweets`, async (req) => {
    const ctx = context(req);
    const p = parseParams(draftList, wireParams(req));
    const user = p.user_id ?? defaultUser(ctx.account);
    const all = posts<DraftTweet>(ctx, DRAFT_TWEETS).all().filter((t) => t.user_id === user);
    const drafts = page(all, p, LIMITS.draftTweetCount.default);
    return { request: echo(req), ...drafts, data: drafts.data.map((d) => draftAnswer(d)) };
  });
  // ref creatives/reference.mdx, GET draft_tweets/:draft_tweet_id: no parameters (no WD): a deleted draft is not found.
  app.get<EntityRoute>(`${base}/draft_tweets/:id`, async (req) =>
    one(req, draftAnswer(found(posts<DraftTweet>(context(req), DRAFT_TWEETS).get(req.params.id), "draft Tweet", req.params.id))));
  app.post<AccountRoute>(`${base}/draft_tweets`, async (req, reply) => {
    const ctx = context(req);
    const draft = insertPost<DraftTweet>(ctx, DRAFT_TWEETS, newPost(ctx, parseParams(draftCreate, wireParams(req))));
    return reply.status(201).send(one(req, draftAnswer(draft)));
  });
  app.put<EntityRoute>(`${base}/draft_tweets/:id`, async (req) => {
    const ctx = context(req);
    const current = found(posts<DraftTweet>(ctx, DRAFT_TWEETS).get(req.params.id), "draft Tweet", req.params.id);
    return one(req, draftAnswer(posts<DraftTweet>(ctx, DRAFT_TWEETS).update(current.id, updateDraft(ctx, current, changedParams(wireParams(req), current)))));
  });
  app.delete<EntityRoute>(`${base}/draft_tweets/:id`, async (req) =>
    one(req, draftAnswer(deletePost(req, context(req), DRAFT_TWEETS, "draft Tweet"), true)));

  // Scheduled Tweets (ref creatives/reference.mdx, Scheduled Tweets): POST
  // scheduled_tweets with scheduled_at, as_user_id, text, media_keys,
  // card_uri, nullcast, name; GET scheduled_tweets (count, cursor, user_id)
  // and GET scheduled_tweets/:id.
  app.get<AccountRoute>(`${base}/scheduled_tweets`, async (req) => {
    const ctx = context(req);
    const p = parseParams(draftList.extend({ count: param.int(LIMITS.count.min, LIMITS.count.max).optional() }), wireParams(req));
    const user = p.user_id ?? defaultUser(ctx.account);
    const all = posts<ScheduledTweet>(ctx, SCHEDULED_TWEETS).all().filter((t) => t.user_id === user);
    const scheduled = page(all, p, LIMITS.count.default);
    return { request: echo(req), ...scheduled, data: scheduled.data.map((t) => scheduledAnswer(t)) };
  });
  app.get<EntityRoute>(`${base}/scheduled_tweets/:id`, async (req) =>
    one(req, scheduledAnswer(found(posts<ScheduledTweet>(context(req), SCHEDULED_TWEETS).get(req.params.id), "scheduled Tweet", req.params.id))));
  app.post<AccountRoute>(`${base}/scheduled_tweets`, async (req, reply) => {
    const ctx = context(req);
    const p = parseParams(scheduledCreate, wireParams(req));
    const scheduledAt = assertFuture(ctx.clock, p.scheduled_at);
    const tweet = insertPost<ScheduledTweet>(ctx, SCHEDULED_TWEETS, {
      ...newPost(ctx, p), scheduled_at: scheduledAt, scheduled_status: "SCHEDULED", tweet_id: null,
    });
    return reply.status(201).send(one(req, scheduledAnswer(tweet)));
  });
  app.put<EntityRoute>(`${base}/scheduled_tweets/:id`, async (req) => {
    const ctx = context(req);
    const current = found(posts<ScheduledTweet>(ctx, SCHEDULED_TWEETS).get(req.params.id), "scheduled Tweet", req.params.id);
    return one(req, scheduledAnswer(posts<ScheduledTweet>(ctx, SCHEDULED_TWEETS).update(current.id, updateScheduled(ctx, current, changedParams(wireParams(req), current)))));
  });
  app.delete<EntityRoute>(`${base}/scheduled_tweets/:id`, async (req) =>
    one(req, scheduledAnswer(deletePost(req, context(req), SCHEDULED_TWEETS, "scheduled Tweet") as ScheduledTweet, true)));

  // Published Tweets (ref creatives/reference.mdx, Tweets): POST tweet, PUT of the name only, no DELETE.
  app.post<AccountRoute>(`${base}/tweet`, async (req, reply) => {
    const tweet = createPublished(context(req), wireParams(req), req.api?.userId);
    return reply.status(201).send(one(req, publishedAnswer(tweet, "POST", author(req))));
  });
  app.put<EntityRoute>(`${base}/tweets/:id/name`, async (req) => {
    const ctx = context(req);
    const current = found(posts<PublishedTweet>(ctx, PUBLISHED_TWEETS).get(req.params.id), "Tweet", req.params.id);
    const { name } = parseParams(nameUpdate, wireParams(req));
    return one(req, publishedAnswer(posts<PublishedTweet>(ctx, PUBLISHED_TWEETS).update(current.id, { name: name ?? null }), "PUT", author(req)));
  });
  for (const method of ["PUT", "DELETE"] as const) {
    // ref creatives/reference.mdx, Tweets shows no DELETE and no PUT of a published Tweet but its name.
    app.route<EntityRoute>({
      method, url: `${base}/tweets/:id`,
      handler: async () => {
        throw ApiError.of(405, "METHOD_NOT_ALLOWED", `published Tweets cannot be ${method === "PUT" ? "updated (only their name: PUT tweets/:tweet_id/name)" : "deleted through the Ads API"}`);
      },
    });
  }

  // GET tweets (ref creatives/reference.mdx, GET tweets): every kind of post by tweet_type.
  app.get<AccountRoute>(`${base}/tweets`, async (req) => {
    const ctx = context(req);
    const p = parseParams(tweetsList, wireParams(req));
    const user = p.user_id ?? defaultUser(ctx.account);
    const all = posts<Post>(ctx, COLLECTION_OF_TYPE[p.tweet_type]).all().filter((t) =>
      t.user_id === user
      && (p.timeline_type === "ALL" || t.nullcast === (p.timeline_type === "NULLCAST"))
      && (p.name === undefined || (t.name ?? "").toLowerCase().startsWith(p.name.toLowerCase())));
    const listed = page(all, p, LIMITS.count.default);
    return { request: echo(req), ...listed, data: listed.data.map((t) => answerOfType(p.tweet_type, t, author(req))) };
  });
};

/** DELETE of a draft or scheduled Tweet; a second one is 404, as for every DELETE (ref campaign-management/reference.mdx, DELETE campaigns). */
function deletePost(req: FastifyRequest<EntityRoute>, ctx: ResourceContext, collection: string, noun: string): Post {
  const c = ctx.account.collection<Post>(collection);
  found(c.get(req.params.id), noun, req.params.id);
  return c.markDeleted(req.params.id);
}
