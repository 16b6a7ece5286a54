/**
 * Conversation cards (ref creatives/reference.mdx, "Image conversation
 * cards" and "Video conversation cards"): what the two kinds share. Each
 * offers up to four hashtag calls to action, each with the Tweet it posts;
 * they differ only in their media. Form parameters (not JSON); every field
 * changes in place (PUT takes all POST fields, same rules on the result).
 *
 * Media sizes and aspect ratios are checked by the platform only: the
 * provider cannot see the media library's sizes, so it names the rule when
 * the platform refuses a media key.
 */
import { z } from "zod";
import { LIMITS } from "../limits";
import { Entity } from "../client/client";
import { ValidationError } from "../client/errors";
import { toCamel } from "../names";
import { accountIdInput, adoptIdInput, clearable, name, text, tweetText } from "./common";
import { mediaOfCategory } from "./card";
import { InputsSchema } from "./declaration";
import { defineResource } from "./define";
import { field } from "./fields";
import { CheckFailure, rule } from "./framework";

// --------------------------------------------------------------- schema ---

const MAX_HASHTAG = LIMITS.text.ctaHashtag;

/** A CTA: a hashtag of at most 20 characters after the `#` (ref creatives/reference.mdx, POST cards/image_conversation `first_cta`). */
function hashtag(field: string) {
  return z.string()
    .regex(LIMITS.cards.hashtag, { error: "must be a hashtag: # then letters, digits or _, e.g. #SpringGreen" })
    .refine((v) => [...v.slice(1)].length <= MAX_HASHTAG, {
      error: (iss) => `${field} must be at most ${MAX_HASHTAG} characters not counting the # (got ${[...String(iss.input).slice(1)].length})`,
    });
}

const ctaTweet = tweetText();

/** The fields both kinds share, in the platform's order. Optional ones are clearable: a PUT clears one the program no longer sets. */
export const conversationFields = {
  accountId: accountIdInput,
  name: name(LIMITS.text.cardName).describe("Card name, at most 80 characters."),
  title: clearable(text(LIMITS.text.conversationCardTitle).optional().describe("Headline, at most 23 characters; required when secondCta is not set.")),
  firstCta: hashtag("firstCta").describe("First call to action: a hashtag, at most 20 characters after the #."),
  firstCtaTweet: ctaTweet.describe("The Tweet posted when the first CTA is chosen."),
  secondCta: clearable(hashtag("secondCta").optional().describe("Second CTA; required when title is not set.")),
  secondCtaTweet: clearable(ctaTweet.optional().describe("Required with secondCta.")),
  thirdCta: clearable(hashtag("thirdCta").optional().describe("Third CTA.")),
  thirdCtaTweet: clearable(ctaTweet.optional().describe("Required with thirdCta.")),
  fourthCta: clearable(hashtag("fourthCta").optional().describe("Fourth CTA.")),
  fourthCtaTweet: clearable(ctaTweet.optional().describe("Required with fourthCta.")),
  thankYouText: text(LIMITS.text.thankYouText).describe("Shown after a CTA is chosen, at most 23 characters."),
  thankYouUrl: clearable(z.string().regex(/^https?:\/\/\S+$/, { error: "must be an http(s) URL" }).optional().describe("Link shown with the thank-you text.")),
  adoptId: adoptIdInput,
};

/**
 * Media keys the API takes and answers only as an address, never as the key
 * (the video's poster as `poster_media_url`; media shown once a CTA is
 * chosen): kept from the inputs, cleared when the program drops them.
 */
export const keptMedia = <T extends z.ZodType>(schema: T) => field(schema, { clearable: true, writeOnly: true });

export type ConversationInputs = {
  accountId: string; name: string; title?: string; thankYouText: string; thankYouUrl?: string; mediaKey: string; adoptId?: string;
} & Partial<Record<`${(typeof LIMITS.cards.ctas)[number]}Cta` | `${(typeof LIMITS.cards.ctas)[number]}CtaTweet`, string>>;

