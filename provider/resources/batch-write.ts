/**
 * Updates and deletes that share batch calls (docs/architecture.md rules 7
 * and 8): the kinds whose batch endpoint takes `Update` and `Delete` items
 * besides `Create` (ref campaign-management/reference.mdx, POST
 * batch/accounts/:account_id/campaigns and POST
 * batch/accounts/:account_id/line_items: "operation_type ... Possible
 * values: Create, Delete, Update", "The current maximum batch size is 40")
 * declare it (`batch.writes`), and the updates and deletes the engine runs
 * together are gathered by the client's `collect()`, as their creates are
 * (batch-create.ts): N budget changes cost ⌈N/40⌉ writes, not N.
 *
 * An item names its entity with `<entity>_id` in its params, the official
 * SDKs' form (twitterdev/twitter-python-ads-sdk twitter_ads/resource.py and
 * twitterdev/twitter-ruby-ads-sdk lib/twitter-ads/resources/batch.rb,
 * batch_save: `params[entity_type + '_id'] = obj.id`). An update item
 * carries the fields the single PUT would send; a lone item is that single
 * PUT or DELETE, as a lone create is the plain POST.
 *
 * A batch is atomic ("Batch requests fail or succeed together as a group",
 * the reference above): the items the platform refuses (`operation_errors`,
 * by index) fail their own resources, named, and the others are sent again
 * without them. A Delete refused because its entity is already gone counts
 * as deleted (delete is idempotent, rule 6).
 */
import type { Entity, Query } from "../client/client";
import { AdsApiError, isNotFoundCode, MaybeCommittedError } from "../client/errors";
import { type Base, idsParamOf, type Resolved } from "./declaration";
import type { Context } from "./framework";

export type WriteOperation = "Update" | "Delete";

/** One kind's batch endpoint, for one operation. */
export interface BatchWrite {
  op: WriteOperation;
  /** The batch endpoint, e.g. `/12/batch/accounts/<account id>/campaigns`. */
  path: string;
  /** Most items in one call. */
  max: number;
  /** The param naming the item's entity, e.g. `campaign_id`. */
  idParam: string;
  /** How long a group stays open after its last item (the client's default otherwise). */
  windowMs?: number;
}

/** What an item has done to its entity, read after a call without an answer: `entity` the live one (none for a delete). */
export type Applied = { entity: Entity | undefined };

/** One update or delete. */
export interface WriteItem {
  /** The entity's id. */
  id: string;
  /** For messages, e.g. `campaign "Spring sale" (id 8yn7m)`. */
  what: string;
  /** The fields an update sends, in wire names (none for a delete). */
  params: Query;
  /** The single request of the entity (PUT or DELETE), for a lone item: its answer (none for a delete). */
  single: () => Promise<Entity | undefined>;
  /**
   * After a call without an answer: whether the item has applied (read
   * live: an update's fields at their new values, a delete's entity gone),
   * undefined when not; throws where the item cannot be sent again.
   */
  applied: () => Promise<Applied | undefined>;
}

/**
 * The most times one update or delete is sent in one `up` as a batch item
 * after calls without an answer: each read proved it had not applied.
 */
export const WRITE_SENDS = 3;

/** Sends `item` in a call shared with the concurrent writes of the same endpoint and operation; the answered entity (none for a delete). */
export async function writeInBatch(ctx: Context, spec: BatchWrite, item: WriteItem): Promise<Entity | undefined> {
  const result = await ctx.client.collect<WriteItem, Entity | undefined | Error>(`${spec.op}|${spec.path}`, item, spec.max, (items) => sendWrites(ctx, spec, items, 1), spec.windowMs, true);
  if (result instanceof Error) throw result;
  return result;
}

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * One call for `items` (`send`: how many times they have been sent with
 * this one), answered per item in order: the entity, none for a delete, or
 * the item's own error. Never resends what may have applied unread.
 */
