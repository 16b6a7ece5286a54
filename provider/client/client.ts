import got, { RequestError } from "got";
import PQueue from "p-queue";
import { LIMITS } from "../limits";
import { authorizationHeader, Credentials } from "./signing";
import {
  AdsApiError, errorForStatus, MaybeCommittedError, NotFoundError, PlatformError, redact, ValidationError,
} from "./errors";
import { backoffMs, CLIENT_BACKOFF, decide, Outcome } from "./retry";
import { delayBeforeNextMs, parseRateLimit, RateLimitState, retryAfterMs, slidingWindowDelayMs } from "./rate-limit";

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type Query = Record<string, QueryValue>;
export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface ClientOptions {
  credentials: Credentials;
  /** Base address of every request, e.g. https://ads-api.x.com or the sandbox one. */
  baseUrl: string;
  /** Per-request time-out; a POST that exceeds it is looked up, not resent. */
  timeoutMs?: number;
  /** Requests of one account and endpoint family in flight at once. */
  concurrency?: number;
  /** How long concurrent GETs by id wait to be coalesced into one list call. */
  coalesceWindowMs?: number;
  /**
   * collect: how long a group of writes stays open after its last item
   * (the engine starts creates a few milliseconds apart), and the longest
   * any item waits.
   */
  collectWindowMs?: number;
  collectMaxWaitMs?: number;
  log?: (line: string) => void;
  /**
   * Runs right before each write (POST, PUT, DELETE) is sent, retries
   * included; a write it throws for is not sent. The provider refuses
   * writes once the engine that asked for them is gone (provider/engine.ts).
   */
  beforeWrite?: (method: Method, path: string) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface RequestSpec {
  method: Method;
  /** Path below the base address, e.g. `/12/accounts/abc/campaigns`. */
  path: string;
  query?: Query;
  /** JSON body (batch endpoints, cards, audience uploads); never signed. */
  json?: unknown;
}

/** The platform's response envelope (`{request, data}`, plus list fields). */
export interface Envelope<T> {
  data: T;
  next_cursor?: string | null;
  total_count?: number;
  request?: unknown;
}

export type Entity = Record<string, unknown> & { id: string; deleted?: boolean };

/**
 * The Ads API client. Every request of one account and endpoint family goes
 * through one queue (DESIGN.md rule 8), where rate limits are planned from the
 * headers of earlier answers and concurrent reads by id are coalesced.
 */
export class AdsClient {
  private readonly queues = new Map<string, PQueue>();
  private readonly limits = new Map<string, RateLimitState>();
  private readonly pendingGroups = new Map<string, PendingGroup>();
  /** When the last requests of a family with a planned cap were sent. */
  private readonly sentAt = new Map<string, number[]>();
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly coalesceWindowMs: number;
  private readonly collectWindowMs: number;
  private readonly collectMaxWaitMs: number;
  private readonly log: (line: string) => void;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(private readonly options: ClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.concurrency = options.concurrency ?? 4;
    this.coalesceWindowMs = options.coalesceWindowMs ?? 10;
    this.collectWindowMs = options.collectWindowMs ?? 2000;
    this.collectMaxWaitMs = options.collectMaxWaitMs ?? 30_000;
    this.log = options.log ?? ((line) => process.stderr.write(line + "\n"));
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = options.now ?? Date.now;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** One request, queued, signed, retried where that cannot double-spend. */
  async request<T = unknown>(spec: RequestSpec): Promise<Envelope<T>> {
    const key = queueKey(spec.path);
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new PQueue({ concurrency: this.concurrency });
      this.queues.set(key, queue);
    }
    return queue.add(() => this.send<T>(spec, key), { throwOnTimeout: true });
  }

  async get<T = Entity>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>({ method: "GET", path, query })).data;
  }

  async post<T = Entity>(path: string, query?: Query, json?: unknown): Promise<T> {
    return (await this.request<T>({ method: "POST", path, query, json })).data;
  }

  async put<T = Entity>(path: string, query?: Query, json?: unknown): Promise<T> {
    return (await this.request<T>({ method: "PUT", path, query, json })).data;
  }

  async delete<T = Entity>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>({ method: "DELETE", path, query })).data;
  }

  /**
   * One batch call (JSON body, seed 4.4 and 4.12): refused before sending
   * when it holds more items than the endpoint takes. Any item error fails
   * the whole batch; the error carries `operationErrors` by item index.
   */
  async batch<T = Entity>(path: string, items: readonly BatchItem[], maxItems: number): Promise<T[]> {
    if (items.length > maxItems) {
      throw new ValidationError({
        code: "TOO_MANY_BATCH_ITEMS", message: `a batch holds at most ${maxItems} items (got ${items.length})`,
        parameter: "items", method: "POST", path,
      });
    }
    return (await this.request<T[]>({ method: "POST", path, json: items })).data;
  }

  /** Every record of a list endpoint, following `next_cursor` to the end. */
  async list<T = Entity>(path: string, query: Query = {}): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    const count = query.count ?? LIMITS.count.max;
    do {
      const page = await this.request<T[]>({ method: "GET", path, query: { ...query, count, cursor } });
      out.push(...page.data);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return out;
  }

  /**
   * Reads one entity by id. Concurrent calls for the same collection are
   * coalesced into list calls with an IDS filter of at most 200 ids, so a
   * refresh of thousands of resources makes tens of requests. Rejects with
   * NotFoundError when the entity is not there.
   */
  async getById<T extends Entity = Entity>(req: GetByIdRequest): Promise<T> {
    // Lists that filter by a parent, not by id (targeting criteria by line item): the parents' ids go in the filter.
    const param = req.by?.param ?? req.idsParam!;
    const group = `get|${req.collectionPath}|${param}|${JSON.stringify(req.query ?? {})}`;
    const entity = await this.collect<{ id: string; key: string }, Entity | undefined>(group, { id: req.id, key: req.by?.value ?? req.id }, LIMITS.idsPerFilter, async (items) => {
      const found = await this.list<Entity>(req.collectionPath, { ...req.query, [param]: [...new Set(items.map((i) => i.key))] });
      const byId = new Map(found.map((e) => [String(e.id), e]));
      return items.map((i) => byId.get(i.id));
    }, this.coalesceWindowMs);
    if (!entity) {
      throw new NotFoundError({
        status: 404, code: "NOT_FOUND", message: `no entity with id ${req.id}`, method: "GET", path: req.collectionPath,
      });
    }
    return entity as T;
  }

  /**
   * Gathers concurrent calls of one `group` (for the coalesce window) and
   * runs them as calls of at most `max` items each: `run` gets the items and
   * answers one result per item, in order. Each caller gets its own result,
   * or the error of its chunk. Used for reads by id (200 ids per list call)
   * and where the platform takes many ids in one write (promoted Tweets: 50
   * per POST). The group stays open `windowMs` after its last item.
   */
  collect<I, R>(group: string, item: I, max: number, run: (items: I[]) => Promise<R[]>, windowMs = this.collectWindowMs): Promise<R> {
    let pending = this.pendingGroups.get(group);
    if (!pending) {
      pending = { entries: [], startedAt: this.now() };
      this.pendingGroups.set(group, pending);
    }
    const current = pending;
    const result = new Promise<R>((resolve, reject) =>
      current.entries.push({ item, resolve: resolve as (r: unknown) => void, reject }));
    const flush = () => {
      if (this.pendingGroups.get(group) !== current) return;
      this.pendingGroups.delete(group);
      clearTimeout(current.timer);
      void flushGroup(current, max, run as (items: unknown[]) => Promise<unknown[]>);
    };
    // The engine starts creates as it registers resources, milliseconds to
    // (on a loaded machine) hundreds of milliseconds apart: wait while items
    // keep coming, send at once when a call is full, and hold none longer
    // than collectMaxWaitMs. Under a full test run on 2 cores, gaps of
    // 500 ms still split 120 Tweets into 4 POSTs: the window is 2 s.
    clearTimeout(current.timer);
    if (current.entries.length >= max || this.now() - current.startedAt >= this.collectMaxWaitMs) flush();
    else current.timer = setTimeout(flush, windowMs);
    return result;
  }

  /** Waits until one more request fits the family's planned cap, and counts it. */
  private async keepUnderCap(key: string): Promise<void> {
    const planned = plannedCap(key);
    if (!planned) return;
    for (;;) {
      const sent = (this.sentAt.get(key) ?? []).filter((t) => t > this.now() - planned.windowMs);
      const wait = slidingWindowDelayMs(sent, this.now(), planned.cap, planned.windowMs);
      if (wait <= 0) {
        sent.push(this.now());
        this.sentAt.set(key, sent);
        return;
      }
      this.log(`${key}: ${planned.cap} requests in the last ${planned.windowMs / 1000} s, the platform's limit: waiting ${Math.ceil(wait / 1000)} s`);
      await this.sleep(wait);
    }
  }

  private async send<T>(spec: RequestSpec, key: string): Promise<Envelope<T>> {
    const query = encodeQuery(spec.query ?? {});
    const url = this.options.baseUrl.replace(/\/$/, "") + spec.path;
    const secrets = Object.values(this.options.credentials);
    for (let attempt = 0; ; attempt++) {
      await this.keepUnderCap(key);
      const wait = delayBeforeNextMs(this.limits.get(key), this.now());
      if (wait > 0) {
        if (wait > 1000) this.log(`rate limit of ${key} reached: waiting ${Math.ceil(wait / 1000)} s for its reset`);
        await this.sleep(wait);
      }
      if (spec.method !== "GET") await this.options.beforeWrite?.(spec.method, spec.path);
      const authorization = authorizationHeader(this.options.credentials, spec.method, url, query);
      const qs = new URLSearchParams(query).toString();
      let outcome: Outcome;
      let response: { statusCode: number; headers: Record<string, string | string[] | undefined>; body: string } | undefined;
      let failure: unknown;
      try {
        response = await got(qs ? `${url}?${qs}` : url, {
          method: spec.method,
          headers: {
            authorization,
            ...(spec.json !== undefined ? { "content-type": "application/json" } : {}),
            "user-agent": "pulumi-xads",
          },
          body: spec.json !== undefined ? JSON.stringify(spec.json) : undefined,
          timeout: { request: this.timeoutMs },
          retry: { limit: 0 },
          throwHttpErrors: false,
          followRedirect: false,
        });
        outcome = { kind: "response", status: response.statusCode };
        const state = parseRateLimit(response.headers);
        if (state) this.limits.set(key, state);
      } catch (err) {
        failure = err;
        outcome = notSent(err) ? { kind: "not-sent" } : { kind: "no-response" };
      }

      if (response && response.statusCode < 300) return parseBody<T>(response.body, spec);

      const decision = decide(spec.method, outcome, attempt);
      if (decision === "retry") {
        const delay = response ? retryAfterMs(response.headers, this.now(), attempt) : backoffMs(attempt, CLIENT_BACKOFF);
        if (response?.statusCode === 429) this.log(`${spec.method} ${spec.path}: rate limited (429), waiting ${Math.ceil(delay / 1000)} s for the reset`);
        // This wait already runs to the reset: the window starts anew after it.
        this.limits.delete(key);
        await this.sleep(delay);
        continue;
      }
      if (!response) {
        const reason = redact(describe(failure), secrets);
        const Err = decision === "maybe-committed" ? MaybeCommittedError : AdsApiError;
        throw new Err({
          code: decision === "maybe-committed" ? "NO_RESPONSE" : "NETWORK_ERROR",
          message: decision === "maybe-committed"
            ? `no answer (${reason}); the write may have committed, so it is not sent again`
            : `no answer after ${attempt + 1} attempts (${reason})`,
          method: spec.method,
          path: spec.path,
        });
      }
      throw platformError(response.statusCode, response.body, spec, decision === "maybe-committed");
    }
  }
}

