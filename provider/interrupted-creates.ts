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
 * a blind send while one may exist.
 *
 * Only a provider the engine started reads the state (engine.ts
 * engineAddress); the pure part (`interruptedIn`) is tested without a CLI.
 */
import { execFile } from "node:child_process";
import type { Entity } from "./client/client";
import { LIMITS } from "./limits";
import { definitionOf, kindOfResource } from "./resources";
import type { Context } from "./resources/framework";

/** What a state says of its interrupted creates: the kinds they are of, and the ids its resources hold. */
export interface InterruptedCreates {
  kinds: ReadonlySet<string>;
  held: ReadonlySet<string>;
  /** When the state was last written (its manifest's time), if it says. */
  savedAtMs?: number;
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
  for (let i = 1; i < (cliArgv?.length ?? 0); i++) {
    const a = cliArgv![i]!;
    if (a === "--") break;
    const m = /^(?:--stack|-s)(?:=(.+))?$/.exec(a);
    if (m) return m[1] ?? cliArgv![i + 1];
  }
  return /^urn:pulumi:([^:]+)::/.exec(urn ?? "")?.[1];
}

/** Reads the stack's state with the CLI that started this process; rejects with one line saying why it could not. */
export function readInterruptedCreates(cli: string, stack: string | undefined): Promise<InterruptedCreates> {
  const args = ["stack", "export", "--non-interactive", ...(stack ? ["--stack", stack] : [])];
  return new Promise((resolve, reject) => {
    execFile(cli, args, { maxBuffer: 1 << 30, timeout: 120_000, env: process.env }, (err, stdout, stderr) => {
      if (err) {
        const line = /error: ([^\n]+)/.exec(stderr)?.[1] ?? (stderr.trim().split("\n")[0] || err.message);
        reject(new Error(`pulumi ${args.slice(0, 2).join(" ")} failed: ${line}`));
        return;
      }
      try {
        resolve(interruptedIn((JSON.parse(stdout) as { deployment?: Parameters<typeof interruptedIn>[0] }).deployment ?? {}));
      } catch (e) {
        reject(new Error(`pulumi stack export answered no state: ${(e as Error).message}`));
      }
    });
  });
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
  private readonly mine = new Set<string>();

  /**
   * `everyCreate`: look every create up first, not only those of kinds with a
   * pending create. So when the engine saves no intermediate checkpoints
   * (PULUMI_SKIP_CHECKPOINTS, `xads up --fast`): a run killed then leaves no
   * pending operation, only the state from before it (checkpointsSkipped).
   */
  constructor(private readonly read: (urn: string | undefined) => Promise<InterruptedCreates>, private readonly say: (line: string) => void, private readonly everyCreate = false) {}

  /**
   * Since when an entity may have been made by the run this one follows. A
   * pending create says its kind was in flight, whenever that was: any
   * time. With checkpoints skipped nothing says so, and every create is
   * looked up: only what was made since the state was last written (the
   * killed run started after that), with a minute's slack for clocks, so
   * that an older entity alike (another stack's, one made by hand) is not
   * taken.
   */
  private since(state: InterruptedCreates, kind: string): number {
    return this.everyCreate && !state.kinds.has(kind) && state.savedAtMs !== undefined ? state.savedAtMs - 60_000 : 0;
  }

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
    if (!this.everyCreate && !state.kinds.has(kind)) return undefined;
    const held = new Set([...state.held, ...this.mine]);
    // Items of a kind share the look-up's calls, as their creates do (look-up.ts): one wave of a batch, one list.
    const found = await ctx.client.collect<Record<string, unknown>, Entity | Error | undefined>(`interrupted|${kind}`, inputs, LIMITS.idsPerFilter,
      (items) => def.findCreated!(ctx, items.map((item) => ({ item, sentAtMs: this.since(state, kind) })), held));
    if (found instanceof Error) throw new Error(`an interrupted update left a create of this ${kind} pending, and looking it up failed, so nothing was sent: ${found.message}`);
    if (!found || this.mine.has(String(found.id))) return undefined;
    const id = String(found.id);
    this.mine.add(id);
    this.say(this.everyCreate
      ? `pulumi-xads: ${kind} ${id} is on the platform and in no state (made by an earlier update whose state was not saved: checkpoints are skipped): taken over, not created again`
      : `pulumi-xads: ${kind} ${id} was made by an interrupted update's create (pending in the state): taken over, not created again`);
    return { id, outs: def.outputsOf(inputs, found) as Record<string, unknown> };
  }
}

/** Whether the engine saves no intermediate checkpoints (PULUMI_SKIP_CHECKPOINTS, a boolean of Pulumi's environment): only the final state is written. */
export function checkpointsSkipped(env: Record<string, string | undefined> = process.env): boolean {
  return /^(1|true)$/i.test(env.PULUMI_SKIP_CHECKPOINTS ?? "");
}
