/**
 * Creates that never create twice (docs/architecture.md rules 7 and 8), the one
 * mechanism for single creates, batch creates and promoted Tweets.
 *
 * A create that got no answer may have committed, or may still commit: it
 * is never resent while it could. What it may have made is looked up
 * (`lookUpSent`): the live entities created since it was first sent that
 * match the item. One match is taken; several are refused, not guessed.
 * None: the client waits until no request sent then can still commit
 * (`waitOutWrite`: twice the request time-out after the send), the item is
 * looked up again, and only when that finds nothing either is it sent again,
 * in the same `up` (`afterNoAnswer`); a create goes at most `CREATE_SENDS`
 * times. When a look-up fails, the create is pending (`PendingCreateError`):
 * the next `up` looks it up again (`lookUpSent`) before creating anything.
 *
 * Batches (ref campaign-management/reference.mdx campaigns and the reference's line items, at most 40
 * items; targeting criteria, 500; 4.12 flexible audiences, at most 10;
 * promoted Tweets, 50 Tweet ids a POST): resources of one kind that
 * the engine creates together in one `pulumi up` are gathered by the
 * client's `collect()` and sent as few calls as the limit allows; each
 * resource gets its own entity or its own error. A batch is atomic: an item
 * the platform refuses fails the whole call and commits nothing, so the
 * refused items get their errors and the others are sent again. After a
 * batch without an answer, the items found are taken and only the items
 * proven absent are sent again, together.
 */
import type { AdsClient, Entity, Query } from "../client/client";
import { AdsApiError, MaybeCommittedError } from "../client/errors";
import type { Base, Resolved } from "./declaration";
import type { Context } from "./framework";

/** One create call and how to find what it made. */
export interface CreateCall<I> {
  /** For messages, e.g. `campaign "Spring sale"`. */
  what: (item: I) => string;
  /** One call for the items, answering one entity per item in order (a missing one: no record for it). */
  send: (items: I[]) => Promise<(Entity | undefined)[]>;
  /** After a call without an answer: the live entities its items may now be (those created since it was sent are kept). */
  candidates: (items: I[]) => Promise<Entity[]>;
  /** Whether a live entity is the one this item would have created. */
  matches: (item: I, entity: Entity) => boolean;
  /** A lone create, through the kind's own POST (one item needs no batch). */
  single?: (item: I) => Promise<Entity>;
}

export interface BatchCreate<I> extends CreateCall<I> {
  /** Groups items that may share a call, e.g. `campaigns|<account id>`. */
  group: string;
  /** Most items in one call. */
  max: number;
  /** How long a group stays open after its last item (the client's default otherwise). */
  windowMs?: number;
}

/** What creates are timed and held by: the client's clock, and its wait until a write without an answer can no longer commit. */
export type WritesInFlight = Pick<AdsClient, "clock" | "waitOutWrite">;

/**
 * The most times one create is sent in one `up`: the first send, and a
 * send again each time the look-ups after the wait proved that the last
 * one made nothing.
 */
export const CREATE_SENDS = 3;

/** The items of a batch endpoint's JSON body (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns). */
export function batchSend<I>(ctx: Context, path: string, max: number, params: (item: I) => Record<string, unknown>) {
  return (items: I[]) => ctx.client.batch<Entity>(path, items.map((i) => ({ operation_type: "Create", params: params(i) })), max);
}

/** Creates `item` in a call shared with concurrent creates of the same group. */
export async function createInBatch<I>(ctx: Context, spec: BatchCreate<I>, item: I): Promise<Entity> {
  const result = await ctx.client.collect<I, Entity | Error>(spec.group, item, spec.max, (items) => sendCreates(ctx.client, spec, items), spec.windowMs, true);
  if (result instanceof Error) throw result;
  return result;
}

/**
 * One create POST: when no answer came back, the entities `candidates`
 * finds (filtered to those created since the POST was sent) are what it may
 * have made; the same mechanism as a batch's, with one item.
 */
export async function createOnce(inFlight: WritesInFlight, what: string, post: () => Promise<Entity>, candidates: () => Promise<Entity[]>): Promise<Entity> {
  const [made] = await sendCreates(inFlight, { what: () => what, send: async () => [await post()], candidates, matches: () => true }, [what]);
  if (made instanceof Error) throw made;
  return made!;
}

/** Earlier sends of the same items, none answered, each proven to have made nothing but the last. */
interface Unanswered {
  /** How many times the items were sent so far. */
  sends: number;
  /** When they were first sent: what any of the sends made was created since. */
  firstSentAtMs: number;
  /** When the last send went. */
  sentAtMs: number;
  cause: MaybeCommittedError;
  /** Ids the look-ups gave to items of the same create: never taken again by another item. */
  held: ReadonlySet<string>;
}

/**
 * One call for `items`, answered per item in order. After a call without
 * an answer, the entities it made are taken and the items it proved not to
 * have made are sent again (`afterNoAnswer`); `earlier`: the sends before
 * this one, for a send again.
 */
