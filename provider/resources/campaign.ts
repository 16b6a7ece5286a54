/**
 * Campaign (ref campaign-management/reference.mdx, Campaigns). Deleting a campaign cannot be
 * undone, so deletion and replacement are behind `deletionProtection`.
 */
import { z } from "zod";
import { ENUMS, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, clearable, comparedAmounts, computed, createOnly, entityId, localMicro, name, text } from "./common";
import { defineResource } from "./define";
import { CheckFailure, deletionProtectionInput, rule } from "./framework";

// --------------------------------------------------------------- schema ---

export const campaignInputs = z.strictObject({
  accountId: accountIdInput,
  fundingInstrumentId: createOnly(entityId.describe("The funding instrument that pays for the campaign.")),
  name: name(LIMITS.text.campaignName).describe("Campaign name, at most 255 characters."),
  entityStatus: z.enum(ENUMS.entityStatus).default("ACTIVE").describe("ACTIVE (default), PAUSED, or DRAFT. DRAFT only at creation: the platform refuses it on update."),
  // The default was once CAMPAIGN; today's platform takes LINE_ITEM only and
  // picks it itself (limits.ts ENUMS.budgetOptimization): nothing is sent unless declared.
  budgetOptimization: computed(z.enum(ENUMS.budgetOptimization).optional().describe("LINE_ITEM, the only budget optimization today's platform takes (and its default); CAMPAIGN, the former default, is refused.")),
  dailyBudgetAmountLocalMicro: clearable(localMicro.optional().describe("Daily budget in micros of the funding instrument's currency; at most the total budget. Required for most funding instrument types."), { limits: "daily spend" }),
  totalBudgetAmountLocalMicro: clearable(localMicro.optional().describe("Total budget in micros."), { limits: "total spend" }),
  purchaseOrderNumber: clearable(text(LIMITS.text.purchaseOrderNumber).optional().describe("Purchase order number, at most 50 characters.")),
  // An output: the platform answers null today (deprecated on campaigns, see campaignRules).
  standardDelivery: computed(z.boolean().optional().describe("Deprecated on campaigns: the platform answers null and delivery pacing is set on each line item (LineItem standardDelivery). Declaring it is refused.")),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
}).describe("An advertising campaign under a funding instrument. Deletion is irreversible and protected by default.");

export type CampaignInputs = z.infer<typeof campaignInputs>;
export type CampaignOutputs = CampaignInputs & { currency?: string; servable?: boolean; createdAt?: string };

const path = (c: { accountId: string }) => `/12/accounts/${c.accountId}/campaigns`;

/** Rules between fields (ref campaign-management/reference.mdx, POST and PUT campaigns). */
export const campaignRules = [
  dailyWithinTotal<CampaignInputs>(),
  // standard_delivery was only for CAMPAIGN budget optimization. Today's
  // platform has LINE_ITEM only, so never: "Deprecated at the campaign level
  // ... configured on the line item via its standard_delivery parameter"
  // (xdevplatform/docs x-ads-api/campaign-management/reference.mdx, POST campaigns).
  rule<CampaignInputs>(["standardDelivery"], (c) =>
    c.standardDelivery !== undefined
      ? [{
        property: "standardDelivery",
        reason: "standardDelivery is deprecated on campaigns: budget optimization is always LINE_ITEM, so the platform ignores it (and answers null); set standardDelivery on the campaign's line items",
      }]
      : []),
];

/** ref campaign-management/reference.mdx (campaigns) and the real platform's line items: the daily budget is at most the total. */
export function dailyWithinTotal<I extends { dailyBudgetAmountLocalMicro?: number; totalBudgetAmountLocalMicro?: number }>() {
  return rule<I>(["dailyBudgetAmountLocalMicro", "totalBudgetAmountLocalMicro"], (c, env) =>
    c.dailyBudgetAmountLocalMicro !== undefined && c.totalBudgetAmountLocalMicro !== undefined
      && c.dailyBudgetAmountLocalMicro > c.totalBudgetAmountLocalMicro
      ? [{
        property: "dailyBudgetAmountLocalMicro",
        reason: `dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: ${comparedAmounts([c.dailyBudgetAmountLocalMicro, c.totalBudgetAmountLocalMicro], ">", env?.currency)}`,
      }]
      : []);
}

/**
 * The platform refuses DRAFT on update (ref campaign-management/reference.mdx for campaigns; line
 * items the same: PUT line_items takes ACTIVE or PAUSED, reference.mdx).
 */
export function draftOnlyAtCreation(noun: string) {
  return (olds: { entityStatus?: string }, news: Record<string, unknown>): CheckFailure[] => {
    if (olds.entityStatus === undefined || olds.entityStatus === "DRAFT" || news.entityStatus !== "DRAFT") return [];
    return [{
      property: "entityStatus",
      reason: `entityStatus cannot change from ${olds.entityStatus} to DRAFT: the platform accepts DRAFT only when a ${noun} is created (use PAUSED)`,
    }];
  };
}

// ------------------------------------------------------------ lifecycle ---

export const campaign = defineResource("Campaign", campaignInputs, {
  outputs: {
    currency: z.string().describe("Currency of the funding instrument (ISO-4217)."),
    servable: z.boolean().describe("Whether the campaign can serve."),
  },
  rules: campaignRules,
  transitions: draftOnlyAtCreation("campaign"),
  collection: "campaigns",
  readQuery: { with_draft: true },
  // Campaigns created together share batch POSTs of at most 40 (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns; docs/architecture.md rule 8).
  batch: {
    path: (c) => `/12/batch/accounts/${c.accountId}/campaigns`,
    max: LIMITS.campaignBatchSize,
    // Campaigns of a program start together (they wait on few funding
    // instruments); the 2 s the client keeps for 120 promoted Tweets would
    // only add to every up.
    windowMs: 500,
    // The batch endpoint takes Update and Delete items too ("operation_type ... Possible values: Create, Delete, Update",
    // ref campaign-management/reference.mdx): concurrent budget changes and destroys share its calls (batch-write.ts).
    writes: ["Update", "Delete"],
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
