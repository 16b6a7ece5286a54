import got, { RequestError } from "got";
import PQueue from "p-queue";
import { LIMITS } from "../limits";
import type { Entity } from "./entity";
import { accountScope, CollectionReads, ParentReads, WaveSent } from "./collection-reads";
import { authorizationHeader, Credentials } from "./signing";
import {
  AdsApiError, AuthError, errorForStatus, MaybeCommittedError, NotFoundError, PlatformError, redact, UnreachableError, ValidationError,
} from "./errors";
import { backoffMs, CLIENT_BACKOFF, decide, DEFAULT_TIMEOUT_MS, Outcome, writeSettledAtMs } from "./retry";
import { admission, observe, othersSpent, parseRateLimits, Published, RateLimitState, RequestWindow, retryAfterMs, windowsOf } from "./rate-limit";
import { parseJson } from "./json";
import { EngineSteps, engineSteps, HeldGroup } from "./steps";

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type Query = Record<string, QueryValue>;
export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface ClientOptions {
  credentials: Credentials;
  /** Base address of every request, e.g. https://ads-api.x.com or the sandbox one. */
  baseUrl: string;
  /** Per-request time-out; a POST that exceeds it is looked up, not resent. */
  timeoutMs?: number;
  /**
   * Requests of one account and endpoint family in flight at once; no cap by
   * default: the rate-limit windows pace requests, and a cap below the
   * engine's --parallel would only queue what the platform would take.
   */
  concurrency?: number;
  /** How long concurrent GETs by id wait to be coalesced into one list call. */
  coalesceWindowMs?: number;
  /** How long a listing taken to serve reads by id serves them (collection-reads.ts); a minute by default. */
  listingLifetimeMs?: number;
  /**
   * collect: how long a group of writes stays open after its last item
   * (the engine starts creates a few milliseconds apart), and the longest
   * any item waits.
   */
  collectWindowMs?: number;
  collectMaxWaitMs?: number;
  /** The engine's steps this process runs (the process's own by default). */
  steps?: EngineSteps;
  log?: (line: string) => void;
  /**
   * Runs right before each write (POST, PUT, DELETE) is sent, retries
   * included; a write it throws for is not sent. The provider refuses
   * writes once the engine that asked for them is gone (provider/engine.ts).
   */
  beforeWrite?: (method: Method, path: string) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /**
   * What sends a signed request and answers its status, headers and body
   * text (default: got). Tests answer from recorded responses through it
   * (tests/conformance); everything above it (queues, retries, parsing)
   * runs as it does against the platform.
   */
  transport?: Transport;
}

/** One signed request as it goes on the wire. */
export interface WireRequest {
  method: Method;
  /** The whole address, query string included. */
  url: string;
  headers: Record<string, string>;
  /** The JSON body's text, where there is one. */
  body?: string;
  timeoutMs: number;
}

export interface WireResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends one request; rejects (as got does) when no answer came. */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** The default transport: got, with its own retries and redirects off (the client decides). */
export const gotTransport: Transport = (request) => got(request.url, {
  method: request.method,
  headers: request.headers,
  body: request.body,
  timeout: { request: request.timeoutMs },
  retry: { limit: 0 },
  throwHttpErrors: false,
  followRedirect: false,
});

export interface RequestSpec {
  method: Method;
  /** Path below the base address, e.g. `/12/accounts/abc/campaigns`. */
  path: string;
  query?: Query;
  /** JSON body (batch endpoints, cards, audience uploads); never signed. */
  json?: unknown;
  /**
   * A POST that writes nothing (audience_estimate computes an answer): retried
   * as a GET is, not held by the write guard, no listing made stale.
   */
  readOnly?: boolean;
}

/** The platform's response envelope (`{request, data}`, plus list fields). */
export interface Envelope<T> {
  data: T;
  next_cursor?: string | null;
  total_count?: number;
  request?: unknown;
}

export type { Entity };

/**
 * The Ads API client. Every request waits until its rate-limit windows have
 * room for it, planned from the headers of earlier answers (docs/architecture.md rule
 * 8, rate-limit.ts), and concurrent reads by id are coalesced.
 */
