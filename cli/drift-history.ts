/**
 * Who changed a drifted resource outside Pulumi, and when: `xads drift` asks
 * the platform's account history (xdevplatform/docs
 * x-ads-api/campaign-management/reference.mdx, GET
 * accounts/:account_id/account_history) once per drifted resource of a kind
 * it keeps the history of (campaigns, line items, promoted Tweets and
 * accounts, targeting criteria), for the entity's changes since the state
 * last changed the resource. The endpoint is in beta and needs
 * allow-listing: an account outside it still gets its drift report, with a
 * note instead of names.
 *
 * The users it names are shown by handle where the credentials can read
 * it: one X API v2 users lookup (xdevplatform/docs openapi.json, GET
 * /2/users) for all of them, on the platform API base. An application whose
 * access does not include that endpoint still gets the ids, with one note.
 * `--all-stacks` asks each handle once a run (UsersLookups), not once a
 * stack.
 *
 * The window, the matching of entries to a resource and the words of the
 * report are pure functions; `historyOf` and `usernamesOf` make the calls.
 */
import { createHash } from "node:crypto";
import type { AdsClient } from "../provider/client/client";
import { AuthError } from "../provider/client/errors";
import type { Credentials } from "../provider/client/signing";
import type { ProviderConfig } from "../provider/config";
import { changesSince, HistoryChange, historyEntityTypeOf, HistoryWindow, historyWindow, isNotAllowListed, Json, who } from "../provider/account-history";
import { definitionOf, RESOURCES } from "../provider/resources";
import type { Deployment, StateResource } from "./recover-plan";

export { changesSince, historyWindow, isNotAllowListed };
export type { HistoryChange, HistoryWindow };

/** What the account history says of one drifted resource. */
export type DriftHistory =
  /** The entity's changes within `window` made after the state's last change (`since`), oldest first. */
  | { status: "found"; window: HistoryWindow; since?: string; changes: HistoryChange[] }
  /** The platform keeps no history of the resource's kind. */
  | { status: "not-kept" }
  /** The account is not allow-listed for the endpoint (in beta). */
  | { status: "not-allow-listed" }
  /** The call failed otherwise: the drift is still reported. */
  | { status: "failed"; message: string };

/** The history's `entity_type` of a kind, undefined for a kind the platform keeps no history of. */
export function historyEntityType(kind: string | undefined): string | undefined {
  if (!kind || !(kind in RESOURCES)) return undefined;
  return historyEntityTypeOf((definitionOf(kind) as { collection?: string }).collection);
}

/** The words of a history, beside a resource's fields old -> new. */
export function describeHistory(h: DriftHistory, kind: string | undefined): string {
  switch (h.status) {
    case "not-kept":
      return `the platform keeps no history for ${kind ?? "this kind"}`;
    case "not-allow-listed":
      return "history not available for this account (not allow-listed)";
    case "failed":
      return `history could not be read: ${h.message}`;
    case "found":
      if (h.changes.length === 0) return `no change recorded between ${h.since ?? h.window.start} and ${h.window.end}`;
      return h.changes.map((c) => `${c.changeType === "DELETE" ? "deleted" : "changed"} by ${who(c)} at ${c.time}`).join("; ");
  }
}

/** openapi.json GET /2/users, `ids`: at most 100 user ids a request. */
export const USERS_LOOKUP_MAX_IDS = 100;

/** The ids of the users the histories name, each once, in the order they first appear. */
export function historyUserIds(histories: Iterable<DriftHistory>): string[] {
  const ids = new Set<string>();
  for (const h of histories) if (h.status === "found") for (const c of h.changes) if (/^\d{1,19}$/.test(c.userId)) ids.add(c.userId);
  return [...ids];
}

/** What the users lookup gave: the handles it answered, by id, and, when a call failed, one line that says so. */
export interface UsersLookup {
  usernames: Map<string, string>;
  note?: string;
}

/**
 * The handles of `ids` from the X API v2 users lookup (GET /2/users, ids
 * comma-separated, at most 100 a call) through `client`, the provider's
 * client on the platform API base: its rate-limit planning and retries of
 * reads apply. Ids the platform does not find are left out (its `errors`);
 * a refusal (401/403: e.g. an access level without the v2 users lookup) or
 * any other failure stops the lookup and leaves a note, never an error.
 */
export async function usernamesOf(ids: readonly string[], client: AdsClient | undefined, why?: string): Promise<UsersLookup> {
  const usernames = new Map<string, string>();
  if (ids.length === 0) return { usernames };
  if (!client) return { usernames, note: `user handles not shown: ${why ?? "no client for the platform API"}` };
  try {
    for (let i = 0; i < ids.length; i += USERS_LOOKUP_MAX_IDS) {
      const page = await client.request<{ id?: unknown; username?: unknown }[] | undefined>({ method: "GET", path: "/2/users", query: { ids: ids.slice(i, i + USERS_LOOKUP_MAX_IDS) } });
      for (const u of page.data ?? []) if (typeof u.id === "string" && typeof u.username === "string") usernames.set(u.id, u.username);
    }
    return { usernames };
  } catch (err) {
    const reason = err instanceof AuthError
      ? `these credentials may not use the X API users lookup (GET /2/users answered ${err.status}: the app's access level may not include it)`
      : `the X API users lookup (GET /2/users) failed: ${err instanceof Error ? err.message : String(err)}`;
    return { usernames, note: `user handles not shown: ${reason}` };
  }
}

