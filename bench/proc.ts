/**
 * Peak memory of the processes a pulumi command starts, read from /proc
 * (Linux): the program (the node process the Node.js language host runs)
 * and the dynamic provider (a node process the engine runs). Each process's
 * VmHWM is its own peak resident set, so polling only has to see the
 * process before it ends.
 */
import { readdirSync, readFileSync } from "node:fs";
import { parseStat, ProcStat } from "../provider/proc";

/** VmHWM of `/proc/<pid>/status`, in bytes (undefined when absent: a kernel thread, a zombie). */
export function peakRssBytes(status: string): number | undefined {
  const m = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  return m ? Number(m[1]) * 1024 : undefined;
}

export type Role = "program" | "provider";

/**
 * The node processes below `root` and what each is: the program is the
 * language host's child (the host's name, 15 characters in /proc, starts
 * with `pulumi-language`); any other node process is a plugin the engine
 * runs, the dynamic provider here.
 */
export function rolesBelow(root: number, procs: readonly ProcStat[]): Map<number, Role> {
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const roles = new Map<number, Role>();
  for (const p of procs) {
    if (p.comm !== "node") continue;
    let at: ProcStat | undefined = p;
    while (at && at.pid !== root && at.ppid > 1) at = byPid.get(at.ppid);
    if (at?.pid !== root) continue;
    roles.set(p.pid, byPid.get(p.ppid)?.comm.startsWith("pulumi-language") ? "program" : "provider");
  }
  return roles;
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined; // the process ended between the listing and the read
  }
}

function processes(): ProcStat[] {
  return readdirSync("/proc").filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    const stat = readOr(`/proc/${d}/stat`);
    const parsed = stat ? parseStat(stat) : undefined;
    return parsed ? [parsed] : [];
  });
}

/** Polls the processes below `root` until stopped; answers each role's highest peak seen (bytes). */
export function watchPeaks(root: number, everyMs = 200): { stop(): Record<Role, number | undefined> } {
  const peaks: Record<Role, number | undefined> = { program: undefined, provider: undefined };
  const poll = () => {
    for (const [pid, role] of rolesBelow(root, processes())) {
      const status = readOr(`/proc/${pid}/status`);
      const peak = status ? peakRssBytes(status) : undefined;
      if (peak !== undefined && peak > (peaks[role] ?? 0)) peaks[role] = peak;
    }
  };
  const timer = setInterval(poll, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peaks;
    },
  };
}
