/**
 * Line items, as the real platform's v12 reference has them
 * (ref campaign-management/reference.mdx, "Line Items"): campaign,
 * objective, product type, placements, delivery pacing and the primary web
 * event tag are fixed at creation (PUT takes none of them); bids, goal,
 * budgets, schedule, app and advertiser details and status change. The
 * rules between parameters are the reference's, tabled in platform.ts.
 * Line items created together share the batch endpoint, as campaigns do.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENUMS, FORMS, LIMITS } from "../platform";
import { batchRoutes } from "../batch";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { assertActiveCapacity, assertDailyWithinTotal, given, referenced, refuseCreateOnly } from "../rules";
import { Account, StoredEntity, isoTime, NewFields } from "../store";
import { clearable, param, parseParams, WireParams } from "../wire";
import { Campaign, campaigns } from "./campaigns";
import { businessCategoryOf } from "../reference-data";

type Objective = (typeof ENUMS.objective)[number];
type BidStrategy = (typeof ENUMS.bidStrategy)[number];
type Goal = (typeof ENUMS.goal)[number];
type PayBy = (typeof ENUMS.payBy)[number];

export interface LineItem extends StoredEntity {
  campaign_id: string;
  name: string | null;
  objective: Objective;
  product_type: (typeof ENUMS.productType)[number];
  placements: Array<(typeof ENUMS.placement)[number]>;
  bid_amount_local_micro: number | null;
  bid_strategy: BidStrategy;
  entity_status: (typeof ENUMS.entityStatus)[number];
  /** ref: null when none was given (the batch example answers `"start_time": null`). */
  start_time: string | null;
  end_time: string | null;
  total_budget_amount_local_micro: number | null;
  daily_budget_amount_local_micro: number | null;
  /** What the platform bills by: the accepted values, or one it chose (ENGAGEMENT in the reference's answers). */
  pay_by: string;
  categories: string[];
  /** The campaign's funding instrument's. */
  currency: string;
  /** The campaign's. */
  funding_instrument_id: string;
  goal: Goal;
  advertiser_domain: string | null;
  android_app_store_identifier: string | null;
  ios_app_store_identifier: string | null;
  primary_web_event_tag: string | null;
  /** ref: true where a daily budget is paced (the POST example), null without one (the GET example). */
  standard_delivery: boolean | null;
  /** The real platform: the account's FULL promotable user. */
  advertiser_user_id: string | null;
  /** The real platform fields the emulator takes no parameter for: null (or the platform's default). */
  automatic_tweet_promotion: boolean | null;
  creative_source: string;
  duration_in_days: number | null;
  frequency_cap: number | null;
  target_cpa_local_micro: number | null;
}

/** ref POST line_items `bid_amount_local_micro`: "Only values greater than zero are accepted". */
const bidAmount = () => param.long().pipe(z.number().min(1));

/** ref `advertiser_domain`: "without the protocol specification". */
const domain = () => param.text(255).regex(/^(?![a-z][a-z0-9+.-]*:\/\/)[^\s/]+$/i, "must be a domain without the protocol, e.g. example.com");

/** ref `ios_app_store_identifier`: "The numeric portion of the Apple App Store identifier". */
const iosId = () => z.string().regex(/^\d+$/, "must be the numeric part of the App Store identifier");

/** What POST and PUT both take (ref POST and PUT line_items). */
const changeable = {
  name: clearable(param.name(LIMITS.text.lineItemName)),
  bid_amount_local_micro: clearable(bidAmount()),
  bid_strategy: param.oneOf(ENUMS.bidStrategy).optional(),
  goal: param.oneOf(ENUMS.goal).optional(),
  pay_by: param.oneOf(ENUMS.payBy).optional(),
  start_time: param.time().optional(),
  end_time: clearable(param.time()),
  total_budget_amount_local_micro: clearable(param.micros()),
  daily_budget_amount_local_micro: clearable(param.micros()),
  categories: param.list(LIMITS.lineItemCategories.min, Number.MAX_SAFE_INTEGER).optional(),
  advertiser_domain: clearable(domain()),
  android_app_store_identifier: clearable(param.text(255)),
  ios_app_store_identifier: clearable(iosId()),
};

const createParams = z.object({
  ...changeable,
  campaign_id: param.id(),
  objective: param.oneOf(ENUMS.objective),
  product_type: param.oneOf(ENUMS.productType),
  placements: param.listOf(ENUMS.placement, 1, ENUMS.placement.length),
  entity_status: param.oneOf(ENUMS.entityStatus).default("ACTIVE"),
  standard_delivery: param.bool().optional(),
  primary_web_event_tag: param.text(255).optional(),
});

