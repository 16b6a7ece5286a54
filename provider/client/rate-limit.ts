/**
 * Rate-limit bookkeeping as pure functions (DESIGN.md rule 8). The platform
 * sends `x-account-rate-limit-*` on account-scoped endpoints and
 * `x-rate-limit-*` per user and endpoint; the account one is read first
 * because it is the tighter of the two when both are present.
 */
import { backoffMs, CLIENT_BACKOFF } from "./retry";

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the window resets. */
  resetAtMs: number;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): number | undefined {
  const raw = headers[name];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** The window the response headers describe, or undefined if there are none. */
export function parseRateLimit(headers: Headers): RateLimitState | undefined {
  for (const prefix of ["x-account-rate-limit-", "x-rate-limit-"]) {
    const limit = header(headers, prefix + "limit");
    const remaining = header(headers, prefix + "remaining");
    const reset = header(headers, prefix + "reset");
    if (limit !== undefined && remaining !== undefined && reset !== undefined) {
      return { limit, remaining, resetAtMs: reset * 1000 };
    }
  }
  return undefined;
}

/**
 * How long to wait before sending the next request of a family, given what
 * the last response said: nothing while requests remain, otherwise until the
 * window resets (plus a small margin for clock skew).
 */
export function delayBeforeNextMs(state: RateLimitState | undefined, nowMs: number, marginMs = 250): number {
  if (!state || state.remaining > 0) return 0;
  return Math.max(0, state.resetAtMs - nowMs + marginMs);
}

/**
 * How long to wait after a 429 or 503: `retry-after` (seconds) first, then the
 * rate-limit reset, then the client's back-off (`backoffMs`).
 */
export function retryAfterMs(headers: Headers, nowMs: number, attempt: number, random?: () => number): number {
  const retryAfter = header(headers, "retry-after");
  if (retryAfter !== undefined) return Math.max(0, retryAfter * 1000);
  const state = parseRateLimit(headers);
  if (state) return Math.max(0, state.resetAtMs - nowMs + 250);
  return backoffMs(attempt, { ...CLIENT_BACKOFF, random });
}

/**
 * How long until one more request fits a documented cap of `cap` requests
 * per `windowMs` (audience uploads: 1,500 a minute), given when the recent
 * ones were sent (ascending): 0 while fewer than `cap` fall in the window.
 */
export function slidingWindowDelayMs(sentAtMs: readonly number[], nowMs: number, cap: number, windowMs: number): number {
  const recent = sentAtMs.filter((t) => t > nowMs - windowMs);
  if (recent.length < cap) return 0;
  return recent[recent.length - cap]! + windowMs - nowMs;
}
