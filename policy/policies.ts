/**
 * Every policy of the pack, in the order the README lists them. Importing
 * this module has no side effect (the pack is served by index.ts only), so
 * tests and tools can read the list.
 */
import { Policies } from "@pulumi/policy";
import { audiencePermissionAllowList } from "./audiences";
import { campaignBudgetCaps } from "./budgets";
import { mediaCreativeLandingUrl } from "./creatives";
import { namingConvention, productionCampaignsStartInactive, protectIrreversibleDeletes, purchaseOrderRequired } from "./guardrails";
import { activeCampaignsPerAccount, activeLineItemsPerAccount, lineItemsPerCampaign, oneProductTypePerCampaign, targetingPerLineItem } from "./platform-limits";
import { resourceChecks } from "./resource-checks";

/** Platform limits (the X Ads API reference's): mandatory. */
export const PLATFORM_LIMITS: Policies = [
  activeCampaignsPerAccount,
  lineItemsPerCampaign,
  oneProductTypePerCampaign,
  activeLineItemsPerAccount,
  targetingPerLineItem,
  resourceChecks,
  mediaCreativeLandingUrl,
];

/** Organisation guardrails: advisory. */
export const GUARDRAILS: Policies = [
  campaignBudgetCaps,
  purchaseOrderRequired,
  namingConvention,
  productionCampaignsStartInactive,
  protectIrreversibleDeletes,
  audiencePermissionAllowList,
];

export const POLICIES: Policies = [...PLATFORM_LIMITS, ...GUARDRAILS];
