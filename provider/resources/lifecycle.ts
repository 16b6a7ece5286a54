/**
 * The standard lifecycle of a kind, from its resolved declaration, and the
 * pure functions of its diff and update.
 *
 * Check validates, holds amounts in micros to the provider's ceiling and
 * runs the rules (a protected kind also refuses an unapproved replacement);
 * diff compares every input, create-only ones replace; create adopts
 * (`adoptId`), or creates the entity once (`createNew`: alone or in a batch,
 * look-up.ts and batch-create.ts); read is coalesced by id; update PUTs the
 * changed fields and delete is idempotent, each alone or, for a kind whose
 * batch endpoint takes them (`batch.writes`), in a batch (batch-write.ts); delete respects deletion protection (a
 * kind left in place sends none, or, with `sandboxDelete`, none outside the sandbox).
 */
import { z } from "zod";
import { HistoryChange, lastChangeOf, who } from "../account-history";
import { Entity, Query } from "../client/client";
import { Fields, leftToPlatform, sameField, sameValue, toWire } from "./fields";
import type { Base, Resolved, Standard } from "./declaration";
import { listsAsText } from "./batch-create";
import { kindWrite, writeInBatch } from "./batch-write";
import {
  adoptionError, adoptionRefusals, approveDeletion, assertDeletable, budgetCeilingFailures, CheckEnv, CheckResult, Context,
  deleteIdempotent, differingInputs, DiffResult, IN_THE_CURRENCY, protectReplacement, sandboxOnlyFailures, unitsOf, validate,
} from "./framework";

/**
 * What a change of an entity the platform no longer has says: deleted
 * outside the program, which the state does not know until a refresh reads
 * it (docs/architecture.md rule 6), and the cure. `subject` names the
 * entity; `when` what happened with it (", so nothing was sent").
 */
export function goneFromPlatform(subject: string, when = ""): string {
  return `${subject} is gone from the platform (deleted outside this program, e.g. in the ads UI)${when}. Run pulumi refresh, which drops it from the state; then pulumi up creates it again`;
}

