/**
 * `xads pr-summary [file]`: turns `pulumi preview --json` (a file, or
 * stdin) into a Markdown pull-request comment (pr-summary-render.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Command } from "commander";
import { CliError } from "./errors";
import { parsePreview } from "./preview-input";
import { renderPrSummary } from "./pr-summary-render";
import { writePreviews } from "./previews";

async function readInput(file: string | undefined): Promise<string> {
  if (file && file !== "-") {
    try {
      return readFileSync(file, "utf8");
    } catch (err) {
      throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  if (process.stdin.isTTY) throw new CliError("no preview given: pass a file, or pipe `pulumi preview --json` into xads pr-summary");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function registerPrSummary(program: Command): void {
  program
    .command("pr-summary")
    .summary("turn `pulumi preview --json` into a Markdown pull-request comment")
    .description(
      "Reads the output of `pulumi preview --json` (a file, or stdin) and writes Markdown for a pull-request comment: " +
        "the counts, a caution for every delete `pulumi up` will refuse (deletionProtection or protect), every campaign or audience " +
        "that would be deleted or replaced (irreversible), every budget or bid removed (what is no longer capped) and every " +
        "replacement that replaces what belongs to it (a line item's promoted Tweets, tracking tags, targeting criteria), the daily and " +
        "total budget change per campaign and per currency, each resource's changed fields with old and new values (secrets stay " +
        "[secret]) and why a replacement happens, and policy violations.\n\n" +
        "Policy violations are only in the engine's event stream: run the preview as\n" +
        "  PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json --policy-pack <pack> > preview.json\n" +
        "(plain `pulumi preview --json` leaves them out). Add --show-sames so a new campaign's currency can be found from its " +
        "funding instrument.",
    )
    .argument("[file]", "the preview JSON; stdin when omitted or -")
    .option("-o, --output <file>", "write the Markdown to this file instead of stdout")
    .option("--previews <file.html>", "also write the platform's rendering of each new or changed Tweet, draft and scheduled Tweet to this HTML file " +
      "(a CI artifact) and link it from the summary. Asks the Ads API (GET tweet_previews): the credentials are the preview's stack's " +
      "xads:* config (in the current folder) or the XADS_* variables. New posts have no id before pulumi up: their declared content is " +
      "shown and the platform renders them after up. A post that cannot be rendered says \"preview unavailable: <reason>\"; the summary is written anyway.")
    .action(async (file: string | undefined, opts: { output?: string; previews?: string }) => {
      const model = parsePreview(await readInput(file));
      let markdown = renderPrSummary(model);
      if (opts.previews) markdown += `\n${await writePreviews(model, opts.previews, opts.output)}`;
      if (opts.output) writeFileSync(opts.output, markdown);
      else process.stdout.write(markdown);
    });
}
