/**
 * What `xads recommendations` says, as pure functions: each change of the
 * platform's recommendations (a tree: provider/recommendations.ts) mapped
 * onto the stack's resources by id, as Markdown lines; and the edits of the
 * program that make the changes whose value is a literal there, as a
 * unified diff. A change the program does not hold as a literal (an
 * expression, a computed field left unset, a new or deleted entity) is
 * listed "apply by hand", never guessed.
 *
 * The program's call of each resource is found from the state: the engine
 * records the stack trace of its registration (`stackTrace`, beside
 * `sourcePosition`, in `pulumi stack export`), whose first frame outside
 * node_modules is the program's `new xads.Kind(...)`.
 */
import type * as TS from "typescript";
import { RecommendationInfo, RecommendedChange } from "../provider/recommendations";
import { definitionOf, RESOURCES } from "../provider/resources";
import { nounOf } from "../provider/resources/declaration";
import { toSnake } from "../provider/names";
import { nameOf, showField } from "./properties";
import { Deployment, kindOfState, StateResource } from "./recover-plan";

/** One replacement in a program file (offsets in its text). */
export interface ProgramEdit {
  /** Relative to the project folder, as the state records it. */
  file: string;
  start: number;
  end: number;
  text: string;
}

export interface MappedRecommendation {
  recommendation: RecommendationInfo;
  currency?: string;
  /** The Markdown list items, without the leading "- ". */
  lines: string[];
}

export interface RecommendationMap {
  recommendations: MappedRecommendation[];
  edits: ProgramEdit[];
  /** How many changes are left to make by hand. */
  byHand: number;
}

export interface MapOptions {
  /** The currency of a funding instrument, for amounts in micros. */
  currencyOf: (fundingInstrumentId: string) => string | undefined;
  /** A program file's text (path relative to the project folder), undefined if there is none. */
  read: (file: string) => string | undefined;
  /** The TypeScript compiler API, loaded on first need (only a change held by a resource needs it). */
  ts: () => typeof TS;
}

/** The kinds of an entity type (the platform's collection). */
function kindsOf(entityType: string): string[] {
  return Object.keys(RESOURCES).filter((k) => definitionOf(k).collection === entityType);
}

