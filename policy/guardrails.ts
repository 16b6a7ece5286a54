/**
 * Organisation guardrails: advisory by default, each one made mandatory (or
 * disabled) through the pack's config file. Budget caps live in budgets.ts
 * and the audience sharing allow-list in audiences.ts, beside the platform
 * rules of their area.
 */
import { StackValidationPolicy } from "@pulumi/policy";
import { deletionProtectionInput } from "../provider/resources/framework";
import { Finding, forEachOfKinds, forStack, reportFindings } from "./define";
import { isManagedBy, LiveCampaign, LiveCampaignSource, liveCampaignsFor } from "./live-campaigns";
import { isActive } from "./platform-limits";
import { AUDIENCE_KINDS, Kind, Stack, subject, text, UNKNOWN, XadsResource } from "./resources";

// A guardrail a whole stack can break at once (no campaign has a purchase
// order number, a naming convention adopted late) is a stack validation that
// reports once for many resources (define.ts reportFindings).

export const purchaseOrderRequired: StackValidationPolicy = {
  name: "xads-purchase-order-required",
  description: "Every campaign carries a purchase order number.",
  enforcementLevel: "advisory",
  validateStack: forEachOfKinds(["Campaign"], (campaign, _config, report) => {
    const po = campaign.props.purchaseOrderNumber;
    if (po === UNKNOWN || (typeof po === "string" && po.trim() !== "")) return;
    report(`${subject(campaign)} has no purchaseOrderNumber; the organisation requires one on every campaign`);
  }, (count, names) => `${count} campaigns have no purchaseOrderNumber (${names}); the organisation requires one on every campaign`),
};

// ------------------------------------------------------------ naming ---

export interface NamingConfig {
  campaignNamePattern?: string;
  lineItemNamePattern?: string;
}

const NAMING_KEYS: Partial<Record<Kind, keyof NamingConfig>> = {
  Campaign: "campaignNamePattern",
  LineItem: "lineItemNamePattern",
};

/** A pattern of the config; a broken one is a configuration error, named as such. */
function compile(key: string, pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch (err) {
    throw new Error(`xads-naming-convention: ${key} ${JSON.stringify(pattern)} is not a valid regular expression (${(err as Error).message})`);
  }
}

export const namingConvention: StackValidationPolicy = {
  name: "xads-naming-convention",
  description: "Campaign and line item names follow the organisation's naming convention (regular expressions; unset: any name).",
  enforcementLevel: "advisory",
  configSchema: {
    properties: {
      campaignNamePattern: { type: "string", description: "Regular expression (JavaScript syntax) every campaign name must match, e.g. ^[A-Z]{2}-\\d{4}\\b" },
      lineItemNamePattern: { type: "string", description: "Regular expression (JavaScript syntax) every line item name must match." },
    },
  },
  validateStack: forEachOfKinds<NamingConfig>(["Campaign", "LineItem"], (resource, config, report) => {
    const key = NAMING_KEYS[resource.kind]!;
    const pattern = config[key];
    if (pattern === undefined) return;
    const name = resource.props.name;
    if (name === UNKNOWN) return;
    if (typeof name !== "string") {
      report(`${subject(resource)} has no name; the naming convention /${pattern}/ (${key}) requires one`);
    } else if (!compile(key, pattern).test(name)) {
      report(`${subject(resource)} name ${JSON.stringify(name)} does not match the naming convention /${pattern}/ (${key})`);
    }
  }, (count, names, config) => {
    const patterns = Object.values(NAMING_KEYS).filter((key) => config[key] !== undefined).map((key) => `/${config[key]}/ (${key})`);
    return `${count} campaigns and line items have no name or one that does not match the naming convention ${patterns.join(", ")}: ${names}`;
  }),
};

// -------------------------------------------------------- production ---

export interface ProductionConfig {
  productionStacks: string[];
  productionTag: string;
}

/** A stack is production when its name is listed, or it carries the tag (`pulumi stack tag set environment production`). */
export function isProduction(stack: Stack, config: ProductionConfig): boolean {
  if (stack.name !== undefined && (config.productionStacks ?? []).includes(stack.name)) return true;
  const [tag, value] = (config.productionTag ?? "").split("=", 2);
  return tag !== "" && value !== undefined && stack.tags.get(tag) === value;
}

