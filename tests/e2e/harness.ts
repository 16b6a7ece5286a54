/**
 * e2e harness: the real `pulumi` CLI (built by `make pulumi`) against the
 * emulator, with the local file backend, or with a file's opt-in
 * (`useStackEmulator({ backend: "postgres" })`) the shared PostgreSQL backend
 * a team's pipelines use (tools/postgres.sh). The package is installed from its
 * tarball into .work/consumer (a real node_modules folder: docs/architecture.md rule 4)
 * by `make consumer`; stacks live below it so their programs resolve it.
 */
import { ChildProcess, execFile, execFileSync, spawn } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { promisify } from "node:util";
import { gunzipSync } from "node:zlib";
import { pulumiDir as pulumiDirOf } from "../../tools/pulumi-dir";
import { DEMO_ACCOUNT_ID, randomCredentials, RunningEmulator, startEmulator } from "../../emulator";
import { AdsClient, Credentials } from "../../provider/client";
import { kindOfResource, nameOfUrn } from "../../provider/resources";
import { waitFor, withoutCredentials, xadsEnv } from "../integration/fixtures";
import { requireTool, skipRestOfFile } from "../required-tools";

export type { Credentials } from "../../provider/client";
export { deadAddress, xadsEnv } from "../integration/fixtures";

export const ROOT = resolve(__dirname, "..", "..");
export const WORK = join(ROOT, ".work");
export const CONSUMER = join(WORK, "consumer");
/** The folder of the installed package's provider plugin (pulumi-resource-xads), as a YAML program's plugins.providers names it. */
export const PLUGIN_DIR = join(CONSUMER, "node_modules", "pulumi-xads", "bin");
/**
 * The policy pack's folder in the installed package, the form users pass
 * (`--policy-pack node_modules/pulumi-xads/policy-pack`, docs/gitops.md).
 */
export const POLICY_PACK = join(CONSUMER, "node_modules", "pulumi-xads", "policy-pack");
/** The `xads` command of the installed package, as a user's shell finds it. */
export const XADS_BIN = join(CONSUMER, "node_modules", ".bin", "xads");

export type Emulator = RunningEmulator;

export const ACCOUNT_ID = DEMO_ACCOUNT_ID;

/**
 * How long interruptWhen (killWhen) waits for its moment (or the
 * CLI's end): below the shortest e2e file time-out (300 s), so a moment
 * that never comes fails naming it rather than as jest's bare time-out.
 */
const WHEN_DEADLINE_MS = 240_000;

/** How an interrupted CLI is stopped (Stack.interruptWhen): a SIGKILL (a cancelled CI job), or Ctrl-C twice (an impatient user). */
export type Interruption = "SIGKILL" | "Ctrl-C twice";

/**
 * How long the emulator holds a request or an answer for a test (its
 * `hold` and `timeout-after-commit` faults), and a provider waits for that
 * answer: past any e2e file's time-out, so only the test's release
 * (control.releaseHeld) or the emulator's close ends the wait, never a clock.
 */
export const HELD_MS = 600_000;

/**
 * The environment of a run whose provider waits for a held answer as long
 * as the emulator holds it (XADS_REQUEST_TIMEOUT_MS), so its own time-out
 * cannot end the wait before the test does. A stack's
 * xads:requestTimeoutMs, or an explicit provider's requestTimeoutMs, wins
 * over it: such stacks set neither.
 */
export const WAITS_FOR_HELD = { XADS_REQUEST_TIMEOUT_MS: String(HELD_MS) };

/**
 * The request time-out `xads recover` reckons with after an interruption
 * while answers were held (it waits twice that after the last checkpoint,
 * for a create still on its way): the held answers were released, their
 * connections dropped, and the stopped run's provider writes nothing once
 * its engine is gone (provider/engine.ts), so nothing is on its way; 4 s
 * keeps that wait short.
 */
export const AFTER_HELD = { XADS_REQUEST_TIMEOUT_MS: "4000" };

/** A write Stack.interruptWhileHeld holds the answer of: its method, its path (a regular expression, as the emulator's faults take it), how many such requests. */
export interface HeldWrite {
  method: string;
  path: string;
  times?: number;
}

/** The campaign batch POSTs of an update, two at most (an update's campaigns may go in two). */
export const CAMPAIGN_BATCHES: HeldWrite = { method: "POST", path: "/batch/accounts/[^/]+/campaigns$", times: 2 };

// --------------------------------------------------- one file's emulator ---

/** Where a file's stacks keep their state: `file` (a folder per stack) or `postgres` (a database per stack on tools/postgres.sh's cluster). */
export type BackendKind = "file" | "postgres";

/**
 * The emulator of an e2e file (started before its tests, closed after them),
 * the credentials it accepts, and views of it. Call it at the top of the
 * file, before the file's own beforeAll.
 *
 * `useStackEmulator({ backend: "postgres" })` runs the file's stacks on the
 * shared PostgreSQL backend instead of a file backend: each stack its own
 * database, logged in as a pipeline is (PULUMI_BACKEND_URL=postgres://...,
 * PGPASSWORD). The cluster is started if it is not running (then stopped
 * after the run: tests/e2e/global-teardown.ts); `make test` starts and stops it.
 * Without PostgreSQL the rest of the file is skipped with a warning, or
 * under CI fails with the install line (usePostgres).
 */
