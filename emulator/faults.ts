/**
 * Injected faults for the reliability tests (docs/architecture.md rule 9): an error
 * status before the request is handled, a dropped connection, or a response
 * held back after the write committed so that the client times out. Armed
 * faults hit the requests they match; random faults (a fault campaign) hit
 * any request with a given chance, drawn from a seed.
 */
import { Env } from "./store";

export type FaultKind = "status" | "drop" | "timeout-after-commit"
  /**
   * A gate: the request waits before it is handled until the control API
   * releases it (`releaseHeld`) or `delayMs` passes, then is handled as any
   * other; a test holds a client mid-request while it does something else.
   */
  | "hold"
  /**
   * Audience and do-not-reach user uploads (ref audiences/reference.mdx, Custom Audiences Users and Do Not Reach Lists): the upload is
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
  /** kind "timeout-after-commit": how long the response is held before the connection drops; kind "hold": how long the request waits; 30 s by default (either is released early by the control API). */
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

/** What a random fault can be: a time-out after commit, a 503, a 429, a dropped connection. */
export const RANDOM_FAULT_KINDS = ["timeout-after-commit", "503", "429", "drop"] as const;
export type RandomFaultKind = (typeof RANDOM_FAULT_KINDS)[number];

export interface RandomFaults {
  /** The draws' seed: the same seed draws the same faults for the same sequence of requests. */
  seed: number;
  /** The chance that a request gets a fault, 0 to 1. */
  rate: number;
  /** The faults drawn from, each as likely (default: all four). */
  kinds?: readonly RandomFaultKind[];
  /** Only requests of these methods (default: all). */
  methods?: readonly string[];
  env?: Env;
  /** How long a time-out after commit holds the response; 30 s by default. */
  delayMs?: number;
}

/** mulberry32: a small seeded generator of numbers in [0, 1), enough for drawing faults. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fault a random draw of `kind` injects: named by its kind, for counting them in the request log. */
export function randomFault(kind: RandomFaultKind, delayMs?: number): Fault {
  if (kind === "503" || kind === "429") return { kind: "status", status: Number(kind), name: kind };
  return { kind, name: kind, ...(kind === "timeout-after-commit" && delayMs !== undefined ? { delayMs } : {}) };
}

interface Armed {
  fault: Fault;
  pattern?: RegExp;
  remaining: number;
}

export class Faults {
  private armed: Armed[] = [];
  private random?: { config: RandomFaults; next: () => number };

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error(`fault times must be a whole number of at least 1, got ${times}`);
    // Without the g and y flags: they make RegExp.test stateful between requests.
    const pattern = fault.path === undefined ? undefined
      : new RegExp(fault.path, typeof fault.path === "string" ? "" : fault.path.flags.replace(/[gy]/g, ""));
    this.armed.push({ fault, pattern, remaining: times });
  }

  /** Random faults from now on (a fault campaign), or none. */
  setRandom(config: RandomFaults | undefined): void {
    this.random = config && { config, next: seededRandom(config.seed) };
  }

  clear(): void {
    this.armed = [];
    this.random = undefined;
  }

  /** The first armed fault that matches this request, used up by one; else a random one, when drawn; undefined for none. */
  take(env: Env, method: string, path: string): Fault | undefined {
    const hit = this.armed.find((a) =>
      (a.fault.env === undefined || a.fault.env === env)
      && (a.fault.method === undefined || a.fault.method.toUpperCase() === method.toUpperCase())
      && (a.pattern === undefined || a.pattern.test(path)));
    if (!hit) return this.draw(env, method);
    if (--hit.remaining === 0) this.armed = this.armed.filter((a) => a !== hit);
    return hit.fault;
  }

  private draw(env: Env, method: string): Fault | undefined {
    if (!this.random) return undefined;
    const { config, next } = this.random;
    if ((config.env !== undefined && config.env !== env) || (config.methods && !config.methods.some((m) => m.toUpperCase() === method.toUpperCase()))) return undefined;
    if (next() >= config.rate) return undefined;
    const kinds = config.kinds ?? RANDOM_FAULT_KINDS;
    return randomFault(kinds[Math.floor(next() * kinds.length)]!, config.delayMs);
  }
}

export function faultName(fault: Fault): string {
  return fault.name ?? fault.kind;
}
