/**
 * Where the real Pulumi CLI is (built by `make pulumi`, tools/pulumi/build.sh),
 * for the e2e harness and the bench alike: XADS_PULUMI_DIR (the Makefile
 * passes it), else the folder `make pulumi` wrote to `<root>/.work/pulumi-dir`,
 * else the build's default cache folder.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function pulumiDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.XADS_PULUMI_DIR) return env.XADS_PULUMI_DIR;
  const file = join(root, ".work", "pulumi-dir");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const cache = env.XDG_CACHE_HOME ?? join(env.HOME ?? "/root", ".cache");
  return join(cache, "pulumi-xads", "pulumi-v3.259.0");
}
