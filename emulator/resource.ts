/**
 * The account-scoped CRUD shape most resources share: list, get, create,
 * update, delete under `/12/accounts/:account_id/<collection>`. A resource
 * declares its parameters and rules (a ResourceSpec); the routes, 404s,
 * WD and envelopes are here, once. The operations are also what batch
 * endpoints run, item by item.
 */
import { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { RouteOptions } from "./context";
import { ApiError } from "./errors";
import { Actor, API_PLATFORM, recordChange } from "./history";
import { AccountRoute, accountFor, echo, EntityRoute, found, one, sandboxOnly, wireParams } from "./http";
import { ListSpec, listPage, withDeleted } from "./lists";
import { Account, Clock, StoredEntity, Env, EnvState, NewFields } from "./store";
import { sameAsStored, WireParams } from "./wire";

/** The endpoints of a resource, a batch's operations by their `operation_type`. */
export type Endpoint = "list" | "get" | "create" | "update" | "delete" | "batch Create" | "batch Update" | "batch Delete";

/** The keys an answer carries of a shown record: only some of them, or all but some. */
export interface AnswerKeys {
  only?: readonly string[];
  omit?: readonly string[];
}

/** An endpoint's form of a record: its keys, and keys of its own made from the shown record. */
export interface AnswerForm extends AnswerKeys {
  add?: (shown: Record<string, unknown>, ctx: ResourceContext) => Record<string, unknown>;
}

/** The shown record with the keys `keys` names (all of them without). */
export function answerKeys(shown: Record<string, unknown>, keys: AnswerKeys = {}): Record<string, unknown> {
  const only = keys.only ? Object.fromEntries(keys.only.map((f) => [f, shown[f]])) : shown;
  return Object.fromEntries(Object.entries(only).filter(([k]) => !keys.omit?.includes(k)));
}

export interface ResourceContext {
  env: Env;
  account: Account;
  clock: Clock;
  /** Who the request acts as: the user of its access token (the history's `change_by`). */
  by: Actor;
}

export interface ResourceSpec<T extends StoredEntity> {
  /** Store collection and path segment, e.g. `campaigns`. */
  collection: string;
  /** Path below the account when it is not the collection, e.g. `cards/image_conversation`. */
  path?: string;
  /** Fields the API takes but never returns (ref creatives/reference.mdx, POST cards/image_conversation: unlocked media keys): kept, left out of answers. */
  writeOnly?: readonly string[];
  /**
   * The record as the platform answers it, where that is not the stored
   * one (fields it derives, such as a campaign's effective_status): the
   * corpus of tests/conformance says what the platform sends.
   */
  show?: (entity: T, ctx: ResourceContext) => Record<string, unknown>;
  /**
   * What each endpoint answers of the shown record, where it answers
   * another set of keys than the record has: the corpus of
   * tests/conformance records each endpoint's answer, and the emulator
   * sends no key the platform's recording of that endpoint lacks.
   */
  answers?: Partial<Record<Endpoint, AnswerForm>>;
  /** Fields made from the new entity's id (a card's `card_uri`, `card://<id>`). */
  fromId?: (id: string) => Partial<T>;
  /** For messages, e.g. `campaign`. */
  noun: string;
  list: (account: Account) => ListSpec<T>;
  /** Validates a create and returns the new entity's fields; throws ApiError. */
  create?: (ctx: ResourceContext, params: WireParams) => NewFields<T>;
  /**
   * A create that makes several entities at once and answers them as a list
   * (ref campaign-management/reference.mdx, POST promoted_tweets with `tweet_ids`).
   */
  createMany?: (ctx: ResourceContext, params: WireParams) => NewFields<T>[];
  /** POST only on the sandbox base (ref campaign-management/reference.mdx, POST funding_instruments). */
  sandboxOnlyCreate?: boolean;
  /** Validates an update of a live entity and returns the patch; throws ApiError. */
  update?: (ctx: ResourceContext, current: T, params: WireParams) => Partial<T>;
  deletable?: boolean;
  /** DELETE only on the sandbox base (ref campaign-management/reference.mdx, DELETE funding_instruments is SANDBOX ONLY); needs `deletable`. */
  sandboxOnlyDelete?: boolean;
  /**
   * A create the platform ignores because its entity already exists
   * (ref campaign-management/reference.mdx, POST promoted_accounts: "If the
   * provided user is already promoted, the request will be ignored"): the live entity the validated fields match, answered with
   * 200 instead of a new one.
   */
  existing?: (ctx: ResourceContext, fields: NewFields<T>) => T | undefined;
  /** Rules of a list request beyond PG/IDS/WD/WT (required filters, ref campaign-management/reference.mdx: promoted accounts, targeting criteria); throws ApiError. */
  listRule?: (ctx: ResourceContext, params: WireParams) => void;
  /**
   * What the GET list pages through, when it is not the account's own
   * collection (custom audiences with permission_scope SHARED, ref audiences/reference.mdx, GET custom_audiences).
   */
  listSource?: (ctx: ResourceContext, params: WireParams, env: EnvState) => T[];
}

export function createEntity<T extends StoredEntity>(spec: ResourceSpec<T>, ctx: ResourceContext, params: WireParams): T {
  return createOrFind(spec, ctx, params).entity;
}

/** A create, or the live entity it would duplicate where the platform ignores such creates (`existing`). */
export function createOrFind<T extends StoredEntity>(spec: ResourceSpec<T>, ctx: ResourceContext, params: WireParams): { entity: T; created: boolean } {
  const fields = spec.create!(ctx, params);
  const existing = spec.existing?.(ctx, fields);
  if (existing) return { entity: existing, created: false };
  const collection = ctx.account.collection<T>(spec.collection);
  const inserted = collection.insert(fields);
  const entity = spec.fromId ? collection.update(inserted.id, spec.fromId(inserted.id)) : inserted;
  recordChange(ctx.account, spec.collection, "CREATE", entity, ctx.by, ctx.clock());
  return { entity, created: true };
}

/** The real platform answers 404 to an update of a deleted entity. */
export function updateEntity<T extends StoredEntity>(spec: ResourceSpec<T>, ctx: ResourceContext, id: string, params: WireParams): T {
  const collection = ctx.account.collection<T>(spec.collection);
  const current = found(collection.get(id), spec.noun, id);
  const updated = collection.update(id, spec.update!(ctx, current, changedParams(params, current)));
  recordChange(ctx.account, spec.collection, "UPDATE", updated, ctx.by, ctx.clock());
  return updated;
}

/**
 * The parameters of an update that change something: one that says what
 * the record already holds is no change, and the update's rules are not
 * asked about it. Real platform: the official SDKs' save() resends every
 * property the record has, fields fixed at creation included
 * (twitterdev/twitter-python-ads-sdk twitter_ads/resource.py
 * Persistence.save and Batch.batch_save send to_params(): a campaign's
 * funding_instrument_id, a line item's campaign_id, objective, product_type,
 * placements), and the platform accepts them unchanged; a changed one is
 * still refused by the resource's rules (ref campaign-management/reference.mdx,
 * PUT campaigns and PUT line_items list none of them). The same holds for a
 * value the platform chose that a request cannot give (a line item's pay_by
 * ENGAGEMENT: ref PUT line_items `pay_by` "can only be modified for line
 * items using the APP_INSTALLS objective").
 */
export function changedParams(params: WireParams, current: StoredEntity): WireParams {
  const record = current as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.entries(params).filter(([name, value]) => !(Object.hasOwn(record, name) && sameAsStored(value, record[name]))));
}

