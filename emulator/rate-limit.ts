/**
 * Fixed-window rate limits, counted per (user, endpoint family) and per
 * (account, endpoint family), plus the seed's lower limit for requests with
 * with_total_count=true (seed 4.1). seed: not shown (section 8: "standard
 * rate limits per advertising endpoint: not shown"); real platform answers
 * x-rate-limit-* and x-account-rate-limit-* headers and 429 past the limit.
 */
import { LIMITS } from "./platform";
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

/** Generous enough that no ordinary test or demo ever meets it. */
export const DEFAULT_WINDOW: WindowConfig = { limit: 100_000, windowSeconds: 15 * 60 };
/** The families of the user uploads (api-path.ts), batch ones prefixed as every batch family is. */
const UPLOAD_RATE_FAMILIES = ["custom_audience_users", "batch_do_not_reach_list_users"] as const;
/** The family name of the with_total_count limit. */
export const TOTAL_COUNT_FAMILY = "with_total_count";

export interface Decision {
  allowed: boolean;
  user: WindowState;
  account?: WindowState;
}

export class RateLimiter {
  private readonly configs = new Map<string, WindowConfig>();
  private readonly windows = new Map<string, { startMs: number; used: number }>();

  constructor(private readonly clock: Clock) {
    this.reset();
  }

  /** Back to the defaults, every count forgotten. */
  reset(): void {
    this.configs.clear();
    this.windows.clear();
    this.configs.set(TOTAL_COUNT_FAMILY, { limit: LIMITS.withTotalCount.requests, windowSeconds: LIMITS.withTotalCount.windowSeconds });
    // Audience and do-not-reach user uploads: 1,500 a minute (seed section 8).
    for (const family of UPLOAD_RATE_FAMILIES) this.configs.set(family, { limit: LIMITS.audienceUpload.requestsPerMinute, windowSeconds: 60 });
  }

  /** A new limit for a family; its windows start over. */
  setLimit(family: string, limit: number, windowSeconds: number): void {
    this.configs.set(family, { limit, windowSeconds });
    for (const key of this.windows.keys()) if (key.endsWith(`|${family}`)) this.windows.delete(key);
  }

  config(family: string): WindowConfig {
    return this.configs.get(family) ?? DEFAULT_WINDOW;
  }

  /**
   * Counts one request of `family` against the user's window and, when the
   * request is account-scoped, the account's. Either exhausted refuses the
   * request and counts nothing.
   */
  take(family: string, userId: string, accountId?: string): Decision {
    const config = this.config(family);
    const userKey = `user:${userId}|${family}`;
    const accountKey = accountId === undefined ? undefined : `account:${accountId}|${family}`;
    const keys = accountKey === undefined ? [userKey] : [userKey, accountKey];
    const allowed = keys.every((k) => this.window(k, config).used < config.limit);
    if (allowed) for (const k of keys) this.window(k, config).used++;
    return {
      allowed,
      user: this.state(userKey, config),
      account: accountKey === undefined ? undefined : this.state(accountKey, config),
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
