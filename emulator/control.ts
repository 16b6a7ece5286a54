/**
 * The control API of tests and demos (README "Control"): reset, accounts and
 * limits, edits and deletes "in the ads UI", the request log, faults and
 * rate limits. The same methods answer over HTTP under /_emulator.
 */
import { EmulatorState } from "./context";
import { ApiError } from "./errors";
import { z } from "zod";
import { Fault, RANDOM_FAULT_KINDS, RandomFaults } from "./faults";
import { LatencyConfig } from "./latency";
import { Member, memberSet } from "./audience-users";
import { Actor, ADS_UI_ACTOR, recordChange } from "./history";
import { RequestLogEntry } from "./request-log";
import { seed } from "./seed";
import { Account, AccountRecord, AnyEntity, ENVS, Env, NewAccount } from "./store";
import { parseParams } from "./wire";

const RANDOM_FAULTS = z.object({
  seed: z.number().int(),
  rate: z.number().min(0).max(1),
  kinds: z.array(z.enum(RANDOM_FAULT_KINDS)).min(1).optional(),
  methods: z.array(z.string().min(1)).optional(),
  env: z.enum(ENVS).optional(),
  delayMs: z.number().int().min(0).optional(),
});

const LATENCY = z.object({ ms: z.number().min(0), jitterMs: z.number().min(0).optional() });
import { NewWebhook, Webhook } from "./webhooks";
import { XUser } from "./users";
import { insertRecommendation, Recommendation } from "./routes/recommendations";

export type CreateAccountOptions = NewAccount;

export interface EntitiesOptions {
  withDeleted?: boolean;
}

/**
 * What an account holds, as `dump` gives it and `restore` takes it: every
 * collection's records (deleted ones too, the account history's entries
 * among them) and the feature keys. Audience members are not in it.
 */
export interface AccountDump {
  features: string[];
  collections: Record<string, AnyEntity[]>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The control API (README "Control"), in process. Declared here: context.ts is below the control API and does not name it. */
    control: Control;
  }
}

export class Control {
  constructor(private readonly state: EmulatorState, private readonly userId: string) {}

  /** Back to the seeded state: entities, request log, faults and rate limits, the platform's clock at real time. */
  reset(): void {
    this.state.store.clear();
    seed(this.state.store, this.userId);
    this.state.log.clear();
    this.state.faults.clear();
    this.state.limiter.reset();
    this.state.auth.reset();
    this.state.webhooks.clear();
    this.state.users.reset();
    this.state.latency.reset();
    this.state.time.reset();
  }

  /** A new account the configured user can use (unless `userIds` says otherwise). */
  createAccount(env: Env, options: CreateAccountOptions = {}): AccountRecord {
    if (options.activeCampaignLimit !== undefined) assertCount("activeCampaignLimit", options.activeCampaignLimit);
    try {
      return this.state.store.env(env).createAccount({ userIds: [this.userId], ...options }).record;
    } catch (err) {
      throw ApiError.invalid("id", (err as Error).message);
    }
  }

  /** Raises (or lowers) the account's limit of ACTIVE campaigns, as the account manager would. */
  setActiveCampaignLimit(env: Env, accountId: string, limit: number): void {
    assertCount("limit", limit);
    this.account(env, accountId).activeCampaignLimit = limit;
  }

  /**
   * An edit in the ads UI: merges `patch` into the entity and bumps
   * updated_at; the account's history names `by` (README "Account history").
   */
  edit(env: Env, accountId: string, collection: string, id: string, patch: Record<string, unknown>, by: Actor = ADS_UI_ACTOR): AnyEntity {
    const account = this.account(env, accountId);
    const c = account.collection(collection);
    if (!c.get(id)) throw ApiError.notFound(`no ${collection} entity ${id} in account ${accountId} (${env})`);
    const { id: _ignored, ...fields } = patch;
    const edited = c.update(id, fields);
    recordChange(account, collection, "UPDATE", edited, by, this.state.clock());
    return edited;
  }

  /** A delete in the ads UI: the entity is marked deleted, by `by`. */
  remove(env: Env, accountId: string, collection: string, id: string, by: Actor = ADS_UI_ACTOR): AnyEntity {
    const account = this.account(env, accountId);
    const c = account.collection(collection);
    if (!c.live(id)) throw ApiError.notFound(`no live ${collection} entity ${id} in account ${accountId} (${env})`);
    const deleted = c.markDeleted(id);
    recordChange(account, collection, "DELETE", deleted, by, this.state.clock());
    return deleted;
  }

