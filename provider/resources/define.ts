/**
 * The resource factory: a kind from its name, its inputs and its
 * declaration, assembled from the parts of the lifecycle, each in its own
 * module:
 *
 * - declaration.ts: what a kind declares, resolved (defaults filled in);
 * - lifecycle.ts: the standard check, diff, create, read, update, delete;
 * - look-up.ts: finding what a create without an answer made (rule 7);
 * - batch-create.ts: creates sent once, alone or in a batch;
 * - batch-write.ts: updates and deletes sharing batch calls (`batch.writes`);
 * - pending.ts: resources whose create may have committed unseen.
 *
 * Here a kind's overrides replace standard methods, pending resources are
 * routed to their own lifecycle, and a sandbox-only kind writes nothing in
 * production (docs/architecture.md rules 6 and 7).
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { createInBatch, kindBatch, SentItem } from "./batch-create";
import { Base, Declaration, InputsSchema, resolve, StateOf } from "./declaration";
import { keysToCamel } from "../names";
import { Fields, isEmpty } from "./fields";
import { CheckFailure, Context, Lifecycle, ReadResult, ReferenceData, Rule, sandboxOnlyFailures, validate } from "./framework";
import { joinImportId, splitImportId } from "./import-id";
import { refreshedInputs, standardLifecycle } from "./lifecycle";
import { lookUpsOf } from "./look-up";
import { isPendingId, pendingLifecycle, pendingOf } from "./pending";

/**
 * One resource kind, as the registry holds it: its lifecycle, and what
 * schema.json, the SDK, policies, `xads import` and `xads drift` read of it.
 * `kind` is its type token's last part: a Campaign is
 * `pulumi-nodejs:dynamic/xads:Campaign`, which policies and pr-summary match.
 */
export interface ResourceDefinition<I extends object = any, O extends object = any> extends Lifecycle<I, O> {
  readonly kind: string;
  readonly description: string;
  /** Zod schema of the inputs (camelCase), defaults included. */
  readonly inputs: z.ZodType<I>;
  /** Output-only properties, for schema.json and the SDK class. */
  readonly outputs: Record<string, z.ZodType>;
  /** Inputs that cannot change in place: a change replaces the entity. */
  readonly createOnly: readonly string[];
  /** The reference data check's rules read for these (valid) inputs: dispatch reads it and checks again with it. */
  referenceNeeds?(inputs: I): readonly (keyof ReferenceData)[];
  readonly fields: Fields;
  /** The account's collection of this kind (the platform's entity type, e.g. `line_items`), where it declares one. */
  readonly collection?: string;
  /**
   * Which steps the standard lifecycle sends to that collection, where the
   * kind declares one and neither overrides the step nor declares its own
   * call for it: create (POST of the collection, unless every create goes
   * through the batch endpoint), read and adoption (its
   * list, filtered by ids or a parent), update (PUT of `collection/:id`, for
   * a kind with a field it can change in place: not `immutable`) and delete
   * (DELETE of `collection/:id`, unless the kind is `leftInPlace` without a
   * `sandboxDelete`). The conformance suites derive the endpoints a kind
   * calls from it.
   */
  readonly collectionCalls?: {
    readonly create: boolean;
    readonly read: boolean;
    /** Read and adoption GET `collection/:id` instead (the declaration's `readsOne`): the list's records lack fields. */
    readonly readOne: boolean;
    readonly update: boolean;
    readonly delete: boolean;
  };
  /** Why read GETs one entity, not the list (the declaration's `readsOne`); `xads import` then reads each listed entity by id. */
  readonly readsOne?: string;
  /** Why `xads import` does not write this kind's entities (undefined: it does, where the kind has a collection). */
  readonly notImported?: string;
  /** The inputs `pulumi import`'s id carries before the entity's own (import-id.ts): `["lineItemId"]` for `<lineItemId>:<id>`. */
  readonly importId: readonly string[];
  /** The id `pulumi import` takes for a live entity (`<lineItemId>:<id>` where the kind's import id carries its line item). */
  importIdOf(entity: Entity): string;
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
   * look each item up alone. Undefined for a kind destroy may leave in place
   * (`leftInPlace`: published Tweets, funding instruments outside the
   * sandbox): one in no state may be what an earlier destroy left, or another
   * project's (an instrument has no name: its look-up matches any of the
   * same currency, type and start), and the Ads API offers nothing that
   * removes it, so `xads drift` does not look for them.
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
  /**
   * What a program declares to manage a live entity as it is, besides the
   * resource's own inputs (accountId, adoptId): every platform field the
   * next up manages that has a live value, as adoption compares it
   * (`adoptedOf`). A field read never gives back (writeOnly) is taken from
   * the entity where it shows it anyway (a listed flexible audience's
   * segment tree), else left for the user to declare. Left out: values in
   * the path, and computed ones the platform fills in (a line item's
   * pay_by), which the program leaves to the platform, but those check asks
   * the program to declare (a draft's text, required without media): a value
   * the user set, managed once declared. `xads import` writes
   * these, and `pulumi import` takes them as the resource's inputs
   * (`importRead`), so both imports are lossless the same way.
   */
  importedInputs(entity: Entity): Record<string, unknown>;
  /**
   * The read of `pulumi import` (the engine sends only the id, the kind's
   * import id: `importId`; `declared` holds what the provider fills in, the
   * stack's account): the live entity, under its own id,
   * as adopting it with `importedInputs` would record it, those inputs
   * beside it. A kind with a read of its own answers what that reads.
   * Undefined when the entity is gone.
   */
  importRead(ctx: Context, id: string, declared: Partial<I>): Promise<ReadResult<O>>;
}

