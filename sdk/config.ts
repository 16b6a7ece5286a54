import * as pulumi from "@pulumi/pulumi";
import { ProviderConfig, resolveConfig, Setting, SETTINGS } from "../provider/config";
import { clientFor } from "../provider/client/registry";
import { Context } from "../provider/resources/framework";
import type { ReferenceCacheOptions } from "../provider/reference-cache";

/**
 * A setting as the program sees it: stack config (secrets decrypted in
 * memory by the engine), then the environment.
 */
export function settingFromProgram(setting: Setting): string | undefined {
  const s = SETTINGS[setting];
  return pulumi.runtime.getConfig(s.key) ?? process.env[s.env] ?? undefined;
}

/** The provider configuration, for data sources that run in the program. */
export function programConfig(): ProviderConfig {
  return resolveConfig((key) => pulumi.runtime.getConfig(key));
}

export function programContext(): Context {
  const config = programConfig();
  return { config, client: clientFor(config) };
}

/** The reference-data sources' disk cache, saying in the engine's log when it serves an older copy or waits. */
export function programReferenceCache(): ReferenceCacheOptions {
  return { say: (line) => void pulumi.log.info(line) };
}