export interface BatchItem {
  operation_type: "Create" | "Update" | "Delete";
  params: Record<string, unknown>;
}

export interface GetByIdRequest {
  /** e.g. `/12/accounts/abc/campaigns` */
  collectionPath: string;
  /** The IDS filter of that list, e.g. `campaign_ids`. */
  idsParam?: string;
  id: string;
  /** Where the list filters by a parent instead of by id: the parent's filter and id, e.g. `line_item_ids`. */
  by?: { param: string; value: string };
  /** Further query, e.g. `{ with_deleted: true, with_draft: true }`. */
  query?: Query;
}

interface PendingGroup {
  entries: { item: unknown; resolve: (r: unknown) => void; reject: (e: unknown) => void }[];
  startedAt: number;
  timer?: NodeJS.Timeout;
}

async function flushGroup(group: PendingGroup, max: number, run: (items: unknown[]) => Promise<unknown[]>): Promise<void> {
  const chunks: PendingGroup["entries"][] = [];
  for (let i = 0; i < group.entries.length; i += max) chunks.push(group.entries.slice(i, i + max));
  await Promise.all(chunks.map(async (chunk) => {
    try {
      const results = await run(chunk.map((e) => e.item));
      chunk.forEach((e, i) => e.resolve(results[i]));
    } catch (err) {
      for (const e of chunk) e.reject(err);
    }
  }));
}

