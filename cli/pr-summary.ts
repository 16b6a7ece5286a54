/**
 * `xads pr-summary [file]`: turns `pulumi preview --json` (a file, or
 * stdin) into a Markdown pull-request comment (pr-summary-render.ts), with
 * the estimated reach of line items whose targeting changes (reach.ts, the
 * calls in reach-estimates.ts) where credentials are at hand. It exits 1
 * when the preview failed or did not finish (previewFailure), and when `up`
 * would fail on a delete the engine let through the preview
 * (refusedSteps): the summary is written first, so the reviewer sees why,
 * and the pull request's check fails (docs/gitops.md, "xads pr-summary").
 */
import { readFileSync, writeFileSync } from "node:fs";
import { Command } from "commander";
import { SETTINGS } from "../provider/config";
import { CliError } from "./errors";
import { IncompletePreviewError, parsePreview, PreviewModel } from "./preview-input";
import { previewFailure, refusal, refusedNoun, refusedSteps, renderPrSummary } from "./pr-summary-render";
import { nameOf } from "./properties";
import { writePreviews } from "./previews";
import { ReachReport, reachPlan, ReachRow } from "./reach";
import { estimateReach } from "./reach-estimates";
import { PreviewClients, previewClientsOnce } from "./preview-client";
import { liveReader, updatesToRead, withLiveValues } from "./live-values";

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

const CREDENTIAL_VARIABLES = [SETTINGS.consumerKey, SETTINGS.consumerSecret, SETTINGS.accessToken, SETTINGS.accessTokenSecret].map((s) => s.env);

/**
 * The Reach section's estimates, or why there are none: undefined when no
 * line item's targeting changes. The client is the one of every call the
 * summary makes (preview-client.ts); without credentials the summary says
 * what to set.
 */
async function reachOf(model: PreviewModel, clientsOf: () => Promise<PreviewClients>): Promise<ReachReport | undefined> {
  const plan = reachPlan(model);
  if (plan.length === 0) return undefined;
  const clients = await clientsOf();
  // Each account's line items through that account's provider (an explicit provider per account has its own credentials).
  const accounts = [...new Set(plan.map((li) => li.accountId))];
  const rows: ReachRow[] = [];
  let noCredentials: string | undefined;
  let asked = 0;
  for (const accountId of accounts) {
    const { ctx, secrets, noCredentials: why } = clients(accountId);
    const lineItems = plan.filter((li) => li.accountId === accountId);
    if (ctx) {
      asked++;
      rows.push(...(await estimateReach(lineItems, ctx, secrets)));
    } else {
      noCredentials ??= why;
      rows.push(...lineItems.map((lineItem): ReachRow => ({ lineItem, beforeEstimate: { unavailable: why! }, afterEstimate: { unavailable: why! } })));
    }
  }
  // Reach is a help to the review, never a reason for no summary.
  if (asked === 0) {
    const note = /missing Ads API credentials/.test(noCredentials ?? "")
      ? `set ${CREDENTIAL_VARIABLES.join(", ")} (or run it in the stack's project folder, whose xads:* config it reads) to see estimates`
      : `estimates unavailable: ${noCredentials}`;
    return { note, lineItems: plan.length };
  }
  const order = new Map(plan.map((li, i) => [li, i]));
  return { rows: rows.sort((a, b) => order.get(a.lineItem)! - order.get(b.lineItem)!) };
}

/** The preview as read, or, where nothing of it can be read (empty, cut off), an empty one that says why. */
function readPreview(text: string): PreviewModel {
  try {
    return parsePreview(text);
  } catch (err) {
    if (!(err instanceof IncompletePreviewError)) throw err;
    return { source: "digest", steps: [], changeSummary: {}, diagnostics: [], policyViolations: [], policyPacks: [], incomplete: err.message };
  }
}

function exitCodeOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new CliError(`--preview-exit-code takes the exit code of \`pulumi preview\`, a whole number (got ${JSON.stringify(value)})`);
  return Number(value.trim());
}

/**
 * Why `up` would fail on the protected resources the preview deletes or
 * replaces, in one line with the cure. The engine refuses these in the
 * preview only where the program sets `protect` (the TypeScript SDKs); a
 * YAML or Python program's preview passes, and `up` would apply the other
 * changes before the provider refuses the delete: half applied.
 */
