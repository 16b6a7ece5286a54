/**
 * What a kind declares (`Declaration`: its fields are in its inputs schema,
 * fields.ts), and the same declaration resolved (`Resolved`): its defaults
 * filled in and what every part of the lifecycle reads derived once (field
 * lists, outputs, how an entity is found, read and written). The parts
 * (lifecycle.ts, look-up.ts, batch-create.ts, pending.ts) read a resolved
 * declaration; define.ts assembles them.
 */
import { z } from "zod";
import { Entity, Query } from "../client/client";
import { timestamps } from "./common";
import { Fields, fieldsOf, toOutputs, toWire } from "./fields";
import { CheckFailure, Context, CreateResult, Lifecycle, oneRecord, readLive, ReferenceData, Rule } from "./framework";

/** What every declared kind's inputs have: the account (kinds outside one omit it) and adoption. */
export type Base = { accountId?: string; adoptId?: string; deletionProtection?: boolean };

/**
 * What a kind declares beyond its name and its inputs (the inputs schema's
 * own `.describe()` is the kind's description): only what differs from the
 * standard lifecycle.
 */
export interface Declaration<I extends object, O extends object> {
  /** The entity in messages (default: the kind in words, e.g. "promoted Tweet"). */
  readonly noun?: string;
  /** Output-only fields, read from the live entity (`createdAt` is every entity's, unless `timestamps` is false). */
  readonly outputs?: Record<string, z.ZodType>;
  /** False for records the platform answers without `created_at` (settings, feature lists, member lists). */
  readonly timestamps?: false;
  /**
   * The platform has no update for this kind: every input it keeps is
   * create-only (a change replaces the entity), without marking each field.
   */
  readonly immutable?: true;
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
  /**
   * Why read, adoption and `pulumi import` GET the entity (`collection/:id`,
   * with_deleted) instead of the list by ids: the list's records lack fields
   * the entity has (app lists: the list answers id and name only). `xads
   * import` lists the collection, then reads each listed entity so.
   */
  readonly readsOne?: string;
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
   * looked up with `lookUp`, and sent again only for the items a look-up
   * after the wait proved absent (batch-create.ts).
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
    /**
     * The operations the batch endpoint (`path`) takes besides `Create`:
     * concurrent updates and deletes of the kind share its calls too, items
     * named by `<entity>_id` (batch-write.ts); a lone one is the single PUT
     * or DELETE. Where the platform has no batch form of an operation, each
     * goes alone.
     */
    writes?: readonly ("Update" | "Delete")[];
    /** The param naming an Update or Delete item's entity, where it is not the collection's singular with `_id` (`campaign_id`). */
    idParam?: string;
  };
  /** The platform takes the fields as a JSON body (cards, ref creatives/reference.mdx; flexible audiences' segment trees, ref audiences/reference.mdx), not as form parameters: the create's POST, the update's PUT and batch items. */
  readonly jsonBody?: boolean;
  /** The create call, where it is not a POST of the platform fields (`body`, in wire names) to the collection (`path`). */
  readonly send?: (ctx: Context, p: I, body: Query, path: string) => Promise<Entity>;
  /** How read finds the live entity, where it is not the coalesced read by id (`byId`, for a find that adds to it); undefined when gone. */
  readonly find?: (ctx: Context, p: I, id: string, byId: Finder<I>) => Promise<Entity | undefined>;
  /** Two entities cannot share these fields' values (a name unique in the account): a replacement deletes the old one first. */
  readonly uniqueBy?: readonly (keyof I & string)[];
  /** The platform cannot delete these entities: what destroy says as it leaves one in place. */
  readonly leftInPlace?: (id: string, props: O) => string;
  /**
   * The platform's DELETE of a `leftInPlace` kind exists in the sandbox only
   * (funding instruments): where the provider is configured for the sandbox
   * (`xads:sandbox`), destroy and removal send it (idempotent, as every
   * kind's delete); elsewhere the entity is left in place, saying so.
   */
  readonly sandboxDelete?: true;
  /**
   * Why `xads import` does not write programs for this kind's entities, where
   * it cannot adopt them losslessly (e.g. settings or member lists whose
   * values the platform never answers). Every kind with a `collection` is
   * imported otherwise.
   */
  readonly notImported?: string;
  /**
   * The inputs an import id carries before the entity's own id, where the
   * platform reads the entity only under them (a targeting criterion under
   * its line item): `pulumi import` takes `<lineItemId>:<id>` (import-id.ts),
   * and the state keeps the entity's own id, as a create records it.
   */
  readonly importId?: readonly (keyof I & string)[];
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
  /**
   * The update of an entity this process has just made or found (`olds`:
   * what the platform answered of it), so not read again first, as `update`
   * reads what it would overwrite (lifecycle.ts movedSincePlan).
   */
  updateFound(ctx: Context, id: string, olds: O, news: I): Promise<O>;
  /** The outputs of an update from the platform's answer (`answered`), with the edits made outside the program that it did not send kept out, and said (keptAsSeen). */
  updated(id: string, olds: O, news: I, answered: O, sent: readonly string[]): O;
}