export async function sendCreates<I>(inFlight: WritesInFlight, spec: CreateCall<I>, items: I[], earlier?: Unanswered): Promise<(Entity | Error)[]> {
  const sentAtMs = inFlight.clock();
  const lone = items.length === 1 && spec.single !== undefined;
  try {
    if (lone) return [await spec.single!(items[0]!)];
    const made = await spec.send(items);
    return items.map((item, i) => made[i] ?? new Error(`${spec.what(item)} was sent, and the platform answered no record for it`));
  } catch (err) {
    if (err instanceof MaybeCommittedError) {
      const sends = (earlier?.sends ?? 0) + 1;
      return afterNoAnswer(inFlight, spec, items, { sends, firstSentAtMs: earlier?.firstSentAtMs ?? sentAtMs, sentAtMs, cause: err, held: earlier?.held ?? new Set() });
    }
    if (lone) return [err instanceof Error ? err : new Error(String(err))];
    const byItem = err instanceof AdsApiError ? err.operationErrors : undefined;
    if (!byItem || byItem.length !== items.length) throw err;
    const refused = items.map((_, i) => (byItem[i] ?? []).length > 0);
    if (!refused.includes(true)) throw err;
    // Nothing was committed: the items the platform took are sent again, without the refused ones.
    const accepted = items.filter((_, i) => !refused[i]);
    const retried = accepted.length > 0 ? await sendCreates(inFlight, spec, accepted, earlier) : [];
    return items.map((item, i) => {
      if (!refused[i]) return retried.shift()!;
      const reasons = byItem[i]!.map((e) => (e.parameter ? `${e.parameter}: ${e.message}` : e.message)).join("; ");
      return new Error(`${spec.what(item)} was refused by the platform (${reasons}); nothing was created for it`);
    });
  }
}

/**
 * After a create call without an answer, for each item: the entity it made
 * (looked up at once, and where none was found, again once no request sent
 * then can commit); where that proves it made none, the create sent again
 * (the items together, while fewer than CREATE_SENDS sends went); an error
 * when the look-up failed (pending), several matched, or every send was
 * spent. Never throws: an item found keeps its entity whatever the others meet.
 */
async function afterNoAnswer<I>(inFlight: WritesInFlight, spec: CreateCall<I>, items: I[], lost: Unanswered): Promise<(Entity | Error)[]> {
  const sent: SentItem<I>[] = items.map((item) => ({ item, sentAtMs: lost.firstSentAtMs }));
  const held = new Set(lost.held);
  const lookUp = async (subset: SentItem<I>[]) => {
    const found = await lookUpSent(subset, spec.what,
      async () => (await spec.candidates(subset.map((s) => s.item))).filter((e) => !held.has(String(e.id))), spec.matches, lost.cause);
    for (const f of found) if (f && !(f instanceof Error)) held.add(String(f.id));
    return found;
  };
  const results = await lookUp(sent);
  const notFound = () => results.flatMap((r, i) => (r === undefined ? [i] : []));
  const unseen = notFound();
  if (unseen.length === 0) return results as (Entity | Error)[];
  const again = lost.sends < CREATE_SENDS;
  await inFlight.waitOutWrite(lost.sentAtMs, `the create of ${some(unseen.map((i) => spec.what(items[i]!)))} got no answer, and nothing it made is found yet`,
    again ? `then looking again, and sending it again where nothing is found (send ${lost.sends + 1} of at most ${CREATE_SENDS})` : "then looking again");
  const seen = await lookUp(unseen.map((i) => sent[i]!));
  unseen.forEach((i, k) => (results[i] = seen[k]));
  // Proven absent: nothing was created, and nothing sent can still commit.
  const absent = notFound();
  if (absent.length > 0) {
    const resent = again
      ? await sendCreates(inFlight, spec, absent.map((i) => items[i]!), { ...lost, held }).catch((err: unknown) => absent.map(() => (err instanceof Error ? err : new Error(String(err)))))
      : absent.map((i) => new Error(`${spec.what(items[i]!)} was sent ${lost.sends} times (the most a create is sent in one up), and none got an answer (the last: ${lost.cause.message}); once none of them could still commit, none was found, so none was created; run pulumi up again once the API answers.`));
    absent.forEach((i, k) => (results[i] = resent[k]));
  }
  return results as (Entity | Error)[];
}

/** Up to three names, and how many more. */
function some(names: string[]): string {
  return names.length <= 3 ? names.join(", ") : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
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
    // A lone item's POST: without an answer it is looked up and sent again as a batch's call is (sendCreates).
    single: b.alwaysBatch ? undefined : (item) => d.send(ctx, item),
  };
}

/**
 * A batch item's params in the single POST's form, for kinds whose fields
 * are form parameters (a `jsonBody` kind's are JSON already): lists of values comma-separated
 * (reference.mdx, POST batch line_items: `"placements":"ALL_ON_TWITTER"`;
 * the official Python SDK's batch_save sends its to_params, which joins lists
 * with commas: twitterdev/twitter-python-ads-sdk twitter_ads/resource.py).
 */
export function listsAsText(params: Query): Query {
  const isList = (v: unknown): v is (string | number)[] => Array.isArray(v) && v.every((x) => typeof x === "string" || typeof x === "number");
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, isList(v) ? v.join(",") : v])) as Query;
}
