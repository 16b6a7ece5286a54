/**
 * `make bench`: the real pulumi CLI (local file backend) runs one program
 * shape, a funding instrument and N campaigns each with a line item
 * (bench/program/index.js), for pulumi-xads (the packed install in
 * .work/consumer, as a user has it), for its provider plugin (the same
 * shape as a YAML program, bench/yaml-program.ts) and for a no-op dynamic
 * provider of the same shape, the engine's own floor. The emulator runs in this process with
 * the platform's published rate limits and a round trip of --latency-ms
 * (150 by default), a fresh one for each N. Each operation runs for every
 * provider back to back: `up` (create all), `preview` (no change),
 * `refresh --preview-only`, `destroy`.
 *
 * Per operation it prints the seconds of each and its ratio to the floor, the API
 * calls by method and endpoint and the 429s (from the emulator's request
 * log, not the provider's output), the state file's size and bytes per
 * resource, and the program's peak memory (the language host's node
 * process, from /proc); then how each grows from the smallest N to the
 * largest. The raw numbers go to .work/bench/<time>.json, and beside them
 * each command's request log (`receivedAt` against the command's
 * `startedAt`: where a run waited on the API). Numbers, not
 * assertions: the tests assert behaviour (tests/integration/scale.test.ts).
 *
 *   node dist/bench/engine.js [--n 100,500,1000] [--parallel P] [--providers noop,xads,plugin] [--latency-ms 150]
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNT_ID, randomCredentials, RunningEmulator, startEmulator } from "../emulator";
import { AdsClient, Credentials } from "../provider/client";
import type { RequestLogEntry } from "../emulator";
import { watchPeaks } from "./proc";
import { pulumiDir } from "../tools/pulumi-dir";
import { yamlProgram } from "./yaml-program";
import { FAST_PARALLEL } from "../cli/up";
import { countCalls, Measurement, Mode, MODES, Operation, OPERATIONS, ProviderName, PROVIDERS, report, resultsTable, StateParts, statePartsOf } from "./report";
import { seedAccount } from "./seed";

/** The clone's root: where the Makefile is (this file runs from bench/ with ts-node or jest, from dist/bench/ built). */
function rootOf(dir: string): string {
  for (let at = dir; at !== dirname(at); at = dirname(at)) if (existsSync(join(at, "Makefile"))) return at;
  throw new Error(`no Makefile above ${dir}`);
}

const ROOT = rootOf(__dirname);
const WORK = join(ROOT, ".work");
const CONSUMER = join(WORK, "consumer");

/** The operations run on each stack, in this order (import and adopt are the onboarding's, runOnboarding). */
export const STACK_OPERATIONS = ["up", "preview", "budget", "refresh", "destroy"] as const satisfies readonly Operation[];
export type StackOperation = (typeof STACK_OPERATIONS)[number];

export interface BenchOptions {
  ns: number[];
  providers: ProviderName[];
  /** Which of STACK_OPERATIONS to run (undefined: all), always in that order. */
  ops?: StackOperation[];
  /** The modes to run (undefined: both): fast at every N, checkpointed at N up to checkpointedMax. */
  modes?: Mode[];
  /** Checkpointed runs only at N up to this (undefined: the smallest N only): they grow with the square of N. */
  checkpointedMax?: number;
  /** Onboarding (`xads import` of an account seeded with N campaigns and N line items, then the adopting `up` in fast mode) at this N (undefined: none). */
  onboardN?: number;
  /** `--parallel` of every command (undefined: the engine's default, GOMAXPROCS x 4, checkpointed; xads up --fast's in fast mode). */
  parallel?: number;
  latencyMs: number;
  /** Where the raw numbers go (undefined: not written). */
  outDir?: string;
  /** Where each line of the report goes. */
  print: (line: string) => void;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  seconds: number;
  peaks: ReturnType<ReturnType<typeof watchPeaks>["stop"]>;
}

/**
 * The ads account of a provider's stack: the plugin's an account of its
 * own, so that each stack's listings hold only its own entities (in one
 * account the plugin's refresh first listed a page of the dynamic
 * provider's campaigns, which served none of its reads).
 */
const accountOf = (provider: ProviderName) => (provider === "plugin" ? "9p1ug1n5ca" : DEMO_ACCOUNT_ID);

/** One stack of the bench: its folder below the consumer install (so the program resolves the packed package), its own file backend. */
class BenchStack {
  readonly dir: string;
  private readonly backend: string;

