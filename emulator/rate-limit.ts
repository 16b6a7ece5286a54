/**
 * The platform's published rate limits (platform.ts `LIMITS.rateLimits`,
 * ref fundamentals/rate-limiting.mdx), counted in fixed windows: each request
 * falls in one row of the reference's chart (`classify`), counted per user
 * token and, for reads below an account, per ad account too; plus the lower
 * limit of requests with with_total_count=true (ref campaign-management/reference.mdx, GET accounts). Answers
 * carry the `x-rate-limit-*` (user) and `x-account-rate-limit-*` (account)
 * headers the reference names, and 429 past the limit.
 */
import { ApiPath, USER_UPLOAD_FAMILIES } from "./api-path";
import { ENUMS, LIMITS } from "./platform";
import { Clock } from "./store";

export interface WindowConfig {
  limit: number;
  windowSeconds: number;
}

/** What the headers of one response say about one window. */
export interface WindowState {
  limit: number;
  remaining: number;
  /** Epoch seconds at which the window resets. */
  reset: number;
}

/** A row of the reference's rate limit chart. */
export type RateLimitKind = keyof typeof LIMITS.rateLimits;

/** Which window a request counts in: the row, and the name of its window (an endpoint family or a category). */
export interface Classification {
  kind: RateLimitKind;
  /** The name `setRateLimit` and the 429 message use, e.g. `campaigns`, `writes`, `content_categories`. */
  bucket: string;
  /** Counted per ad account (with x-account-rate-limit-* headers) as well as per user. */
  perAccount: boolean;
}

/** The family name of the with_total_count limit. */
export const TOTAL_COUNT_FAMILY = "with_total_count";
/** The category name of writes. */
export const WRITES = "writes";
/** The category name of targeting criteria reads. */
export const TARGETING_CRITERIA = "targeting_criteria";
/** The family of keyword insights, a category of its own in the chart (not a global read). */
export const KEYWORD_INSIGHTS = "insights/keywords/search";

/**
 * The user token's window of an endpoint limited per ad account: the
 * reference says only "set at a high value representing a global quota for
 * your entire application" (ref fundamentals/rate-limiting.mdx), no number.
 */
export const APPLICATION_QUOTA: WindowConfig = { limit: 100_000, windowSeconds: 15 * 60 };

const UPLOAD_FAMILIES = new Set(Object.values(USER_UPLOAD_FAMILIES).flatMap((f) => [f, `batch_${f}`]));
const CORE: ReadonlySet<string> = new Set(ENUMS.coreEntityCollections);

/**
 * The chart's row of a request. GET accounts (no :account_id, but the
 * accounts themselves) is taken as a core entity read per user, not a
 * global read: the reference's global reads are its reference data
 * (content categories, bidding rules, placements). Whether the account's
 * own GET targeting_criteria falls in the "Targeting Criteria" category is
 * not said; it is taken as the tighter of the two.
 */
export function classify(method: string, where: Pick<ApiPath, "family" | "accountId">): Classification {
  const { family, accountId } = where;
  if (UPLOAD_FAMILIES.has(family)) return { kind: "audienceUploads", bucket: family, perAccount: false };
  if (method !== "GET" && method !== "HEAD") return { kind: "writes", bucket: WRITES, perAccount: false };
  if (family === TARGETING_CRITERIA || family.startsWith(`${TARGETING_CRITERIA}/`)) return { kind: "targetingCriteriaReads", bucket: TARGETING_CRITERIA, perAccount: false };
  if (family === KEYWORD_INSIGHTS) return { kind: "keywordInsights", bucket: KEYWORD_INSIGHTS, perAccount: false };
  if (accountId === undefined) {
    return family === "accounts" ? { kind: "coreEntityReads", bucket: family, perAccount: false } : { kind: "globalReads", bucket: family, perAccount: false };
  }
  return { kind: CORE.has(family) ? "coreEntityReads" : "otherAccountReads", bucket: family, perAccount: true };
}

export interface Decision {
  allowed: boolean;
  /** The window whose limit refused the request (undefined when allowed). */
  refusedBy?: string;
  user: WindowState;
  account?: WindowState;
}

export class RateLimiter {
  private readonly overrides = new Map<string, WindowConfig>();
  private readonly windows = new Map<string, { startMs: number; used: number }>();

