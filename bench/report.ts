/**
 * What `make bench` measured, and its tables (markdown): pure functions of
 * the raw numbers, which go to .work/bench/ as JSON.
 */

/**
 * The operations in the tables' order. `budget`: the same program with a new
 * daily budget on every campaign (config bench:budget), then `up`. `import`
 * and `adopt` (xads only): `xads import` of an account the emulator was
 * seeded with, then the `up` of the program it wrote, which adopts.
 */
export const OPERATIONS = ["preview", "up", "budget", "refresh", "destroy", "import", "adopt"] as const;
export type Operation = (typeof OPERATIONS)[number];
/**
 * How the engine ran: with its checkpoints (the state rewritten twice per
 * step, the default), or fast (PULUMI_SKIP_CHECKPOINTS=true and the
 * `--parallel` of `xads up --fast`, the floor run the same way).
 */
export const MODES = ["fast", "checkpointed"] as const;
export type Mode = (typeof MODES)[number];
/** The no-op dynamic provider (the engine's floor), pulumi-xads's dynamic provider, and its provider plugin (a YAML program). */
export const PROVIDERS = ["noop", "xads", "plugin"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** One pulumi command of one provider's stack at one N. */
export interface Measurement {
  provider: ProviderName;
  n: number;
  op: Operation;
  /** Absent in numbers from before fast mode was measured: checkpointed. */
  mode?: Mode;
  /** The `--parallel` the command ran with (absent: the engine's default). */
  parallel?: number;
  exitCode: number;
  seconds: number;
  /** Requests the emulator received during the command, by `METHOD endpoint` (see endpointOf). */
  calls: Record<string, number>;
  status429: number;
  /** The stack's state file after the command, and the resources it holds (the stack and providers included). */
  stateBytes: number;
  stateResources: number;
  /** What a managed resource's state holds, by part (statePartsOf), in compact JSON bytes per resource. */
  stateParts?: StateParts;
  /** Peak resident set (VmHWM) of the program's node process and of the provider's (dynamic, or the plugin), in bytes. */
  programPeakBytes?: number;
  providerPeakBytes?: number;
}

/** A managed resource's state by part, bytes per resource (compact JSON; the file is indented, so it holds more). */
export interface StateParts {
  /** Its inputs and outputs, the serialized provider apart. */
  values: number;
  /** The dynamic provider serialized beside them (`__provider` in the inputs and outputs). */
  provider: number;
  /** Where the program registered it: `sourcePosition` and `stackTrace`, which the language host sends. */
  sourcePositions: number;
  /** The rest: URN, type, id, parent, dependencies, provider reference, timestamps. */
  other: number;
}

const SERIALIZED_PROVIDER = "__provider";
const jsonBytes = (v: unknown) => (v === undefined ? 0 : Buffer.byteLength(JSON.stringify(v)));

/**
 * The state of a stack's managed resources by part, averaged per resource
 * (the stack and provider resources left out): what the state of a
 * resource costs, and how much of it is the serialized provider.
 */
export function statePartsOf(resources: readonly Record<string, unknown>[]): StateParts | undefined {
  const managed = resources.filter((r) => typeof r.type === "string" && !r.type.startsWith("pulumi:"));
  if (managed.length === 0) return undefined;
  const sum: StateParts = { values: 0, provider: 0, sourcePositions: 0, other: 0 };
  for (const r of managed) {
    const bags = [r.inputs, r.outputs] as (Record<string, unknown> | undefined)[];
    const provider = bags.reduce((a, b) => a + (b?.[SERIALIZED_PROVIDER] === undefined ? 0 : jsonBytes(b[SERIALIZED_PROVIDER])), 0);
    const values = jsonBytes(r.inputs) + jsonBytes(r.outputs) - provider;
    const sourcePositions = jsonBytes(r.sourcePosition) + jsonBytes(r.stackTrace);
    sum.values += values;
    sum.provider += provider;
    sum.sourcePositions += sourcePositions;
    sum.other += jsonBytes(r) - values - provider - sourcePositions;
  }
  const per = (v: number) => Math.round(v / managed.length);
  return { values: per(sum.values), provider: per(sum.provider), sourcePositions: per(sum.sourcePositions), other: per(sum.other) };
}

/**
 * A request's endpoint without its ids: the API version and the account
 * dropped, every id in the path `:id` (paths alternate collection and id),
 * e.g. `/12/batch/accounts/abc/campaigns` -> `batch/campaigns`,
 * `/12/accounts/abc/line_items/x1` -> `line_items/:id`.
 */
export function endpointOf(path: string): string {
  const segs = path.split("/").filter(Boolean).slice(1);
  const batch = segs[0] === "batch" ? segs.shift() : undefined;
  if (segs[0] === "accounts" && segs.length > 2) segs.splice(0, 2);
  else if (segs[0] === "accounts" && segs.length === 2) segs[1] = ":id";
  const rest = segs.map((s, i) => (i % 2 === 1 ? ":id" : s));
  return [batch, ...rest].filter((s) => s !== undefined).join("/");
}

/** Requests counted by `METHOD endpoint`. */
export function countCalls(requests: readonly { method: string; path: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of requests) {
    const key = `${r.method} ${endpointOf(r.path)}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

const total = (calls: Record<string, number>) => Object.values(calls).reduce((a, b) => a + b, 0);
// refresh and destroy do not run the program (and a YAML program runs in no node process): no program memory.
const mb = (bytes: number | undefined) => (bytes === undefined ? "-" : (bytes / 2 ** 20).toFixed(0));
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? "-" : (a / b).toFixed(2));
const kb = (bytes: number) => (bytes / 1024).toFixed(0);
/** State bytes per resource it holds ("-" for an empty stack). */
const perResource = (m: Measurement) => (m.stateResources > 2 ? (m.stateBytes / m.stateResources).toFixed(0) : "-");
const seconds = (m: Measurement | undefined) => (m ? `${m.seconds.toFixed(1)}${m.exitCode === 0 ? "" : ` (exit ${m.exitCode})`}` : "-");

/** How the tables name a provider. */
const LABEL: Record<ProviderName, string> = { noop: "no-op", xads: "xads", plugin: "plugin" };
/** The measured providers in PROVIDERS' order: the no-op floor first. */
const providersOf = (ms: readonly Measurement[]) => PROVIDERS.filter((p) => ms.some((m) => m.provider === p));
/** One value per provider, `a / b / c` ("-" where one was not measured). */
const each = <T>(ms: readonly (Measurement | undefined)[], f: (m: Measurement) => T) => ms.map((m) => (m ? f(m) : "-")).join(" / ");

function callsText(calls: Record<string, number>): string {
  const entries = Object.entries(calls).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.length === 0 ? "0" : `${total(calls)}: ${entries.map(([k, v]) => `${k} ${v}`).join(", ")}`;
}

const find = (ms: readonly Measurement[], provider: ProviderName, n: number, op: Operation) =>
  ms.find((m) => m.provider === provider && m.n === n && m.op === op);

/**
 * One row per N and operation, the providers side by side: seconds, the
 * ratio of each to the no-op floor, the API calls of each that calls the
 * API, and state and memory as `no-op / xads / ...`.
 */
export function resultsTable(ms: readonly Measurement[]): string {
  const providers = providersOf(ms);
  const real = providers.filter((p) => p !== "noop");
  const names = providers.map((p) => LABEL[p]).join(" / ");
  const header = [
    "N", "operation", ...providers.map((p) => `${LABEL[p]} s`), ...real.map((p) => `${LABEL[p]} / no-op`),
    ...real.map((p) => `${LABEL[p]} API calls (method endpoint)`), real.length > 1 ? `429s (${real.map((p) => LABEL[p]).join(" / ")})` : "429s",
    `state KB (${names})`, `state bytes per resource (${names})`, `program peak MB (${names})`,
  ];
  const lines = [
    `| ${header.join(" | ")} |`,
    `|${header.map((h, i) => (i === 1 || h.includes("API calls") ? "---" : "---:")).join("|")}|`,
  ];
  for (const n of [...new Set(ms.map((m) => m.n))].sort((a, b) => a - b)) {
    for (const op of OPERATIONS) {
      const row = providers.map((p) => find(ms, p, n, op));
      if (row.every((m) => !m)) continue;
      const of = (p: ProviderName) => row[providers.indexOf(p)];
      const noop = find(ms, "noop", n, op);
      lines.push(`| ${[
        n, op, ...row.map(seconds), ...real.map((p) => ratio(of(p)?.seconds, noop?.seconds)),
        ...real.map((p) => (of(p) ? callsText(of(p)!.calls) : "-")), each(real.map(of), (m) => m.status429),
        each(row, (m) => kb(m.stateBytes)), each(row, perResource), each(row, (m) => mb(m.programPeakBytes)),
      ].join(" | ")} |`);
    }
  }
  return lines.join("\n");
}

/**
 * What a managed resource's state holds after the largest N's up, by part,
 * one column per provider: the serialized provider beside the values and
 * the language host's source positions.
 */
export function statePartsTable(ms: readonly Measurement[]): string {
  const n = Math.max(...ms.map((m) => m.n));
  const ups = providersOf(ms).map((p) => [p, find(ms, p, n, "up")?.stateParts] as const).filter((e): e is readonly [ProviderName, StateParts] => e[1] !== undefined);
  if (ups.length === 0) return "";
  const rows: [string, keyof StateParts][] = [
    ["inputs and outputs", "values"], ["serialized provider", "provider"], ["source positions (the language host's)", "sourcePositions"], ["URN, type, ids, references, times", "other"],
  ];
  const total = (p: StateParts) => p.values + p.provider + p.sourcePositions + p.other;
  return [
    `State of a managed resource after up at N = ${n}, by part (bytes of compact JSON per resource):`,
    "",
    `| part | ${ups.map(([p]) => LABEL[p]).join(" | ")} |`,
    `|---|${ups.map(() => "---:").join("|")}|`,
    ...rows.map(([label, key]) => `| ${label} | ${ups.map(([, parts]) => parts[key]).join(" | ")} |`),
    `| total | ${ups.map(([, parts]) => total(parts)).join(" | ")} |`,
  ].join("\n");
}

/** How each measure grows from the smallest N to the largest (the factor; N itself grows by their ratio). */
export function growthTable(ms: readonly Measurement[]): string {
  const ns = [...new Set(ms.map((m) => m.n))].sort((a, b) => a - b);
  if (ns.length < 2) return "";
  const [lo, hi] = [ns[0]!, ns[ns.length - 1]!];
  const providers = providersOf(ms);
  const real = providers.filter((p) => p !== "noop");
  const lines = [
    `Growth from N = ${lo} to N = ${hi} (N x${(hi / lo).toFixed(0)}), ${providers.map((p) => LABEL[p]).join(" / ")}:`,
    "",
    `| operation | seconds | API calls (${real.map((p) => LABEL[p]).join(" / ")}) | state bytes | program peak memory |`,
    "|---|---:|---:|---:|---:|",
  ];
  const grows = (provider: ProviderName, op: Operation, f: (m: Measurement) => number | undefined) => {
    const [a, b] = [find(ms, provider, lo, op), find(ms, provider, hi, op)];
    const r = ratio(b && f(b), a && f(a));
    return r === "-" ? r : `x${r}`;
  };
  const all = (ps: readonly ProviderName[], op: Operation, f: (m: Measurement) => number | undefined) => ps.map((p) => grows(p, op, f)).join(" / ");
  for (const op of OPERATIONS) {
    if (!ms.some((m) => m.op === op && m.n === lo) || !ms.some((m) => m.op === op && m.n === hi)) continue;
    lines.push(`| ${op} | ${all(providers, op, (m) => m.seconds)} | ${all(real, op, (m) => total(m.calls))} | ${all(providers, op, (m) => m.stateBytes)} | ${all(providers, op, (m) => m.programPeakBytes)} |`);
  }
  return lines.join("\n");
}

export const modeOf = (m: Measurement): Mode => m.mode ?? "checkpointed";

/** The requests among `calls` that may change something: every method but GET. */
export function writesOf(calls: Record<string, number>): number {
  return Object.entries(calls).filter(([k]) => !k.startsWith("GET ")).reduce((a, [, v]) => a + v, 0);
}

/** The batch endpoints' items a call (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns: at most 40). */
const BATCH_ITEMS = 40;

/**
 * How fast mode scales (docs/performance.md), from the two largest N measured in it:
 * `up`'s growth between them (linear: at most their ratio x 1.25), its ratio
 * to the no-op floor run the same way, and the writes of the budget change
 * on every campaign against ⌈N/40⌉ (the batch endpoints' 40 items a call).
 * Empty when fast mode ran at fewer than one N.
 */
export function fastModeSummary(ms: readonly Measurement[]): string {
  const fast = ms.filter((m) => modeOf(m) === "fast");
  const ns = [...new Set(fast.map((m) => m.n))].sort((a, b) => a - b);
  if (ns.length === 0) return "";
  const hi = ns[ns.length - 1]!;
  const lo = ns.length > 1 ? ns[ns.length - 2]! : undefined;
  const real = providersOf(fast).filter((p) => p !== "noop");
  const floor = find(fast, "noop", hi, "up");
  const grows = (p: ProviderName) => {
    const [a, b] = [lo === undefined ? undefined : find(fast, p, lo, "up"), find(fast, p, hi, "up")];
    return a && b ? `x${(b.seconds / a.seconds).toFixed(2)}` : "-";
  };
  const budget = (p: ProviderName) => {
    const m = find(fast, p, hi, "budget");
    return m ? String(writesOf(m.calls)) : "-";
  };
  const header = ["provider", ...(lo === undefined ? [] : [`up s at N = ${lo}`]), `up s at N = ${hi}`, ...(lo === undefined ? [] : [`up growth (N x${(hi / lo).toFixed(1)})`]),
    `up / no-op at N = ${hi}`, `budget change writes at N = ${hi} (⌈N/${BATCH_ITEMS}⌉ = ${Math.ceil(hi / BATCH_ITEMS)} a collection)`];
  const rows = providersOf(fast).map((p) => [
    LABEL[p], ...(lo === undefined ? [] : [seconds(find(fast, p, lo, "up"))]), seconds(find(fast, p, hi, "up")), ...(lo === undefined ? [] : [grows(p)]),
    p === "noop" ? "1.00" : ratio(find(fast, p, hi, "up")?.seconds, floor?.seconds), p === "noop" ? "-" : budget(p),
  ]);
  return [
    `Fast mode at scale (${real.map((p) => LABEL[p]).join(", ")} against the no-op floor, each without checkpoints at the same --parallel):`,
    "",
    `| ${header.join(" | ")} |`,
    `|---|${header.slice(1).map(() => "---:").join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

/** How a mode's tables are titled. */
const MODE_TITLE: Record<Mode, string> = {
  fast: "Fast mode: PULUMI_SKIP_CHECKPOINTS=true and the --parallel of xads up --fast, for every provider (the floor run the same way)",
  checkpointed: "Checkpointed: the engine's default, its state rewritten twice per step",
};

/**
 * The whole report: for each mode measured, its results and its growth
 * from the smallest N to the largest; then fast mode's summary and the
 * state by part.
 */
export function report(ms: readonly Measurement[]): string {
  const sections: string[] = [];
  for (const mode of MODES) {
    const of = ms.filter((m) => modeOf(m) === mode);
    if (of.length === 0) continue;
    const parallel = [...new Set(of.map((m) => m.parallel))].map((p) => p ?? "default").join(", ");
    sections.push(`### ${MODE_TITLE[mode]} (--parallel ${parallel})`, resultsTable(of));
    const growth = growthTable(of);
    if (growth) sections.push(growth);
  }
  const summary = fastModeSummary(ms);
  if (summary) sections.push(summary);
  const parts = statePartsTable(ms.filter((m) => m.op === "up"));
  if (parts) sections.push(parts);
  return sections.join("\n\n");
}
