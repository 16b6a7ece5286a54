/**
 * The report of `xads drift`: a pure function of the engine events of a
 * refresh preview (`pulumi refresh --preview-only`). The engine reports a
 * resource whose live values differ as an `update` and one deleted out of
 * band as a `delete` (its provider's read found nothing), in
 * `resOutputsEvent`s; the fields that differ are those of the state's
 * outputs against the live ones. Entities no state holds come from
 * `findUntracked` (cli/untracked.ts): a refresh cannot see them.
 */
import { blind, changedFields, FieldChange, kindOf, nameOf, Props, showField, stackOf } from "./properties";
import type { UntrackedEntity } from "./untracked";

export interface DriftedResource {
  resource: string;
  kind?: string;
  type: string;
  id?: string;
  urn: string;
  /** The currency of its amounts (budgets, bids), from the state. */
  currency?: string;
  /** Fields whose live value differs from the state (`state` is what the stack recorded). */
  fields: { field: string; state: unknown; live: unknown }[];
}

export interface DriftReport {
  stack?: string;
  project?: string;
  drift: boolean;
  changed: DriftedResource[];
  deleted: DriftedResource[];
  /** Live entities like a resource of the stack that no state holds (a killed update's duplicate, or made by hand). */
  untracked: UntrackedEntity[];
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
      const fields = changedFields(old?.outputs as Props, m.new?.outputs as Props)
        .map((f: FieldChange) => ({ field: f.field, state: blind(f.old), live: blind(f.new) }));
      if (fields.length > 0) changed.push({ ...base, fields });
    }
  }
  const byName = (a: DriftedResource, b: DriftedResource) => a.resource.localeCompare(b.resource);
  return { ...where, drift: changed.length + deleted.length + untracked.length > 0, changed: changed.sort(byName), deleted: deleted.sort(byName), untracked };
}

function what(r: DriftedResource): string {
  return `${r.resource} (${r.kind ?? r.type}${r.id ? `, id ${r.id}` : ""})`;
}

function code(s: string): string {
  return "`" + s.replace(/`/g, "'").replace(/\|/g, "\\|") + "`";
}

export function renderDriftMarkdown(r: DriftReport): string {
  const stack = r.stack ? ` of stack ${code(r.stack)} (project ${code(r.project ?? "?")})` : "";
  if (!r.drift) return `### Drift report${stack}\n\nNo drift: every resource matches the platform.\n`;
  const out = [
    `### Drift report${stack}`, "",
    `**${r.changed.length}** changed outside Pulumi, **${r.deleted.length}** deleted outside Pulumi, **${r.untracked.length}** in no state. ` +
      "`pulumi up --refresh` puts the declared values back and recreates what was deleted; to keep an edit, change the program to match.",
    "",
  ];
  if (r.untracked.length > 0) {
    out.push("#### On the platform, in no state", "",
      "Each looks like a resource of the stack (its kind's natural key) but no resource holds it: made by an interrupted update, " +
        "or by hand. Pause or delete it in the ads UI, or declare it with `adoptId`.", "",
      "| like resource | kind | id | name |", "|---|---|---|---|");
    for (const u of r.untracked) out.push(`| ${code(u.like)} | ${u.kind} | ${code(u.id)} | ${u.name === undefined ? "" : code(u.name)} |`);
    out.push("");
  }
  if (r.deleted.length > 0) {
    out.push("#### Deleted outside Pulumi", "");
    for (const d of r.deleted) out.push(`- ${code(d.resource)} (${d.kind ?? d.type}${d.id ? `, id ${code(d.id)}` : ""})`);
    out.push("");
  }
  if (r.changed.length > 0) {
    out.push("#### Changed outside Pulumi", "", "| resource | field | in the stack | on the platform |", "|---|---|---|---|");
    for (const c of r.changed) {
      for (const f of c.fields) out.push(`| ${code(c.resource)} (${c.kind ?? c.type}) | ${code(f.field)} | ${code(showField(f.field, f.state, c.currency))} | ${code(showField(f.field, f.live, c.currency))} |`);
    }
    out.push("");
  }
  return out.join("\n");
}

export function renderDriftText(r: DriftReport): string {
  const stack = r.stack ? ` in stack ${r.stack}` : "";
  if (!r.drift) return `no drift${stack}: every resource matches the platform\n`;
  const out = [`drift${stack}: ${r.changed.length} changed, ${r.deleted.length} deleted outside Pulumi, ${r.untracked.length} in no state`];
  for (const u of r.untracked) out.push(`in no state: ${u.kind} ${u.id}${u.name === undefined ? "" : ` "${u.name}"`}, like ${u.like}`);
  for (const d of r.deleted) out.push(`deleted: ${what(d)}`);
  for (const c of r.changed) {
    for (const f of c.fields) out.push(`changed: ${what(c)} ${f.field}: ${showField(f.field, f.state, c.currency)} -> ${showField(f.field, f.live, c.currency)}`);
  }
  return out.join("\n") + "\n";
}

export function renderDriftJson(r: DriftReport): string {
  return JSON.stringify(r, null, 2) + "\n";
}
