/**
 * The engine's steps running in this provider process, so that a gathered
 * call goes as soon as nothing more can join it.
 *
 * The engine runs at most `--parallel` steps at once, each in a worker that
 * waits on its provider call; it does not tell a provider that number.
 * When every step the provider is running is waiting in a gathered group
 * (`AdsClient.collect`) and they are as many as the most ever seen at once,
 * every worker is here: no item can come until a call is sent, so waiting
 * out the group's window would only leave the engine idle (at
 * `--parallel 8` and a 500 ms window, 126 waves of an `up` of 1,001
 * resources idled a minute). The most seen at once only grows towards
 * `--parallel`: seen too low, a group goes early and the next one is
 * larger; never too high, since no more steps than workers run.
 */
/** A gathered group of items not sent yet. */
export interface HeldGroup {
  readonly size: number;
  /** Sends the group now (it leaves the steps' groups through `sent`). */
  send(): void;
}

export class EngineSteps {
  private running = 0;
  private most = 0;
  private readonly held = new Set<HeldGroup>();

  /** Runs one step of the engine's (create, read, update, delete), counted while it runs. */
  async run<T>(step: () => Promise<T>): Promise<T> {
    this.running++;
    this.most = Math.max(this.most, this.running);
    try {
      return await step();
    } finally {
      this.running--;
    }
  }

  /** One more item waits in `group`: when every worker now waits in a group, every group is sent. */
  waiting(group: HeldGroup): void {
    this.held.add(group);
    let items = 0;
    for (const g of this.held) items += g.size;
    if (this.running > 0 && this.running >= this.most && items >= this.running) for (const g of [...this.held]) g.send();
  }

  /** `group` was sent. */
  sent(group: HeldGroup): void {
    this.held.delete(group);
  }
}

/** The provider process's steps: one engine drives it. */
export const engineSteps = new EngineSteps();
