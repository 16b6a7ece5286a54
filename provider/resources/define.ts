/**
 * The resource factory: the standard lifecycle of a kind, built from its
 * declaration. A kind declares its fields (with what each one is, see
 * fields.ts), its rules, where its entities live and how a create that got
 * no answer is found; it states only what differs from the standard.
 *
 * The standard: check validates, holds amounts in micros to the provider's
 * ceiling and runs the rules (a protected kind also refuses an unapproved
 * replacement); diff compares every input, create-only
 * ones replace; create adopts (`adoptId`), or POSTs once, alone or in a
 * batch shared with concurrent creates, and looks the entity up when no
 * answer came; read is coalesced by id; update PUTs the changed fields;
 * delete is idempotent and respects deletion protection.
 *
 * A create that may have committed, and whose look-up failed too, leaves
 * the resource pending (pending.ts): the next `up` replaces it by a create
 * that looks the entity up first; read looks it up; delete sends nothing.
 */
import { z } from "zod";
import { Entity, Query } from "../client/client";
import { timestamps } from "./common";
import { LIMITS } from "../limits";
import { BatchCreate, batchSend, createInBatch, createOnce, lookUpSent, PendingCreateError, SentItem } from "./batch-create";
import { Fields, fieldsOf, leftToPlatform, sameField, sameValue, toOutputs, toWire } from "./fields";
import {
  adoptionError, adoptionRefusals, approveDeletion, assertDeletable, budgetCeilingFailures, CheckEnv, CheckFailure, CheckResult, Context,
  CreateResult, deleteIdempotent, differingInputs, DiffResult, oneRecord, protectReplacement, readLive, ReferenceData, ResourceDefinition, Rule, sandboxOnlyFailures,
  validate,
} from "./framework";
import { isPendingId, partialCreate, PENDING_KEY, pendingCreates, pendingOf, Resumed, sentInputs } from "./pending";

/** What every declared kind's inputs have: the account (kinds outside one omit it) and adoption. */
type Base = { accountId?: string; adoptId?: string; deletionProtection?: boolean };