  /** `folder`: a folder of its own whose program is written by someone else (the onboarding's, by xads import). */
  constructor(readonly provider: ProviderName, readonly n: number, private readonly pulumi: string, readonly mode: Mode = "checkpointed", folder?: string) {
    this.dir = join(CONSUMER, "bench", folder ?? `${provider}-${n}${mode === "fast" ? "-fast" : ""}`);
    this.backend = join(this.dir, ".state");
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.backend, { recursive: true });
    if (folder) return;
    if (provider === "plugin") {
      writeFileSync(join(this.dir, "Pulumi.yaml"), yamlProgram(n, accountOf(provider), join(CONSUMER, "node_modules", "pulumi-xads", "bin")));
      return;
    }
    writeFileSync(join(this.dir, "Pulumi.yaml"), `name: bench-${provider}\nruntime: nodejs\ndescription: make bench (${provider})\n`);
    cpSync(join(ROOT, "bench", "program", "index.js"), join(this.dir, "index.js"));
  }

  /** The config key of the campaigns' daily budget: the JavaScript program's `bench:budget`, the YAML program's own `budget` (yaml-program.ts). */
  get budgetKey(): string {
    return this.provider === "plugin" ? "budget" : "bench:budget";
  }

  /** Runs `pulumi` (or `command`, the installed xads) in the stack's folder with its backend. */
  run(args: string[], extraEnv: NodeJS.ProcessEnv = {}, command = this.pulumi): Promise<Run> {
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("XADS_"))),
      PATH: `${dirname(this.pulumi)}:${process.env.PATH}`,
      PULUMI_HOME: join(WORK, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${this.backend}`,
      PULUMI_CONFIG_PASSPHRASE: "bench-throwaway-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      NO_COLOR: "1",
      ...(this.mode === "fast" ? { PULUMI_SKIP_CHECKPOINTS: "true" } : {}),
      ...extraEnv,
    };
    return new Promise((done, reject) => {
      const start = process.hrtime.bigint();
      // pulumi's flag; xads passes what follows its `--` to pulumi, and takes no such flag itself.
      const tail = command === this.pulumi || args.includes("--") ? ["--non-interactive"] : [];
      const child = spawn(command, [...args, ...tail], { cwd: this.dir, env, stdio: ["ignore", "pipe", "pipe"] });
      const watch = watchPeaks(child.pid!);
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code) => done({ code: code ?? -1, stdout, stderr, seconds: Number(process.hrtime.bigint() - start) / 1e9, peaks: watch.stop() }));
    });
  }

  async must(args: string[]): Promise<Run> {
    const r = await this.run(args);
    if (r.code !== 0) throw new Error(`${this.provider} N=${this.n}: pulumi ${args.join(" ")} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    return r;
  }

  /** The state file and the resources it holds. */
  state(project = `bench-${this.provider}`): { bytes: number; resources: number; parts?: StateParts } {
    const stacks = join(this.backend, ".pulumi", "stacks", project);
    const file = join(stacks, readdirSync(stacks).find((f) => f.endsWith(".json"))!);
    const deployment = JSON.parse(readFileSync(file, "utf8")) as { checkpoint?: { latest?: { resources?: Record<string, unknown>[] } } };
    const resources = deployment.checkpoint?.latest?.resources ?? [];
    return { bytes: statSync(file).size, resources: resources.length, parts: statePartsOf(resources) };
  }
}

/** The pulumi command of an operation (`--parallel` appended when given); a budget change is an `up`. */
function commandOf(op: StackOperation, parallel: number | undefined): string[] {
  const args: Record<StackOperation, string[]> = {
    up: ["up", "--yes", "--skip-preview"],
    preview: ["preview", "--expect-no-changes"],
    budget: ["up", "--yes", "--skip-preview"],
    refresh: ["refresh", "--preview-only", "--expect-no-changes"],
    destroy: ["destroy", "--yes", "--skip-preview"],
  };
  return [...args[op], ...(parallel === undefined ? [] : ["--parallel", String(parallel)])];
}

/** The campaigns' daily budget the program declares first, and after the budget change. */
const BUDGET = 1_000_000;
const NEW_BUDGET = 2_000_000;

/** The `--parallel` of a mode's commands: the one given, else the engine's default (checkpointed) or xads up --fast's (fast). */
const parallelOf = (mode: Mode, options: BenchOptions) => options.parallel ?? (mode === "fast" ? FAST_PARALLEL : undefined);