export class AdsClient {
  private readonly queues = new Map<string, PQueue>();
  /** What the answers said of each rate-limit window (rate-limit.ts `windowsOf` names them). */
  private readonly windows = new Map<string, RateWindow>();
  private readonly pendingGroups = new Map<string, PendingGroup>();
  /** Reads by id per collection and query, with the listing (or the children by parent) that may serve them. */
  private readonly reads = new Map<string, CollectionReads | ParentReads>();
  /** The ids each collection's reads answered, in the order they came: the parents a read by parent may add. */
  private readonly seen = new Map<string, Set<string>>();
  private readonly listingLifetimeMs: number;
  private readonly timeoutMs: number;
  private readonly concurrency: number;
  private readonly coalesceWindowMs: number;
  private readonly collectWindowMs: number;
  private readonly collectMaxWaitMs: number;
  private readonly log: (line: string) => void;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly transport: Transport;
  private readonly steps: EngineSteps;
  /** Accounts a look-up found deleted (accountGone), for the run. */
  private readonly deletedAccounts = new Map<string, Promise<boolean>>();

  constructor(private readonly options: ClientOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.concurrency = options.concurrency ?? Infinity;
    this.coalesceWindowMs = options.coalesceWindowMs ?? 10;
    this.listingLifetimeMs = options.listingLifetimeMs ?? 60_000;
    this.collectWindowMs = options.collectWindowMs ?? 2000;
    this.collectMaxWaitMs = options.collectMaxWaitMs ?? 30_000;
    this.log = options.log ?? ((line) => process.stderr.write(line + "\n"));
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = options.now ?? Date.now;
    this.transport = options.transport ?? gotTransport;
    this.steps = options.steps ?? engineSteps;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  /** The client's clock (a test's own, where it gives one): when a write is sent, for `waitOutWrite`. */
  clock(): number {
    return this.now();
  }

  /**
   * Waits until a write this client sent at `sentAtMs` can no longer commit
   * (retry.ts `writeSettledAtMs`: twice the request time-out), saying in the
   * log what waits (`what`), how long, and what comes after (`then`); at
   * once when that has passed.
   */
  async waitOutWrite(sentAtMs: number, what: string, then: string): Promise<void> {
    const waitMs = writeSettledAtMs(sentAtMs, this.timeoutMs) - this.now();
    if (waitMs <= 0) return;
    this.log(`${what}: waiting ${Math.ceil(waitMs / 1000)} s, until a request sent then can no longer commit (twice the request time-out of ${this.timeoutMs} ms), ${then}`);
    await this.sleep(waitMs);
  }

  /** What the answers said of the window a request of this method and path counts in (the account's, where it has one). */
  rateLimitOf(method: Method, path: string): RateLimitState | undefined {
    const w = windowsOf(method, path);
    return this.windows.get((w.account ?? w.user).key)?.state;
  }

  /** One request, queued, signed, retried where that cannot double-spend. */
  async request<T = unknown>(spec: RequestSpec): Promise<Envelope<T>> {
    try {
      return await this.queued<T>(spec);
    } catch (err) {
      throw await this.accountGone(err, spec.path);
    }
  }

  /**
   * An ACCOUNT_NOT_FOUND (403: ref fundamentals/error-codes-and-responses.mdx)
   * says the credentials reach no such account: one they may not use, or
   * one deleted (a sandbox account). The account list, which answers the
   * user's accounts only, tells them apart (with_deleted): a deleted
   * account took its entities with it, so what the request was about is
   * gone (NotFoundError, rule 6), not refused. Otherwise the refusal stands.
   */
  private async accountGone(err: unknown, path: string): Promise<unknown> {
    const account = accountScope(path);
    if (!(err instanceof AuthError) || err.code !== "ACCOUNT_NOT_FOUND" || account === "") return err;
    // A deleted account stays deleted: remembered for the run; one not deleted (yet) is asked again.
    let deleted = this.deletedAccounts.get(account);
    if (!deleted) {
      deleted = this.queued<Entity[]>({ method: "GET", path: "/12/accounts", query: { account_ids: [account], with_deleted: true } })
        .then((page) => page.data.some((a) => String(a.id) === account && a.deleted === true), () => false);
      this.deletedAccounts.set(account, deleted);
    }
    if (!(await deleted)) {
      this.deletedAccounts.delete(account);
      return err;
    }
    return new NotFoundError({ status: err.status, code: err.code, message: `${err.message} (account ${account} was deleted)`, method: err.method, path: err.path, errors: err.errors });
  }

  private async queued<T>(spec: RequestSpec): Promise<Envelope<T>> {
    const key = queueKey(spec.path);
    let queue = this.queues.get(key);
    if (!queue) {
      queue = new PQueue({ concurrency: this.concurrency });
      this.queues.set(key, queue);
    }
    if (spec.method === "GET" || spec.readOnly) return queue.add(() => this.send<T>(spec), { throwOnTimeout: true });
    // A write may change what a listing of its account holds: before it (a listing on its way) and once it is done.
    this.invalidateListings(spec.path);
    try {
      return await queue.add(() => this.send<T>(spec), { throwOnTimeout: true });
    } finally {
      this.invalidateListings(spec.path);
    }
  }

  private invalidateListings(path: string): void {
    const scope = accountScope(path);
    for (const reads of this.reads.values()) if (reads.scope === scope) reads.invalidate();
  }

  async get<T = Entity>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>({ method: "GET", path, query })).data;
  }

  async post<T = Entity>(path: string, query?: Query, json?: unknown): Promise<T> {
    return (await this.request<T>({ method: "POST", path, query, json })).data;
  }

  /** A POST that only reads: its answer is computed, nothing is written (RequestSpec.readOnly). */
  async postRead<T = Entity>(path: string, query?: Query, json?: unknown): Promise<T> {
    return (await this.request<T>({ method: "POST", path, query, json, readOnly: true })).data;
  }

  async put<T = Entity>(path: string, query?: Query, json?: unknown): Promise<T> {
    return (await this.request<T>({ method: "PUT", path, query, json })).data;
  }

  async delete<T = Entity>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>({ method: "DELETE", path, query })).data;
  }

  /**
   * One batch call (JSON body: ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns; ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences): refused before sending
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
    const data = (await this.request<T[] | T>({ method: "POST", path, json: items })).data;
    // The custom audiences batch answers its record as one object, not a list (tests/conformance corpus).
    return Array.isArray(data) ? data : [data];
  }

  /**
   * Every record of a list endpoint, following `next_cursor` to the end, in
   * pages of the most records a page holds; `count: null` sends none (lists
   * that take no count: reference data, the do-not-reach lists).
   */
  async list<T = Entity>(path: string, query: Query = {}): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    const count = query.count === undefined ? LIMITS.count.max : query.count;
    do {
      const page = await this.request<T[]>({ method: "GET", path, query: { ...query, count, cursor } });
      out.push(...page.data);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return out;
  }

  /**
   * Reads one entity by id. Concurrent calls for the same collection are
   * coalesced into list calls with an IDS filter of at most 200 ids, and
   * once the engine is seen reading many entities of the collection, a
   * listing of the whole collection serves them, or, for a list that
   * filters by parent, calls that take 200 parents (collection-reads.ts says
   * when), so a refresh of thousands of resources makes a few requests.
   * Rejects with NotFoundError when the entity is not there.
   */
  async getById<T extends Entity = Entity>(req: GetByIdRequest): Promise<T> {
    // Lists that filter by a parent, not by id (targeting criteria by line item): the parents' ids go in the filter.
    const param = req.by?.param ?? req.idsParam!;
    const group = `get|${req.collectionPath}|${param}|${JSON.stringify(req.query ?? {})}`;
    const reads = this.readsOf(group, req);
    const served = reads instanceof ParentReads ? await reads.serve(req.id, req.by!.value) : await reads.serve(req.id);
    const entity = served ? ("found" in served ? served.found : undefined) : await this.collect<{ id: string; key: string }, Entity | undefined>(group, { id: req.id, key: req.by?.value ?? req.id }, LIMITS.idsPerFilter, async (items, sent) => {
      const keys = [...new Set(items.map((i) => i.key))];
      const wave = reads instanceof ParentReads ? reads.wave(keys, sent, LIMITS.idsPerFilter) : undefined;
      if (reads instanceof CollectionReads) reads.calledByIds(keys.length, sent);
      let found: Entity[] | undefined;
      try {
        found = await this.list<Entity>(req.collectionPath, { ...req.query, [param]: wave?.filter ?? keys });
      } finally {
        wave?.done(found);
      }
      this.remember(req.collectionPath, found);
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

  /** The reads of one group: a listing may serve them, or, where the list filters by parent, calls of many parents. */
  private readsOf(group: string, req: GetByIdRequest): CollectionReads | ParentReads {
    let reads = this.reads.get(group);
    if (!reads) {
      const scope = accountScope(req.collectionPath);
      if (req.by) {
        // The parents' collection is the one the filter names: line_item_ids, the account's line_items.
        const parents = req.collectionPath.replace(/[^/]+$/, req.by.param.replace(/_ids$/, "s"));
        reads = new ParentReads(scope, req.by.param.replace(/s$/, ""), () => this.seen.get(parents) ?? [], this.now, this.listingLifetimeMs);
      } else {
        const query = { ...req.query, count: req.query?.count ?? LIMITS.count.max };
        reads = new CollectionReads(scope, async (cursor) => {
          const page = await this.request<Entity[]>({ method: "GET", path: req.collectionPath, query: { ...query, cursor } });
          this.remember(req.collectionPath, page.data);
          return { data: page.data, next_cursor: page.next_cursor };
        }, this.now, this.listingLifetimeMs);
      }
      this.reads.set(group, reads);
    }
    return reads;
  }

  private remember(collectionPath: string, entities: readonly Entity[]): void {
    let ids = this.seen.get(collectionPath);
    if (!ids) this.seen.set(collectionPath, (ids = new Set()));
    for (const e of entities) ids.add(String(e.id));
  }

  /**
   * Gathers concurrent calls of one `group` (for the coalesce window) and
   * runs them as calls of at most `max` items each: `run` gets the items
   * (and why the group was sent: full, more items still coming; every
   * engine worker waiting; or the items stopped) and answers one result per
   * item, in order. Each caller gets its own result, or the error of its
   * chunk. Used for reads by id (200 ids per list call) and where the
   * platform takes many ids in one write (promoted Tweets: 50 per POST).
   * The group stays open `windowMs` after its last item. `writes`: the
   * items are writes (batch creates, updates, deletes), which wait while
   * reads are sent when every engine worker waits (steps.ts).
   */
  collect<I, R>(group: string, item: I, max: number, run: (items: I[], sent: WaveSent) => Promise<R[]>, windowMs = this.collectWindowMs, writes = false): Promise<R> {
    const pending = this.pendingGroups.get(group) ?? this.openGroup(group, max, run as (items: unknown[], sent: WaveSent) => Promise<unknown[]>, writes);
    const result = new Promise<R>((resolve, reject) =>
      pending.entries.push({ item, resolve: resolve as (r: unknown) => void, reject }));
    // The engine starts creates as it registers resources, milliseconds to
    // (on a loaded machine) hundreds of milliseconds apart: wait while items
    // keep coming, send at once when a call is full or when every step the
    // engine runs waits here (steps.ts), and hold none longer than
    // collectMaxWaitMs. Under a full test run on 2 cores, gaps of 500 ms
    // still split 120 Tweets into 4 POSTs: the window is 2 s.
    clearTimeout(pending.timer);
    if (pending.entries.length >= max) pending.send("full");
    else if (this.now() - pending.startedAt >= this.collectMaxWaitMs) pending.send("quiet");
    else {
      pending.timer = setTimeout(() => pending.send("quiet"), windowMs);
      this.steps.waiting(pending);
    }
    return result;
  }

  /** Opens a group of `collect`: `run` sends its items (the callers of one group send alike), in calls of at most `max`. */
  private openGroup(group: string, max: number, run: (items: unknown[], sent: WaveSent) => Promise<unknown[]>, writes: boolean): PendingGroup {
    const opened: PendingGroup = {
      entries: [],
      writes,
      startedAt: this.now(),
      get size() { return opened.entries.length; },
      send: (sent) => {
        if (this.pendingGroups.get(group) !== opened) return;
        this.pendingGroups.delete(group);
        this.steps.sent(opened);
        clearTimeout(opened.timer);
        void flushGroup(opened, max, (items) => run(items, sent));
      },
    };
    this.pendingGroups.set(group, opened);
    return opened;
  }

  private window({ key, published, byToken }: RequestWindow): RateWindow {
    let w = this.windows.get(key);
    if (!w) {
      // A token's window with a published limit is used by other processes too: its first answer says how much is left.
      // An account's window is its stack's: its reads go together from the start.
      w = { published, unheard: published !== undefined && byToken, shared: false, inFlight: 0, sentAtMs: [], waiters: [], saidUntilMs: {} };
      this.windows.set(key, w);
    }
    return w;
  }

  /**
   * Waits until each of the request's windows has room for it (the
   * account's first), then counts it in flight in all of them.
   */
  private async admit(windows: readonly RequestWindow[]): Promise<void> {
    for (;;) {
      const open = windows.map((r) => ({ key: r.key, w: this.window(r) }));
      const blocked = open.map((o) => ({ ...o, a: admission(o.w, this.now()) })).find(({ a }) => a.kind !== "go");
      if (!blocked) {
        for (const { w } of open) counted(w, this.now());
        return;
      }
      const { key, w, a } = blocked;
      if (a.kind === "answer") {
        await new Promise<void>((resolve) => w.waiters.push(resolve));
        continue;
      }
      if (a.kind === "wait") {
        const resetAtMs = w.state?.resetAtMs;
        const seconds = Math.ceil(a.ms / 1000);
        if (a.ms > 1000) {
          this.sayOnce(w, "used", a.ms, w.state
            ? `${key}: the ${w.state.limit} requests of its rate-limit window are used${w.shared ? " (shared with other requests of the user token)" : ""}: waiting ${seconds} s for its reset`
            : `${key}: ${w.published!.limit} requests in the last ${w.published!.windowMs / 1000} s, the platform's published limit: waiting ${seconds} s`);
        }
        await this.sleep(a.ms);
        forgetAfterWait(w, resetAtMs);
      }
    }
  }

  /**
   * Says `line` unless this wait (of `kind`) of the window was said already
   * for a wait that ends as late: the requests that wait for one reset say
   * it once in the engine's log, not once each.
   */
  private sayOnce(w: RateWindow, kind: "used" | "429", ms: number, line: string): void {
    const untilMs = this.now() + ms;
    if ((w.saidUntilMs[kind] ?? -Infinity) >= untilMs - 1000) return;
    w.saidUntilMs[kind] = untilMs;
    this.log(line);
  }

  /** One request of these windows is over: what its answer said (if any) is kept, and waiting requests look again. */
  private settle(windows: { account?: RequestWindow; user: RequestWindow }, headers?: Record<string, string | string[] | undefined>): void {
    const seen = headers ? parseRateLimits(headers) : {};
    for (const scope of ["account", "user"] as const) {
      const r = windows[scope];
      if (r === undefined) continue;
      const w = this.window(r);
      w.inFlight = Math.max(0, w.inFlight - 1);
      const state = seen[scope];
      if (state) {
        // The in-flight count before this answer's own request left it.
        if (othersSpent(w.state, state, w.inFlight + 1)) w.shared = true;
        w.state = observe(w.state, state);
      }
      // Any answer tells how an unheard window goes on: by its headers, or, without them, by the published count.
      if (headers) w.unheard = false;
      for (const wake of w.waiters.splice(0)) wake();
    }
  }

  private async send<T>(spec: RequestSpec): Promise<Envelope<T>> {
    const query = encodeQuery(spec.query ?? {});
    const url = this.options.baseUrl.replace(/\/$/, "") + spec.path;
    const secrets = Object.values(this.options.credentials);
    const windows = windowsOf(spec.method, spec.path);
    // The account's window first: its headers take precedence (rate-limit.ts).
    const inOrder = windows.account === undefined ? [windows.user] : [windows.account, windows.user];
    for (let attempt = 0; ; attempt++) {
      await this.admit(inOrder);
      let authorization: string;
      try {
        if (spec.method !== "GET" && !spec.readOnly) await this.options.beforeWrite?.(spec.method, spec.path);
        authorization = authorizationHeader(this.options.credentials, spec.method, url, query);
      } catch (err) {
        // Nothing was sent (refused, or unsigned): the windows must not count it in flight.
        this.settle(windows);
        throw err;
      }
      const qs = new URLSearchParams(query).toString();
      let outcome: Outcome;
      let response: WireResponse | undefined;
      let failure: unknown;
      try {
        response = await this.transport({
          method: spec.method,
          url: qs ? `${url}?${qs}` : url,
          headers: {
            authorization,
            ...(spec.json !== undefined ? { "content-type": "application/json" } : {}),
            "user-agent": "pulumi-xads",
          },
          body: spec.json !== undefined ? JSON.stringify(spec.json) : undefined,
          timeoutMs: this.timeoutMs,
        });
        outcome = { kind: "response", status: response.statusCode };
      } catch (err) {
        failure = err;
        outcome = outcomeOf(err);
      }
      this.settle(windows, response?.headers);

      if (response && response.statusCode < 300) return parseBody<T>(response.body, spec);

      const decision = decide(spec.method, outcome, attempt, spec.readOnly);
      if (decision === "retry") {
        const delay = response ? retryAfterMs(response.headers, this.now(), attempt) : backoffMs(attempt, CLIENT_BACKOFF);
        if (response?.statusCode === 429) {
          // Said once per reset of the window that refused (the account's where its headers say it is used up), however many requests it refused.
          const refusedBy = windows.account && (parseRateLimits(response.headers).account?.remaining ?? 1) <= 0 ? windows.account : windows.user;
          this.sayOnce(this.window(refusedBy), "429", delay, `${spec.method} ${spec.path}: rate limited (429) in ${refusedBy.key}, a window other processes of the user token may share: waiting ${Math.ceil(delay / 1000)} s for the reset (other requests refused until then wait without saying it again)`);
        }
        const waited = inOrder.map((r) => [this.window(r), this.window(r).state?.resetAtMs] as const);
        await this.sleep(delay);
        // This wait ran to the reset: the windows start anew after it.
        if (response?.statusCode === 429) for (const [w, resetAtMs] of waited) forgetAfterWait(w, resetAtMs);
        continue;
      }
      if (!response && outcome.kind === "unreachable") {
        const address = this.options.baseUrl.replace(/\/$/, "");
        const code = errorCode(failure);
        throw new UnreachableError({
          code: "UNREACHABLE",
          message: code === "ENOTFOUND"
            ? `no host is named ${new URL(address).hostname} (${address}: ENOTFOUND); the request was not sent`
            : `nothing answers at ${address} (${code}); the request was not sent`,
          method: spec.method,
          path: spec.path,
          address,
        });
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

/**
 * After a wait that ran to a window's reset: the window starts anew, and its
 * next answer says how (unless another answer already told of a later one).
 * Not left to the clock: the platform's clock and ours differ.
 */
function forgetAfterWait(w: RateWindow, resetAtMs: number | undefined): void {
  if (w.state && resetAtMs !== undefined && w.state.resetAtMs <= resetAtMs) {
    w.state = undefined;
    w.unheard = true;
  }
}

/** A request was admitted in window `w`: in flight, and (where the client counts the window itself) sent now. */
function counted(w: RateWindow, nowMs: number): void {
  w.inFlight++;
  if (!w.published) return;
  const since = nowMs - w.published.windowMs;
  const keep = w.sentAtMs.findIndex((t) => t > since);
  w.sentAtMs.splice(0, keep < 0 ? w.sentAtMs.length : keep);
  w.sentAtMs.push(nowMs);
}

interface RateWindow {
  state?: RateLimitState;
  unheard: boolean;
  shared: boolean;
  /** Until when the wait of each kind said last runs (sayOnce). */
  saidUntilMs: Partial<Record<"used" | "429", number>>;
  published?: Published;
  inFlight: number;
  /** When this client sent its requests of the last `published.windowMs` in the window. */
  sentAtMs: number[];
  /** Requests waiting for an answer in this window (admission "answer"). */
  waiters: (() => void)[];
}

interface PendingGroup extends HeldGroup {
  entries: { item: unknown; resolve: (r: unknown) => void; reject: (e: unknown) => void }[];
  startedAt: number;
  timer?: NodeJS.Timeout;
  send(sent: WaveSent): void;
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
  // User uploads have a rate limit of their own (ref fundamentals/rate-limiting.mdx, "Audience"): their own queue.
  if (UPLOAD_COLLECTIONS.includes(family[family.length - 1] ?? "") && rest[rest.length - 1] === "users") family.push("users");
  return family.join("/");
}

const UPLOAD_COLLECTIONS = ["custom_audiences", "do_not_reach_lists"];

/** Query values on the wire: lists comma-separated, booleans as words. */
export function encodeQuery(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(",") : String(v);
  }
  return out;
}

function errorCode(err: unknown): string | undefined {
  return err instanceof RequestError ? err.code : (err as { code?: string })?.code;
}

/** What a request that got no answer tells (retry.ts decides on it). */
function outcomeOf(err: unknown): Outcome {
  const code = errorCode(err);
  if (code === "ECONNREFUSED" || code === "ENOTFOUND") return { kind: "unreachable" };
  return code === "EAI_AGAIN" ? { kind: "not-sent" } : { kind: "no-response" };
}

function describe(err: unknown): string {
  if (err instanceof RequestError) return err.code ? `${err.code}` : err.name;
  return err instanceof Error ? err.message : String(err);
}

/** The answer's envelope; ids beyond 2^53 read as strings of digits, never rounded (json.ts). */
function parseBody<T>(body: string, spec: RequestSpec): Envelope<T> {
  try {
    return parseJson(body) as Envelope<T>;
  } catch {
    throw new AdsApiError({
      code: "BAD_RESPONSE", message: "the response is not JSON", method: spec.method, path: spec.path,
    });
  }
}

/** RFC 7807 problem details, as the X API v2 answers errors: `{title, detail, type}`. */
interface Problem {
  title?: unknown;
  detail?: unknown;
  type?: unknown;
}

/** A problem as the platform's `{code, message}`: the code is the type's last segment (`client-forbidden`), else the title. */
function fromProblem(p: Problem): PlatformError | undefined {
  if (typeof p.title !== "string" && typeof p.detail !== "string") return undefined;
  const type = typeof p.type === "string" && p.type !== "about:blank" ? p.type.split("/").pop() : undefined;
  const title = typeof p.title === "string" ? p.title : undefined;
  return { code: type || title || "PROBLEM", message: typeof p.detail === "string" ? p.detail : title ?? "" };
}

function platformError(status: number, body: string, spec: RequestSpec, maybeCommitted: boolean): AdsApiError {
  let errors: PlatformError[] = [];
  let operationErrors: PlatformError[][] | undefined;
  try {
    const parsed = JSON.parse(body) as { errors?: PlatformError[]; operation_errors?: PlatformError[][] } & Problem;
    errors = (parsed.errors ?? []).map((e) => (e.code === undefined ? fromProblem(e as Problem) ?? e : e));
    operationErrors = parsed.operation_errors;
    // The X API v2 (platform API base) answers one problem object instead (xdevplatform/docs x-api/fundamentals/response-codes-and-errors.mdx).
    const problem = errors.length === 0 ? fromProblem(parsed) : undefined;
    if (problem) errors = [problem];
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
