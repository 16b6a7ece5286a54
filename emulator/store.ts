/**
 * In-memory state: environment -> accounts -> named collections of entities.
 * Collections are created on first use, so a new resource kind (promoted
 * tweets, cards, custom audiences...) is one more collection name and no
 * change here. Entities are the platform's wire records (snake_case) and
 * are replaced on every change, never mutated in place: a snapshot of a
 * collection is a copy of its map, which is what makes batches atomic.
 */
import { randomInt } from "node:crypto";
import { LIMITS } from "./platform";

export const ENVS = ["production", "sandbox"] as const;
export type Env = (typeof ENVS)[number];

/**
 * What every entity the emulator stores carries (README "Envelopes and
 * errors"): its own name, as the emulator shares no type with the
 * provider, whose `Entity` is any record the platform answers.
 */
export interface StoredEntity {
  id: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

/** An entity of a kind the caller does not know (control API, generic code). */
export type AnyEntity = StoredEntity & Record<string, unknown>;

/** Fields of a new entity: everything but what the store fills in. */
export type NewFields<T extends StoredEntity> = Omit<T, keyof StoredEntity>;

/** The platform's timestamps: ISO 8601, whole seconds, UTC ("2026-05-01T12:00:00Z"). */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

export type Clock = () => number;

/**
 * Short random base-36 ids, as the platform issues them (campaign "8wku2").
 * Never reused within a process, not even after a reset, so an id a client
 * still holds can never name a different entity.
 */
export class IdSource {
  private readonly issued = new Set<string>();

  next(length = 5): string {
    for (;;) {
      let id = "";
      for (let i = 0; i < length; i++) id += randomInt(36).toString(36);
      if (!this.issued.has(id)) return this.claim(id);
    }
  }

  /** Reserves an id chosen by the caller (seeded accounts), so none is generated equal to it. */
  claim(id: string): string {
    this.issued.add(id);
    return id;
  }
}

export class Collection<T extends StoredEntity = AnyEntity> {
  private items = new Map<string, T>();

  constructor(private readonly ids: IdSource, private readonly clock: Clock) {}

  /** Adds an entity; the map keeps creation order, which lists follow. */
  insert(fields: NewFields<T>, id = this.ids.next()): T {
    const now = isoTime(this.clock());
    const entity = { id, ...fields, created_at: now, updated_at: now, deleted: false } as T;
    this.items.set(id, entity);
    return entity;
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  /** The entity if it exists and is not deleted. */
  live(id: string): T | undefined {
    const e = this.items.get(id);
    return e && !e.deleted ? e : undefined;
  }

  /** Merges `patch` and bumps updated_at. */
  update(id: string, patch: Partial<T>): T {
    const current = this.items.get(id);
    if (!current) throw new Error(`no entity ${id}`);
    const next = { ...current, ...patch, id, updated_at: isoTime(this.clock()) };
    this.items.set(id, next);
    return next;
  }

  markDeleted(id: string): T {
    return this.update(id, { deleted: true } as Partial<T>);
  }

  /** Every entity, deleted ones included, in creation order. */
  all(): T[] {
    return [...this.items.values()];
  }

  count(predicate: (e: T) => boolean): number {
    let n = 0;
    for (const e of this.items.values()) if (predicate(e)) n++;
    return n;
  }

  /**
   * Puts a record back as a recorded store held it (its id and times
   * included), claiming its id: the control API's restore, so a recorded
   * stack's state names live entities again (tests/e2e/upgrade).
   */
  put(entity: T): T {
    this.ids.claim(entity.id);
    this.items.set(entity.id, entity);
    return entity;
  }

  /** A function that puts the collection back as it is now. */
  snapshot(): () => void {
    const saved = new Map(this.items);
    return () => {
      this.items = saved;
    };
  }
}

/**
 * An account's wire record: id, name, industry_type; the real platform also returns business_id, business_name, timezone,
 * timezone_switch_at and approval_status.
 */
export interface AccountRecord extends StoredEntity {
  name: string;
  business_id: string;
  business_name: string | null;
  industry_type: string | null;
  timezone: string;
  timezone_switch_at: string;
  approval_status: string;
}

export interface NewAccount {
  id?: string;
  name?: string;
  businessId?: string;
  activeCampaignLimit?: number;
  userIds?: readonly string[];
}

/** One account: its record, what the platform keeps beside it, and its collections. */
export class Account {
  /** Active campaigns allowed (ref campaign-management/reference.mdx, POST campaigns: 200, raisable to 8,000). */
  activeCampaignLimit: number;
  /** Users who can use the account (their requests reach it). */
  readonly userIds: Set<string>;
  /** Feature keys the account has (ref campaign-management/reference.mdx, Features; the sandbox adds and removes them). */
  readonly features = new Set<string>();
  /**
   * Whether the account may read its change history (ref
   * campaign-management/reference.mdx, GET account_history: "in beta and
   * requires allowlisting"); the control API takes it away.
   */
  historyAllowListed = true;
  private readonly collections = new Map<string, Collection>();

