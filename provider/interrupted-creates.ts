/**
 * Creates an interrupted update left in flight, taken over by the next
 * `pulumi up` instead of sent again (docs/operations.md, "When an update is
 * interrupted").
 *
 * A second Ctrl-C, a SIGKILL of the CLI or a lost CI runner ends an update
 * whose creates may have committed on the platform: the state keeps them as
 * pending `creating` operations, and the engine's next `up` warns and calls
 * Create again, as if nothing had been made. So before the first create of
 * an `up`, the provider reads the stack's state (`pulumi stack export`, the
 * CLI that started it, in its folder: secrets stay ciphertext, only kinds
 * and ids are read) once per process. A create of a kind with a pending
 * create in that state is first looked up with the kind's own look-up (the
 * one a create without an answer uses: its natural key, held by no resource
 * of the state, nor taken or made by this process); what it finds is taken
 * over as the created entity, and only where it finds nothing is the create
 * sent. A look-up that fails, or that finds several, fails the create: never
 * a blind send while one may exist. A run with the engine's checkpoints
 * skipped leaves no pending operation; its mark (a stack tag, FAST_RUN_TAG)
 * says it ran until `xads up` clears it after the run succeeded.
 *
 * Only a provider the engine started reads the state (engine.ts
 * engineAddress); the pure part (`interruptedIn`) is tested without a CLI.
 */
import { execFile } from "node:child_process";
import type { Entity } from "./client/client";
import { flagValue } from "./engine";
import { LIMITS } from "./limits";
import { definitionOf, kindOfResource } from "./resources";
import type { Context } from "./resources/framework";

/** What a state says of its interrupted creates: the kinds they are of, and the ids its resources hold. */
export interface InterruptedCreates {
  kinds: ReadonlySet<string>;
  held: ReadonlySet<string>;
  /** When the state was last written (its manifest's time), if it says. */
  savedAtMs?: number;
  /**
   * The stack's fast-run mark (FAST_RUN_TAG) as this run found it: undefined
   * when it has none; null when the backend's tags could not be read.
   */
  mark?: FastRunMark | null;
}

/**
 * The stack tag that records a run with the engine's checkpoints skipped
 * (docs/operations.md, "Fast mode"). Such a run writes no state until it
 * ends, so a kill leaves nothing in the state that says it ran; the mark,
 * written before its first create, says it instead, until the `xads up`
 * that ran it clears it after the run succeeded (its final state written).
 * A mark of another run found at the start is an unfinished run: every
 * create is looked up among what was made since it started. No mark: the
 * last fast run finished, and nothing is looked up that no pending
 * operation names (an entity alike made meanwhile is another stack's).
 */
export const FAST_RUN_TAG = "xads:fast-up";

/**
 * A fast-run mark: `since`, when the earliest unfinished run began (its
 * writer's own start, or that of an unfinished run it found); `run`, the
 * run that wrote it (every provider process of one run shares it);
 * `found`, whether that run found an unfinished one (then `since` is that
 * run's start, not its own).
 */
export interface FastRunMark {
  sinceMs: number;
  run: string;
  found: boolean;
}

/** The tag's value: `<ISO time> <run> <found|none>`. Pure. */
export function fastRunTagValue(mark: FastRunMark): string {
  return `${new Date(mark.sinceMs).toISOString()} ${mark.run} ${mark.found ? "found" : "none"}`;
}

/** The mark a tag value says, or undefined when it is none of ours. Pure. */
export function parseFastRunTag(value: string | undefined): FastRunMark | undefined {
  const m = /^(\S+) (\S+) (found|none)$/.exec(value?.trim() ?? "");
  const sinceMs = m ? Date.parse(m[1]!) : NaN;
  return m && !Number.isNaN(sinceMs) ? { sinceMs, run: m[2]!, found: m[3] === "found" } : undefined;
}

/**
 * Since when this run looks up a create of another run that may have made
 * it, by what the stack says (pure): a pending create of the kind, any time
 * (0); an unfinished fast run, since it began, less a minute's slack for
 * clocks; none, undefined (the create is sent). `everyCreate` (checkpoints
 * skipped and the mark could not be kept): since the state was last
 * written, less the slack. `run`: this run's name.
 */
export function lookUpSince(state: InterruptedCreates, kind: string, run: string, everyCreate: boolean): number | undefined {
  if (state.kinds.has(kind)) return 0;
  const mark = state.mark;
  if (mark && (mark.run !== run || mark.found)) return mark.sinceMs - SLACK_MS;
  if (everyCreate) return state.savedAtMs !== undefined ? state.savedAtMs - SLACK_MS : 0;
  return undefined;
}

/** What this run writes as the mark before its first create (undefined: none), by the mark it found (pure). */
export function markToWrite(found: FastRunMark | undefined, run: string, nowMs: number, checkpointsAreSkipped: boolean): FastRunMark | undefined {
  if (found?.run === run) return undefined;
  if (found) return { sinceMs: found.sinceMs, run, found: true };
  return checkpointsAreSkipped ? { sinceMs: nowMs, run, found: false } : undefined;
}

