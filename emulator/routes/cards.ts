/**
 * Cards (ref creatives/reference.mdx, "Cards"): a JSON body (not query parameters) of `name`
 * and exactly one of `components` or `slides`. PUT replaces each given
 * field; DELETE exists. `cards/all` looks up cards of any kind by URI.
 * Lists take `count` 1 to 200 (default 100) and `q` of at most 80.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENUMS, FORMS, LIMITS } from "../platform";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { AccountRoute, EntityRoute, echo, found, one, wireParams } from "../http";
import { ListSpec, listPage, withDeleted } from "../lists";
import { aspectRatio, mediaAsset, MediaAsset, MEDIA_URLS } from "../media";
import { deleteEntity, ResourceContext, resourceContext, ResourceSpec } from "../resource";
import { Account, AnyEntity, StoredEntity, NewFields } from "../store";
import { param, parseParams, platformErrors } from "../wire";

type CardType = (typeof ENUMS.cardType)[number];

export interface Card extends StoredEntity {
  name: string;
  /** `card://<id>` (ref creatives/reference.mdx, POST cards `card_uri`): what posts attach. */
  card_uri: string;
  card_type: CardType;
  components: Component[] | null;
  slides: Component[][] | null;
}

// ------------------------------------------------------------ the body ---

const mediaKey = z.string().min(1);
const optionalText = param.text().optional();

const component = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("MEDIA"), media_key: mediaKey }),
  z.strictObject({ type: z.literal("SWIPEABLE_MEDIA"), media_keys: z.array(mediaKey).min(LIMITS.swipeableMedia.min).max(LIMITS.swipeableMedia.max) }),
  z.strictObject({
    type: z.literal("DETAILS"),
    title: param.text(),
    destination: z.strictObject({ type: z.literal(ENUMS.componentDestination.DETAILS), url: z.string().min(1) }),
  }),
  z.strictObject({
    type: z.literal("BUTTON"),
    label: z.strictObject({ type: z.literal("ENUM"), value: z.enum(ENUMS.cardButtonLabel) }),
    destination: z.strictObject({
      type: z.literal(ENUMS.componentDestination.BUTTON),
      country_code: z.string().regex(FORMS.countryCode, "must be an ISO 3166-1 alpha-2 country code"),
      googleplay_app_id: optionalText,
      ios_app_store_identifier: optionalText,
      googleplay_deep_link: optionalText,
      ios_deep_link: optionalText,
    }),
  }),
]);

type Component = z.infer<typeof component>;

const components = z.array(component).min(1);
const slides = z.array(components).min(1);

const createBody = z.object({ name: param.name(LIMITS.text.cardName), components: components.optional(), slides: slides.optional() });
const updateBody = createBody.partial();

/** `components[1].media_keys`: JSON body errors name the whole path. */
function pathName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("") || "body";
}

function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw ApiError.invalid("body", "the body must be a JSON object (Content-Type: application/json)");
  }
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  throw new ApiError(400, platformErrors(result.error.issues, pathName));
}

// ---------------------------------------------------------------- rules ---

type MediaKind = "image" | "video";

/** An image or a video of the account's media library (ref creatives/reference.mdx, POST draft_tweets `media_keys`: media assets must be in the account's Media Library). */
function libraryMedia(account: Account, key: string, parameter: string): { asset: MediaAsset; kind: MediaKind } {
  const asset = mediaAsset(account, key);
  if (!asset) throw ApiError.invalid(parameter, `${parameter} ${key} is not in the media library of account ${account.id}`);
  if (asset.media_type === "GIF") throw ApiError.invalid(parameter, `${parameter} ${key} must be an image or a video, got an animated GIF`);
  return { asset, kind: asset.media_type === "VIDEO" ? "video" : "image" };
}

function eachComponent(c: { components?: Component[] | null; slides?: Component[][] | null }): { at: string; component: Component }[] {
  const out = (c.components ?? []).map((component, i) => ({ at: `components[${i}]`, component }));
  (c.slides ?? []).forEach((slide, s) => slide.forEach((component, i) => out.push({ at: `slides[${s}][${i}]`, component })));
  return out;
}

/**
 * The rules between fields (ref creatives/reference.mdx, POST cards) and the card type the content makes:
 * the real platform
 * names it by media (image, video, mixed), carousel or not, and destination.
 */
