/**
 * How a kind finds what its creates made (docs/architecture.md rule 7): a
 * create without an answer is looked up among the live entities its
 * declaration's `lookUp` names, sent again only once a look-up after the
 * wait proved it made nothing (batch-create.ts); a pending create is looked up
 * by the next `up` (`findSent`); `xads drift` reports live entities no state
 * holds (`findUntracked`). Look-ups of a kind that batches share calls, as
 * its creates do.
 */
import { Entity } from "../client/client";
import { LIMITS } from "../limits";
import { createOnce, lookUpSent, SentItem } from "./batch-create";
import type { Base, Resolved } from "./declaration";
import { Context } from "./framework";

/** The look-ups of a kind, from its declaration. */
export interface LookUps<I> {
  /** The live entities the creates of `items` may have made (none without a declared look-up). */
  candidates(ctx: Context, items: I[]): Promise<Entity[]>;
  /** Whether a live entity is the one an item's create made. */
  matches(p: I, e: Entity): boolean;
  /** Items that may share a call (a batch's creates, and the look-ups after them): the kind's batch group, else its collection. */
  groupOf(p: I): string;
  /** One create, alone: looked up when no answer came, and sent again only where that proves it made nothing. */
  createAlone(ctx: Context, p: I): Promise<Entity>;
  /** What creates sent earlier made (see ResourceDefinition.findCreated). */
  findCreated(ctx: Context, items: SentItem<I>[], held?: ReadonlySet<string>): Promise<(Entity | Error | undefined)[]>;
  /** Live entities like the items that no state holds (see ResourceDefinition.findUntracked). */
  findUntracked(ctx: Context, items: I[], held: ReadonlySet<string>): Promise<{ entity: Entity; item: number }[]>;
  /**
   * One earlier create's entity. Look-ups of one batch at once share their
   * calls, as the batch's creates did; other kinds' look-ups name one item.
   */
  findSent(ctx: Context, sent: SentItem<I>): Promise<Entity | Error | undefined>;
}

export function lookUpsOf<I extends Base, O extends object>(d: Resolved<I, O>): LookUps<I> {
  const candidates = async (ctx: Context, items: I[]): Promise<Entity[]> => (d.lookUp ? d.lookUp.candidates(ctx, items) : []);
  const matches = (p: I, e: Entity) => d.lookUp?.matches(p, e) ?? false;
  const findCreated = (ctx: Context, items: SentItem<I>[], held?: ReadonlySet<string>) => lookUpSent(items, d.describe,
    async () => (await candidates(ctx, items.map((s) => s.item))).filter((e) => !held?.has(String(e.id))), matches);
  const groupOf = (p: I) => `${d.kind}|${d.batch?.group?.(p) ?? d.path(p)}`;
  /** Look-ups of a kind that batches take many items a call; others name one item. */
  const lookUpsPerCall = d.batch ? LIMITS.idsPerFilter : 1;
  return {
    candidates,
    matches,
    groupOf,
    createAlone: (ctx, p) => createOnce(ctx.client, d.describe(p), () => d.send(ctx, p), async () => (await candidates(ctx, [p])).filter((e) => matches(p, e))),
    findCreated,
    async findUntracked(ctx, items, held) {
      const found = await Promise.all(items.map((item) => ctx.client.collect<I, Entity[]>(`untracked|${groupOf(item)}`, item, lookUpsPerCall, async (chunk) => {
        const live = (await candidates(ctx, chunk)).filter((e) => !e.deleted && !held.has(String(e.id)));
        return chunk.map((p) => live.filter((e) => matches(p, e)));
      }, 1)));
      // An entity like two items is reported once, with the first.
      const reported = new Set<string>();
      return found.flatMap((entities, item) => entities.filter((e) => !reported.has(String(e.id)) && reported.add(String(e.id))).map((entity) => ({ entity, item })));
    },
    findSent: (ctx, sent) => ctx.client.collect<SentItem<I>, Entity | Error | undefined>(
      `created|${groupOf(sent.item)}`, sent, lookUpsPerCall, (items) => findCreated(ctx, items), d.batch?.windowMs),
  };
}
