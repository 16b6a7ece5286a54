/**
 * Platform limits that count across the stack (the reference's, and the
 * real platform's published line item limits). They
 * are stack policies: one resource cannot know how many others there are.
 *
 * They run at the end of the preview, which `pulumi up` runs first: a
 * mandatory violation stops the update before any resource is touched.
 * (`pulumi up --skip-preview` has no preview, so stack policies would only run
 * once the update is done: do not skip the preview with this pack.)
 */
import { StackValidationPolicy } from "@pulumi/policy";
import { LIMITS } from "../provider/limits";
import { campaignInputs } from "../provider/resources/campaign";
import { lineItemInputs } from "../provider/resources/line-item";
import { targetingCriterionInputs } from "../provider/resources/targeting-criterion";
import { forStack } from "./define";
import { reportAdvisory } from "./engine";
import { LiveCampaignSource, liveCampaignsFor, reason, unmanagedActive } from "./live-campaigns";
import { groupBy, Kind, Stack, subject, text, UNKNOWN, XadsResource } from "./resources";

/** The status a campaign or line item gets when none is given: each schema's own default (ACTIVE, ref campaign-management/reference.mdx, POST campaigns and POST line_items). */
const DEFAULT_STATUS: Partial<Record<Kind, string>> = {
  Campaign: campaignInputs.shape.entityStatus.parse(undefined),
  LineItem: lineItemInputs.shape.entityStatus.parse(undefined),
};

/** True or false when the status is known; undefined while preview cannot know it. */
export function isActive(resource: XadsResource): boolean | undefined {
  const status = resource.props.entityStatus ?? DEFAULT_STATUS[resource.kind];
  return status === UNKNOWN ? undefined : status === "ACTIVE";
}

function activeOf(stack: Stack, kind: "Campaign" | "LineItem"): XadsResource[] {
  return stack.ofKind(kind).filter((r) => isActive(r) === true);
}

const account = (r: XadsResource) => text(r, "accountId");

// -------------------------------------------------- active campaigns ---

export interface ActiveCampaignsConfig {
  maxActiveCampaigns: number;
  accountLimits: Record<string, number>;
  countUnmanagedCampaigns: boolean;
}

/** The limit that applies to an account, and the config key it came from. */
function campaignLimit(config: ActiveCampaignsConfig, accountId: string): { limit: number; key: string } {
  const own = config.accountLimits?.[accountId];
  return own !== undefined
    ? { limit: own, key: `accountLimits.${accountId}` }
    : { limit: config.maxActiveCampaigns, key: "maxActiveCampaigns" };
}

function describeLimit({ limit, key }: { limit: number; key: string }): string {
  if (key === "maxActiveCampaigns" && limit === LIMITS.activeCampaignsPerAccount) {
    return `the platform allows ${limit} (if the account's limit was raised, raise it up to ${LIMITS.activeCampaignsPerAccountRaised}: "xads-active-campaigns-per-account": {"accountLimits": {"<account id>": <limit>}} in the file pulumi preview --policy-pack-config names, policy-pack/README.md)`;
  }
  return `its limit is ${limit} (${key}; the platform allows at most ${LIMITS.activeCampaignsPerAccountRaised})`;
}

const ACTIVE_CAMPAIGNS_DESCRIPTION = `At most ${LIMITS.activeCampaignsPerAccount} active campaigns per ads account (up to ${LIMITS.activeCampaignsPerAccountRaised} where its limit was raised); paused and draft ones do not count.`;

/**
 * The active-campaign limit, built on a source of live campaigns (undefined:
 * count the stack only). The pack lists them with the provider's
 * configuration, when it has credentials.
 */
