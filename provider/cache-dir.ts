import { homedir } from "node:os";
import { join } from "node:path";

/** Where pulumi-xads keeps what outlives one run: `$XDG_CACHE_HOME/pulumi-xads/<parts>` (default `~/.cache/pulumi-xads/<parts>`). */
export function cacheDir(env: NodeJS.ProcessEnv, ...parts: string[]): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pulumi-xads", ...parts);
}