export interface Declaration<I extends object, O extends object> {
  readonly kind: string;
  /** The entity in messages (default: the kind in words, e.g. "promoted Tweet"). */
  readonly noun?: string;
  readonly description: string;
  readonly inputs: z.ZodObject & z.ZodType<I>;
  /** Output-only fields, read from the live entity (`createdAt` is every entity's, unless `timestamps` is false). */
  readonly outputs?: Record<string, z.ZodType>;
  /** False for records the platform answers without `created_at` (settings, feature lists, member lists). */
  readonly timestamps?: false;
  readonly rules?: readonly Rule<I>[];
  /** The reference data the rules read for these inputs (framework.ts ReferenceData), read by dispatch before it checks again. */
  readonly referenceNeeds?: (p: I) => readonly (keyof ReferenceData)[];
  /**
   * The account's collection of this kind, e.g. `tracking_tags`: the path
   * is `/12/accounts/:account_id/tracking_tags` and reads are filtered by
   * `tracking_tag_ids`, the platform's convention.
   */
  readonly collection?: string;
  /** The collection of an entity with these inputs, where it is not the account's `collection`; the entity is `${path}/${id}`. */
  readonly path?: (p: I) => string;
  /** The collection's IDS filter (default: the collection's, by convention): reads of one collection are coalesced into list calls of up to 200 ids. Without one, read GETs the entity. */
  readonly idsParam?: string;
  /** Where the collection's list filters by a parent, not by id: that filter and the entity's parent id (reads still coalesce). */
  readonly readBy?: (p: I) => { param: string; value: string };
  /** The query of every read besides `with_deleted: true` (docs/architecture.md rule 6: a deleted entity is read as gone), e.g. `{ with_draft: true }`. */
  readonly readQuery?: Query;
  /** A short description of one entity for messages (default: the noun and its name). */
  readonly describe?: (p: I) => string;
  /**
   * After a create without an answer: the live entities the creates of
   * `items` may have made (those created since they were sent are kept),
   * and which of them an item made. Without it, nothing is looked up and
   * the create fails saying it may have committed.
   */
  readonly lookUp?: {
    candidates: (ctx: Context, items: I[]) => Promise<Entity[]>;
    matches: (p: I, e: Entity) => boolean;
  };
  /**
   * Creates of one `up` share calls (the platform's batch endpoint, docs/architecture.md
   * rule 8); a lone create is the plain POST. A batch without an answer is
   * looked up with `lookUp`, never resent.
   */
  readonly batch?: {
    /** The batch endpoint of an item's collection (not needed with `send`). */
    path?: (p: I) => string;
    /** Most items in one call. */
    max: number;
    /** Items that may share a call (default: the same collection). */
    group?: (p: I) => string;
    /** How long a group stays open after its last item (the client's default otherwise). */
    windowMs?: number;
    /** The call, where it is not the batch endpoint's `Create` items (`path`: the items' collection). */
    send?: (ctx: Context, items: I[], path: string) => Promise<(Entity | undefined)[]>;
    /** Whether a lone create still goes through `send` (the default: the plain POST). */
    alwaysBatch?: boolean;
  };
  /** The platform takes the fields as a JSON body (cards, seed 4.11; flexible audiences' segment trees, 4.12), not as form parameters: the create's POST, the update's PUT and batch items. */
  readonly jsonBody?: boolean;
  /** The create call, where it is not a POST of the platform fields (`body`, in wire names) to the collection (`path`). */
  readonly send?: (ctx: Context, p: I, body: Query, path: string) => Promise<Entity>;
  /** How read finds the live entity, where it is not the coalesced read by id (`byId`, for a find that adds to it); undefined when gone. */
  readonly find?: (ctx: Context, p: I, id: string, byId: Finder<I>) => Promise<Entity | undefined>;
  /** Two entities cannot share these fields' values (a name unique in the account): a replacement deletes the old one first. */
  readonly uniqueBy?: readonly (keyof I & string)[];
  /** The platform cannot delete these entities: what destroy says as it leaves one in place. */
  readonly leftInPlace?: (id: string, props: O) => string;
  /** Only the sandbox has this kind: what the platform offers only there (for the refusal in production: check fails, and create, update and delete send nothing). */
  readonly sandboxOnly?: string;
  /** Checks of a change, old inputs against new (e.g. a status the platform takes only at creation). */
  readonly transitions?: (olds: Partial<I>, news: Record<string, unknown>) => CheckFailure[];
  /** What the outputs keep beside the live entity's fields (e.g. the declared Tweet id beside the served one). */
  readonly outputsFrom?: (outs: O, declared: Partial<I>, entity: Entity) => O;
  /** The live values adoption compares with the inputs, where the outputs keep declared ones (e.g. the live Tweet id). */
  readonly adoptCompares?: (entity: Entity) => Partial<Record<keyof I & string, unknown>>;
  /**
   * Lifecycle methods that differ from the standard; they may call the
   * standard ones (`standard`). Diff is not among them: adoption refuses
   * what the standard diff would change (`adoptionRefusals`), so a kind's
   * diff and its adoption cannot disagree.
   */
  readonly overrides?: (standard: Standard<I, O>) => Partial<Omit<Lifecycle<I, O>, "diff">>;
}

type Finder<I> = (ctx: Context, p: I, id: string) => Promise<Entity | undefined>;

type Lifecycle<I extends object, O extends object> = Pick<ResourceDefinition<I, O>, "check" | "diff" | "create" | "read" | "update" | "delete">;

/** The standard lifecycle and its parts, for overrides. */
export interface Standard<I extends object, O extends object> extends Lifecycle<I, O> {
  readonly fields: Fields;
  outputs(declared: Partial<I>, entity: Entity): O;
  find(ctx: Context, p: I, id: string): Promise<Entity | undefined>;
  /** Reads the entity `adoptId` names: the state adoption would write, or why it is refused (nothing written). */
  adoption(ctx: Context, inputs: I): Promise<Adoption<O>>;
  /** Takes over the entity `adoptId` names, or throws why not (before any write). */
  adopt(ctx: Context, inputs: I): Promise<CreateResult<O>>;
  /** The platform fields of some inputs in wire names (all the platform fields by default). */
  wire(p: I, names?: readonly string[]): Query;
  /** The outputs of an update from the platform's answer (`answered`), with the edits made outside the program that it did not send kept out, and said (keptAsSeen). */
  updated(id: string, olds: O, news: I, answered: O, sent: readonly string[]): O;
}

