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
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { DEMO_ACCOUNT_ID, randomCredentials, RunningEmulator, startEmulator } from "../emulator";
import type { Credentials } from "../provider/client";
import { watchPeaks } from "./proc";
import { pulumiDir } from "../tools/pulumi-dir";
import { yamlProgram } from "./yaml-program";
import { countCalls, growthTable, Measurement, Operation, OPERATIONS, ProviderName, PROVIDERS, resultsTable, StateParts, statePartsOf, statePartsTable } from "./report";

/** The clone's root: where the Makefile is (this file runs from bench/ with ts-node or jest, from dist/bench/ built). */
function rootOf(dir: string): string {
  for (let at = dir; at !== dirname(at); at = dirname(at)) if (existsSync(join(at, "Makefile"))) return at;
  throw new Error(`no Makefile above ${dir}`);
}

const ROOT = rootOf(__dirname);
const WORK = join(ROOT, ".work");
const CONSUMER = join(WORK, "consumer");

export interface BenchOptions {
  ns: number[];
  providers: ProviderName[];
  /** `--parallel` of every command (undefined: the engine's default, GOMAXPROCS x 4). */
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

/** One stack of the bench: its folder below the consumer install (so the program resolves the packed package), its own file backend. */
class BenchStack {
  readonly dir: string;
  private readonly backend: string;

  constructor(readonly provider: ProviderName, readonly n: number, private readonly pulumi: string) {
    this.dir = join(CONSUMER, "bench", `${provider}-${n}`);
    this.backend = join(this.dir, ".state");
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.backend, { recursive: true });
    if (provider === "plugin") {
      writeFileSync(join(this.dir, "Pulumi.yaml"), yamlProgram(n, DEMO_ACCOUNT_ID, join(CONSUMER, "node_modules", "pulumi-xads", "bin")));
      return;
    }
    writeFileSync(join(this.dir, "Pulumi.yaml"), `name: bench-${provider}\nruntime: nodejs\ndescription: make bench (${provider})\n`);
    cpSync(join(ROOT, "bench", "program", "index.js"), join(this.dir, "index.js"));
  }

