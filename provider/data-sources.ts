/**
 * Reads behind the SDK's data sources (getAccounts, getFundingInstruments,
 * getWebhooks).
 * They run in the user's program, at preview and up alike, as data sources do.
 */
import { Entity } from "./client/client";
import { keysToCamel } from "./names";
import { AppCredentials, bearerToken, checkResponse, platformRequest, removeCachedBearer } from "./platform-auth";
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

export interface WebhookInfo {
  id: string;
  url: string;
  /** Whether the platform's last challenge check of the URL passed. */
  valid: boolean;
  createdAt: string;
}

/**
 * The application's registered webhooks (GET 2/webhooks, seed 000 4.3),
 * with its app-only bearer token: the cached one (shared with `xads auth
 * app-token`), else a new one. A cached token the platform no longer
 * accepts is dropped and replaced once.
 */
export async function listWebhooks(app: AppCredentials, env: NodeJS.ProcessEnv = process.env): Promise<WebhookInfo[]> {
  const url = `${app.baseUrl}/2/webhooks?${new URLSearchParams({ "webhook_config.fields": "created_at,id,url,valid" })}`;
  let { token, cached } = await bearerToken(app, env);
  let res = await platformRequest("GET", url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 401 && cached) {
    removeCachedBearer(app, env);
    ({ token } = await bearerToken(app, env));
    res = await platformRequest("GET", url, { headers: { authorization: `Bearer ${token}` } });
  }
  const body = checkResponse("webhooks", res).body;
  const data = (JSON.parse(body) as { data?: Record<string, unknown>[] }).data ?? [];
  return data.map((w) => keysToCamel(w) as unknown as WebhookInfo);
}
