/**
 * The Ads API clients of the calls `xads pr-summary` makes about a preview
 * (the previews' renderings, the reach estimates), one per ads account: the
 * provider the stack's state manages that account through (an explicit
 * `xads.Provider` or YAML `pulumi:providers:xads` with its own credentials,
 * cli/stack-providers.ts), else the preview's stack's xads:* config (its
 * program in the current folder), else the XADS_* variables alone, over the
 * settings the preview's JSON records (its config, secrets blinded there:
 * the account, xads:sandbox, the addresses); or why there is none.
 */
import { AdsClient } from "../provider/client/client";
import { ProviderConfig } from "../provider/config";
import { exportedState, openStackConfig } from "./auth/stack-config";
import { PreviewModel } from "./preview-input";
import { Deployment } from "./recover-plan";
import { StackProviders } from "./stack-providers";

export interface PreviewClient {
  ctx?: { client: AdsClient; config: ProviderConfig };
  /** Why there is no client (no credentials, a bad setting). */
  noCredentials?: string;
  /** The credentials, for redaction. */
  secrets?: string[];
}

/** The client of each account a preview's calls ask about (undefined: the stack's default account). */
export type PreviewClients = (accountId: string | undefined) => PreviewClient;

export async function previewClients(model: PreviewModel): Promise<PreviewClients> {
  const recorded = Object.fromEntries(Object.entries(model.config ?? {}).filter(([, v]) => v !== "[secret]"));
  let values: Record<string, string | undefined> = {};
  let state: Deployment = {};
  let stackProblem: string | undefined;
  try {
    const stack = await openStackConfig(process.cwd(), model.stack);
    values = stack.values;
    state = await exportedState<Deployment>(stack.workDir, stack.stackName);
  } catch (err) {
    stackProblem = err instanceof Error ? err.message : String(err);
  }
  const providers = new StackProviders(state, { ...recorded, ...values }, () => {});
  return (accountId) => {
    const p = providers.forAccount(accountId);
    if (p.ctx) return { ctx: p.ctx, secrets: providers.secrets() };
    return { noCredentials: `${p.problem}${stackProblem ? `; the stack's config was not read either: ${stackProblem}` : ""}` };
  };
}

/** previewClients read once, on first use: the summary's calls (live values, reach, renderings) share one reading of the stack. */
export function previewClientsOnce(model: PreviewModel): () => Promise<PreviewClients> {
  let clients: Promise<PreviewClients> | undefined;
  return () => (clients ??= previewClients(model));
}