const updateParams = z.object({
  ...changeable,
  entity_status: param.oneOf(ENUMS.entityStatusOnUpdate).optional(),
});

const CREATE_ONLY = ["campaign_id", "objective", "product_type", "placements", "standard_delivery", "primary_web_event_tag"] as const;

function create(ctx: ResourceContext, params: WireParams): NewFields<LineItem> {
  const p = parseParams(createParams, params);
  const campaign = referenced<Campaign>(ctx.account, campaigns.collection, p.campaign_id, "campaign_id", "campaign");
  const siblings = ctx.account.collection<LineItem>(lineItems.collection).all().filter((li) => !li.deleted && li.campaign_id === campaign.id);
  // ref campaign-management.mdx ("Ad Groups"): 100 line items per campaign (error code not documented: INVALID_PARAMETER).
  if (siblings.length >= LIMITS.lineItemsPerCampaign) {
    throw ApiError.invalid("campaign_id", `campaign ${campaign.id} already has ${siblings.length} line items, the limit is ${LIMITS.lineItemsPerCampaign}`);
  }
  // ref POST line_items: "All line items within a campaign must be of the same product_type and objective."
  for (const parameter of ["product_type", "objective"] as const) {
    const other = siblings.find((li) => li[parameter] !== p[parameter]);
    if (other) throw ApiError.invalid(parameter, `${parameter} must be ${other[parameter]} like the other line items of campaign ${campaign.id}, got ${p[parameter]}`);
  }
  const bidStrategy = p.bid_strategy ?? defaultBidStrategy(p.objective, p.bid_amount_local_micro != null);
  const goal = p.goal ?? ENUMS.defaultGoal[p.objective];
  const daily = p.daily_budget_amount_local_micro ?? null;
  const lineItem: NewFields<LineItem> = {
    campaign_id: campaign.id,
    name: p.name ?? null,
    objective: p.objective,
    product_type: p.product_type,
    placements: p.placements,
    // ref `bid_strategy`: "If set to AUTO, bid_amount_local_micro will be ignored."
    bid_amount_local_micro: bidStrategy === "AUTO" ? null : p.bid_amount_local_micro ?? null,
    bid_strategy: bidStrategy,
    entity_status: p.entity_status,
    start_time: p.start_time === undefined ? null : isoTime(Date.parse(p.start_time)),
    end_time: p.end_time ? isoTime(Date.parse(p.end_time)) : null,
    total_budget_amount_local_micro: p.total_budget_amount_local_micro ?? null,
    daily_budget_amount_local_micro: daily,
    pay_by: p.pay_by ?? defaultPayBy(p.objective, goal, bidStrategy),
    categories: p.categories ?? [],
    currency: campaign.currency,
    funding_instrument_id: campaign.funding_instrument_id,
    goal,
    advertiser_domain: p.advertiser_domain ?? null,
    android_app_store_identifier: p.android_app_store_identifier ?? null,
    ios_app_store_identifier: p.ios_app_store_identifier ?? null,
    primary_web_event_tag: p.primary_web_event_tag ?? null,
    standard_delivery: p.standard_delivery ?? (daily === null ? null : true),
    advertiser_user_id: [...ctx.account.userIds][0] ?? null,
    automatic_tweet_promotion: null,
    creative_source: "MANUAL",
    duration_in_days: null,
    frequency_cap: null,
    target_cpa_local_micro: null,
  };
  checkLineItem(lineItem, p.pay_by);
  if (lineItem.entity_status === "ACTIVE") assertRoomForActive(ctx.account);
  return lineItem;
}

function update(ctx: ResourceContext, current: LineItem, params: WireParams): Partial<LineItem> {
  refuseCreateOnly(params, CREATE_ONLY, "line item");
  const p = given(parseParams(updateParams, params));
  // ref PUT line_items `pay_by`: "can only be modified for line items using the APP_INSTALLS objective".
  if (p.pay_by !== undefined && p.pay_by !== current.pay_by && current.objective !== "APP_INSTALLS") {
    throw ApiError.invalid("pay_by", `pay_by can only be changed on APP_INSTALLS line items, this one's objective is ${current.objective}`);
  }
  const patch: Partial<LineItem> = {
    ...p,
    ...(p.start_time !== undefined ? { start_time: isoTime(Date.parse(p.start_time)) } : {}),
    ...(p.end_time ? { end_time: isoTime(Date.parse(p.end_time)) } : {}),
  };
  if ((patch.bid_strategy ?? current.bid_strategy) === "AUTO") patch.bid_amount_local_micro = null;
  const next = { ...current, ...patch };
  checkLineItem(next, p.pay_by);
  if (next.entity_status === "ACTIVE" && current.entity_status !== "ACTIVE") assertRoomForActive(ctx.account);
  return patch;
}

