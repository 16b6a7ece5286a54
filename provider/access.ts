/**
 * Preview's look at what it can check without writing: that the credentials
 * work and reach the account a resource is in. One read-only request per
 * account (GET accounts/:account_id, xdevplatform/docs
 * x-ads-api/campaign-management/reference.mdx, GET accounts/:account_id),
 * made once for the run: the provider process lives for one engine
 * operation, and every kind's resources share its client (registry.ts).
 * Without it a wrong account or a refused credential passed preview and
 * failed the up after its first writes (a sandbox account created under it).
 */
import { AdsClient } from "./client";
import { AuthError, NotFoundError, UnreachableError } from "./client/errors";
import { SETTINGS } from "./config";
import { CheckFailure, containsUnknown } from "./resources/framework";

const CREDENTIALS = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;

const checked = new WeakMap<AdsClient, Map<string, Promise<CheckFailure[]>>>();

/**
 * The failures of the account's access check (none when it is reachable):
 * the request is made once per client (base address and credentials) and
 * account; `account` undefined checks the credentials alone (GET accounts).
 * `redact` takes the credentials out of what the platform answered;
 * `addressHint` says where an address that does not answer comes from.
 */
export function accessFailures(client: AdsClient, account: string | undefined, redact: (text: string) => string, addressHint?: string): Promise<CheckFailure[]> {
  let byAccount = checked.get(client);
  if (!byAccount) checked.set(client, (byAccount = new Map()));
  const key = account ?? "";
  let result = byAccount.get(key);
  if (!result) {
    const request = account === undefined ? client.get("/12/accounts", { count: 1 }) : client.get(`/12/accounts/${account}`);
    result = request.then(() => [], (err: unknown) => [accessFailure(err, account, redact, addressHint)]);
    byAccount.set(key, result);
  }
  return result;
}

/** Each credential setting, as its stack config key and environment variable. */
export const CREDENTIAL_SETTINGS = CREDENTIALS.map((s) => `${SETTINGS[s].key} (or ${SETTINGS[s].env})`).join(", ");

/** What a refused access check tells: which setting to change, and that nothing was written. */
export function accessFailure(err: unknown, account: string | undefined, redact: (text: string) => string, addressHint?: string): CheckFailure {
  const said = redact(err instanceof Error ? err.message : String(err));
  const { key, env } = SETTINGS.accountId;
  if (err instanceof AuthError && err.status === 401) {
    return {
      property: "",
      reason: `the Ads API refused the credentials (${said}). Set the app's and the user's keys: ${CREDENTIAL_SETTINGS}, `
        + `with pulumi config set --secret <key>. Nothing was written`,
    };
  }
  if (account !== undefined && (err instanceof NotFoundError || err instanceof AuthError)) {
    return {
      property: "accountId",
      reason: `accountId ${account} is not an ads account these credentials can use (${said}). Set accountId on the resource, `
        + `or the stack's ${key} (pulumi config set ${key} <id>, or ${env}), to an account of the user whose access token it is. Nothing was written`,
    };
  }
  const what = account === undefined ? "the credentials" : `access to account ${account}`;
  // Nothing answers at the address: the address is what to correct, not the account.
  if (err instanceof UnreachableError) return { property: "", reason: `checking ${what}: ${said}.${addressHint ? ` ${addressHint}.` : ""} Nothing was written` };
  return { property: "", reason: `checking ${what} failed (${said}), so preview cannot tell whether the up would be refused. Nothing was written` };
}

/** The inputs that name an entity carrying the currency, with its collection. */
const PARENTS: readonly (readonly [string, string])[] = [["fundingInstrumentId", "funding_instruments"], ["campaignId", "campaigns"]];

const currencies = new WeakMap<AdsClient, Map<string, Promise<string | undefined>>>();

/**
 * The currency of the funding instrument a resource's amounts are in, for
 * check's messages (`USD 2,000.00`): read from its funding instrument or
 * campaign (both carry `currency`: xdevplatform/docs
 * x-ads-api/campaign-management/reference.mdx, GET funding_instruments and
 * GET campaigns), once per entity for the run. Undefined when neither id is
 * known yet, or the read fails: the message then says "in the funding
 * instrument's currency".
 */
export function currencyOf(client: AdsClient, account: string, inputs: Record<string, unknown>): Promise<string | undefined> {
  const parent = PARENTS.find(([field]) => typeof inputs[field] === "string" && !containsUnknown(inputs[field]));
  if (!parent) return Promise.resolve(undefined);
  const path = `/12/accounts/${account}/${parent[1]}/${String(inputs[parent[0]])}`;
  let byPath = currencies.get(client);
  if (!byPath) currencies.set(client, (byPath = new Map()));
  let result = byPath.get(path);
  if (!result) {
    result = client.get(path, { with_deleted: true }).then((e) => (typeof e.currency === "string" ? e.currency : undefined), () => undefined);
    byPath.set(path, result);
  }
  return result;
}