/** Rules between fields (ref creatives/reference.mdx, POST cards/image_conversation): title or a second CTA, each CTA with its Tweet. */
export const conversationRules = [
  rule<ConversationInputs>(["title", "secondCta"], (c) => c.title === undefined && c.secondCta === undefined
    ? [{ property: "title", reason: "title is required when secondCta is not set (set title, or secondCta with secondCtaTweet)" }]
    : []),
  ...LIMITS.cards.ctas.map((n) => {
    const cta = `${n}Cta` as const;
    const tweet = `${n}CtaTweet` as const;
    return rule<ConversationInputs>([cta, tweet], (c): CheckFailure[] => {
      if (c[cta] !== undefined && c[tweet] === undefined) return [{ property: tweet, reason: `${tweet} is required when ${cta} is set` }];
      if (c[cta] === undefined && c[tweet] !== undefined) return [{ property: tweet, reason: `${tweet} can only be set with ${cta}` }];
      return [];
    });
  }),
];

// ------------------------------------------------------------ the kinds ---

export interface MediaField {
  /** What the key must name, by its prefix: `image`, `video`. */
  category: "image" | "video";
  /** The platform's rule the provider cannot check, said when the platform refuses the key. */
  rule: string;
}

export interface ConversationKind<S extends z.ZodRawShape, X extends z.ZodRawShape = {}> {
  kind: string;
  description: string;
  /** Path below the account, e.g. `cards/image_conversation`. */
  segment: string;
  /** For messages, e.g. `image conversation card`. */
  noun: string;
  /** The kind's media inputs (mediaKey and the others), declared as fields (`keptMedia` for those the API answers only as an address). */
  media: S;
  /** Rules of each media input. */
  mediaRules: Record<keyof S & string, MediaField>;
  /** Outputs of the kind's own, read from the live card. */
  outputs?: X;
}

type Outputs<I, X extends z.ZodRawShape> = I & { cardUri?: string; createdAt?: string } & { [K in keyof X]?: z.infer<X[K]> };

/** A conversation card kind: its schema and lifecycle from the shared fields and its media. */
export function conversationCard<S extends z.ZodRawShape, X extends z.ZodRawShape = {}>(spec: ConversationKind<S, X>) {
  const inputs = z.strictObject({ ...conversationFields, ...spec.media }).describe(spec.description);
  type I = z.infer<typeof inputs> & ConversationInputs;
  const mediaFields = Object.keys(spec.media) as (keyof S & keyof I & string)[];
  const path = (c: { accountId: string }) => `/12/accounts/${c.accountId}/${spec.segment}`;

  /** A media key the platform refused, with the rule the provider could not check. */
  const explained = (err: unknown, given: Record<string, unknown>): unknown => {
    if (!(err instanceof ValidationError) || err.parameter === undefined) return err;
    const field = toCamel(err.parameter);
    const media = spec.mediaRules[field as keyof S & string];
    if (!media) return err;
    return new Error(`${field} ${JSON.stringify(given[field])} was refused by the platform: ${err.message}. ${media.rule} (the provider cannot see media sizes: only the platform checks them)`);
  };

  const definition = defineResource<I, Outputs<I, X>>(spec.kind, inputs as unknown as InputsSchema<I>, {
    noun: spec.noun,
    outputs: { cardUri: z.string().describe("`card://<id>`: pass it as a post's cardUri."), ...spec.outputs },
    rules: [
      ...conversationRules,
      ...mediaFields.map((f) => rule<I>([f], (c) => {
        const key = (c as Record<string, unknown>)[f];
        return typeof key === "string" ? mediaOfCategory(f, key, [spec.mediaRules[f]!.category]) : [];
      })),
    ],
    // Its own collection below the account (cards/image_conversation): `xads import` lists it and the conformance suites derive its endpoints.
    collection: spec.segment,
    idsParam: "card_ids",
    lookUp: {
      candidates: (ctx, [c]) => ctx.client.list<Entity>(path(c!), { q: c!.name }),
      matches: (c, e) => e.name === c.name,
    },
    overrides: (standard) => ({
      create: (ctx, given) => standard.create(ctx, given).catch((err: unknown) => { throw explained(err, given); }),
      async update(ctx, id, olds, news) {
        const answered = await standard.update(ctx, id, olds, news).catch((err: unknown) => { throw explained(err, news); });
        // The image card's PUT answers only its name, ids and times (tests/conformance corpus): the card is read back.
        const live = await standard.find(ctx, news, id);
        return live ? standard.outputs(news, live) : answered;
      },
    }),
  });
  return { inputs, definition };
}
