/**
 * The platform's clock in the emulator: the time of every timestamp it
 * writes (created_at and updated_at, an account history entry's
 * change_time, a Tweet id, "now" for scheduled times and audience
 * expiries). Real time unless the control API moves it (README "Control":
 * `advanceClock`, `setClock`), so a test orders whole-second timestamps
 * by moving the clock instead of sleeping across seconds. Signature
 * timestamps, rate-limit windows and the auth clock keep the plain clock:
 * clients sign with, and wait by, their own.
 */
import type { Clock } from "./store";

export class PlatformClock {
  private offsetMs = 0;

  constructor(private readonly plain: Clock) {}

  /** Epoch milliseconds on the platform's clock. */
  readonly now: Clock = () => this.plain() + this.offsetMs;

  /** Moves the clock `ms` forward; it keeps running from there. */
  advance(ms: number): void {
    if (!(Number.isFinite(ms) && ms > 0)) throw new Error(`advanceMs must be a positive number of milliseconds, got ${ms}`);
    this.offsetMs += ms;
  }

  /** Sets the clock to `ms` (epoch milliseconds); it keeps running from there. */
  set(ms: number): void {
    if (!Number.isFinite(ms)) throw new Error(`the time must be a number of epoch milliseconds, got ${ms}`);
    this.offsetMs = ms - this.plain();
  }

  /** Back to real time (the plain clock). */
  reset(): void {
    this.offsetMs = 0;
  }
}
