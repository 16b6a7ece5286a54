/**
 * Card (Advertising API section 4.11, "Cards"): media, details and buttons
 * as `components`, or a multi-destination carousel as `slides`. The API
 * takes a JSON body; name, components and slides all change in place (PUT
 * replaces each given field). A post attaches the card by its `cardUri`.
 */
import { z } from "zod";
import { ENUMS, LIMITS, mediaTypeOfKey } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, timestamps } from "./common";
import {
  adopt, CheckFailure, CheckResult, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition,
  toOutputs, toWire, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

/** A media library key, `<category>_<id>` (3_ image, 7_ and 13_ video, 16_ animated GIF). */
export const mediaKeyInput = z.string().regex(/^\d+_[A-Za-z0-9]+$/, { error: "must be a media key from the media library, e.g. 3_1001" });

const httpUrl = z.string().regex(/^https?:\/\/\S+$/, { error: "must be an http(s) URL" });
const { swipeableMedia } = LIMITS;

const websiteDestination = z.strictObject({
  type: z.literal(LIMITS.cards.destinationOf.DETAILS),
  url: httpUrl.describe("Where the card leads (required)."),
});

const appDestination = z.strictObject({
  type: z.literal(LIMITS.cards.destinationOf.BUTTON),
  countryCode: z.string().regex(LIMITS.cards.countryCode, { error: "must be an ISO 3166-1 alpha-2 country code, e.g. US" }).describe("The app store's country (ISO 3166-1 alpha-2)."),
  googleplayAppId: z.string().min(1).optional().describe("Google Play package name; this or iosAppStoreIdentifier is required."),
  iosAppStoreIdentifier: z.string().min(1).optional().describe("App Store id; this or googleplayAppId is required."),
  googleplayDeepLink: z.string().min(1).optional().describe("Deep link into the Android app; only with googleplayAppId."),
  iosDeepLink: z.string().min(1).optional().describe("Deep link into the iOS app; only with iosAppStoreIdentifier."),
});

/** One component; `type` says which (seed 4.11 component table). */
export const cardComponent = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("MEDIA"), mediaKey: mediaKeyInput.describe("One image or video.") }),
  z.strictObject({
    type: z.literal("SWIPEABLE_MEDIA"),
    mediaKeys: z.array(mediaKeyInput).min(swipeableMedia.min).max(swipeableMedia.max).describe("2 to 6 images or videos, in order."),
  }),
  z.strictObject({ type: z.literal("DETAILS"), title: z.string().min(1), destination: websiteDestination }),
  z.strictObject({
    type: z.literal("BUTTON"),
    label: z.strictObject({ type: z.literal("ENUM"), value: z.enum(ENUMS.cardButtonLabel) }),
    destination: appDestination,
  }),
]);

const components = z.array(cardComponent).min(1);

export const cardInputs = z.strictObject({
  accountId: accountIdInput,
  name: z.string().min(1).max(LIMITS.text.cardName).describe("Card name, at most 80 characters."),
  components: components.optional().describe("The card's components, in order (MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON). Exactly one of components and slides."),
  slides: z.array(components).min(1).optional().describe("A multi-destination carousel: one array of components per slide, in order. Exactly one of components and slides."),
  adoptId: adoptIdInput,
});

export type CardComponent = z.infer<typeof cardComponent>;
export type CardInputs = z.infer<typeof cardInputs>;
export type CardOutputs = CardInputs & { cardUri?: string; cardType?: string; createdAt?: string };

