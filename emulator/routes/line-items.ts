/**
 * Line items. seed: not shown (4.5: "the endpoints ... including line
 * items: not shown"); they follow the real platform's v12 line_items
 * endpoints: campaign, objective, product type and placements are fixed at
 * creation; bids, budget, schedule and status change.
 */
import { z } from "zod";
import { ENUMS, LIMITS } from "../platform";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { assertActiveCapacity, given, referenced, refuseCreateOnly } from "../rules";
import { Account, Entity, isoTime, NewFields } from "../store";
import { clearable, field, parseParams, WireParams } from "../wire";
import { Campaign, campaigns } from "./campaigns";

type Objective = (typeof ENUMS.objective)[number];
type BidStrategy = (typeof ENUMS.bidStrategy)[number];
type PayBy = (typeof ENUMS.payBy)[number];

export interface LineItem extends Entity {
  campaign_id: string;
  name: string | null;
  objective: Objective;
  product_type: (typeof ENUMS.productType)[number];
  placements: Array<(typeof ENUMS.placement)[number]>;
  bid_amount_local_micro: number | null;
  bid_strategy: BidStrategy;
  entity_status: (typeof ENUMS.entityStatus)[number];
  start_time: string;
  end_time: string | null;
  total_budget_amount_local_micro: number | null;
  pay_by: PayBy;
  categories: string[];
  /** The campaign's funding instrument's. */
  currency: string;
  /** The campaign's. */
  funding_instrument_id: string;
  /** seed: not shown; real platform: the optimization goal, by default the objective's. */
  goal: string;
  /** seed: not shown; real platform: the account's FULL promotable user. */
  advertiser_user_id: string | null;
  /** seed: not shown; real platform fields the emulator takes no parameter for: null (or the platform's default). */
  advertiser_domain: string | null;
  android_app_store_identifier: string | null;
  ios_app_store_identifier: string | null;
  automatic_tweet_promotion: boolean | null;
  creative_source: string;
  daily_budget_amount_local_micro: number | null;
  duration_in_days: number | null;
  frequency_cap: number | null;
  primary_web_event_tag: string | null;
  standard_delivery: boolean | null;
  target_cpa_local_micro: number | null;
}

/** seed 4.3: PREROLL_VIEWS line items carry one or two advertiser business categories. */
const CATEGORIES = LIMITS.lineItemCategories;

const optional = {
  name: clearable(field.name(LIMITS.text.lineItemName)),
  bid_amount_local_micro: clearable(field.micros()),
  bid_strategy: field.oneOf(ENUMS.bidStrategy),
  start_time: field.time().optional(),
  end_time: clearable(field.time()),
  total_budget_amount_local_micro: clearable(field.micros()),
  pay_by: field.oneOf(ENUMS.payBy).optional(),
  categories: field.list(CATEGORIES.min, CATEGORIES.max).optional(),
};

const createParams = z.object({
  ...optional,
  campaign_id: field.id(),
  objective: field.oneOf(ENUMS.objective),
  product_type: field.oneOf(ENUMS.productType),
  placements: field.listOf(ENUMS.placement, 1, ENUMS.placement.length),
  bid_strategy: optional.bid_strategy.default("AUTO"),
  entity_status: field.oneOf(ENUMS.entityStatus).default("ACTIVE"),
});

const updateParams = z.object({
  ...optional,
  bid_strategy: optional.bid_strategy.optional(),
  entity_status: field.oneOf(ENUMS.entityStatusOnUpdate).optional(),
});

const CREATE_ONLY = ["campaign_id", "objective", "product_type", "placements"] as const;