/** The stacks of one N, configured: bench settings, and for xads and its plugin the emulator and credentials as secrets, as a user's stack has them. */
async function stacksFor(pulumi: string, n: number, mode: Mode, options: BenchOptions, emu: RunningEmulator, creds: Credentials): Promise<Map<ProviderName, BenchStack>> {
  const stacks = new Map<ProviderName, BenchStack>();
  for (const provider of options.providers) {
    const stack = new BenchStack(provider, n, pulumi, mode);
    await stack.must(["stack", "init", "dev"]);
    const account = accountOf(provider);
    if (account !== DEMO_ACCOUNT_ID) emu.control.createAccount("sandbox", { id: account, name: `bench ${provider}` });
    const plain = { "bench:n": String(n), "bench:provider": provider, "bench:accountId": account, [stack.budgetKey]: String(BUDGET) };
    const api = provider !== "noop";
    const xads = api
      ? { "xads:accountId": account, "xads:sandbox": "true", "xads:sandboxBaseUrl": emu.sandboxUrl }
      : {};
    const secrets = api ? Object.entries(creds).map(([k, v]) => `--secret=xads:${k}=${v}`) : [];
    await stack.must(["config", "set-all", ...Object.entries({ ...plain, ...xads }).map(([k, v]) => `--plaintext=${k}=${v}`), ...secrets]);
    stacks.set(provider, stack);
  }
  return stacks;
}

/** What one command measured, from its run, the emulator's request log and the state after it. */
function measurementOf(base: Pick<Measurement, "provider" | "n" | "op" | "mode" | "parallel">, r: Run, requests: RequestLogEntry[], state: ReturnType<BenchStack["state"]> | undefined): Measurement {
  return {
    ...base, exitCode: r.code, seconds: r.seconds, calls: countCalls(requests), status429: requests.filter((q) => q.status === 429).length,
    stateBytes: state?.bytes ?? 0, stateResources: state?.resources ?? 0, stateParts: state?.parts, programPeakBytes: r.peaks.program, providerPeakBytes: r.peaks.provider,
  };
}

/** One phase of the bench: a fresh emulator, the stacks of one N and mode, or the onboarding of an account at one N. */
type Phase = { kind: "stacks"; n: number; mode: Mode } | { kind: "onboard"; n: number };

/**
 * The phases in the order they run: fast mode at every N first (it
 * says how fast mode scales, and a run stopped part way keeps it), the
 * onboarding, then the checkpointed runs at N up to checkpointedMax.
 */
export function phasesOf(options: Pick<BenchOptions, "ns" | "modes" | "checkpointedMax" | "onboardN">): Phase[] {
  const modes = options.modes ?? ["fast", "checkpointed"];
  const ns = [...options.ns].sort((a, b) => a - b);
  const max = options.checkpointedMax ?? ns[0]!;
  return [
    ...(modes.includes("fast") ? ns.map((n): Phase => ({ kind: "stacks", n, mode: "fast" })) : []),
    ...(options.onboardN === undefined ? [] : [{ kind: "onboard", n: options.onboardN } as Phase]),
    ...(modes.includes("checkpointed") ? ns.filter((n) => n <= max).map((n): Phase => ({ kind: "stacks", n, mode: "checkpointed" })) : []),
  ];
}

/** The account the onboarding imports: one of its own beside the demo account. */
const ONBOARD_ACCOUNT = "9onb0ard5ca";

/**
 * Onboarding a whole account (docs/operations.md, "Fast mode"): the emulator seeded
 * with a funding instrument, N campaigns and N line items (seed.ts), `xads
 * import` writes the program that adopts them, and `xads up --fast` runs it:
 * the adoption, which writes nothing and reads in listings.
 */
