/**
 * Reads behind the SDK's data sources (getAccounts, getFundingInstruments,
 * getWebhooks).
 * They run in the user's program, at preview and up alike, as data sources do.
 */
import { Entity, Query } from "./client/client";
import { keysToCamel } from "./names";
import { AppCredentials, bearerToken, checkResponse, platformRequest, removeCachedBearer } from "./platform-auth";
import { Context } from "./resources/framework";
import { z } from "zod";
import { ENUMS, LIMITS } from "./limits";
import { currencyCode, entityId } from "./resources/common";
import { validate } from "./resources/framework";
import { cachedReference, ReferenceCacheOptions } from "./reference-cache";
import { isOwner } from "./resources/custom-audience";

export type { ReferenceCacheOptions } from "./reference-cache";

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

// ---------------------------- reference data (ref campaign-management/reference.mdx) ---

export interface PromotableUserInfo {
  id: string;
  accountId: string;
  /** A long on the platform, as its decimal string. */
  userId: string;
  /** FULL or RETWEETS_ONLY: which content the user's promotion may carry. */
  promotableUserType: (typeof ENUMS.promotableUserType)[number];
  createdAt?: string;
}

export interface ContentCategoryInfo {
  id: string;
  name: string;
  /** The values to target with a TargetingCriterion of targetingType IAB_CATEGORY. */
  iabCategories: string[];
  /** How many publishers had videos monetized in the category in the last 30 days. */
  publishersInLastThirtyDays?: number;
  /** How many of the category's videos were monetized in the last 30 days. */
  videosMonetizedInLastThirtyDays?: number;
}

export interface CuratedCategoryInfo {
  id: string;
  name: string;
  description?: string;
  countryCodes: string[];
  /** The publishers whose videos the category runs next to (user ids, strings of digits). */
  publisherUserIds?: string[];
  /** How many of the category's videos were monetized in the last 30 days. */
  videosMonetizedInLastThirtyDays?: number;
}

export interface BiddingRuleInfo {
  currency: string;
  minimumCpeBidLocalMicro: number;
  maximumCpeBidLocalMicro: number;
  minimumDenomination?: number;
}

export interface PlacementInfo {
  productType: (typeof ENUMS.productType)[number];
  /** The placement sets a line item of the product type may use. */
  placements: string[][];
}

export interface AuthenticatedUserAccessInfo {
  accountId: string;
  userId: string;
  permissions: (typeof ENUMS.permission)[number][];
}

/**
 * Arguments of the reference-data sources, checked before any request with
 * messages that name the argument and the limit (as resources' check does).
 */
export const dataSourceArgs = {
  account: z.strictObject({ accountId: entityId }),
  /** getFundingInstruments and getFundingInstrument: a currency no instrument can have (common.ts currencyCode) is refused, not answered with none. */
  fundingInstruments: z.strictObject({ accountId: entityId, id: entityId.optional(), currency: currencyCode.optional() }),
  curatedCategories: z.strictObject({
    accountId: entityId,
    countryCodes: z.array(z.string().regex(new RegExp(`^[A-Za-z]{${LIMITS.countryCodeLength}}$`), { error: "must be a two-letter ISO country code, e.g. US" }))
      .min(1).max(LIMITS.countryCodesPerCuratedCategoriesQuery),
  }),
  biddingRules: z.strictObject({
    // The currencies a funding instrument takes (common.ts currencyCode): the platform has bidding rules of no other.
    currency: currencyCode.optional(),
  }),
  placements: z.strictObject({ productType: z.enum(ENUMS.productType).optional() }),
};

/** The validated arguments, or an error `<source>: <reasons>` before any request. */
export function checkArgs<T>(source: string, schema: z.ZodType<T>, args: Record<string, unknown>): T {
  const result = validate(schema, args);
  if (result.failures?.length) throw new Error(`${source}: ${result.failures.map((f) => f.reason).join("; ")}`);
  return result.inputs!;
}

const camel = <T>(rows: unknown[]): T[] => rows.map((r) => keysToCamel(r) as T);

/** Every page of a reference list. These endpoints take no `count` (ref campaign-management/reference.mdx, e.g. GET content_categories), unlike the PG lists. */
function pages(ctx: Context, path: string, query: Query = {}): Promise<Entity[]> {
  return ctx.client.list<Entity>(path, { ...query, count: null });
}

