/**
 * `xads up --wait-lock <duration> [-- <pulumi up arguments>]`: `pulumi up`
 * for pipelines that share a stack. With a DIY backend a second update of a
 * stack fails at once with "the stack is currently locked" (before it
 * changes anything); this runs `pulumi up` again while it fails that way,
 * saying who holds the lock and since when, until the bound. It never
 * removes a lock (`pulumi cancel` does, without stopping the update that
 * holds it: docs/gitops.md "A locked stack and `pulumi cancel`"). Any other outcome of
 * `pulumi up` is its own: output streamed as it comes, exit code passed on.
 */
import { ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { Command } from "commander";
import { resolve } from "node:path";
import { FAST_RUN_TAG, readFastRunMark, removeFastRunMark, RUN_VARIABLE } from "../provider/interrupted-creates";
import { flagValue, parallelFlag } from "../provider/engine";
import { CliError } from "./errors";
import { runRecover } from "./recover";
import { describeHolders, formatDuration, lockedBy, LockHolder, parseWaitLock, retryDelayMs } from "./up-lock";

/** What the lock check needs of a failed try: the end of its output (the error is its last lines). */
const KEPT_CHARS = 64 * 1024;

interface Io {
  out: (chunk: Buffer | string) => void;
  err: (chunk: Buffer | string) => void;
  say: (line: string) => void;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

/** The pulumi commands that write a stack's state and so take its lock, as xads runs them (`xads up`, `xads refresh`). */
export type LockingCommand = "up" | "refresh";

/** One `pulumi <command>`, its output streamed; resolves to its exit code and the end of what it printed. */
function pulumiRun(command: LockingCommand, args: string[], io: Io, onChild: (child: ChildProcess | undefined) => void, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn("pulumi", [command, ...args], { env, stdio: ["inherit", "pipe", "pipe"] });
    onChild(child);
    let output = "";
    const keep = (d: Buffer) => { output = (output + d.toString("utf8")).slice(-KEPT_CHARS); };
    child.stdout!.on("data", (d: Buffer) => { io.out(d); keep(d); });
    child.stderr!.on("data", (d: Buffer) => { io.err(d); keep(d); });
    child.on("error", (err) => reject(new CliError(`could not run pulumi ${command}: ${err.message} (is the pulumi CLI on PATH?)`)));
    child.on("close", (code, signal) => {
      onChild(undefined);
      resolvePromise({ code: code ?? (signal === "SIGINT" ? 130 : 143), output });
    });
  });
}

const stackOf = (holders: LockHolder[]) => holders.find((h) => h.stack)?.stack;

