/**
 * `xads drift --all-stacks`: the drift of every stack of the project (one
 * stack per ads account) in one report, a summary table first, with one
 * exit code for the whole. The check of one stack is cli/drift.ts's
 * `driftOfStack`, passed in; combining, the exit code and rendering are
 * pure functions of the per-stack outcomes.
 */
import type * as automation from "@pulumi/pulumi/automation";
import { pulumiErrorLine } from "./auth/stack-config";
import { DriftReport, renderDriftJson, renderDriftMarkdown, renderDriftText } from "./drift-report";
import { CliError } from "./errors";

/** One stack's outcome: its report, or why it could not be checked. */
export interface StackDrift {
  stack: string;
  status: "drift" | "no drift" | "not checked";
  /** Resources changed and deleted outside Pulumi, live entities in no state (0 when not checked). */
  changed: number;
  deleted: number;
  inNoState: number;
  report?: DriftReport;
  /** Why it could not be checked (the refresh failed, no credentials...). */
  error?: string;
}

export interface AllStacksReport {
  project?: string;
  /** Some stack drifted. */
  drift: boolean;
  /** The stacks that could not be checked. */
  notChecked: string[];
  stacks: StackDrift[];
}

/** A stack's row of the summary, from its report or the error that stopped its check. */
export function stackDrift(stack: string, outcome: { report: DriftReport } | { error: string }): StackDrift {
  if ("error" in outcome) return { stack, status: "not checked", changed: 0, deleted: 0, inNoState: 0, error: outcome.error };
  const r = outcome.report;
  return {
    stack, status: r.drift ? "drift" : "no drift",
    changed: r.changed.length, deleted: r.deleted.length, inNoState: r.untracked.filter((u) => !u.heldBy).length, report: r,
  };
}

export function combineDriftReports(stacks: StackDrift[]): AllStacksReport {
  const project = stacks.find((s) => s.report?.project)?.report?.project;
  return {
    ...(project ? { project } : {}),
    drift: stacks.some((s) => s.status === "drift"),
    notChecked: stacks.filter((s) => s.status === "not checked").map((s) => s.stack),
    stacks,
  };
}

/**
 * 2 when a stack could not be checked (the report is incomplete, whatever
 * the others show), else 1 when any stack drifted, else 0.
 */
export function allStacksExitCode(r: AllStacksReport): 0 | 1 | 2 {
  if (r.notChecked.length > 0) return 2;
  return r.drift ? 1 : 0;
}

function code(s: string): string {
  return "`" + s.replace(/`/g, "'").replace(/\|/g, "\\|") + "`";
}

/** "1 of 3 stacks drifted; 1 could not be checked". */
function tally(r: AllStacksReport): { drifted: number; of: string; failed: string } {
  const drifted = r.stacks.filter((s) => s.status === "drift").length;
  const n = r.stacks.length;
  return {
    drifted, of: `of ${n} stack${n === 1 ? "" : "s"}`,
    failed: r.notChecked.length === 0 ? "" : `; ${r.notChecked.length} could not be checked`,
  };
}

export function renderAllStacksMarkdown(r: AllStacksReport): string {
  const t = tally(r);
  const project = r.project ? ` (project ${code(r.project)})` : "";
  const out = [
    `## Drift report of ${r.stacks.length} stack${r.stacks.length === 1 ? "" : "s"}${project}`, "",
    `**${t.drifted}** ${t.of} drifted${r.notChecked.length === 0 ? "" : `; **${r.notChecked.length}** could not be checked (its section says why)`}.`, "",
    "| stack | drift | changed | deleted | in no state |", "|---|---|---|---|---|",
  ];
  for (const s of r.stacks) {
    out.push(s.status === "not checked"
      ? `| ${code(s.stack)} | **not checked** | | | |`
      : `| ${code(s.stack)} | ${s.status === "drift" ? "**yes**" : "no"} | ${s.changed} | ${s.deleted} | ${s.inNoState} |`);
  }
  out.push("");
  for (const s of r.stacks) {
    if (s.report) out.push(renderDriftMarkdown(s.report).trimEnd(), "");
    else out.push(`### Stack ${code(s.stack)}: not checked`, "", `xads drift could not check it: ${s.error}`, "");
  }
  return out.join("\n");
}

export function renderAllStacksText(r: AllStacksReport): string {
  const t = tally(r);
  const project = r.project ? ` of project ${r.project}` : "";
  const n = r.stacks.length;
  const out = [`${t.drifted === 0 ? `no drift in ${n === 1 ? "the stack" : `the ${n} stacks`}` : `drift in ${t.drifted} ${t.of}`}${project}${t.failed}`];
  for (const s of r.stacks) {
    if (s.status === "not checked") out.push(`${s.stack}: not checked: ${s.error}`);
    else out.push(`${s.stack}: ${s.status}${s.status === "drift" ? ` (${s.changed} changed, ${s.deleted} deleted, ${s.inNoState} in no state)` : ""}`);
  }
  // Each checked stack's own report below the summary.
  for (const s of r.stacks) if (s.report) out.push("", renderDriftText(s.report).trimEnd());
  return out.join("\n") + "\n";
}

export function renderAllStacksJson(r: AllStacksReport): string {
  // Each stack's report in the form `xads drift --format json` gives it.
  const stacks = r.stacks.map((s) => (s.report ? { ...s, report: JSON.parse(renderDriftJson(s.report)) } : s));
  return JSON.stringify({ ...r, stacks }, null, 2) + "\n";
}

export const ALL_STACKS_RENDER: Record<"markdown" | "text" | "json", (r: AllStacksReport) => string> = {
  markdown: renderAllStacksMarkdown,
  text: renderAllStacksText,
  json: renderAllStacksJson,
};

/** The names of the project's stacks (`pulumi stack ls` of `cwd`), sorted. */
export async function projectStackNames(cwd: string): Promise<string[]> {
  const { LocalWorkspace } = require("@pulumi/pulumi/automation") as typeof automation;
  let names: string[];
  try {
    names = (await (await LocalWorkspace.create({ workDir: cwd })).listStacks()).map((s) => s.name);
  } catch (err) {
    throw new CliError(`listing the stacks of the project in ${cwd} failed: ${pulumiErrorLine(err)}`);
  }
  if (names.length === 0) throw new CliError(`the project in ${cwd} has no stacks: make one per ads account (pulumi stack init <name>)`);
  return names.sort((a, b) => a.localeCompare(b));
}

/**
 * Checks each stack in turn with `check` (each runs the program and the
 * pulumi CLI); a stack whose check fails is reported as not checked and
 * the others still are.
 */
export async function driftOfAllStacks(
  names: string[], check: (stack: string) => Promise<DriftReport>, progress: (line: string) => void,
): Promise<AllStacksReport> {
  const stacks: StackDrift[] = [];
  for (const [i, name] of names.entries()) {
    progress(`xads drift: stack ${name} (${i + 1} of ${names.length})`);
    try {
      stacks.push(stackDrift(name, { report: await check(name) }));
    } catch (err) {
      stacks.push(stackDrift(name, { error: err instanceof Error ? err.message : String(err) }));
    }
  }
  return combineDriftReports(stacks);
}
