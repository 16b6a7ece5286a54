/**
 * Campaign (Advertising API section 4.4). Deleting a campaign cannot be
 * undone, so deletion and replacement are behind `deletionProtection`.
 */
import { z } from "zod";
import { ENUMS, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, localMicro, timestamps } from "./common";
import { BatchCreate, createInBatch } from "./batch-create";
import {
  adopt, approveDeletion, assertDeletable, changedFields, CheckFailure, Context, createOnce, deleteIdempotent,
  deletionProtectionInput, diffFields, protectReplacement, readLive, ResourceDefinition, toOutputs, toWire,
  validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const campaignInputs = z.strictObject({
  accountId: accountIdInput,
  fundingInstrumentId: entityId.describe("The funding instrument that pays for the campaign. Create-only: a change replaces the campaign."),
  name: z.string().min(1).max(LIMITS.text.campaignName).describe("Campaign name, at most 255 characters."),
  entityStatus: z.enum(ENUMS.entityStatus).default("ACTIVE").describe("ACTIVE (default), PAUSED, or DRAFT. DRAFT only at creation: the platform refuses it on update."),
  budgetOptimization: z.enum(ENUMS.budgetOptimization).default("CAMPAIGN").describe("CAMPAIGN (default) or LINE_ITEM."),
  dailyBudgetAmountLocalMicro: localMicro.optional().describe("Daily budget in micros of the funding instrument's currency; at most the total budget. Required for most funding instrument types."),
  totalBudgetAmountLocalMicro: localMicro.optional().describe("Total budget in micros."),
  purchaseOrderNumber: z.string().min(1).max(LIMITS.text.purchaseOrderNumber).optional().describe("Purchase order number, at most 50 characters."),
  standardDelivery: z.boolean().optional().describe("Standard (true, the platform's default) or accelerated delivery; only with budgetOptimization CAMPAIGN."),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
});

export type CampaignInputs = z.infer<typeof campaignInputs>;

export const campaignOutputFields = {
  currency: z.string().describe("Currency of the funding instrument (ISO-4217)."),
  servable: z.boolean().describe("Whether the campaign can serve."),
  ...timestamps,
};

export type CampaignOutputs = CampaignInputs & { currency?: string; servable?: boolean; createdAt?: string };

/** Fields the API knows, in SDK names. */
const API_FIELDS = [
  "fundingInstrumentId", "name", "entityStatus", "budgetOptimization", "dailyBudgetAmountLocalMicro",
  "totalBudgetAmountLocalMicro", "purchaseOrderNumber", "standardDelivery",
] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "currency", "servable", "createdAt"] as const;
const UPDATABLE = API_FIELDS.filter((f) => f !== "fundingInstrumentId");
/** Optional fields that a PUT clears when they are removed from the program. */
const CLEARABLE = ["purchaseOrderNumber", "totalBudgetAmountLocalMicro", "dailyBudgetAmountLocalMicro"];
export const CAMPAIGN_CREATE_ONLY = ["accountId", "fundingInstrumentId"] as const;
/** The platform picks standard delivery when it is not given. */
const COMPUTED = ["standardDelivery"];

const path = (accountId: string) => `/12/accounts/${accountId}/campaigns`;

/** Rules between fields (seed sections 2 and 4.4). */
export function campaignRules(c: CampaignInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (c.dailyBudgetAmountLocalMicro !== undefined && c.totalBudgetAmountLocalMicro !== undefined
      && c.dailyBudgetAmountLocalMicro > c.totalBudgetAmountLocalMicro) {
    failures.push({
      property: "dailyBudgetAmountLocalMicro",
      reason: `dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro (${c.dailyBudgetAmountLocalMicro} > ${c.totalBudgetAmountLocalMicro})`,
    });
  }
  if (c.standardDelivery !== undefined && c.budgetOptimization !== "CAMPAIGN") {
    failures.push({ property: "standardDelivery", reason: "standardDelivery can only be set when budgetOptimization is CAMPAIGN" });
  }
  return failures;
}