export function useStackEmulator(options: { backend?: BackendKind; credentials?: Credentials } = {}) {
  const backend = options.backend ?? "file";
  if (backend === "postgres") usePostgres();
  const state: { emu?: Emulator; creds?: Credentials } = {};
  beforeAll(async () => {
    if (backend === "postgres") postgres("start", "--owner", "harness");
    Object.assign(state, await startStackEmulator(options.credentials));
  });
  afterAll(async () => state.emu?.close());
  const emu = () => state.emu!;
  return {
    get emu(): Emulator { return emu(); },
    get creds(): Credentials { return state.creds!; },
    /** A new stack (its folder and its state emptied) configured for this emulator by its init(); `parent`: see Stack's constructor. */
    stack: (name: string, parent?: string) => new Stack(name, emu(), state.creds!, backend, undefined, parent),
    /** A client signed with the stack's credentials: out-of-band writes and reads, as another tool or the ads UI would make them. */
    api: () => new AdsClient({ credentials: state.creds!, baseUrl: emu().sandboxUrl, log: () => {} }),
    /** The XADS_* variables of a process outside a stack (xads import, the policy pack). */
    env: () => xadsEnv(state.creds!, emu()),
    /** Entities of a collection of a sandbox account (by default the demo one), as the emulator stores them. */
    live: (collection: string, options: { withDeleted?: boolean; account?: string } = {}) =>
      emu().control.entities("sandbox", options.account ?? ACCOUNT_ID, collection, { withDeleted: options.withDeleted }),
    /** Every request since the log was last cleared that could change something. */
    writes: () => emu().control.requests().filter((r) => r.method !== "GET"),
  };
}

/**
 * An emulator with credentials made up for this run (so a test can grep for
 * them), for code outside a jest file's hooks (the fault campaign, make soak);
 * or with `credentials`, the fixed ones a recorded stack's config holds
 * (tests/e2e/upgrade-states.ts).
 */
export async function startStackEmulator(credentials?: Credentials): Promise<{ emu: Emulator; creds: Credentials }> {
  assertPrepared();
  const creds = credentials ?? randomCredentials();
  const emu = await startEmulator({ port: 0, credentials: creds });
  return { emu, creds };
}

/**
 * The user approves on the emulator's authorize page (its form, no
 * browser): the PIN it shows (Stack.xads's `onUrl` for `xads auth login`).
 */
export async function approveOnAuthorizePage(emu: Emulator, url: string): Promise<string> {
  const token = new URL(url).searchParams.get("oauth_token")!;
  const res = await fetch(`${emu.url}/oauth/authorize`, { method: "POST", body: new URLSearchParams({ oauth_token: token, allow: "Authorize app" }) });
  return /<code id="oauth_pin">(\d+)<\/code>/.exec(await res.text())![1]!;
}

/** What a command printed, both streams. */
export const output = (r: RunResult): string => `${r.stdout}\n${r.stderr}`;

/**
 * The Diagnostics section of a run's output: the CLI's summary of what the
 * engine's log said, each message once under the resource it belongs to
 * (the progress lines above it show them as they come).
 */
export function diagnostics(r: RunResult): string {
  const text = output(r);
  const start = text.indexOf("\nDiagnostics:\n");
  if (start < 0) return "";
  // The sections after it: the stack's outputs (an up's), then the resources' summary.
  const ends = ["\nOutputs:\n", "\nResources:\n"].map((s) => text.indexOf(s, start)).filter((i) => i >= 0);
  return text.slice(start, ends.length > 0 ? Math.min(...ends) : undefined);
}

/** Where `make pulumi` put the CLI (tools/pulumi-dir.ts, shared with the bench). */
export const pulumiDir = (): string => pulumiDirOf(ROOT);

export function assertPrepared(): void {
  if (!existsSync(join(pulumiDir(), "pulumi"))) throw new Error(`no pulumi CLI in ${pulumiDir()}: run make pulumi (make test does)`);
  if (!existsSync(join(CONSUMER, "node_modules", "pulumi-xads"))) throw new Error("pulumi-xads is not installed in .work/consumer: run make consumer (make test does)");
}

// ------------------------------------------------- Python programs ---

/** The Python SDK generated from schema.json (make python-sdk) and the virtual environment it is pip-installed in (tests/python/venv.sh). */
export const PYTHON_SDK = join(WORK, "python-sdk");
export const PYTHON_VENV = join(WORK, "venv-python-sdk");


/**
 * Generates the Python SDK and installs it in PYTHON_VENV, as a user does
 * (docs/plugin.md "Python"); the beforeAll of every file that runs a Python
 * program through the plugin. Needs the language host (make pulumi).
 */
export async function preparePythonSdk(): Promise<void> {
  if (!existsSync(join(pulumiDir(), "pulumi-language-python"))) throw new Error(`no pulumi-language-python in ${pulumiDir()}: run make pulumi (make test does)`);
  const run = promisify(execFile);
  await run(join(ROOT, "tools", "pysdk", "build.sh"), [join(ROOT, "schema.json"), PYTHON_SDK], { cwd: ROOT, timeout: 600_000 });
  await run(join(ROOT, "tests", "python", "venv.sh"), [PYTHON_VENV, PYTHON_SDK], { timeout: 600_000 });
}

/** The environment of a pulumi command on a Python program: the language host runs the `python` first on PATH, the virtual environment's, where pulumi_xads is installed. */
export const pythonEnv = (): NodeJS.ProcessEnv => ({ PATH: `${join(PYTHON_VENV, "bin")}:${pulumiDir()}:${process.env.PATH}` });

