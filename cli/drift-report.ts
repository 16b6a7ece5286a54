/**
 * The report of `xads drift`: a pure function of the engine events of a
 * refresh preview (`pulumi refresh --preview-only`). The engine reports a
 * resource whose live values differ as an `update` and one deleted out of
 * band as a `delete` (its provider's read found nothing), in
 * `resOutputsEvent`s; the fields that differ are those of the state's
 * outputs against the live ones. Entities no state holds come from
 * `findUntracked` (cli/untracked.ts): a refresh cannot see them.
 */
import { definitionOf, RESOURCES } from "../provider/resources";
import { blind, changedFields, FieldChange, kindOf, nameOf, Props, showField, stackOf } from "./properties";
import type { UntrackedEntity } from "./untracked";
import { describeHistory, DriftHistory } from "./drift-history";

export interface DriftedResource {
  resource: string;
  kind?: string;
  type: string;
  id?: string;
  urn: string;
  /** The currency of its amounts (budgets, bids), from the state. */
  currency?: string;
  /**
   * Fields whose live value differs from the state (`state` is what the stack
   * recorded): the inputs, then the outputs (`output: true`, e.g. `servable`
   * after a pause), which follow from the platform's own state and are shown
   * in the entity's row, not as drift of their own.
   */
  fields: { field: string; state: unknown; live: unknown; output?: true }[];
  /** Who changed or deleted it outside Pulumi, and when: the platform's account history (cli/drift-history.ts). */
  history?: DriftHistory;
}

export interface DriftReport {
  stack?: string;
  project?: string;
  drift: boolean;
  changed: DriftedResource[];
  deleted: DriftedResource[];
  /**
   * Live entities like a resource of the stack that no state holds (a killed
   * update's duplicate, or made by hand); those another stack of the project
   * holds (`heldBy`) are listed as such, and are no drift of this stack.
   */
  untracked: UntrackedEntity[];
  /** Why the users the history names are shown by id only (the users lookup was refused or failed): one line. */
  historyNote?: string;
}

/** The input fields of a kind (undefined for a type this package does not know): every other property is an output. */
function inputsOf(kind: string | undefined): ReadonlySet<string> | undefined {
  if (!kind || !(kind in RESOURCES)) return undefined;
  return new Set(definitionOf(kind).fields.inputs);
}

type Json = Record<string, any>;

/** Builds the report from the events (as the Automation API's onEvent gives them). */
export function buildDriftReport(events: Json[], untracked: UntrackedEntity[] = []): DriftReport {
  const changed: DriftedResource[] = [];
  const deleted: DriftedResource[] = [];
  let where: { stack: string; project: string } | undefined;
  for (const e of events) {
    const m = e?.resOutputsEvent?.metadata;
    if (!m || typeof m.urn !== "string") continue;
    where ??= stackOf(m.urn);
    const type: string = m.type ?? m.old?.type ?? "";
    if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:")) continue;
    const old: Json | undefined = m.old ?? undefined;
    const base = {
      resource: nameOf(m.urn), kind: kindOf(type, old?.inputs), type, id: old?.id || undefined, urn: m.urn,
      currency: typeof old?.outputs?.currency === "string" ? old.outputs.currency : undefined,
    };
    if (m.op === "delete") {
      deleted.push({ ...base, fields: [] });
    } else if (m.op === "update") {
      const inputs = inputsOf(base.kind);
      const fields = changedFields(old?.outputs as Props, m.new?.outputs as Props)
        .map((f: FieldChange) => ({ field: f.field, state: blind(f.old), live: blind(f.new), ...(inputs && !inputs.has(f.field) ? { output: true as const } : {}) }))
        .sort((a, b) => Number(a.output ?? false) - Number(b.output ?? false));
      if (fields.length > 0) changed.push({ ...base, fields });
    }
  }
  const byName = (a: DriftedResource, b: DriftedResource) => a.resource.localeCompare(b.resource);
  const inNoState = untracked.filter((u) => !u.heldBy).length;
  return { ...where, drift: changed.length + deleted.length + inNoState > 0, changed: changed.sort(byName), deleted: deleted.sort(byName), untracked };
}

/** The report with each drifted resource's history (by URN) beside it. */
export function withHistory(r: DriftReport, histories: ReadonlyMap<string, DriftHistory>, note?: string): DriftReport {
  const add = (d: DriftedResource): DriftedResource => (histories.has(d.urn) ? { ...d, history: histories.get(d.urn)! } : d);
  return { ...r, changed: r.changed.map(add), deleted: r.deleted.map(add), ...(note ? { historyNote: note } : {}) };
}

/** A changed field as a report shows it: an output is marked so. */
function fieldName(f: DriftedResource["fields"][number]): string {
  return f.output ? `${f.field} (output)` : f.field;
}

function what(r: DriftedResource): string {
  return `${r.resource} (${r.kind ?? r.type}${r.id ? `, id ${r.id}` : ""})`;
}

