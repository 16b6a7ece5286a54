/**
 * Reads behind getKeywordInsights, getAccountApps,
 * getAdvertiserBusinessCategories and getPublishers (ref campaign-management/reference.mdx, GET advertiser_business_categories and GET publishers;
 * xdevplatform/docs x-ads-api/audiences/reference.mdx and
 * x-ads-api/campaign-management/reference.mdx). Arguments are checked
 * before any request, each failure naming the argument and the limit.
 */
import { z } from "zod";
import { Entity, Query } from "./client/client";
import { checkArgs } from "./data-sources";
import { ENUMS, LIMITS } from "./limits";
import { keysToCamel } from "./names";
import { cachedReference, ReferenceCacheOptions } from "./reference-cache";
import { entityId } from "./resources/common";
import { CheckFailure, Context, ReferenceData, rule, validate } from "./resources/framework";

export interface KeywordInsightsArgs {
  /** DAY or HOUR: one tweetVolume number per day or hour of the range. */
  granularity: (typeof ENUMS.keywordInsightsGranularity)[number];
  /** Keywords OR'ed together; at most 10 together with negativeKeywords. */
  keywords: string[];
  /** ISO 8601 date or date-time. */
  startTime: string;
  /** ISO 8601; the platform's current time when not given. At most 7 days after startTime. */
  endTime?: string;
  /** A country's targeting value of GET targeting_criteria/locations (e.g. 96683cc9126741d1, the United States). */
  location?: string;
  /** Keywords to exclude, OR'ed together. */
  negativeKeywords?: string[];
}

export interface KeywordInsights {
  /** The Tweet volume of the input keywords (not the related ones), one number per granularity step from startTime. */
  tweetVolume: number[];
  /** 30 keywords related to the input keywords. */
  relatedKeywords: string[];
}

/** A mobile app associated with the account: what an app objective's line item promotes. */
export interface AccountAppInfo {
  id: string;
  /** A Google Play package name, or the digits of an App Store identifier. */
  appStoreIdentifier: string;
  /** The platform's spelling, e.g. Android or iOS. */
  osType: string;
  deepLinkPattern?: string | null;
  conversionTrackingEnabled?: boolean;
  createdAt?: string;
  updatedAt?: string;
  deleted?: boolean;
}

export interface AdvertiserBusinessCategoryInfo {
  id: string;
  name: string;
  /** The values a PREROLL_VIEWS line item's `categories` carries for this business category (one or two of them per line item). */
  iabCategories: string[];
}

export interface PublisherInfo {
  /** A long on the platform, as its decimal string. */
  userId: string;
  username: string;
  /** Ids of getContentCategories' categories. */
  contentCategoryIds: string[];
  monetizableCountryCodes: string[];
  promotionEligibleCountryCodes: string[];
  monetizationRestricted: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** ISO 8601 as the reference's example sends it: a date (midnight UTC) or a date-time with its offset. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;
const instant = z.string().regex(ISO_INSTANT, { error: "must be an ISO 8601 date or date-time, e.g. 2026-12-01 or 2026-12-01T00:00:00Z" })
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: "must be a real date", params: { phrase: "must be a real date" } });
const timeOf = (v: string) => Date.parse(/T/.test(v) ? v : `${v}T00:00:00Z`);
// Sent comma-separated (the reference's `keywords` is "a comma-separated string"): a comma would split one keyword in two.
const keyword = z.string().trim().min(1).regex(/^[^,]*$/, { error: "must not contain a comma (keywords are sent comma-separated)" });

export const referenceReadArgs = {
  keywordInsights: z.strictObject({
    granularity: z.enum(ENUMS.keywordInsightsGranularity),
    keywords: z.array(keyword).min(1),
    startTime: instant,
    endTime: instant.optional(),
    location: z.string().regex(LIMITS.locationTargetingValue, { error: "must be a targeting value of GET targeting_criteria/locations (16 hexadecimal digits, e.g. 96683cc9126741d1), a country's" }).optional(),
    negativeKeywords: z.array(keyword).optional(),
  }),
  account: z.strictObject({ accountId: entityId }),
};