// --------------------------------------- an example on a generated SDK ---

/**
 * The tests of an example program on a generated SDK (examples/python,
 * examples/go: a sandbox funding instrument, the campaign "Spring sale" and
 * its line item "Timeline clicks", their ids as outputs) through the real
 * CLI, its language host and the provider plugin of the installed package,
 * against the file's emulator: up, a second preview with no changes, destroy,
 * no credential in the state or the CLI's output. `prepare` makes the SDK
 * (before the stack is made); `env`, beside the stack's, is every command's.
 */
export function exampleOnGeneratedSdk(e2e: ReturnType<typeof useStackEmulator>, example: "python" | "go", prepare: () => Promise<void>, env: () => NodeJS.ProcessEnv): void {
  let stack: Stack;
  const made = (collection: string) => e2e.live(collection);
  const succeeded = (r: RunResult) => ({ code: r.code, output: r.code === 0 ? "" : output(r) });

  beforeAll(async () => {
    await prepare();
    stack = e2e.stack(`${example}-plugin`);
    stack.copyProgram(join(ROOT, "examples", example));
    await stack.init();
  }, 1_200_000);

  test("up creates each declared entity once through the plugin, as resources of the xads package", async () => {
    const fundingBefore = made("funding_instruments").length;
    expect(succeeded(await stack.run(["up", "--yes", "--skip-preview"], env()))).toEqual({ code: 0, output: "" });
    expect((await stack.exported()).map((r) => r.type).sort()).toEqual(["xads:index:Campaign", "xads:index:FundingInstrument", "xads:index:LineItem"]);
    expect(made("funding_instruments")).toHaveLength(fundingBefore + 1);
    expect(made("campaigns").map((c) => [c.name, c.entity_status, c.daily_budget_amount_local_micro])).toEqual([["Spring sale", "PAUSED", 50_000_000]]);
    expect(made("line_items").map((l) => [l.name, l.placements, l.bid_amount_local_micro])).toEqual([["Timeline clicks", ["TWITTER_TIMELINE"], 1_500_000]]);
    const outputs = await stack.outputs();
    expect(outputs.campaignId).toBe(made("campaigns")[0]!.id);
    expect(outputs.lineItemId).toBe(made("line_items")[0]!.id);
  });

  test("a second preview plans no change", async () => {
    expect(succeeded(await stack.run(["preview", "--expect-no-changes", "--diff"], env()))).toEqual({ code: 0, output: "" });
  });

  test("destroy deletes the campaign and line item", async () => {
    expect(succeeded(await stack.run(["destroy", "--yes"], env()))).toEqual({ code: 0, output: "" });
    expect(made("campaigns")).toEqual([]);
    expect(made("line_items")).toEqual([]);
  });

  test("neither the state nor any output of the CLI holds a credential in plain text", async () => {
    await expectNoCredentialsIn(stack);
  });
}

// ----------------------------------------------------- Go programs ---

/** The Go SDK's module, generated from schema.json (make go-sdk, tools/gosdk), which a Go program's go.mod requires through a replace. */
export const GO_SDK = join(WORK, "go-sdk");

/** The replace of an example's or a test's go.mod (relative to the repository's root two levels up), and the module it names. */
const GO_SDK_REPLACE = "pulumi-xads/sdk => ../../.work/go-sdk";

/**
 * Generates the Go SDK into GO_SDK (tools/gosdk/build.sh: reused while
 * schema.json and the tool are unchanged); the beforeAll of every file that
 * builds a Go program on it.
 */
export async function prepareGoSdk(): Promise<void> {
  await promisify(execFile)(join(ROOT, "tools", "gosdk", "build.sh"), [join(ROOT, "schema.json"), GO_SDK], { cwd: ROOT, env: { ...process.env, ...goEnv() }, timeout: 600_000 });
}

/**
 * The environment of the go command, and of a pulumi command on a Go
 * program (the Go language host runs `go build`): modules from the module
 * proxy (-mod=mod: go.sum completed as needed, never a vendor folder), the
 * machine's Go, no cgo; the build cache is Go's own (GOCACHE, kept across
 * runs outside the clone), one for the test and every build of a program.
 * The CLI's folder on PATH, where `make pulumi` puts pulumi-language-go.
 * Beside a stack's environment (Stack.run's extraEnv), as pythonEnv().
 */
export const goEnv = (): NodeJS.ProcessEnv => ({ GOTOOLCHAIN: "local", GOFLAGS: "-mod=mod", CGO_ENABLED: "0", PATH: `${pulumiDir()}:${process.env.PATH}` });

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** One resource of `pulumi stack export` (its name is the end of its URN: urnName). */
export interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/**
 * For a file whose stacks use the PostgreSQL backend, called at its top (by
 * useStackEmulator, or by the file): without PostgreSQL, the decision of
 * tests/required-tools.ts (skipped with a warning; under CI one failing test
 * naming the install line), and every test the file registers after this
 * is skipped rather than failing on the missing server one by one.
 */
export function usePostgres(): void {
  const file = basename(expect.getState().testPath ?? "this file");
  if (!requireTool("postgresql", file, "its stacks use the shared PostgreSQL backend")) skipRestOfFile();
}

