/**
 * A round trip's worth of waiting before each API request is handled, for
 * benchmarks that should see what a user sees (the real platform answers in
 * about 100-200 ms, the emulator in well under one): a base latency with
 * uniform jitter either side, so concurrent requests do not all answer at
 * the same instant. Off (0 ms) unless asked for.
 */

export interface LatencyConfig {
  /** The mean wait per request, in milliseconds. */
  ms: number;
  /** How far either side of `ms` one wait may fall; a tenth of `ms` by default. */
  jitterMs?: number;
}

/** One request's wait: `ms` plus or minus up to `jitterMs`, never below 0. */
export function latencyDelayMs(config: LatencyConfig, random: () => number = Math.random): number {
  const jitter = config.jitterMs ?? config.ms / 10;
  return Math.max(0, Math.round(config.ms + (random() * 2 - 1) * jitter));
}

/** Checks a latency setting, naming the bad field. */
export function checkLatency(config: LatencyConfig): LatencyConfig {
  if (!(Number.isFinite(config.ms) && config.ms >= 0)) throw new Error(`latency ms must be a number of at least 0, got ${config.ms}`);
  if (config.jitterMs !== undefined && !(Number.isFinite(config.jitterMs) && config.jitterMs >= 0)) {
    throw new Error(`latency jitterMs must be a number of at least 0, got ${config.jitterMs}`);
  }
  return { ms: config.ms, ...(config.jitterMs === undefined ? {} : { jitterMs: config.jitterMs }) };
}

/** The emulator's current latency; a reset goes back to the one it started with. */
export class Latency {
  private readonly initial: LatencyConfig;
  private current: LatencyConfig;

  constructor(initial: LatencyConfig = { ms: 0 }) {
    this.initial = checkLatency(initial);
    this.current = this.initial;
  }

  get config(): LatencyConfig {
    return { ...this.current };
  }

  set(config: LatencyConfig): void {
    this.current = checkLatency(config);
  }

  reset(): void {
    this.current = this.initial;
  }

  /** Waits one request's latency (nothing when off). */
  async wait(): Promise<void> {
    const ms = this.current.ms > 0 ? latencyDelayMs(this.current) : 0;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }
}