/** The users whose content the account may promote (ref campaign-management/reference.mdx, GET promotable_users). */
export async function listPromotableUsers(ctx: Context, args: { accountId: string }): Promise<PromotableUserInfo[]> {
  const { accountId } = checkArgs("getPromotableUsers", dataSourceArgs.account, args);
  const rows = await ctx.client.list<Entity>(`/12/accounts/${accountId}/promotable_users`);
  // The records name no account (tests/conformance corpus): it is the one asked about.
  return camel<PromotableUserInfo>(rows).map((u) => ({ ...u, accountId, userId: String(u.userId) }));
}

/**
 * A global read (no account in its path: 5 requests per 15 minutes), kept on
 * disk across runs (reference-cache.ts).
 */
async function reference(ctx: Context, source: string, path: string, query: Query, cache?: ReferenceCacheOptions): Promise<Entity[]> {
  return cachedReference(ctx, source, path, query, () => pages(ctx, path, query), cache);
}

/** Content categories and their IAB categories (ref campaign-management/reference.mdx, GET content_categories). */
export async function listContentCategories(ctx: Context, cache?: ReferenceCacheOptions): Promise<ContentCategoryInfo[]> {
  return camel(await reference(ctx, "getContentCategories", "/12/content_categories", {}, cache));
}

/** Curated categories available in any of the countries (ref campaign-management/reference.mdx, GET curated_categories: 1 to 200 codes). */
export async function listCuratedCategories(ctx: Context, args: { accountId: string; countryCodes: string[] }): Promise<CuratedCategoryInfo[]> {
  const { accountId, countryCodes } = checkArgs("getCuratedCategories", dataSourceArgs.curatedCategories, args);
  return camel(await pages(ctx, `/12/accounts/${accountId}/curated_categories`, { country_codes: countryCodes }));
}

/** Minimum and maximum CPE bids, of one currency or all (ref campaign-management/reference.mdx, GET bidding_rules). */
export async function listBiddingRules(ctx: Context, args: { currency?: string } = {}, cache?: ReferenceCacheOptions): Promise<BiddingRuleInfo[]> {
  const { currency } = checkArgs("getBiddingRules", dataSourceArgs.biddingRules, args);
  return camel(await reference(ctx, "getBiddingRules", "/12/bidding_rules", { currency }, cache));
}

/** Valid placement sets by product type (ref campaign-management/reference.mdx, GET line_items/placements). */
export async function listPlacements(ctx: Context, args: { productType?: string } = {}, cache?: ReferenceCacheOptions): Promise<PlacementInfo[]> {
  const { productType } = checkArgs("getPlacements", dataSourceArgs.placements, args);
  return camel(await reference(ctx, "getPlacements", "/12/line_items/placements", { product_type: productType }, cache));
}

/** The authenticated user's permissions on the account (ref campaign-management/reference.mdx, GET authenticated_user_access). */
export async function readAuthenticatedUserAccess(ctx: Context, args: { accountId: string }): Promise<AuthenticatedUserAccessInfo> {
  const { accountId } = checkArgs("getAuthenticatedUserAccess", dataSourceArgs.account, args);
  const access = keysToCamel(await ctx.client.get<Entity>(`/12/accounts/${accountId}/authenticated_user_access`)) as AuthenticatedUserAccessInfo;
  // The answer names no account (tests/conformance corpus): it is the one asked about.
  return { ...access, accountId, userId: String(access.userId) };
}

export interface WebhookInfo {
  id: string;
  url: string;
  /** Whether the platform's last challenge check of the URL passed. */
  valid: boolean;
  createdAt: string;
}

/**
 * The application's registered webhooks (xdevplatform/docs openapi.json, GET /2/webhooks),
 * with its app-only bearer token: the cached one (shared with `xads auth
 * app-token`), else a new one. A cached token the platform no longer
 * accepts is dropped and replaced once.
 */
