/**
 * `xads recover`: after an interrupted `pulumi up` (SIGKILL, a cancelled or
 * timed-out CI job) the state holds pending creates: resources the engine
 * asked the provider to create and never heard back about. Pulumi's next
 * `up` creates them again, and keeps the pending operations; a duplicate
 * campaign or promoted Tweet is real money.
 *
 * This command reads the state (`pulumi stack export`), looks each pending
 * create's entity up with its kind's own look-up (the one a create without
 * an answer uses: natural key, created since the update, held by no
 * resource), and writes the state back (`pulumi stack import`) with the
 * entities found as resources and no pending operation. The next `pulumi up`
 * creates only what was not made. Nothing is written unless every pending
 * create was decided; secrets stay ciphertext throughout.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { Entity } from "../provider/client/client";
import { redact } from "../provider/client/errors";
import { DEFAULT_TIMEOUT_MS, writeSettledAtMs } from "../provider/client/retry";
import { SETTINGS } from "../provider/config";
import { definitionOf } from "../provider/resources";
import { openStackConfig, pulumiErrorLine } from "./auth/stack-config";
import { CliError } from "./errors";
import { nameOf } from "./properties";
import { Deployment, Found, heldIds, interruptedLine, nextStep, PendingCreate, pendingOperations, recoveredDeployment } from "./recover-plan";
import { ClientContext, StackProviders } from "./stack-providers";

export interface RecoverOptions {
  stack?: string;
  cwd: string;
  dryRun?: boolean;
  since?: string;
  wait: boolean;
  cancel?: boolean;
  /** Say nothing when there is nothing to recover (xads up recovers first: cli/up.ts). */
  quiet?: boolean;
}

/** How far before the interrupted update's last checkpoint its creates may have been sent (queues, rate limits, batches). */
const SEND_WINDOW_MS = 60 * 60_000;

/** Runs the `pulumi` on PATH in the program's folder; secrets never pass its command line. */
function pulumi(cwd: string, args: string[], secrets: string[]): Promise<string> {
  return run(cwd, args).then(({ code, stdout, stderr }) => {
    if (code === 0) return stdout;
    throw new CliError(redact(`pulumi ${args.slice(0, 2).join(" ")} failed: ${pulumiErrorLine(stderr || stdout)}`, secrets));
  });
}

