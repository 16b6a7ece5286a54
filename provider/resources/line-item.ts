/**
 * Line item, as the real platform's v12 reference has it
 * (xdevplatform/docs x-ads-api/campaign-management/reference.mdx, line
 * items; its rules are tabled in limits.ts ENUMS). Campaign, objective,
 * product type, placements, primary web event tag and delivery pacing are
 * fixed at creation (PUT line_items takes none of them).
 *
 * One rule needs the campaign's other line items: all line items of a
 * campaign share one product type and one objective (reference.mdx, POST
 * line_items). A resource's check sees only its own inputs, so the provider
 * cannot tell; the policy pack does for the line items of one program
 * (policy/platform-limits.ts, xads-one-product-type-per-campaign), and the
 * platform refuses the rest.
 */
import { z } from "zod";
import { ENUMS, IAB_CATEGORY_VALUE, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, clearable, computed, createOnly, entityId, isoTime, localMicro, name } from "./common";
import { dailyWithinTotal, draftOnlyAtCreation } from "./campaign";
import { defineResource } from "./define";
import { field } from "./fields";
import { CheckFailure, ReferenceData, rule } from "./framework";

// --------------------------------------------------------------- schema ---

type Objective = (typeof ENUMS.objective)[number];

/** The same values in any order: the platform answers lists in its own order. */
function sameSet(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => JSON.stringify([...new Set(Array.isArray(v) ? v.map(String) : [])].sort());
  return norm(a) === norm(b);
}

// Reference: "Only values greater than zero are accepted."
const bidAmount = localMicro.min(1);

export const lineItemInputs = z.strictObject({
  accountId: accountIdInput,
  campaignId: createOnly(entityId.describe("The campaign. All line items of a campaign share one product type and one objective.")),
  name: clearable(name(LIMITS.text.lineItemName).optional().describe("Line item name, at most 255 characters.")),
  objective: createOnly(z.enum(ENUMS.objective).describe("Campaign objective.")),
  productType: createOnly(z.enum(ENUMS.productType).describe("MEDIA, PROMOTED_ACCOUNT or PROMOTED_TWEETS.")),
  placements: field(z.array(z.enum(ENUMS.placement)).min(1).describe("Where the line item serves."), { createOnly: true, same: sameSet }),
  entityStatus: z.enum(ENUMS.entityStatus).default("ACTIVE").describe("ACTIVE (default), PAUSED, or DRAFT (creation only)."),
  // The platform picks the bid strategy, goal and pay-by by objective when not given: unset means "not managed".
  bidStrategy: computed(z.enum(ENUMS.bidStrategy).optional().describe("AUTO, MAX (not for REACH or FOLLOWERS) or TARGET (REACH, FOLLOWERS, WEBSITE_CLICKS and the app objectives). The platform picks one by objective when not given.")),
  bidAmountLocalMicro: clearable(bidAmount.optional().describe("Bid in micros, above zero; required with MAX and TARGET bid strategies, ignored by the platform with AUTO (so refused)."), { limits: "the cost per result" }),
  goal: computed(z.enum(ENUMS.goal).optional().describe("Optimization goal. The platform picks one by objective when not given; APP_PURCHASES only for APP_INSTALLS, APP_CLICKS and APP_INSTALLS for the app objectives, SITE_VISITS for WEBSITE_CLICKS.")),
  payBy: computed(z.enum(ENUMS.payBy).optional().describe("Billing event, only for APP_INSTALLS (APP_CLICK or IMPRESSION) and WEBSITE_CLICKS (LINK_CLICK or IMPRESSION). The platform picks it when not given, and may answer other values (ENGAGEMENT).")),
  dailyBudgetAmountLocalMicro: clearable(localMicro.optional().describe("Daily budget in micros; at most the total budget. It may be above the campaign's daily budget: the platform takes it, and the campaign's budget caps what its line items spend."), { limits: "daily spend" }),
  totalBudgetAmountLocalMicro: clearable(localMicro.optional().describe("Total budget in micros."), { limits: "total spend" }),
  standardDelivery: field(z.boolean().optional().describe("Standard (true) or accelerated (false) delivery of the daily budget; the platform's choice when not given."), { createOnly: true, computed: true }),
  startTime: field(isoTime.optional().describe("ISO 8601 start; the platform starts now when not given."), { computed: true, instant: true }),
  endTime: field(isoTime.optional().describe("ISO 8601 end."), { clearable: true, instant: true }),
  advertiserDomain: clearable(z.string().regex(/^(?![a-z][a-z0-9+.-]*:\/\/)[^\s/]+$/i, { error: "must be a domain without the protocol, e.g. example.com" })
    .optional().describe("The advertiser's website domain, without the protocol. Required with the PUBLISHER_NETWORK placement.")),
  androidAppStoreIdentifier: clearable(z.string().min(1).optional().describe("The promoted app's Google Play identifier. APP_INSTALLS and APP_ENGAGEMENTS need this or iosAppStoreIdentifier; the platform then adds PLATFORM targeting for it.")),
  iosAppStoreIdentifier: clearable(z.string().regex(/^\d+$/, { error: "must be the numeric part of the App Store identifier, e.g. 333903271" })
    .optional().describe("The numeric part of the promoted app's App Store identifier. APP_INSTALLS and APP_ENGAGEMENTS need this or androidAppStoreIdentifier.")),
  primaryWebEventTag: createOnly(z.string().min(1).optional().describe("The primary web event tag's id; required with goal WEBSITE_CONVERSIONS.")),
  categories: field(z.array(z.string().regex(IAB_CATEGORY_VALUE, { error: "must be an IAB category, e.g. IAB3 or IAB9-26" })).min(LIMITS.lineItemCategories.min).optional()
    .describe("IAB categories of the advertiser: every iab_categories value of one or two advertiser business categories. Required for PREROLL_VIEWS and with the PUBLISHER_NETWORK placement."),
  { same: sameSet }),
  adoptId: adoptIdInput,
}).describe("A line item of a campaign: objective, placements, bid and budget.");