/** What adopting an entity would do: the state it writes, or the failures that refuse it (each naming a field). */
export type Adoption<O> = { outs: O; refusals?: undefined } | { outs?: undefined; refusals: CheckFailure[] };

/** A declared kind: the registry's definition plus what the factory derived. */
export interface DeclaredResource<I extends object, O extends object> extends ResourceDefinition<I, O> {
  readonly fields: Fields;
  /** The account's collection of this kind (the platform's entity type, e.g. `line_items`), where it declares one. */
  readonly collection?: string;
  readonly rules: readonly Rule<I>[];
  /**
   * What creates sent earlier made (recovery after an interrupted update):
   * per item, the live entity created since, undefined for none, or an
   * error (several match; the look-up failed). `held`: the ids the state's
   * resources hold, which no pending create made. Undefined for kinds that
   * declare no look-up.
   */
  readonly findCreated?: (ctx: Context, items: SentItem<I>[], held?: ReadonlySet<string>) => Promise<(Entity | Error | undefined)[]>;
  /**
   * Live entities, not deleted, that match one of `items` by the kind's
   * look-up but whose ids are not `held` (an interrupted update's
   * duplicate, or one made by hand), each with the index of the item it
   * matches: what `xads drift` reports as in no state. Items of one batch
   * group share calls (up to 200 a call), as their creates do; other kinds
   * look each item up alone.
   */
  readonly findUntracked?: (ctx: Context, items: I[], held: ReadonlySet<string>) => Promise<{ entity: Entity; item: number }[]>;
  /** The state of a resource of these inputs for a live entity. */
  outputsOf(declared: Partial<I>, entity: Entity): O;
  /**
   * Why the entity `inputs.adoptId` names cannot be adopted with these
   * inputs (empty: it can), each reason naming the entity: check's
   * look-ahead in preview, with the reads and refusals of create's adoption.
   */
  adoptionRefusals(ctx: Context, inputs: I): Promise<CheckFailure[]>;
  /**
   * The state adoption compares with the inputs for a live entity: its
   * outputs, with the live values `adoptCompares` names (`xads import`
   * writes these, so its programs adopt without a difference).
   */
  adoptedOf(declared: Partial<I>, entity: Entity): Record<string, unknown>;
}

/** The state of a kind: its inputs, and its output-only fields where the platform answers them. */
export type StateOf<S extends z.ZodType, Out extends Record<string, z.ZodType>> = z.infer<S> & { [K in keyof Out]?: z.infer<Out[K]> } & { createdAt?: string };

/** `tracking_tags` -> `tracking_tag_ids`, `line_item_curated_categories` -> `line_item_curated_category_ids`. */
export function idsParamOf(collection: string): string {
  return `${collection.replace(/ies$/, "y").replace(/s$/, "")}_ids`;
}

/** `ScheduledPromotedTweet` -> `scheduled promoted Tweet`: the platform writes Tweet with a capital. */
export function nounOf(kind: string): string {
  return kind.replace(/([a-z])([A-Z])/g, "$1 $2").split(" ").map((w) => (w === "Tweet" ? w : w.toLowerCase())).join(" ");
}

/** What a kind declares beyond its name and inputs (the inputs schema's own description describes the kind). */
export type Spec<I extends object, O extends object> = Omit<Declaration<I, O>, "kind" | "inputs" | "description">;

/**
 * A kind from its name, its inputs (a zod object whose `.describe()` is the
 * kind's description in the SDK, the README and schema.json) and what it
 * declares beyond the standard.
 */
