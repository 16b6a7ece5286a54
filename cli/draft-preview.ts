/**
 * `xads draft-preview <draft>`: sends a preview of a draft Tweet to the
 * devices of the authenticated user (POST
 * accounts/:account_id/draft_tweets/preview/:draft_tweet_id, xdevplatform/docs
 * x-ads-api/creatives/reference.mdx): a notification in the official X
 * apps that opens the draft in a timeline, to try video, cards and layout
 * on a phone before the post goes out. The draft is named by its resource
 * name in the stack (its state gives the id and account) or by its id.
 */
import { Command } from "commander";
import { redact } from "../provider/client/errors";
import { NotFoundError } from "../provider/client/errors";
import { ConfigError, ProviderConfig, resolveConfig, SETTINGS } from "../provider/config";
import { sendDraftPreview } from "../provider/tweet-previews";
import { exportedState, openStackConfig } from "./auth/stack-config";
import { CliError } from "./errors";
import { kindOf, nameOf } from "./properties";
import { Deployment } from "./recover-plan";
import { stackClient } from "./untracked";

const DRAFT_KIND = "DraftTweet";

export interface DraftTarget {
  draftTweetId: string;
  /** The draft's account, where the state says it (else the stack's xads:accountId). */
  accountId?: string;
  /** The resource name it was found by. */
  resource?: string;
}

/**
 * The draft a resource name holds in a stack's state (pure: the state is
 * `pulumi stack export`'s deployment). Errors say what the name is instead:
 * not in the stack (with the drafts it has), not a draft, or not created yet.
 */
export function draftInState(d: Deployment, name: string, stack: string): DraftTarget {
  const live = (d.resources ?? []).filter((r) => !r.delete && r.custom !== false);
  const kinds = live.map((r) => ({ r, kind: kindOf(r.type, r.inputs) }));
  const drafts = kinds.filter((k) => k.kind === DRAFT_KIND).map((k) => nameOf(k.r.urn));
  const matches = kinds.filter((k) => nameOf(k.r.urn) === name);
  if (matches.length === 0) {
    const have = drafts.length > 0 ? `its draft Tweets: ${drafts.join(", ")}` : "it has no DraftTweet";
    throw new CliError(`no resource named ${name} in stack ${stack} (${have}); or pass the draft's id`);
  }
  const draft = matches.find((k) => k.kind === DRAFT_KIND);
  if (!draft) {
    const what = matches.map((k) => k.kind ?? k.r.type).join(", ");
    throw new CliError(`${name} is not a draft: it is a ${what}; only a DraftTweet can be previewed on devices (xads pr-summary --previews shows the others)`);
  }
  const id = draft.r.id;
  if (!id || !/^\d+$/.test(id)) throw new CliError(`${name} has no draft on the platform yet (id ${JSON.stringify(id ?? "")}): run pulumi up first`);
  const account = draft.r.outputs?.accountId ?? draft.r.inputs?.accountId;
  return { draftTweetId: id, resource: name, ...(typeof account === "string" && account !== "" ? { accountId: account } : {}) };
}

interface DraftPreviewOptions {
  stack?: string;
  cwd?: string;
  account?: string;
}

async function runDraftPreview(draft: string, opts: DraftPreviewOptions, say: (line: string) => void): Promise<void> {
  const byId = /^\d+$/.test(draft);
  // A name needs the stack's state; an id needs a stack only when one is named (else XADS_* alone).
  const stack = !byId || opts.stack !== undefined || opts.cwd !== undefined ? await openStackConfig(opts.cwd ?? ".", opts.stack) : undefined;
  const target: DraftTarget = byId ? { draftTweetId: draft } : draftInState(await exportedState<Deployment>(stack!.workDir, stack!.stackName), draft, stack!.stackName);
  const values = stack?.values ?? {};
  let config: ProviderConfig;
  try {
    config = resolveConfig((key) => values[key]);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(`no credentials to send the preview with: ${err.message}`);
    throw err;
  }
  const accountId = opts.account ?? target.accountId ?? config.accountId;
  if (!accountId) throw new CliError(`which account holds draft ${target.draftTweetId}? pass --account <id>, or set ${SETTINGS.accountId.key} (or ${SETTINGS.accountId.env})`);
  const secrets = Object.values(config.credentials);
  const { client } = stackClient(values, () => {});
  const what = `draft Tweet ${target.draftTweetId}${target.resource ? ` (${target.resource})` : ""} of account ${accountId}`;
  let sent;
  try {
    sent = await sendDraftPreview({ client, config }, { accountId, draftTweetId: target.draftTweetId });
  } catch (err) {
    const reason = redact(err instanceof Error ? err.message : String(err), secrets);
    if (err instanceof NotFoundError) throw new CliError(`${what} was not found: deleted, or not a draft of that account (${reason})`);
    throw new CliError(`the preview of ${what} was not sent: ${reason}`);
  }
  say(`xads draft-preview: sent a preview of ${what} to every device the authenticated user is logged in on (official X apps only, visible to that user only). The platform: ${sent.message || "(no message)"}`);
}

export function registerDraftPreview(program: Command): void {
  program
    .command("draft-preview")
    .summary("send a preview of a draft Tweet to your devices (a notification in the X apps)")
    .description(
      "Sends a preview of a draft Tweet to every device the authenticated user (the access token's) is logged in on: a " +
        "notification in the official X apps opens the draft in a timeline, to try video, cards and layout before it goes out. " +
        "Only that user sees it; nothing changes on the account, so sending again only notifies again.\n\n" +
        "<draft> is a DraftTweet's resource name in the stack (its id and account are read from the state: the stack must have " +
        "been deployed) or the draft's id (decimal digits; the account is --account or xads:accountId). Credentials and the " +
        "address come from the stack's xads:* config (with --stack or --cwd, and always for a resource name) or the XADS_* variables.",
    )
    .argument("<draft>", "a DraftTweet's resource name in the stack, or a draft Tweet's id")
    .option("-s, --stack <name>", "the stack (default: the selected stack of --cwd)")
    .option("-C, --cwd <dir>", "the Pulumi project folder (default: the current one)")
    .option("-a, --account <id>", "the ads account of the draft (default: the state's, else xads:accountId)")
    .action(async (draft: string, opts: DraftPreviewOptions) => {
      await runDraftPreview(draft, opts, (line) => process.stdout.write(`${line}\n`));
    });
}