/**
 * Whether a campaign is not on the platform yet. A policy is told the planned
 * state, not the operation: a created campaign's state has `createdAt`, an
 * adopted one `adoptId`; during preview, a new campaign and a live one being
 * changed both show their inputs only. Live campaigns tell them apart.
 */
export function isNewCampaign(campaign: XadsResource, live: readonly LiveCampaign[] | undefined): boolean {
  if (text(campaign, "adoptId") !== undefined || campaign.props.createdAt !== undefined) return false;
  return live ? !live.some((l) => isManagedBy(l, campaign)) : true;
}

export function productionCampaignsPolicy(live: LiveCampaignSource): StackValidationPolicy {
  return {
    name: "xads-production-campaigns-start-inactive",
    description: "In production stacks, campaigns are created PAUSED or DRAFT, and activated by a later change.",
    enforcementLevel: "advisory",
    configSchema: {
      properties: {
        productionStacks: {
          type: "array", items: { type: "string" }, default: ["production", "prod"],
          description: "Stack names that are production.",
        },
        productionTag: {
          type: "string", default: "environment=production",
          description: "A stack tag (name=value) that marks a stack as production.",
        },
      },
    },
    validateStack: forStack<ProductionConfig>(async (stack, config, report) => {
      if (!isProduction(stack, config)) return;
      const source = live(stack.settings);
      // Without a listing, fall back on the state: advisory, so no reason to fail the run.
      // The source lists each account once, however many campaigns ask.
      const liveOf = async (accountId: string | undefined) =>
        source && accountId !== undefined ? source.list(accountId).catch(() => undefined) : undefined;
      const findings: Finding[] = [];
      let hedgeOfAll = "";
      for (const campaign of stack.ofKind("Campaign")) {
        if (isActive(campaign) !== true) continue;
        const liveCampaigns = await liveOf(text(campaign, "accountId"));
        if (!isNewCampaign(campaign, liveCampaigns)) continue;
        const hedge = liveCampaigns ? ""
          : source ? ` (the live campaigns could not be listed at ${source.address}, so it may be a live campaign changed in this preview)`
          : " (without read credentials the pack cannot tell it from a live campaign changed in this preview)";
        findings.push({ resource: campaign, message: `${subject(campaign)} would be created ACTIVE in production stack "${stack.name}"; create campaigns PAUSED or DRAFT and activate them in a later change${hedge}` });
        hedgeOfAll ||= hedge;
      }
      reportFindings(report, findings, (count, names) =>
        `${count} campaigns would be created ACTIVE in production stack "${stack.name}" (${names}); create campaigns PAUSED or DRAFT and activate them in a later change${hedgeOfAll}`);
    }),
  };
}

export const productionCampaignsStartInactive = productionCampaignsPolicy(liveCampaignsFor);

// ---------------------------------------------------------- deletion ---

/** What an unset deletionProtection means: the input's own default (true). */
const DELETION_PROTECTION_DEFAULT = deletionProtectionInput.parse(undefined);

export const protectIrreversibleDeletes: StackValidationPolicy = {
  name: "xads-protect-irreversible-deletes",
  description: "Campaigns and audiences are protected from deletion, which cannot be undone (protect: true, or deletionProtection left on).",
  enforcementLevel: "advisory",
  validateStack: forEachOfKinds(["Campaign", ...AUDIENCE_KINDS], (resource, _config, report) => {
    const protection = resource.props.deletionProtection ?? DELETION_PROTECTION_DEFAULT;
    if (resource.protect || protection !== false) return;
    report(`${subject(resource)} sets deletionProtection: false and is not protected (protect: true), so a pulumi change could delete it, which cannot be undone; keep deletionProtection on (the default) or set the resource option protect: true`);
  }, (count, names) => `${count} campaigns and audiences set deletionProtection: false and are not protected (protect: true) (${names}), so a pulumi change could delete them, which cannot be undone; keep deletionProtection on (the default) or set the resource option protect: true`),
};
