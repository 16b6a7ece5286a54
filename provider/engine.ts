/**
 * Writes stop when the engine that asked for them is gone. A SIGKILLed
 * `pulumi up` (a cancelled or timed-out CI job) leaves the provider process
 * running: the CLI starts it through a shell script that does not `exec`,
 * so its parent stays that shell and nothing tells it. Without this it would
 * go on sending the creates it had queued or gathered into batches, which
 * no state will ever hold: duplicates after the next `up`.
 *
 * The engine's address is the provider's last argument (`127.0.0.1:port`,
 * the CLI's own gRPC server; the plugin's only one): once a connection there is refused, the
 * engine is gone for good. Before every write the client asks (a positive
 * answer is trusted for a quarter of a second), and a watch asks every
 * second and ends the process once it is gone.
 */
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { parseStat } from "./proc";

export type ProbeResult = "up" | "gone" | "unknown";
export type Probe = () => Promise<ProbeResult>;

export interface EngineAddress {
  host: string;
  port: number;
}

/**
 * The engine's address when this process is a provider the engine started:
 * the dynamic provider, or the provider plugin pulumi-resource-xads
 * (sdk/plugin.ts runs provider/plugin/main.ts, whose only argument it is); undefined elsewhere
 * (tests, the xads command).
 */
export function engineAddress(argv: readonly string[] = process.argv): EngineAddress | undefined {
  if (!/[\\/](cmd[\\/]dynamic-provider|sdk[\\/]plugin\.[jt]s$)/.test(argv[1] ?? "")) return undefined;
  const m = /^([\w.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(argv[argv.length - 1] ?? "");
  return m ? { host: m[1]!.replace(/^\[|\]$/g, ""), port: Number(m[2]) } : undefined;
}

/** A connection attempt: refused means nothing listens there any more; anything else (a time-out, too many open files) proves nothing. */
export function tcpProbe({ host, port }: EngineAddress, timeoutMs = 1000): Probe {
  return () => new Promise<ProbeResult>((resolve) => {
    const socket = connect({ host, port });
    const done = (result: ProbeResult) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done("unknown"));
    socket.once("connect", () => done("up"));
    socket.once("error", (err: NodeJS.ErrnoException) => done(err.code === "ECONNREFUSED" ? "gone" : "unknown"));
  });
}

/** Whether the engine is still there: once gone, gone for good. */
export class EngineWatch {
  private gone = false;
  private upAt = -Infinity;

  constructor(private readonly probe: Probe, private readonly now: () => number = Date.now, private readonly freshMs = 250) {}

  async alive(): Promise<boolean> {
    if (this.gone) return false;
    if (this.now() - this.upAt < this.freshMs) return true;
    const result = await this.probe();
    if (result === "gone") this.gone = true;
    else if (result === "up") this.upAt = this.now();
    return !this.gone;
  }
}

/** A write refused because the update that asked for it was interrupted. */
export class EngineGoneError extends Error {
  override readonly name = "EngineGoneError";

  constructor(method: string, path: string) {
    super(`${method} ${path} was not sent: the pulumi update that asked for it is gone (interrupted), so nothing more is written. Recover as docs/operations.md says under "When an update is interrupted" (xads recover, then pulumi up).`);
  }
}

/** The check the client runs before each write: throws EngineGoneError once the engine is gone. */
export function writeGuard(watch: EngineWatch) {
  return async (method: string, path: string): Promise<void> => {
    if (!(await watch.alive())) throw new EngineGoneError(method, path);
  };
}

let processWatch: EngineWatch | undefined | null = null;

/**
 * The provider process's watch (undefined outside a provider the engine
 * started). The first call starts the check every second that ends the
 * process once the engine is gone: what it had in flight has no one to
 * answer, and what it had queued must not be sent.
 */
export function engineWatch(): EngineWatch | undefined {
  if (processWatch !== null) return processWatch;
  const address = engineAddress();
  processWatch = address && new EngineWatch(tcpProbe(address));
  if (processWatch) {
    const watch = processWatch;
    setInterval(() => {
      void watch.alive().then((alive) => {
        if (alive) return;
        process.stderr.write("pulumi-xads: the pulumi engine is gone (the update was interrupted): the provider stops, nothing more is sent\n");
        process.exit(1);
      });
    }, 1000).unref();
  }
  return processWatch;
}

/**
 * The engine's `--parallel`, which it does not tell providers: the CLI's
 * flag (cobra's forms: `--parallel 64`, `--parallel=64`, `-p 64`, `-p64`,
 * `-p=64`), else `PULUMI_PARALLEL`, else the CLI's default, GOMAXPROCS x 4
 * (GOMAXPROCS: its environment variable, else the processors this process
 * may use). Undefined when the CLI's command line is not known or the value
 * is not a count. Pure: `cliArgv` is the CLI's command line.
 */
export function engineParallel(cliArgv: readonly string[] | undefined, env: Record<string, string | undefined>, processors: number): number | undefined {
  if (!cliArgv) return undefined;
  const flag = parallelFlag(cliArgv.slice(1));
  const count = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v.trim()) && Number(v) > 0 ? Number(v) : undefined);
  if (flag !== undefined) return count(flag);
  if (env.PULUMI_PARALLEL) return count(env.PULUMI_PARALLEL);
  const procs = count(env.GOMAXPROCS) ?? processors;
  return procs * 4;
}

/**
 * The command line of the `pulumi` CLI that started this provider process
 * (its parent, or the shell script between them), read from /proc: Linux
 * only, undefined elsewhere or when no ancestor is the CLI.
 */
export function cliCommandLine(): string[] | undefined {
  return cliProcess()?.argv;
}

/**
 * The `pulumi` CLI process that started this provider process: its command
 * line, and a name for its run (`<pid>@<start ticks>`) that every provider
 * process of that run shares and no other run has. Undefined as
 * `cliCommandLine` is.
 */
export function cliProcess(): { argv: string[]; run: string } | undefined {
  try {
    let pid = process.ppid;
    for (let depth = 0; depth < 3 && pid > 1; depth++) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter((a) => a !== "");
      const stat = parseStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
      if (/(^|[\\/])pulumi(\.exe)?$/.test(argv[0] ?? "")) return { argv, run: `${pid}@${stat?.startTicks ?? 0}` };
      pid = stat?.ppid ?? 0;
    }
  } catch {
    // No /proc, or the process is gone: unknown.
  }
  return undefined;
}

/**
 * The value of a CLI flag among `args` (the arguments after the command's
 * name), in the forms cobra, Pulumi's flag parser, takes: `--stack prod`,
 * `--stack=prod`, `-s prod`, `-s=prod`, `-sprod`; the last one given
 * wins, as cobra's; nothing after `--`. Undefined when not given. Pure.
 */
export function flagValue(args: readonly string[], long: string, short?: string): string | undefined {
  const form = new RegExp(`^(?:--${long}(?:=(.*))?|${short ? `-${short}(?:=?(.+))?` : "(?!)"})$`);
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    const m = form.exec(a);
    if (m) value = m[1] ?? m[2] ?? args[++i];
  }
  return value;
}

/** The CLI's `--parallel` (`-p`) among `args`, as given (flagValue). */
export const parallelFlag = (args: readonly string[]): string | undefined => flagValue(args, "parallel", "p");