export type LineItemInputs = z.infer<typeof lineItemInputs>;
export type LineItemOutputs = LineItemInputs & { currency?: string; createdAt?: string };

const path = (li: { accountId: string }) => `/12/accounts/${li.accountId}/line_items`;
const list = (values: readonly string[]) => values.join(", ");
const fails = (property: string, reason: string): CheckFailure[] => [{ property, reason }];

/** The values a table allows for `key`, where it restricts it (undefined: no restriction). */
function allowed(table: Partial<Record<string, readonly string[]>>, key: string | undefined): readonly string[] | undefined {
  return key === undefined ? undefined : table[key];
}

/** Rules between fields, each from the reference (limits.ts ENUMS says where). */
export const lineItemRules = [
  rule<LineItemInputs>(["bidStrategy", "bidAmountLocalMicro"], (li) => {
    if (li.bidStrategy === undefined) return [];
    if (li.bidStrategy !== "AUTO" && li.bidAmountLocalMicro === undefined) {
      return fails("bidAmountLocalMicro", `bidAmountLocalMicro is required when bidStrategy is ${li.bidStrategy}`);
    }
    if (li.bidStrategy === "AUTO" && li.bidAmountLocalMicro !== undefined) {
      return fails("bidAmountLocalMicro", "bidAmountLocalMicro is ignored by the platform when bidStrategy is AUTO: remove it, or set bidStrategy MAX or TARGET");
    }
    return [];
  }),
  rule<LineItemInputs>(["objective", "bidStrategy"], (li) => {
    const objectives = allowed(ENUMS.bidStrategyObjectives, li.bidStrategy);
    return objectives && !objectives.includes(li.objective)
      ? fails("bidStrategy", `bidStrategy ${li.bidStrategy} is not available for objective ${li.objective} (${li.bidStrategy} takes objectives ${list(objectives)})`)
      : [];
  }),
  rule<LineItemInputs>(["objective", "goal"], (li) => {
    const objectives = allowed(ENUMS.goalObjectives, li.goal);
    return objectives && !objectives.includes(li.objective)
      ? fails("goal", `goal ${li.goal} is not available for objective ${li.objective} (${li.goal} takes objectives ${list(objectives)})`)
      : [];
  }),
  rule<LineItemInputs>(["goal", "primaryWebEventTag"], (li) =>
    li.goal === ENUMS.webEventTagGoal && li.primaryWebEventTag === undefined
      ? fails("primaryWebEventTag", `primaryWebEventTag is required when goal is ${ENUMS.webEventTagGoal}`)
      : []),
  rule<LineItemInputs>(["objective", "payBy"], (li) => {
    if (li.payBy === undefined) return [];
    const values = allowed(ENUMS.payByObjectives, li.objective);
    if (!values) {
      return fails("payBy", `payBy can be set only for objectives ${list(Object.keys(ENUMS.payByObjectives))}; the platform picks it for ${li.objective} (got ${li.payBy})`);
    }
    return values.includes(li.payBy) ? [] : fails("payBy", `payBy must be one of ${list(values)} for objective ${li.objective} (got ${li.payBy})`);
  }),
  rule<LineItemInputs>(["goal", "payBy", "bidStrategy"], (li) => {
    if (li.payBy === undefined) return [];
    const values = allowed(ENUMS.payByGoals, li.goal);
    if (values && !values.includes(li.payBy)) return fails("payBy", `payBy must be one of ${list(values)} for goal ${li.goal} (got ${li.payBy})`);
    const { goal, payBy } = ENUMS.payByNotWithTarget;
    return li.goal === goal && li.payBy === payBy && li.bidStrategy === "TARGET"
      ? fails("payBy", `payBy ${payBy} is not available with bidStrategy TARGET for goal ${goal}`)
      : [];
  }),
  rule<LineItemInputs>(["objective", "androidAppStoreIdentifier", "iosAppStoreIdentifier"], (li) =>
    (ENUMS.appObjectives as readonly Objective[]).includes(li.objective) && !li.androidAppStoreIdentifier && !li.iosAppStoreIdentifier
      ? fails("androidAppStoreIdentifier", `androidAppStoreIdentifier or iosAppStoreIdentifier is required when objective is ${li.objective}`)
      : []),
  rule<LineItemInputs>(["placements", "advertiserDomain"], (li) =>
    li.placements.includes(ENUMS.publisherNetworkPlacement) && !li.advertiserDomain
      ? fails("advertiserDomain", `advertiserDomain is required when placements include ${ENUMS.publisherNetworkPlacement}`)
      : []),
  rule<LineItemInputs>(["objective", "placements", "categories"], (li) => {
    if (li.categories) return [];
    if (li.objective === ENUMS.categoriesObjective) {
      return fails("categories", `categories (the iab_categories of one or two advertiser business categories) are required when objective is ${li.objective}`);
    }
    return li.placements.includes(ENUMS.publisherNetworkPlacement)
      ? fails("categories", `categories (the advertiser's IAB categories) are required when placements include ${ENUMS.publisherNetworkPlacement}`)
      : [];
  }),
  // A PREROLL_VIEWS line item's categories are the iab_categories of one or two advertiser business categories (ref campaign-management/reference.mdx;
  // reference.mdx, GET advertiser_business_categories): checked when dispatch read them (lineItemReferenceNeeds).
  rule<LineItemInputs>(["objective", "categories"], (li, env) => {
    const known = env?.reference?.advertiserBusinessCategories;
    if (li.objective !== ENUMS.categoriesObjective || !li.categories || !known) return [];
    const of = (value: string) => known.find((c) => c.iabCategories.includes(value));
    const unknown = li.categories.filter((c) => of(c) === undefined);
    if (unknown.length > 0) {
      return fails("categories", `categories of a ${li.objective} line item must be iab_categories of advertiser business categories (getAdvertiserBusinessCategories): ${list(unknown)} ${unknown.length === 1 ? "belongs" : "belong"} to none`);
    }
    const named = [...new Set(li.categories.map((c) => of(c)!.name))];
    const { max } = LIMITS.lineItemBusinessCategories;
    return named.length > max
      ? fails("categories", `categories of a ${li.objective} line item must be those of at most ${max} advertiser business categories (got ${named.length}: ${list(named)})`)
      : [];
  }),
  rule<LineItemInputs>(["startTime", "endTime"], (li) =>
    li.startTime && li.endTime && Date.parse(li.endTime) <= Date.parse(li.startTime)
      ? fails("endTime", `endTime must be after startTime (${li.endTime} <= ${li.startTime})`)
      : []),
  dailyWithinTotal<LineItemInputs>(),
  // No rule holds a line item's daily budget to its campaign's: the reference names no refusal of it. "Line items
  // spend the budget defined by a campaign" (ref campaign-management.mdx, Campaigns and Ad Groups), and "the total
  // campaign budget can be less than the sum of the budgets of its child line items" (the same file, Ad groups FAQ):
  // the platform takes the line item, and its campaign's budget caps what the campaign's line items spend together.
];

