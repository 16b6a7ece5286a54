/**
 * Responses held back by a timeout-after-commit fault, and requests held
 * before they are handled by a `hold` fault. The control API releases them
 * (a test forces the order of events instead of racing a delay); closing
 * the emulator releases them at once, so close() never waits out a 30 s hold.
 */
export class Holds {
  private readonly pending = new Set<() => void>();

  /** How many are held now. */
  get count(): number {
    return this.pending.size;
  }

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

  /** Releases every hold; answers how many there were. */
  releaseAll(): number {
    const held = [...this.pending];
    for (const release of held) release();
    return held.length;
  }
}
