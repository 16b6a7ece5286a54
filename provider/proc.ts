/**
 * Linux's /proc, read where a process needs to know its neighbours: the
 * provider finds the CLI that started it (engine.ts), the bench the
 * processes a pulumi command runs (bench/proc.ts).
 */

export interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** When the process started, in clock ticks after boot: with the pid, names one process for good (a pid is reused). */
  startTicks?: number;
}

/** `/proc/<pid>/stat`: the command name sits in parentheses and may hold spaces, so fields are counted after the last `)`. */
export function parseStat(text: string): ProcStat | undefined {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  const rest = text.slice(close + 2).split(" ");
  return { pid: Number(text.slice(0, open).trim()), comm: text.slice(open + 1, close), ppid: Number(rest[1]), ...(rest[19] !== undefined ? { startTicks: Number(rest[19]) } : {}) };
}