/** Deleting is irreversible; a second DELETE is 404 (ref campaign-management/reference.mdx, DELETE campaigns). */
export function deleteEntity<T extends StoredEntity>(spec: ResourceSpec<T>, ctx: ResourceContext, id: string): T {
  const collection = ctx.account.collection<T>(spec.collection);
  found(collection.get(id), spec.noun, id);
  const deleted = collection.markDeleted(id);
  recordChange(ctx.account, spec.collection, "DELETE", deleted, ctx.by, ctx.clock());
  return deleted;
}

/** The account a request's path names (404 unless the user can use it), with what operations need. */
export function resourceContext(app: FastifyInstance, env: Env, req: FastifyRequest<AccountRoute>): ResourceContext {
  const account = accountFor(app.emulator.store.env(env), req, req.params.account_id);
  // accountFor answered 404 unless the OAuth hook verified the request's user.
  return { env, account, clock: app.emulator.clock, by: { user_id: req.api!.userId!, platform: API_PLATFORM } };
}

/** An entity as an endpoint answers it: as the spec shows it, without its write-only fields, in the endpoint's form (`answers`). */
export function answered<T extends StoredEntity>(spec: ResourceSpec<T>, entity: T, ctx: ResourceContext, endpoint: Endpoint): Record<string, unknown> {
  const out = spec.show ? spec.show(entity, ctx) : { ...entity } as Record<string, unknown>;
  for (const f of spec.writeOnly ?? []) delete out[f];
  const form = spec.answers?.[endpoint];
  return form ? { ...answerKeys(out, form), ...form.add?.(out, ctx) } : out;
}