export async function listWebhooks(app: AppCredentials, env: NodeJS.ProcessEnv = process.env): Promise<WebhookInfo[]> {
  const url = `${app.baseUrl}/2/webhooks?${new URLSearchParams({ "webhook_config.fields": "created_at,id,url,valid" })}`;
  let { token, cached } = await bearerToken(app, env);
  let res = await platformRequest("GET", url, { headers: { authorization: `Bearer ${token}` }, transport: app.transport });
  if (res.status === 401 && cached) {
    removeCachedBearer(app, env);
    ({ token } = await bearerToken(app, env));
    res = await platformRequest("GET", url, { headers: { authorization: `Bearer ${token}` }, transport: app.transport });
  }
  const body = checkResponse("webhooks", res).body;
  const data = (JSON.parse(body) as { data?: Record<string, unknown>[] }).data ?? [];
  return data.map((w) => keysToCamel(w) as unknown as WebhookInfo);
}

/**
 * An account media entry. The platform names its asset by `videoId` (a
 * video's media key, for PREROLL) or `mediaUrl` (an image's address), the
 * other null (tests/conformance corpus; no media key).
 */
export interface AccountMediaInfo {
  id: string;
  creativeType: string;
  videoId?: string | null;
  mediaUrl?: string | null;
  createdAt?: string;
}

/** The live account media of an account (ref creatives/reference.mdx, GET account_media), optionally of some creative types. */
export async function listAccountMedia(ctx: Context, accountId: string, creativeTypes?: readonly string[]): Promise<AccountMediaInfo[]> {
  const rows = await ctx.client.list<Entity>(`/12/accounts/${accountId}/account_media`, {
    creative_types: creativeTypes && creativeTypes.length > 0 ? creativeTypes : undefined,
  });
  return rows.map((r) => {
    const { accountId: _a, deleted: _d, ...info } = keysToCamel(r) as AccountMediaInfo & { accountId?: string; deleted?: boolean };
    return info;
  });
}

/**
 * The feature keys an account has (ref campaign-management/reference.mdx, GET features: only features
 * accessible to the account), optionally only among `featureKeys`: those
 * are picked here, since the endpoint's `feature_keys` filter takes only
 * three keys (tests/conformance corpus).
 */
export async function listAccountFeatures(ctx: Context, accountId: string, featureKeys?: readonly string[]): Promise<string[]> {
  const keys = await ctx.client.get<string[]>(`/12/accounts/${accountId}/features`);
  return featureKeys && featureKeys.length > 0 ? keys.filter((k) => featureKeys.includes(k)) : keys;
}

// ------------------------------------- audiences (ref audiences/reference.mdx) ---

export interface CustomAudienceInfo {
  id: string;
  name: string;
  description?: string | null;
  /** The account that owns the audience. */
  ownerAccountId?: string;
  /** What this account may do with it: READ_ONLY or READ_WRITE. */
  permissionLevel?: string;
  /** False for an audience another account shared with this one. */
  isOwner?: boolean;
  createdAt?: string;
}

/** Custom audiences of an account (ref audiences/reference.mdx, GET custom_audiences): its own (OWNER, the default) or those shared with it (SHARED). */
export async function listCustomAudiences(ctx: Context, accountId: string, permissionScope: "OWNER" | "SHARED" = "OWNER"): Promise<CustomAudienceInfo[]> {
  const rows = await ctx.client.list<Entity>(`/12/accounts/${accountId}/custom_audiences`, { permission_scope: permissionScope });
  return rows.map((r) => ({ ...(keysToCamel(r) as CustomAudienceInfo), ...isOwner(accountId, r) }));
}

export interface TargetingLineItemInfo {
  id: string;
  name: string | null;
  servable: boolean;
}

/**
 * A campaign and its line items that target an audience, as the platform
 * answers them: one flat row per campaign (tests/conformance corpus).
 */
export interface AudienceTargetingInfo {
  campaignId: string;
  campaignName: string | null;
  lineItems: TargetingLineItemInfo[];
}

/**
 * The line items and campaigns that target a custom audience (ref audiences/reference.mdx,
 * GET custom_audiences/:id/targeted). `withActive` true (the default) leaves
 * out line items that cannot serve. The endpoint takes only `with_active`
 * and `cursor`: `pages`, not `list` (which sends `count`).
 */
export async function listAudienceTargeting(ctx: Context, accountId: string, customAudienceId: string, withActive = true): Promise<AudienceTargetingInfo[]> {
  const rows = await pages(ctx, `/12/accounts/${accountId}/custom_audiences/${customAudienceId}/targeted`, { with_active: withActive });
  return camel<AudienceTargetingInfo>(rows);
}
