/**
 * Optional: the campaigns an account holds on the platform, for the rules
 * that need more than the stack (the active-campaign count, and telling a new
 * campaign from a live one). Read with the provider's configuration, resolved
 * by the provider's own `resolveConfig`: the stack config the provider is
 * configured with (resources.ts settingsOf), then the XADS_* environment
 * variables. Without credentials in either, the rules see the stack only.
 */
import { Entity } from "../provider/client/client";
import { redact } from "../provider/client/errors";
import { clientFor } from "../provider/client/registry";
import { ConfigError, resolveConfig } from "../provider/config";
import { Settings, UNKNOWN, XadsResource, text } from "./resources";

export interface LiveCampaign {
  id: string;
  name: string;
  fundingInstrumentId: string;
  entityStatus: string;
  createdAt?: string;
}

/** Where live campaigns come from; the tests give a fake. */
export interface LiveCampaigns {
  /** The base address the listings go to, for messages. */
  readonly address: string;
  /** Every campaign of the account that is not deleted, drafts included. */
  list(accountId: string): Promise<LiveCampaign[]>;
}

/** The live campaigns of a stack configured with these settings, or undefined without credentials. */
export type LiveCampaignSource = (settings: Settings) => LiveCampaigns | undefined;

/**
 * The listings of each client (one per address and credentials: registry.ts),
 * by account: one listing per account per policy run, as the pack's process
 * serves one preview or update and several rules ask. A failed listing is
 * kept too, so the next rule does not wait out the retries again.
 */
const listings = new WeakMap<object, Map<string, Promise<LiveCampaign[]>>>();

/**
 * Live campaigns through the project's client, configured as the provider
 * is (stack config first, then the environment), or undefined when neither
 * gives the four credentials. A configuration the provider would refuse is
 * the provider's to report, in the same preview: the rules see the stack only.
 */
export function liveCampaignsFor(settings: Settings, env: Record<string, string | undefined> = process.env): LiveCampaigns | undefined {
  let config;
  try {
    config = resolveConfig(settings, env);
  } catch (err) {
    if (err instanceof ConfigError) return undefined;
    throw err;
  }
  const client = clientFor(config);
  const secrets = Object.values(config.credentials);
  const byAccount = listings.get(client) ?? new Map<string, Promise<LiveCampaign[]>>();
  listings.set(client, byAccount);
  return {
    address: config.baseUrl,
    list(accountId) {
      let listing = byAccount.get(accountId);
      if (!listing) {
        listing = client.list<Entity>(`/12/accounts/${accountId}/campaigns`, { with_draft: true }).then(
          (all) => all.map(fromWire),
          // Its message goes into a violation: no credential in it, whatever the platform echoed.
          (err: unknown) => { throw new Error(redact(reason(err), secrets)); },
        );
        byAccount.set(accountId, listing);
      }
      return listing;
    },
  };
}

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