export async function sendWrites(ctx: Context, spec: BatchWrite, items: WriteItem[], send: number): Promise<(Entity | undefined | Error)[]> {
  if (items.length === 1) {
    // The single PUT or DELETE: the client retries it after a lost answer itself (retry.ts, rule 7).
    try {
      return [await items[0]!.single()];
    } catch (err) {
      return [asError(err)];
    }
  }
  try {
    const answered = await ctx.client.batch<Entity>(spec.path, items.map((i) => ({ operation_type: spec.op, params: { ...i.params, [spec.idParam]: i.id } })), spec.max);
    return items.map((item, i) => (spec.op === "Delete" ? undefined : answered[i] ?? new Error(`${item.what} was sent, and the platform answered no record for it`)));
  } catch (err) {
    if (err instanceof MaybeCommittedError) return afterLostWrite(ctx, spec, items, send, err);
    const byItem = err instanceof AdsApiError ? err.operationErrors : undefined;
    const refused = items.map((_, i) => (byItem?.[i] ?? []).length > 0);
    if (!byItem || byItem.length !== items.length || !refused.includes(true)) throw err;
    // Nothing was committed (the batch is atomic): the items the platform took are sent again, without the refused ones.
    const accepted = items.filter((_, i) => !refused[i]);
    const retried = accepted.length > 0 ? await sendWrites(ctx, spec, accepted, send) : [];
    return items.map((item, i) => {
      if (!refused[i]) return retried.shift();
      const errors = byItem[i]!;
      // Already deleted: what the delete wanted (rule 6).
      if (spec.op === "Delete" && errors.every((e) => isNotFoundCode(e.code))) return undefined;
      const reasons = errors.map((e) => (e.parameter ? `${e.parameter}: ${e.message}` : e.message)).join("; ");
      return new Error(`${item.what} was refused by the platform (${reasons}); nothing was ${spec.op === "Delete" ? "deleted" : "changed"} for it`);
    });
  }
}

/**
 * After a batch call without an answer. An update or a delete sets the same
 * values however often it is applied, so rule 7 allows sending it again, as
 * the client retries a lone PUT or DELETE. The batch call is a POST, though,
 * which the client never resends itself, and the program should not pay two
 * writes for one: each item is read first (the reads coalesce into list
 * calls), an item that has applied is done with the live entity, and only
 * the items that have not are sent again, together. Sending those at once is
 * safe even if the lost call still commits later: both write the same values,
 * so this needs no wait (a create needs one: it would make a second entity).
 */
async function afterLostWrite(ctx: Context, spec: BatchWrite, items: WriteItem[], send: number, cause: MaybeCommittedError): Promise<(Entity | undefined | Error)[]> {
  const read = await Promise.all(items.map((i) => i.applied().catch(asError)));
  const results: (Entity | undefined | Error)[] = read.map((r) => (r instanceof Error ? r : r?.entity));
  const left = read.flatMap((r, i) => (r === undefined ? [i] : []));
  if (left.length === 0) return results;
  const again = send < WRITE_SENDS
    ? await sendWrites(ctx, spec, left.map((i) => items[i]!), send + 1).catch((err: unknown) => left.map(() => asError(err)))
    : left.map((i) => new Error(`the ${spec.op.toLowerCase()} of ${items[i]!.what} was sent ${send} times in batch calls, none answered (the last: ${cause.message}), and it has not applied; run pulumi up again once the API answers`));
  left.forEach((i, k) => (results[i] = again[k]));
  return results;
}

/**
 * The batch endpoint a kind declares for `op` (`batch.writes`) and an entity
 * of inputs `p`; undefined where the kind has none for it (its single PUT or
 * DELETE, as before). The item's id param is the kind's `batch.idParam`, else
 * the collection's by convention (`campaigns` -> `campaign_id`, `line_items`
 * -> `line_item_id`: the SDKs' batch_save, above).
 */
export function kindWrite<I extends Base, O extends object>(d: Resolved<I, O>, op: WriteOperation, p: I): BatchWrite | undefined {
  const b = d.batch;
  if (!b?.path || !b.writes?.includes(op) || !d.collection) return undefined;
  // The client's window (2 s), not the creates' shorter one: creates are on the path of what depends on them, while
  // every call of a budget change or a destroy counts against the 450 writes a minute of the user's token, and a
  // loaded engine hands updates over in trickles (docs/performance.md, "Fast mode at scale").
  return { op, path: b.path(p), max: b.max, idParam: b.idParam ?? idsParamOf(d.collection).replace(/s$/, "") };
}