/** The standard lifecycle of a kind; `createNew` makes one entity (alone or in a batch), looked up when no answer came. */
export function standardLifecycle<I extends Base, O extends object>(d: Resolved<I, O>, createNew: (ctx: Context, p: I) => Promise<Entity>): Standard<I, O> {
  const { fields, rules, protectedKind, describe, outputs, adoptedOf, find, wire, write } = d;
  const standard: Standard<I, O> = {
    fields,
    outputs,
    find,
    wire,

    check(olds, news, env?: CheckEnv): CheckResult<I> {
      const result = validate(d.inputs as z.ZodType<I>, news, rules, env);
      // Compared with the defaults filled in: a default left out is no change.
      const filled = (result.inputs ?? news) as Record<string, unknown>;
      const failures = [
        ...(result.failures ?? []),
        ...budgetCeilingFailures(fields.amounts, filled, env),
        ...(d.transitions?.(olds, news) ?? []),
        ...(protectedKind ? protectReplacement(d.noun, olds, filled, fields.createOnly) : []),
        ...(d.sandboxOnly ? sandboxOnlyFailures(d.kind, d.sandboxOnly, env) : []),
      ];
      return failures.length > 0 ? { ...result, failures } : result;
    },

    diff(id, olds, news) {
      const diff = diffOf(fields, olds as Record<string, unknown>, news as Record<string, unknown>);
      const sameKey = d.uniqueBy?.every((f) => sameValue((olds as Record<string, unknown>)[f], news[f]));
      const ordered = diff.replaces && sameKey ? { ...diff, deleteBeforeReplace: true } : diff;
      return protectedKind ? approveDeletion(id, ordered, news as Record<string, unknown>) : ordered;
    },

    async adoption(ctx, inputs) {
      const id = inputs.adoptId!;
      const live = await find(ctx, inputs, id);
      if (!live || live.deleted === true) {
        return { refusals: [{ property: "adoptId", reason: `${d.noun} ${id} cannot be adopted: no live ${d.noun} has that id (it was deleted, or belongs to another account or parent)` }] };
      }
      const refusals = adoptionRefusals(d.noun, fields, inputs as Record<string, unknown>, adoptedOf(inputs, live));
      return refusals.length > 0 ? { refusals } : { outs: outputs(inputs, live) };
    },

    async adopt(ctx, inputs) {
      const adopted = await standard.adoption(ctx, inputs);
      if (adopted.refusals) {
        throw adopted.refusals[0]!.property === "adoptId" ? new Error(adopted.refusals[0]!.reason) : adoptionError(d.noun, inputs.adoptId!, adopted.refusals);
      }
      return { id: inputs.adoptId!, outs: adopted.outs };
    },

    async create(ctx, inputs) {
      if (inputs.adoptId) return standard.adopt(ctx, inputs);
      const entity = await createNew(ctx, inputs);
      return { id: String(entity.id), outs: outputs(inputs, entity) };
    },

    async read(ctx, id, props) {
      const live = await find(ctx, props as unknown as I, id);
      return live && { id, props: outputs(props as unknown as Partial<I>, live) };
    },

    async update(ctx, id, olds, news) {
      const changed = fieldsToSend(fields, olds as Record<string, unknown>, news as Record<string, unknown>);
      if (changed.length > 0) {
        // What the PUT would overwrite is read first (coalesced with the other updates' reads): docs/architecture.md rule 12.
        const live = await find(ctx, news, id);
        const moved = live && live.deleted !== true ? movedSincePlan(fields, changed, olds as Record<string, unknown>, news as Record<string, unknown>, outputs(olds, live) as Record<string, unknown>, live) : undefined;
        if (!moved) throw new Error(goneFromPlatform(`${describe(news)} (id ${id})`, ", so nothing was sent"));
        if (moved.length > 0) {
          // Who changed it, where the account's history says (in beta: a failed or refused call says nothing).
          const accountId = (news as Record<string, unknown>).accountId;
          const change = typeof accountId === "string" ? await lastChangeOf(ctx.client, accountId, d.collection, id) : undefined;
          throw new Error(movedSincePlanMessage(`${describe(news)} (id ${id})`, moved, fields, undefined, change));
        }
      }
      return standard.updateFound(ctx, id, olds, news);
    },

    async updateFound(ctx, id, olds, news) {
      const changed = fieldsToSend(fields, olds as Record<string, unknown>, news as Record<string, unknown>);
      // Only the resource's own inputs changed (deletionProtection, adoptId): nothing to send.
      if (changed.length === 0) return { ...olds, ...localOf(fields, news as Record<string, unknown>) } as O;
      const params = toWire(fields, news as Record<string, unknown>, changed) as Query;
      const put = () => write(ctx, "put", `${d.path(news)}/${id}`, params);
      const inBatch = kindWrite(d, "Update", news);
      // Concurrent updates share batch calls of Update items carrying the PUT's fields (batch-write.ts, docs/architecture.md rule 8).
      const entity = inBatch
        ? (await writeInBatch(ctx, inBatch, {
          id,
          what: `${describe(news)} (id ${id})`,
          params: d.jsonBody ? params : listsAsText(params),
          single: put,
          applied: async () => {
            // After a batch without an answer: done when the live entity holds every value sent.
            const live = await find(ctx, news, id);
            if (!live || live.deleted === true) throw new Error(goneFromPlatform(`${describe(news)} (id ${id})`, " while its update got no answer"));
            const seen = outputs(news, live) as Record<string, unknown>;
            if (changed.every((f) => fields.writeOnly.includes(f) || sameField(fields, f, (news as Record<string, unknown>)[f], seen[f]))) return { entity: live };
            const moved = movedSincePlan(fields, changed, olds as Record<string, unknown>, news as Record<string, unknown>, seen, live);
            if (moved.length > 0) throw new Error(movedSincePlanMessage(`${describe(news)} (id ${id})`, moved, fields, "Its update, in a batch call that got no answer, did not apply, and was not sent again"));
            return undefined;
          },
        }))!
        : await put();
      const answered = withUnanswered(fields, olds as Record<string, unknown>, outputs(news, entity) as Record<string, unknown>, entity, changed) as O;
      return standard.updated(id, olds, news, answered, changed);
    },

    updated(id, olds, news, answered, sent) {
      const { outs, edited } = keptAsSeen(fields, olds as Record<string, unknown>, news as Record<string, unknown>, answered as Record<string, unknown>, sent);
      if (edited.length > 0) process.stderr.write(editedOutsideMessage(`${describe(news)} (id ${id})`, edited) + "\n");
      return outs as O;
    },

    async delete(ctx, id, props) {
      if (d.leftInPlace && !(d.sandboxDelete && ctx.config.sandbox)) {
        process.stderr.write(d.leftInPlace(id, props) + "\n");
        return;
      }
      if (protectedKind) assertDeletable(d.noun, id, props as Record<string, unknown>);
      const p = props as unknown as I;
      const del = () => deleteIdempotent(() => ctx.client.delete(`${d.path(p)}/${id}`));
      const inBatch = kindWrite(d, "Delete", p);
      if (!inBatch) return del();
      // Concurrent deletes share batch calls of Delete items (batch-write.ts, docs/architecture.md rule 8); one already gone counts as deleted (rule 6).
      await writeInBatch(ctx, inBatch, {
        id,
        what: `${describe(p)} (id ${id})`,
        params: {},
        single: async () => {
          await del();
          return undefined;
        },
        applied: async () => {
          const live = await find(ctx, p, id);
          return !live || live.deleted === true ? { entity: undefined } : undefined;
        },
      });
    },
  };

  return standard;
}