function run(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("pulumi", [...args, "--non-interactive"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", (err) => reject(new CliError(`could not run pulumi ${args[0]}: ${err.message} (is the pulumi CLI on PATH?)`)));
    child.on("close", (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * The folder of a file backend (`file://...`), from PULUMI_BACKEND_URL or
 * what `pulumi whoami` says (it prints the address even when the state
 * cannot be read); undefined for other backends.
 */
async function fileBackend(cwd: string): Promise<string | undefined> {
  const url = process.env.PULUMI_BACKEND_URL || /Backend URL: (\S+)/.exec((await run(cwd, ["whoami", "--verbose"])).stdout)?.[1];
  if (!url?.startsWith("file://")) return undefined;
  const path = decodeURIComponent(url.slice("file://".length).replace(/\?.*$/, ""));
  return path.startsWith("~") ? join(homedir(), path.slice(1)) : path;
}

/**
 * A SIGKILL can tear the file backend's metadata: its blob library writes
 * each file's `.attrs` beside it in place, and an empty one fails every
 * command on the stack with "failed to load checkpoint: EOF". An empty
 * attributes file is never valid, and without one the file is read with no
 * attributes: they are removed. Answers the files removed.
 */
export function repairTornAttributes(backendDir: string): string[] {
  const removed: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".attrs") && statSync(path).size === 0) {
        unlinkSync(path);
        removed.push(path);
      }
    }
  };
  if (existsSync(join(backendDir, ".pulumi"))) walk(join(backendDir, ".pulumi"));
  return removed;
}

/** A pending create's outcome: its entity, none made, or why it cannot be told. */
type Outcome = { entity: Entity } | { none: string } | { unknown: string };

async function lookUp(ctx: ClientContext, create: PendingCreate, sinceMs: number, held: ReadonlySet<string>): Promise<Outcome> {
  const def = definitionOf(create.kind);
  if (!def.findCreated) return { none: `a ${create.kind} cannot be looked up: the next pulumi up sends its create again (settings and member lists repeat harmlessly)` };
  const [found] = await def.findCreated(ctx, [{ item: create.inputs, sentAtMs: sinceMs }], held);
  if (found instanceof Error) return { unknown: found.message };
  return found ? { entity: found } : { none: "none was created: the next pulumi up creates it" };
}

export async function runRecover(opts: RecoverOptions, say: (line: string) => void): Promise<void> {
  const backendDir = await fileBackend(opts.cwd);
  for (const file of backendDir ? repairTornAttributes(backendDir) : []) say(`xads recover: removed ${file}: empty (torn when the update was killed), it kept the stack from loading`);
  const stackConfig = await openStackConfig(opts.cwd, opts.stack);
  const { stackName, workDir, values } = stackConfig;
  const secrets = Object.values(SETTINGS).filter((s) => s.secret).map((s) => values[s.key] ?? process.env[s.env]).filter((v): v is string => !!v);
  // Without --show-secrets: secrets stay ciphertext, in the export and in what is imported.
  const state = JSON.parse(await pulumi(workDir, ["stack", "export", "--stack", stackName], secrets)) as { deployment: Deployment };
  const deployment = state.deployment;
  const { creates, foreign, others } = pendingOperations(deployment);
  if (creates.length + foreign.length + others.length === 0) {
    if (opts.cancel) await pulumi(workDir, ["cancel", "--yes", "--stack", stackName], secrets);
    if (!opts.quiet) say(`xads recover: stack ${stackName} has no pending operation: nothing to recover`);
    return;
  }
  if (foreign.length > 0) {
    throw new CliError(`stack ${stackName} has pending creates of other providers' resources (${foreign.map((op) => op.resource.urn).join(", ")}): ` +
      "only their provider can tell whether they were made; resolve them with pulumi refresh, then run xads recover again. Nothing was changed.");
  }

  // Each pending create is looked up through the provider it was sent by (its account, address and credentials):
  // the providers' settings come from the state with its secrets revealed, in memory only (cli/stack-providers.ts).
  // Read only when a create is to be looked up (updates and deletes pending are not).
  const revealedState = creates.length > 0 ? JSON.parse(await pulumi(workDir, ["stack", "export", "--show-secrets", "--stack", stackName], secrets)) as { deployment: Deployment } : { deployment: {} };
  const providers = new StackProviders(revealedState.deployment, values, say);
  secrets.push(...providers.secrets());
  const unreadable = [...new Set(creates.map((c) => providers.of(c.resource)).filter((p) => !p.ctx).map((p) => p.problem!))];
  if (unreadable.length > 0) {
    throw new CliError(`the pending creates of stack ${stackName} cannot be looked up, so nothing was changed (the lock of the interrupted update is kept):\n  ${unreadable.map((p) => redact(p, secrets)).join("\n  ")}`);
  }
  const contexts = new Map(creates.map((c) => [c, providers.of(c.resource).ctx!]));
  const lastCheckpointMs = Date.parse(deployment.manifest?.time ?? "") || Date.now();
  // A create the killed update sent may still be on its way: the provider holds a resend for as long (docs/architecture.md rule 7).
  const timeoutMs = Math.max(0, ...[...contexts.values()].map((ctx) => ctx.config.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS));
  const waitMs = writeSettledAtMs(lastCheckpointMs, timeoutMs) - Date.now();
  if (opts.wait && waitMs > 0 && creates.length > 0) {
    say(`xads recover: waiting ${Math.ceil(waitMs / 1000)} s: a create the interrupted update sent may still be on its way`);
    await new Promise((r) => setTimeout(r, waitMs));
  }
  const sinceMs = opts.since !== undefined ? Date.parse(opts.since) : lastCheckpointMs - SEND_WINDOW_MS;
  if (Number.isNaN(sinceMs)) throw new CliError(`--since must be an ISO 8601 time, e.g. 2026-05-01T12:00:00Z, got "${opts.since}"`);

  const held = heldIds(deployment);
  const outcomes = await Promise.all(creates.map((c) => lookUp(contexts.get(c)!, c, sinceMs, held)));

  const found: Found[] = [];
  const undecided: string[] = [];
  for (const [i, c] of creates.entries()) {
    const o = outcomes[i]!;
    const what = `${c.kind} ${nameOf(c.urn)}`;
    if ("unknown" in o) undecided.push(`${what}: ${redact(o.unknown, secrets)}`);
    // A later up took over (or made) it already: the state holds the URN.
    else if ("none" in o) say(`xads recover: ${what}: ${c.heldAs ? `the state holds it already (${c.heldAs}): nothing to take in` : o.none}`);
    else if (c.heldAs) {
      say(`xads recover: ${what}: the state already holds it as ${c.heldAs}; the interrupted create also made ${o.entity.id}, which no resource holds: delete it in the ads UI, or declare it with adoptId`);
    } else {
      found.push({ urn: c.urn, id: String(o.entity.id), outputs: definitionOf(c.kind).outputsOf(c.inputs, o.entity) as Record<string, unknown> });
      say(`xads recover: ${what}: found ${o.entity.id}, taken into the state`);
    }
  }
  for (const op of others) say(`xads recover: ${interruptedLine(op, nameOf(op.resource.urn))}`);
  if (undecided.length > 0) {
    throw new CliError(`could not tell whether these pending creates were made, so nothing was changed:\n  ${undecided.join("\n  ")}\nRun xads recover again once the API answers.`);
  }
  if (opts.dryRun) {
    say(`xads recover: --dry-run: the state of ${stackName} was not changed`);
    return;
  }
  // The killed update's lock: only the one who knows it is dead says so.
  if (opts.cancel) await pulumi(workDir, ["cancel", "--yes", "--stack", stackName], secrets);
  const dir = mkdtempSync(join(tmpdir(), "xads-recover-"));
  try {
    const file = join(dir, "deployment.json");
    writeFileSync(file, JSON.stringify({ ...state, deployment: recoveredDeployment(deployment, found) }), { mode: 0o600 });
    await pulumi(workDir, ["stack", "import", "--file", file, "--stack", stackName], secrets);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const next = creates.every((c) => c.heldAs) && others.length === 0 ? "" : ` ${nextStep({ creates, foreign, others })}`;
  say(`xads recover: stack ${stackName}: ${found.length} found and taken into the state, no pending operation left.${next}`);
}

export function registerRecover(program: Command): void {
  program
    .command("recover")
    .summary("after an interrupted pulumi up: take what its pending creates made into the state, so the next up creates nothing twice")
    .description(
      "When pulumi up is killed (SIGKILL, a cancelled or timed-out CI job), the state keeps pending creates: resources whose " +
        "create was sent, but whose answer never reached the state. The next pulumi up would create them again. This command " +
        "reads the state (pulumi stack export), looks each pending create's entity up on the platform (by what its kind is " +
        "found by after a create without an answer, made since the update, held by no resource), and writes the state back " +
        "(pulumi stack import) with the entities found as resources and no pending operation. Then run pulumi up: it creates only " +
        "what was not made.\n\n" +
        "Run it once the interrupted update is gone (its CI job ended); --cancel releases that update's lock (pulumi cancel). " +
        "With the file backend it first removes the empty metadata files a kill can leave, which keep every command from " +
        "loading the stack (\"failed to load checkpoint: EOF\"). Nothing is written unless every pending create was decided. " +
        "Each pending create is looked up through its own provider, as the update sent it: an explicit provider (xads.Provider, a " +
        "YAML pulumi:providers:xads) with the account, address and credentials the state holds for it, revealed in memory " +
        "only; the stack's xads:* config for the others. A setting a provider's state lacks is read from XADS_* as the provider " +
        "read it; a provider whose credentials are missing here is named with the variables to set, and nothing is looked up " +
        "with another provider's credentials. Needs the pulumi CLI on PATH and the stack's backend (and passphrase).",
    )
    .option("-s, --stack <name>", "the stack (default: the selected stack of --cwd)")
    .option("-C, --cwd <dir>", "the Pulumi project folder", ".")
    .option("--dry-run", "say what would change, write nothing")
    .option("--since <time>", "entities made since this ISO time count (default: an hour before the update's last checkpoint)")
    .option("--cancel", "first release the interrupted update's lock (pulumi cancel): only when that update is surely gone")
    .option("--no-wait", "do not wait out the request time-out after the interrupted update's last checkpoint")
    .action(async (opts: RecoverOptions) => {
      await runRecover({ ...opts, cwd: resolve(opts.cwd) }, (line) => process.stderr.write(`${line}\n`));
    });
}
