/** Input schemas shared by several resources. */
import { z } from "zod";
import type { Entity } from "../client/client";
import { ENUMS, LIMITS, weightedLength } from "../limits";
import { amount, field, type FieldMeta } from "./fields";
import { characters, type Context, IN_THE_CURRENCY, unitsOf } from "./framework";

/** An Ads API identifier: base-36, as the platform issues them. */
export const entityId = z.string().regex(/^[A-Za-z0-9_-]+$/, { error: "must be an Ads API id (letters, digits, - and _)" });

/** The account an entity belongs to: in its path, never a field of it; another account is another entity. */
export function accountField(description = "The ads account. Defaults to the provider's `xads:accountId`.") {
  return field(entityId.describe(description), { createOnly: true, local: true });
}

export const accountIdInput = accountField();

/** Adoption is this resource's own: dropping adoptId after the create changes nothing. */
export const adoptIdInput = field(entityId
  .optional()
  .describe("Adopt this live entity instead of creating one: create reads it, checks it matches the inputs, and takes it over. Pulumi cannot import dynamic resources."),
{ local: true, computed: true });

/**
 * A currency: one the Ads API recognizes (limits.ts ENUMS.currency, ref
 * fundamentals/currency.mdx), wherever a currency is an input (a funding
 * instrument's, the bidding rules' filter). A string held to the list
 * rather than an enum, so a program may pass any string it holds and check
 * says what is wrong with it.
 */
export const currencyCode = z.string().regex(new RegExp(`^(?:${ENUMS.currency.join("|")})$`), {
  error: `must be one of the currencies the Ads API recognizes (ISO-4217): ${ENUMS.currency.join(", ")}`,
});

/**
 * Amounts in millionths of the funding instrument's currency (ref
 * fundamentals/currency.mdx). Each is also held to the provider's ceiling (`xads:maxBudgetMicro`),
 * which check applies: a daily budget of 2^53-1 micros is a typo, not a plan.
 */
export const localMicro = amount(z.number().int().nonnegative());

/**
 * Amounts in micros compared in a check message, as people read them, with
 * the micros beside them: `USD 2,000.00 > USD 400.00 (2000000000 > 400000000 micros)`
 * when the provider read the funding instrument's currency (it is the funding
 * instrument's output, not an input of the resource checked), else
 * `2,000.00 > 400.00 in the funding instrument's currency (...)`.
 */
export function comparedAmounts(micros: readonly number[], operator: string, currency?: string): string {
  const inMicros = `(${micros.join(` ${operator} `)} micros)`;
  if (currency) return `${micros.map((m) => `${currency} ${unitsOf(m)}`).join(` ${operator} `)} ${inMicros}`;
  return `${micros.map(unitsOf).join(` ${operator} `)} ${IN_THE_CURRENCY} ${inMicros}`;
}

/** Text of `min` to `max` characters (code points) whose characters all match `allowed`. */
function limitedText(max: number | undefined, min: number, allowed: RegExp, error: string) {
  return z.string()
    .check((ctx) => {
      const n = characters(ctx.value);
      if (max !== undefined && n > max) ctx.issues.push({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: ctx.value });
      if (n < min) ctx.issues.push({ code: "too_small", origin: "string", minimum: min, inclusive: true, input: ctx.value });
    })
    .regex(allowed, { error })
    .meta({ ...(min > 0 ? { minLength: min } : {}), ...(max !== undefined ? { maxLength: max } : {}) });
}

/**
 * Free text of `min` (default 1) to `max` characters, counted as the
 * platform counts characters: in code points (an emoji is one). Tabs and
 * line breaks are text; other control characters (NUL, escape...) are
 * refused. The limits go to schema.json as minLength and maxLength, which
 * count code points too.
 */
export function text(max?: number, { min = 1 }: { min?: number } = {}) {
  return limitedText(max, min, /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/, "must not contain control characters other than tabs and line breaks");
}

/** A name (of a campaign, card, audience...): text without any control character, not even a tab or a line break. */
export function name(max?: number) {
  return limitedText(max, 1, /^\P{Cc}*$/u, "must not contain control characters (NUL, tab, line breaks and the like)");
}

/**
 * A Tweet's text: at most LIMITS.tweetText.maxWeightedLength (280) weighted
 * characters, as the platform counts them (`weightedLength`): a published
 * Tweet cannot be deleted through the Ads API, so a text it would refuse, or
 * cut, is refused in preview.
 */
export function tweetText() {
  const { maxWeightedLength, urlLength, emojiWeight } = LIMITS.tweetText;
  return text().check((ctx) => {
    const weighted = weightedLength(ctx.value);
    if (weighted > maxWeightedLength) {
      ctx.issues.push({
        code: "custom",
        input: ctx.value,
        message: `must be at most ${maxWeightedLength} weighted characters (got ${weighted})`,
        params: {
          phrase: `must be at most ${maxWeightedLength} characters as the platform counts them `
            + `(each link ${urlLength}, each emoji and each CJK character ${emojiWeight}; got ${weighted})`,
        },
      });
    }
  });
}

/** ISO 8601 time, as the platform accepts them. */
export const isoTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-12-01T00:00:00Z" });

/** Platform timestamps, read only. */
export const timestamps = {
  createdAt: z.string().describe("When the platform created the entity."),
};

/** Shorthands for the declarations most fields need. */
export const createOnly = <T extends z.ZodType>(schema: T) => field(schema, { createOnly: true });
export const computed = <T extends z.ZodType>(schema: T) => field(schema, { computed: true });
export const clearable = <T extends z.ZodType>(schema: T, meta: FieldMeta = {}) => field(schema, { clearable: true, ...meta });

/**
 * A create's look-up candidates in a collection that lists by line item
 * (`line_item_ids`): the entities of the items' line items.
 */
export function ofLineItems(collection: string) {
  return (ctx: Context, items: { accountId: string; lineItemId: string }[]) =>
    ctx.client.list<Entity>(`/12/accounts/${items[0]!.accountId}/${collection}`, { line_item_ids: [...new Set(items.map((i) => i.lineItemId))] });
}
