/**
 * Injected faults for the reliability tests (DESIGN.md rule 9): an error
 * status before the request is handled, a dropped connection, or a response
 * held back after the write committed so that the client times out.
 */
import { Env } from "./store";

export type FaultKind = "status" | "drop" | "timeout-after-commit"
  /**
   * Audience and do-not-reach user uploads (seed 4.12): the upload is
   * handled, but its last `shortBy` users are dropped and success_count
   * says so (lower than total_count), the error condition clients retry.
   */
  | "short-count";

export interface Fault {
  kind: FaultKind;
  /** Only requests of this method (any case); all methods when omitted. */
  method?: string;
  /** Matched against the path relative to the environment base (`/12/accounts/x/campaigns`). */
  path?: RegExp | string;
  env?: Env;
  /** How many matching requests it hits; 1 by default. */
  times?: number;
  /** kind "status": the status to answer, 503 by default. */
  status?: number;
  /** kind "timeout-after-commit": how long the response is held before the connection drops; 30 s by default. */
  delayMs?: number;
  /** Extra response headers (kind "status"), e.g. x-rate-limit-reset with a 429. */
  headers?: Record<string, string>;
  /** kind "short-count": how many users of the upload are dropped; 1 by default. */
  shortBy?: number;
  /** Shown in the request log; the kind by default. */
  name?: string;
}

export const DEFAULT_FAULT_STATUS = 503;
export const DEFAULT_HOLD_MS = 30_000;

interface Armed {
  fault: Fault;
  pattern?: RegExp;
  remaining: number;
}

export class Faults {
  private armed: Armed[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error(`fault times must be a whole number of at least 1, got ${times}`);
    // Without the g and y flags: they make RegExp.test stateful between requests.
    const pattern = fault.path === undefined ? undefined
      : new RegExp(fault.path, typeof fault.path === "string" ? "" : fault.path.flags.replace(/[gy]/g, ""));
    this.armed.push({ fault, pattern, remaining: times });
  }

  clear(): void {
    this.armed = [];
  }

  /** The first fault that matches this request, used up by one; undefined for none. */
  take(env: Env, method: string, path: string): Fault | undefined {
    const hit = this.armed.find((a) =>
      (a.fault.env === undefined || a.fault.env === env)
      && (a.fault.method === undefined || a.fault.method.toUpperCase() === method.toUpperCase())
      && (a.pattern === undefined || a.pattern.test(path)));
    if (!hit) return undefined;
    if (--hit.remaining === 0) this.armed = this.armed.filter((a) => a !== hit);
    return hit.fault;
  }
}

export function faultName(fault: Fault): string {
  return fault.name ?? fault.kind;
}