/** The objectives a table lets `key` be used with, where it restricts it. */
function objectivesOf(table: Partial<Record<string, readonly string[]>>, key: string): readonly string[] | undefined {
  return table[key];
}

/**
 * Rules between parameters (ref POST line_items), on the line item as it
 * would be after the write; `payBy` is the pay_by the request gave (the one
 * the platform chose is not the request's to answer for).
 */
function checkLineItem(li: NewFields<LineItem>, payBy: PayBy | undefined): void {
  if (li.bid_strategy !== "AUTO" && li.bid_amount_local_micro === null) {
    throw ApiError.missing("bid_amount_local_micro", `bid_amount_local_micro is required when bid_strategy is ${li.bid_strategy}`);
  }
  const strategyObjectives = objectivesOf(ENUMS.bidStrategyObjectives, li.bid_strategy);
  if (strategyObjectives && !strategyObjectives.includes(li.objective)) {
    throw ApiError.invalid("bid_strategy", `bid_strategy ${li.bid_strategy} is not available for objective ${li.objective}, only for ${strategyObjectives.join(", ")}`);
  }
  const goalObjectives = objectivesOf(ENUMS.goalObjectives, li.goal);
  if (goalObjectives && !goalObjectives.includes(li.objective)) {
    throw ApiError.invalid("goal", `goal ${li.goal} is not available for objective ${li.objective}, only for ${goalObjectives.join(", ")}`);
  }
  if (li.goal === ENUMS.webEventTagGoal && li.primary_web_event_tag === null) {
    throw ApiError.missing("primary_web_event_tag", `primary_web_event_tag is required when goal is ${li.goal}`);
  }
  if (payBy !== undefined) checkPayBy(li, payBy);
  if ((ENUMS.appObjectives as readonly string[]).includes(li.objective) && li.android_app_store_identifier === null && li.ios_app_store_identifier === null) {
    throw ApiError.missing("android_app_store_identifier", `android_app_store_identifier or ios_app_store_identifier is required when objective is ${li.objective}`);
  }
  const publisherNetwork = (li.placements as readonly string[]).includes(ENUMS.publisherNetworkPlacement);
  if (publisherNetwork && li.advertiser_domain === null) {
    throw ApiError.missing("advertiser_domain", `advertiser_domain is required when placements include ${ENUMS.publisherNetworkPlacement}`);
  }
  if (li.categories.length === 0 && (li.objective === ENUMS.categoriesObjective || publisherNetwork)) {
    const why = li.objective === ENUMS.categoriesObjective ? `objective is ${li.objective}` : `placements include ${ENUMS.publisherNetworkPlacement}`;
    throw ApiError.missing("categories", `categories (IAB category values) are required when ${why}`);
  }
  const notIab = li.categories.find((c) => !FORMS.iabCategoryValue.test(c));
  if (notIab !== undefined) throw ApiError.invalid("categories", `categories must be IAB category values (IAB<n> or IAB<n>-<m>), got ${JSON.stringify(notIab)}`);
  if (li.objective === ENUMS.categoriesObjective) checkBusinessCategories(li.categories);
  if (li.start_time !== null && li.end_time !== null && Date.parse(li.end_time) <= Date.parse(li.start_time)) {
    throw ApiError.invalid("end_time", `end_time must be after start_time (${li.start_time}), got ${li.end_time}`);
  }
  assertDailyWithinTotal(li.daily_budget_amount_local_micro, li.total_budget_amount_local_micro);
}

/** ref POST line_items `pay_by`: which objectives and goals take which values. */
function checkPayBy(li: NewFields<LineItem>, payBy: PayBy): void {
  const byObjective = (ENUMS.payByObjectives as Partial<Record<Objective, readonly PayBy[]>>)[li.objective];
  if (!byObjective) {
    throw ApiError.invalid("pay_by", `pay_by can only be given for objectives ${Object.keys(ENUMS.payByObjectives).join(", ")}, not ${li.objective}: the platform chooses it`);
  }
  const byGoal = (ENUMS.payByGoals as Partial<Record<Goal, readonly PayBy[]>>)[li.goal];
  for (const [values, what] of [[byObjective, `objective ${li.objective}`], [byGoal, `goal ${li.goal}`]] as const) {
    if (values && !values.includes(payBy)) throw ApiError.invalid("pay_by", `pay_by must be one of ${values.join(", ")} for ${what}, got ${payBy}`);
  }
  if (li.goal === ENUMS.payByNotWithTarget.goal && payBy === ENUMS.payByNotWithTarget.payBy && li.bid_strategy === "TARGET") {
    throw ApiError.invalid("pay_by", `pay_by ${payBy} is not available with bid_strategy TARGET for goal ${li.goal}`);
  }
}