export function defineResource<S extends z.ZodObject, Out extends Record<string, z.ZodType> = Record<never, never>>(
  kind: string,
  inputs: S,
  spec: Spec<z.infer<S>, StateOf<S, Out>> & { readonly outputs?: Out },
): DeclaredResource<z.infer<S>, StateOf<S, Out>> {
  if (!inputs.description) throw new Error(`${kind}: describe the kind on its inputs schema, z.strictObject({...}).describe("what it is")`);
  return declareResource<z.infer<S>, StateOf<S, Out>>({ ...spec, kind, inputs: inputs as unknown as z.ZodObject & z.ZodType<z.infer<S>>, description: inputs.description });
}

/** The same for builders of kinds whose input types are generic (audience permissions, member lists, conversation cards). */
export function declareResource<In extends object, O extends object>(declaration: Declaration<In, O>): DeclaredResource<In, O> {
  type I = In & Base;
  const { collection } = declaration;
  const d = {
    ...declaration,
    noun: declaration.noun ?? nounOf(declaration.kind),
    path: declaration.path ?? ((p: I) => `/12/accounts/${p.accountId}/${collection}`),
    idsParam: declaration.idsParam ?? (collection && !declaration.readBy ? idsParamOf(collection) : undefined),
    readQuery: { with_deleted: true, ...declaration.readQuery },
  };
  if (!declaration.path && !collection) throw new Error(`${declaration.kind}: declare its collection or its path`);
  const outputFields = { ...d.outputs, ...(d.timestamps === false ? {} : timestamps) };
  const fields = fieldsOf(d.inputs, outputFields);
  const rules = d.rules ?? [];
  const protectedKind = fields.inputs.includes("deletionProtection");
  const describe = d.describe ?? ((p: I) => (typeof (p as Record<string, unknown>).name === "string" ? `${d.noun} "${(p as Record<string, unknown>).name}"` : d.noun));

  const outputs = (declared: Partial<I>, entity: Entity): O => {
    const outs = toOutputs<O>(fields, declared as Record<string, unknown>, entity);
    return d.outputsFrom ? d.outputsFrom(outs, declared, entity) : outs;
  };
  /** The state the next up diffs against, with the live values the outputs keep as declared (adoptCompares). */
  const adoptedOf = (declared: Partial<I>, entity: Entity) => ({ ...outputs(declared, entity), ...d.adoptCompares?.(entity) }) as Record<string, unknown>;

  const byId: Finder<I> = (ctx, p, id) => readLive(() => d.idsParam || d.readBy
    ? ctx.client.getById({ collectionPath: d.path(p), idsParam: d.idsParam, by: d.readBy?.(p), id, query: d.readQuery })
    : ctx.client.get<Entity>(`${d.path(p)}/${id}`, d.readQuery));
  const find: Finder<I> = d.find ? (ctx, p, id) => d.find!(ctx, p, id, byId) : byId;

  const wire = (p: I, names: readonly string[] = fields.api) => toWire(fields, p as Record<string, unknown>, names, false) as Query;
  /** A POST or PUT of platform fields, as form parameters or a JSON body. */
  const write = async (ctx: Context, method: "post" | "put", path: string, params: Query) =>
    oneRecord(await (d.jsonBody ? ctx.client[method]<Entity | Entity[]>(path, undefined, params) : ctx.client[method]<Entity | Entity[]>(path, params)));
  const send = (ctx: Context, p: I) => (d.send
    ? d.send(ctx, p, wire(p), d.path(p))
    : write(ctx, "post", d.path(p), wire(p)));
  const candidates = async (ctx: Context, items: I[]): Promise<Entity[]> => (d.lookUp ? d.lookUp.candidates(ctx, items) : []);
  const matches = (p: I, e: Entity) => d.lookUp?.matches(p, e) ?? false;
  const createAlone = (ctx: Context, p: I) =>
    createOnce(describe(p), () => send(ctx, p), async () => (await candidates(ctx, [p])).filter((e) => matches(p, e)));
  const findCreated = (ctx: Context, items: SentItem<I>[], held?: ReadonlySet<string>) => lookUpSent(items, describe,
    async () => (await candidates(ctx, items.map((s) => s.item))).filter((e) => !held?.has(String(e.id))), matches);
  /** Items that may share a call (a batch's creates, and the look-ups after them): the kind's batch group, else its collection. */
  const groupOf = (p: I) => `${d.kind}|${d.batch?.group?.(p) ?? d.path(p)}`;
  /** Look-ups of a kind that batches take many items a call; others name one item. */
  const lookUpsPerCall = d.batch ? LIMITS.idsPerFilter : 1;
  const findUntracked = async (ctx: Context, items: I[], held: ReadonlySet<string>) => {
    const found = await Promise.all(items.map((item) => ctx.client.collect<I, Entity[]>(`untracked|${groupOf(item)}`, item, lookUpsPerCall, async (chunk) => {
      const live = (await candidates(ctx, chunk)).filter((e) => !e.deleted && !held.has(String(e.id)));
      return chunk.map((p) => live.filter((e) => matches(p, e)));
    }, 1)));
    // An entity like two items is reported once, with the first.
    const reported = new Set<string>();
    return found.flatMap((entities, item) => entities.filter((e) => !reported.has(String(e.id)) && reported.add(String(e.id))).map((entity) => ({ entity, item })));
  };
  /**
   * One earlier create's entity. Look-ups of one batch at once share their
   * calls, as the batch's creates did; other kinds' look-ups name one item.
   */
  const findSent = (ctx: Context, sent: SentItem<I>) => ctx.client.collect<SentItem<I>, Entity | Error | undefined>(
    `created|${groupOf(sent.item)}`, sent, lookUpsPerCall, (items) => findCreated(ctx, items), d.batch?.windowMs);
  const batchOf = (ctx: Context, p: I, b: NonNullable<Declaration<I, O>["batch"]>): BatchCreate<I> => ({
    what: describe,
    group: groupOf(p),
    max: b.max,
    windowMs: b.windowMs,
    send: b.send ? (items) => b.send!(ctx, items, d.path(p)) : batchSend(ctx, b.path!(p), b.max, (item) => (d.jsonBody ? wire(item) : listsAsText(wire(item)))),
    candidates: (items) => candidates(ctx, items),
    matches,
    single: b.alwaysBatch ? undefined : (item) => createAlone(ctx, item),
  });

  const standard: Standard<I, O> = {
    fields,
    outputs,
    find,
    wire,

    check(olds, news, env?: CheckEnv): CheckResult<I> {
      const result = validate(d.inputs as z.ZodType<I>, news, rules, env);
      // Compared with the defaults filled in: a default left out is no change.
      const filled = (result.inputs ?? news) as Record<string, unknown>;
      const failures = [
        ...(result.failures ?? []),
        ...budgetCeilingFailures(fields.amounts, filled, env),
        ...(d.transitions?.(olds, news) ?? []),
        ...(protectedKind ? protectReplacement(d.noun, olds, filled, fields.createOnly) : []),
        ...(d.sandboxOnly ? sandboxOnlyFailures(d.kind, d.sandboxOnly, env) : []),
      ];
      return failures.length > 0 ? { ...result, failures } : result;
    },

    diff(id, olds, news) {
      const diff = diffOf(fields, olds as Record<string, unknown>, news as Record<string, unknown>);
      const sameKey = d.uniqueBy?.every((f) => sameValue((olds as Record<string, unknown>)[f], news[f]));
      const ordered = diff.replaces && sameKey ? { ...diff, deleteBeforeReplace: true } : diff;
      return protectedKind ? approveDeletion(id, ordered, news as Record<string, unknown>) : ordered;
    },

    async adoption(ctx, inputs) {
      const id = inputs.adoptId!;
      const live = await find(ctx, inputs, id);
      if (!live || live.deleted === true) {
        return { refusals: [{ property: "adoptId", reason: `${d.noun} ${id} cannot be adopted: no live ${d.noun} has that id (it was deleted, or belongs to another account or parent)` }] };
      }
      const refusals = adoptionRefusals(d.noun, fields, inputs as Record<string, unknown>, adoptedOf(inputs, live));
      return refusals.length > 0 ? { refusals } : { outs: outputs(inputs, live) };
    },

    async adopt(ctx, inputs) {
      const adopted = await standard.adoption(ctx, inputs);
      if (adopted.refusals) {
        throw adopted.refusals[0]!.property === "adoptId" ? new Error(adopted.refusals[0]!.reason) : adoptionError(d.noun, inputs.adoptId!, adopted.refusals);
      }
      return { id: inputs.adoptId!, outs: adopted.outs };
    },

    async create(ctx, inputs) {
      if (inputs.adoptId) return standard.adopt(ctx, inputs);
      const entity = d.batch ? await createInBatch(ctx, batchOf(ctx, inputs, d.batch), inputs) : await createAlone(ctx, inputs);
      return { id: String(entity.id), outs: outputs(inputs, entity) };
    },

    async read(ctx, id, props) {
      const live = await find(ctx, props as unknown as I, id);
      return live && { id, props: outputs(props as unknown as Partial<I>, live) };
    },

    async update(ctx, id, olds, news) {
      const changed = changedFields(fields, olds as Record<string, unknown>, news as Record<string, unknown>);
      // Only the resource's own inputs changed (deletionProtection, adoptId): nothing to send.
      if (changed.length === 0) return { ...olds, ...localOf(fields, news as Record<string, unknown>) } as O;
      const entity = await write(ctx, "put", `${d.path(news)}/${id}`, toWire(fields, news as Record<string, unknown>, changed) as Query);
      return standard.updated(id, olds, news, outputs(news, entity), changed);
    },

    updated(id, olds, news, answered, sent) {
      const { outs, edited } = keptAsSeen(fields, olds as Record<string, unknown>, news as Record<string, unknown>, answered as Record<string, unknown>, sent);
      if (edited.length > 0) process.stderr.write(editedOutsideMessage(`${describe(news)} (id ${id})`, edited) + "\n");
      return outs as O;
    },

    async delete(ctx, id, props) {
      if (d.leftInPlace) {
        process.stderr.write(d.leftInPlace(id, props) + "\n");
        return;
      }
      if (protectedKind) assertDeletable(d.noun, id, props as Record<string, unknown>);
      await deleteIdempotent(() => ctx.client.delete(`${d.path(props as unknown as I)}/${id}`));
    },
  };

  // ------------------------------------------------ pending creates ---

  /** The replacement of a pending resource: the entity its earlier create made, taken over with the changes declared since; undefined when it made none. */
  const resume = async (ctx: Context, p: I, { marker, sent }: Resumed<I>): Promise<CreateResult<O> | undefined> => {
    const found = await findSent(ctx, { item: sent, sentAtMs: Date.parse(marker.sentAt) });
    if (found instanceof Error) throw found;
    if (!found) return undefined;
    const id = String(found.id);
    const outs = outputs(p, found);
    const { replaces } = diffOf(fields, outs as Record<string, unknown>, p as Record<string, unknown>);
    if (replaces) {
      throw new Error(`${describe(sent)} (id ${id}) was made by the create that got no answer, but the declaration changed since in ${replaces.join(", ")}, which cannot change in place: adopt it with adoptId: "${id}" and change it afterwards, or delete it in the ads UI; nothing was created`);
    }
    if (changedFields(fields, outs as Record<string, unknown>, p as Record<string, unknown>).length === 0) return { id, outs };
    try {
      return { id, outs: await standard.update(ctx, id, outs, p) };
    } catch (err) {
      // Found: the engine records it (id), and the next up sends the changes again.
      const message = `${describe(sent)} (id ${id}) was found and taken over, but updating it to the declaration failed (${err instanceof Error ? err.message : String(err)}); run pulumi up again`;
      throw Object.assign(new Error(message), { id, properties: { ...outs, __provider: (p as Record<string, unknown>).__provider } });
    }
  };

  const pending = {
    /** A pending resource is replaced: the create of the replacement looks its entity up first. */
    diff(olds: Record<string, unknown>, news: Record<string, unknown>): DiffResult | undefined {
      const marker = pendingOf(olds);
      if (!marker) return undefined;
      pendingCreates.remember<I>(d.kind, news, { marker, sent: sentInputs<I>(olds) });
      return { changes: true, replaces: [PENDING_KEY] };
    },
    create: (op: Lifecycle<I, O>["create"]) => async (ctx: Context, inputs: I): Promise<CreateResult<O>> => {
      const resumed = inputs.adoptId ? undefined : pendingCreates.take<I>(d.kind, inputs as Record<string, unknown>);
      try {
        return (resumed && await resume(ctx, inputs, resumed)) || await op(ctx, inputs);
      } catch (err) {
        // Kept as pending where the next up can look it up (a kind with a look-up).
        throw err instanceof PendingCreateError && d.lookUp ? partialCreate(d.kind, inputs as Record<string, unknown>, err) : err;
      }
    },
    /** The entity the pending create made, under its own id; gone when it made none. */
    async read(ctx: Context, props: Record<string, unknown>) {
      const marker = pendingOf(props)!;
      const sent = sentInputs<I>(props);
      const found = await findSent(ctx, { item: sent, sentAtMs: Date.parse(marker.sentAt) });
      if (found instanceof Error) throw found;
      return found && { id: String(found.id), props: outputs(sent, found) };
    },
    /** Nothing to send: the entity it may have made belongs to the replacement that found it, or to nobody. */
    async delete(id: string, props: Record<string, unknown>) {
      const marker = pendingOf(props);
      process.stderr.write(`${d.noun} ${id} was pending (its create got no answer at ${marker?.sentAt ?? "an unknown time"}): nothing is deleted; if ${marker?.what ?? `the ${d.noun}`} exists and no resource holds it, delete it in the ads UI\n`);
    },
  };

  const own = d.overrides?.(standard) ?? {};
  // A sandbox-only kind writes nothing in production, overrides included (check refused it already; this holds without a check).
  const inSandbox = <A extends unknown[], R>(op: (ctx: Context, ...args: A) => Promise<R>) => (d.sandboxOnly
    ? async (ctx: Context, ...args: A): Promise<R> => {
      const [refusal] = sandboxOnlyFailures(d.kind, d.sandboxOnly!, ctx.config);
      if (refusal) throw new Error(refusal.reason);
      return op(ctx, ...args);
    }
    : op);
  return {
    kind: d.kind,
    collection,
    description: d.description,
    inputs: d.inputs as z.ZodType<I>,
    outputs: outputFields,
    createOnly: fields.createOnly,
    fields,
    rules,
    check: own.check ?? standard.check,
    referenceNeeds: d.referenceNeeds,
    diff: (id, olds, news) => pending.diff(olds as Record<string, unknown>, news as Record<string, unknown>) ?? standard.diff(id, olds, news),
    create: inSandbox(pending.create(own.create ?? standard.create)),
    read: async (ctx, id, props) => {
      if (isPendingId(id) && pendingOf(props as Record<string, unknown>)) return pending.read(ctx, props as Record<string, unknown>);
      const result = await (own.read ?? standard.read)(ctx, id, props);
      return result && { ...result, inputs: refreshedInputs(fields, result.props as Record<string, unknown>) };
    },
    update: inSandbox(own.update ?? standard.update),
    delete: inSandbox((ctx, id, props) => (isPendingId(id) ? pending.delete(id, props as Record<string, unknown>) : (own.delete ?? standard.delete)(ctx, id, props))),
    ...(d.lookUp ? { findCreated, findUntracked } : {}),
    outputsOf: outputs,
    adoptedOf,
    adoptionRefusals: async (ctx, inputs) => ((await standard.adoption(ctx, inputs)).refusals ?? [])
      .map((r) => (r.property === "adoptId" ? r : { ...r, reason: `${d.noun} ${(inputs as I).adoptId} cannot be adopted: ${r.reason}` })),
  };
}