/** The platform refuses DRAFT on update (seed section 3). */
export function draftOnlyAtCreation(olds: Partial<CampaignInputs>, news: Record<string, unknown>): CheckFailure[] {
  if (olds.entityStatus === undefined || olds.entityStatus === "DRAFT" || news.entityStatus !== "DRAFT") return [];
  return [{
    property: "entityStatus",
    reason: `entityStatus cannot change from ${olds.entityStatus} to DRAFT: the platform accepts DRAFT only when a campaign is created (use PAUSED)`,
  }];
}

// ------------------------------------------------------------ lifecycle ---

export const campaign: ResourceDefinition<CampaignInputs, CampaignOutputs> = {
  kind: "Campaign",
  description: "An advertising campaign under a funding instrument. Deletion is irreversible and protected by default.",
  inputs: campaignInputs,
  outputs: campaignOutputFields,
  createOnly: CAMPAIGN_CREATE_ONLY,

  check(olds, news) {
    const result = validate(campaignInputs, news, campaignRules);
    const failures = [...(result.failures ?? []), ...draftOnlyAtCreation(olds, news), ...protectReplacement("campaign", olds, news, CAMPAIGN_CREATE_ONLY)];
    return failures.length > 0 ? { ...result, failures } : result;
  },

  diff(id, olds, news) {
    const fields = [...CAMPAIGN_CREATE_ONLY, ...UPDATABLE, "deletionProtection", "adoptId"];
    return approveDeletion(id, diffFields(olds, news, fields, CAMPAIGN_CREATE_ONLY, [...COMPUTED, "adoptId"]), news);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "campaign", path(inputs.accountId), inputs, (e) => toOutputs<CampaignOutputs>(inputs, e, OUTPUT_FIELDS), API_FIELDS);
    // Campaigns created together share batch POSTs of at most 40 (DESIGN rule 8).
    const entity = await createInBatch(ctx, batchCreate(ctx, inputs.accountId), inputs);
    return { id: entity.id, outs: toOutputs(inputs, entity, OUTPUT_FIELDS) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "campaign_ids", id,
      query: { with_deleted: true, with_draft: true },
    }));
    return live && { id, props: toOutputs(props, live, OUTPUT_FIELDS) };
  },

  async update(ctx, id, olds, news) {
    const changed = changedFields(olds, news, UPDATABLE);
    const entity = await ctx.client.put<Entity>(`${path(news.accountId)}/${id}`, toWire(news, changed, CLEARABLE));
    return toOutputs(news, entity, OUTPUT_FIELDS);
  },

  async delete(ctx, id, props) {
    assertDeletable("campaign", id, props);
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};

/** How campaigns of one account are created together (seed 4.4 batch endpoint, section 8: 40 a call). */
function batchCreate(ctx: Context, accountId: string): BatchCreate<CampaignInputs> {
  const sameCampaign = (c: CampaignInputs, e: Entity) => e.name === c.name && e.funding_instrument_id === c.fundingInstrumentId;
  return {
    what: (c) => `campaign "${c.name}"`,
    group: `campaigns|${accountId}`,
    path: `/12/batch/accounts/${accountId}/campaigns`,
    max: LIMITS.campaignBatchSize,
    // Campaigns of a program start together (they wait on few funding
    // instruments); the 2 s the client keeps for 120 promoted Tweets would
    // only add to every up.
    windowMs: 500,
    params: (c) => toWire(c, API_FIELDS),
    candidates: async (sinceMs) => (await ctx.client.list<Entity>(path(accountId), { with_draft: true }))
      .filter((e) => Date.parse(String(e.created_at)) >= sinceMs),
    matches: sameCampaign,
    single: (c) => createOnce(`campaign "${c.name}"`,
      () => ctx.client.post<Entity>(path(accountId), toWire(c, API_FIELDS)),
      async () => (await ctx.client.list<Entity>(path(accountId), {
        q: c.name, funding_instrument_ids: [c.fundingInstrumentId], with_draft: true,
      })).filter((e) => sameCampaign(c, e))),
  };
}