/** tools/postgres.sh (start, url, createdb, psql...): what it printed on stdout. */
export function postgres(...args: string[]): string {
  return execFileSync(join(ROOT, "tools", "postgres.sh"), args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The resource name of a URN (`...::name`). */
export const urnName = nameOfUrn;

/** What a command printed so far, handed on as it prints (Stack.xads's `onOutput`). */
export type OnOutput = (soFar: { stdout: string; stderr: string }) => void;

/**
 * Runs a command to its end; never throws on a non-zero exit. `input` goes
 * to stdin (none: stdin is closed). `onUrl`, `onOutput`: see Stack.xads.
 */
function runCommand(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string; onUrl?: (url: string) => Promise<string>; onOutput?: OnOutput }): Promise<RunResult> {
  const started = Date.now();
  return new Promise<RunResult>((resolvePromise, reject) => {
    const interactive = options.input !== undefined || options.onUrl !== undefined;
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: [interactive ? "pipe" : "ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let typed = false;
    child.stdout!.on("data", (d) => {
      stdout += d;
      const url = /(http\S+\/oauth\/authorize\?\S+)/.exec(stdout)?.[1];
      if (url && options.onUrl && !typed) {
        typed = true;
        options.onUrl(url).then((answer) => child.stdin!.end(`${answer}\n`), reject);
      }
      options.onOutput?.({ stdout, stderr });
    });
    child.stderr!.on("data", (d) => {
      stderr += d;
      options.onOutput?.({ stdout, stderr });
    });
    if (options.input !== undefined && !options.onUrl) child.stdin!.end(options.input);
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  }).finally(() => logCommand(command, args, started));
}

/**
 * With XADS_E2E_COMMAND_LOG set, each command's wall seconds, test file and
 * arguments are appended to that file, to see where make test's time
 * goes; nothing is asserted on it.
 */
function logCommand(command: string, args: string[], started: number): void {
  const log = process.env.XADS_E2E_COMMAND_LOG;
  if (!log) return;
  const file = basename(expect.getState().testPath ?? "?");
  appendFileSync(log, `${((Date.now() - started) / 1000).toFixed(1)}\t${file}\t${basename(command)} ${args.join(" ")}\n`);
}

/** A resource the written program declares: its SDK class (`type`), its name, its arguments and options. */
export interface ProgramResource {
  type: string;
  name: string;
  args: Record<string, unknown>;
  opts?: Record<string, unknown>;
}

/** A data source call of the program (`xads[fn](args)`), exported as the stack output `name`. */
export interface DataSourceSpec {
  name: string;
  fn: string;
  args?: Record<string, unknown>;
}

/** The pids below `pid` whose command is a Pulumi language host, from /proc (Linux). */
export function languageHostsBelow(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ...": the comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch { /* ended meanwhile */ }
  }
  const below: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parentOf) if (ppid === parent) { below.push(child); queue.push(child); }
  }
  return below.filter((p) => {
    try { return readFileSync(`/proc/${p}/comm`, "utf8").startsWith("pulumi-language"); } catch { return false; }
  });
}

const running = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

/**
 * SIGKILLs a running CLI as a cancelled CI job's runner would be, and the
 * language host below it: the host runs in a process group of its own and
 * nothing tells it the engine is gone, so a killed CLI leaves it running
 * (a CI runner's end takes every process; a test's must too). The
 * providers below the host stop by themselves (provider/engine.ts).
 * Answers the hosts still running afterwards: none.
 */
export async function killCli(child: ChildProcess, exited: Promise<void>): Promise<number[]> {
  const hosts = child.pid === undefined ? [] : languageHostsBelow(child.pid);
  child.kill("SIGKILL");
  await exited;
  for (const host of hosts) { try { process.kill(host, "SIGKILL"); } catch { /* already gone */ } }
  // A SIGKILLed process ends at once; those still running after 2 s are answered (the caller's assertion names them).
  await waitFor(() => !hosts.some(running), "the killed CLI's language hosts to end", 2_000, 50).catch(() => undefined);
  return hosts.filter(running);
}

/**
 * Asserts that no credential is in plain text anywhere a stack leaves one
 * for a user to find: its state as the backend stores it and as `pulumi
 * stack export` shows it, its stack config files, and everything the CLI
 * and `xads` printed (stdout and stderr, the transcript). The credentials
 * are the stack's and `also`'s (another provider's, rotated ones); a leak
 * is named by where it is and which credential, never by its value.
 */
export async function expectNoCredentialsIn(stack: Stack, also: Partial<Credentials>[] = []): Promise<void> {
  const places: [string, string][] = [
    ["the stored state", stack.stateFileText()],
    ["pulumi stack export", (await stack.run(["stack", "export"])).stdout],
    ...readdirSync(stack.dir).filter((f) => /^Pulumi\..+\.yaml$/.test(f)).map((f): [string, string] => [f, readFileSync(join(stack.dir, f), "utf8")]),
    ["the CLI's output", stack.transcript.join("\n")],
  ];
  const leaks: string[] = [];
  for (const [i, creds] of [stack.creds, ...also].entries()) {
    for (const [key, value] of Object.entries(creds)) {
      if (!value) continue;
      for (const [place, text] of places) if (text.includes(value)) leaks.push(`${i === 0 ? "" : `also[${i - 1}].`}${key} in ${place}`);
    }
  }
  expect(leaks).toEqual([]);
}

/** Every file below `dir`, as text: gzip files (the CLI's automatic logs before a stack is known) unpacked; `skip` leaves a path (and what is below it) out. */
export function filesBelow(dir: string, skip: (path: string) => boolean = () => false): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (skip(path)) return [];
    if (statSync(path).isDirectory()) return filesBelow(path, skip);
    const bytes = readFileSync(path);
    const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
    return [{ path, text: (gzip ? gunzipSync(bytes) : bytes).toString("utf8") }];
  });
}

