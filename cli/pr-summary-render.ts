/**
 * The Markdown of `xads pr-summary`: a pure function of a parsed preview
 * (preview-input.ts), for a pull-request comment an ads manager reviews.
 * Order: a caution for every delete `up` will refuse, every irreversible
 * delete or replace, every budget or bid removed (a limit lifted) and every
 * replacement that cascades to what belongs to it; the budget change per
 * campaign and per currency, each resource's change with old and new values
 * (and why it replaces), policy violations, errors.
 */
import { z } from "zod";
import { definitionOf, nameOfUrn, RESOURCES } from "../provider/resources";
import { didYouMean } from "../provider/resources/closest-kind";
import { metaOf } from "../provider/resources/fields";
import { deletionProtectionInput } from "../provider/resources/framework";
import { PreviewModel, PreviewStep } from "./preview-input";
import { criteriaChange, ReachReport, ReachRow, showCriterion, SideEstimate } from "./reach";
import {
  changedFields, FieldChange, IRREVERSIBLE_KINDS, money, moneyDelta, presentFields, Props, showField, UNKNOWN,
} from "./properties";

/** The first line of every summary: a workflow finds and updates its own comment by it. */
export const SUMMARY_MARKER = "<!-- xads-pr-summary -->";

const OPS: Record<string, { sign: string; verb: string; order: number }> = {
  delete: { sign: "-", verb: "delete", order: 0 },
  replace: { sign: "+-", verb: "replace", order: 1 },
  update: { sign: "~", verb: "update", order: 2 },
  create: { sign: "+", verb: "create", order: 3 },
  import: { sign: "=", verb: "import", order: 4 },
};

const BUDGETS = ["dailyBudgetAmountLocalMicro", "totalBudgetAmountLocalMicro"] as const;

/** Resources shown: every change of a custom resource (not the stack, not providers). */
function changes(model: PreviewModel): PreviewStep[] {
  return model.steps
    .filter((s) => s.op in OPS && s.type !== "pulumi:pulumi:Stack" && !s.type.startsWith("pulumi:providers:"))
    .sort((a, b) => OPS[a.op]!.order - OPS[b.op]!.order || (a.kind ?? a.type).localeCompare(b.kind ?? b.type) || a.name.localeCompare(b.name));
}