function code(s: string): string {
  return "`" + s.replace(/`/g, "'").replace(/\|/g, "\\|") + "`";
}

export function renderDriftMarkdown(r: DriftReport): string {
  const stack = r.stack ? ` of stack ${code(r.stack)} (project ${code(r.project ?? "?")})` : "";
  const inNoState = r.untracked.filter((u) => !u.heldBy);
  const heldElsewhere = r.untracked.filter((u) => u.heldBy);
  const held = heldElsewhere.length === 0 ? [] : [
    "#### Held by another stack of the project", "",
    "Each looks like a resource of this stack but another stack of the project holds it: no drift of this stack.", "",
    "| like resource | kind | id | name | held by stack |", "|---|---|---|---|---|",
    ...heldElsewhere.map((u) => `| ${code(u.like)} | ${u.kind} | ${code(u.id)} | ${u.name === undefined ? "" : code(u.name)} | ${code(u.heldBy!)} |`),
    "",
  ];
  if (!r.drift) return [`### Drift report${stack}`, "", "No drift: every resource matches the platform.", "", ...held].join("\n");
  const out = [
    `### Drift report${stack}`, "",
    `**${r.changed.length}** changed outside Pulumi, **${r.deleted.length}** deleted outside Pulumi, **${inNoState.length}** in no state. ` +
      "`pulumi up --refresh` puts the declared values back and recreates what was deleted; to keep an edit, change the program to match.",
    "",
  ];
  if (inNoState.length > 0) {
    out.push("#### On the platform, in no state", "",
      // Only kinds the Ads API can delete are looked for (ResourceDefinition.findUntracked: none for a kind destroy may leave in place).
      "Each looks like a resource of the stack (its kind's natural key) but no resource holds it: made by an interrupted update, " +
        "or by hand. Delete it (the Ads API deletes every kind listed here), or declare it with `adoptId` to manage it. " +
        "Kinds the Ads API cannot delete (published Tweets, funding instruments outside the sandbox) are not looked for.", "",
      "| like resource | kind | id | name |", "|---|---|---|---|");
    for (const u of inNoState) out.push(`| ${code(u.like)} | ${u.kind} | ${code(u.id)} | ${u.name === undefined ? "" : code(u.name)} |`);
    out.push("");
  }
  out.push(...held);
  if (r.deleted.length > 0) {
    out.push("#### Deleted outside Pulumi", "");
    for (const d of r.deleted) out.push(`- ${code(d.resource)} (${d.kind ?? d.type}${d.id ? `, id ${code(d.id)}` : ""})`);
    out.push("");
  }
  if (r.changed.length > 0) {
    // One row per entity: its outputs (what the platform derives, e.g. servable) beside the fields that changed.
    out.push("#### Changed outside Pulumi", "", "| resource | field | in the stack | on the platform |", "|---|---|---|---|");
    for (const c of r.changed) {
      const cell = (show: (f: DriftedResource["fields"][number]) => string) => c.fields.map(show).join("<br>");
      out.push(`| ${code(c.resource)} (${c.kind ?? c.type}) | ${cell((f) => code(fieldName(f)))} | ${cell((f) => code(showField(f.field, f.state, c.currency)))} | ${cell((f) => code(showField(f.field, f.live, c.currency)))} |`);
    }
    out.push("");
  }
  const told = [...r.deleted, ...r.changed].filter((d) => d.history);
  if (told.length > 0) {
    out.push("#### Who and when (the platform's account history)", "", "| resource | changes made after the stack's last update |", "|---|---|");
    for (const d of told) out.push(`| ${code(d.resource)} (${d.kind ?? d.type}) | ${describeHistory(d.history!, d.kind).replace(/\|/g, "\\|")} |`);
    out.push("");
    if (r.historyNote) out.push(`Note: ${r.historyNote}.`, "");
  }
  return out.join("\n");
}

export function renderDriftText(r: DriftReport): string {
  const stack = r.stack ? ` in stack ${r.stack}` : "";
  const entity = (u: UntrackedEntity) => `${u.kind} ${u.id}${u.name === undefined ? "" : ` "${u.name}"`}, like ${u.like}`;
  const held = r.untracked.filter((u) => u.heldBy).map((u) => `held by stack ${u.heldBy}: ${entity(u)}`);
  if (!r.drift) return [`no drift${stack}: every resource matches the platform`, ...held, ""].join("\n");
  const inNoState = r.untracked.filter((u) => !u.heldBy);
  const out = [`drift${stack}: ${r.changed.length} changed, ${r.deleted.length} deleted outside Pulumi, ${inNoState.length} in no state`];
  for (const u of inNoState) out.push(`in no state: ${entity(u)}`);
  out.push(...held);
  const history = (d: DriftedResource) => (d.history ? [`  ${describeHistory(d.history, d.kind)}`] : []);
  for (const d of r.deleted) out.push(`deleted: ${what(d)}`, ...history(d));
  // One line per entity: its outputs beside the fields that changed.
  for (const c of r.changed) {
    out.push(`changed: ${what(c)} ${c.fields.map((f) => `${fieldName(f)}: ${showField(f.field, f.state, c.currency)} -> ${showField(f.field, f.live, c.currency)}`).join("; ")}`, ...history(c));
  }
  if (r.historyNote) out.push(`note: ${r.historyNote}`);
  return out.join("\n") + "\n";
}

export function renderDriftJson(r: DriftReport): string {
  return JSON.stringify(r, null, 2) + "\n";
}