// ----------------------------------------------------------------- diff ---

/**
 * Which inputs differ between the state (olds) and the program (news), and
 * which of those replace. An input not known yet counts as a change; a
 * computed one the program leaves unset is not managed, so no difference.
 */
export function diffOf(fields: Fields, olds: Record<string, unknown>, news: Record<string, unknown>): DiffResult {
  const changed = differingInputs(fields, olds, news);
  const replaces = changed.filter((f) => fields.createOnly.includes(f));
  return {
    changes: changed.length > 0,
    ...(replaces.length > 0 ? { replaces } : {}),
    stables: fields.inputs.filter((f) => !changed.includes(f) && fields.createOnly.includes(f)),
  };
}

/**
 * The inputs a refresh writes into the state beside the live outputs: the
 * live values of the inputs diff compares, and the resource's own inputs as
 * they were. The engine shows a change as the state's inputs -> the
 * program's (pulumi/pulumi pkg/backend/display/object_diff.go,
 * getResourcePropertiesDetails; the dynamic provider of @pulumi/pulumi
 * 3.259 sends no detailed diff), so after a refresh an edit made in the ads
 * UI shows as live -> declared. A computed input is left out: the program
 * may leave it unset, and it would show as removed.
 */
export function refreshedInputs(fields: Fields, outs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.inputs.filter((f) => !fields.computed.includes(f) && outs[f] !== undefined).map((f) => [f, outs[f]]));
}

/**
 * The outputs of an update's answer, and the state's value of each field
 * the update did not send whose key the answer does not carry: the
 * platform's endpoints answer one record with different keys (a custom
 * audience's PUT answers `is_owner` and no `owner_account_id`, a line
 * item's PUT no `funding_instrument_id`: tests/conformance corpus), and a
 * key not sent says nothing of its value. A key answered null still clears
 * the field.
 */
export function withUnanswered(fields: Fields, olds: Record<string, unknown>, answered: Record<string, unknown>, entity: Entity, sent: readonly string[]): Record<string, unknown> {
  const kept = fields.live.filter((f) => !sent.includes(f) && answered[f] === undefined && olds[f] !== undefined && !(fields.wire(f) in entity));
  return { ...answered, ...Object.fromEntries(kept.map((f) => [f, olds[f]])) };
}

/** A field the platform answered with another value than the state's, which the update did not send. */
export interface EditedField {
  field: string;
  live: unknown;
  declared: unknown;
}

/**
 * The outputs an update records: the PUT's answer, except for fields it did
 * not send whose live value differs from the state's (edited outside the
 * program since the last up or refresh). For those the state keeps its
 * value. `edited` names those the answer carries a value of: an answer
 * without a field (a card's PUT answers fewer fields) says nothing of it. Taking the live value would make the next diff (outputs against the
 * program) plan a change the preview cannot show (the state's inputs, which
 * the engine shows, still hold the program's value), and the up after it
 * would undo the edit unseen. A refresh takes the live value into inputs
 * and outputs (refreshedInputs), so the preview shows it as live -> declared.
 */