/** A field's words for a reader: `dailyBudgetAmountLocalMicro` is "daily budget", `bidAmountLocalMicro` "bid". */
export function fieldLabel(field: string): string {
  return field.replace(/AmountLocalMicro$/, "").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** The program position `project:///<file>#<line>,<column>` of the resource's registration, outside node_modules. */
export function programPosition(r: StateResource): { file: string; line: number; column: number } | undefined {
  const frames = [...((r.stackTrace as { sourcePosition?: string }[] | undefined) ?? []).map((f) => f.sourcePosition), r.sourcePosition as string | undefined];
  for (const p of frames) {
    const m = /^project:\/\/\/(.+)#(\d+),(\d+)$/.exec(p ?? "");
    if (m && !m[1]!.split("/").includes("node_modules") && !m[1]!.startsWith("..")) return { file: m[1]!, line: Number(m[2]), column: Number(m[3]) };
  }
  return undefined;
}

/** A number as the program wrote its old value: with `_` between thousands if it had them. */
function numberText(value: number, old: string): string {
  const plain = String(value);
  return old.includes("_") && Number.isInteger(value) ? plain.replace(/\B(?=(\d{3})+(?!\d))/g, "_") : plain;
}

/**
 * The edit that sets `field` of the resource's `new xads.Kind(name, {...})`
 * call to `value`, or why it cannot be made in place.
 */
export function literalEdit(r: StateResource, field: string, value: unknown, options: Pick<MapOptions, "read" | "ts">): ProgramEdit | { reason: string } {
  const at = programPosition(r);
  if (!at) return { reason: "the state records no position of it in the program (a YAML or Python program's: --patch edits TypeScript only)" };
  if (!/\.[cm]?[jt]sx?$/.test(at.file)) return { reason: `--patch edits TypeScript programs only: change it in ${at.file}` };
  const ts = options.ts();
  const text = options.read(at.file);
  if (text === undefined) return { reason: `${at.file} is not in the project folder` };
  const sf = ts.createSourceFile(at.file, text, ts.ScriptTarget.Latest, true);
  if (at.line - 1 >= sf.getLineStarts().length) return { reason: `${at.file} changed since the last pulumi up (no line ${at.line})` };
  const offset = sf.getPositionOfLineAndCharacter(at.line - 1, at.column - 1);
  let call: TS.NewExpression | undefined;
  const visit = (n: TS.Node): void => {
    if (ts.isNewExpression(n) && n.getStart(sf) <= offset && offset < n.getEnd() && (!call || n.getWidth(sf) < call.getWidth(sf))) call = n;
    n.forEachChild(visit);
  };
  visit(sf);
  // A column the source map moved: the one `new` call that starts on the line.
  if (!call) {
    const onLine: TS.NewExpression[] = [];
    const collect = (n: TS.Node): void => {
      if (ts.isNewExpression(n) && sf.getLineAndCharacterOfPosition(n.getStart(sf)).line === at.line - 1) onLine.push(n);
      n.forEachChild(collect);
    };
    collect(sf);
    if (onLine.length === 1) call = onLine[0];
  }
  if (!call) return { reason: `no \`new\` call at ${at.file}:${at.line}` };
  const args = call.arguments?.[1];
  if (!args || !ts.isObjectLiteralExpression(args)) return { reason: `its arguments at ${at.file}:${at.line} are not an object literal` };
  const prop = args.properties.find((p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === field);
  if (!prop) return { reason: `${field} is not set in the program` };
  if (!ts.isPropertyAssignment(prop)) return { reason: `${field} is not a literal in the program` };
  const init = prop.initializer;
  const old = init.getText(sf);
  let replacement: string | undefined;
  if (ts.isNumericLiteral(init) && typeof value === "number") replacement = numberText(value, old);
  else if ((ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init)) && typeof value === "string" && !value.includes("\n")) {
    const quote = old[0]!;
    replacement = `${quote}${value.replace(/\\/g, "\\\\").split(quote).join(`\\${quote}`)}${quote}`;
  }
  if (replacement === undefined) return { reason: `${field} is ${ts.isNumericLiteral(init) || ts.isStringLiteral(init) ? `a literal of another type than ${JSON.stringify(value)}` : "an expression, not a literal"} at ${at.file}:${sf.getLineAndCharacterOfPosition(init.getStart(sf)).line + 1}` };
  return { file: at.file, start: init.getStart(sf), end: init.getEnd(), text: replacement };
}

/** Every recommendation's changes mapped onto the stack's resources by id, with the program edits of those that are literals. */
export function mapRecommendations(recommendations: readonly RecommendationInfo[], deployment: Deployment, options: MapOptions): RecommendationMap {
  const live = (deployment.resources ?? []).filter((r) => kindOfState(r) && r.id && !r.delete);
  const held = (entityType: string, id: unknown): { resource: StateResource; kind: string } | undefined => {
    const kinds = kindsOf(entityType);
    const resource = live.find((r) => r.id === String(id) && kinds.includes(kindOfState(r)!));
    return resource && { resource, kind: kindOfState(resource)! };
  };
  const nounFor = (entityType: string) => {
    const [kind] = kindsOf(entityType);
    return kind ? nounOf(kind) : entityType.replace(/_/g, " ");
  };
  const edits: ProgramEdit[] = [];
  let byHand = 0;

  const mapped = recommendations.map((rec): MappedRecommendation => {
    const currency = options.currencyOf(rec.fundingInstrumentId);
    const lines: string[] = [];
    const show = (field: string, v: unknown) => showField(field, v, currency);
    /** The entity of a change: its resource's name, else its id (`unheld`: said so, where the line does not). */
    const label = (c: RecommendedChange, unheld = " (held by no resource of the stack)") => {
      const h = c.params.id === undefined ? undefined : held(c.entityType, c.params.id);
      return h ? `${nounFor(c.entityType)} \`${nameOf(h.resource.urn)}\`` : `${nounFor(c.entityType)} ${String(c.params.id ?? "(new)")}${unheld}`;
    };
    const NOT_HELD = "no resource of the stack holds it";
    const manual = (line: string, why: string) => {
      byHand++;
      lines.push(`${line} (apply by hand: ${why})`);
    };

    const walk = (c: RecommendedChange, parent?: RecommendedChange): void => {
      const h = c.params.id === undefined ? undefined : held(c.entityType, c.params.id);
      const params = Object.entries(c.params).filter(([k]) => k !== "id");
      if (c.operationType === "Update") {
        for (const [param, value] of params) {
          const def = h && definitionOf(h.kind);
          const field = def?.fields.inputs.find((f) => def.fields.wire(f) === toSnake(param));
          if (!h || !def) {
            manual(`${label(c, "")}: ${fieldLabel(param)} -> ${show(param, value)}`, NOT_HELD);
            continue;
          }
          if (!field) {
            manual(`${label(c)}: ${fieldLabel(param)} -> ${show(param, value)}`, `not an input of ${h.kind}`);
            continue;
          }
          const current = h.resource.outputs?.[field] ?? h.resource.inputs?.[field];
          if (JSON.stringify(current) === JSON.stringify(value)) continue;
          const line = `${label(c)}: ${fieldLabel(field)} ${show(field, current)} -> ${show(field, value)}`;
          const edit = literalEdit(h.resource, field, value, options);
          if ("reason" in edit) manual(line, edit.reason);
          // Two changes of one value (the same entity in two recommendations): neither is picked.
          else if (edits.some((e) => e.file === edit.file && e.start < edit.end && edit.start < e.end)) manual(line, "another change of the same value is in the patch");
          else {
            edits.push(edit);
            lines.push(line);
          }
        }
      } else if (c.operationType === "Create") {
        // The parent: the stack's entity a `<kind>Id` parameter names (`campaignId` of a line item), else the change above it.
        const ref = params.find(([k, v]) => /Id$/.test(k) && held(`${toSnake(k.slice(0, -2))}s`, v));
        const owner: RecommendedChange | undefined = (ref && { entityType: `${toSnake(ref[0].slice(0, -2))}s`, operationType: null, params: { id: ref[1] }, dependentEntities: [] }) ?? parent;
        const under = owner ? ` under ${label(owner)}` : "";
        const what = params.filter(([, v]) => !(owner && v === owner.params.id)).map(([k, v]) => `${fieldLabel(k)} ${show(k, v)}`).join(", ");
        manual(`new ${nounFor(c.entityType)}${under}${what ? `: ${what}` : ""}`, "a new entity: declare it in the program");
      } else if (c.operationType === "Delete") {
        manual(`delete ${label(c, "")}`, h ? "remove it from the program" : NOT_HELD);
      }
      for (const d of c.dependentEntities) walk(d, c);
    };
    for (const c of rec.changes) walk(c);
    return { recommendation: rec, ...(currency ? { currency } : {}), lines };
  });
  return { recommendations: mapped, edits, byHand };
}

/** The report: one section per recommendation, its changes as a list. */
export function renderRecommendations(stack: string, map: RecommendationMap, patchFile?: string): string {
  const out = [`## Recommendations for stack \`${stack}\``, ""];
  if (map.recommendations.length === 0) out.push("The platform has no recommendation for the stack's funding instruments.", "");
  for (const { recommendation: r, currency, lines } of map.recommendations) {
    out.push(`### Recommendation ${r.id} (funding instrument ${r.fundingInstrumentId}${currency ? `, ${currency}` : ""}, ${r.status})${r.message ? `: ${r.message}` : ""}`, "");
    out.push(...(lines.length > 0 ? lines.map((l) => `- ${l}`) : ["- no change to the stack's resources"]), "");
  }
  const made = map.edits.length;
  if (map.recommendations.length > 0) {
    out.push(patchFile
      ? `${patchFile} makes ${made} change${made === 1 ? "" : "s"} of the program; ${map.byHand} ${map.byHand === 1 ? "is" : "are"} to apply by hand.`
      : `${made} change${made === 1 ? " is a literal" : "s are literals"} of the program (--patch <file> writes them as a patch); ${map.byHand} ${map.byHand === 1 ? "is" : "are"} to apply by hand.`);
    out.push("");
  }
  return out.join("\n");
}

/**
 * The edits as a unified diff (`a/<file>` `b/<file>`, paths in the project
 * folder: `patch -p1` there), three lines of context.
 */
export function unifiedDiff(edits: readonly ProgramEdit[], read: (file: string) => string | undefined): string {
  const byFile = new Map<string, ProgramEdit[]>();
  for (const e of edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  const out: string[] = [];
  for (const [file, fileEdits] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const before = read(file)!;
    let after = before;
    for (const e of [...fileEdits].sort((a, b) => b.start - a.start)) after = after.slice(0, e.start) + e.text + after.slice(e.end);
    const endsWithNewline = before.endsWith("\n");
    const olds = (endsWithNewline ? before.slice(0, -1) : before).split("\n");
    const news = (endsWithNewline ? after.slice(0, -1) : after).split("\n");
    const changed = olds.map((l, i) => i).filter((i) => olds[i] !== news[i]);
    if (changed.length === 0) continue;
    out.push(`diff --git a/${file} b/${file}`, `--- a/${file}`, `+++ b/${file}`);
    const last = olds.length - 1;
    const noNewline = (i: number) => (i === last && !endsWithNewline ? ["\\ No newline at end of file"] : []);
    let k = 0;
    while (k < changed.length) {
      let j = k;
      while (j + 1 < changed.length && changed[j + 1]! - changed[j]! <= 6) j++;
      const from = Math.max(0, changed[k]! - 3);
      const to = Math.min(last, changed[j]! + 3);
      out.push(`@@ -${from + 1},${to - from + 1} +${from + 1},${to - from + 1} @@`);
      for (let i = from; i <= to; i++) {
        if (olds[i] === news[i]) out.push(` ${olds[i]}`, ...noNewline(i));
        else out.push(`-${olds[i]}`, ...noNewline(i), `+${news[i]}`, ...noNewline(i));
      }
      k = j + 1;
    }
  }
  return out.length > 0 ? `${out.join("\n")}\n` : "";
}
