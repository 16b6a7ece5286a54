/**
 * Responses held back by a timeout-after-commit fault. Closing the emulator
 * releases them at once, so close() never waits out a 30 s hold.
 */
export class Holds {
  private readonly pending = new Set<() => void>();

  /** Resolves after `ms`, or as soon as releaseAll() is called. */
  hold(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        this.pending.delete(release);
        resolve();
      };
      const timer = setTimeout(release, ms);
      this.pending.add(release);
    });
  }

  releaseAll(): void {
    for (const release of [...this.pending]) release();
  }
}