export function keptAsSeen(fields: Fields, olds: Record<string, unknown>, news: Record<string, unknown>, answered: Record<string, unknown>, sent: readonly string[]): { outs: Record<string, unknown>; edited: EditedField[] } {
  const edited = fields.updatable.filter((f) => !sent.includes(f)
    && !leftToPlatform(fields, f, news)
    && !sameField(fields, f, olds[f], answered[f]));
  const outs = { ...answered };
  for (const f of edited) {
    if (olds[f] === undefined) delete outs[f];
    else outs[f] = olds[f];
  }
  return { outs, edited: edited.filter((f) => answered[f] !== undefined).map((f) => ({ field: f, live: answered[f], declared: news[f] })) };
}

/** What an update says of the edits it found and left alone. */
export function editedOutsideMessage(what: string, edited: readonly EditedField[]): string {
  const shown = (v: unknown) => (v === undefined ? "not set" : JSON.stringify(v));
  const list = edited.map((e) => `${e.field} is ${shown(e.live)} on the platform, ${shown(e.declared)} in the program`).join("; ");
  return `${what} was changed outside the program since the last up or refresh (e.g. in the ads UI): ${list}. `
    + "This up left those values as they are on the platform. Run pulumi refresh (or pulumi preview --refresh): the preview then shows each as live -> declared, "
    + "and the next up changes them back unless the program declares the live values";
}

/** A field an update would write whose live value is no longer the one the plan was made from. */
export interface MovedField {
  field: string;
  planned: unknown;
  live: unknown;
}

/**
 * The fields of `sent` whose live value (`seen`: the live entity as the
 * state would hold it) differs from the plan's old value (`olds`: the state
 * the preview and this up diffed) and from its new one (`news`): edited
 * outside the program since the state last read them, and lost if sent. A field the platform does not answer (write-only,
 * or left out of its read) cannot be compared and is not counted. Pure.
 */
export function movedSincePlan(fields: Fields, sent: readonly string[], olds: Record<string, unknown>, news: Record<string, unknown>, seen: Record<string, unknown>, live: Record<string, unknown>): MovedField[] {
  // A live value the update would leave as it is (it already holds the new one) loses nothing.
  return sent
    .filter((f) => !fields.writeOnly.includes(f) && live[fields.wire(f)] !== undefined && !sameField(fields, f, olds[f], seen[f]) && !sameField(fields, f, news[f], seen[f]))
    .map((f) => ({ field: f, planned: olds[f], live: seen[f] }));
}

/**
 * Why an update sent nothing: the live values it would overwrite are not
 * the ones the plan showed. A live value is never overwritten unless the
 * preview showed it (docs/architecture.md rule 12).
 */
export function movedSincePlanMessage(what: string, moved: readonly MovedField[], fields: Fields, sent = "Nothing was sent to it", change?: HistoryChange): string {
  const shown = (f: string, v: unknown) => (v === undefined || v === null || v === "" ? "not set"
    : typeof v === "number" && fields.amounts.includes(f) ? `${unitsOf(v)} ${IN_THE_CURRENCY} (${v} micros)` : JSON.stringify(v));
  const list = moved.map((m) => `${m.field} is ${shown(m.field, m.live)} on the platform, where the plan changes it from ${shown(m.field, m.planned)}`).join("; ");
  const by = change ? `by ${who(change)} at ${change.time}, says the account's history` : "e.g. in the ads UI";
  return `${what} was changed outside the program after the state last read it (${by}): ${list}. ${sent}: `
    + "pulumi up never overwrites a live value the preview did not show. Run pulumi refresh, then preview again: it shows each as live -> declared; "
    + "then pulumi up (docs/operations.md, \"A live value changed after the preview\")";
}

/** The platform fields an update sends: changed updatable ones, not computed ones the program no longer sets. */
export function fieldsToSend(fields: Fields, olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  return fields.updatable.filter((f) =>
    !sameField(fields, f, olds[f], news[f]) && !leftToPlatform(fields, f, news));
}

/** The resource's own inputs that are set (the engine cannot serialize an undefined value: "Unexpected struct type"). */
function localOf(fields: Fields, inputs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(fields.local.filter((f) => inputs[f] !== undefined).map((f) => [f, inputs[f]]));
}