  constructor(
    readonly id: string,
    private readonly records: Collection<AccountRecord>,
    private readonly ids: IdSource,
    private readonly clock: Clock,
    options: NewAccount,
  ) {
    this.activeCampaignLimit = options.activeCampaignLimit ?? LIMITS.activeCampaignsPerAccount;
    this.userIds = new Set(options.userIds ?? []);
  }

  get record(): AccountRecord {
    return this.records.get(this.id)!;
  }

  get deleted(): boolean {
    return this.record.deleted;
  }

  /** The collection of that name, created empty on first use. */
  collection<T extends StoredEntity = AnyEntity>(name: string): Collection<T> {
    let c = this.collections.get(name);
    if (!c) {
      c = new Collection(this.ids, this.clock);
      this.collections.set(name, c);
    }
    return c as unknown as Collection<T>;
  }

  /** The names of the collections used so far, in the order of first use. */
  collectionNames(): string[] {
    return [...this.collections.keys()];
  }

  /** Runs `fn`; if it throws, every collection of the account is as it was before. */
  atomically<R>(fn: () => R): R {
    const restores = [...this.collections.values()].map((c) => c.snapshot());
    const existing = new Set(this.collections.keys());
    try {
      return fn();
    } catch (err) {
      restores.forEach((restore) => restore());
      for (const name of this.collections.keys()) if (!existing.has(name)) this.collections.delete(name);
      throw err;
    }
  }
}

/** One environment (production or sandbox): its accounts, nothing shared. */
export class EnvState {
  readonly accounts: Collection<AccountRecord>;
  private readonly byId = new Map<string, Account>();

  constructor(private readonly ids: IdSource, private readonly clock: Clock) {
    this.accounts = new Collection<AccountRecord>(ids, clock);
  }

  account(id: string): Account | undefined {
    return this.byId.get(id);
  }

  createAccount(options: NewAccount = {}): Account {
    if (options.id !== undefined && this.byId.has(options.id)) {
      throw new Error(`account ${options.id} already exists`);
    }
    // The real platform's sandbox accounts are 11-character base-36 ids like 18ce54d4x5t.
    const id = options.id !== undefined ? this.ids.claim(options.id) : this.ids.next(11);
    const now = isoTime(this.clock());
    this.accounts.insert({
      // POST accounts takes no parameters; the real platform names sandbox accounts itself.
      name: options.name ?? "Sandbox account",
      business_id: options.businessId ?? DEFAULT_BUSINESS_ID,
      business_name: null,
      industry_type: null,
      // The real platform returns the account's time zone, America/Los_Angeles by default.
      timezone: "America/Los_Angeles",
      timezone_switch_at: now,
      approval_status: "ACCEPTED",
    }, id);
    const account = new Account(id, this.accounts, this.ids, this.clock, options);
    this.byId.set(id, account);
    return account;
  }
}

/** The business of the seeded account, and of accounts created without one. */
export const DEFAULT_BUSINESS_ID = "business-1";

export class Store {
  private readonly ids = new IdSource();
  private envs: Record<Env, EnvState>;

  constructor(private readonly clock: Clock = Date.now) {
    this.envs = this.fresh();
  }

  env(env: Env): EnvState {
    return this.envs[env];
  }

  /** Forgets everything (ids stay reserved: see IdSource). */
  clear(): void {
    this.envs = this.fresh();
  }

  private fresh(): Record<Env, EnvState> {
    return { production: new EnvState(this.ids, this.clock), sandbox: new EnvState(this.ids, this.clock) };
  }
}
