/**
 * Optional: the campaigns an account holds on the platform, for the rules
 * that need more than the stack (the active-campaign count, and telling a new
 * campaign from a live one). Only when the pack is given read credentials: the
 * provider's own environment variables (XADS_CONSUMER_KEY, ... and
 * XADS_SANDBOX / XADS_BASE_URL / XADS_SANDBOX_BASE_URL), read by the same
 * `resolveConfig` as the provider. Policies cannot see stack config.
 */
import { Entity } from "../provider/client/client";
import { clientFor } from "../provider/client/registry";
import { ConfigError, resolveConfig } from "../provider/config";
import { UNKNOWN, XadsResource, text } from "./resources";

export interface LiveCampaign {
  id: string;
  name: string;
  fundingInstrumentId: string;
  entityStatus: string;
  createdAt?: string;
}

/** Where live campaigns come from; the tests give a fake. */
export interface LiveCampaigns {
  /** Every campaign of the account that is not deleted, drafts included. */
  list(accountId: string): Promise<LiveCampaign[]>;
}

/**
 * Live campaigns through the project's client, or undefined when the
 * environment gives no credentials (the rules then see the stack only).
 * One listing per account per policy run: the pack's process lives for one
 * preview or update, and several rules ask.
 */
export function liveCampaignsFromEnv(env: Record<string, string | undefined> = process.env): LiveCampaigns | undefined {
  let config;
  try {
    config = resolveConfig(() => undefined, env);
  } catch (err) {
    if (err instanceof ConfigError) return undefined;
    throw err;
  }
  const client = clientFor(config);
  const listings = new Map<string, Promise<LiveCampaign[]>>();
  return {
    list(accountId) {
      let listing = listings.get(accountId);
      if (!listing) {
        listing = client.list<Entity>(`/12/accounts/${accountId}/campaigns`, { with_draft: true }).then((all) => all.map(fromWire));
        listings.set(accountId, listing);
      }
      return listing;
    },
  };
}

/** The environment's source, made on first use: the pack's process serves one preview or update. */
export const environmentLiveCampaigns: () => LiveCampaigns | undefined = (() => {
  let source: { value: LiveCampaigns | undefined } | undefined;
  return () => {
    source ??= { value: liveCampaignsFromEnv() };
    return source.value;
  };
})();

function fromWire(e: Entity): LiveCampaign {
  return {
    id: String(e.id),
    name: String(e.name),
    fundingInstrumentId: String(e.funding_instrument_id),
    entityStatus: String(e.entity_status),
    createdAt: typeof e.created_at === "string" ? e.created_at : undefined,
  };
}

/**
 * Whether a live campaign is one the stack manages. A policy is not told
 * resource ids (the engine gives it URNs and properties, and a campaign's
 * state does not repeat its id), so a live campaign is matched by `adoptId`,
 * or by name and funding instrument plus, once the state has it, the
 * creation time the platform set.
 */
export function isManagedBy(live: LiveCampaign, campaign: XadsResource): boolean {
  if (text(campaign, "adoptId") === live.id) return true;
  const createdAt = campaign.props.createdAt;
  return text(campaign, "name") === live.name
    && text(campaign, "fundingInstrumentId") === live.fundingInstrumentId
    && (createdAt === undefined || createdAt === UNKNOWN || createdAt === live.createdAt);
}

/** The live ACTIVE campaigns that none of the stack's campaigns manages. */
export function unmanagedActive(live: readonly LiveCampaign[], campaigns: readonly XadsResource[]): LiveCampaign[] {
  return live.filter((l) => l.entityStatus === "ACTIVE" && !campaigns.some((c) => isManagedBy(l, c)));
}

/** An error's message for a violation; the client's errors never carry credentials. */
export function reason(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
