/**
 * Reads what `pulumi preview --json` prints into one model, from either of
 * its two shapes:
 * - the digest (the default): one JSON document with `steps`,
 *   `changeSummary` and `diagnostics`. CLI 3.259 leaves policy results out
 *   of it (pkg/backend/display/json.go: "we don't handle policy events in
 *   JSON serialization");
 * - the engine's event stream, one JSON object per line: what
 *   `PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json`
 *   prints and what `--event-log` writes. It carries policy violations.
 * Pure: text in, model out; a CliError names what is wrong with the input.
 * A preview that did not finish (an empty input, a JSON cut in the middle, a
 * stream without its summary event) is no input error: it is a preview that
 * failed (`incomplete`, or IncompletePreviewError where nothing can be read),
 * and `xads pr-summary` says so and exits 1 (docs/gitops.md, "xads pr-summary").
 */
import { CliError } from "./errors";
import { kindOf, nameOf, Props, stackOf } from "./properties";

export interface PreviewStep {
  /** create, update, replace, delete, same, read, import, ... */
  op: string;
  urn: string;
  type: string;
  /** The xads kind (Campaign, LineItem, ...) or undefined for other resources. */
  kind?: string;
  name: string;
  id?: string;
  oldInputs?: Props;
  oldOutputs?: Props;
  newInputs?: Props;
  newOutputs?: Props;
  /** The create-only fields that force a replacement. */
  replaceReasons: string[];
  /** Pulumi's `protect` in the state: the engine refuses to delete the resource. */
  protect?: boolean;
  /** Property -> URNs it depends on (the digest only). */
  propertyDependencies?: Record<string, string[]>;
  /** Where the preview refreshed first: the state's inputs before that refresh (what the last up declared). */
  inputsBeforeRefresh?: Props;
  /** The fields the update writes whose live value, read by the summary, is not the preview's old one (cli/live-values.ts). */
  movedAfterPreview?: MovedAfterPreview[];
  /** The summary found the entity gone from the platform (cli/live-values.ts). */
  goneAfterPreview?: boolean;
}

/** A field whose live value is not the one the preview showed as before. */
export interface MovedAfterPreview {
  field: string;
  previewed: unknown;
  live: unknown;
}

export interface PolicyViolation {
  policyPack: string;
  policy: string;
  level: string;
  urn?: string;
  message: string;
}

export interface Diagnostic {
  severity: string;
  message: string;
  urn?: string;
}

export interface PreviewModel {
  source: "digest" | "events";
  /**
   * What the stream's summary event says of the preview (`succeeded`,
   * `failed`): the one record of the outcome in the JSON. The digest has
   * none (CLI 3.259: pkg/backend/display/json.go writes steps, diagnostics
   * and the counts whatever the outcome), nor an exit code.
   */
  result?: string;
  /** Why the input ends before the preview did (a stream cut off): what it holds is shown, and the preview failed. */
  incomplete?: string;
  stack?: string;
  project?: string;
  steps: PreviewStep[];
  changeSummary: Record<string, number>;
  diagnostics: Diagnostic[];
  policyViolations: PolicyViolation[];
  /** Whether policy packs ran (known from the event stream only). */
  policyPacks: string[];
  /** The stack's config the preview ran with, secrets as `[secret]` (the digest's `config`, the stream's prelude). */
  config?: Record<string, string>;
}

type Json = Record<string, any>;

/**
 * A preview with nothing to show: empty, or one JSON document cut in the
 * middle (`pulumi preview --json` killed, or failed before it printed).
 * Exit code 1, as every failed preview; the summary still says so.
 */
export class IncompletePreviewError extends CliError {
  constructor(message: string) {
    super(message, 1);
    this.name = "IncompletePreviewError";
  }
}

/**
 * Whether JSON text ends inside a string, an object or an array: a document
 * cut in the middle, as opposed to text that is no JSON at all.
 */
function cutOff(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  return inString || depth > 0;
}

