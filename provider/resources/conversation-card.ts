/**
 * Conversation cards (Advertising API section 4.11, "Image conversation
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
import { accountIdInput, adoptIdInput, timestamps } from "./common";
import { mediaKeyInput, mediaOfCategory } from "./card";
import {
  adopt, CheckFailure, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs,
  toWire, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

const MAX_HASHTAG = LIMITS.text.ctaHashtag;

/** A CTA: a hashtag of at most 20 characters after the `#` (seed section 8). */
function hashtag(field: string) {
  return z.string()
    .regex(LIMITS.cards.hashtag, { error: "must be a hashtag: # then letters, digits or _, e.g. #SpringGreen" })
    .refine((v) => [...v.slice(1)].length <= MAX_HASHTAG, {
      error: (iss) => `${field} must be at most ${MAX_HASHTAG} characters not counting the # (got ${[...String(iss.input).slice(1)].length})`,
    });
}

const ctaTweet = z.string().min(1);
const text23 = (max: number) => z.string().min(1).max(max);

/** The fields both kinds share, in the platform's order. */
export const conversationFields = {
  accountId: accountIdInput,
  name: z.string().min(1).max(LIMITS.text.cardName).describe("Card name, at most 80 characters."),
  title: text23(LIMITS.text.conversationCardTitle).optional().describe("Headline, at most 23 characters; required when secondCta is not set."),
  firstCta: hashtag("firstCta").describe("First call to action: a hashtag, at most 20 characters after the #."),
  firstCtaTweet: ctaTweet.describe("The Tweet posted when the first CTA is chosen."),
  secondCta: hashtag("secondCta").optional().describe("Second CTA; required when title is not set."),
  secondCtaTweet: ctaTweet.optional().describe("Required with secondCta."),
  thirdCta: hashtag("thirdCta").optional().describe("Third CTA."),
  thirdCtaTweet: ctaTweet.optional().describe("Required with thirdCta."),
  fourthCta: hashtag("fourthCta").optional().describe("Fourth CTA."),
  fourthCtaTweet: ctaTweet.optional().describe("Required with fourthCta."),
  thankYouText: text23(LIMITS.text.thankYouText).describe("Shown after a CTA is chosen, at most 23 characters."),
  thankYouUrl: z.string().regex(/^https?:\/\/\S+$/, { error: "must be an http(s) URL" }).optional().describe("Link shown with the thank-you text."),
  adoptId: adoptIdInput,
};

export type ConversationInputs = {
  accountId: string; name: string; title?: string; thankYouText: string; thankYouUrl?: string; mediaKey: string; adoptId?: string;
} & Partial<Record<`${(typeof LIMITS.cards.ctas)[number]}Cta` | `${(typeof LIMITS.cards.ctas)[number]}CtaTweet`, string>>;

const SHARED_API_FIELDS = [
  "name", "title", "firstCta", "firstCtaTweet", "secondCta", "secondCtaTweet", "thirdCta", "thirdCtaTweet",
  "fourthCta", "fourthCtaTweet", "thankYouText", "thankYouUrl", "mediaKey",
] as const;

const REQUIRED: readonly string[] = ["name", "firstCta", "firstCtaTweet", "thankYouText", "mediaKey"];

/** Rules between fields (seed 4.11): title or a second CTA, each CTA with its Tweet. */
export function conversationRules(c: ConversationInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (c.title === undefined && c.secondCta === undefined) {
    failures.push({ property: "title", reason: "title is required when secondCta is not set (set title, or secondCta with secondCtaTweet)" });
  }
  for (const n of LIMITS.cards.ctas) {
    const cta = `${n}Cta` as const;
    const tweet = `${n}CtaTweet` as const;
    if (c[cta] !== undefined && c[tweet] === undefined) failures.push({ property: tweet, reason: `${tweet} is required when ${cta} is set` });
    if (c[cta] === undefined && c[tweet] !== undefined) failures.push({ property: tweet, reason: `${tweet} can only be set with ${cta}` });
  }
  return failures;
}

// ------------------------------------------------------------ the kinds ---

export interface MediaField {
  /** What the key must name, by its prefix: `image`, `video`. */
  category: "image" | "video";
  /** The platform's rule the provider cannot check, said when the platform refuses the key. */
  rule: string;
  /** The API never returns it: its output is kept from the inputs. */
  writeOnly?: true;
}

export interface ConversationKind<S extends z.ZodRawShape> {
  kind: string;
  description: string;
  /** Path below the account, e.g. `cards/image_conversation`. */
  segment: string;
  /** For messages, e.g. `image conversation card`. */
  noun: string;
  /** The kind's media inputs (mediaKey and the others). */
  media: S;
  /** Rules of each media input. */
  mediaRules: Record<keyof S & string, MediaField>;
}

