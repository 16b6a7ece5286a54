/**
 * Rate-limit planning as pure functions (docs/architecture.md rule 8). The platform
 * counts each request in windows (X Ads API reference, "Rate limiting":
 * github:xdevplatform/docs, x-ads-api/fundamentals/rate-limiting.mdx): reads
 * below an account per ad account and endpoint, answered in
 * `x-account-rate-limit-*` headers, which "should take precedence"; every
 * request per user token, in `x-rate-limit-*` (writes as one category).
 * The client keeps what the last answers said of each window, counts the
 * requests it has in flight against it, and sends a request only while the
 * window has room for it: it waits before the limit, never after a 429.
 * The user's windows are the token's, not the process's: several `up`s under
 * one token (a stack per account, as a GitOps matrix runs them) share its
 * 450 writes a minute, and only the answers tell what the others used. So
 * a window the client has no answer of yet takes one request first; then,
 * once answers show others using the window, the client keeps no more than
 * half of what is left in flight (docs/operations.md "Several stacks under
 * one token"). Where answers carry no headers, the window's published limit
 * (provider/limits.ts `rateLimits`) stands in, counted by the client.
 */
import { ENUMS, LIMITS } from "../limits";
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

/** A window's limit as the reference publishes it: `limit` requests per `windowMs`. */
export interface Published {
  limit: number;
  windowMs: number;
}

/** One window a request counts in: the client's name for it, and its published limit (none for the application's quota, which has no number). */
export interface RequestWindow {
  key: string;
  published?: Published;
  /** The user token's window, which every process under the token spends (an account's is its stack's). */
  byToken: boolean;
}

/** One of the user token's windows. */
const tokenWindow = (key: string, limit?: Published): RequestWindow => ({ key, ...(limit ? { published: limit } : {}), byToken: true });

const RATE = LIMITS.rateLimits;
const published = (row: { requests: number; windowSeconds: number }): Published => ({ limit: row.requests, windowMs: row.windowSeconds * 1000 });

/**
 * The windows a request counts in (the account's first, where it has one),
 * after the reference's chart: a read below an account in the account's
 * window of its endpoint (core entity reads 10,000 per 15 minutes, other
 * reads 2,000) and in the user's of the endpoint (the application's quota:
 * "a high value", no number); a write in the user's one category (450 a
 * minute); a user upload in the user's window of its endpoint (1,500 a
 * minute); targeting criteria reads in the user's one category (400); a
 * read without an account in the user's window of its endpoint (reference
 * data: 5 per 15 minutes; the accounts list: a core entity read).
 */
export function windowsOf(method: string, path: string): { account?: RequestWindow; user: RequestWindow } {
  const parts = path.split("?")[0]!.split("/").filter(Boolean);
  const rest = /^\d+$/.test(parts[0] ?? "") ? parts.slice(1) : parts;
  const below = rest[0] === "batch" ? rest.slice(1) : rest;
  const accountId = below[0] === "accounts" ? below[1] : undefined;
  const family = accountId === undefined ? below.join("/") : below[2] ?? "accounts";
  if (UPLOAD_COLLECTIONS.includes(family) && below[below.length - 1] === "users") return { user: tokenWindow(`${family}/users`, published(RATE.audienceUploads)) };
  if (method !== "GET") return { user: tokenWindow("writes", published(RATE.writes)) };
  if (family === "targeting_criteria" || family.startsWith("targeting_criteria/")) return { user: tokenWindow("targeting_criteria", published(RATE.targetingCriteriaReads)) };
  const core = published((ENUMS.coreEntityCollections as readonly string[]).includes(family) ? RATE.coreEntityReads : RATE.otherAccountReads);
  // Keyword insights have no account in the path, yet a row of their own in the chart.
  if (family === "insights/keywords/search") return { user: tokenWindow(`GET ${family}`, published(RATE.keywordInsights)) };
  if (accountId === undefined) return { user: tokenWindow(`GET ${family}`, family === "accounts" ? core : published(RATE.globalReads)) };
  return { account: { key: `accounts/${accountId}/${family}`, published: core, byToken: false }, user: tokenWindow(`GET ${family}`) };
}

const UPLOAD_COLLECTIONS = ["custom_audiences", "do_not_reach_lists"];

/**
 * What is known of a window: the state its answers gave (none until an
 * answer carries its headers, or ever where the platform does not send
 * them), its published limit, and when the client sent the requests it
 * counts (those in flight included).
 */
export interface WindowView {
  state?: RateLimitState;
  /**
   * No answer has told of the window since the client met it, or since it
   * waited out its reset (its state forgotten): the next answer says how
   * much is left of it, other processes' requests counted.
   */
  unheard?: boolean;
  /** Answers showed requests in the window besides this client's (another process under the token): it is shared. */
  shared?: boolean;
  published?: Published;
  inFlight: number;
  /** When the client's recent requests in this window were sent, ascending. */
  sentAtMs: readonly number[];
}

/** Send now; wait `ms` (until the window resets); or wait for an answer in flight, which says more. */
export type Admission = { kind: "go" } | { kind: "wait"; ms: number } | { kind: "answer" };

/**
 * Whether one more request may go in a window. Unheard (no answer yet, or
 * its reset waited out): one request, until its answer tells how much is
 * left (others under the token may have used it; the platform's clock is
 * not ours). Reported by the platform: while the remaining requests its
 * last answer gave exceed those in flight, or in a shared window twice
 * those in flight (each process under the token keeps at most half of
 * what is left, so two that read the same answer do not both spend it);
 * when they do not, and some are in flight, their answers say more; when
 * none are, until the reset (plus a margin for clock skew). Past the reset
 * the window starts over with its whole limit. Answered without headers:
 * the client counts its own requests against the published limit, in a
 * window of the published length that slides with them; a window with no
 * published number is not limited.
 */
export function admission(w: WindowView, nowMs: number, marginMs = 250): Admission {
  const { state, inFlight } = w;
  if (w.unheard && !state) return inFlight === 0 ? { kind: "go" } : { kind: "answer" };
  if (!state) {
    if (!w.published) return { kind: "go" };
    const ms = slidingWindowDelayMs(w.sentAtMs, nowMs, w.published.limit, w.published.windowMs);
    return ms <= 0 ? { kind: "go" } : { kind: "wait", ms };
  }
  const left = nowMs >= state.resetAtMs ? state.limit : state.remaining;
  const room = (w.shared ? Math.floor(left / 2) : left) - inFlight;
  if (room > 0) return { kind: "go" };
  if (inFlight > 0) return { kind: "answer" };
  return { kind: "wait", ms: Math.max(0, state.resetAtMs - nowMs + marginMs) };
}

/**
 * Whether an answer shows requests in the window besides the client's own:
 * within one window, the remaining count fell by more than the requests the
 * client had in flight (this answer's own included) could spend.
 */
export function othersSpent(prev: RateLimitState | undefined, seen: RateLimitState, inFlight: number): boolean {
  return prev !== undefined && seen.resetAtMs === prev.resetAtMs && prev.remaining - seen.remaining > inFlight;
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
 * How long until one more request fits a published limit of `cap` requests
 * per `windowMs`, given when the recent ones were sent (ascending): 0 while
 * fewer than `cap` fall in the window.
 */
export function slidingWindowDelayMs(sentAtMs: readonly number[], nowMs: number, cap: number, windowMs: number): number {
  const recent = sentAtMs.filter((t) => t > nowMs - windowMs);
  if (recent.length < cap) return 0;
  return recent[recent.length - cap]! + windowMs - nowMs;
}
