/**
 * The entry of bin/pulumi-resource-xads: the engine starts the plugin with
 * its own address as the first argument and reads the port the plugin
 * serves on from its first line of stdout (the protocol of every Pulumi
 * plugin). Nothing else may be printed on stdout.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { serve } from "./server";

async function main(args: string[]): Promise<void> {
  if (args.length === 0 || args[0]!.startsWith("-")) {
    process.stderr.write("pulumi-resource-xads: the engine's address is required as the first argument (the Pulumi CLI starts this plugin)\n");
    process.exit(1);
  }
  const { version } = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8")) as { version: string };
  const { port } = await serve(version);
  process.stdout.write(`${port}\n`);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`pulumi-resource-xads: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
