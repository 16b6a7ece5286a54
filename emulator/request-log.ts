/**
 * Every /12 and /5 request the emulator received, and every users lookup
 * of the platform API (GET /2/users, env production), in arrival order, for
 * tests that assert what a client sent (or did not send again). Never holds
 * a credential: the Authorization header is not recorded.
 */
import { Env } from "./store";

export interface RequestLogEntry {
  seq: number;
  /** Wall-clock milliseconds when it arrived (before any latency), for traces of who waited on whom. */
  receivedAt: number;
  env: Env;
  method: string;
  /** Relative to the environment's base, without query: `/12/accounts/x/campaigns`. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON (or form) body, null without one. */
  body: unknown;
  /** The status the emulator answered, null when it dropped the connection. */
  status: number | null;
  /** Name of the injected fault that hit this request, null for none. */
  fault: string | null;
}

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  /** Starts an entry; the caller fills in body, status and fault as they become known. */
  open(entry: Pick<RequestLogEntry, "env" | "method" | "path" | "query">): RequestLogEntry {
    const full: RequestLogEntry = { seq: ++this.seq, receivedAt: Date.now(), ...entry, body: null, status: null, fault: null };
    this.entries.push(full);
    return full;
  }

  /** Copies, so a caller cannot change the log. */
  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