  /**
   * Whether the account may read its change history (GET account_history is
   * in beta and needs allow-listing); without it the endpoint answers 403
   * UNAUTHORIZED_CLIENT_APPLICATION. Allowed by default; a reset restores it.
   */
  setHistoryAccess(env: Env, accountId: string, allowListed: boolean): void {
    this.account(env, accountId).historyAllowListed = allowListed;
  }

  /** The entities of a collection as the store holds them (the wire records), creation order. */
  entities(env: Env, accountId: string, collection: string, options: EntitiesOptions = {}): AnyEntity[] {
    return this.account(env, accountId).collection(collection).all().filter((e) => options.withDeleted || !e.deleted);
  }

  /** The account's collections and feature keys, for `restore` in another emulator (a recorded stack: tests/e2e/upgrade). */
  dump(env: Env, accountId: string): AccountDump {
    const account = this.account(env, accountId);
    const collections = Object.fromEntries(account.collectionNames().map((name) => [name, account.collection(name).all()] as const).filter(([, records]) => records.length > 0));
    return { features: [...account.features], collections };
  }

  /**
   * Puts a dump's records back verbatim (ids, times and deleted flags as
   * recorded) beside what the account holds, and adds its feature keys:
   * the entities a recorded state names are live again, unchanged, so a
   * refresh of that state reads what it recorded.
   */
  restore(env: Env, accountId: string, dump: AccountDump): void {
    const account = this.account(env, accountId);
    for (const [name, records] of Object.entries(dump.collections)) {
      const c = account.collection(name);
      for (const record of records) {
        if (c.get(record.id)) throw ApiError.invalid("id", `${name} entity ${record.id} already exists in account ${accountId} (${env})`);
        c.put(record);
      }
    }
    for (const k of dump.features) account.features.add(k);
  }

  /** The account's feature keys (ref campaign-management/reference.mdx, Features), in the order they were added. */
  features(env: Env, accountId: string): string[] {
    return [...this.account(env, accountId).features];
  }

  /** Grants or revokes feature keys as the account manager would (any key, production too). */
  setFeatures(env: Env, accountId: string, change: { add?: readonly string[]; remove?: readonly string[] }): string[] {
    const account = this.account(env, accountId);
    for (const k of change.add ?? []) account.features.add(k);
    for (const k of change.remove ?? []) account.features.delete(k);
    return [...account.features];
  }

  /** The users of a custom audience or do-not-reach list (`collection` custom_audiences or do_not_reach_lists), as stored: hashed. */
  members(env: Env, accountId: string, collection: string, id: string): Member[] {
    return [...memberSet(this.account(env, accountId), collection, id).values()];
  }

  /** An entity made in the ads UI (a targeting criterion, say), stored as given, by `by`. */
  insert(env: Env, accountId: string, collection: string, fields: Record<string, unknown>, by: Actor = ADS_UI_ACTOR): AnyEntity {
    const { id: _ignored, ...rest } = fields;
    const account = this.account(env, accountId);
    const made = account.collection(collection).insert(rest as never);
    recordChange(account, collection, "CREATE", made, by, this.state.clock());
    return made;
  }

  /** A campaign recommendation the platform made for a funding instrument (wire fields; at most one per funding instrument). */
  addRecommendation(env: Env, accountId: string, body: unknown): Recommendation {
    return insertRecommendation(this.account(env, accountId), body);
  }

  requests(): RequestLogEntry[] {
    return this.state.log.list();
  }

  clearRequests(): void {
    this.state.log.clear();
  }

  fault(fault: Fault): void {
    this.state.faults.add(fault);
  }

  /**
   * Faults drawn at random for every request from now on (a fault campaign);
   * undefined stops them. Checked here for the HTTP route and callers in
   * code alike: an error names the field it is about.
   */
  randomFaults(config: RandomFaults | undefined): void {
    this.state.faults.setRandom(config && parseParams(RANDOM_FAULTS, config));
  }

  /** Armed and random faults alike. */
  clearFaults(): void {
    this.state.faults.clear();
  }

  /** How many requests a `hold` fault holds, and answers a `timeout-after-commit` fault holds back, now. */
  held(): number {
    return this.state.holds.count;
  }

  /**
   * Releases every hold at once: a held request is handled, a held answer's
   * connection drops (as at the end of its delay). Answers how many.
   */
  releaseHeld(): number {
    return this.state.holds.releaseAll();
  }