const EVENT_KEYS = ["resourcePreEvent", "resOutputsEvent", "summaryEvent", "preludeEvent", "diagnosticEvent", "policyEvent", "cancelEvent"];

/** Parses the text of `pulumi preview --json` (either shape). */
export function parsePreview(text: string): PreviewModel {
  const trimmed = text.trim();
  if (trimmed === "") {
    throw new IncompletePreviewError("the preview is empty: `pulumi preview --json` printed nothing (it failed before its JSON, or its output was not saved)");
  }
  let whole: unknown;
  try {
    whole = JSON.parse(trimmed);
  } catch (err) {
    const events = parseEventLines(trimmed);
    if (events) return fromEvents(events.events, events.cut);
    if (trimmed.startsWith("{") && cutOff(trimmed)) {
      throw new IncompletePreviewError(`the preview ends in the middle of its JSON (${(err as Error).message}): \`pulumi preview --json\` was cut off before it finished`);
    }
    throw new CliError(`the preview is not valid JSON (${(err as Error).message}): pass the output of \`pulumi preview --json\``);
  }
  if (isObject(whole) && Array.isArray(whole.steps)) return fromDigest(whole);
  if (isObject(whole) && EVENT_KEYS.some((k) => k in whole)) return fromEvents([whole], false);
  throw new CliError("the JSON is not a Pulumi preview: it has no `steps` (pass the output of `pulumi preview --json`)");
}

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * The events of a stream, one JSON object a line; `cut` when its last line
 * is an event cut in the middle (the stream was cut off).
 */
function parseEventLines(text: string): { events: Json[]; cut: boolean } | undefined {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const events: Json[] = [];
  let cut = false;
  for (const [i, line] of lines.entries()) {
    try {
      const e = JSON.parse(line);
      if (!isObject(e)) return undefined;
      events.push(e);
    } catch {
      if (i > 0 && i === lines.length - 1 && line.startsWith("{") && cutOff(line)) cut = true;
      else return undefined;
    }
  }
  return events.some((e) => EVENT_KEYS.some((k) => k in e)) ? { events, cut } : undefined;
}

/** The engine shows a replacement as three steps; the summary wants one. */
const FOLDED_OPS = new Set(["create-replacement", "delete-replaced"]);

function step(op: string, urn: string, type: string | undefined, old: Json | undefined, neu: Json | undefined, reasons: unknown): PreviewStep {
  const t = type ?? neu?.type ?? old?.type ?? "";
  return {
    op, urn, type: t,
    kind: kindOf(t, neu?.inputs ?? old?.inputs),
    name: nameOf(urn),
    id: (old?.id || neu?.id || undefined) as string | undefined,
    oldInputs: old?.inputs, oldOutputs: old?.outputs,
    newInputs: neu?.inputs, newOutputs: neu?.outputs,
    replaceReasons: Array.isArray(reasons) ? reasons.map(String) : [],
    protect: old?.protect === true || undefined,
    propertyDependencies: neu?.propertyDependencies ?? old?.propertyDependencies,
  };
}

/** Keeps one step per resource: a replace wins over its create/delete halves. */
function foldSteps(steps: PreviewStep[]): PreviewStep[] {
  const byUrn = new Map<string, PreviewStep>();
  const refreshed = new Map<string, Props | undefined>();
  for (const step of steps) {
    // A preview that refreshes first (--refresh, Pulumi.yaml options.refresh) reads each resource before its step:
    // the read is no change of the up's, and its values are the next step's old state.
    if (step.op === "refresh") {
      refreshed.set(step.urn, step.oldInputs);
      continue;
    }
    const s = refreshed.has(step.urn) ? { ...step, inputsBeforeRefresh: refreshed.get(step.urn) } : step;
    const prev = byUrn.get(s.urn);
    if (!prev) {
      byUrn.set(s.urn, FOLDED_OPS.has(s.op) ? { ...s, op: "replace" } : s);
      continue;
    }
    if (s.op === "replace" || (FOLDED_OPS.has(prev.op) && !FOLDED_OPS.has(s.op))) {
      byUrn.set(s.urn, { ...s, replaceReasons: s.replaceReasons.length ? s.replaceReasons : prev.replaceReasons });
    }
  }
  return [...byUrn.values()];
}

