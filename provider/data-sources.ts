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

/**
 * The feature keys an account has (seed 4.2 GET features: only features
 * accessible to the account), optionally only among `featureKeys`.
 */
export async function listAccountFeatures(ctx: Context, accountId: string, featureKeys?: readonly string[]): Promise<string[]> {
  return ctx.client.get<string[]>(`/12/accounts/${accountId}/features`, { feature_keys: featureKeys && featureKeys.length > 0 ? featureKeys : undefined });
}