function checkContent(account: Account, c: { components?: Component[] | null; slides?: Component[][] | null }): CardType {
  if (c.components && c.slides) throw ApiError.invalid("slides", "give components or slides, not both");
  if (!c.components && !c.slides) throw ApiError.missing("components", "components or slides is required");
  const kinds: MediaKind[] = [];
  let swipeable = false;
  let app = false;
  for (const { at, component: x } of eachComponent(c)) {
    if (x.type === "MEDIA") kinds.push(libraryMedia(account, x.media_key, `${at}.media_key`).kind);
    if (x.type === "SWIPEABLE_MEDIA") {
      swipeable = true;
      x.media_keys.forEach((k, i) => kinds.push(libraryMedia(account, k, `${at}.media_keys[${i}]`).kind));
    }
    if (x.type !== "BUTTON") continue;
    app = true;
    const d = x.destination;
    if (d.googleplay_app_id === undefined && d.ios_app_store_identifier === undefined) {
      throw ApiError.missing(`${at}.destination`, `${at}.destination needs googleplay_app_id or ios_app_store_identifier`);
    }
    if (d.googleplay_deep_link !== undefined && d.googleplay_app_id === undefined) {
      throw ApiError.invalid(`${at}.destination.googleplay_deep_link`, `${at}.destination.googleplay_deep_link is only allowed with googleplay_app_id`);
    }
    if (d.ios_deep_link !== undefined && d.ios_app_store_identifier === undefined) {
      throw ApiError.invalid(`${at}.destination.ios_deep_link`, `${at}.destination.ios_deep_link is only allowed with ios_app_store_identifier`);
    }
  }
  const media = kinds.every((k) => k === "image") ? "IMAGE" : kinds.every((k) => k === "video") ? "VIDEO" : "MIXED_MEDIA";
  if (c.slides) return `${media}_MULTI_DEST_CAROUSEL_WEBSITE` as CardType;
  const dest = app ? "APP" : "WEBSITE";
  if (!swipeable) return `${media === "VIDEO" ? "VIDEO" : "IMAGE"}_${dest}` as CardType;
  return (media === "MIXED_MEDIA" ? `MIXED_MEDIA_SINGLE_DEST_CAROUSEL_${dest}` : `${media}_CAROUSEL_${dest}`) as CardType;
}

function create(ctx: ResourceContext, body: unknown): Card {
  const p = parseBody(createBody, body);
  const cardType = checkContent(ctx.account, p);
  const fields: NewFields<Card> = {
    name: p.name, card_uri: "", card_type: cardType, components: p.components ?? null, slides: p.slides ?? null,
  };
  const collection = ctx.account.collection<Card>(cards.collection);
  const entity = collection.insert(fields);
  return collection.update(entity.id, cards.fromId!(entity.id));
}

/**
 * ref creatives/reference.mdx, PUT cards: each given field replaces the existing one. As for the
 * other, real platform cards hold components or slides, so the
 * one given clears the other.
 */
function update(ctx: ResourceContext, current: Card, body: unknown): Partial<Card> {
  const p = parseBody(updateBody, body);
  if (p.components && p.slides) throw ApiError.invalid("slides", "give components or slides, not both");
  const patch: Partial<Card> = {
    ...(p.name !== undefined ? { name: p.name } : {}),
    ...(p.components ? { components: p.components, slides: null } : {}),
    ...(p.slides ? { slides: p.slides, components: null } : {}),
  };
  patch.card_type = checkContent(ctx.account, { ...current, ...patch });
  return patch;
}

// --------------------------------------------------------------- routes ---

const cardList = (): ListSpec<Card> => ({
  ids: [
    { param: "card_id", value: (c) => c.id },
    { param: "card_uris", value: (c) => c.card_uri },
  ],
  search: (c) => c.name,
  sortable: ["created_at", "updated_at", "name"],
  count: LIMITS.cardCount,
  searchMax: LIMITS.text.cardQuery,
});

/**
 * The real platform (tests/conformance corpus, the SDKs'
 * cards_load.json and cards_all.json) answers a MEDIA component with the
 * `media_metadata` of its asset, keyed by its media key: type, address and
 * size, and a video's duration (ms) and aspect. An image's has no video keys
 * (no recording shows one).
 */
