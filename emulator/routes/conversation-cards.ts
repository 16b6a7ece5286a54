/**
 * Image and video conversation cards (ref creatives/reference.mdx, Image and Video Conversation Cards): form parameters, up to
 * four hashtag calls to action each with the Tweet it posts, a thank-you
 * text, and media checked against the account's media library. The two
 * kinds differ only in their media parameters; PUT takes every POST field
 * optional and applies the same rules to the card as it would be after it.
 */
import { z } from "zod";
import { ENUMS, FORMS, LIMITS } from "../platform";
import { ApiError } from "../errors";
import { aspectRatio, hasAspect, MEDIA_URLS, mediaAsset, MediaType } from "../media";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { given } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { clearable, param, parseParams, WireParams } from "../wire";
import { CARD_COLLECTIONS } from "./cards";

export type ConversationCard = StoredEntity & Record<string, string | null> & { name: string; card_uri: string };

/** ref creatives/reference.mdx, POST cards/image_conversation `first_cta`: CTA hashtags, at most 20 characters not counting the `#`. */
const hashtag = () => z.string()
  .regex(FORMS.hashtag, "must be a hashtag (# then letters, digits or _)")
  .refine((v) => [...v.slice(1)].length <= LIMITS.text.ctaHashtag, `must be at most ${LIMITS.text.ctaHashtag} characters not counting the #`);

const CTAS = ENUMS.conversationCardCta.map((n) => `${n}_cta`);

/** What a media parameter must name in the library. */
export interface MediaRule {
  type: MediaType;
  minWidth?: number;
  /** width:height, e.g. 1.91 for 1.91:1. */
  aspect?: number;
  /** Said in messages, e.g. `1.91:1`. */
  aspectText?: string;
}

interface ConversationKind {
  collection: string;
  path: string;
  noun: string;
  cardType: "IMAGE_CONVERSATION" | "VIDEO_CONVERSATION";
  /** What the card answers about its media (real platform: addresses and sizes, as strings). */
  mediaAnswer: (card: ConversationCard, ctx: ResourceContext) => Record<string, string | null>;
  /** Media parameters: media_key is required, the others optional. */
  media: Record<string, MediaRule>;
  /** Parameters kept and never answered as given (a key the card answers as an address, or not at all). */
  writeOnly: readonly string[];
  /** The fields a PUT answers, where it answers only some. */
  updateAnswer?: readonly string[];
}

function paramsOf(kind: ConversationKind) {
  const optional = Object.fromEntries(Object.keys(kind.media).filter((m) => m !== "media_key").map((m) => [m, clearable(param.text(200))]));
  const shared = {
    title: clearable(param.text(LIMITS.text.conversationCardTitle)),
    second_cta: clearable(hashtag()),
    second_cta_tweet: clearable(param.tweetText()),
    third_cta: clearable(hashtag()),
    third_cta_tweet: clearable(param.tweetText()),
    fourth_cta: clearable(hashtag()),
    fourth_cta_tweet: clearable(param.tweetText()),
    thank_you_url: clearable(z.string().regex(/^https?:\/\/\S+$/, "must be an http(s) URL")),
    ...optional,
  };
  const required = {
    name: param.name(LIMITS.text.cardName),
    first_cta: hashtag(),
    first_cta_tweet: param.tweetText(),
    media_key: param.text(200),
    thank_you_text: param.text(LIMITS.text.thankYouText),
  };
  const partial = Object.fromEntries(Object.entries(required).map(([k, s]) => [k, s.optional()]));
  return { create: z.object({ ...shared, ...required }), update: z.object({ ...shared, ...partial }) };
}

/** The media asset a parameter names, checked against its rule (ref creatives/reference.mdx, POST cards/image_conversation and cards/video_conversation). */
function checkMedia(ctx: ResourceContext, parameter: string, key: string, rule: MediaRule): void {
  const asset = mediaAsset(ctx.account, key);
  if (!asset) throw ApiError.invalid(parameter, `${parameter} ${key} is not in the media library of account ${ctx.account.id}`);
  const what = rule.type.toLowerCase();
  if (asset.media_type !== rule.type) throw ApiError.invalid(parameter, `${parameter} ${key} must be ${what === "image" ? "an" : "a"} ${what}, got ${asset.media_type.toLowerCase()}`);
  if (rule.minWidth !== undefined && asset.width < rule.minWidth) {
    throw ApiError.invalid(parameter, `${parameter} ${key} must be at least ${rule.minWidth} px wide, got ${asset.width}x${asset.height}`);
  }
  if (rule.aspect !== undefined && !hasAspect(asset, rule.aspect)) {
    throw ApiError.invalid(parameter, `${parameter} ${key} must have aspect ratio ${rule.aspectText}, got ${asset.width}x${asset.height}`);
  }
}

/** Rules between fields, on the card as it would be after the write. */
function checkCtas(card: Record<string, unknown>): void {
  const set = (k: string) => card[k] !== null && card[k] !== undefined;
  if (!set("title") && !set("second_cta")) throw ApiError.missing("second_cta", "second_cta is required when title is not set (or set title)");
  for (const cta of CTAS) {
    if (set(cta) && !set(`${cta}_tweet`)) throw ApiError.missing(`${cta}_tweet`, `${cta}_tweet is required when ${cta} is set`);
    if (!set(cta) && set(`${cta}_tweet`)) throw ApiError.invalid(`${cta}_tweet`, `${cta}_tweet is only allowed with ${cta}`);
  }
}

