/**
 * The entry of bin/pulumi-resource-xads: the engine starts the plugin with
 * its own address as the last argument (after logging flags, with
 * --logflow) and reads the port the plugin serves on from its first line
 * of stdout (the protocol of every Pulumi plugin). Nothing else may be
 * printed on stdout. The address is where provider/engine.ts watches the
 * engine, so writes stop once it is gone, and where what the provider says
 * is sent (./engine-log.ts). The entry that runs it is sdk/plugin.ts, which
 * gives it the SDK's data sources to serve as functions.
 */
import { engineWatch } from "../engine";
import { packageInfo } from "../package-info";
import { stderrToEngine } from "./engine-log";
import { PluginFunctions, serve } from "./server";

async function main(args: string[], functions: PluginFunctions): Promise<void> {
  const address = args[args.length - 1];
  if (address === undefined || address.startsWith("-")) {
    process.stderr.write("pulumi-resource-xads: the engine's address is required as the last argument (the Pulumi CLI starts this plugin with it)\n");
    process.exit(1);
  }
  const { version } = packageInfo();
  stderrToEngine(address);
  const { port } = await serve(version, functions);
  process.stdout.write(`${port}\n`);
  // From the start, not from the first write: the engine starts instances that never write (the schema's, a
  // preview's), and one left by a killed CLI would otherwise serve nobody for ever (provider/engine.ts).
  engineWatch();
}

/** Runs the plugin in this process, serving `functions` as Invoke's. */
export function runPlugin(functions: PluginFunctions): void {
  main(process.argv.slice(2), functions).catch((err: unknown) => {
    process.stderr.write(`pulumi-resource-xads: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