const SLACK_MS = 60_000;

/** The variable `xads up` names its run in, for the provider processes of its `pulumi up` and for clearing the mark after it. */
export const RUN_VARIABLE = "XADS_UP_RUN";

/** This run's name: `xads up`'s, else the CLI process's (`<pid>@<start>`), else this process's own (then each process is a run of its own, which only looks up more). */
export function runOf(env: Record<string, string | undefined>, cliRun: string | undefined): string {
  return env[RUN_VARIABLE] || cliRun || `${process.pid}@${Date.now()}`;
}

interface StateResource {
  urn?: string;
  type?: string;
  id?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** The interrupted creates of a deployment (`pulumi stack export`'s `deployment`): pure. */
export function interruptedIn(deployment: { manifest?: { time?: string }; resources?: StateResource[]; pending_operations?: { type?: string; resource?: StateResource }[] }): InterruptedCreates {
  const kinds = new Set<string>();
  for (const op of deployment.pending_operations ?? []) {
    if (op.type !== "creating") continue;
    const kind = kindOfResource(op.resource?.type, op.resource?.inputs ?? op.resource?.outputs);
    if (kind) kinds.add(kind);
  }
  const held = new Set((deployment.resources ?? []).filter((r) => r.id && kindOfResource(r.type, r.inputs ?? r.outputs)).map((r) => r.id!));
  const savedAtMs = Date.parse(deployment.manifest?.time ?? "");
  return { kinds, held, ...(Number.isNaN(savedAtMs) ? {} : { savedAtMs }) };
}

/**
 * The stack an update runs on: the CLI's `--stack`/`-s` (the name as given,
 * `org/project/stack` included), else the stack of a resource's URN
 * (`urn:pulumi:<stack>::...`), else undefined (the folder's selected one). Pure.
 */
export function stackOf(cliArgv: readonly string[] | undefined, urn: string | undefined): string | undefined {
  return flagValue(cliArgv?.slice(1) ?? [], "stack", "s") ?? /^urn:pulumi:([^:]+)::/.exec(urn ?? "")?.[1];
}

/** Runs the CLI that started this process; resolves to its output, rejects with one line saying why it failed. */
function runCli(cli: string, args: string[], cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cli, args, { maxBuffer: 1 << 30, timeout: 120_000, env: process.env, ...(cwd ? { cwd } : {}) }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      const line = /error: ([^\n]+)/.exec(stderr)?.[1] ?? (stderr.trim().split("\n")[0] || err.message);
      reject(new Error(`pulumi ${args.slice(0, 2).join(" ")} failed: ${line}`));
    });
  });
}

const stackArgs = (stack: string | undefined) => ["--non-interactive", ...(stack ? ["--stack", stack] : [])];

/**
 * Reads the stack's state and its fast-run mark with the CLI that started
 * this process; rejects with one line saying why the state could not be
 * read (tags that cannot be read are `mark: null`).
 */
export async function readInterruptedCreates(cli: string, stack: string | undefined): Promise<InterruptedCreates> {
  const [exported, mark] = await Promise.all([
    runCli(cli, ["stack", "export", ...stackArgs(stack)]),
    readFastRunMark(cli, stack).catch(() => null),
  ]);
  let state: InterruptedCreates;
  try {
    state = interruptedIn((JSON.parse(exported) as { deployment?: Parameters<typeof interruptedIn>[0] }).deployment ?? {});
  } catch (e) {
    throw new Error(`pulumi stack export answered no state: ${(e as Error).message}`);
  }
  return { ...state, mark };
}

/** The stack's fast-run mark (undefined: none), read with `cli` in `cwd` (the program's folder; this process's by default). */
export async function readFastRunMark(cli: string, stack: string | undefined, cwd?: string): Promise<FastRunMark | undefined> {
  const tags = JSON.parse(await runCli(cli, ["stack", "tag", "ls", "--json", ...stackArgs(stack)], cwd)) as Record<string, string>;
  return parseFastRunTag(tags[FAST_RUN_TAG]);
}

/** Removes the stack's fast-run mark. */
export async function removeFastRunMark(cli: string, stack: string | undefined, cwd?: string): Promise<void> {
  await runCli(cli, ["stack", "tag", "rm", FAST_RUN_TAG, ...stackArgs(stack)], cwd);
}

/** Writes the stack's fast-run mark with the CLI that started this process (a stack tag: no lock is taken, the update holds it). */
export async function writeFastRunMark(cli: string, stack: string | undefined, mark: FastRunMark): Promise<void> {
  await runCli(cli, ["stack", "tag", "set", FAST_RUN_TAG, fastRunTagValue(mark), ...stackArgs(stack)]);
}

/** A create taken over: the entity an interrupted update's create made. */
export interface TakenOver {
  id: string;
  outs: Record<string, unknown>;
}

/**
 * The takeover of one process: the state read once (`read`, on the first
 * create), and the ids this process took over or created, which no later
 * look-up may take again.
 */
