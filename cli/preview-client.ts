/**
 * The Ads API client of the calls `xads pr-summary` makes about a preview
 * (the previews' renderings, the reach estimates): the preview's stack's
 * xads:* config (its program in the current folder), else the XADS_*
 * variables alone, over the settings the preview's JSON records (its
 * config, secrets blinded there: the account, xads:sandbox, the
 * addresses); or why there is none.
 */
import { AdsClient } from "../provider/client/client";
import { ProviderConfig } from "../provider/config";
import { openStackConfig } from "./auth/stack-config";
import { PreviewModel } from "./preview-input";
import { stackClient } from "./untracked";

export interface PreviewClient {
  ctx?: { client: AdsClient; config: ProviderConfig };
  /** Why there is no client (no credentials, a bad setting). */
  noCredentials?: string;
  /** The credentials, for redaction. */
  secrets?: string[];
}

export async function previewClient(model: PreviewModel): Promise<PreviewClient> {
  const recorded = Object.fromEntries(Object.entries(model.config ?? {}).filter(([, v]) => v !== "[secret]"));
  let values: Record<string, string | undefined> = {};
  let stackProblem: string | undefined;
  try {
    values = (await openStackConfig(process.cwd(), model.stack)).values;
  } catch (err) {
    stackProblem = err instanceof Error ? err.message : String(err);
  }
  try {
    const { client, config } = stackClient({ ...recorded, ...values }, () => {});
    return { ctx: { client, config }, secrets: Object.values(config.credentials) };
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { noCredentials: `${why}${stackProblem ? `; the stack's config was not read either: ${stackProblem}` : ""}` };
  }
}