// ----------------------------------------------------------------- diff ---

/**
 * Which inputs differ between the state (olds) and the program (news), and
 * which of those replace. An input not known yet counts as a change; a
 * computed one the program leaves unset is not managed, so no difference.
 */
export function diffOf(fields: Fields, olds: Record<string, unknown>, news: Record<string, unknown>): DiffResult {
  const changed = differingInputs(fields, olds, news);
  const replaces = changed.filter((f) => fields.createOnly.includes(f));
  return {
    changes: changed.length > 0,
    ...(replaces.length > 0 ? { replaces } : {}),
    stables: fields.inputs.filter((f) => !changed.includes(f) && fields.createOnly.includes(f)),
  };
}

/**
 * The inputs a refresh writes into the state beside the live outputs: the
 * live values of the inputs diff compares, and the resource's own inputs as
 * they were. The engine shows a change as the state's inputs -> the
 * program's (pulumi/pulumi pkg/backend/display/object_diff.go,
 * getResourcePropertiesDetails; the dynamic provider of @pulumi/pulumi
 * 3.259 sends no detailed diff), so after a refresh an edit made in the ads
 * UI shows as live -> declared. A computed input is left out: the program
 * may leave it unset, and it would show as removed.
 */
export function refreshedInputs(fields: Fields, outs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.inputs.filter((f) => !fields.computed.includes(f) && outs[f] !== undefined).map((f) => [f, outs[f]]));
}

