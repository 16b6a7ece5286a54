/**
 * Card (ref creatives/reference.mdx, "Cards"): media, details and buttons
 * as `components`, or a multi-destination carousel as `slides`. The API
 * takes a JSON body; name, components and slides all change in place (PUT
 * replaces each given field). A post attaches the card by its `cardUri`.
 */
import { z } from "zod";
import { ENUMS, LIMITS, mediaTypeOfKey } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, name, text } from "./common";
import { defineResource } from "./define";
import { CheckFailure, rule } from "./framework";

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
  googleplayAppId: text().optional().describe("Google Play package name; this or iosAppStoreIdentifier is required."),
  iosAppStoreIdentifier: text().optional().describe("App Store id; this or googleplayAppId is required."),
  googleplayDeepLink: text().optional().describe("Deep link into the Android app; only with googleplayAppId."),
  iosDeepLink: text().optional().describe("Deep link into the iOS app; only with iosAppStoreIdentifier."),
});

/** One component; `type` says which (ref creatives/reference.mdx, POST cards, components). */
export const cardComponent = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("MEDIA"), mediaKey: mediaKeyInput.describe("One image or video.") }),
  z.strictObject({
    type: z.literal("SWIPEABLE_MEDIA"),
    mediaKeys: z.array(mediaKeyInput).min(swipeableMedia.min).max(swipeableMedia.max).describe("2 to 6 images or videos, in order."),
  }),
  z.strictObject({ type: z.literal("DETAILS"), title: text(), destination: websiteDestination }),
  z.strictObject({
    type: z.literal("BUTTON"),
    label: z.strictObject({ type: z.literal("ENUM"), value: z.enum(ENUMS.cardButtonLabel) }),
    destination: appDestination,
  }),
]);

const components = z.array(cardComponent).min(1);

export const cardInputs = z.strictObject({
  accountId: accountIdInput,
  name: name(LIMITS.text.cardName).describe("Card name, at most 80 characters."),
  components: components.optional().describe("The card's components, in order (MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON). Exactly one of components and slides."),
  slides: z.array(components).min(1).optional().describe("A multi-destination carousel: one array of components per slide, in order. Exactly one of components and slides."),
  adoptId: adoptIdInput,
}).describe("A card (media, details, buttons, or carousel slides) that posts attach by its cardUri. Name, components and slides change in place.");

export type CardComponent = z.infer<typeof cardComponent>;
export type CardInputs = z.infer<typeof cardInputs>;
export type CardOutputs = CardInputs & { cardUri?: string; cardType?: string; createdAt?: string };

const path = (c: { accountId: string }) => `/12/accounts/${c.accountId}/cards`;
/** Card lists take `count` 1 to 200 (ref creatives/reference.mdx, GET cards), not the usual 1000. */
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

/** What is wrong with one component (ref creatives/reference.mdx, POST cards, components): its media kinds, its app destination. */
function componentFailures(at: string, c: CardComponent): CheckFailure[] {
  if (c.type === "MEDIA") return mediaOfCategory(`${at}.mediaKey`, c.mediaKey, ["image", "video"]);
  if (c.type === "SWIPEABLE_MEDIA") return c.mediaKeys.flatMap((k, i) => mediaOfCategory(`${at}.mediaKeys[${i}]`, k, ["image", "video"]));
  if (c.type !== "BUTTON") return [];
  const failures: CheckFailure[] = [];
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
  return failures;
}

/** Rules between fields (ref creatives/reference.mdx, POST cards): content, media kinds, app destinations. */
export const cardRules = [
  // Whether each is given, not what they hold: it holds while values inside are not known yet.
  rule<CardInputs>(["components", "slides"], (card) => {
    if (card.components && card.slides) return [{ property: "slides", reason: "set components or slides, not both: a card has exactly one of them" }];
    if (!card.components && !card.slides) return [{ property: "components", reason: "components or slides is required: a card has exactly one of them" }];
    return [];
  }, { structural: true }),
  rule<CardInputs>(["components", "slides"], (card) => componentsOf(card).flatMap(({ at, component }) => componentFailures(at, component))),
];

/** Swipeable media counts read as the platform states the limit: "2 to 6 keys". */
function swipeableCount(f: CheckFailure): CheckFailure {
  if (!/\.mediaKeys$/.test(f.property) || !/must have at (most|least) \d+ items/.test(f.reason)) return f;
  const n = /\(got (\d+)\)/.exec(f.reason)?.[1];
  return { ...f, reason: `${f.property} must have ${swipeableMedia.min} to ${swipeableMedia.max} keys (got ${n})` };
}

/**
 * A live value with only the keys `schema` declares, at every depth, in the
 * schema's order; a component by the option its `type` names. The platform
 * adds keys no program declares (a MEDIA component's `media_metadata`: the
 * asset's type, address, size and duration, per twitterdev/twitter-python-ads-sdk
 * tests/fixtures/cards_load.json): they are no drift. A declared key keeps
 * its live value, so a change to one still shows; so does a component of a
 * type the schema does not know, kept whole.
 */
function declaredKeys(schema: z.ZodType, value: unknown): unknown {
  const def = schema._zod.def as unknown as {
    type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; options?: z.ZodObject[]; discriminator?: string;
  };
  if (def.type === "optional" || def.type === "nullable" || def.type === "default") return declaredKeys(def.innerType!, value);
  if (def.type === "array") return Array.isArray(value) ? value.map((v) => declaredKeys(def.element!, v)) : value;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const live = value as Record<string, unknown>;
  if (def.type === "union" && def.discriminator !== undefined) {
    const tag = def.discriminator;
    const option = def.options!.find((o) => (o.shape[tag] as z.ZodType).safeParse(live[tag]).success);
    return option ? declaredKeys(option, value) : value;
  }
  if (def.type !== "object") return value;
  return Object.fromEntries(Object.entries(def.shape!).filter(([k]) => live[k] !== undefined).map(([k, s]) => [k, declaredKeys(s, live[k])]));
}

// ------------------------------------------------------------ lifecycle ---

export const card = defineResource("Card", cardInputs, {
  outputs: {
    cardUri: z.string().describe("`card://<id>`: pass it as a post's cardUri."),
    cardType: z.enum(ENUMS.cardType).describe("The type the platform gives the card from its components."),
  },
  rules: cardRules,
  collection: "cards",
  idsParam: "card_id",
  readQuery: { ...LIST_QUERY, with_deleted: true },
  // The API takes a JSON body. A card holds components or slides: the one given replaces its content (ref creatives/reference.mdx, PUT cards).
  jsonBody: true,
  lookUp: {
    candidates: (ctx, [c]) => ctx.client.list<Entity>(path(c!), { ...LIST_QUERY, q: c!.name }),
    matches: (c, e) => e.name === c.name,
  },
  // Components read back as their types declare them (keys the platform adds left out, in the schema's order).
  outputsFrom: (outs) => ({
    ...outs,
    ...(outs.components !== undefined ? { components: declaredKeys(cardInputs.shape.components, outs.components) as CardComponent[] } : {}),
    ...(outs.slides !== undefined ? { slides: declaredKeys(cardInputs.shape.slides, outs.slides) as CardComponent[][] } : {}),
  }),
  overrides: (standard) => ({
    check(olds, news, env) {
      const result = standard.check(olds, news, env);
      return result.failures ? { ...result, failures: result.failures.map(swipeableCount) } : result;
    },
  }),
});
