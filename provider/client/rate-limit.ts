/**
 * Rate-limit planning as pure functions (DESIGN.md rule 8). The platform
 * counts each request in windows (X Ads API reference, "Rate limiting":
 * github:xdevplatform/docs, x-ads-api/fundamentals/rate-limiting.mdx): reads
 * below an account per ad account and endpoint, answered in
 * `x-account-rate-limit-*` headers, which "should take precedence"; every
 * request per user token, in `x-rate-limit-*` (writes as one category).
 * The client keeps what the last answers said of each window, counts the
 * requests it has in flight against it, and sends a request only while the
 * window has room for it: it waits before the limit, never after a 429.
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

function windowOf(headers: Headers, prefix: string): RateLimitState | undefined {
  const limit = header(headers, prefix + "limit");
  const remaining = header(headers, prefix + "remaining");
  const reset = header(headers, prefix + "reset");
  return limit !== undefined && remaining !== undefined && reset !== undefined ? { limit, remaining, resetAtMs: reset * 1000 } : undefined;
}

/** The two windows an answer describes: the ad account's and the user's, where it sends them. */
export function parseRateLimits(headers: Headers): { account?: RateLimitState; user?: RateLimitState } {
  const account = windowOf(headers, "x-account-rate-limit-");
  const user = windowOf(headers, "x-rate-limit-");
  return { ...(account ? { account } : {}), ...(user ? { user } : {}) };
}

/**
 * The windows a request counts in, named by the client (the account's
 * first, where it has one), after the reference's chart: a read below an
 * account in the account's window of its endpoint and in the user's of the
 * endpoint; a write in the user's one category; a user upload in the user's
 * window of its endpoint; targeting criteria reads in the user's one
 * category; a read without an account (reference data) in the user's
 * window of its endpoint.
 */
export function windowsOf(method: string, path: string): { account?: string; user: string } {
  const parts = path.split("?")[0]!.split("/").filter(Boolean);
  const rest = /^\d+$/.test(parts[0] ?? "") ? parts.slice(1) : parts;
  const below = rest[0] === "batch" ? rest.slice(1) : rest;
  const accountId = below[0] === "accounts" ? below[1] : undefined;
  const family = accountId === undefined ? below.join("/") : below[2] ?? "accounts";
  if (UPLOAD_COLLECTIONS.includes(family) && below[below.length - 1] === "users") return { user: `${family}/users` };
  if (method !== "GET") return { user: "writes" };
  if (family === "targeting_criteria" || family.startsWith("targeting_criteria/")) return { user: "targeting_criteria" };
  if (accountId === undefined) return { user: `GET ${family}` };
  return { account: `accounts/${accountId}/${family}`, user: `GET ${family}` };
}

const UPLOAD_COLLECTIONS = ["custom_audiences", "do_not_reach_lists"];

/**
 * What is known of a window: the state its answers gave, whether the last
 * answer came without its headers (a window the platform does not report,
 * not limited as far as the client can tell), and the requests in flight in
 * it.
 */
export interface WindowView {
  state?: RateLimitState;
  unreported: boolean;
  inFlight: number;
}

/** Send now; wait `ms` (until the window resets); or wait for an answer in flight, which says more. */
export type Admission = { kind: "go" } | { kind: "wait"; ms: number } | { kind: "answer" };

/**
 * Whether one more request may go in a window. Unknown (nothing answered
 * yet): one request at a time, until the first answer tells the limit. Known:
 * while the remaining requests exceed those in flight; when they do not, and
 * some are in flight, their answers say more; when none are, until the reset
 * (plus a margin for clock skew). Past the reset the window starts over with
 * its whole limit.
 */
export function admission(w: WindowView, nowMs: number, marginMs = 250): Admission {
  const { state, inFlight } = w;
  if (!state) return w.unreported || inFlight === 0 ? { kind: "go" } : { kind: "answer" };
  const room = (nowMs >= state.resetAtMs ? state.limit : state.remaining) - inFlight;
  if (room > 0) return { kind: "go" };
  if (inFlight > 0) return { kind: "answer" };
  return { kind: "wait", ms: Math.max(0, state.resetAtMs - nowMs + marginMs) };
}

/**
 * A window after one more answer: a later window replaces it; within one
 * window, the remaining count only falls (answers arrive out of order); an
 * answer of a window already over changes nothing.
 */
export function observe(prev: RateLimitState | undefined, seen: RateLimitState): RateLimitState {
  if (!prev || seen.resetAtMs > prev.resetAtMs) return seen;
  if (seen.resetAtMs < prev.resetAtMs) return prev;
  return { ...prev, limit: seen.limit, remaining: Math.min(prev.remaining, seen.remaining) };
}

/**
 * How long to wait after a 429 or 503: `retry-after` (seconds) first, then
 * the reset of the exhausted window (the later one if both are), then the
 * client's back-off (`backoffMs`).
 */
export function retryAfterMs(headers: Headers, nowMs: number, attempt: number, random?: () => number): number {
  const retryAfter = header(headers, "retry-after");
  if (retryAfter !== undefined) return Math.max(0, retryAfter * 1000);
  const windows = Object.values(parseRateLimits(headers));
  const exhausted = windows.filter((w) => w.remaining <= 0);
  const resetAtMs = Math.max(...(exhausted.length > 0 ? exhausted : windows).map((w) => w.resetAtMs));
  if (Number.isFinite(resetAtMs)) return Math.max(0, resetAtMs - nowMs + 250);
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