/** A field the platform answered with another value than the state's, which the update did not send. */
export interface EditedField {
  field: string;
  live: unknown;
  declared: unknown;
}

/**
 * The outputs an update records: the PUT's answer, except for fields it did
 * not send whose live value differs from the state's (edited outside the
 * program since the last up or refresh). For those the state keeps its
 * value. `edited` names those the answer carries a value of: an answer
 * without a field (a card's PUT answers fewer fields) says nothing of it. Taking the live value would make the next diff (outputs against the
 * program) plan a change the preview cannot show (the state's inputs, which
 * the engine shows, still hold the program's value), and the up after it
 * would undo the edit unseen. A refresh takes the live value into inputs
 * and outputs (refreshedInputs), so the preview shows it as live -> declared.
 */
export function keptAsSeen(fields: Fields, olds: Record<string, unknown>, news: Record<string, unknown>, answered: Record<string, unknown>, sent: readonly string[]): { outs: Record<string, unknown>; edited: EditedField[] } {
  const edited = fields.updatable.filter((f) => !sent.includes(f)
    && !leftToPlatform(fields, f, news)
    && !sameField(fields, f, olds[f], answered[f]));
  const outs = { ...answered };
  for (const f of edited) {
    if (olds[f] === undefined) delete outs[f];
    else outs[f] = olds[f];
  }
  return { outs, edited: edited.filter((f) => answered[f] !== undefined).map((f) => ({ field: f, live: answered[f], declared: news[f] })) };
}