/**
 * Requests are queued per account and endpoint family
 * (`/12/accounts/abc/campaigns/x` -> `accounts/abc/campaigns`), the unit the
 * platform's rate limits count in.
 */
export function queueKey(path: string): string {
  const parts = path.split("/").filter(Boolean);
  const rest = /^\d+$/.test(parts[0] ?? "") ? parts.slice(1) : parts;
  const family = rest[0] === "batch" ? rest.slice(0, 4) : rest.slice(0, 3);
  // User uploads have a rate limit of their own (seed section 8): their own queue.
  if (UPLOAD_COLLECTIONS.includes(family[family.length - 1] ?? "") && rest[rest.length - 1] === "users") family.push("users");
  return family.join("/");
}

const UPLOAD_COLLECTIONS = ["custom_audiences", "do_not_reach_lists"];

/**
 * Limits the platform documents in advance, planned in the queue rather
 * than met: audience and do-not-reach user uploads, at most 1,500 calls a
 * minute (seed section 8).
 */
export function plannedCap(key: string): { cap: number; windowMs: number } | undefined {
  return key.endsWith("/users") ? { cap: LIMITS.audienceUpload.requestsPerMinute, windowMs: 60_000 } : undefined;
}

/** Query values on the wire: lists comma-separated, booleans as words. */
export function encodeQuery(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(",") : String(v);
  }
  return out;
}