const API_FIELDS = ["name", "components", "slides"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "cardUri", "cardType", "createdAt"] as const;
export const CARD_CREATE_ONLY = ["accountId"] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/cards`;
/** Card lists take `count` 1 to 200 (seed section 8), not the usual 1000. */
const LIST_QUERY = { count: LIMITS.cardCount.max };

/** Every component with where it sits: `components[1]`, `slides[0][2]`. */
export function componentsOf(card: Pick<CardInputs, "components" | "slides">): { at: string; component: CardComponent }[] {
  const out = (card.components ?? []).map((component, i) => ({ at: `components[${i}]`, component }));
  (card.slides ?? []).forEach((slide, s) => slide.forEach((component, i) => out.push({ at: `slides[${s}][${i}]`, component })));
  return out;
}

const CATEGORY_NAMES = { IMAGE: "image", GIF: "animated GIF", VIDEO: "video" } as const;

/** The category of a media key by its prefix (LIMITS.mediaKeyPrefixes), undefined when the prefix is not one the platform names. */
export function mediaCategory(key: string): string | undefined {
  const type = mediaTypeOfKey(key);
  return type && CATEGORY_NAMES[type];
}

/** A key whose prefix says it is not one of `allowed`, as a failure of `property`. */
export function mediaOfCategory(property: string, key: string, allowed: readonly string[]): CheckFailure[] {
  const category = mediaCategory(key);
  if (category === undefined || allowed.includes(category)) return [];
  return [{ property, reason: `${property} must be ${allowed.map(withArticle).join(" or ")} (${key} is ${withArticle(category)})` }];
}

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;

/** Rules between fields (seed 4.11): content, media kinds, app destinations. */
export function cardRules(card: CardInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (card.components && card.slides) failures.push({ property: "slides", reason: "set components or slides, not both: a card has exactly one of them" });
  if (!card.components && !card.slides) failures.push({ property: "components", reason: "components or slides is required: a card has exactly one of them" });
  for (const { at, component: c } of componentsOf(card)) {
    if (c.type === "MEDIA") failures.push(...mediaOfCategory(`${at}.mediaKey`, c.mediaKey, ["image", "video"]));
    if (c.type === "SWIPEABLE_MEDIA") c.mediaKeys.forEach((k, i) => failures.push(...mediaOfCategory(`${at}.mediaKeys[${i}]`, k, ["image", "video"])));
    if (c.type !== "BUTTON") continue;
    const d = c.destination;
    const property = `${at}.destination`;
    if (d.googleplayAppId === undefined && d.iosAppStoreIdentifier === undefined) {
      failures.push({ property, reason: `${property} needs googleplayAppId or iosAppStoreIdentifier (at least one)` });
    }
    if (d.googleplayDeepLink !== undefined && d.googleplayAppId === undefined) {
      failures.push({ property: `${property}.googleplayDeepLink`, reason: `${property}.googleplayDeepLink can only be set with googleplayAppId` });
    }
    if (d.iosDeepLink !== undefined && d.iosAppStoreIdentifier === undefined) {
      failures.push({ property: `${property}.iosDeepLink`, reason: `${property}.iosDeepLink can only be set with iosAppStoreIdentifier` });
    }
  }
  return failures;
}

/** Swipeable media counts read as the platform states the limit: "2 to 6 keys". */
function swipeableCount(f: CheckFailure): CheckFailure {
  if (!/\.mediaKeys$/.test(f.property) || !/must have at (most|least) \d+ items/.test(f.reason)) return f;
  const n = /\(got (\d+)\)/.exec(f.reason)?.[1];
  return { ...f, reason: `${f.property} must have ${swipeableMedia.min} to ${swipeableMedia.max} keys (got ${n})` };
}

/**
 * Outputs from a live card. Components go through the input schema so their
 * keys sit in one order whatever order the API answers them in: the diff
 * compares them as text.
 */
function outputs(inputs: Partial<CardInputs>, entity: Entity): CardOutputs {
  const outs = toOutputs<CardOutputs>(inputs, entity, OUTPUT_FIELDS);
  const c = components.safeParse(outs.components);
  if (c.success) outs.components = c.data;
  const s = z.array(components).safeParse(outs.slides);
  if (s.success) outs.slides = s.data;
  return outs;
}

// ------------------------------------------------------------ lifecycle ---

export const card: ResourceDefinition<CardInputs, CardOutputs> = {
  kind: "Card",
  description: "A card (media, details, buttons, or carousel slides) that posts attach by its cardUri. Name, components and slides change in place.",
  inputs: cardInputs,
  outputs: {
    cardUri: z.string().describe("`card://<id>`: pass it as a post's cardUri."),
    cardType: z.enum(ENUMS.cardType).describe("The type the platform gives the card from its components."),
    ...timestamps,
  },
  createOnly: CARD_CREATE_ONLY,

  check(_olds, news): CheckResult<CardInputs> {
    const result = validate(cardInputs, news, cardRules);
    return result.failures ? { ...result, failures: result.failures.map(swipeableCount) } : result;
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...CARD_CREATE_ONLY, ...API_FIELDS, "adoptId"], CARD_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "card", path(inputs.accountId), inputs, (e) => outputs(inputs, e), API_FIELDS);
    const entity = await createOnce(`card "${inputs.name}"`,
      () => ctx.client.post<Entity>(path(inputs.accountId), undefined, toWire(inputs, API_FIELDS)),
      async () => (await ctx.client.list<Entity>(path(inputs.accountId), { ...LIST_QUERY, q: inputs.name })).filter((c) => c.name === inputs.name));
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "card_id", id, query: { ...LIST_QUERY, with_deleted: true },
    }));
    return live && { id, props: outputs(props, live) };
  },

  async update(ctx, id, olds, news) {
    // A card holds components or slides: the one given replaces its content (seed 4.11 PUT).
    const changed = API_FIELDS.filter((f) => news[f] !== undefined && JSON.stringify(olds[f]) !== JSON.stringify(news[f]));
    const entity = await ctx.client.put<Entity>(`${path(news.accountId)}/${id}`, undefined, toWire(news, changed));
    return outputs(news, entity);
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};
