/**
 * Reads behind the SDK's data sources (getAccounts, getFundingInstruments).
 * They run in the user's program, at preview and up alike, as data sources do.
 */
import { Entity } from "./client/client";
import { keysToCamel } from "./names";
import { Context } from "./resources/framework";

export interface AccountInfo {
  id: string;
  name: string;
  businessId?: string;
  industryType?: string;
  timezone?: string;
  approvalStatus?: string;
}

export interface FundingInstrumentInfo {
  id: string;
  accountId: string;
  currency: string;
  type: string;
  entityStatus: string;
  startTime?: string;
  endTime?: string;
  description?: string;
  ableToFund?: boolean;
}

/** The accounts the credentials reach, optionally by name prefix. */
export async function listAccounts(ctx: Context, q?: string): Promise<AccountInfo[]> {
  const rows = await ctx.client.list<Entity>("/12/accounts", { q });
  return rows.map((r) => keysToCamel(r) as AccountInfo);
}

/** The live funding instruments of an account. */
export async function listFundingInstruments(ctx: Context, accountId: string): Promise<FundingInstrumentInfo[]> {
  const rows = await ctx.client.list<Entity>(`/12/accounts/${accountId}/funding_instruments`);
  return rows.map((r) => keysToCamel(r) as FundingInstrumentInfo);
}

export interface CustomAudienceInfo {
  id: string;
  name: string;
  description?: string | null;
  /** False for an audience another account shared with this one. */
  isOwner?: boolean;
  createdAt?: string;
}

/** Custom audiences of an account (seed 4.12): its own (OWNER, the default) or those shared with it (SHARED). */
export async function listCustomAudiences(ctx: Context, accountId: string, permissionScope: "OWNER" | "SHARED" = "OWNER"): Promise<CustomAudienceInfo[]> {
  const rows = await ctx.client.list<Entity>(`/12/accounts/${accountId}/custom_audiences`, { permission_scope: permissionScope });
  return rows.map((r) => keysToCamel(r) as CustomAudienceInfo);
}

export interface TargetingEntityInfo {
  id: string;
  name: string | null;
  servable: boolean;
}

/** A campaign and its line items that target an audience. */
export interface AudienceTargetingInfo {
  campaign: TargetingEntityInfo;
  lineItems: TargetingEntityInfo[];
}

/**
 * The line items and campaigns that target a custom audience (seed 4.12,
 * GET custom_audiences/:id/targeted). `withActive` true (the default) leaves
 * out line items that cannot serve. The endpoint takes only `with_active`
 * and `cursor`, so pages are followed here rather than by `list` (which
 * sends `count`).
 */
export async function listAudienceTargeting(ctx: Context, accountId: string, customAudienceId: string, withActive = true): Promise<AudienceTargetingInfo[]> {
  const out: AudienceTargetingInfo[] = [];
  let cursor: string | undefined;
  do {
    const page = await ctx.client.request<Entity[]>({
      method: "GET", path: `/12/accounts/${accountId}/custom_audiences/${customAudienceId}/targeted`, query: { with_active: withActive, cursor },
    });
    out.push(...page.data.map((r) => keysToCamel(r) as AudienceTargetingInfo));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return out;
}
