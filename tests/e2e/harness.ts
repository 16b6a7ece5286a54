/**
 * e2e harness: the real `pulumi` CLI (built by `make pulumi`) against the
 * emulator, with the local file backend. The package is installed from its
 * tarball into .work/consumer (a real node_modules folder: DESIGN.md rule 4)
 * by `make consumer`; stacks live below it so their programs resolve it.
 */
import { ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { startEmulator } from "../../emulator";

export const ROOT = resolve(__dirname, "..", "..");
export const WORK = join(ROOT, ".work");
export const CONSUMER = join(WORK, "consumer");

export type Emulator = Awaited<ReturnType<typeof startEmulator>>;

export interface Credentials {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

export const ACCOUNT_ID = "18ce54d4x5t";

/** Made up for each run, so a test can grep for them. */
export function randomCredentials(): Credentials {
  const r = () => randomBytes(18).toString("base64url");
  return { consumerKey: r(), consumerSecret: r(), accessToken: r(), accessTokenSecret: r() };
}

/** Where `make pulumi` put the CLI (tools/pulumi/build.sh prints it). */
export function pulumiDir(): string {
  if (process.env.XADS_PULUMI_DIR) return process.env.XADS_PULUMI_DIR;
  const cache = process.env.XDG_CACHE_HOME ?? join(process.env.HOME ?? "/root", ".cache");
  return join(cache, "pulumi-xads", "pulumi-v3.259.0");
}

export function assertPrepared(): void {
  if (!existsSync(join(pulumiDir(), "pulumi"))) throw new Error(`no pulumi CLI in ${pulumiDir()}: run make pulumi (make test does)`);
  if (!existsSync(join(CONSUMER, "node_modules", "pulumi-xads"))) throw new Error("pulumi-xads is not installed in .work/consumer: run make consumer (make test does)");
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface ResourceSpec {
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

/** One Pulumi stack: a program folder, its own file backend, and the CLI. */
export class Stack {
  readonly dir: string;
  readonly backend: string;
  /** Everything the CLI printed, for the leak checks. */
  readonly transcript: string[] = [];

  constructor(readonly name: string, readonly emu: Emulator, readonly creds: Credentials) {
    this.dir = join(CONSUMER, "stacks", name);
    this.backend = join(this.dir, ".state");
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.backend, { recursive: true });
  }

  env(): NodeJS.ProcessEnv {
    const { XADS_CONSUMER_KEY: _a, XADS_CONSUMER_SECRET: _b, XADS_ACCESS_TOKEN: _c, XADS_ACCESS_TOKEN_SECRET: _d, ...rest } = process.env;
    return {
      ...rest,
      PATH: `${pulumiDir()}:${process.env.PATH}`,
      PULUMI_HOME: join(WORK, "pulumi-home"),
      PULUMI_BACKEND_URL: `file://${this.backend}`,
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
  run(args: string[], extraEnv: NodeJS.ProcessEnv = {}, input?: string): Promise<RunResult> {
    return this.finished(spawn(join(pulumiDir(), "pulumi"), [...args, "--non-interactive"], {
      cwd: this.dir, env: { ...this.env(), ...extraEnv }, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    }), input);
  }

  /** The real CLI as a process of its own, for tests that kill it; its output is dropped. */
  start(args: string[]): ChildProcess {
    return spawn(join(pulumiDir(), "pulumi"), [...args, "--non-interactive"], { cwd: this.dir, env: this.env(), stdio: "ignore" });
  }

  /** The installed `xads` command (a user's bin), with the stack's environment and folder; never throws on a non-zero exit. */
  xads(args: string[]): Promise<RunResult> {
    const bin = join(CONSUMER, "node_modules", "pulumi-xads", "dist", "cli", "index.js");
    return this.finished(spawn(process.execPath, [bin, ...args], { cwd: this.dir, env: this.env(), stdio: ["ignore", "pipe", "pipe"] }));
  }

  /** A command's output and exit code, once it ended; the output joins the transcript. */
  private finished(child: ChildProcess, input?: string): Promise<RunResult> {
    return new Promise((resolvePromise, reject) => {
      if (input !== undefined) child.stdin!.end(input);
      let stdout = "";
      let stderr = "";
      child.stdout!.on("data", (d) => (stdout += d));
      child.stderr!.on("data", (d) => (stderr += d));
      child.on("error", reject);
      child.on("close", (code) => {
        this.transcript.push(`${stdout}\n${stderr}`);
        resolvePromise({ code: code ?? -1, stdout, stderr });
      });
    });
  }

  /** `pulumi stack export`'s deployment: its resources and pending operations. */
  async deployment(): Promise<{ resources: { urn: string; type: string; id?: string }[]; pending_operations?: { type: string; resource: { urn: string } }[] }> {
    return JSON.parse((await this.must(["stack", "export"])).stdout).deployment;
  }

  async must(args: string[], input?: string): Promise<RunResult> {
    const r = await this.run(args, {}, input);
    if (r.code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
    return r;
  }

  /** Writes the data-driven program (tests/e2e/program) with these resources (and data sources, as outputs). */
  writeProgram(resources: ResourceSpec[], dataSources: DataSourceSpec[] = []): void {
    if (!existsSync(join(this.dir, "index.js"))) {
      writeFileSync(join(this.dir, "Pulumi.yaml"), `name: ${this.name}\nruntime: nodejs\ndescription: e2e stack\n`);
      cpSync(join(__dirname, "program", "index.js"), join(this.dir, "index.js"));
    }
    writeFileSync(join(this.dir, "spec.json"), JSON.stringify({ resources, dataSources }, null, 2));
  }

  /** Copies a program folder (an example) into the stack's folder. */
  copyProgram(from: string): void {
    for (const entry of readdirSync(from)) {
      if (entry === "node_modules" || entry.startsWith("Pulumi.") && entry !== "Pulumi.yaml") continue;
      cpSync(join(from, entry), join(this.dir, entry), { recursive: true });
    }
  }

  /** stack init plus the provider configuration, credentials as secrets. */
  async init(): Promise<void> {
    await this.must(["stack", "init", "dev"]);
    await this.must(["config", "set", "xads:accountId", ACCOUNT_ID]);
    await this.must(["config", "set", "xads:sandbox", "true"]);
    await this.must(["config", "set", "xads:sandboxBaseUrl", this.emu.sandboxUrl]);
    // On stdin: a value on the command line shows in the process list, and
    // one starting with "-" (random base64url does, 1 time in 64) is read as a flag.
    for (const [k, v] of Object.entries(this.creds)) await this.must(["config", "set", "--secret", `xads:${k}`], v);
  }

  up(): Promise<RunResult> { return this.run(["up", "--yes", "--skip-preview"]); }
  preview(...extra: string[]): Promise<RunResult> { return this.run(["preview", ...extra]); }

  async outputs(): Promise<Record<string, string>> {
    return JSON.parse((await this.must(["stack", "output", "--json"])).stdout);
  }

  /** The state file as the backend stores it. */
  stateFileText(): string {
    // One project per stack folder: the backend files it under its name.
    const projects = join(this.backend, ".pulumi", "stacks");
    const stacks = join(projects, readdirSync(projects)[0] ?? "");
    return readdirSync(stacks).filter((f) => f.endsWith(".json")).map((f) => readFileSync(join(stacks, f), "utf8")).join("\n");
  }
}

export async function startStackEmulator(): Promise<{ emu: Emulator; creds: Credentials }> {
  assertPrepared();
  const creds = randomCredentials();
  const emu = await startEmulator({ port: 0, credentials: creds });
  return { emu, creds };
}