/**
 * Changes the platform refuses in place: DRAFT after creation, and pay_by
 * outside APP_INSTALLS ("can only be modified for line items using the
 * APP_INSTALLS objective", reference.mdx PUT line_items).
 */
export function lineItemTransitions(olds: Partial<LineItemInputs>, news: Record<string, unknown>): CheckFailure[] {
  const draft = draftOnlyAtCreation("line item")(olds, news);
  const payByChanged = olds.payBy !== undefined && news.payBy !== undefined && news.payBy !== olds.payBy
    && olds.objective !== undefined && olds.objective === news.objective && olds.objective !== "APP_INSTALLS";
  return payByChanged
    ? [...draft, ...fails("payBy", `payBy cannot change from ${olds.payBy} to ${String(news.payBy)} for objective ${olds.objective}: the platform changes pay_by in place only for APP_INSTALLS line items`)]
    : draft;
}

/** The business categories, for a PREROLL_VIEWS line item with categories (the rule above). */
export function lineItemReferenceNeeds(li: LineItemInputs): readonly (keyof ReferenceData)[] {
  return li.objective === ENUMS.categoriesObjective && Array.isArray(li.categories) && li.categories.every((c) => typeof c === "string")
    ? ["advertiserBusinessCategories"]
    : [];
}

// ------------------------------------------------------------ lifecycle ---

