/**
 * Which failures are retried (docs/architecture.md rule 7), as a pure function. A retry
 * must never double-spend: GET, PUT and DELETE are idempotent and may be sent
 * again after any failure; a POST only when the platform said it did nothing
 * (429, 503). A POST that timed out or lost its connection may have committed
 * and is never resent here: the caller looks the entity up instead, and
 * sends it again only once `writeSettledAtMs` has passed and a second
 * look-up found nothing (provider/resources/batch-create.ts). An address
 * with nothing listening, or a host name that does not exist, fails at once
 * whatever the method: nothing was sent, and asking again seconds later
 * only makes every resource of a refresh wait for the same answer.
 */

export type Outcome =
  | { kind: "response"; status: number }
  /** Time-out, reset or dropped connection after the request was sent. */
  | { kind: "no-response" }
  /** Nothing listens at the address (connection refused) or its host name does not exist: nothing was sent. */
  | { kind: "unreachable" }
  /** Not sent for a reason that passes (a name server that did not answer: EAI_AGAIN). */
  | { kind: "not-sent" };

export type Decision = "retry" | "fail" | "maybe-committed";

/** The time-out of one request when the configuration sets none (`xads:requestTimeoutMs`). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * When a write sent at `sentAtMs` can no longer commit: the client gives up
 * on it after the request time-out (got's `timeout.request` bounds the whole
 * exchange), and the platform may still be working on it after the
 * connection closed, for which it is granted one more time-out. Both times
 * are on our clock, so the platform's clock slack does not enter (it does
 * in the look-up's `created_at`). Before then a create without an answer is
 * never sent again (docs/architecture.md rule 7); `xads recover` waits for
 * the same moment after the interrupted update's last checkpoint.
 */
export function writeSettledAtMs(sentAtMs: number, timeoutMs: number): number {
  return sentAtMs + 2 * timeoutMs;
}

export const MAX_ATTEMPTS = 6;

/** `readOnly`: a POST that writes nothing (an audience estimate), as safe to send again as a GET. */
export function decide(method: string, outcome: Outcome, attempt: number, readOnly = false): Decision {
  const idempotent = readOnly || method !== "POST";
  if (outcome.kind === "unreachable") return "fail";
  if (outcome.kind === "not-sent") return attempt + 1 < MAX_ATTEMPTS ? "retry" : "fail";
  if (outcome.kind === "no-response") {
    if (!idempotent) return "maybe-committed";
    return attempt + 1 < MAX_ATTEMPTS ? "retry" : "fail";
  }
  const { status } = outcome;
  // 429 and 503 are refusals before any work: safe for every method.
  const refused = status === 429 || status === 503;
  const serverFault = status === 500 || status === 502 || status === 504;
  // A POST the server failed on may have committed before it failed.
  if (serverFault && !idempotent) return "maybe-committed";
  // Other 5xx on an idempotent request: the same request again is harmless.
  if ((refused || serverFault) && attempt + 1 < MAX_ATTEMPTS) return "retry";
  return "fail";
}

export interface Backoff {
  /** The wait before the first retry (attempt 0), doubled each attempt. */
  baseMs: number;
  /** The longest wait. */
  capMs: number;
  /** In [0, 1); injected by tests. */
  random?: () => number;
}

/** The client's retries after a failure without a retry-after (503s, lost answers to idempotent requests). */
export const CLIENT_BACKOFF: Backoff = { baseMs: 500, capMs: 30_000 };

/**
 * How long to wait before retry number `attempt` (0 for the first): the
 * exponential step `baseMs * 2^attempt`, capped, with equal jitter (half of
 * it fixed, half random), so retries still back off, and concurrent
 * callers that failed together (the chunks of one upload, the resources of
 * one `up`) do not all come back at the same instant.
 */
export function backoffMs(attempt: number, { baseMs, capMs, random = Math.random }: Backoff): number {
  const step = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(step / 2 + (step / 2) * random());
}