/** What adopting an entity would do: the state it writes, or the failures that refuse it (each naming a field). */
export type Adoption<O> = { outs: O; refusals?: undefined } | { outs?: undefined; refusals: CheckFailure[] };

/** How read finds the live entity of an id; undefined when it is gone. */
export type Finder<I> = (ctx: Context, p: I, id: string) => Promise<Entity | undefined>;

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

/** The inputs schema of a kind whose input type a builder gives (audience permissions, member lists, conversation cards). */
export type InputsSchema<I> = z.ZodObject & z.ZodType<I>;

/** A declaration with its defaults filled in, and what the parts of the lifecycle read derived from it once. */
export interface Resolved<I extends Base, O extends object> extends Omit<Declaration<I, O>, "noun" | "path" | "idsParam" | "readQuery" | "describe" | "find" | "send" | "outputs"> {
  readonly kind: string;
  readonly noun: string;
  readonly description: string;
  readonly inputs: InputsSchema<I>;
  readonly path: (p: I) => string;
  readonly idsParam?: string;
  readonly readQuery: Query;
  /** The output-only fields, `createdAt` included unless the kind has no timestamps. */
  readonly outputFields: Record<string, z.ZodType>;
  readonly fields: Fields;
  readonly rules: readonly Rule<I>[];
  /** The kind has `deletionProtection`: deletion and replacement need it off. */
  readonly protectedKind: boolean;
  describe(p: I): string;
  /** The state of a resource of these inputs for a live entity. */
  outputs(declared: Partial<I>, entity: Entity): O;
  /** The state the next up diffs against, with the live values the outputs keep as declared (adoptCompares). */
  adoptedOf(declared: Partial<I>, entity: Entity): Record<string, unknown>;
  /** The live entity of that id; undefined when gone. */
  find: Finder<I>;
  /** The platform fields of some inputs in wire names (all the platform fields by default). */
  wire(p: I, names?: readonly string[]): Query;
  /** A POST or PUT of platform fields, as form parameters or a JSON body. */
  write(ctx: Context, method: "post" | "put", path: string, params: Query): Promise<Entity>;
  /** The create call of one entity. */
  send(ctx: Context, p: I): Promise<Entity>;
}

/** The declaration of a kind, resolved. */
export function resolve<I extends Base, O extends object>(kind: string, inputs: InputsSchema<I>, declaration: Declaration<I, O>): Resolved<I, O> {
  const { collection } = declaration;
  if (!declaration.path && !collection) throw new Error(`${kind}: declare its collection or its path`);
  const noun = declaration.noun ?? nounOf(kind);
  const path = declaration.path ?? ((p: I) => `/12/accounts/${p.accountId}/${collection}`);
  const idsParam = declaration.readsOne ? undefined : declaration.idsParam ?? (collection && !declaration.readBy ? idsParamOf(collection) : undefined);
  const readQuery: Query = { with_deleted: true, ...declaration.readQuery };
  const outputFields = { ...declaration.outputs, ...(declaration.timestamps === false ? {} : timestamps) };
  const fields = fieldsOf(inputs, outputFields, { immutable: declaration.immutable });
  const describe = declaration.describe ?? ((p: I) => (typeof (p as Record<string, unknown>).name === "string" ? `${noun} "${(p as Record<string, unknown>).name}"` : noun));

  const outputs = (declared: Partial<I>, entity: Entity): O => {
    const outs = toOutputs<O>(fields, declared as Record<string, unknown>, entity);
    return declaration.outputsFrom ? declaration.outputsFrom(outs, declared, entity) : outs;
  };
  const byId: Finder<I> = (ctx, p, id) => readLive(() => idsParam || declaration.readBy
    ? ctx.client.getById({ collectionPath: path(p), idsParam, by: declaration.readBy?.(p), id, query: readQuery })
    : ctx.client.get<Entity>(`${path(p)}/${id}`, readQuery));
  const wire = (p: I, names: readonly string[] = fields.api) => toWire(fields, p as Record<string, unknown>, names, false) as Query;
  const write = async (ctx: Context, method: "post" | "put", at: string, params: Query) =>
    oneRecord(await (declaration.jsonBody ? ctx.client[method]<Entity | Entity[]>(at, undefined, params) : ctx.client[method]<Entity | Entity[]>(at, params)));
  return {
    ...declaration,
    kind,
    noun,
    description: inputs.description ?? "",
    inputs,
    path,
    idsParam,
    readQuery,
    outputFields,
    fields,
    rules: declaration.rules ?? [],
    protectedKind: fields.inputs.includes("deletionProtection"),
    describe,
    outputs,
    adoptedOf: (declared, entity) => ({ ...outputs(declared, entity), ...declaration.adoptCompares?.(entity) }) as Record<string, unknown>,
    find: declaration.find ? (ctx, p, id) => declaration.find!(ctx, p, id, byId) : byId,
    wire,
    write,
    send: (ctx, p) => (declaration.send ? declaration.send(ctx, p, wire(p), path(p)) : write(ctx, "post", path(p), wire(p))),
  };
}