/**
 * ref `bid_strategy`: "Default based on objective". Its examples give a bid
 * without a strategy and answer MAX; MAX is not for REACH and FOLLOWERS,
 * whose bids are TARGET. No bid: AUTO.
 */
function defaultBidStrategy(objective: Objective, bid: boolean): BidStrategy {
  if (!bid) return "AUTO";
  return (ENUMS.bidStrategyObjectives.MAX as readonly Objective[]).includes(objective) ? "MAX" : "TARGET";
}

/** ref `pay_by`: "automatically set based upon the campaign objective and line item's bid unit" (platform.ts ENUMS.defaultPayBy). */
function defaultPayBy(objective: Objective, goal: Goal, bidStrategy: BidStrategy): string {
  // ref: IMPRESSION, LINK_CLICKS's default, "is not supported when setting TARGET".
  if (goal === ENUMS.payByNotWithTarget.goal && bidStrategy === "TARGET") return "LINK_CLICK";
  return ENUMS.defaultPayBy[objective];
}

/** The real platform caps ACTIVE line items per account (LIMITS.activeLineItemsPerAccount). */
function assertRoomForActive(account: Account): void {
  assertActiveCapacity({
    collection: account.collection<LineItem>(lineItems.collection),
    isActive: (li) => li.entity_status === "ACTIVE",
    limit: LIMITS.activeLineItemsPerAccount,
    code: "TOO_MANY_LINE_ITEMS",
    nouns: "line items",
    accountId: account.id,
  });
}

/**
 * The keys a write's answer leaves out (ref campaign-management/reference.mdx,
 * Line Items: the examples of GET and of the batch's Create answer
 * `funding_instrument_id`; those of POST, PUT and the batch's Update do not).
 */
const NOT_ANSWERED_ON_WRITES = ["funding_instrument_id"];
/** And a delete's (ref DELETE line_items and the batch's Delete: neither answers the app, budget, pacing and promotion fields either). */
const NOT_ANSWERED_ON_DELETE = [
  ...NOT_ANSWERED_ON_WRITES, "android_app_store_identifier", "ios_app_store_identifier", "automatic_tweet_promotion", "daily_budget_amount_local_micro", "standard_delivery",
];

export const lineItems: ResourceSpec<LineItem> = {
  collection: "line_items",
  noun: "line item",
  list: (account) => ({
    ids: [
      { param: "line_item_ids", value: (li) => li.id },
      { param: "campaign_ids", value: (li) => li.campaign_id },
      { param: "funding_instrument_ids", value: (li) => account.collection<Campaign>(campaigns.collection).get(li.campaign_id)?.funding_instrument_id },
    ],
    search: (li) => li.name,
    isDraft: (li) => li.entity_status === "DRAFT",
    sortable: ["created_at", "updated_at", "name", "entity_status", "start_time", "end_time"],
  }),
  create,
  update,
  deletable: true,
  answers: {
    create: { omit: NOT_ANSWERED_ON_WRITES },
    update: { omit: NOT_ANSWERED_ON_WRITES },
    "batch Update": { omit: NOT_ANSWERED_ON_WRITES },
    delete: { omit: NOT_ANSWERED_ON_DELETE },
    "batch Delete": { omit: NOT_ANSWERED_ON_DELETE },
  },
};

const crud = resourceRoutes(lineItems);
// ref POST batch/accounts/:account_id/line_items: at most 40 items, operation_errors by index.
const batch = batchRoutes({ resource: lineItems, maxItems: LIMITS.lineItemBatchSize, idParam: "line_item_id" });

export const lineItemRoutes: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  await crud(app, options);
  await batch(app, options);
};

/**
 * ref campaign-management/reference.mdx, GET advertiser_business_categories: a PREROLL_VIEWS line item's categories are the iab_categories of
 * one or two advertiser business categories (ADVERTISER_BUSINESS_CATEGORIES):
 * each value must belong to one, and together they name at most two.
 */
function checkBusinessCategories(categories: readonly string[]): void {
  const unknown = categories.find((c) => businessCategoryOf(c) === undefined);
  if (unknown !== undefined) {
    throw ApiError.invalid("categories", `categories of a ${ENUMS.categoriesObjective} line item must be iab_categories of advertiser business categories (GET advertiser_business_categories), got ${JSON.stringify(unknown)}`);
  }
  const named = [...new Set(categories.map((c) => businessCategoryOf(c)!.name))];
  const { max } = LIMITS.lineItemBusinessCategories;
  if (named.length > max) {
    throw ApiError.invalid("categories", `categories of a ${ENUMS.categoriesObjective} line item must name at most ${max} advertiser business categories, got ${named.length} (${named.join(", ")})`);
  }
}
