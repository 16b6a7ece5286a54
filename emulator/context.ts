/**
 * What the plugins and routes share: the emulator's state on the fastify
 * instance, and what the hooks learn about one API request on the request.
 * It sits below the routes and the control API (docs/architecture.md,
 * "Layers"), so it names only the state modules.
 */
import type { ApiPath } from "./api-path";
import type { OAuthVerifier } from "./auth";
import type { PlatformClock } from "./clock";
import type { Fault, Faults } from "./faults";
import type { Holds } from "./holds";
import type { Latency } from "./latency";
import type { Decision, RateLimiter } from "./rate-limit";
import type { RequestLog, RequestLogEntry } from "./request-log";
import type { Clock, Env, Store } from "./store";
import type { AuthTokens } from "./tokens";
import type { XUsers } from "./users";
import type { Webhooks } from "./webhooks";

export interface EmulatorState {
  store: Store;
  log: RequestLog;
  faults: Faults;
  limiter: RateLimiter;
  verifier: OAuthVerifier;
  holds: Holds;
  /** The platform's clock (clock.ts): every timestamp the emulator writes. */
  clock: Clock;
  /** What moves it (the control API). */
  time: PlatformClock;
  /** The clock clients sign and wait by: rate-limit windows and resets, signature timestamps. */
  plainClock: Clock;
  /** Issued and revoked OAuth tokens (xdevplatform/docs fundamentals/authentication/api-reference.mdx). */
  auth: AuthTokens;
  /** The application's registered webhooks (xdevplatform/docs openapi.json, GET /2/webhooks). */
  webhooks: Webhooks;
  /** The X users GET /2/users answers (xdevplatform/docs openapi.json, GET /2/users). */
  users: XUsers;
  /** How long each API request waits before it is handled (benchmarks). */
  latency: Latency;
}

/** One /12 or /5 request, as the hooks see it. */
export interface ApiRequest extends ApiPath {
  log: RequestLogEntry;
  /** Decoded form-body parameters in order, duplicates kept (they are signed). */
  formPairs?: Array<[string, string]>;
  /** Set by the OAuth hook once the signature verified. */
  userId?: string;
  /** Set by the rate-limit hook; its headers go on every response. */
  rateLimit?: Pick<Decision, "user" | "account">;
  /** A timeout-after-commit fault to apply once the response is ready. */
  hold?: Fault;
  /** A short-count fault for the user upload handler to apply. */
  shortCount?: Fault;
}

/** Options of every API route plugin: which environment it serves. */
export interface RouteOptions {
  env: Env;
}

declare module "fastify" {
  interface FastifyInstance {
    emulator: EmulatorState;
  }
  interface FastifyRequest {
    /** Null for requests outside /12 and /5 (the control API). */
    api: ApiRequest | null;
  }
}
