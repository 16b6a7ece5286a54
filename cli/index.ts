#!/usr/bin/env node
/**
 * The `xads` command (the package's `bin`). Each command lives in its own
 * file and registers itself through `commands.ts`; this file only parses
 * arguments and turns a failure into one line and an exit code.
 */
import { join } from "node:path";
import { Command, CommanderError } from "commander";
import { COMMANDS } from "./commands";
import { CliError } from "./errors";

/** The package's version, from dist/cli (installed) or cli/ (tests run the sources). */
function packageVersion(): string {
  for (const up of ["../..", ".."]) {
    try {
      const pkg = require(join(__dirname, up, "package.json")) as { name?: string; version?: string };
      if (pkg.name === "pulumi-xads" && pkg.version) return pkg.version;
    } catch {
      // not at this level
    }
  }
  return "unknown";
}

export function buildProgram(): Command {
  const program = new Command("xads")
    .description("Infrastructure as code for the Ads API: sign in, review previews, report drift, adopt live accounts.")
    .version(packageVersion())
    .showHelpAfterError("(add --help for usage)")
    .exitOverride();
  for (const register of COMMANDS) register(program);
  return program;
}

/** Runs the CLI; resolves to the exit code. One line on stderr per failure, never a stack trace. */
export async function main(argv: string[], stderr: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: "user" });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode; // commander printed help or the usage error already
    if (err instanceof CliError) {
      stderr(`xads: ${err.message}`);
      return err.exitCode;
    }
    stderr(`xads: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