async function runOnboarding(pulumi: string, n: number, options: BenchOptions, emu: RunningEmulator, creds: Credentials, record: (m: Measurement, r: Run, requests: RequestLogEntry[]) => void): Promise<void> {
  emu.control.createAccount("sandbox", { id: ONBOARD_ACCOUNT, name: "Onboarded" });
  await seedAccount(emu, new AdsClient({ credentials: creds, baseUrl: emu.sandboxUrl, log: () => {} }), ONBOARD_ACCOUNT, n);
  const stack = new BenchStack("xads", n, pulumi, "fast", `onboard-${n}`);
  const xads = join(CONSUMER, "node_modules", ".bin", "xads");
  const env = {
    XADS_CONSUMER_KEY: creds.consumerKey, XADS_CONSUMER_SECRET: creds.consumerSecret, XADS_ACCESS_TOKEN: creds.accessToken, XADS_ACCESS_TOKEN_SECRET: creds.accessTokenSecret,
    XADS_SANDBOX: "true", XADS_SANDBOX_BASE_URL: emu.sandboxUrl,
  };
  const base = { provider: "xads" as const, n, mode: "fast" as const, parallel: parallelOf("fast", options) };
  emu.control.clearRequests();
  const imported = await stack.run(["import", "--account", ONBOARD_ACCOUNT, "--out", stack.dir, "--project", "onboard"], env, xads);
  record(measurementOf({ ...base, op: "import" }, imported, emu.control.requests(), undefined), imported, emu.control.requests());
  if (imported.code !== 0) return;
  await stack.must(["stack", "init", "dev"]);
  await stack.must(["config", "set-all", ...Object.entries({ "xads:accountId": ONBOARD_ACCOUNT, "xads:sandbox": "true", "xads:sandboxBaseUrl": emu.sandboxUrl }).map(([k, v]) => `--plaintext=${k}=${v}`),
    ...Object.entries(creds).map(([k, v]) => `--secret=xads:${k}=${v}`)]);
  emu.control.clearRequests();
  const parallel = options.parallel === undefined ? [] : ["--parallel", String(options.parallel)];
  const adopted = await stack.run(["up", "--fast", "--", "--yes", "--skip-preview", ...parallel], {}, xads);
  record(measurementOf({ ...base, op: "adopt" }, adopted, emu.control.requests(), stack.state("onboard")), adopted, emu.control.requests());
}

/** Runs the bench; answers every measurement. */
export async function runBench(options: BenchOptions): Promise<Measurement[]> {
  const { print } = options;
  const pulumi = join(pulumiDir(ROOT), "pulumi");
  if (!existsSync(pulumi)) throw new Error(`no pulumi CLI at ${pulumi}: run make pulumi`);
  if (!existsSync(join(CONSUMER, "node_modules", "pulumi-xads"))) throw new Error("pulumi-xads is not installed in .work/consumer: run make consumer");
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`;
  const phases = phasesOf(options);
  const ops = STACK_OPERATIONS.filter((op) => !options.ops || options.ops.includes(op));
  print(`make bench: ${machine}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}; emulator latency ${options.latencyMs} ms, published rate limits`);
  print(`  --parallel: checkpointed ${parallelOf("checkpointed", options) ?? "default (GOMAXPROCS x 4)"}, fast ${parallelOf("fast", options)}; ` +
    `phases: ${phases.map((p) => (p.kind === "onboard" ? `onboard N=${p.n}` : `${p.mode} N=${p.n}`)).join(", ")}; operations: ${ops.join(", ")}`);
  const measurements: Measurement[] = [];
  // Written after every command, so a run stopped part way keeps what it measured.
  const file = options.outDir && join(options.outDir, `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  const save = () => {
    if (!file) return;
    mkdirSync(options.outDir!, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ machine, parallel: options.parallel ?? null, latencyMs: options.latencyMs, measurements }, null, 2)}\n`);
  };
  const record = (m: Measurement, r: Run, requests: RequestLogEntry[], startedAt: number) => {
    measurements.push(m);
    save();
    if (file) writeFileSync(file.replace(/\.json$/, `-${m.provider}-${m.n}-${m.mode}-${m.op}.requests.json`), `${JSON.stringify({ startedAt, seconds: r.seconds, requests: requests.map(({ body: _body, ...q }) => q) })}\n`);
    print(`  N=${m.n} ${m.mode} ${m.provider} ${m.op}: ${m.seconds.toFixed(1)} s, ${requests.length} requests, exit ${r.code} (${new Date().toISOString()}, load ${loadavg()[0]!.toFixed(2)})`);
    if (r.code !== 0) print(`${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
  };
  for (const phase of phases) {
    const { n } = phase;
    const mode: Mode = phase.kind === "onboard" ? "fast" : phase.mode;
    const creds = randomCredentials();
    // A fresh emulator for each phase: a listing would otherwise hold the deleted entities of the earlier runs.
    const emu = await startEmulator({ port: 0, credentials: creds, latencyMs: options.latencyMs });
    try {
      if (phase.kind === "onboard") {
        const startedAt = Date.now();
        await runOnboarding(pulumi, n, options, emu, creds, (m, r, requests) => record(m, r, requests, startedAt));
        continue;
      }
      const parallel = parallelOf(mode, options);
      const stacks = await stacksFor(pulumi, n, mode, options, emu, creds);
      for (const op of ops) {
        for (const provider of options.providers) {
          const stack = stacks.get(provider)!;
          if (op === "budget") await stack.must(["config", "set", stack.budgetKey, String(NEW_BUDGET)]);
          emu.control.clearRequests();
          const startedAt = Date.now();
          const r = await stack.run(commandOf(op, parallel));
          const requests = emu.control.requests();
          record(measurementOf({ provider, n, op, mode, parallel }, r, requests, stack.state()), r, requests, startedAt);
        }
      }
    } finally {
      await emu.close();
    }
    if (phases.length > 1) print(`\n${resultsTable(measurements.filter((m) => m.n === n && (m.mode ?? "checkpointed") === mode))}\n`);
  }
  print("");
  print(report(measurements));
  if (file) print(`\nraw numbers: ${file}`);
  return measurements;
}

