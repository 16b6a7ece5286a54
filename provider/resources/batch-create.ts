/**
 * Creates that never create twice (docs/architecture.md rules 7 and 8), the one
 * mechanism for single creates, batch creates and promoted Tweets.
 *
 * A create that got no answer may have committed: it is never resent. What
 * it may have made is looked up (`lookUpCommitted`): the live entities
 * created since it was sent that match the item. One match is taken; none
 * means nothing was created; several are refused, not guessed. When the
 * look-up fails too, the create is pending (`PendingCreateError`): the next
 * `up` looks it up again (`lookUpSent`) before creating anything.
 *
 * Batches (ref campaign-management/reference.mdx campaigns and the reference's line items, at most 40
 * items; targeting criteria, 500; 4.12 flexible audiences, at most 10;
 * promoted Tweets, 50 Tweet ids a POST): resources of one kind that
 * the engine creates together in one `pulumi up` are gathered by the
 * client's `collect()` and sent as few calls as the limit allows; each
 * resource gets its own entity or its own error. A batch is atomic: an item
 * the platform refuses fails the whole call and commits nothing, so the
 * refused items get their errors and the others are sent again.
 */
import { Entity, Query } from "../client/client";
import { AdsApiError, MaybeCommittedError } from "../client/errors";
import type { Base, Resolved } from "./declaration";
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

/** The items of a batch endpoint's JSON body (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns). */
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
 * A create that may have committed (no answer came back) and whose look-up
 * failed too: whether it made its entity is unknown. A declared kind keeps
 * the resource as pending (pending.ts), never forgotten: the next `up` looks
 * it up before creating anything.
 */
export class PendingCreateError extends Error {
  override readonly name = "PendingCreateError";

  constructor(readonly what: string, readonly sentAtMs: number, lookUpError: unknown, cause?: MaybeCommittedError) {
    const failure = lookUpError instanceof Error ? lookUpError.message : String(lookUpError);
    super(
      `${what} may exist on the platform: its create got no answer${cause ? ` (${cause.message})` : ""}, and looking it up failed too (${failure}).`,
    );
  }
}

/** An item to look up, with when its create was sent. */
export interface SentItem<I> {
  item: I;
  sentAtMs: number;
}

/**
 * After a create call without an answer: for each item, the one live entity
 * created since the call was sent that matches it, or an error that says
 * what was found (none: none was created; several; or the look-up failed, a
 * PendingCreateError).
 */
export async function lookUpCommitted<I>(
  items: I[],
  what: (item: I) => string,
  candidates: () => Promise<Entity[]>,
  matches: (item: I, entity: Entity) => boolean,
  cause: MaybeCommittedError,
  sentAtMs: number,
): Promise<(Entity | Error)[]> {
  const found = await lookUpSent(items.map((item) => ({ item, sentAtMs })), what, candidates, matches, cause);
  return found.map((f, i) => f ?? new Error(`${cause.message}. No ${what(items[i]!)} was found afterwards, so none was created; run pulumi up again once the API answers.`));
}

/**
 * The entities creates sent earlier made: for each item, the one live
 * entity created since it was sent that matches it, undefined when there is
 * none, an error when several match or the look-up failed (a
 * PendingCreateError: whether it was created is still unknown).
 */
export async function lookUpSent<I>(
  items: SentItem<I>[],
  what: (item: I) => string,
  candidates: () => Promise<Entity[]>,
  matches: (item: I, entity: Entity) => boolean,
  cause?: MaybeCommittedError,
): Promise<(Entity | Error | undefined)[]> {
  let live: Entity[];
  try {
    live = await candidates();
  } catch (err) {
    return items.map((s) => new PendingCreateError(what(s.item), s.sentAtMs, err, cause));
  }
  return matchCreated(items, live, matches).map((found, i) => (Array.isArray(found)
    ? new Error(`the create of ${what(items[i]!.item)} got no answer, and ${found.length} matching entities were created since (ids ${found.map((e) => e.id).join(", ")}); adopt the right one with adoptId`)
    : found));
}

/**
 * For each item, among `live`: the one entity not deleted, created since the
 * item was sent, that matches it (each entity goes to one item); undefined
 * for none; all of them when several match.
 */
export function matchCreated<I>(items: SentItem<I>[], live: Entity[], matches: (item: I, entity: Entity) => boolean): (Entity | Entity[] | undefined)[] {
  const taken = new Set<string>();
  return items.map(({ item, sentAtMs }) => {
    const found = live.filter((e) => !e.deleted && !taken.has(String(e.id))
      && Date.parse(String(e.created_at)) >= sentAtMs - CLOCK_SLACK_MS && matches(item, e));
    if (found.length === 1) taken.add(String(found[0]!.id));
    return found.length === 0 ? undefined : found.length === 1 ? found[0] : found;
  });
}

// ------------------------------------------------------ a kind's batch ---

/** The batch of a kind that declares one (`batch`), for the create of `p`: its group, its call, and its look-ups. */
export function kindBatch<I extends Base, O extends object>(
  d: Resolved<I, O>,
  // The kind's look-ups (look-up.ts LookUps, which creates alone through this module).
  lookUps: {
    groupOf(p: I): string;
    candidates(ctx: Context, items: I[]): Promise<Entity[]>;
    matches(p: I, e: Entity): boolean;
    createAlone(ctx: Context, p: I): Promise<Entity>;
  },
  ctx: Context,
  p: I,
): BatchCreate<I> {
  const b = d.batch!;
  return {
    what: d.describe,
    group: lookUps.groupOf(p),
    max: b.max,
    windowMs: b.windowMs,
    send: b.send ? (items) => b.send!(ctx, items, d.path(p)) : batchSend(ctx, b.path!(p), b.max, (item) => (d.jsonBody ? d.wire(item) : listsAsText(d.wire(item)))),
    candidates: (items) => lookUps.candidates(ctx, items),
    matches: lookUps.matches,
    single: b.alwaysBatch ? undefined : (item) => lookUps.createAlone(ctx, item),
  };
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