/** The four credentials, by their names as settings (xads:<name>) and as a provider's properties. */
export const CREDENTIAL_KEYS = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;

/** A TypeScript program's compiler settings for pulumi-xads/native (Stack.writeNativeProgram). */
const NATIVE_TSCONFIG = {
  compilerOptions: { strict: true, target: "ES2022", module: "commonjs", moduleResolution: "node", skipLibCheck: true, types: ["node"] },
  files: ["index.ts"],
};

/**
 * The state holds no account's credentials in plain text (expectNoCredentialsIn,
 * `also` the other accounts'), and each explicit provider (`pulumi:providers:xads`,
 * one per name of `accounts`, its account as the value) holds its four as
 * secret ciphertext and its own account. Answers the stack's resources.
 */
export async function expectProvidersHoldCredentialsAsCiphertext(stack: Stack, accounts: Record<string, string>, also: Partial<Credentials>[]): Promise<ExportedResource[]> {
  await expectNoCredentialsIn(stack, also);
  const { resources } = await stack.deployment();
  const providers = resources.filter((r) => r.type === "pulumi:providers:xads");
  expect(providers.map((p) => urnName(p.urn)).sort()).toEqual(Object.keys(accounts).sort());
  for (const p of providers) {
    for (const k of CREDENTIAL_KEYS) {
      expect(p.inputs?.[k]).toEqual({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) });
      if (p.outputs?.[k] !== undefined) expect(p.outputs[k]).toEqual(p.inputs![k]);
    }
    expect(p.inputs?.accountId).toBe(accounts[urnName(p.urn)]);
  }
  return resources;
}

