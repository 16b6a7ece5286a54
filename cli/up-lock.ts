/**
 * The pure half of `xads up --wait-lock`: the bound it is given, the lock
 * failure it waits on, and how long it sleeps between tries.
 *
 * A DIY backend (file://, s3://, postgres://...) locks a stack by writing a
 * lock file under .pulumi/locks/ and listing the folder again: no
 * compare-and-swap. An update that finds another's lock fails at once,
 * before it changes anything, with (pulumi pkg/backend/diy/lock.go):
 *
 *   error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.
 *     postgres://****:****@host:5432/db/.pulumi/locks/organization/proj/dev/<id>.json?sslmode=require: created by runner@host (pid 4242) at 2026-05-01T12:00:00Z
 */

/** One lock of the failure: who wrote it, and when. */
export interface LockHolder {
  /** The stack, `project/stack`, from the lock's path (absent when the path has another form). */
  stack?: string;
  user: string;
  host: string;
  pid: number;
  /** When the lock was written (absent when its time could not be read). */
  since?: Date;
}

/** The longest --wait-lock: a GitHub Actions job's own limit (6 hours); a longer wait would outlive the job. */
export const MAX_WAIT_MS = 6 * 3_600_000;

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * A bound such as `90s`, `10m`, `1h30m` or `0` (one try, no wait), in
 * milliseconds. Throws a message naming the flag, the value and the limit.
 */
export function parseWaitLock(text: string, flag = "--wait-lock"): number {
  const value = text.trim();
  const parts = value === "0" ? [] : [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  const whole = parts.map((p) => p[0]).join("");
  if (value !== "0" && (parts.length === 0 || whole !== value)) {
    throw new Error(`${flag} must be a duration such as 90s, 10m or 1h30m (units ms, s, m, h; 0 tries once), got "${text}"`);
  }
  const ms = Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * UNITS[p[2]!]!, 0));
  if (ms > MAX_WAIT_MS) throw new Error(`${flag} is at most 6h (a GitHub Actions job's limit), got "${text}"`);
  return ms;
}

/** A duration as people read it: `45s`, `3m05s`, `1h02m`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, "0")}m`;
}

/**
 * The holders named by a "currently locked" failure in what `pulumi up`
 * printed; undefined when the output is not that failure (any other
 * failure is passed through as it is).
 */
export function lockedBy(output: string): LockHolder[] | undefined {
  if (!/error: the stack is currently locked by \d+ lock\(s\)/.test(output)) return undefined;
  const holders: LockHolder[] = [];
  for (const m of output.matchAll(/^\s*(\S*): created by (.*)@(\S*) \(pid (\d+)\) at (\S+)$/gm)) {
    const since = new Date(m[5]!);
    // .pulumi/locks/<organization>/<project>/<stack>/<lock id>.json
    const stack = /\.pulumi\/locks\/[^/]+\/([^/]+)\/([^/?]+)\/[^/?]+\.json/.exec(m[1]!);
    holders.push({
      ...(stack ? { stack: `${stack[1]}/${stack[2]}` } : {}),
      user: m[2]!, host: m[3]!, pid: Number(m[4]),
      ...(Number.isNaN(since.getTime()) ? {} : { since }),
    });
  }
  return holders;
}

/** `runner@host (pid 4242) since 2026-05-01T12:00:00Z (4m10s ago)`, one per holder. */
export function describeHolders(holders: LockHolder[], now: Date): string {
  if (holders.length === 0) return "another update (its lock could not be read)";
  return holders.map((h) => {
    const since = h.since ? ` since ${h.since.toISOString().replace(/\.000Z$/, "Z")} (${formatDuration(now.getTime() - h.since.getTime())} ago)` : "";
    return `${h.user}@${h.host} (pid ${h.pid})${since}`;
  }).join(", ");
}

/**
 * The wait before try `attempt` (1 = the first retry): 2 s doubling to 15 s,
 * each drawn between half and all of it, so two runs that failed together
 * (each saw the other's lock) do not try again together; never past the
 * bound (`leftMs`).
 */
export function retryDelayMs(attempt: number, leftMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(15_000, 2_000 * 2 ** Math.max(0, attempt - 1));
  return Math.max(0, Math.min(leftMs, Math.round(ceiling * (0.5 + random() / 2))));
}