function withMetadata(account: Account, c: Component): Record<string, unknown> {
  if (c.type !== "MEDIA") return c;
  const asset = mediaAsset(account, c.media_key);
  if (!asset) return c;
  const video = asset.media_type === "VIDEO";
  const [w, h] = aspectRatio(asset);
  const metadata = {
    type: asset.media_type,
    url: video ? MEDIA_URLS.videoFile(c.media_key, asset) : MEDIA_URLS.image(c.media_key),
    width: asset.width,
    height: asset.height,
    ...(video ? { video_duration: asset.duration_ms ?? 0, video_aspect_ratio: `${w}:${h}` } : {}),
  };
  return { ...c, media_metadata: { [c.media_key]: metadata } };
}

/**
 * The real platform (tests/conformance corpus) answers the one of components and slides a card has;
 * a POST answers its components as sent, without `media_metadata` (ref creatives/reference.mdx, POST cards).
 */
function show(card: Card, ctx: ResourceContext, metadata = true): Record<string, unknown> {
  const { components, slides, ...rest } = card;
  const shown = (list: Component[]) => (metadata ? list.map((c) => withMetadata(ctx.account, c)) : list);
  return { ...rest, ...(components ? { components: shown(components) } : {}), ...(slides ? { slides: slides.map(shown) } : {}) };
}

export const cards: ResourceSpec<Card> = {
  collection: "cards", noun: "card", list: cardList, deletable: true, fromId: (id) => ({ card_uri: `card://${id}` }), show,
};

const listFilters = z.object({
  card_types: param.listOf(ENUMS.cardType, 1, ENUMS.cardType.length).optional(),
  // Legacy cards (path cards/:card_type, ref creatives/reference.mdx, GET cards `include_legacy_cards`) are not kept here: the flag is accepted, nothing more.
  include_legacy_cards: param.bool().optional(),
});

const allParams = z.object({ card_uris: param.ids(), with_deleted: param.bool().optional() });

/** Collections of every card kind, for cards/all (conversation cards register theirs). */
export const CARD_COLLECTIONS: string[] = [cards.collection];

function anyCard(account: Account): AnyEntity[] {
  return CARD_COLLECTIONS.flatMap((c) => account.collection(c).all());
}

export const cardRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const base = "/12/accounts/:account_id/cards";
  const collection = (ctx: ResourceContext) => ctx.account.collection<Card>(cards.collection);

  app.get<AccountRoute>(base, async (req) => {
    const ctx = resourceContext(app, env, req);
    const params = wireParams(req);
    const { card_types: types } = parseParams(listFilters, params);
    const all = collection(ctx).all().filter((c) => !types || types.includes(c.card_type));
    const page = listPage(all, params, cardList());
    return { request: echo(req), ...page, data: page.data.map((c) => show(c, ctx)) };
  });

  app.get<AccountRoute>(`${base}/all`, async (req) => {
    const ctx = resourceContext(app, env, req);
    const p = parseParams(allParams, wireParams(req));
    const data = anyCard(ctx.account).filter((c) => p.card_uris.includes(String(c.card_uri)) && (p.with_deleted || !c.deleted));
    return { request: echo(req), data, next_cursor: null };
  });

  app.get<EntityRoute>(`${base}/all/:id`, async (req) => {
    const ctx = resourceContext(app, env, req);
    const { id } = req.params;
    return one(req, found(anyCard(ctx.account).find((c) => c.id === id), "card", id, withDeleted(wireParams(req))));
  });

  // The real platform (tests/conformance corpus) answers one card as a one-item list on GET, PUT and DELETE of cards/:card_id.
  app.get<EntityRoute>(`${base}/:id`, async (req) => {
    const ctx = resourceContext(app, env, req);
    const { id } = req.params;
    return one(req, [show(found(collection(ctx).get(id), cards.noun, id, withDeleted(wireParams(req))), ctx)]);
  });

  app.post<AccountRoute>(base, async (req, reply) => {
    // The real platform answers a create with 201 Created.
    const ctx = resourceContext(app, env, req);
    return reply.status(201).send(one(req, show(create(ctx, req.body), ctx, false)));
  });

  app.put<EntityRoute>(`${base}/:id`, async (req) => {
    const ctx = resourceContext(app, env, req);
    const { id } = req.params;
    // The real platform answers 404 to an update of a deleted card.
    const current = found(collection(ctx).get(id), cards.noun, id);
    return one(req, [show(collection(ctx).update(id, update(ctx, current, req.body)), ctx)]);
  });

  app.delete<EntityRoute>(`${base}/:id`, async (req) => {
    const ctx = resourceContext(app, env, req);
    return one(req, [show(deleteEntity(cards, ctx, req.params.id), ctx)]);
  });
};