export class InterruptedCreateGuard {
  private state?: Promise<InterruptedCreates>;
  private marked?: Promise<void>;
  /** Every create is looked up since the state was saved: checkpoints are skipped and the mark could not be kept. */
  private everyCreate = false;
  private readonly mine = new Set<string>();

  /**
   * `read`: the state and the mark as the run starts; `mark`: writes the
   * mark; `run`: this run's name (every provider process of the run has
   * the same); `checkpointsSkipped`: the engine saves no intermediate
   * checkpoints (PULUMI_SKIP_CHECKPOINTS, `xads up --fast`), so a killed run
   * leaves no pending operation, only the mark.
   */
  constructor(
    private readonly read: (urn: string | undefined) => Promise<InterruptedCreates>,
    private readonly say: (line: string) => void,
    private readonly options: { run: string; checkpointsSkipped?: boolean; mark?: (urn: string | undefined, mark: FastRunMark) => Promise<void>; now?: () => number } = { run: "" },
  ) {}

  /**
   * Reads the state once, before this run's first create can be pending in
   * it: the engine writes a create's pending operation before it calls
   * Create, and every resource is checked before it is created, so the first
   * check waits for this read. Read later, the state would hold this run's
   * own creates as pending, and a create would take over an entity alike
   * that is not its own (another stack's). Never rejects: a failed read
   * fails the creates (takeOver), not the checks.
   */
  async ready(urn?: string): Promise<void> {
    await (this.state ??= this.read(urn)).catch(() => undefined);
  }

  /** An id this process created: no look-up takes it. */
  made(id: string): void {
    this.mine.add(id);
  }

  /**
   * Before this run's first create: the mark, where this run must leave one
   * (checkpoints skipped, or an unfinished run's to carry on). A mark that
   * cannot be kept, with checkpoints skipped, makes every create a look-up
   * since the state was saved, said once.
   */
  private keepMark(state: InterruptedCreates, urn: string | undefined): Promise<void> {
    return (this.marked ??= (async () => {
      const skipped = this.options.checkpointsSkipped ?? false;
      const unkept = (why: string) => {
        if (!skipped) return;
        this.everyCreate = true;
        this.say(`pulumi-xads: the stack's ${FAST_RUN_TAG} tag ${why}: with checkpoints skipped every create is looked up first among what was made since the state was last saved (docs/operations.md, "Fast mode")`);
      };
      if (state.mark === null) return unkept("could not be read");
      const mark = markToWrite(state.mark, this.options.run, (this.options.now ?? Date.now)(), skipped);
      if (!mark || !this.options.mark) return mark ? unkept("cannot be written here") : undefined;
      await this.options.mark(urn, mark).catch((err: Error) => unkept(`could not be written (${err.message})`));
    })());
  }

  /**
   * The entity an interrupted create of this item made, or undefined when the
   * create is to be sent (no interrupted create of its kind, or none found).
   * Throws when the state cannot be read or the look-up cannot tell.
   */
  async takeOver(ctx: Context, kind: string, inputs: Record<string, unknown>, urn?: string): Promise<TakenOver | undefined> {
    const def = definitionOf(kind);
    if (inputs.adoptId || !def.findCreated) return undefined;
    let state: InterruptedCreates;
    try {
      state = await (this.state ??= this.read(urn));
    } catch (err) {
      throw new Error(`the stack's state could not be read to look for creates an interrupted update left (${(err as Error).message}), so nothing was sent: ` +
        "run pulumi up again once it can be read, or xads recover first (docs/operations.md, \"When an update is interrupted\")");
    }
    await this.keepMark(state, urn);
    const since = lookUpSince(state, kind, this.options.run, this.everyCreate);
    if (since === undefined) return undefined;
    const held = new Set([...state.held, ...this.mine]);
    // Items of a kind share the look-up's calls, as their creates do (look-up.ts): one wave of a batch, one list.
    const found = await ctx.client.collect<Record<string, unknown>, Entity | Error | undefined>(`interrupted|${kind}`, inputs, LIMITS.idsPerFilter,
      (items) => def.findCreated!(ctx, items.map((item) => ({ item, sentAtMs: since })), held));
    if (found instanceof Error) throw new Error(`an interrupted update left a create of this ${kind} pending, and looking it up failed, so nothing was sent: ${found.message}`);
    if (!found || this.mine.has(String(found.id))) return undefined;
    const id = String(found.id);
    this.mine.add(id);
    this.say(state.kinds.has(kind)
      ? `pulumi-xads: ${kind} ${id} was made by an interrupted update's create (pending in the state): taken over, not created again`
      : `pulumi-xads: ${kind} ${id} is on the platform and in no state (made by an earlier update whose state was not saved: checkpoints are skipped): taken over, not created again`);
    return { id, outs: def.outputsOf(inputs, found) as Record<string, unknown> };
  }
}

/** Whether the engine saves no intermediate checkpoints (PULUMI_SKIP_CHECKPOINTS, a boolean of Pulumi's environment): only the final state is written. */
export function checkpointsSkipped(env: Record<string, string | undefined> = process.env): boolean {
  return /^(1|true)$/i.test(env.PULUMI_SKIP_CHECKPOINTS ?? "");
}