export const lineItem = defineResource("LineItem", lineItemInputs, {
  outputs: { currency: z.string().describe("Currency of the campaign's funding instrument.") },
  rules: lineItemRules,
  referenceNeeds: lineItemReferenceNeeds,
  transitions: lineItemTransitions,
  collection: "line_items",
  readQuery: { with_draft: true },
  describe: (li) => `line item "${li.name ?? li.objective}"`,
  // Line items created together share batch POSTs of at most 40, as campaigns
  // do (reference.mdx, POST batch/accounts/:account_id/line_items; docs/architecture.md rule 8).
  batch: {
    path: (li) => `/12/batch/accounts/${li.accountId}/line_items`,
    max: LIMITS.lineItemBatchSize,
    // They wait on few campaigns and start together, as campaigns wait on funding instruments.
    windowMs: 500,
    // The batch endpoint takes Update and Delete items too ("operation_type ... Possible values: Create, Delete, Update",
    // ref campaign-management/reference.mdx): concurrent budget changes and destroys share its calls (batch-write.ts).
    writes: ["Update", "Delete"],
  },
  lookUp: {
    candidates: (ctx, items) => ctx.client.list<Entity>(path(items[0]!), {
      campaign_ids: [...new Set(items.map((li) => li.campaignId))], with_draft: true,
    }),
    matches: (li, e) => (e.name ?? undefined) === li.name && e.objective === li.objective
      && e.product_type === li.productType && e.campaign_id === li.campaignId,
  },
});