/** What an update says of the edits it found and left alone. */
export function editedOutsideMessage(what: string, edited: readonly EditedField[]): string {
  const shown = (v: unknown) => (v === undefined ? "not set" : JSON.stringify(v));
  const list = edited.map((e) => `${e.field} is ${shown(e.live)} on the platform, ${shown(e.declared)} in the program`).join("; ");
  return `${what} was changed outside the program since the last up or refresh (e.g. in the ads UI): ${list}. `
    + "This up left those values as they are on the platform. Run pulumi refresh (or pulumi preview --refresh): the preview then shows each as live -> declared, "
    + "and the next up changes them back unless the program declares the live values";
}

/** The platform fields an update sends: changed updatable ones, not computed ones the program no longer sets. */
export function changedFields(fields: Fields, olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  return fields.updatable.filter((f) =>
    !sameField(fields, f, olds[f], news[f]) && !leftToPlatform(fields, f, news));
}

/**
 * A batch item's params in the single POST's form, for kinds whose fields
 * are form parameters (a `jsonBody` kind's are JSON already): lists of values comma-separated
 * (reference.mdx, POST batch line_items: `"placements":"ALL_ON_TWITTER"`;
 * the official Python SDK's batch_save sends its to_params, which joins lists
 * with commas: twitterdev/twitter-python-ads-sdk twitter_ads/resource.py).
 */
function listsAsText(params: Query): Query {
  const isList = (v: unknown): v is (string | number)[] => Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number");
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, isList(v) ? v.join(",") : v])) as Query;
}

/** The resource's own inputs that are set (the engine cannot serialize an undefined value: "Unexpected struct type"). */
function localOf(fields: Fields, inputs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.local.filter((f) => inputs[f] !== undefined).map((f) => [f, inputs[f]]));
}