function conversationSpec(kind: ConversationKind): ResourceSpec<ConversationCard> {
  const params = paramsOf(kind);
  const fieldNames = Object.keys(params.create.shape);
  const checkGivenMedia = (ctx: ResourceContext, p: Record<string, unknown>) => {
    for (const [m, rule] of Object.entries(kind.media)) if (typeof p[m] === "string") checkMedia(ctx, m, p[m] as string, rule);
  };

  const spec: ResourceSpec<ConversationCard> = {
    collection: kind.collection,
    path: kind.path,
    noun: kind.noun,
    writeOnly: kind.writeOnly,
    list: () => ({
      ids: [{ param: "card_ids", value: (c) => c.id }],
      search: (c) => c.name,
      sortable: ["created_at", "updated_at", "name"],
      searchMax: LIMITS.text.cardQuery,
    }),
    create(ctx, wire: WireParams) {
      const p = parseParams(params.create, wire) as Record<string, unknown>;
      checkCtas(p);
      checkGivenMedia(ctx, p);
      const fields = Object.fromEntries(fieldNames.map((f) => [f, p[f] ?? null]));
      return { card_uri: "", ...fields } as NewFields<ConversationCard>;
    },
    fromId: (id) => ({ card_uri: `card://${id}` }),
    // The real platform (tests/conformance corpus) leaves unset fields out (not null) and names the card type.
    show: (card, ctx) => ({
      ...Object.fromEntries(Object.entries(card).filter(([k, v]) => v !== null || !fieldNames.includes(k))),
      card_type: kind.cardType,
      ...kind.mediaAnswer(card, ctx),
    }),
    answers: {
      // The real platform (tests/conformance corpus) answers a DELETE with these fields only.
      delete: { only: ["name", "id", "created_at", "updated_at", "deleted", "card_type"] },
      ...(kind.updateAnswer ? { update: { only: kind.updateAnswer } } : {}),
    },
    update(ctx, current, wire: WireParams) {
      const p = given(parseParams(params.update, wire) as Record<string, unknown>);
      checkCtas({ ...current, ...p });
      checkGivenMedia(ctx, p);
      return p as Partial<ConversationCard>;
    },
    deletable: true,
  };
  CARD_COLLECTIONS.push(kind.collection);
  return spec;
}

const { conversationImage, unlockedImage, conversationVideo } = LIMITS.media;

export const imageConversationCards = conversationSpec({
  collection: "image_conversation_cards",
  path: "cards/image_conversation",
  noun: "image conversation card",
  cardType: "IMAGE_CONVERSATION",
  mediaAnswer: (card, ctx) => {
    const asset = mediaAsset(ctx.account, String(card.media_key));
    return { media_url: MEDIA_URLS.image(String(card.media_key)), image_display_width: String(asset?.width ?? ""), image_display_height: String(asset?.height ?? "") };
  },
  media: {
    media_key: { type: "IMAGE", minWidth: conversationImage.minWidth, aspect: conversationImage.aspect, aspectText: "1.91:1" },
    unlocked_image_media_key: { type: "IMAGE", minWidth: unlockedImage.minWidth, aspect: unlockedImage.aspect, aspectText: "5:2" },
  },
  writeOnly: ["unlocked_image_media_key"],
  // The real platform (tests/conformance corpus) answers an image card's PUT with these fields only (the video card's in full).
  updateAnswer: ["name", "id", "created_at", "card_uri", "updated_at", "deleted", "card_type"],
});

export const videoConversationCards = conversationSpec({
  collection: "video_conversation_cards",
  path: "cards/video_conversation",
  noun: "video conversation card",
  cardType: "VIDEO_CONVERSATION",
  mediaAnswer: (card, ctx) => {
    const key = String(card.media_key);
    const [width, height] = aspectRatio(mediaAsset(ctx.account, key) ?? { width: 16, height: 9 });
    return {
      media_url: MEDIA_URLS.video(key), video_width: String(width), video_height: String(height),
      // The video's owner: the account's FULL promotable user, who uploads its media here.
      video_owner_id: [...ctx.account.userIds][0] ?? null,
      poster_media_url: card.poster_media_key ? MEDIA_URLS.image(card.poster_media_key) : MEDIA_URLS.firstFrame(key),
    };
  },
  media: {
    media_key: { type: "VIDEO", aspect: conversationVideo.aspect, aspectText: "16:9" },
    // ref creatives/reference.mdx, POST cards/video_conversation: poster_media_key defaults to the first frame (answered as the first frame's poster_media_url).
    poster_media_key: { type: "IMAGE" },
    unlocked_image_media_key: { type: "IMAGE" },
    unlocked_video_media_key: { type: "VIDEO" },
  },
  // Real platform (xdevplatform/docs creatives/reference.mdx, POST/GET/PUT cards/video_conversation): the poster is answered as poster_media_url only.
  writeOnly: ["poster_media_key", "unlocked_image_media_key", "unlocked_video_media_key"],
});

// The real platform has DELETE accounts/:account_id/cards/image_conversation/:card_id, as for video ones.
export const imageConversationCardRoutes = resourceRoutes(imageConversationCards);
export const videoConversationCardRoutes = resourceRoutes(videoConversationCards);
