#!/usr/bin/env node
/**
 * The `xads` command (the package's `bin`). Each command lives in its own
 * file and registers itself through `commands.ts`; this file only parses
 * arguments and turns a failure into one line and an exit code.
 */
import { Command, CommanderError } from "commander";
import { COMMANDS } from "./commands";
import { CliError } from "./errors";
import { packageInfo } from "../provider/package-info";

export function buildProgram(): Command {
  const program = new Command("xads")
    .description("Infrastructure as code for the Ads API: sign in, review previews, report drift, adopt live accounts, run the bundled emulator.")
    .version(packageInfo().version)
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
    // Commander printed help or the usage error already. A usage error exits
    // 2, not commander's 1: `xads drift` documents 1 as "drift found".
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
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
