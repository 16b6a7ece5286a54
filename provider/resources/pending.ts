/**
 * Pending creates: a create whose POST got no answer and whose look-up
 * failed too may have made its entity (docs/architecture.md rule 7). It is never
 * forgotten: create fails as a partial create (the engine records the
 * resource with a pending id and these properties), and the next `pulumi up`
 * looks the entity up before creating anything.
 *
 * The engine hands a resource's stored properties (the outputs) to diff and
 * read, never to check or create: diff, which sees the marker, plans a
 * replacement and leaves the marker here, where the create of the
 * replacement (same provider process, same inputs) takes it.
 */
import { randomBytes } from "node:crypto";
import { Entity } from "../client/client";
import { PendingCreateError, SentItem } from "./batch-create";
import type { Base, Resolved, Standard } from "./declaration";
import { sameValue } from "./fields";
import { Context, CreateResult, DiffResult, Lifecycle } from "./framework";
import { fieldsToSend, diffOf } from "./lifecycle";

/** The property of a pending resource's state that says what was sent, and when. */
export const PENDING_KEY = "__pendingCreate";

/** The dynamic provider's own property: every state of a resource must keep it, or the engine cannot load the provider. */
const PROVIDER_KEY = "__provider";

export interface PendingMarker {
  /** When the create was sent (ISO): what it made was created since. */
  sentAt: string;
  /** The entity in words, for messages. */
  what: string;
}

/** `pending-Campaign-1767225600000-3fa9`: never an id the platform issues (base-36, no dash). */
export function pendingId(kind: string, sentAtMs: number): string {
  return `pending-${kind}-${sentAtMs}-${randomBytes(2).toString("hex")}`;
}

export function isPendingId(id: string): boolean {
  return id.startsWith("pending-");
}

/** The marker of a pending resource's stored properties; undefined for a resource that exists. */
export function pendingOf(props: Record<string, unknown>): PendingMarker | undefined {
  const m = props[PENDING_KEY] as Partial<PendingMarker> | undefined;
  return m && typeof m.sentAt === "string" && !Number.isNaN(Date.parse(m.sentAt)) ? { sentAt: m.sentAt, what: String(m.what ?? "") } : undefined;
}

/** The declared inputs a pending resource's properties hold (what was sent): without the marker and the provider. */
export function sentInputs<I>(props: Record<string, unknown>): I {
  const { [PENDING_KEY]: _m, [PROVIDER_KEY]: _p, ...inputs } = props;
  return inputs as I;
}

/** The state a pending resource is recorded with: the declared inputs as given (the provider's property included) and the marker. */
export function pendingProperties(inputs: Record<string, unknown>, marker: PendingMarker): Record<string, unknown> {
  return { ...inputs, [PENDING_KEY]: marker };
}

/**
 * A create that may have committed as a partial create: the dynamic
 * provider hands an error's `id` and `properties` to the engine, which
 * records the resource with them (and fails the update).
 */
export function partialCreate(kind: string, inputs: Record<string, unknown>, err: PendingCreateError): Error & { id: string; properties: Record<string, unknown> } {
  const id = pendingId(kind, err.sentAtMs);
  const marker = { sentAt: new Date(err.sentAtMs).toISOString(), what: err.what };
  const message = `${err.message} It is kept in the state as pending (id ${id}): the next pulumi up looks it up before creating anything, and takes it over if it was created.`;
  return Object.assign(new Error(message), { id, properties: pendingProperties(inputs, marker) });
}

/** What the replacement's create needs: what was sent, and when. */
export interface Resumed<I> {
  marker: PendingMarker;
  sent: I;
}

/**
 * Markers diff found, until the create of the replacement takes them. Keyed
 * by kind and the new inputs, which diff and create receive alike.
 */
export class PendingCreates {
  private entries: { kind: string; news: Record<string, unknown>; resumed: Resumed<unknown> }[] = [];

  remember<I>(kind: string, news: Record<string, unknown>, resumed: Resumed<I>): void {
    this.take(kind, news);
    this.entries.push({ kind, news: sentInputs(news), resumed });
  }

  /** The pending create these inputs resume, once: undefined for a plain create. */
  take<I>(kind: string, inputs: Record<string, unknown>): Resumed<I> | undefined {
    const given = sentInputs<Record<string, unknown>>(inputs);
    const i = this.entries.findIndex((e) => e.kind === kind && sameInputs(e.news, given));
    if (i < 0) return undefined;
    const [entry] = this.entries.splice(i, 1);
    return entry!.resumed as Resumed<I>;
  }
}

function sameInputs(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => sameValue(a[k], b[k], true));
}

/** One per provider process: every dynamic resource of a deployment runs in it (docs/architecture.md rule 4). */
export const pendingCreates = new PendingCreates();

// -------------------------------------------------- a kind's lifecycle ---

/**
 * What a kind's lifecycle does with a pending resource: diff replaces it,
 * the replacement's create looks up what the earlier create made first
 * (`findSent`), read looks it up, delete sends nothing.
 */
export function pendingLifecycle<I extends Base, O extends object>(
  d: Resolved<I, O>,
  standard: Standard<I, O>,
  findSent: (ctx: Context, sent: SentItem<I>) => Promise<Entity | Error | undefined>,
) {
  const { fields, describe, outputs } = d;
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
    if (fieldsToSend(fields, outs as Record<string, unknown>, p as Record<string, unknown>).length === 0) return { id, outs };
    try {
      return { id, outs: await standard.updateFound(ctx, id, outs, p) };
    } catch (err) {
      // Found: the engine records it (id), and the next up sends the changes again.
      const message = `${describe(sent)} (id ${id}) was found and taken over, but updating it to the declaration failed (${err instanceof Error ? err.message : String(err)}); run pulumi up again`;
      throw Object.assign(new Error(message), { id, properties: { ...outs, __provider: (p as Record<string, unknown>).__provider } });
    }
  };

  return {
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
}