function refusedMessage(model: PreviewModel): string {
  const refused = refusedSteps(model);
  const verb = refused.every((s) => s.op === "delete") ? "deletes" : refused.every((s) => s.op === "replace") ? "replaces" : "deletes or replaces";
  const n = refused.length;
  const each = refused.map((s) => {
    const name = s.oldInputs?.name ?? s.newInputs?.name;
    return `${nameOf(s.urn)} (${s.kind ?? s.type}${s.id ? `, id ${s.id}` : ""})${typeof name === "string" ? ` "${name}"` : ""}: ${refusal(s)}`;
  });
  const cure = [
    ...(refused.some((s) => s.op === "delete") ? [`to delete ${n === 1 ? "it" : "one"}, set deletionProtection: false on it and run pulumi up, then remove it in a second update`] : []),
    ...(refused.some((s) => s.op === "replace") ? [`to replace ${n === 1 ? "it" : "one"}, set deletionProtection: false on it in the same change`] : []),
    `to stop managing ${n === 1 ? "it" : "one"} without deleting it, pulumi state delete (the summary gives the command)`,
  ];
  return `pulumi up would fail: it ${verb} ${n} protected resource${n === 1 ? "" : "s"}: ${each.join("; ")}. ` +
    `The provider refuses ${refusedNoun(refused).replace(/^\d+ /, n === 1 ? "the " : "each ")} at up, after applying the other changes; ${cure.join("; ")}.`;
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
        "funding instrument.\n\n" +
        "Reach: for each line item whose targeting criteria change, or that is new, the estimated audience before -> after " +
        "(POST audience_estimate: one call per line item and side, the same criteria asked once; unchanged criteria the preview " +
        "leaves out are read live). It asks with the credentials of the preview's stack's xads:* config (its program in the current " +
        "folder), else of the XADS_* variables (XADS_CONSUMER_KEY, XADS_CONSUMER_SECRET, XADS_ACCESS_TOKEN, XADS_ACCESS_TOKEN_SECRET); " +
        "the account, xads:sandbox and the addresses also come from the config the preview records. Without credentials the summary " +
        "says what to set; a call that fails shows " +
        "\"estimate unavailable: <reason>\". The summary never fails for reach; --no-reach skips it.\n\n" +
        "Live values: for each update of an xads resource it reads the entity now (the same credentials, one coalesced read per " +
        "kind and account) and shows the live value of each field the update writes as \"before\"; a field changed on the platform " +
        "after the preview (or since the state last read it) gets a caution: pulumi up sends nothing to that resource until the " +
        "preview is made again. --no-live skips it.\n\n" +
        "Exit codes: 0 the summary is written; 1 the preview failed or did not finish (an error diagnostic, of severity error or any " +
        "#err form such as info#err; the stream's summary event result failed; --preview-exit-code non-zero; an empty input, a JSON " +
        "cut in the middle, a stream without its summary event), or pulumi up would fail on a delete or replacement of a resource " +
        "whose deletionProtection is on (the preview of a YAML or Python program lets it through): the summary is still written, " +
        "saying why at its top; 2 input that is not a preview, or a bad option.",
    )
    .argument("[file]", "the preview JSON; stdin when omitted or -")
    .option("-o, --output <file>", "write the Markdown to this file instead of stdout")
    .option("--previews <file.html>", "also write the platform's rendering of each new or changed Tweet, draft and scheduled Tweet to this HTML file " +
      "(a CI artifact) and link it from the summary. Asks the Ads API (GET tweet_previews): the credentials are the preview's stack's " +
      "xads:* config (in the current folder) or the XADS_* variables. New posts have no id before pulumi up: their declared content is " +
      "shown and the platform renders them after up. A post that cannot be rendered says \"preview unavailable: <reason>\"; the summary is written anyway.")
    .option("--no-reach", "leave out the Reach section (no Ads API call)")
    .option("--preview-exit-code <n>", "the exit code of `pulumi preview` (in bash: `pulumi preview --json > preview.json; code=$?`, then --preview-exit-code \"$code\"): " +
      "non-zero fails the summary, and 0 says that what the program printed on stderr (severity info#err) is no error. The digest of " +
      "`pulumi preview --json` records no outcome; the event stream does (its summary event)")
    .option("--no-live", "show the preview's old values as they are: do not read the live value of each field an update writes (one coalesced read per kind and account)")
    .action(async (file: string | undefined, opts: { output?: string; previews?: string; reach: boolean; live: boolean; previewExitCode?: string }) => {
      const previewExitCode = exitCodeOption(opts.previewExitCode);
      const previewed = readPreview(await readInput(file));
      const failure = previewFailure(previewed, previewExitCode);
      // "Before" is the platform's value now (cli/live-values.ts), read through the provider of each account.
      // One reading of the stack's providers for every call the summary makes.
      const clientsOf = previewClientsOnce(previewed);
      const model = opts.live && !failure && updatesToRead(previewed).length > 0 ? await withLiveValues(previewed, liveReader(await clientsOf())) : previewed;
      // A failed preview asks the platform nothing: its summary says why it failed.
      let markdown = renderPrSummary(model, opts.reach && !failure ? await reachOf(model, clientsOf) : undefined, { previewExitCode });
      if (opts.previews && !failure) markdown += `\n${await writePreviews(model, opts.previews, opts.output, clientsOf)}`;
      if (opts.output) writeFileSync(opts.output, markdown);
      else process.stdout.write(markdown);
      if (failure) throw new CliError(`the preview failed: ${failure}`, 1);
      if (refusedSteps(model).length > 0) throw new CliError(refusedMessage(model), 1);
    });
}