  /**
   * A limit other than the published one for a window name (rate-limit.ts):
   * an endpoint family (`campaigns`, `content_categories`,
   * `custom_audience_users`) or a category (`writes`, `targeting_criteria`,
   * `with_total_count`); its windows start over. A reset restores the
   * published limits.
   */
  setRateLimit(family: string, limit: number, windowSeconds: number): void {
    assertCount("limit", limit);
    if (!(windowSeconds > 0)) throw ApiError.invalid("windowSeconds", `windowSeconds must be positive, got ${windowSeconds}`);
    this.state.limiter.setLimit(family, limit, windowSeconds);
  }

  /** The wait before each API request (`ms`, plus or minus `jitterMs`); a reset restores the one the emulator started with. */
  setLatency(latency: LatencyConfig): void {
    this.state.latency.set(parseParams(LATENCY, latency));
  }

  latency(): LatencyConfig {
    return this.state.latency.config;
  }

  /** The platform's clock (clock.ts): the time the next timestamp the emulator writes will carry. */
  now(): string {
    return new Date(this.state.clock()).toISOString();
  }

  /**
   * Moves the platform's clock `ms` forward: the timestamps written from now
   * on (created_at, updated_at, account history entries) are that much
   * later, so a test orders whole-second timestamps without sleeping. A
   * reset puts it back to real time.
   */
  advanceClock(ms: number): string {
    if (!(Number.isFinite(ms) && ms > 0)) throw ApiError.invalid("advanceMs", `advanceMs must be a positive number of milliseconds, got ${ms}`);
    this.state.time.advance(ms);
    return this.now();
  }

  /** Sets the platform's clock to `time` (ISO 8601); it runs on from there. A reset puts it back to real time. */
  setClock(time: string): string {
    const ms = Date.parse(time);
    if (Number.isNaN(ms)) throw ApiError.invalid("time", `time must be an ISO 8601 time, e.g. 2026-05-01T12:00:00Z, got "${time}"`);
    this.state.time.set(ms);
    return this.now();
  }

  /**
   * Moves the auth clock forward (request-token lifetimes, bearer-token
   * request frequency), so tests expire tokens instead of waiting. Signature
   * timestamps and rate limits keep the plain clock.
   */
  advanceAuthClock(seconds: number): void {
    if (!(seconds > 0)) throw ApiError.invalid("seconds", `seconds must be positive, got ${seconds}`);
    this.state.auth.advance(seconds * 1000);
  }

  /** A webhook the application registered (xdevplatform/docs openapi.json, GET /2/webhooks; registering is not modelled). */
  addWebhook(webhook: NewWebhook): Webhook {
    try {
      return this.state.webhooks.add(webhook);
    } catch (err) {
      throw ApiError.invalid("url", (err as Error).message);
    }
  }

  /** A change the platform makes to a webhook, e.g. `valid: false` after a failed challenge check. */
  editWebhook(id: string, patch: { valid?: boolean }): Webhook {
    try {
      return this.state.webhooks.edit(id, patch);
    } catch (err) {
      throw ApiError.notFound((err as Error).message);
    }
  }

  webhooks(): Webhook[] {
    return this.state.webhooks.list();
  }

  /**
   * A user GET /2/users answers from now on (README "The platform API"),
   * e.g. one who edits in the ads UI (`edit`'s `by`); `name` is the
   * username unless given. A reset forgets it.
   */
  registerUser(user: { id: string; username: string; name?: string }): XUser {
    try {
      return this.state.users.register(user);
    } catch (err) {
      throw ApiError.invalid((err as Error).message.split(" ")[0]!, (err as Error).message);
    }
  }

  /** The users GET /2/users knows: the configured user, then those registered. */
  users(): XUser[] {
    return this.state.users.list();
  }

  /**
   * Whether the application's access includes the v2 users lookup; without
   * it GET /2/users answers 403 client-forbidden. Allowed by default; a reset restores it.
   */
  setUsersLookupAccess(allowed: boolean): void {
    this.state.users.lookupAllowed = allowed;
  }

  private account(env: Env, accountId: string): Account {
    const account = this.state.store.env(env).account(accountId);
    if (!account) throw ApiError.notFound(`no account ${accountId} in ${env}`);
    return account;
  }
}

function assertCount(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) throw ApiError.invalid(name, `${name} must be a whole number of at least 0, got ${n}`);
}
