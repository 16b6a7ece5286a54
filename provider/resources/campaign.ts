/**
 * Campaign (Advertising API section 4.4). Deleting a campaign cannot be
 * undone, so deletion and replacement are behind `deletionProtection`.
 */
import { z } from "zod";
import { ENUMS, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, clearable, computed, createOnly, entityId, localMicro, name, text } from "./common";
import { defineResource } from "./define";
import { CheckFailure, deletionProtectionInput, rule } from "./framework";

// --------------------------------------------------------------- schema ---

export const campaignInputs = z.strictObject({
  accountId: accountIdInput,
  fundingInstrumentId: createOnly(entityId.describe("The funding instrument that pays for the campaign. Create-only: a change replaces the campaign.")),
  name: name(LIMITS.text.campaignName).describe("Campaign name, at most 255 characters."),
  entityStatus: z.enum(ENUMS.entityStatus).default("ACTIVE").describe("ACTIVE (default), PAUSED, or DRAFT. DRAFT only at creation: the platform refuses it on update."),
  budgetOptimization: z.enum(ENUMS.budgetOptimization).default("CAMPAIGN").describe("CAMPAIGN (default) or LINE_ITEM."),
  dailyBudgetAmountLocalMicro: clearable(localMicro.optional().describe("Daily budget in micros of the funding instrument's currency; at most the total budget. Required for most funding instrument types.")),
  totalBudgetAmountLocalMicro: clearable(localMicro.optional().describe("Total budget in micros.")),
  purchaseOrderNumber: clearable(text(LIMITS.text.purchaseOrderNumber).optional().describe("Purchase order number, at most 50 characters.")),
  // The platform picks standard delivery when it is not given.
  standardDelivery: computed(z.boolean().optional().describe("Standard (true, the platform's default) or accelerated delivery; only with budgetOptimization CAMPAIGN.")),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
}).describe("An advertising campaign under a funding instrument. Deletion is irreversible and protected by default.");

export type CampaignInputs = z.infer<typeof campaignInputs>;
export type CampaignOutputs = CampaignInputs & { currency?: string; servable?: boolean; createdAt?: string };

const path = (c: { accountId: string }) => `/12/accounts/${c.accountId}/campaigns`;

/** Rules between fields (seed sections 2 and 4.4). */
export const campaignRules = [
  rule<CampaignInputs>(["dailyBudgetAmountLocalMicro", "totalBudgetAmountLocalMicro"], (c) =>
    c.dailyBudgetAmountLocalMicro !== undefined && c.totalBudgetAmountLocalMicro !== undefined
      && c.dailyBudgetAmountLocalMicro > c.totalBudgetAmountLocalMicro
      ? [{
        property: "dailyBudgetAmountLocalMicro",
        reason: `dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro (${c.dailyBudgetAmountLocalMicro} > ${c.totalBudgetAmountLocalMicro})`,
      }]
      : []),
  rule<CampaignInputs>(["standardDelivery", "budgetOptimization"], (c) =>
    c.standardDelivery !== undefined && c.budgetOptimization !== "CAMPAIGN"
      ? [{ property: "standardDelivery", reason: "standardDelivery can only be set when budgetOptimization is CAMPAIGN" }]
      : []),
];

/** The platform refuses DRAFT on update (seed section 3). */
export function draftOnlyAtCreation(olds: Partial<CampaignInputs>, news: Record<string, unknown>): CheckFailure[] {
  if (olds.entityStatus === undefined || olds.entityStatus === "DRAFT" || news.entityStatus !== "DRAFT") return [];
  return [{
    property: "entityStatus",
    reason: `entityStatus cannot change from ${olds.entityStatus} to DRAFT: the platform accepts DRAFT only when a campaign is created (use PAUSED)`,
  }];
}

// ------------------------------------------------------------ lifecycle ---

export const campaign = defineResource("Campaign", campaignInputs, {
  outputs: {
    currency: z.string().describe("Currency of the funding instrument (ISO-4217)."),
    servable: z.boolean().describe("Whether the campaign can serve."),
  },
  rules: campaignRules,
  transitions: draftOnlyAtCreation,
  collection: "campaigns",
  readQuery: { with_draft: true },
  // Campaigns created together share batch POSTs of at most 40 (seed 4.4 batch endpoint, section 8; DESIGN rule 8).
  batch: {
    path: (c) => `/12/batch/accounts/${c.accountId}/campaigns`,
    max: LIMITS.campaignBatchSize,
    // Campaigns of a program start together (they wait on few funding
    // instruments); the 2 s the client keeps for 120 promoted Tweets would
    // only add to every up.
    windowMs: 500,
  },
  lookUp: {
    candidates: (ctx, items) => ctx.client.list<Entity>(path(items[0]!), {
      ...(items.length === 1 ? { q: items[0]!.name } : {}),
      funding_instrument_ids: [...new Set(items.map((c) => c.fundingInstrumentId))],
      with_draft: true,
    }),
    matches: (c, e) => e.name === c.name && e.funding_instrument_id === c.fundingInstrumentId,
  },
});
