/**
 * The entry of bin/pulumi-resource-xads: the provider plugin
 * (provider/plugin/) serving, as its functions, the SDK's own data sources
 * (each one of provider/data-sources-table.ts), which read the provider's
 * configuration as they read a program's. Here, not in provider/: the
 * provider imports no SDK (docs/architecture.md, "Layers").
 */
import { DATA_SOURCES } from "../provider/data-sources-table";
import { runPlugin } from "../provider/plugin/main";
import type { PluginFunctions } from "../provider/plugin/server";
import * as sdk from "./index";

/** The data sources the plugin serves: every documented one, by name. */
export function pluginFunctions(): PluginFunctions {
  const all = sdk as unknown as Record<string, unknown>;
  const out: PluginFunctions = {};
  for (const name of Object.keys(DATA_SOURCES)) {
    const fn = all[name];
    if (typeof fn === "function") out[name] = (args) => (fn as (a: unknown) => Promise<unknown>)(args);
  }
  return out;
}

if (require.main === module) runPlugin(pluginFunctions());