function notSent(err: unknown): boolean {
  const code = err instanceof RequestError ? err.code : (err as { code?: string })?.code;
  return code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN";
}

function describe(err: unknown): string {
  if (err instanceof RequestError) return err.code ? `${err.code}` : err.name;
  return err instanceof Error ? err.message : String(err);
}

function parseBody<T>(body: string, spec: RequestSpec): Envelope<T> {
  try {
    return JSON.parse(body) as Envelope<T>;
  } catch {
    throw new AdsApiError({
      code: "BAD_RESPONSE", message: "the response is not JSON", method: spec.method, path: spec.path,
    });
  }
}

function platformError(status: number, body: string, spec: RequestSpec, maybeCommitted: boolean): AdsApiError {
  let errors: PlatformError[] = [];
  let operationErrors: PlatformError[][] | undefined;
  try {
    const parsed = JSON.parse(body) as { errors?: PlatformError[]; operation_errors?: PlatformError[][] };
    errors = parsed.errors ?? [];
    operationErrors = parsed.operation_errors;
  } catch {
    // Not the platform's JSON (a proxy page, say): the status is all we know.
  }
  const first = errors[0] ?? operationErrors?.flat()[0] ?? { code: `HTTP_${status}`, message: "the API answered without an error body" };
  const init = {
    status, code: first.code, message: first.message, parameter: first.parameter,
    method: spec.method, path: spec.path, errors, operationErrors,
  };
  return maybeCommitted ? new MaybeCommittedError(init) : errorForStatus(init);
}