/** Inline code for a table cell or a line: pipes and backticks cannot break the table. */
function code(s: string): string {
  return "`" + s.replace(/`/g, "'").replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ") + "`";
}

function what(s: PreviewStep): string {
  const id = s.id ? `, id ${code(s.id)}` : "";
  return `${code(s.name)} (${s.kind ?? s.type}${id})`;
}

function label(s: PreviewStep): string {
  const n = s.oldInputs?.name ?? s.newInputs?.name;
  return typeof n === "string" ? ` "${n}"` : "";
}

// ------------------------------------------------ what up will do ---

/** The declared inputs of an xads kind; undefined for another resource. */
function shapeOf(kind: string | undefined): Record<string, z.ZodType> | undefined {
  if (kind === undefined || !(kind in RESOURCES)) return undefined;
  return (definitionOf(kind).inputs as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
}

/** What an unset deletionProtection means: the input's own default (on). */
const DELETION_PROTECTION_DEFAULT = deletionProtectionInput.parse(undefined);

/**
 * Why `pulumi up` will refuse a delete or a replacement (which deletes the
 * old entity), or undefined when it will not: the state says
 * deletionProtection is on (the provider refuses the delete; a replacement
 * passes only where the new inputs set it false, framework.ts
 * approveDeletion), or the resource option `protect` is set (the engine
 * refuses it, and fails the preview too). The TypeScript SDKs set `protect`
 * from deletionProtection (sdk/protection.ts); YAML and Python programs do
 * not, so there only this summary refuses it before `up`
 * (docs/resources-guide.md, "Campaigns and irreversible deletion").
 */
export function refusal(s: PreviewStep): string | undefined {
  if (s.op !== "delete" && s.op !== "replace") return undefined;
  const shape = shapeOf(s.kind);
  const protectedInState = shape !== undefined && "deletionProtection" in shape && (s.oldInputs?.deletionProtection ?? DELETION_PROTECTION_DEFAULT) !== false;
  if (protectedInState && (s.op === "delete" || s.newInputs?.deletionProtection !== false)) return "deletionProtection is on";
  return s.protect ? "the resource option protect is set" : undefined;
}

/** The deletes and replacements `pulumi up` will refuse (refusal), in the summary's order. */
export function refusedSteps(model: PreviewModel): PreviewStep[] {
  return changes(model).filter((s) => refusal(s) !== undefined);
}

// ------------------------------------------------ a failed preview ---

/** Terminal colours: the digest keeps the YAML host's (`\u001b[31mError\u001b[0m`). */
const ANSI = /\u001b\[[0-9;]*m/g;
const plain = (text: string) => text.replace(ANSI, "");

/**
 * A diagnostic that says the preview failed. `error` always; a severity
 * ending in `#err` (`info#err`: what a language host or the program wrote to
 * stderr, which is how the YAML host reports a misspelled type token, an
 * unknown property or a value of the wrong type) unless the preview records
 * that it succeeded: a program's own stderr lines (a Node.js deprecation
 * warning) come as `info#err` in a preview that succeeded.
 */
function errorDiagnostics(model: PreviewModel, succeeded: boolean): PreviewModel["diagnostics"] {
  return model.diagnostics.filter((d) => d.severity === "error" || (!succeeded && d.severity.endsWith("#err")));
}

/** A diagnostic in one line: its resource, its first line (and the next, where that one ends in a colon), no colours. */
function oneLine(d: PreviewModel["diagnostics"][number]): string {
  const lines = plain(d.message).split("\n").map((l) => l.trim()).filter(Boolean);
  const first = (lines[0] ?? "").replace(/^error: /i, "");
  const text = first.endsWith(":") && lines[1] ? `${first} ${lines[1]}` : first;
  return withKindHint(d.urn ? `${nameOfUrn(d.urn)}: ${text}` : text);
}

/**
 * An error about an unknown xads type token, with the kind it likely meant:
 * the engine's `unable to find resource type "xads:index:Campaing"` (a YAML
 * program's preview words it `error resolving type of resource spring:
 * unable to find resource type "xads:index:Campaing" in resource provider
 * "xads"`, tests/unit/fixtures/preview-yaml-failed.json, captured from the
 * CLI) gets `; did you mean xads:index:Campaign?` from the registry's kinds
 * (provider/resources/closest-kind.ts). Any other text is returned as is.
 */
export function withKindHint(text: string): string {
  const token = /unable to find resource type "(xads:index:\w+)"/.exec(text)?.[1];
  const hint = token === undefined ? undefined : didYouMean(token);
  return hint ? `${text}; ${hint}` : text;
}

/**
 * Why the preview failed, or undefined when it did not: the input ends
 * before the preview did; an error diagnostic (above); the stream's summary
 * event or `pulumi preview`'s exit code (`--preview-exit-code`, for the
 * digest, which records neither) says it failed. The first error's text.
 */
export function previewFailure(model: PreviewModel, exitCode?: number): string | undefined {
  if (model.incomplete) return model.incomplete;
  const saysFailed = (exitCode !== undefined && exitCode !== 0) || model.result === "failed";
  const saysSucceeded = !saysFailed && (exitCode === 0 || model.result === "succeeded");
  const first = errorDiagnostics(model, saysSucceeded)[0];
  if (first) return oneLine(first);
  if (!saysFailed) return undefined;
  const mandatory = model.policyViolations.find((v) => v.level === "mandatory");
  if (mandatory) return `the mandatory policy ${mandatory.policy} (${mandatory.policyPack}) was violated: ${mandatory.message.split("\n").map((l) => l.trim()).filter(Boolean).slice(-1)[0] ?? ""}`;
  if (exitCode !== undefined && exitCode !== 0) return `pulumi preview exited ${exitCode}, and no error diagnostic says why: see its output in the job's log`;
  return "the stream's summary event says the preview failed, and no error diagnostic says why: see the job's log";
}

export interface LiftedLimit {
  field: string;
  /** The amount cleared, in micros. */
  old: number;
  /** What it held to a limit (the field's declaration: `limits`). */
  limits: string;
}

/**
 * The budgets and bids a change clears: a clearable field that declares
 * what it limits, set before and left out now (the update sends it empty,
 * and the replacement is created without it). Not a saving: a limit lifted.
 */
export function liftedLimits(s: PreviewStep): LiftedLimit[] {
  if (s.op !== "update" && s.op !== "replace") return [];
  return Object.entries(shapeOf(s.kind) ?? {}).flatMap(([field, schema]) => {
    const { clearable, limits } = metaOf(schema);
    const old = s.oldInputs?.[field];
    return clearable && limits && typeof old === "number" && s.newInputs?.[field] === undefined ? [{ field, old, limits }] : [];
  });
}

/** A field in words: `dailyBudgetAmountLocalMicro` is "daily budget", `bidAmountLocalMicro` "bid". */
function inWords(field: string): string {
  return field.replace(/AmountLocalMicro$/, "").replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

/**
 * The replacements of a preview with what they cascade to: each replaced
 * resource that belongs to it (the create-only field that forces its
 * replacement held the parent's id, or depends on the parent), e.g. a line
 * item's promoted Tweets, tracking tags and targeting criteria.
 */
export function cascades(model: PreviewModel): { parent: PreviewStep; children: PreviewStep[] }[] {
  const replaced = changes(model).filter((s) => s.op === "replace");
  const belongsTo = (c: PreviewStep, p: PreviewStep) => c.replaceReasons.some((f) =>
    (p.id !== undefined && c.oldInputs?.[f] === p.id) || (c.propertyDependencies?.[f] ?? []).includes(p.urn));
  return replaced
    .map((parent) => ({ parent, children: replaced.filter((c) => c !== parent && belongsTo(c, parent)) }))
    .filter((x) => x.children.length > 0);
}

/**
 * What a step changes from: the state's inputs, with the value the state's
 * outputs hold for each input declared before or now. The provider's diff
 * compares those outputs (the platform's answer to the last create, update
 * or refresh) with the program, so a value edited in the ads UI shows as
 * live -> declared, even where the state's inputs still hold the declared one.
 */
function before(s: PreviewStep): Props | undefined {
  if (!s.oldInputs || !s.oldOutputs) return s.oldInputs;
  const outs = s.oldOutputs;
  const declared = [...new Set([...Object.keys(s.oldInputs), ...Object.keys(s.newInputs ?? {})])].filter((k) => k in outs);
  return { ...s.oldInputs, ...Object.fromEntries(declared.map((k) => [k, outs[k]])) };
}

// ------------------------------------------------------------ currency ---

function known(v: unknown): string | undefined {
  return typeof v === "string" && v !== UNKNOWN && v !== "" ? v : undefined;
}

/** The funding instrument a campaign's inputs point at, if the preview has it. */
function instrumentCurrency(model: PreviewModel, s: PreviewStep, side: "old" | "new"): string | undefined {
  const inputs = side === "old" ? s.oldInputs : s.newInputs;
  const id = known(inputs?.fundingInstrumentId);
  const urns = side === "new" ? s.propertyDependencies?.fundingInstrumentId ?? [] : [];
  const fi = model.steps.find((x) => x.kind === "FundingInstrument" && ((id && x.id === id) || urns.includes(x.urn)));
  return fi && (known(fi.newInputs?.currency) ?? known(fi.oldInputs?.currency) ?? known(fi.oldOutputs?.currency));
}

/** The campaign a line item's inputs point at, if the preview has it. */
function campaignOf(model: PreviewModel, s: PreviewStep, side: "old" | "new"): PreviewStep | undefined {
  const id = known((side === "old" ? s.oldInputs : s.newInputs)?.campaignId);
  const urns = side === "new" ? s.propertyDependencies?.campaignId ?? [] : [];
  return model.steps.find((x) => x.kind === "Campaign" && ((id && x.id === id) || urns.includes(x.urn)));
}

/**
 * An entity's currency before and after: its state's, else its funding
 * instrument's (a campaign) or its campaign's (a line item).
 */
export function currencies(model: PreviewModel, s: PreviewStep): { old?: string; new?: string } {
  if (s.kind !== "Campaign" && (s.oldInputs?.campaignId ?? s.newInputs?.campaignId) !== undefined) {
    const old = known(s.oldOutputs?.currency) ?? (campaignOf(model, s, "old") && currencies(model, campaignOf(model, s, "old")!).old);
    const via = campaignOf(model, s, "new");
    return { old, new: (via && currencies(model, via).new) ?? old };
  }
  const old = known(s.oldOutputs?.currency) ?? instrumentCurrency(model, s, "old");
  const sameInstrument = s.oldInputs?.fundingInstrumentId !== undefined && s.oldInputs.fundingInstrumentId === s.newInputs?.fundingInstrumentId;
  const neu = instrumentCurrency(model, s, "new") ?? (sameInstrument ? old : undefined) ?? (s.op === "create" ? undefined : old);
  return { old, new: neu };
}

// ------------------------------------------------------------- budgets ---

interface BudgetRow {
  step: PreviewStep;
  cells: string[];
}

interface Sum {
  daily: number;
  total: number;
  pending: boolean;
  /** Budgets removed from campaigns that stay (daily, total): their spend is no longer capped, not lowered. */
  uncapped: { daily: boolean; total: boolean };
}

function budgetValue(props: Record<string, unknown> | undefined, f: string): number | "unknown" | undefined {
  const v = props?.[f];
  if (v === UNKNOWN) return "unknown";
  return typeof v === "number" ? v : undefined;
}

function budgets(model: PreviewModel): { rows: BudgetRow[]; sums: Map<string, Sum> } {
  const rows: BudgetRow[] = [];
  const sums = new Map<string, Sum>();
  const sum = (c: string | undefined) => {
    const key = c ?? "currency unknown";
    if (!sums.has(key)) sums.set(key, { daily: 0, total: 0, pending: false, uncapped: { daily: false, total: false } });
    return sums.get(key)!;
  };
  for (const s of changes(model).filter((x) => x.kind === "Campaign" && refusal(x) === undefined)) {
    const cur = currencies(model, s);
    const olds = s.op === "create" ? undefined : { ...s.oldOutputs, ...before(s) };
    const news = s.op === "delete" ? undefined : s.newInputs;
    const pairs = BUDGETS.map((f) => [budgetValue(olds, f), budgetValue(news, f)] as const);
    if (pairs.every(([o, n]) => o === n)) continue;
    const lifted = (o: unknown, n: unknown) => s.op !== "delete" && typeof o === "number" && n === undefined;
    const cells = pairs.map(([o, n]) => {
      const show = (v: number | "unknown" | undefined, c: string | undefined) =>
        v === undefined ? (lifted(o, n) ? "none (no cap)" : "none") : v === "unknown" ? "(known after apply)" : money(v, c);
      return o === n ? `${show(o, cur.old)} (unchanged)` : `${show(o, cur.old)} -> ${show(n, cur.new)}`;
    });
    rows.push({ step: s, cells });
    BUDGETS.forEach((f, i) => {
      const [o, n] = pairs[i]!;
      const key = f === "dailyBudgetAmountLocalMicro" ? "daily" : "total";
      if (o === "unknown" || n === "unknown") {
        sum(cur.new).pending = true;
        return;
      }
      if (lifted(o, n)) {
        sum(cur.old).uncapped[key] = true;
        return;
      }
      if (typeof o === "number") sum(cur.old)[key] -= o;
      if (typeof n === "number") sum(cur.new)[key] += n;
    });
  }
  return { rows, sums };
}

// -------------------------------------------------------------- render ---

function countsLine(model: PreviewModel): string {
  const c = model.changeSummary;
  const parts = [["create", "to create"], ["update", "to update"], ["replace", "to replace"], ["delete", "to delete"]]
    .filter(([k]) => (c[k!] ?? 0) > 0)
    .map(([k, text]) => `**${c[k!]}** ${text}`);
  const same = c.same ?? 0;
  return parts.length === 0 ? `No changes (${same} unchanged).` : `${parts.join(", ")}; ${same} unchanged.`;
}

function warnings(model: PreviewModel): string[] {
  return [...refusedWarning(model), ...movedWarning(model), ...irreversibleWarning(model), ...liftedWarning(model), ...cascadeWarning(model)];
}

/**
 * Updates whose entity changed on the platform after the preview (the
 * summary read it: cli/live-values.ts): "before" shows the live value, and
 * pulumi up sends nothing to them until the preview is made again.
 */
function movedWarning(model: PreviewModel): string[] {
  const moved = changes(model).filter((s) => (s.movedAfterPreview?.length ?? 0) > 0 || s.goneAfterPreview);
  if (moved.length === 0) return [];
  const row = (s: PreviewStep): string => {
    if (s.goneAfterPreview) return `> - ${what(s)}${label(s)}: gone from the platform (deleted outside the program): \`pulumi up\` fails on it; \`pulumi refresh\` drops it, and the next up creates it again`;
    const cur = currencies(model, s);
    const fields = s.movedAfterPreview!.map((m) => `${code(m.field)} is ${code(showField(m.field, m.live, cur.old))} now, ${code(showField(m.field, m.previewed, cur.old))} in the preview`);
    return `> - ${what(s)}${label(s)}: ${fields.join("; ")}`;
  };
  const one = moved.length === 1;
  return [
    "> [!CAUTION]",
    `> **${moved.length} resource${one ? "" : "s"} changed on the platform after the preview was made** (in the ads UI, or since the state last read ${one ? "it" : "them"}): "before" below is the live value. ` +
      "`pulumi up` sends nothing to " + (one ? "it" : "them") + " (it never overwrites a live value the preview did not show) and fails there: run `pulumi refresh`, then make the preview again.",
    ...moved.map(row),
    "",
  ];
}

/** "1 delete", "2 replacements", "3 deletes or replacements". */
export function refusedNoun(refused: PreviewStep[]): string {
  const ops = new Set(refused.map((s) => s.op));
  const n = refused.length;
  const noun = ops.size > 1 ? "delete or replacement" : ops.has("replace") ? "replacement" : "delete";
  return n === 1 ? `1 ${noun}` : `${n} ${noun.replace(/(delete|replacement)/g, "$1s")}`;
}

function refusedWarning(model: PreviewModel): string[] {
  const refused = refusedSteps(model);
  if (refused.length === 0) return [];
  return [
    "> [!CAUTION]",
    `> **\`pulumi up\` will fail: ${refusedNoun(refused)} refused.** A protected resource is not deleted: keep it in the program, or set \`deletionProtection: false\` on it (and drop the \`protect\` option, if set) and run \`pulumi up\` before removing it (a replacement: in the same change); to stop managing it without deleting it, see its section below.`,
    ...refused.map((s) => `> - **${s.op}** ${what(s)}${label(s)}: refused, ${refusal(s)}`),
    "",
  ];
}

function irreversibleWarning(model: PreviewModel): string[] {
  const risky = changes(model).filter((s) => (s.op === "delete" || s.op === "replace") && refusal(s) === undefined && (IRREVERSIBLE_KINDS as readonly string[]).includes(s.kind ?? ""));
  if (risky.length === 0) return [];
  const lines = [
    "> [!CAUTION]",
    `> **${risky.length} irreversible change${risky.length > 1 ? "s" : ""}.** Deleting a campaign or an audience cannot be undone, and a recreated one starts without its history.`,
  ];
  for (const s of risky) {
    const why = s.op === "replace" ? `: the old one is deleted and a new one created, because ${s.replaceReasons.map(code).join(", ") || "a create-only field"} cannot change in place` : "";
    lines.push(`> - **${s.op}** ${what(s)}${label(s)}${why}`);
  }
  return [...lines, ""];
}

function liftedWarning(model: PreviewModel): string[] {
  const lines = changes(model).flatMap((s) => liftedLimits(s).map((l) => {
    const words = inWords(l.field);
    const cur = currencies(model, s).old;
    return `> - ${what(s)}${label(s)}: **${words} removed** (was ${money(l.old, cur)}): ${l.limits} is no longer capped`;
  }));
  if (lines.length === 0) return [];
  return [
    "> [!CAUTION]",
    `> **${lines.length} limit${lines.length > 1 ? "s" : ""} removed.** A budget or bid left out of the program is cleared on the platform: what it capped is no longer capped (not a saving).`,
    ...lines,
    "",
  ];
}

function cascadeWarning(model: PreviewModel): string[] {
  const found = cascades(model);
  if (found.length === 0) return [];
  const lines = found.map(({ parent, children }) =>
    `> - **replace** ${what(parent)}${label(parent)} replaces ${children.length === 1 ? "what belongs" : `the ${children.length} resources that belong`} to it too: ${children.map((c) => `${code(c.name)} (${c.kind ?? c.type})`).join(", ")}`);
  return [
    "> [!CAUTION]",
    `> **${found.length} replacement${found.length > 1 ? "s" : ""} cascade${found.length > 1 ? "" : "s"}.** What belongs to a replaced resource is deleted and created again with it, with new ids (a promoted Tweet's, a tracking tag's history starts over).`,
    ...lines,
    "",
  ];
}

/**
 * Campaigns this up takes back to serving (PAUSED -> ACTIVE) or to a higher
 * budget, from a value changed outside the program: the live value differs
 * from what the last up declared (the state's inputs before the preview's
 * refresh, or beside outputs that hold the live value). That is how an
 * emergency pause or cut made in the ads UI would be undone. A change the
 * program makes to a value nobody edited is the pull request's own.
 */
function revertCautions(model: PreviewModel): string[] {
  const rows = changes(model).filter((s) => s.kind === "Campaign" && s.op === "update").flatMap((s) => {
    const live = before(s) ?? {};
    const declared = s.inputsBeforeRefresh ?? s.oldInputs ?? {};
    const news = s.newInputs ?? {};
    const editedOutside = (f: string) => live[f] !== declared[f];
    const cur = currencies(model, s);
    const why = [
      ...(live.entityStatus === "PAUSED" && news.entityStatus === "ACTIVE" && editedOutside("entityStatus") ? [`${code("entityStatus")} ${code("PAUSED")} -> ${code("ACTIVE")}: it serves again`] : []),
      ...BUDGETS.filter((f) => typeof live[f] === "number" && typeof news[f] === "number" && (news[f] as number) > (live[f] as number) && editedOutside(f))
        .map((f) => `${f === "dailyBudgetAmountLocalMicro" ? "daily" : "total"} budget ${code(money(live[f] as number, cur.old))} -> ${code(money(news[f] as number, cur.new))}`),
    ];
    return why.length > 0 ? [`> - ${what(s)}${label(s)}: ${why.join("; ")}`] : [];
  });
  if (rows.length === 0) return [];
  const one = rows.length === 1;
  return [
    "> [!CAUTION]",
    `> **${rows.length} campaign${one ? " goes" : "s go"} back to serving or to a higher budget.** ${one ? "It was" : "Each was"} paused or its budget lowered outside the program (in the ads UI, perhaps an emergency stop); this up undoes that.`,
    ...rows,
    "",
  ];
}

// --------------------------------------------------------------- reach ---

const people = (n: number) => n.toLocaleString("en-US");

function showEstimate(e: SideEstimate): string {
  if ("size" in e) return `${people(e.size.min)} to ${people(e.size.max)}`;
  if ("none" in e) return e.none;
  return `estimate unavailable: ${e.unavailable.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ")}`;
}

/** After against before: narrower, wider or the same, by the range's upper end. */
function direction(r: ReachRow): string {
  if (!("size" in r.beforeEstimate) || !("size" in r.afterEstimate)) return "";
  const [b, a] = [r.beforeEstimate.size.max, r.afterEstimate.size.max];
  if (a === b) return " (unchanged)";
  const percent = b === 0 ? "" : ` ${a > b ? "+" : "-"}${Math.round((Math.abs(a - b) / b) * 100)}%`;
  return ` (${a < b ? "narrower" : "wider"}${percent})`;
}

function targetingChange(r: ReachRow): string {
  if (!r.before || !r.after) return r.lineItem.isNew && r.after ? `new: ${r.after.map((c) => code(showCriterion(c))).join(", ") || "no criteria"}` : "";
  const { added, removed } = criteriaChange(r.before, r.after);
  const parts = [...added.map((c) => `+ ${code(showCriterion(c))}`), ...removed.map((c) => `- ${code(showCriterion(c))}`)];
  return parts.join(", ") || "criteria replaced, same values";
}

/**
 * The estimated audience of each line item whose targeting changes, before
 * and after (POST audience_estimate); or, without credentials, what to set.
 */
export function reachSection(reach: ReachReport | undefined): string[] {
  if (reach === undefined) return [];
  if ("note" in reach) {
    const n = reach.lineItems;
    return ["### Reach", "", `reach: ${reach.note} (${n} line item${n === 1 ? "" : "s"} whose targeting changes).`, ""];
  }
  if (reach.rows.length === 0) return [];
  const out = [
    "### Reach", "",
    "The estimated audience of each line item whose targeting changes or that is new (the platform's audience estimate), before -> after.", "",
    "| line item | targeting change | before | after |", "|---|---|---|---|",
  ];
  for (const r of reach.rows) {
    const li = r.lineItem;
    const id = li.id ? `, id ${code(li.id)}` : "";
    out.push(`| ${code(li.name)} (LineItem${id}) | ${targetingChange(r)} | ${showEstimate(r.beforeEstimate)} | ${showEstimate(r.afterEstimate)}${direction(r)} |`);
  }
  return [...out, ""];
}

function budgetSection(model: PreviewModel): string[] {
  const { rows, sums } = budgets(model);
  if (rows.length === 0) return [];
  const out = ["### Budgets", "", "| campaign | change | daily budget | total budget |", "|---|---|---|---|"];
  for (const r of rows) out.push(`| ${code(r.step.name)}${label(r.step)} | ${r.step.op} | ${r.cells.join(" | ")} |`);
  out.push("", "| currency | daily budget change | total budget change |", "|---|---|---|");
  for (const [c, s] of [...sums.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const cur = c === "currency unknown" ? undefined : c;
    const note = (key: "daily" | "total") => (s.pending ? " (plus amounts known after apply)" : "") + (s.uncapped[key] ? " (and a budget removed: no cap)" : "");
    out.push(`| ${c} | ${moneyDelta(s.daily, cur)}${note("daily")} | ${moneyDelta(s.total, cur)}${note("total")} |`);
  }
  return [...out, ""];
}

function fieldTable(s: PreviewStep, fields: FieldChange[], model: PreviewModel): string[] {
  const cur = currencies(model, s);
  const out = ["| field | before | after | |", "|---|---|---|---|"];
  for (const f of fields) {
    const forces = s.replaceReasons.includes(f.field) ? "forces replacement" : "";
    out.push(`| ${code(f.field)} | ${code(showField(f.field, f.old, cur.old))} | ${code(showField(f.field, f.new, cur.new))} | ${forces} |`);
  }
  return out;
}

function valueTable(props: Record<string, unknown> | undefined, currency: string | undefined): string[] {
  const fields = presentFields(props);
  if (fields.length === 0) return [];
  return ["| field | value |", "|---|---|", ...fields.map(([k, v]) => `| ${code(k)} | ${code(showField(k, v, currency))} |`)];
}

/** A refused delete or replacement: up fails there, and how to stop managing the resource instead. */
function refusedNote(s: PreviewStep): string[] {
  const refused = refusal(s);
  if (!refused) return [];
  const force = s.protect ? " --force" : "";
  return [`Refused: ${refused}, so \`pulumi up\` fails here and the ${s.kind ?? "resource"} stays. To stop managing it without deleting it: ${code(`pulumi state delete${force} '${s.urn}'`)}.`, ""];
}

function resourceSection(model: PreviewModel, s: PreviewStep): string[] {
  const op = OPS[s.op]!;
  const out = [`#### ${op.sign} ${op.verb} ${what(s)}${label(s)}`, ""];
  if (s.op === "replace") {
    out.push(...refusedNote(s));
    const reasons = s.replaceReasons.length > 0 ? s.replaceReasons.map(code).join(", ") : "a create-only field";
    out.push(`Replaced because ${reasons} cannot change in place (create-only on the platform): the ${s.kind ?? "resource"} is deleted and created again, with a new id.`, "");
  }
  if (s.op === "update" || s.op === "replace") {
    const fields = changedFields(before(s), s.newInputs);
    out.push(...(fields.length > 0 ? fieldTable(s, fields, model) : ["No input changes (the provider asked for this step)."]));
  } else if (s.op === "create" || s.op === "import") {
    out.push(...valueTable(s.newInputs, currencies(model, s).new));
  } else if (s.op === "delete") {
    out.push(...refusedNote(s));
    out.push(...valueTable(s.oldInputs, currencies(model, s).old));
  }
  return [...out, ""];
}

function policySection(model: PreviewModel, failed: boolean): string[] {
  if (model.policyViolations.length === 0) {
    // A failed preview may have stopped before the pack saw every resource: its "None" is no all-clear.
    const none = failed ? "None reported before the preview failed" : "None";
    return model.policyPacks.length > 0 ? ["### Policy violations", "", `${none} (${model.policyPacks.join(", ")}).`, ""] : [];
  }
  const out = ["### Policy violations", "", "| level | policy | resource | violation |", "|---|---|---|---|"];
  const order = (l: string) => (l === "mandatory" ? 0 : l === "remediate" ? 1 : 2);
  const sorted = [...model.policyViolations].sort((a, b) => order(a.level) - order(b.level) || a.policy.localeCompare(b.policy) || (a.urn ?? "").localeCompare(b.urn ?? ""));
  for (const v of sorted) {
    const resource = v.urn && !v.urn.includes("::pulumi:pulumi:Stack::") ? code(nameOfUrn(v.urn)) : "(stack)";
    // The message's first line is the policy's description; the rest is what was found.
    const lines = v.message.split("\n").map((l) => l.trim()).filter(Boolean);
    const found = lines.length > 1 ? lines.slice(1).join(" ") : lines[0] ?? "";
    out.push(`| ${v.level} | ${code(v.policy)} | ${resource} | ${found.replace(/\|/g, "\\|")} |`);
  }
  return [...out, ""];
}

function errorSection(model: PreviewModel, failed: boolean): string[] {
  const errors = model.diagnostics.filter((d) => d.severity === "error" || d.severity === "warning");
  // What a language host or the program wrote to stderr, one diagnostic a line (the YAML host's error, its file and line).
  const stderr = model.diagnostics.filter((d) => d.severity.endsWith("#err")).map((d) => plain(d.message).trimEnd().replace(/```/g, "'".repeat(3)));
  if (errors.length === 0 && stderr.length === 0) return [];
  const out = ["### Errors and warnings", ""];
  for (const d of errors) {
    const where = d.urn ? `${code(nameOfUrn(d.urn))}: ` : "";
    out.push(`- **${d.severity}** ${where}${plain(d.message).replace(/^error: |^warning: /, "").replace(/\s*\n\s*/g, " ")}`);
  }
  if (stderr.length > 0) {
    if (errors.length > 0) out.push("");
    out.push(failed ? "Printed on stderr by the program or its language host:" : "Printed on stderr by the program (the preview succeeded):", "", "```text", ...stderr, "```");
  }
  return [...out, ""];
}

/** The pull-request comment for one preview (and the reach estimates asked for it, pr-summary.ts). */
export function renderPrSummary(model: PreviewModel, reach?: ReachReport, options: { previewExitCode?: number } = {}): string {
  const title = model.stack ? `### Pulumi preview of stack ${code(model.stack)} (project ${code(model.project ?? "?")})` : "### Pulumi preview";
  const shown = changes(model);
  // A failed preview says so first, with its first error; warnings of a good one go last.
  const failure = previewFailure(model, options.previewExitCode);
  const failed = failure !== undefined;
  const problems = errorSection(model, failed);
  // A preview of which nothing was read has no counts to show.
  const counted = model.steps.length > 0 || Object.keys(model.changeSummary).length > 0;
  const out = [
    SUMMARY_MARKER, title, "",
    ...(failed ? [`**The preview failed**: ${failure.replace(/</g, "&lt;")}`, "", "Nothing here can be applied until the preview passes; what follows may be incomplete.", ""] : []),
    ...(counted ? [countsLine(model), ""] : []),
    ...(failed ? problems : []),
    ...warnings(model),
    ...revertCautions(model),
    ...budgetSection(model),
    ...reachSection(reach),
    ...(shown.length > 0 ? ["### Changes", "", ...shown.flatMap((s) => resourceSection(model, s))] : []),
    ...policySection(model, failed),
    ...(failed ? [] : problems),
  ];
  return out.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}