export function activeCampaignsPolicy(live: LiveCampaignSource): StackValidationPolicy {
  return {
    name: "xads-active-campaigns-per-account",
    description: ACTIVE_CAMPAIGNS_DESCRIPTION,
    enforcementLevel: "mandatory",
    configSchema: {
      properties: {
        maxActiveCampaigns: {
          type: "integer", minimum: 1, maximum: LIMITS.activeCampaignsPerAccountRaised, default: LIMITS.activeCampaignsPerAccount,
          description: `Active campaigns allowed per account: ${LIMITS.activeCampaignsPerAccount}, or up to ${LIMITS.activeCampaignsPerAccountRaised} for accounts whose limit was raised.`,
        },
        accountLimits: {
          type: "object", additionalProperties: { type: "integer", minimum: 1, maximum: LIMITS.activeCampaignsPerAccountRaised }, default: {},
          description: "Per account id, a limit that replaces maxActiveCampaigns for that account.",
        },
        countUnmanagedCampaigns: {
          type: "boolean", default: true,
          description: "With the provider's credentials (xads:* stack config or XADS_* variables), add the account's live active campaigns that this stack does not manage.",
        },
      },
    },
    validateStack: forStack<ActiveCampaignsConfig>(async (stack, config, report) => {
      const source = config.countUnmanagedCampaigns ? live(stack.settings) : undefined;
      const campaigns = stack.ofKind("Campaign");
      const active = groupBy(activeOf(stack, "Campaign"), account);
      for (const [accountId, all] of groupBy(campaigns, account)) {
        const inStack = active.get(accountId)?.length ?? 0;
        let unmanaged = 0;
        if (source) {
          try {
            unmanaged = unmanagedActive(await source.list(accountId), all).length;
          } catch (err) {
            // Not a broken rule: say so without failing the preview, and still hold the stack's own campaigns to the limit.
            reportAdvisory(report, ACTIVE_CAMPAIGNS_DESCRIPTION, `could not list the live campaigns of account ${accountId} at ${source.address}: ${reason(err)}. Only this stack's ${inStack} active campaigns were counted; the address and credentials are the provider's (xads:* stack config, then XADS_* variables), and countUnmanagedCampaigns: false skips the listing`);
          }
        }
        const total = inStack + unmanaged;
        const limit = campaignLimit(config, accountId);
        if (total <= limit.limit) continue;
        const parts = unmanaged > 0 ? ` (${inStack} in this stack, ${unmanaged} not managed by it)` : "";
        report(`account ${accountId} would have ${total} active campaigns${parts}; ${describeLimit(limit)}`);
      }
    }),
  };
}

export const activeCampaignsPerAccount = activeCampaignsPolicy(liveCampaignsFor);

// ------------------------------------------------------- line items ---

/**
 * The stack's line items by campaign, each group with the campaign in words
 * (and its resource, when the stack declares it). A new campaign's id is
 * unknown during preview: its line items are grouped by the campaign
 * resource their campaignId comes from.
 */
function lineItemsByCampaign(stack: Stack): { who: string; campaign?: XadsResource; items: XadsResource[] }[] {
  const campaignOf = (li: XadsResource) => {
    const source = stack.sourceOf(li, "campaignId", "Campaign");
    return source ? `urn ${source.urn}` : text(li, "campaignId");
  };
  return [...groupBy(stack.ofKind("LineItem"), campaignOf)].map(([key, items]) => {
    const campaign = stack.sourceOf(items[0], "campaignId", "Campaign");
    return { who: campaign ? subject(campaign) : `campaign ${key}`, campaign, items };
  });
}

/**
 * Line items: the real platform's published limits (X
 * Ads API "Campaign management" overview, "Limits" table), as provider/limits.ts
 * records them: 100 line items per campaign, 8,000 active per account.
 */
export const lineItemsPerCampaign: StackValidationPolicy = {
  name: "xads-line-items-per-campaign",
  description: `At most ${LIMITS.lineItemsPerCampaign} line items per campaign (the real platform's published limit).`,
  enforcementLevel: "mandatory",
  validateStack: forStack((stack, _config, report) => {
    for (const { who, campaign, items } of lineItemsByCampaign(stack)) {
      if (items.length <= LIMITS.lineItemsPerCampaign) continue;
      report(`${who} would have ${items.length} line items; the platform allows at most ${LIMITS.lineItemsPerCampaign} per campaign`, campaign?.urn);
    }
  }),
};

/**
 * "All line items within a campaign must be of the same product_type and
 * objective" (the real platform's v12 reference, xdevplatform/docs
 * x-ads-api/campaign-management/reference.mdx, POST line_items). A line
 * item's own check cannot see its campaign's other line items; the stack can
 * (values not known yet are skipped). Line items of the campaign outside the
 * stack are the platform's to refuse.
 */
