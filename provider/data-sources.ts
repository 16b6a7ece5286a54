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

export interface AccountMediaInfo {
  id: string;
  mediaKey: string;
  creativeType: string;
  createdAt?: string;
}

/** The live account media of an account (seed 4.6), optionally of some creative types. */
export async function listAccountMedia(ctx: Context, accountId: string, creativeTypes?: readonly string[]): Promise<AccountMediaInfo[]> {
  const rows = await ctx.client.list<Entity>(`/12/accounts/${accountId}/account_media`, {
    creative_types: creativeTypes && creativeTypes.length > 0 ? creativeTypes : undefined,
  });
  return rows.map((r) => {
    const { accountId: _a, deleted: _d, ...info } = keysToCamel(r) as AccountMediaInfo & { accountId?: string; deleted?: boolean };
    return info;
  });
}