/** The limits between arguments; `now` stands for the end of a range without endTime. */
function keywordRules(now: number) {
  const fails = (property: string, reason: string): CheckFailure[] => [{ property, reason }];
  return [
    rule<KeywordInsightsArgs>(["keywords", "negativeKeywords"], (a) => {
      const total = a.keywords.length + (a.negativeKeywords?.length ?? 0);
      return total > LIMITS.keywordInsights.maxKeywords
        ? fails("keywords", `keywords and negativeKeywords together must be at most ${LIMITS.keywordInsights.maxKeywords} (got ${total})`)
        : [];
    }),
    rule<KeywordInsightsArgs>(["startTime", "endTime"], (a) => {
      const start = timeOf(a.startTime);
      const end = a.endTime === undefined ? now : timeOf(a.endTime);
      const endName = a.endTime === undefined ? `now (endTime not given: ${new Date(now).toISOString()})` : `endTime (${a.endTime})`;
      if (end <= start) return fails(a.endTime === undefined ? "startTime" : "endTime", `startTime (${a.startTime}) must be before ${endName}`);
      const days = (end - start) / DAY_MS;
      return days > LIMITS.keywordInsights.maxRangeDays
        ? fails(a.endTime === undefined ? "startTime" : "endTime", `the range from startTime to ${a.endTime === undefined ? "now" : "endTime"} must be at most ${LIMITS.keywordInsights.maxRangeDays} days (got ${days.toFixed(2)} days: ${a.startTime} to ${endName})`)
        : [];
    }),
  ];
}

/** The validated arguments of getKeywordInsights, or `getKeywordInsights: <reasons>` before any request. */
export function checkKeywordInsightsArgs(args: KeywordInsightsArgs, now: number = Date.now()): KeywordInsightsArgs {
  const result = validate(referenceReadArgs.keywordInsights, args as unknown as Record<string, unknown>, keywordRules(now));
  if (result.failures?.length) throw new Error(`getKeywordInsights: ${result.failures.map((f) => f.reason).join("; ")}`);
  return result.inputs!;
}

/**
 * The Tweet volume of keywords over at most 7 days, and 30 related
 * keywords (GET insights/keywords/search, a global read: no account).
 */
export async function readKeywordInsights(ctx: Context, args: KeywordInsightsArgs, now: number = Date.now()): Promise<KeywordInsights> {
  const a = checkKeywordInsightsArgs(args, now);
  const data = await ctx.client.get<Entity>("/12/insights/keywords/search", {
    granularity: a.granularity,
    keywords: a.keywords,
    start_time: a.startTime,
    end_time: a.endTime,
    location: a.location,
    negative_keywords: a.negativeKeywords && a.negativeKeywords.length > 0 ? a.negativeKeywords : undefined,
  });
  const { tweetVolume, relatedKeywords } = keysToCamel(data) as unknown as KeywordInsights;
  return { tweetVolume, relatedKeywords };
}

/** The mobile apps associated with an account (GET accounts/:id/account_apps). */
export async function listAccountApps(ctx: Context, args: { accountId: string }): Promise<AccountAppInfo[]> {
  const { accountId } = checkArgs("getAccountApps", referenceReadArgs.account, args);
  const rows = await ctx.client.list<Entity>(`/12/accounts/${accountId}/account_apps`);
  return rows.map((r) => keysToCamel(r) as unknown as AccountAppInfo);
}

/**
 * A global read (5 requests per 15 minutes) kept on disk across runs
 * (reference-cache.ts). These endpoints take no parameters, `count` neither.
 */
async function reference<T>(ctx: Context, source: string, path: string, cache?: ReferenceCacheOptions): Promise<T[]> {
  const query: Query = {};
  const rows = await cachedReference(ctx, source, path, query, () => ctx.client.list<Entity>(path, { count: null }), cache);
  return rows.map((r) => keysToCamel(r) as unknown as T);
}

/** Advertiser business categories: what a PREROLL_VIEWS line item's `categories` takes (GET advertiser_business_categories). */
export async function listAdvertiserBusinessCategories(ctx: Context, cache?: ReferenceCacheOptions): Promise<AdvertiserBusinessCategoryInfo[]> {
  return reference(ctx, "getAdvertiserBusinessCategories", "/12/advertiser_business_categories", cache);
}

/** Publishers of content categories (GET publishers). */
export async function listPublishers(ctx: Context, cache?: ReferenceCacheOptions): Promise<PublisherInfo[]> {
  const rows = await reference<PublisherInfo>(ctx, "getPublishers", "/12/publishers", cache);
  return rows.map((p) => ({ ...p, userId: String(p.userId) }));
}

/**
 * The reference data a kind's check reads (framework.ts ReferenceData), for
 * dispatch: through the same on-disk copies as the data sources, so a
 * preview spends no more of the global reads' limit than a program's own
 * getAdvertiserBusinessCategories.
 */
export async function readReferenceData(ctx: Context, needs: readonly (keyof ReferenceData)[], cache?: ReferenceCacheOptions): Promise<ReferenceData> {
  const data: ReferenceData = {};
  if (needs.includes("advertiserBusinessCategories")) data.advertiserBusinessCategories = await listAdvertiserBusinessCategories(ctx, cache);
  return data;
}