/** The platform API a users lookup reaches, and as whom: what it may read depends on both. */
export interface UsersLookupCaller {
  client: AdsClient;
  baseUrl: string;
  credentials: Credentials;
}

/**
 * The users lookups of one run of `xads drift`: `--all-stacks` checks
 * stacks that mostly reach the same platform address with the same
 * credentials and name the same editors, so each id is asked once a run
 * for each address and credentials, not once a stack. A failed lookup
 * (a 403 refusal would be refused again) is not asked again either: its
 * note goes to every later stack with a handle it lacks.
 */
export class UsersLookups {
  private readonly byCaller = new Map<string, { asked: Set<string>; usernames: Map<string, string>; note?: string }>();

  constructor(private readonly lookup: typeof usernamesOf = usernamesOf) {}

  /** usernamesOf, answering from earlier lookups of the same caller what they asked. */
  async usernamesOf(ids: readonly string[], caller: UsersLookupCaller | undefined, why?: string): Promise<UsersLookup> {
    if (!caller || ids.length === 0) return this.lookup(ids, caller?.client, why);
    // A digest, so the map holds no credential.
    const key = createHash("sha256").update(JSON.stringify([caller.baseUrl, caller.credentials.consumerKey, caller.credentials.consumerSecret, caller.credentials.accessToken, caller.credentials.accessTokenSecret])).digest("hex");
    let seen = this.byCaller.get(key);
    if (!seen) this.byCaller.set(key, (seen = { asked: new Set(), usernames: new Map() }));
    const missing = seen.note === undefined ? ids.filter((id) => !seen!.asked.has(id)) : [];
    if (missing.length > 0) {
      const found = await this.lookup(missing, caller.client);
      for (const id of missing) seen.asked.add(id);
      for (const [id, username] of found.usernames) seen.usernames.set(id, username);
      if (found.note !== undefined) seen.note = found.note;
    }
    const usernames = new Map(ids.filter((id) => seen!.usernames.has(id)).map((id) => [id, seen!.usernames.get(id)!] as const));
    return { usernames, ...(seen.note !== undefined && usernames.size < ids.length ? { note: seen.note } : {}) };
  }
}

/** The histories with each change's handle, where the lookup answered it. */
export function withUsernames(histories: ReadonlyMap<string, DriftHistory>, usernames: ReadonlyMap<string, string>): Map<string, DriftHistory> {
  return new Map([...histories].map(([urn, h]) => [urn, h.status !== "found" ? h : {
    ...h, changes: h.changes.map((c) => (usernames.has(c.userId) ? { ...c, username: usernames.get(c.userId)! } : c)),
  }]));
}

/** A drifted resource, as far as its history needs it. */
export interface HistoryTarget {
  kind?: string;
  id?: string;
  urn: string;
}

/**
 * The history of each drifted resource, by URN: one call per resource of a
 * kind the platform keeps the history of (its pages followed), with the
 * client of the resource's own provider (`contextOf`: cli/stack-providers.ts),
 * none once an account has answered that it is not allow-listed. `now` is
 * the clock.
 */
export async function historyOf(
  targets: readonly HistoryTarget[],
  deployment: Deployment,
  contextOf: (resource: StateResource) => { client: AdsClient; config: ProviderConfig },
  now: number = Date.now(),
): Promise<Map<string, DriftHistory>> {
  const states = new Map<string, StateResource>((deployment.resources ?? []).filter((r) => !r.delete).map((r) => [r.urn, r]));
  const refused = new Set<string>();
  const out = new Map<string, DriftHistory>();
  // One after another: a refusal spares the account's other calls, and the client plans the rate limits either way.
  for (const t of targets) {
    const entityType = historyEntityType(t.kind);
    const state = states.get(t.urn);
    if (!entityType) {
      out.set(t.urn, { status: "not-kept" });
      continue;
    }
    let ctx: { client: AdsClient; config: ProviderConfig } | undefined;
    try {
      ctx = state && contextOf(state);
    } catch (err) {
      out.set(t.urn, { status: "failed", message: err instanceof Error ? err.message : String(err) });
      continue;
    }
    const accountId = [state?.outputs?.accountId, state?.inputs?.accountId, ctx?.config.accountId].find((a): a is string => typeof a === "string" && a !== "");
    if (!t.id || !accountId || !ctx) {
      out.set(t.urn, { status: "failed", message: `no ${!t.id ? "id" : !ctx ? "resource" : "account id"} in the state` });
      continue;
    }
    if (refused.has(accountId)) {
      out.set(t.urn, { status: "not-allow-listed" });
      continue;
    }
    const window = historyWindow(state, now);
    const since = [state?.modified, state?.created].find((x): x is string => typeof x === "string");
    try {
      const entries = await ctx.client.list<Json>(`/12/accounts/${accountId}/account_history`, {
        entity_type: entityType, entity_id: t.id, start_time: window.start, end_time: window.end,
      });
      out.set(t.urn, { status: "found", window, ...(since ? { since } : {}), changes: changesSince(entries, t.id, since) });
    } catch (err) {
      if (isNotAllowListed(err)) {
        refused.add(accountId);
        out.set(t.urn, { status: "not-allow-listed" });
      } else {
        out.set(t.urn, { status: "failed", message: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  return out;
}
