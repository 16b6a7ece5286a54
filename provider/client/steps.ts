/**
 * The engine's steps running in this provider process, so that a gathered
 * call goes as soon as nothing more can join it.
 *
 * The engine runs at most `--parallel` steps at once, each in a worker that
 * waits on its provider call. When every step the provider is running waits
 * in a gathered group (`AdsClient.collect`) and they are `--parallel`
 * steps, every worker is here: no item can come until a call is sent, so
 * waiting out the group's window would only leave the engine idle (at
 * `--parallel 8` and a 500 ms window, an `up` of 1,001 resources idled a
 * minute in 126 waves). Fewer steps than that leave the window to decide:
 * the engine may have a free worker and more creates to start. The engine
 * does not tell a provider its `--parallel` (engine.ts `engineParallel`
 * reads it from the CLI); unknown, every group waits out its window.
 */
import { availableParallelism } from "node:os";
import { cliCommandLine, engineAddress, engineParallel } from "../engine";

/** A gathered group of items not sent yet. */
export interface HeldGroup {
  readonly size: number;
  /** A group of writes (batch creates, updates, deletes), whose steps read nothing after it; reads are the rest. */
  readonly writes?: boolean;
  /** Sends the group now, because every engine worker waits (it leaves the steps' groups through `sent`). */
  send(sent: "engine"): void;
}

export class EngineSteps {
  private running = 0;
  private readonly held = new Set<HeldGroup>();

  /** `parallel`: the engine's `--parallel`, when known. */
  constructor(private readonly parallel?: number) {}

  /** Runs one step of the engine's (create, read, update, delete), counted while it runs. */
  async run<T>(step: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await step();
    } finally {
      this.running--;
    }
  }

  /** One more item waits in `group`: when every worker now waits in a group, groups are sent (check). */
  waiting(group: HeldGroup): void {
    this.held.add(group);
    this.check();
  }

  /**
   * When every worker waits in a group, the reads go first: a step that
   * reads before it writes (an update reads what it would overwrite, a
   * create in fast mode is looked up) brings its write once its read is
   * answered, so the groups of writes wait for it and go fuller (a budget
   * change on 1,000 campaigns at --parallel 160 sent part-full batches with
   * the reads: 26 POSTs where 25 hold it). With no read among them, every
   * group goes.
   */
  private check(): void {
    if (this.parallel === undefined || this.running < this.parallel) return;
    let items = 0;
    for (const g of this.held) items += g.size;
    if (items < this.running) return;
    const reads = [...this.held].filter((g) => !g.writes);
    for (const g of reads.length > 0 ? reads : [...this.held]) g.send("engine");
  }

  /** `group` was sent. */
  sent(group: HeldGroup): void {
    this.held.delete(group);
  }
}

/** The provider process's steps: the engine that started it drives them (elsewhere its parallelism is unknown). */
export const engineSteps = new EngineSteps(engineAddress() ? engineParallel(cliCommandLine(), process.env, availableParallelism()) : undefined);