type Outputs<I> = I & { cardUri?: string; createdAt?: string };

/** A conversation card kind: its schema and lifecycle from the shared fields and its media. */
export function conversationCard<S extends z.ZodRawShape>(spec: ConversationKind<S>) {
  const inputs = z.strictObject({ ...conversationFields, ...spec.media });
  type I = z.infer<typeof inputs> & ConversationInputs;
  type O = Outputs<I>;
  const mediaFields = Object.keys(spec.media);
  const apiFields = [...new Set([...SHARED_API_FIELDS, ...mediaFields])];
  const writeOnly = mediaFields.filter((f) => spec.mediaRules[f]?.writeOnly);
  const readable = apiFields.filter((f) => !writeOnly.includes(f));
  const outputFields = [...readable, "cardUri", "createdAt"];
  /** Optional fields: a PUT clears one the program no longer sets. */
  const clearable = apiFields.filter((f) => !REQUIRED.includes(f));
  const createOnly = ["accountId"] as const;
  const path = (accountId: string) => `/12/accounts/${accountId}/${spec.segment}`;

  const rules = (c: I): CheckFailure[] => [
    ...conversationRules(c),
    ...mediaFields.flatMap((f) => {
      const key = (c as Record<string, unknown>)[f];
      return typeof key === "string" ? mediaOfCategory(f, key, [spec.mediaRules[f]!.category]) : [];
    }),
  ];

  /** Live fields, plus the write-only ones from the inputs (never returned, so never drift). */
  const outputs = (local: Partial<I>, entity: Entity): O => {
    const outs = toOutputs<O>(local, entity, outputFields) as Record<string, unknown>;
    for (const f of writeOnly) if ((local as Record<string, unknown>)[f] !== undefined) outs[f] = (local as Record<string, unknown>)[f];
    return outs as O;
  };

  /** A media key the platform refused, with the rule the provider could not check. */
  const explained = (err: unknown, given: Record<string, unknown>): unknown => {
    if (!(err instanceof ValidationError) || err.parameter === undefined) return err;
    const field = toCamel(err.parameter);
    const media = spec.mediaRules[field as keyof S & string];
    if (!media) return err;
    return new Error(`${field} ${JSON.stringify(given[field])} was refused by the platform: ${err.message}. ${media.rule} (the provider cannot see media sizes: only the platform checks them)`);
  };

  const definition: ResourceDefinition<I, O> = {
    kind: spec.kind,
    description: spec.description,
    inputs: inputs as unknown as z.ZodType<I>,
    outputs: { cardUri: z.string().describe("`card://<id>`: pass it as a post's cardUri."), ...timestamps },
    createOnly,

    check(_olds, news) {
      return validate(inputs as unknown as z.ZodType<I>, news, rules);
    },

    diff(_id, olds, news) {
      return diffFields(olds, news, [...createOnly, ...apiFields, "adoptId"], createOnly, ["adoptId"]);
    },

    async create(ctx, given) {
      if (given.adoptId) return adopt(ctx, spec.noun, path(given.accountId), given, (e) => outputs(given, e), readable);
      const entity = await createOnce(`${spec.noun} "${given.name}"`,
        () => ctx.client.post<Entity>(path(given.accountId), toWire(given, apiFields)),
        async () => (await ctx.client.list<Entity>(path(given.accountId), { q: given.name })).filter((c) => c.name === given.name),
      ).catch((err: unknown) => { throw explained(err, given); });
      return { id: entity.id, outs: outputs(given, entity) };
    },

    async read(ctx, id, props) {
      const live = await readLive(() => ctx.client.getById({
        collectionPath: path(props.accountId), idsParam: "card_ids", id, query: { with_deleted: true },
      }));
      return live && { id, props: outputs(props, live) };
    },

    async update(ctx, id, olds, news) {
      const o = olds as Record<string, unknown>;
      const n = news as Record<string, unknown>;
      // Only what changed; optional fields removed from the program are sent empty, which clears them.
      const changed = apiFields.filter((f) => JSON.stringify(o[f]) !== JSON.stringify(n[f]));
      const entity = await ctx.client.put<Entity>(`${path(news.accountId)}/${id}`, toWire(n, changed, clearable))
        .catch((err: unknown) => { throw explained(err, n); });
      return outputs(news, entity);
    },

    async delete(ctx, id, props) {
      await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
    },
  };
  return { inputs, definition };
}
