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
import type { PendingCreateError } from "./batch-create";
import { sameValue } from "./fields";

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