/** Runs the tries; resolves to the exit code (pulumi up's, or its last one when the bound is reached). */
export async function runUp(args: string[], waitText: string, io: Io, onChild: (child: ChildProcess | undefined) => void = () => {}, command: LockingCommand = "up", env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let waitMs: number;
  try {
    waitMs = parseWaitLock(waitText);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const deadline = io.now() + waitMs;
  for (let attempt = 1; ; attempt++) {
    const { code, output } = await pulumiRun(command, args, io, onChild, env);
    const holders = code === 0 ? undefined : lockedBy(output);
    if (!holders) return code;
    const stack = stackOf(holders) ? `stack ${stackOf(holders)}` : "the stack";
    const left = deadline - io.now();
    if (left <= 0) {
      io.say(
        `xads: ${stack} is still locked after --wait-lock ${waitText}, by ${describeHolders(holders, new Date(io.now()))}: this ${command === "up" ? "update" : "refresh"} changed nothing. ` +
          `If that update is gone (its job ended, was cancelled or its runner was lost), run xads recover --cancel, then xads ${command} again; ` +
          "a longer --wait-lock (at most 6h) waits for a long one.",
      );
      return code;
    }
    const delay = retryDelayMs(attempt, left);
    io.say(`xads ${command}: ${stack} is locked by ${describeHolders(holders, new Date(io.now()))}; trying again in ${formatDuration(delay)} (--wait-lock ${waitText}: ${formatDuration(left)} left)`);
    await io.sleep(delay);
  }
}

/** Runs `pulumi <command>` with --wait-lock, its signals passed on (a cancelled job's stops the command cleanly, which releases its lock). */
async function runWithSignals(command: LockingCommand, args: string[], waitLock: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let child: ChildProcess | undefined;
  const forward = (signal: NodeJS.Signals) => (child ? child.kill(signal) : process.exit(signal === "SIGINT" ? 130 : 143));
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  try {
    process.exitCode = await runUp(args, waitLock, {
      out: (d) => process.stdout.write(d),
      err: (d) => process.stderr.write(d),
      say: (line) => process.stderr.write(`${line}\n`),
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      now: () => Date.now(),
    }, (c) => (child = c), command, env);
  } finally {
    process.off("SIGINT", forward);
    process.off("SIGTERM", forward);
  }
}


/**
 * After an update that succeeded, the pending creates an interrupted one
 * left are cleared from the state (xads recover, without waiting: the
 * update has taken over what they made, provider/interrupted-creates.ts, or
 * created what they did not): the engine keeps them, and warns of them on
 * every run, until something imports the state. What the look-up finds
 * that no resource holds is named (a duplicate made before this version
 * took creates over). A recovery that cannot run (another update took the
 * lock meanwhile) is said; the update's exit code stands.
 */
async function clearPendingCreates(args: readonly string[]): Promise<void> {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  try {
    await runRecover({ stack: flagValue(args, "stack", "s"), cwd: resolve(flagValue(args, "cwd", "C") ?? "."), wait: false, quiet: true }, say);
  } catch (err) {
    say(`xads up: the pending operations an interrupted update left stay in the state (${err instanceof Error ? err.message : String(err)}): run xads recover`);
  }
}

/**
 * After an update that succeeded (its final state written), the fast-run
 * mark its provider left is removed (provider/interrupted-creates.ts
 * FAST_RUN_TAG): the run finished, and the next takes over nothing. Only
 * this run's mark: one another run wrote since stays. A mark that cannot be
 * removed is said; the next run then looks its creates up, sending nothing
 * twice.
 */
async function clearFastRunMark(args: readonly string[], run: string): Promise<void> {
  const stack = flagValue(args, "stack", "s");
  const cwd = resolve(flagValue(args, "cwd", "C") ?? ".");
  try {
    if ((await readFastRunMark("pulumi", stack, cwd))?.run === run) await removeFastRunMark("pulumi", stack, cwd);
  } catch (err) {
    process.stderr.write(`xads up: the stack's ${FAST_RUN_TAG} tag stays (${err instanceof Error ? err.message : String(err)}): the next update looks its creates up first; pulumi stack tag rm ${FAST_RUN_TAG} removes it\n`);
  }
}

/**
 * `xads up --fast`'s `--parallel` unless the user gave one. The engine runs
 * at most `--parallel` steps at once (GOMAXPROCS x 4 by default: 8 on 2
 * cores), and a batch of creates, updates or deletes goes once every one
 * of them waits in it (provider/client/steps.ts): at 8, 250 batches of 8 for
 * 2,000 resources went one after the other, a round trip each, and fast
 * `up` took 2.1x the engine's own floor (docs/performance.md, "Fast mode").
 * At this value a batch fills to the platform's 40 items and several are in
 * flight at once.
 */
export const FAST_PARALLEL = 160;

/** The arguments `xads up --fast` gives pulumi up: the user's, with FAST_PARALLEL unless they set `--parallel` (or PULUMI_PARALLEL). Pure. */
export function fastUpArgs(args: readonly string[], env: Record<string, string | undefined>): string[] {
  return parallelFlag(args) !== undefined || env.PULUMI_PARALLEL ? [...args] : [...args, "--parallel", String(FAST_PARALLEL)];
}

const WAIT_LOCK = ["--wait-lock <duration>", "how long to wait for another update's lock: 90s, 10m, 1h30m (at most 6h; 0: try once)", "0"] as const;

export function registerUp(program: Command): void {
  program
    .command("up")
    .summary("pulumi up that waits, within a bound, while another update of the stack holds its lock")
    .description(
      "Runs pulumi up with the arguments after --. With a DIY backend (file://, s3://, postgres://, ...) an update that finds " +
        "another update's lock on the stack fails at once, before it changes anything (\"the stack is currently locked\"). " +
        "With --wait-lock, xads up runs pulumi up again while it fails that way, saying who holds the lock and since when, " +
        "waiting 1 to 15 s between tries, until the bound; then it exits with pulumi up's exit code and says what to do. " +
        "It never removes a lock: pulumi cancel does, without stopping the update that holds it (docs/gitops.md, \"A locked stack and pulumi cancel\"). " +
        "Any other failure is pulumi up's own: its output as it came, its exit code. After an update that succeeded, it clears " +
        "the pending operations an interrupted update left in the state (xads recover, without waiting: the update took over " +
        "what they made), which the engine would otherwise warn of on every run.\n\n" +
        "Example (a pipeline): xads up --wait-lock 10m -- --yes --non-interactive --stack prod\n\n" +
        "--fast runs pulumi up without the engine's intermediate checkpoints (PULUMI_SKIP_CHECKPOINTS=true: the state is written " +
        "once, at the end), which on a DIY backend rewrites the whole state twice per resource and grows with the square of the " +
        "stack. It stays crash-safe: the provider marks the run in the stack's tag xads:fast-up before its first create, and xads up " +
        "removes the mark once the run succeeded; after a kill, a second Ctrl-C or a lost runner the mark stays, and the next " +
        "xads recover --cancel and xads up --fast look every create up on the platform (its natural key, made since the killed run " +
        "began) and take over what the interrupted run made instead of creating it again (docs/operations.md, \"Fast mode\"). " +
        "Unless the arguments give --parallel (or PULUMI_PARALLEL is set), it passes " +
        `--parallel ${FAST_PARALLEL}, so that creates, updates and deletes go in batches of the platform's 40 with several in flight ` +
        "(the engine's default, 4 a processor, sends small batches one after the other: docs/performance.md).",
    )
    .option(...WAIT_LOCK)
    .option("--fast", `skip the engine's intermediate checkpoints (PULUMI_SKIP_CHECKPOINTS=true) and run up to ${FAST_PARALLEL} steps at once unless --parallel is given; the run is marked in the stack's tag xads:fast-up until it succeeds, so a killed run is taken over by the next`)
    .argument("[pulumi-up-args...]", "arguments of pulumi up, after --")
    .action(async (args: string[], opts: { waitLock: string; fast?: boolean }) => {
      const run = randomUUID();
      const env = { ...process.env, [RUN_VARIABLE]: run };
      if (opts.fast) await runWithSignals("up", fastUpArgs(args, process.env), opts.waitLock, { ...env, PULUMI_SKIP_CHECKPOINTS: "true" });
      else await runWithSignals("up", args, opts.waitLock, env);
      if (process.exitCode === 0) {
        await clearFastRunMark(args, run);
        await clearPendingCreates(args);
      }
    });
  program
    .command("refresh")
    .summary("pulumi refresh that waits, within a bound, while another update of the stack holds its lock (the pull request's refresh before its preview)")
    .description(
      "Runs pulumi refresh with the arguments after --, as xads up runs pulumi up: while the stack is locked by another update it " +
        "tries again, saying who holds the lock and since when, until the bound. A pull request's job runs it before pulumi preview, " +
        "so the review sees the platform's values, not the last up's (docs/gitops.md, \"The review sees the platform\"); a refresh " +
        "writes the live values into the state and no entity.\n\n" +
        "Example (a pipeline): xads refresh --wait-lock 10m -- --yes --skip-preview --non-interactive --stack prod",
    )
    .option(...WAIT_LOCK)
    .argument("[pulumi-refresh-args...]", "arguments of pulumi refresh, after --")
    .action((args: string[], opts: { waitLock: string }) => runWithSignals("refresh", args, opts.waitLock));
}