/** Config values as the preview prints them: strings only. */
function configOf(v: unknown): Record<string, string> | undefined {
  return isObject(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === "string")) as Record<string, string> : undefined;
}

function withStack(model: Omit<PreviewModel, "stack" | "project">): PreviewModel {
  const where = model.steps.map((s) => stackOf(s.urn)).find(Boolean);
  return { ...model, ...where };
}

function fromDigest(d: Json): PreviewModel {
  const steps = (d.steps as Json[]).map((s) => {
    if (!isObject(s) || typeof s.op !== "string" || typeof s.urn !== "string") {
      throw new CliError("the preview's steps are malformed: each needs `op` and `urn` (pass the output of `pulumi preview --json`)");
    }
    return step(s.op, s.urn, undefined, s.oldState, s.newState, s.replaceReasons);
  });
  const diagnostics = (Array.isArray(d.diagnostics) ? d.diagnostics : []).filter(isObject)
    .map((x: Json) => ({ severity: String(x.severity ?? "info"), message: String(x.message ?? "").replace(/^\s*\n/, "").trimEnd(), urn: x.urn || undefined }));
  return withStack({
    source: "digest",
    steps: foldSteps(steps),
    changeSummary: isObject(d.changeSummary) ? d.changeSummary : {},
    diagnostics,
    policyViolations: [],
    policyPacks: [],
    ...(configOf(d.config) ? { config: configOf(d.config) } : {}),
  });
}

function fromEvents(events: Json[], cut: boolean): PreviewModel {
  const steps: PreviewStep[] = [];
  const diagnostics: Diagnostic[] = [];
  const policyViolations: PolicyViolation[] = [];
  let changeSummary: Record<string, number> = {};
  let policyPacks: string[] = [];
  let config: Record<string, string> | undefined;
  let result: string | undefined;
  let summarized = false;
  for (const e of events) {
    if (isObject(e.preludeEvent)) config = configOf(e.preludeEvent.config);
    if (isObject(e.resourcePreEvent)) {
      const m = e.resourcePreEvent.metadata ?? {};
      if (typeof m.op === "string" && typeof m.urn === "string") steps.push(step(m.op, m.urn, m.type, m.old ?? undefined, m.new ?? undefined, m.keys));
    } else if (isObject(e.diagnosticEvent)) {
      const x = e.diagnosticEvent;
      if (!x.ephemeral) diagnostics.push({ severity: String(x.severity ?? "info"), message: String(x.message ?? "").replace(/^\s*\n/, "").trimEnd(), urn: x.urn || undefined });
    } else if (isObject(e.policyEvent)) {
      const p = e.policyEvent;
      policyViolations.push({
        policyPack: String(p.policyPackName ?? ""), policy: String(p.policyName ?? ""),
        level: String(p.enforcementLevel ?? "advisory"), urn: p.resourceUrn || undefined,
        message: String(p.message ?? "").trim(),
      });
    } else if (isObject(e.summaryEvent)) {
      summarized = true;
      changeSummary = e.summaryEvent.resourceChanges ?? {};
      if (typeof e.summaryEvent.result === "string") result = e.summaryEvent.result;
      policyPacks = Object.keys(e.summaryEvent.PolicyPacks ?? {}).map((k) => k.split("|")[0]!);
    }
  }
  // The engine ends every preview's stream with its summary event (then a
  // cancel event), failed or not: a stream without it did not finish.
  const incomplete = cut
    ? "the event stream ends in the middle of an event: `pulumi preview --json` was cut off before it finished"
    : summarized ? undefined : "the event stream ends before its summary event: `pulumi preview --json` was cut off before it finished";
  return withStack({
    source: "events", steps: foldSteps(steps), changeSummary, diagnostics, policyViolations, policyPacks,
    ...(config ? { config } : {}), ...(result ? { result } : {}), ...(incomplete ? { incomplete } : {}),
  });
}
