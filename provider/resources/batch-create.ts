/**
 * Creates that never create twice (DESIGN.md rules 7 and 8), the one
 * mechanism for single creates, batch creates and promoted Tweets.
 *
 * A create that got no answer may have committed: it is never resent. What
 * it may have made is looked up (`lookUpCommitted`): the live entities
 * created since it was sent that match the item. One match is taken; none
 * means nothing was created; several are refused, not guessed.
 *
 * Batches (seed 4.4 campaigns and the reference's line items, at most 40
 * items; targeting criteria, 500; 4.12 flexible audiences, at most 10;
 * promoted Tweets, 50 Tweet ids a POST): resources of one kind that
 * the engine creates together in one `pulumi up` are gathered by the
 * client's `collect()` and sent as few calls as the limit allows; each
 * resource gets its own entity or its own error. A batch is atomic: an item
 * the platform refuses fails the whole call and commits nothing, so the
 * refused items get their errors and the others are sent again.
 */
import { Entity } from "../client/client";
import { AdsApiError, MaybeCommittedError } from "../client/errors";
import type { Context } from "./framework";

export interface BatchCreate<I> {
  /** For messages, e.g. `campaign "Spring sale"`. */
  what: (item: I) => string;
  /** Groups items that may share a call, e.g. `campaigns|<account id>`. */
  group: string;
  /** Most items in one call. */
  max: number;
  /** One call for the items, answering one entity per item in order (a missing one: no record for it). */
  send: (items: I[]) => Promise<(Entity | undefined)[]>;
  /** After a call without an answer: the live entities its items may now be (those created since it was sent are kept). */
  candidates: (items: I[]) => Promise<Entity[]>;
  /** Whether a live entity is the one this item would have created. */
  matches: (item: I, entity: Entity) => boolean;
  /** How long a group stays open after its last item (the client's default otherwise). */
  windowMs?: number;
  /** A lone create, through the kind's own POST (one item needs no batch). */
  single?: (item: I) => Promise<Entity>;
}

/** The items of a batch endpoint's JSON body (seed 4.4). */
export function batchSend<I>(ctx: Context, path: string, max: number, params: (item: I) => Record<string, unknown>) {
  return (items: I[]) => ctx.client.batch<Entity>(path, items.map((i) => ({ operation_type: "Create", params: params(i) })), max);
}

/** Creates `item` in a call shared with concurrent creates of the same group. */
export async function createInBatch<I>(ctx: Context, spec: BatchCreate<I>, item: I): Promise<Entity> {
  const result = await ctx.client.collect<I, Entity | Error>(spec.group, item, spec.max, (items) => sendBatch(spec, items), spec.windowMs);
  if (result instanceof Error) throw result;
  return result;
}

/**
 * One create POST: when no answer came back, the entities `candidates`
 * finds (filtered to those created since the POST was sent) are what it may
 * have made.
 */
export async function createOnce(what: string, post: () => Promise<Entity>, candidates: () => Promise<Entity[]>): Promise<Entity> {
  const sentAtMs = Date.now();
  try {
    return await post();
  } catch (err) {
    if (!(err instanceof MaybeCommittedError)) throw err;
    const [found] = await lookUpCommitted([undefined], () => what, candidates, () => true, err, sentAtMs);
    if (found instanceof Error) throw found;
    return found!;
  }
}

/** One call for `items`, answered per item in order. */
async function sendBatch<I>(spec: BatchCreate<I>, items: I[]): Promise<(Entity | Error)[]> {
  if (items.length === 1 && spec.single) return [await spec.single(items[0]!).catch((err: Error) => err)];
  const sentAtMs = Date.now();
  try {
    const made = await spec.send(items);
    return items.map((item, i) => made[i] ?? new Error(`${spec.what(item)} was sent, and the platform answered no record for it`));
  } catch (err) {
    if (err instanceof MaybeCommittedError) return lookUpCommitted(items, spec.what, () => spec.candidates(items), spec.matches, err, sentAtMs);
    const byItem = err instanceof AdsApiError ? err.operationErrors : undefined;
    if (!byItem || byItem.length !== items.length) throw err;
    const refused = items.map((_, i) => (byItem[i] ?? []).length > 0);
    if (!refused.includes(true)) throw err;
    // Nothing was committed: the items the platform took are sent again, without the refused ones.
    const accepted = items.filter((_, i) => !refused[i]);
    const retried = accepted.length > 0 ? await sendBatch(spec, accepted) : [];
    return items.map((item, i) => {
      if (!refused[i]) return retried.shift()!;
      const reasons = byItem[i]!.map((e) => (e.parameter ? `${e.parameter}: ${e.message}` : e.message)).join("; ");
      return new Error(`${spec.what(item)} was refused by the platform (${reasons}); nothing was created for it`);
    });
  }
}

/** Platform clocks and ours differ: a minute of slack either way. */
const CLOCK_SLACK_MS = 60_000;

/**
 * After a create call without an answer: for each item, the one live entity
 * created since the call was sent that matches it, or an error that says
 * what was found.
 */
export async function lookUpCommitted<I>(
  items: I[],
  what: (item: I) => string,
  candidates: () => Promise<Entity[]>,
  matches: (item: I, entity: Entity) => boolean,
  cause: MaybeCommittedError,
  sentAtMs: number,
): Promise<(Entity | Error)[]> {
  const sinceMs = sentAtMs - CLOCK_SLACK_MS;
  const made = (await candidates()).filter((e) => !e.deleted && Date.parse(String(e.created_at)) >= sinceMs);
  const taken = new Set<string>();
  return items.map((item) => {
    const found = made.filter((e) => !taken.has(String(e.id)) && matches(item, e));
    if (found.length === 1) {
      taken.add(String(found[0]!.id));
      return found[0]!;
    }
    if (found.length === 0) return new Error(`${cause.message}. No ${what(item)} was found afterwards, so none was created; run pulumi up again once the API answers.`);
    return new Error(`the create of ${what(item)} got no answer, and ${found.length} matching entities were created since (ids ${found.map((e) => e.id).join(", ")}); adopt the right one with adoptId`);
  });
}