/** The routes of a resource, for one environment. */
export function resourceRoutes<T extends StoredEntity>(spec: ResourceSpec<T>): FastifyPluginAsync<RouteOptions> {
  return async (app, { env }) => {
    const base = `/12/accounts/:account_id/${spec.path ?? spec.collection}`;
    const context = (req: FastifyRequest<AccountRoute>) => resourceContext(app, env, req);
    const collection = (ctx: ResourceContext) => ctx.account.collection<T>(spec.collection);

    app.get<AccountRoute>(base, async (req) => {
      const ctx = context(req);
      spec.listRule?.(ctx, wireParams(req));
      const all = spec.listSource ? spec.listSource(ctx, wireParams(req), app.emulator.store.env(env)) : collection(ctx).all();
      const page = listPage(all, wireParams(req), spec.list(ctx.account));
      return { request: echo(req), ...page, data: page.data.map((e) => answered(spec, e, ctx, "list")) };
    });

    app.get<EntityRoute>(`${base}/:id`, async (req) => {
      const { id } = req.params;
      const ctx = context(req);
      return one(req, answered(spec, found(collection(ctx).get(id), spec.noun, id, withDeleted(wireParams(req))), ctx, "get"));
    });

    if (spec.create) {
      app.post<AccountRoute>(base, async (req, reply) => {
        if (spec.sandboxOnlyCreate) sandboxOnly(env, req);
        const ctx = context(req);
        const { entity, created } = createOrFind(spec, ctx, wireParams(req));
        // The real platform answers a create with 201 Created (an ignored one with 200).
        return reply.status(created ? 201 : 200).send(one(req, answered(spec, entity, ctx, "create")));
      });
    }

    if (spec.createMany) {
      app.post<AccountRoute>(base, async (req, reply) => {
        const ctx = context(req);
        const fields = spec.createMany!(ctx, wireParams(req));
        const created = fields.map((f) => ctx.account.collection<T>(spec.collection).insert(f));
        for (const e of created) recordChange(ctx.account, spec.collection, "CREATE", e, ctx.by, ctx.clock());
        // The real platform answers the records with their total_count.
        return reply.status(201).send({ ...one(req, created.map((e) => answered(spec, e, ctx, "create"))), total_count: created.length });
      });
    }

    if (spec.update) {
      app.put<EntityRoute>(`${base}/:id`, async (req) => {
        const ctx = context(req);
        return one(req, answered(spec, updateEntity(spec, ctx, req.params.id, wireParams(req)), ctx, "update"));
      });
    } else {
      // Records without a PUT (ref campaign-management/reference.mdx, POST promoted_accounts, promoted_tweets and scheduled_promoted_tweets: "It is not possible to update (PUT)" promoted entities).
      app.put<EntityRoute>(`${base}/:id`, async () => {
        throw ApiError.of(405, "METHOD_NOT_ALLOWED", `${spec.noun} records cannot be updated; create a new one instead`);
      });
    }

    if (spec.deletable) {
      app.delete<EntityRoute>(`${base}/:id`, async (req) => {
        if (spec.sandboxOnlyDelete) sandboxOnly(env, req);
        const ctx = context(req);
        return one(req, answered(spec, deleteEntity(spec, ctx, req.params.id), ctx, "delete"));
      });
    }
  };
}
