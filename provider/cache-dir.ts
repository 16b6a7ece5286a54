import { chmodSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Where pulumi-xads keeps what outlives one run: `$XDG_CACHE_HOME/pulumi-xads/<parts>` (default `~/.cache/pulumi-xads/<parts>`). */
export function cacheDir(env: NodeJS.ProcessEnv, ...parts: string[]): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), ".cache"), "pulumi-xads", ...parts);
}

/** Writes a file only its owner can read: created 0600 in a 0700 folder, then renamed into place (never half written). */
export function writePrivateFile(path: string, text: string): void {
  const dir = join(path, "..");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}