function create(ctx: ResourceContext, params: WireParams): NewFields<LineItem> {
  const p = parseParams(createParams, params);
  const campaign = referenced<Campaign>(ctx.account, campaigns.collection, p.campaign_id, "campaign_id", "campaign");
  const siblings = ctx.account.collection<LineItem>(lineItems.collection).all().filter((li) => !li.deleted && li.campaign_id === campaign.id);
  // seed: not shown; real platform caps line items per campaign (error code not documented: INVALID_PARAMETER).
  if (siblings.length >= LIMITS.lineItemsPerCampaign) {
    throw ApiError.invalid("campaign_id", `campaign ${campaign.id} already has ${siblings.length} line items, the limit is ${LIMITS.lineItemsPerCampaign}`);
  }
  // seed: not shown; real platform refuses line items of different objectives under one campaign.
  const other = siblings.find((li) => li.objective !== p.objective);
  if (other) throw ApiError.invalid("objective", `objective must be ${other.objective} like the other line items of campaign ${campaign.id}, got ${p.objective}`);
  const lineItem: NewFields<LineItem> = {
    campaign_id: campaign.id,
    name: p.name ?? null,
    objective: p.objective,
    product_type: p.product_type,
    placements: p.placements,
    bid_amount_local_micro: p.bid_amount_local_micro ?? null,
    bid_strategy: p.bid_strategy,
    entity_status: p.entity_status,
    // seed: not shown; real platform starts a line item without start_time now.
    start_time: isoTime(p.start_time === undefined ? ctx.clock() : Date.parse(p.start_time)),
    end_time: p.end_time ? isoTime(Date.parse(p.end_time)) : null,
    total_budget_amount_local_micro: p.total_budget_amount_local_micro ?? null,
    pay_by: p.pay_by ?? defaultPayBy(p.objective),
    categories: p.categories ?? [],
    currency: campaign.currency,
    funding_instrument_id: campaign.funding_instrument_id,
    goal: ENUMS.defaultGoal[p.objective],
    advertiser_user_id: [...ctx.account.userIds][0] ?? null,
    advertiser_domain: null,
    android_app_store_identifier: null,
    ios_app_store_identifier: null,
    automatic_tweet_promotion: null,
    creative_source: "MANUAL",
    daily_budget_amount_local_micro: null,
    duration_in_days: null,
    frequency_cap: null,
    primary_web_event_tag: null,
    standard_delivery: null,
    target_cpa_local_micro: null,
  };
  checkLineItem(lineItem);
  if (lineItem.entity_status === "ACTIVE") assertRoomForActive(ctx.account);
  return lineItem;
}

function update(ctx: ResourceContext, current: LineItem, params: WireParams): Partial<LineItem> {
  refuseCreateOnly(params, CREATE_ONLY, "line item");
  const p = given(parseParams(updateParams, params));
  const patch: Partial<LineItem> = {
    ...p,
    ...(p.start_time !== undefined ? { start_time: isoTime(Date.parse(p.start_time)) } : {}),
    ...(p.end_time ? { end_time: isoTime(Date.parse(p.end_time)) } : {}),
  };
  const next = { ...current, ...patch };
  checkLineItem(next);
  if (next.entity_status === "ACTIVE" && current.entity_status !== "ACTIVE") assertRoomForActive(ctx.account);
  return patch;
}

/** Rules between fields, on the line item as it would be after the write. */
function checkLineItem(li: NewFields<LineItem>): void {
  if (li.bid_strategy !== "AUTO" && li.bid_amount_local_micro === null) {
    throw ApiError.missing("bid_amount_local_micro", `bid_amount_local_micro is required when bid_strategy is ${li.bid_strategy}`);
  }
  if (li.objective === "PREROLL_VIEWS" && li.categories.length === 0) {
    throw ApiError.missing("categories", `categories (${CATEGORIES.min} or ${CATEGORIES.max} advertiser business categories) are required when objective is PREROLL_VIEWS`);
  }
  if (li.end_time !== null && Date.parse(li.end_time) <= Date.parse(li.start_time)) {
    throw ApiError.invalid("end_time", `end_time must be after start_time (${li.start_time}), got ${li.end_time}`);
  }
}

/** seed: not shown; real platform bills by the objective's natural event when pay_by is not given. */
function defaultPayBy(objective: Objective): PayBy {
  if (objective === "WEBSITE_CLICKS") return "LINK_CLICK";
  if (objective === "APP_INSTALLS" || objective === "APP_ENGAGEMENTS") return "APP_CLICK";
  return "IMPRESSION";
}

/** seed: not shown; real platform caps ACTIVE line items per account (LIMITS.activeLineItemsPerAccount). */
function assertRoomForActive(account: Account): void {
  assertActiveCapacity({
    collection: account.collection<LineItem>(lineItems.collection),
    isActive: (li) => li.entity_status === "ACTIVE",
    limit: LIMITS.activeLineItemsPerAccount,
    code: "MAX_ACTIVE_LINE_ITEMS_EXCEEDED",
    nouns: "line items",
    accountId: account.id,
  });
}

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
};

export const lineItemRoutes = resourceRoutes(lineItems);
