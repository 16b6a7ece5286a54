/**
 * Line item. The seed does not show its endpoints (section 4.5: "not
 * shown"): they follow the real platform's v12 line_items endpoints, where
 * campaign, objective, product type and placements are fixed at creation.
 */
import { z } from "zod";
import { ENUMS, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, clearable, computed, createOnly, entityId, isoTime, localMicro, name } from "./common";
import { defineResource } from "./define";
import { field } from "./fields";
import { rule } from "./framework";

// --------------------------------------------------------------- schema ---

export const lineItemInputs = z.strictObject({
  accountId: accountIdInput,
  campaignId: createOnly(entityId.describe("The campaign. Create-only.")),
  name: clearable(name(LIMITS.text.lineItemName).optional().describe("Line item name, at most 255 characters.")),
  objective: createOnly(z.enum(ENUMS.objective).describe("Campaign objective. Create-only.")),
  productType: createOnly(z.enum(ENUMS.productType).describe("MEDIA, PROMOTED_ACCOUNT or PROMOTED_TWEETS. Create-only.")),
  placements: createOnly(z.array(z.enum(ENUMS.placement)).min(1).describe("Where the line item serves. Create-only.")),
  entityStatus: z.enum(ENUMS.entityStatus).default("ACTIVE").describe("ACTIVE (default), PAUSED, or DRAFT (creation only)."),
  bidStrategy: z.enum(ENUMS.bidStrategy).default("AUTO").describe("AUTO (default), MAX or TARGET."),
  bidAmountLocalMicro: clearable(localMicro.optional().describe("Bid in micros; required with MAX and TARGET bid strategies.")),
  totalBudgetAmountLocalMicro: clearable(localMicro.optional().describe("Total budget in micros.")),
  // Filled in by the platform when not given: unset means "not managed".
  payBy: computed(z.enum(ENUMS.payBy).optional().describe("Billing event. The platform picks one for the objective when not given.")),
  startTime: field(isoTime.optional().describe("ISO 8601 start; the platform starts now when not given."), { computed: true, instant: true }),
  endTime: field(isoTime.optional().describe("ISO 8601 end."), { clearable: true, instant: true }),
  categories: z.array(z.string().min(1)).min(LIMITS.lineItemCategories.min).max(LIMITS.lineItemCategories.max).optional().describe("IAB categories of advertiser business categories: one or two, required for PREROLL_VIEWS (seed 4.3)."),
  adoptId: adoptIdInput,
}).describe("A line item of a campaign: objective, placements, bid and budget.");

export type LineItemInputs = z.infer<typeof lineItemInputs>;
export type LineItemOutputs = LineItemInputs & { currency?: string; createdAt?: string };

const path = (li: { accountId: string }) => `/12/accounts/${li.accountId}/line_items`;

export const lineItemRules = [
  rule<LineItemInputs>(["bidStrategy", "bidAmountLocalMicro"], (li) =>
    li.bidStrategy !== "AUTO" && li.bidAmountLocalMicro === undefined
      ? [{ property: "bidAmountLocalMicro", reason: `bidAmountLocalMicro is required when bidStrategy is ${li.bidStrategy}` }]
      : []),
  rule<LineItemInputs>(["objective", "categories"], (li) =>
    li.objective === "PREROLL_VIEWS" && !li.categories
      ? [{ property: "categories", reason: "categories (one or two advertiser business categories) are required when objective is PREROLL_VIEWS" }]
      : []),
  rule<LineItemInputs>(["startTime", "endTime"], (li) =>
    li.startTime && li.endTime && Date.parse(li.endTime) <= Date.parse(li.startTime)
      ? [{ property: "endTime", reason: `endTime must be after startTime (${li.endTime} <= ${li.startTime})` }]
      : []),
];

// ------------------------------------------------------------ lifecycle ---

export const lineItem = defineResource("LineItem", lineItemInputs, {
  outputs: { currency: z.string().describe("Currency of the campaign's funding instrument.") },
  rules: lineItemRules,
  collection: "line_items",
  readQuery: { with_draft: true },
  describe: (li) => `line item "${li.name ?? li.objective}"`,
  lookUp: {
    candidates: (ctx, items) => ctx.client.list<Entity>(path(items[0]!), {
      campaign_ids: [...new Set(items.map((li) => li.campaignId))], with_draft: true,
    }),
    matches: (li, e) => (e.name ?? undefined) === li.name && e.objective === li.objective && e.campaign_id === li.campaignId,
  },
});
