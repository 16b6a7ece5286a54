/**
 * Campaigns (ref campaign-management/reference.mdx, Campaigns: fields, states and limits), and their
 * batch endpoint.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENUMS, LIMITS } from "../platform";
import { batchRoutes } from "../batch";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { assertActiveCapacity, assertDailyWithinTotal, given, referenced, refuseCreateOnly } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { clearable, param, parseParams, WireParams } from "../wire";
import { FundingInstrument, fundingInstruments } from "./funding-instruments";

type EntityStatus = (typeof ENUMS.entityStatus)[number];
type BudgetOptimization = (typeof ENUMS.budgetOptimization)[number];

export interface Campaign extends StoredEntity {
  name: string;
  funding_instrument_id: string;
  entity_status: EntityStatus;
  budget_optimization: BudgetOptimization;
  daily_budget_amount_local_micro: number | null;
  total_budget_amount_local_micro: number | null;
  /**
   * Once only with CAMPAIGN budget optimization. ref
   * campaign-management/reference.mdx, POST and PUT campaigns, still list
   * the parameter ("boolean", default true) but "Deprecated at the campaign
   * level. Since budget optimization is always LINE_ITEM, standard versus
   * accelerated delivery is configured on the line item", and every
   * campaign they answer has `"standard_delivery": null`: a given value is
   * taken (it must be a boolean) and ignored, never stored.
   */
  standard_delivery: null;
  purchase_order_number: string | null;
  /** The funding instrument's. */
  currency: string;
  servable: boolean;
  /** The real platform answers these (null when unset); the emulator never sets them. */
  frequency_cap: number | null;
  duration_in_days: number | null;
}

const optional = {
  name: param.name(LIMITS.text.campaignName),
  budget_optimization: param.oneOf(ENUMS.budgetOptimization),
  daily_budget_amount_local_micro: clearable(param.micros()),
  total_budget_amount_local_micro: clearable(param.micros()),
  purchase_order_number: clearable(param.text(LIMITS.text.purchaseOrderNumber)),
  /** Deprecated on campaigns: taken (a boolean) and ignored (Campaign.standard_delivery). */
  standard_delivery: param.bool().optional(),
};

const createParams = z.object({
  ...optional,
  funding_instrument_id: param.id(),
  // ref POST campaigns: "default LINE_ITEM".
  budget_optimization: optional.budget_optimization.default("LINE_ITEM"),
  entity_status: param.oneOf(ENUMS.entityStatus).default("ACTIVE"),
});

/** ref campaign-management/reference.mdx, PUT campaigns: every field optional; DRAFT refused; funding_instrument_id refused below. */
const updateParams = z.object({
  ...optional,
  name: optional.name.optional(),
  budget_optimization: optional.budget_optimization.optional(),
  entity_status: param.oneOf(ENUMS.entityStatusOnUpdate).optional(),
});

const CREATE_ONLY = ["funding_instrument_id"] as const;

function create(ctx: ResourceContext, params: WireParams): NewFields<Campaign> {
  const p = parseParams(createParams, params);
  const fi = referenced<FundingInstrument>(ctx.account, fundingInstruments.collection, p.funding_instrument_id, "funding_instrument_id", "funding instrument");
  const daily = p.daily_budget_amount_local_micro ?? null;
  // ref campaign-management/reference.mdx, POST campaigns: "required for most Funding Instrument types"; README: for CREDIT_CARD ones.
  if (daily === null && fi.type === "CREDIT_CARD") {
    throw ApiError.missing("daily_budget_amount_local_micro", "daily_budget_amount_local_micro is required with a CREDIT_CARD funding instrument");
  }
  const campaign: NewFields<Campaign> = {
    name: p.name,
    funding_instrument_id: fi.id,
    entity_status: p.entity_status,
    budget_optimization: p.budget_optimization,
    daily_budget_amount_local_micro: daily,
    total_budget_amount_local_micro: p.total_budget_amount_local_micro ?? null,
    standard_delivery: null,
    purchase_order_number: p.purchase_order_number ?? null,
    currency: fi.currency,
    servable: servable(p.entity_status),
    frequency_cap: null,
    duration_in_days: null,
  };
  assertDailyWithinTotal(campaign.daily_budget_amount_local_micro, campaign.total_budget_amount_local_micro);
  if (campaign.entity_status === "ACTIVE") assertRoomForActive(ctx);
  return campaign;
}

function update(ctx: ResourceContext, current: Campaign, params: WireParams): Partial<Campaign> {
  refuseCreateOnly(params, CREATE_ONLY, "campaign");
  // standard_delivery: taken and ignored, as on create.
  const { standard_delivery: _ignored, ...fields } = given(parseParams(updateParams, params));
  const patch: Partial<Campaign> = fields;
  const next = { ...current, ...patch };
  patch.servable = servable(next.entity_status);
  assertDailyWithinTotal(next.daily_budget_amount_local_micro, next.total_budget_amount_local_micro);
  if (next.entity_status === "ACTIVE" && current.entity_status !== "ACTIVE") assertRoomForActive(ctx);
  return patch;
}

/** The real platform: whether the campaign can serve now (not while paused or a draft). */
function servable(status: EntityStatus): boolean {
  return status === "ACTIVE";
}

/**
 * The real platform (tests/conformance corpus) answers a
 * campaign's serving state beside its status: effective_status RUNNING
 * with no reasons when it can serve, UNKNOWN with the reasons it cannot
 * (a paused one: PAUSED_BY_ADVERTISER; a draft: INCOMPLETE), and servable
 * null once deleted.
 */
function show(c: Campaign): Record<string, unknown> {
  const reasons = c.entity_status === "PAUSED" ? ["PAUSED_BY_ADVERTISER"] : c.entity_status === "DRAFT" ? ["INCOMPLETE"] : [];
  return { ...c, effective_status: reasons.length === 0 ? "RUNNING" : "UNKNOWN", reasons_not_servable: reasons, servable: c.deleted ? null : c.servable };
}

/** ref campaign-management/reference.mdx, POST campaigns: at most the account's limit of ACTIVE campaigns; inactive ones are unlimited. */
function assertRoomForActive(ctx: ResourceContext): void {
  assertActiveCapacity({
    collection: ctx.account.collection<Campaign>(campaigns.collection),
    isActive: (c) => c.entity_status === "ACTIVE",
    limit: ctx.account.activeCampaignLimit,
    code: "TOO_MANY_CAMPAIGNS",
    nouns: "campaigns",
    accountId: ctx.account.id,
  });
}

export const campaigns: ResourceSpec<Campaign> = {
  collection: "campaigns",
  noun: "campaign",
  list: () => ({
    ids: [
      { param: "campaign_ids", value: (c) => c.id },
      { param: "funding_instrument_ids", value: (c) => c.funding_instrument_id },
    ],
    search: (c) => c.name,
    isDraft: (c) => c.entity_status === "DRAFT",
    sortable: ["created_at", "updated_at", "name", "entity_status", "daily_budget_amount_local_micro", "total_budget_amount_local_micro"],
  }),
  create,
  update,
  show,
  // The real platform leaves a deleted campaign's line items as they are (no cascade).
  deletable: true,
};

const crud = resourceRoutes(campaigns);
const batch = batchRoutes({ resource: campaigns, maxItems: LIMITS.campaignBatchSize, idParam: "campaign_id" });

export const campaignRoutes: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  await crud(app, options);
  await batch(app, options);
};
