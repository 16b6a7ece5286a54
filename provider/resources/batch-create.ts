/**
 * Creates that share batch POSTs (DESIGN rule 8; seed 4.4 campaigns, at most
 * 40 items; 4.12 flexible audiences, at most 10). Resources of one kind that
 * the engine creates together in one `pulumi up` are gathered by the
 * client's `collect()` and sent as few batch calls as the limit allows; each
 * resource gets its own entity or its own error.
 *
 * A batch is atomic: an item the platform refuses fails the whole call and
 * commits nothing, so the refused items get their errors and the others are
 * sent again. A batch without an answer may have committed: it is never
 * resent; each item is looked up instead, as createOnce does for one POST.
 */
import { Entity } from "../client/client";
import { AdsApiError, MaybeCommittedError } from "../client/errors";
import { Context } from "./framework";

export interface BatchCreate<I> {
  /** For messages, e.g. `campaign "Spring sale"`. */
  what: (item: I) => string;
  /** Groups items that may share a call, e.g. `campaigns|<account id>`. */
  group: string;
  /** The batch endpoint, e.g. `/12/batch/accounts/<id>/campaigns`. */
  path: string;
  /** Most items in one call. */
  max: number;
  /** The item's `params`, wire names. */
  params: (item: I) => Record<string, unknown>;
  /** After a call without an answer: the live entities an item may now be (created since `sinceMs`). */
  candidates: (sinceMs: number) => Promise<Entity[]>;
  /** Whether a live entity is the one this item would have created. */
  matches: (item: I, entity: Entity) => boolean;
  /** How long a group stays open after its last item (the client's default otherwise). */
  windowMs?: number;
  /** A lone create, through the kind's own POST (one item needs no batch). */
  single?: (item: I) => Promise<Entity>;
}

/** Creates `item` in a batch shared with concurrent creates of the same group. */
export async function createInBatch<I>(ctx: Context, spec: BatchCreate<I>, item: I): Promise<Entity> {
  const result = await ctx.client.collect<I, Entity | Error>(spec.group, item, spec.max, (items) => sendBatch(ctx, spec, items), spec.windowMs);
  if (result instanceof Error) throw result;
  return result;
}

/** One batch call for `items`, answered per item in order. */
async function sendBatch<I>(ctx: Context, spec: BatchCreate<I>, items: I[]): Promise<(Entity | Error)[]> {
  if (items.length === 1 && spec.single) return [await spec.single(items[0]!).catch((err: Error) => err)];
  const sentAtMs = Date.now();
  try {
    return await ctx.client.batch<Entity>(spec.path, items.map((i) => ({ operation_type: "Create", params: spec.params(i) })), spec.max);
  } catch (err) {
    if (err instanceof MaybeCommittedError) return lookUp(spec, items, err, sentAtMs);
    const byItem = err instanceof AdsApiError ? err.operationErrors : undefined;
    if (!byItem || byItem.length !== items.length) throw err;
    const refused = items.map((_, i) => (byItem[i] ?? []).length > 0);
    if (!refused.includes(true)) throw err;
    // Nothing was committed: the items the platform took are sent again, without the refused ones.
    const accepted = items.filter((_, i) => !refused[i]);
    const retried = accepted.length > 0 ? await sendBatch(ctx, spec, accepted) : [];
    return items.map((item, i) => {
      if (!refused[i]) return retried.shift()!;
      const reasons = byItem[i]!.map((e) => (e.parameter ? `${e.parameter}: ${e.message}` : e.message)).join("; ");
      return new Error(`${spec.what(item)} was refused by the platform (${reasons}); nothing was created for it`);
    });
  }
}

/** Platform clocks and ours differ: a minute of slack either way (as createOnce). */
const CLOCK_SLACK_MS = 60_000;

async function lookUp<I>(spec: BatchCreate<I>, items: I[], err: MaybeCommittedError, sentAtMs: number): Promise<(Entity | Error)[]> {
  const made = (await spec.candidates(sentAtMs - CLOCK_SLACK_MS)).filter((e) => !e.deleted);
  const taken = new Set<string>();
  return items.map((item) => {
    const found = made.filter((e) => !taken.has(e.id) && spec.matches(item, e));
    if (found.length === 1) {
      taken.add(found[0]!.id);
      return found[0]!;
    }
    if (found.length === 0) return new Error(`${err.message}. No ${spec.what(item)} was found afterwards, so none was created; run pulumi up again once the API answers.`);
    return new Error(`the create of ${spec.what(item)} got no answer, and ${found.length} matching entities were created since (ids ${found.map((e) => e.id).join(", ")}); adopt the right one with adoptId`);
  });
}