function numbers(option: string, value: string): number[] {
  const out = value.split(",").map(Number);
  if (out.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`${option} takes whole numbers of at least 1, comma-separated (got ${value})`);
  return out;
}

function one(option: string, values: number[]): number {
  if (values.length !== 1) throw new Error(`${option} takes one number (got ${values.join(",")})`);
  return values[0]!;
}

function latency(value: string): number {
  const ms = Number(value);
  if (!(Number.isFinite(ms) && ms >= 0)) throw new Error(`--latency-ms takes a number of milliseconds of at least 0 (got ${value})`);
  return ms;
}

const USAGE = `Usage: node dist/bench/engine.js [--n 1000,2000,4000] [--providers ${PROVIDERS.join(",")}] [--ops ${STACK_OPERATIONS.join(",")}]
       [--modes fast,checkpointed] [--checkpointed-max <n>] [--onboard <n>] [--parallel <n>] [--latency-ms 150]

Runs the operations on a funding instrument and N campaigns (each with a line item) through the real pulumi CLI
(XADS_PULUMI_DIR), for each provider against a fresh bundled emulator, and prints per N and operation: seconds,
the ratio to the no-op provider, API calls by endpoint, 429s, state size and bytes per resource, program memory;
then the growth between the smallest and largest N, fast mode's summary and the state of a resource by part.
Raw numbers: .work/bench/.
  --n                numbers of campaigns, comma-separated
  --providers        which to run: noop (the engine's floor), xads (the dynamic provider), plugin (pulumi-resource-xads, a YAML program)
  --ops              which operations, in this order: up, preview (no change), budget (a new daily budget on every campaign), refresh, destroy
  --modes            fast (PULUMI_SKIP_CHECKPOINTS=true, --parallel ${FAST_PARALLEL} as xads up --fast) at every N; checkpointed (the engine's default)
  --checkpointed-max checkpointed runs only at N up to this (default: the smallest N; they grow with the square of N)
  --onboard          also xads import of an account of N campaigns and N line items, then its adopting xads up --fast
  --parallel         passed to every pulumi command as --parallel
  --latency-ms       the emulator's round trip in milliseconds`;

function listOf<T extends string>(option: string, value: string, allowed: readonly T[]): T[] {
  const out = value.split(",");
  const unknown = out.filter((v) => !(allowed as readonly string[]).includes(v));
  if (unknown.length > 0) throw new Error(`${option} takes ${allowed.join(", ")} (got ${unknown.join(", ")})`);
  return out as T[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      n: { type: "string", default: "1000,2000,4000" },
      parallel: { type: "string" },
      providers: { type: "string", default: PROVIDERS.join(",") },
      ops: { type: "string", default: STACK_OPERATIONS.join(",") },
      modes: { type: "string", default: "fast,checkpointed" },
      "checkpointed-max": { type: "string" },
      onboard: { type: "string" },
      "latency-ms": { type: "string", default: "150" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  await runBench({
    ns: numbers("--n", values.n),
    providers: listOf("--providers", values.providers, PROVIDERS),
    ops: listOf("--ops", values.ops, STACK_OPERATIONS),
    modes: listOf("--modes", values.modes, MODES),
    checkpointedMax: values["checkpointed-max"] === undefined ? undefined : one("--checkpointed-max", numbers("--checkpointed-max", values["checkpointed-max"])),
    onboardN: values.onboard === undefined ? undefined : one("--onboard", numbers("--onboard", values.onboard)),
    parallel: values.parallel === undefined ? undefined : one("--parallel", numbers("--parallel", values.parallel)),
    latencyMs: latency(values["latency-ms"]),
    outDir: join(WORK, "bench"),
    print: (line) => console.log(line),
  });
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