/** A funding instrument and a paused campaign made through the API (as in the ads UI), for an import to take. */
export async function campaignMadeByHand(api: AdsClient): Promise<{ fundingInstrumentId: string; campaignId: string }> {
  const base = `/12/accounts/${ACCOUNT_ID}`;
  const fi = await api.post<{ id: string }>(`${base}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z", type: "CREDIT_CARD" });
  const campaign = await api.post<{ id: string }>(`${base}/campaigns`, {
    funding_instrument_id: fi.id, name: "Made by hand", entity_status: "PAUSED", daily_budget_amount_local_micro: 30_000_000,
  });
  return { fundingInstrumentId: String(fi.id), campaignId: String(campaign.id) };
}

/** One Pulumi stack: a program folder, its own backend (a file backend's folder, or a PostgreSQL database), and the CLI. */
export class Stack {
  readonly dir: string;
  /** The file backend's folder (with the postgres backend: unused). */
  readonly backend: string;
  /** The postgres backend's database (one per stack: files run at once). */
  readonly database: string;
  /** Everything the CLI printed, for the leak checks. */
  readonly transcript: string[] = [];

  /**
   * `of`: another checkout of that stack's project (same backend and state, own folder): see checkout().
   * `parent`: the folder the stack's folder is made in (by default below .work/consumer, whose
   * node_modules its program resolves; a folder outside the repository for a program with its own).
   */
  constructor(readonly name: string, readonly emu: Emulator, readonly creds: Credentials, readonly backendKind: BackendKind = "file", of?: Stack, parent = join(CONSUMER, "stacks")) {
    this.dir = join(parent, name);
    this.backend = of?.backend ?? join(this.dir, ".state");
    this.database = of?.database ?? `stack_${name.replace(/[^a-z0-9]/gi, "_").toLowerCase()}`;
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
    if (of) return;
    if (backendKind === "postgres") postgres("createdb", this.database);
    else mkdirSync(this.backend, { recursive: true });
  }

  /**
   * A second checkout of this stack's project in a folder of its own (as a
   * second pipeline's runner has): the same project, stack and backend, its
   * program copied now; the stack selected.
   */
  async checkout(name: string): Promise<Stack> {
    const other = new Stack(name, this.emu, this.creds, this.backendKind, this);
    for (const entry of readdirSync(this.dir)) if (entry !== ".state") cpSync(join(this.dir, entry), join(other.dir, entry), { recursive: true });
    await other.must(["stack", "select", "dev"]);
    return other;
  }

  /** PULUMI_BACKEND_URL: a file backend's folder, or the stack's database (its password in PGPASSWORD, as the docs advise: the URL shows in `pulumi whoami -v`). */
  backendUrl(): string {
    return this.backendKind === "postgres" ? postgres("url", this.database).trim() : `file://${this.backend}`;
  }

  /** The locks the backend holds for any stack of it (a file backend's lock files, the postgres backend's keys). */
  locks(): string[] {
    if (this.backendKind === "file") {
      const dir = join(this.backend, ".pulumi", "locks");
      return existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json")).sort() : [];
    }
    return postgres("psql", this.database, "-Atc", "SELECT key FROM pulumi_state WHERE key LIKE '%.pulumi/locks/%' ORDER BY key").split("\n").filter(Boolean);
  }

  /**
   * The environment of every command of the stack: pulumi on PATH, its
   * backend, no XADS_* credential (they come from the stack's config), and
   * the platform API base at the emulator (xads drift's users lookup), so no
   * command asks the real api.x.com; a stack's own xads:platformBaseUrl wins.
   */
  env(): NodeJS.ProcessEnv {
    return {
      ...withoutCredentials(process.env),
      XADS_PLATFORM_BASE_URL: this.emu.url,
      PATH: `${pulumiDir()}:${process.env.PATH}`,
      PULUMI_HOME: join(WORK, "pulumi-home"),
      PULUMI_BACKEND_URL: this.backendUrl(),
      ...(this.backendKind === "postgres" ? { PGPASSWORD: postgres("password") } : {}),
      PULUMI_CONFIG_PASSPHRASE: "e2e-throwaway-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      NO_COLOR: "1",
    };
  }

  /**
   * Runs the real CLI in the stack's folder; never throws on a non-zero exit.
   * `input` goes to its stdin (how secrets are passed: never on the command line).
   */
  async run(args: string[], extraEnv: NodeJS.ProcessEnv = {}, input?: string): Promise<RunResult> {
    const r = await runCommand(join(pulumiDir(), "pulumi"), [...args, "--non-interactive"], { cwd: this.dir, env: { ...this.env(), ...extraEnv }, input });
    this.transcript.push(`${r.stdout}\n${r.stderr}`);
    return r;
  }

  /**
   * Runs the installed `xads` in the stack's folder with the stack's
   * environment and `env` (e.g. xadsEnv(...)); never throws on a non-zero
   * exit. With `onUrl`, the first authorize URL it prints is passed on and
   * what that answers is typed in (the PIN of `xads auth login`). With
   * `onOutput`, what it printed so far is passed on as it prints (a test
   * waits for a line before it goes on).
   */
  async xads(args: string[], options: { env?: NodeJS.ProcessEnv; input?: string; onUrl?: (url: string) => Promise<string>; onOutput?: OnOutput } = {}): Promise<RunResult> {
    const r = await runCommand(XADS_BIN, args, { cwd: this.dir, env: { ...this.env(), ...options.env }, input: options.input ?? "", onUrl: options.onUrl, onOutput: options.onOutput });
    this.transcript.push(`${r.stdout}\n${r.stderr}`);
    return r;
  }

  /**
   * What a pull request's check runs: `pulumi preview --json` (the digest, or
   * with "stream" the streamed events the example workflow uses; `env`
   * beside the stack's, e.g. pythonEnv()) saved to preview.json, then
   * `xads pr-summary preview.json --output summary.md --no-reach` (plus
   * `summaryArgs`); `markdown` is summary.md, empty when none was written.
   */
  async previewAndSummary(form: "digest" | "stream", env: NodeJS.ProcessEnv = {}, ...summaryArgs: string[]): Promise<{ preview: RunResult; summary: RunResult; markdown: string }> {
    const preview = await this.run(["preview", "--json"], { ...env, ...(form === "stream" ? { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" } : {}) });
    writeFileSync(join(this.dir, "preview.json"), preview.stdout);
    const summary = await this.xads(["pr-summary", "preview.json", "--output", "summary.md", "--no-reach", ...summaryArgs]);
    const file = join(this.dir, "summary.md");
    return { preview, summary, markdown: existsSync(file) ? readFileSync(file, "utf8") : "" };
  }

  /**
   * Starts the real CLI (its output dropped; `extraEnv` beside the stack's
   * environment) and SIGKILLs it once `when()` holds, as a cancelled CI job
   * would; false when it ended first.
   */
  killWhen(args: string[], when: () => boolean, extraEnv: NodeJS.ProcessEnv = {}): Promise<boolean> {
    return this.interruptWhen(args, "SIGKILL", when, extraEnv);
  }

  /**
   * Starts the real CLI (its output dropped; `extraEnv` beside the stack's
   * environment) and, once `when()` holds, stops it `how`: a SIGKILL, as a
   * cancelled CI job's runner (killCli), or Ctrl-C twice, as an impatient
   * user: SIGINT, then SIGINT again 300 ms later, which ends the CLI
   * without waiting for what is in flight; then reaps the language host the
   * CLI leaves (as killCli does). False when it ended first.
   */
  async interruptWhen(args: string[], how: Interruption, when: () => boolean, extraEnv: NodeJS.ProcessEnv = {}): Promise<boolean> {
    const child: ChildProcess = spawn(join(pulumiDir(), "pulumi"), [...args, "--non-interactive"], { cwd: this.dir, env: { ...this.env(), ...extraEnv }, stdio: "ignore" });
    let ended = false;
    const exited = new Promise<void>((r) => child.once("exit", () => { ended = true; r(); }));
    await waitFor(() => ended || when(), `the moment to stop pulumi ${args[0]} (or its end)`, WHEN_DEADLINE_MS, 50)
      // Past the deadline the CLI is not left running after the test.
      .catch((e: unknown) => { child.kill("SIGKILL"); throw e; });
    if (ended) return false;
    if (how === "SIGKILL") {
      this.hostsLeft = await killCli(child, exited);
      return true;
    }
    const hosts = child.pid === undefined ? [] : languageHostsBelow(child.pid);
    child.kill("SIGINT");
    await new Promise((r) => setTimeout(r, 300));
    if (!ended) child.kill("SIGINT");
    // A CLI that does not end on the second Ctrl-C within a minute is a finding of its own: the test fails on it.
    let forced = false;
    const deadline = setTimeout(() => { forced = true; child.kill("SIGKILL"); }, 60_000);
    await exited;
    clearTimeout(deadline);
    for (const host of hosts) { try { process.kill(host, "SIGKILL"); } catch { /* already gone */ } }
    if (forced) throw new Error(`pulumi ${args[0]} did not end within 60 s of the second Ctrl-C`);
    return true;
  }

  /**
   * Interrupts the real CLI (interruptWhen) while writes it sent have
   * committed on the platform and their answers are held back, the moment
   * an interruption leaves what no state holds: arms `writes` as
   * timeout-after-commit faults held HELD_MS on each of `emus` (the stack's
   * emulator by default), runs `args` with a provider that waits as long
   * (WAITS_FOR_HELD over `env`), and stops it once every emulator holds an
   * answer and `when()` holds; then clears the faults and releases the held
   * answers (their connections drop). No step races the provider's
   * time-out: only the test ends the wait. False when the CLI ended first.
   */
  async interruptWhileHeld(args: string[], options: { how?: Interruption; writes: HeldWrite[]; emus?: Emulator[]; when?: () => boolean; env?: NodeJS.ProcessEnv }): Promise<boolean> {
    // The stack's config would win over XADS_REQUEST_TIMEOUT_MS (provider/config.ts): the provider would give up first.
    const config = readdirSync(this.dir).filter((f) => /^Pulumi\..+\.yaml$/.test(f)).map((f) => readFileSync(join(this.dir, f), "utf8")).join("\n");
    if (config.includes("xads:requestTimeoutMs")) throw new Error(`stack ${this.name} sets xads:requestTimeoutMs: a provider that gives up on a held answer races the test`);
    const emus = options.emus ?? [this.emu];
    for (const emu of emus) for (const w of options.writes) emu.control.fault({ ...w, kind: "timeout-after-commit", delayMs: HELD_MS });
    try {
      return await this.interruptWhen(args, options.how ?? "SIGKILL",
        () => emus.every((emu) => emu.control.held() > 0) && (options.when?.() ?? true), { ...options.env, ...WAITS_FOR_HELD });
    } finally {
      for (const emu of emus) {
        emu.control.clearFaults();
        emu.control.releaseHeld();
      }
    }
  }

  /** The language hosts of the last killed CLI still running after killWhen (none: killCli reaped them). */
  hostsLeft: number[] = [];

  /** `pulumi stack export`'s deployment: its resources (the stack and providers included) and pending operations. */
  async deployment(): Promise<{ resources: ExportedResource[]; pending_operations?: { type: string; resource: { urn: string } }[] }> {
    return JSON.parse((await this.must(["stack", "export"])).stdout).deployment;
  }

  async must(args: string[], input?: string): Promise<RunResult> {
    const r = await this.run(args, {}, input);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    return r;
  }

  /** Writes the data-driven program (tests/e2e/program) with these resources (and data sources, as outputs). */
  writeProgram(resources: ProgramResource[], dataSources: DataSourceSpec[] = []): void {
    if (!existsSync(join(this.dir, "index.js"))) {
      writeFileSync(join(this.dir, "Pulumi.yaml"), `name: ${this.name}\nruntime: nodejs\ndescription: e2e stack\n`);
      cpSync(join(__dirname, "program", "index.js"), join(this.dir, "index.js"));
    }
    writeFileSync(join(this.dir, "spec.json"), JSON.stringify({ resources, dataSources }, null, 2));
  }

  /**
   * Copies a program folder (an example) into the stack's folder. An example
   * names the provider plugin where npm installs it beside the program
   * (node_modules/pulumi-xads/bin); the stack's folder is below
   * .work/consumer, so the copy names PLUGIN_DIR (and a Go example's go.mod,
   * GO_SDK).
   */
  copyProgram(from: string): void {
    for (const entry of readdirSync(from)) {
      if (entry === "node_modules" || entry.startsWith("Pulumi.") && entry !== "Pulumi.yaml") continue;
      cpSync(join(from, entry), join(this.dir, entry), { recursive: true });
    }
    const project = join(this.dir, "Pulumi.yaml");
    if (existsSync(project)) writeFileSync(project, readFileSync(project, "utf8").replace("path: node_modules/pulumi-xads/bin", `path: ${PLUGIN_DIR}`));
    // A Go example requires the generated SDK by a path from the repository's root: the copy names GO_SDK.
    const goMod = join(this.dir, "go.mod");
    if (existsSync(goMod)) writeFileSync(goMod, readFileSync(goMod, "utf8").replace(GO_SDK_REPLACE, `pulumi-xads/sdk => ${GO_SDK}`));
  }

  /**
   * Writes a YAML program served by the installed package's provider plugin:
   * the project header (named after the stack, the plugin at PLUGIN_DIR),
   * then `body`, its top-level sections (config, variables, resources,
   * outputs) as YAML text.
   */
  writeYamlProgram(body: string): void {
    this.writePluginProject("yaml", body);
  }

  /**
   * Writes a TypeScript program on pulumi-xads/native: the project (runtime
   * nodejs, the plugin named as a YAML program names it), a strict
   * tsconfig.json, and `indexTs` as index.ts.
   */
  writeNativeProgram(indexTs: string): void {
    this.writePluginProject("nodejs", "");
    writeFileSync(join(this.dir, "tsconfig.json"), JSON.stringify(NATIVE_TSCONFIG, null, 2));
    writeFileSync(join(this.dir, "index.ts"), indexTs);
  }

  /**
   * Writes a Python program on the generated SDK (pulumi_xads, installed by
   * preparePythonSdk): the project (runtime python, the plugin named as a
   * YAML program names it) and `mainPy` as __main__.py. Run its commands
   * with pythonEnv().
   */
  writePythonProgram(mainPy: string): void {
    this.writePluginProject("python", "");
    writeFileSync(join(this.dir, "__main__.py"), mainPy);
  }

  /** Type-checks the program's TypeScript against the installed package (tsc --noEmit); throws with tsc's errors. */
  typeCheck(): void {
    execFileSync(join(CONSUMER, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", this.dir], { encoding: "utf8", stdio: "pipe" });
  }

  /** Pulumi.yaml of a project whose xads resources the installed package's plugin serves, then `body`. */
  private writePluginProject(runtime: "yaml" | "nodejs" | "python", body: string): void {
    writeFileSync(join(this.dir, "Pulumi.yaml"), `name: ${this.name}
runtime: ${runtime}
plugins:
  providers:
    - name: xads
      path: ${PLUGIN_DIR}
${body}`);
  }

  /** stack init plus the provider configuration (the demo account unless `accountId` names another), and (unless told not to) the credentials as secrets. */
  async init(options: { credentials?: boolean; accountId?: string } = {}): Promise<void> {
    await this.must(["stack", "init", "dev"]);
    // The plain values in one command: each CLI start costs the suite's time.
    await this.must(["config", "set-all", "--plaintext", `xads:accountId=${options.accountId ?? ACCOUNT_ID}`, "--plaintext", "xads:sandbox=true", "--plaintext", `xads:sandboxBaseUrl=${this.emu.sandboxUrl}`]);
    if (options.credentials === false) return;
    // On stdin: a value on the command line shows in the process list, and
    // one starting with "-" (random base64url does, 1 time in 64) is read as a flag.
    for (const [k, v] of Object.entries(this.creds)) await this.must(["config", "set", "--secret", `xads:${k}`], v);
  }

  up(): Promise<RunResult> { return this.run(["up", "--yes", "--skip-preview"]); }
  preview(...extra: string[]): Promise<RunResult> { return this.run(["preview", ...extra]); }

  async outputs(): Promise<Record<string, string>> {
    return JSON.parse((await this.must(["stack", "output", "--json"])).stdout);
  }

  /**
   * The xads resources of the state, as `pulumi stack export` shows them
   * (the stack itself and the providers left out), whichever way the program
   * declared them: a TypeScript program's dynamic ones, a YAML or Python
   * program's `xads:index:<Kind>` (kindOfResource, the one test of an xads
   * resource).
   */
  async exported(): Promise<ExportedResource[]> {
    // An empty stack's export has no resources at all.
    return ((await this.deployment()).resources ?? []).filter((r) => kindOfResource(r.type, r.inputs) !== undefined);
  }

  /** The exported resources of one xads kind (e.g. "Card"). */
  async exportedOf(kind: string): Promise<ExportedResource[]> {
    return (await this.exported()).filter((r) => kindOfResource(r.type, r.inputs) === kind);
  }

  /** The state file as the backend stores it. */
  stateFileText(): string {
    if (this.backendKind === "postgres") {
      // The postgres backend stores each file base64-encoded in a JSON column.
      const rows = postgres("psql", this.database, "-Atc", "SELECT data->>'data' FROM pulumi_state WHERE key LIKE '%.pulumi/stacks/%.json'");
      return rows.split("\n").filter(Boolean).map((b) => Buffer.from(b, "base64").toString("utf8")).join("\n");
    }
    // One project per stack folder: the backend files it under its name.
    const projects = join(this.backend, ".pulumi", "stacks");
    const stacks = join(projects, readdirSync(projects)[0] ?? "");
    return readdirSync(stacks).filter((f) => f.endsWith(".json")).map((f) => readFileSync(join(stacks, f), "utf8")).join("\n");
  }
}

// ------------------------------------------------- a second access token ---

/**
 * A new access token of the emulator's demo user for the application of
 * `creds` (its consumer key and secret): the three-legged PIN flow at the
 * emulator's platform address, as a second person's login would make it.
 */
export async function loginAnotherToken(emu: Emulator, creds: Credentials): Promise<{ accessToken: string; accessTokenSecret: string }> {
  // Loaded here: only the files that log a second token in need the OAuth signer.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHmac } = require("node:crypto") as typeof import("node:crypto");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const OAuth = require("oauth-1.0a") as typeof import("oauth-1.0a");
  const oauth = new OAuth({
    consumer: { key: creds.consumerKey, secret: creds.consumerSecret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
  const post = async (path: string, data: Record<string, string>, token?: { key: string; secret: string }) => {
    const url = `${emu.url}${path}`;
    const res = await fetch(url, { method: "POST", headers: { ...oauth.toHeader(oauth.authorize({ url, method: "POST", data }, token)) } });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return Object.fromEntries(new URLSearchParams(await res.text()));
  };
  const rt = await post("/oauth/request_token", { oauth_callback: "oob" });
  const approved = await fetch(`${emu.url}/oauth/authorize`, { method: "POST", body: new URLSearchParams({ oauth_token: rt.oauth_token!, allow: "Authorize app" }) });
  const pin = /<code id="oauth_pin">(\d+)<\/code>/.exec(await approved.text())![1]!;
  const at = await post("/oauth/access_token", { oauth_verifier: pin }, { key: rt.oauth_token!, secret: rt.oauth_token_secret! });
  return { accessToken: at.oauth_token!, accessTokenSecret: at.oauth_token_secret! };
}