  run(args: string[]): Promise<Run> {
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("XADS_"))),
      PATH: `${dirname(this.pulumi)}:${process.env.PATH}`,
      PULUMI_HOME: join(WORK, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${this.backend}`,
      PULUMI_CONFIG_PASSPHRASE: "bench-throwaway-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      NO_COLOR: "1",
    };
    return new Promise((done, reject) => {
      const start = process.hrtime.bigint();
      const child = spawn(this.pulumi, [...args, "--non-interactive"], { cwd: this.dir, env, stdio: ["ignore", "pipe", "pipe"] });
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
  state(): { bytes: number; resources: number; parts?: StateParts } {
    const stacks = join(this.backend, ".pulumi", "stacks", `bench-${this.provider}`);
    const file = join(stacks, readdirSync(stacks).find((f) => f.endsWith(".json"))!);
    const deployment = JSON.parse(readFileSync(file, "utf8")) as { checkpoint?: { latest?: { resources?: Record<string, unknown>[] } } };
    const resources = deployment.checkpoint?.latest?.resources ?? [];
    return { bytes: statSync(file).size, resources: resources.length, parts: statePartsOf(resources) };
  }
}

/** The command of an operation (`--parallel` appended when given). */
function commandOf(op: Operation, parallel: number | undefined): string[] {
  const args: Record<Operation, string[]> = {
    up: ["up", "--yes", "--skip-preview"],
    preview: ["preview", "--expect-no-changes"],
    refresh: ["refresh", "--preview-only", "--expect-no-changes"],
    destroy: ["destroy", "--yes", "--skip-preview"],
  };
  return [...args[op], ...(parallel === undefined ? [] : ["--parallel", String(parallel)])];
}

/** The stacks of one N, configured: bench settings, and for xads and its plugin the emulator and credentials as secrets, as a user's stack has them. */
async function stacksFor(pulumi: string, n: number, options: BenchOptions, emu: RunningEmulator, creds: Credentials): Promise<Map<ProviderName, BenchStack>> {
  const stacks = new Map<ProviderName, BenchStack>();
  for (const provider of options.providers) {
    const stack = new BenchStack(provider, n, pulumi);
    await stack.must(["stack", "init", "dev"]);
    const plain = { "bench:n": String(n), "bench:provider": provider, "bench:accountId": DEMO_ACCOUNT_ID };
    const api = provider !== "noop";
    const xads = api
      ? { "xads:accountId": DEMO_ACCOUNT_ID, "xads:sandbox": "true", "xads:sandboxBaseUrl": emu.sandboxUrl }
      : {};
    const secrets = api ? Object.entries(creds).map(([k, v]) => `--secret=xads:${k}=${v}`) : [];
    await stack.must(["config", "set-all", ...Object.entries({ ...plain, ...xads }).map(([k, v]) => `--plaintext=${k}=${v}`), ...secrets]);
    stacks.set(provider, stack);
  }
  return stacks;
}

/** Runs the bench; answers every measurement. */
export async function runBench(options: BenchOptions): Promise<Measurement[]> {
  const { print } = options;
  const pulumi = join(pulumiDir(ROOT), "pulumi");
  if (!existsSync(pulumi)) throw new Error(`no pulumi CLI at ${pulumi}: run make pulumi`);
  if (!existsSync(join(CONSUMER, "node_modules", "pulumi-xads"))) throw new Error("pulumi-xads is not installed in .work/consumer: run make consumer");
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}`;
  print(`make bench: ${machine}; --parallel ${options.parallel ?? "default (GOMAXPROCS x 4)"}; emulator latency ${options.latencyMs} ms, published rate limits`);
  const measurements: Measurement[] = [];
  // Written after every command, so a run stopped part way keeps what it measured.
  const file = options.outDir && join(options.outDir, `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  const save = () => {
    if (!file) return;
    mkdirSync(options.outDir!, { recursive: true });
    writeFileSync(file, `${JSON.stringify({ machine, parallel: options.parallel ?? null, latencyMs: options.latencyMs, measurements }, null, 2)}\n`);
  };
  for (const n of options.ns) {
    const creds = randomCredentials();
    // A fresh emulator for each N: a listing would otherwise hold the deleted entities of the smaller runs.
    const emu = await startEmulator({ port: 0, credentials: creds, latencyMs: options.latencyMs });
    try {
      const stacks = await stacksFor(pulumi, n, options, emu, creds);
      // up first (the others need the stack), then as the table reads.
      for (const op of ["up", ...OPERATIONS.filter((o) => o !== "up")] as const) {
        for (const provider of options.providers) {
          emu.control.clearRequests();
          const stack = stacks.get(provider)!;
          const startedAt = Date.now();
          const r = await stack.run(commandOf(op, options.parallel));
          const requests = emu.control.requests();
          const state = stack.state();
          const m: Measurement = {
            provider, n, op, exitCode: r.code, seconds: r.seconds, calls: countCalls(requests),
            status429: requests.filter((q) => q.status === 429).length, stateBytes: state.bytes, stateResources: state.resources, stateParts: state.parts,
            programPeakBytes: r.peaks.program, providerPeakBytes: r.peaks.provider,
          };
          measurements.push(m);
          save();
          if (file) writeFileSync(file.replace(/\.json$/, `-${provider}-${n}-${op}.requests.json`), `${JSON.stringify({ startedAt, seconds: r.seconds, requests: requests.map(({ body: _body, ...q }) => q) })}\n`);
          print(`  N=${n} ${provider} ${op}: ${m.seconds.toFixed(1)} s, ${requests.length} requests, exit ${r.code} (${new Date().toISOString()})`);
          if (r.code !== 0) print(`${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
        }
      }
    } finally {
      await emu.close();
    }
    if (options.ns.length > 1) print(`\n${resultsTable(measurements.filter((m) => m.n === n))}\n`);
  }
  print("");
  print(resultsTable(measurements));
  const growth = growthTable(measurements);
  if (growth) print(`\n${growth}`);
  const parts = statePartsTable(measurements);
  if (parts) print(`\n${parts}`);
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

const USAGE = `Usage: node dist/bench/engine.js [--n 100,500,1000] [--providers ${PROVIDERS.join(",")}] [--parallel <n>] [--latency-ms 150]

Runs preview, up, refresh and destroy of N campaigns (each with a line item) through the real pulumi CLI
(XADS_PULUMI_DIR), for each provider against a fresh bundled emulator, and prints per N and operation: seconds,
the ratio to the no-op provider, API calls by endpoint, 429s, state size and bytes per resource, program memory;
then the growth between the smallest and largest N and the state of a resource by part. Raw numbers: .work/bench/.
  --n           numbers of campaigns, comma-separated
  --providers   which to run: noop (the engine's floor), xads (the dynamic provider), plugin (pulumi-resource-xads, a YAML program)
  --parallel    passed to every pulumi command as --parallel
  --latency-ms  the emulator's round trip in milliseconds`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      n: { type: "string", default: "100,500,1000" },
      parallel: { type: "string" },
      providers: { type: "string", default: PROVIDERS.join(",") },
      "latency-ms": { type: "string", default: "150" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const providers = values.providers.split(",");
  const unknown = providers.filter((p) => !(PROVIDERS as readonly string[]).includes(p));
  if (unknown.length > 0) throw new Error(`--providers takes ${PROVIDERS.join(", ")} (got ${unknown.join(", ")})`);
  await runBench({
    ns: numbers("--n", values.n),
    providers: providers as ProviderName[],
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