  constructor(private readonly clock: Clock) {}

  /** Back to the published limits, every count forgotten. */
  reset(): void {
    this.overrides.clear();
    this.windows.clear();
  }

  /** A limit of a window name (an endpoint family or a category: `writes`, `targeting_criteria`, `with_total_count`) other than the published one; its windows start over. */
  setLimit(bucket: string, limit: number, windowSeconds: number): void {
    this.overrides.set(bucket, { limit, windowSeconds });
    for (const key of this.windows.keys()) if (key.endsWith(`|${bucket}`)) this.windows.delete(key);
  }

  /** The window of `bucket` at one scope: an override, else the published row (the application quota for the user side of a per-account row). */
  config(c: Classification, scope: "user" | "account"): WindowConfig {
    const override = this.overrides.get(c.bucket);
    if (override) return override;
    if (c.perAccount && scope === "user") return APPLICATION_QUOTA;
    const row = LIMITS.rateLimits[c.kind];
    return { limit: row.requests, windowSeconds: row.windowSeconds };
  }

  /** The limit a request of this method and path meets first (the account's where it has one). */
  limitOf(method: string, where: Pick<ApiPath, "family" | "accountId">): number {
    const c = classify(method, where);
    return this.config(c, c.perAccount ? "account" : "user").limit;
  }

  /**
   * Counts one request against its windows: with_total_count's (when
   * `withTotalCount`), the user's, and for per-account rows the account's.
   * Any exhausted window refuses the request, which then counts nowhere.
   * The user headers describe the tighter of the user's windows.
   */
  take(method: string, where: Pick<ApiPath, "family" | "accountId">, userId: string, accountId: string | undefined, withTotalCount = false): Decision {
    const c = classify(method, where);
    const checks: Array<{ key: string; config: WindowConfig; bucket: string }> = [];
    if (withTotalCount) {
      const config = this.overrides.get(TOTAL_COUNT_FAMILY) ?? { limit: LIMITS.withTotalCount.requests, windowSeconds: LIMITS.withTotalCount.windowSeconds };
      checks.push({ key: `user:${userId}|${TOTAL_COUNT_FAMILY}`, config, bucket: TOTAL_COUNT_FAMILY });
    }
    checks.push({ key: `user:${userId}|${c.bucket}`, config: this.config(c, "user"), bucket: c.bucket });
    const accountCheck = c.perAccount && accountId !== undefined
      ? { key: `account:${accountId}|${c.bucket}`, config: this.config(c, "account"), bucket: c.bucket }
      : undefined;
    if (accountCheck) checks.push(accountCheck);
    const refused = checks.find((k) => this.window(k.key, k.config).used >= k.config.limit);
    if (!refused) for (const k of checks) this.window(k.key, k.config).used++;
    const userStates = checks.filter((k) => k !== accountCheck).map((k) => this.state(k.key, k.config));
    return {
      allowed: !refused,
      refusedBy: refused?.bucket,
      user: userStates.reduce((a, b) => (b.remaining < a.remaining ? b : a)),
      account: accountCheck && this.state(accountCheck.key, accountCheck.config),
    };
  }

  private window(key: string, config: WindowConfig): { startMs: number; used: number } {
    const now = this.clock();
    let w = this.windows.get(key);
    if (!w || now >= w.startMs + config.windowSeconds * 1000) {
      w = { startMs: now, used: 0 };
      this.windows.set(key, w);
    }
    return w;
  }

  private state(key: string, config: WindowConfig): WindowState {
    const w = this.window(key, config);
    return {
      limit: config.limit,
      remaining: Math.max(0, config.limit - w.used),
      reset: Math.ceil((w.startMs + config.windowSeconds * 1000) / 1000),
    };
  }
}

/** The response headers of a decision. */
export function rateLimitHeaders(decision: Pick<Decision, "user" | "account">): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (prefix: string, s: WindowState) => {
    out[`${prefix}limit`] = String(s.limit);
    out[`${prefix}remaining`] = String(s.remaining);
    out[`${prefix}reset`] = String(s.reset);
  };
  put("x-rate-limit-", decision.user);
  if (decision.account) put("x-account-rate-limit-", decision.account);
  return out;
}