export const oneProductTypePerCampaign: StackValidationPolicy = {
  name: "xads-one-product-type-per-campaign",
  description: "The line items of one campaign share one product type and one objective (the real platform refuses a second).",
  enforcementLevel: "mandatory",
  validateStack: forStack((stack, _config, report) => {
    for (const { who, campaign, items } of lineItemsByCampaign(stack)) {
      for (const [field, words] of [["productType", "product types"], ["objective", "objectives"]] as const) {
        const byValue = groupBy(items, (li) => text(li, field));
        if (byValue.size <= 1) continue;
        const listed = [...byValue].map(([value, of]) => `${value} (${of.map(subject).join(", ")})`).join(", ");
        report(`${who} would have line items of ${byValue.size} ${words}: ${listed}; the platform takes one ${field} per campaign`, campaign?.urn);
      }
    }
  }),
};

export const activeLineItemsPerAccount: StackValidationPolicy = {
  name: "xads-active-line-items-per-account",
  description: `At most ${LIMITS.activeLineItemsPerAccount} active line items per ads account (the real platform's published limit).`,
  enforcementLevel: "mandatory",
  validateStack: forStack((stack, _config, report) => {
    for (const [accountId, items] of groupBy(activeOf(stack, "LineItem"), account)) {
      if (items.length <= LIMITS.activeLineItemsPerAccount) continue;
      report(`account ${accountId} would have ${items.length} active line items; the platform allows at most ${LIMITS.activeLineItemsPerAccount}`);
    }
  }),
};

// ------------------------------------------------ targeting criteria ---

/**
 * The criteria of each line item the stack targets, grouped by the line item
 * resource their lineItemId comes from (a new line item's id is unknown
 * during preview), else by the id.
 */
function criteriaByLineItem(stack: Stack): { who: string; lineItem?: XadsResource; criteria: XadsResource[] }[] {
  const lineItemOf = (tc: XadsResource) => {
    const source = stack.sourceOf(tc, "lineItemId", "LineItem");
    return source ? `urn ${source.urn}` : text(tc, "lineItemId");
  };
  return [...groupBy(stack.ofKind("TargetingCriterion"), lineItemOf)].map(([key, criteria]) => {
    const lineItem = stack.sourceOf(criteria[0], "lineItemId", "LineItem");
    return { who: lineItem ? subject(lineItem) : `line item ${key}`, lineItem, criteria };
  });
}

/** The operator of a criterion that declares none: its schema's default (EQ). */
const DEFAULT_OPERATOR = targetingCriterionInputs.shape.operatorType.parse(undefined);

/** The operator a criterion declares, or the default; undefined while preview cannot know it. */
const operatorOf = (tc: XadsResource) => (tc.props.operatorType === undefined ? DEFAULT_OPERATOR : text(tc, "operatorType"));

/**
 * Targeted values per line item, per group of targeting types (a single AGE
 * bucket, one event, 100 interests, ...: LIMITS.targetingPerLineItem, from
 * the v12 reference and its targeting guide). A criterion's own check cannot
 * see the line item's other criteria; the stack can. Exclusions (NE) and
 * values not known yet are not counted, nor criteria outside the stack (the
 * platform's to refuse), so the rule refuses only what the stack alone exceeds.
 */
export const targetingPerLineItem: StackValidationPolicy = {
  name: "xads-targeting-per-line-item",
  description: "A line item targets at most one AGE bucket and one EVENT, 100 interests, 100 Similar to Followers Of users, 2,000 locations and 1,000 keywords (the real platform's reference).",
  enforcementLevel: "mandatory",
  validateStack: forStack((stack, _config, report) => {
    for (const { who, lineItem, criteria } of criteriaByLineItem(stack)) {
      const targeted = criteria.filter((tc) => { const op = operatorOf(tc); return op !== undefined && op !== "NE"; });
      for (const { types, max } of Object.values(LIMITS.targetingPerLineItem)) {
        const counted = targeted.filter((tc) => (types as readonly string[]).includes(text(tc, "targetingType") ?? ""));
        if (counted.length <= max) continue;
        // A few are named; a count of hundreds is only counted.
        const named = counted.length <= 5 ? ` (${counted.map(subject).join(", ")})` : "";
        report(`${who} would target ${counted.length} ${types.join(" or ")} values${named}; the platform takes at most ${max} per line item`, lineItem?.urn);
      }
    }
  }),
};