/**
 * A kind from its name, its inputs (a zod object whose `.describe()` is the
 * kind's description in the SDK, the README and schema.json) and what it
 * declares beyond the standard. The types of its inputs and state come from
 * the schema and the declared outputs; a builder of kinds whose input types
 * are generic gives them (`defineResource<I, O>(kind, inputs as InputsSchema<I>, ...)`).
 */
export function defineResource<S extends z.ZodObject, Out extends Record<string, z.ZodType> = Record<never, never>>(
  kind: string,
  inputs: S,
  declaration: Declaration<z.infer<S>, StateOf<S, Out>> & { readonly outputs?: Out },
): ResourceDefinition<z.infer<S>, StateOf<S, Out>>;
export function defineResource<In extends object, O extends object>(kind: string, inputs: InputsSchema<In>, declaration: Declaration<In, O>): ResourceDefinition<In, O>;
export function defineResource<In extends object, O extends object>(kind: string, inputs: InputsSchema<In>, declaration: Declaration<In, O>): ResourceDefinition<In, O> {
  if (!inputs.description) throw new Error(`${kind}: describe the kind on its inputs schema, z.strictObject({...}).describe("what it is")`);
  type I = In & Base;
  const d = resolve<I, O>(kind, inputs as InputsSchema<I>, declaration as Declaration<I, O>);
  const lookUps = lookUpsOf(d);
  const standard = standardLifecycle(d, d.batch ? (ctx, p) => createInBatch(ctx, kindBatch(d, lookUps, ctx, p), p) : lookUps.createAlone);
  const pending = pendingLifecycle(d, standard, lookUps.findSent);
  const { fields, rules, outputs, adoptedOf } = d;
  const { findCreated, findUntracked } = lookUps;
  const own = d.overrides?.(standard) ?? {};
  /** The inputs a program declares to manage an entity as it is (ResourceDefinition.importedInputs). */
  const managed = fields.inputs.filter((f) => !fields.local.includes(f) && !fields.inPath.includes(f) && !fields.computed.includes(f));
  // Check of what an import writes: the resource's own inputs and the path's values are the program's to give.
  const unwritten = (d.inputs as z.ZodObject).partial(Object.fromEntries([...fields.local, ...fields.inPath].map((f) => [f, true] as const)) as Record<string, true>) as unknown as z.ZodType<I>;
  const importedInputs = (e: Entity): Record<string, unknown> => {
    const adopted = adoptedOf({}, e);
    const live = (f: string) => (fields.writeOnly.includes(f) ? keysToCamel(e[fields.wire(f)]) : adopted[f]);
    const valuesOf = (of: readonly string[]) => Object.fromEntries(of.map((f) => [f, live(f)] as const).filter(([, v]) => !isEmpty(v)));
    const declared = valuesOf(managed);
    // A computed field check asks for (a draft's text, required without media) is a value the user set, which the
    // program must declare to pass check: declared, it is managed, so the import writes it (docs/architecture.md rule 12).
    const asked = new Set((validate(unwritten, declared, rules).failures ?? []).map((f) => f.property));
    const needed = valuesOf(fields.computed.filter((f) => asked.has(f)));
    return Object.fromEntries(fields.inputs.filter((f) => f in declared || f in needed).map((f) => [f, declared[f] ?? needed[f]]));
  };
  const importId = (declaration.importId ?? []) as readonly string[];
  const read: Lifecycle<I, O>["read"] = async (ctx, id, props) => {
    if (isPendingId(id) && pendingOf(props as Record<string, unknown>)) return pending.read(ctx, props as Record<string, unknown>);
    const result = await (own.read ?? standard.read)(ctx, id, props);
    return result && { ...result, inputs: refreshedInputs(fields, result.props as Record<string, unknown>) };
  };
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
    collection: declaration.collection,
    ...(declaration.collection ? {
      collectionCalls: {
        create: !own.create && !declaration.send && !declaration.batch?.alwaysBatch,
        read: !own.read && !declaration.find && !declaration.readsOne,
        readOne: !own.read && !declaration.find && declaration.readsOne !== undefined,
        update: fields.updatable.length > 0 && !own.update,
        delete: (!declaration.leftInPlace || declaration.sandboxDelete === true) && !own.delete,
      },
    } : {}),
    notImported: declaration.notImported,
    readsOne: declaration.readsOne,
    importId,
    importIdOf: (e) => joinImportId(importId, Object.fromEntries(importId.map((f) => [f, e[fields.wire(f)]])), e.id),
    description: d.description,
    inputs: d.inputs as z.ZodType<I>,
    outputs: d.outputFields,
    createOnly: fields.createOnly,
    fields,
    rules,
    check: own.check ?? standard.check,
    referenceNeeds: d.referenceNeeds,
    diff: (id, olds, news) => pending.diff(olds as Record<string, unknown>, news as Record<string, unknown>) ?? standard.diff(id, olds, news),
    create: inSandbox(pending.create(own.create ?? standard.create)),
    read,
    update: inSandbox(own.update ?? standard.update),
    delete: inSandbox((ctx, id, props) => (isPendingId(id) ? pending.delete(id, props as Record<string, unknown>) : (own.delete ?? standard.delete)(ctx, id, props))),
    ...(d.lookUp ? { findCreated, ...(d.leftInPlace ? {} : { findUntracked }) } : {}),
    outputsOf: outputs,
    adoptedOf,
    importedInputs,
    importRead: async (ctx, importedId, given) => {
      // The parents the import id carries are inputs (a permission's audience, in its path); the state keeps the entity's own id.
      const { id, values } = splitImportId(d.noun, importId, importedId);
      const declared = { ...given, ...values };
      if (own.read) return read(ctx, id, declared as O);
      const live = await standard.find(ctx, declared as I, id);
      if (!live) return undefined;
      const inputs = { ...declared, ...importedInputs(live) } as I;
      return { id, props: outputs(inputs, live), inputs };
    },
    adoptionRefusals: async (ctx, inputs) => ((await standard.adoption(ctx, inputs)).refusals ?? [])
      .map((r) => (r.property === "adoptId" ? r : { ...r, reason: `${d.noun} ${(inputs as I).adoptId} cannot be adopted: ${r.reason}` })),
  };
}

