/**
 * The platform's account history of an entity (ref
 * campaign-management/reference.mdx, GET accounts/:account_id/account_history,
 * in beta: allow-listed accounts): who changed it and when. `xads drift`
 * asks it for each drifted resource (cli/drift-history.ts); an update the
 * provider refuses because a field changed outside the program names who
 * changed it (resources/lifecycle.ts). The window and the matching of
 * entries are pure functions.
 */
import type { AdsClient } from "./client/client";
import { AdsApiError } from "./client/errors";
import { ENUMS } from "./limits";

/** One change the platform recorded of the entity after the state's last change of it. */
export interface HistoryChange {
  /** `change_by.user_id`: the user who made it. */
  userId: string;
  /** The user's handle, without the @, where the users lookup answered it (`usernamesOf`). */
  username?: string;
  /** `change_by.platform` (API_OTHER for the Ads API). */
  platform?: string;
  /** `change_type` (the reference shows CREATE). */
  changeType?: string;
  /** `change_time`, ISO 8601. */
  time: string;
}

export interface HistoryWindow {
  start: string;
  end: string;
}

const HOUR_MS = 3_600_000;
/** How far back to look for a resource whose state records no time (checkpoints before early 2023). */
const NO_TIME_LOOKBACK_MS = 7 * 24 * HOUR_MS;

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The window of whole hours the endpoint takes ("Must be expressed in whole
 * hours"): from the state's last change of the resource (`modified`, else
 * `created`: apitype.ResourceV3) rounded down to the hour, to the hour after
 * now. Without either time, the last 7 days.
 */
export function historyWindow(state: Readonly<Record<string, unknown>> | undefined, now: number, lookbackMs = NO_TIME_LOOKBACK_MS): HistoryWindow {
  const recorded = [state?.modified, state?.created].find((t): t is string => typeof t === "string" && !Number.isNaN(Date.parse(t)));
  const from = recorded !== undefined ? Date.parse(recorded) : now - lookbackMs;
  const start = Math.floor(Math.min(from, now) / HOUR_MS) * HOUR_MS;
  const end = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
  return { start: iso(start), end: iso(end) };
}

/** The history's `entity_type` of a collection (`campaigns`: CAMPAIGN), undefined for one the platform keeps no history of. */
export function historyEntityTypeOf(collection: string | undefined): string | undefined {
  const types: Readonly<Record<string, string>> = ENUMS.historyEntityType;
  return collection !== undefined && Object.hasOwn(types, collection) ? types[collection] : undefined;
}

export type Json = Record<string, unknown>;

/**
 * The entries of one entity made after the state's last change of it
 * (`since`, the state's `modified`): the window starts at the hour before,
 * so it also holds the update Pulumi itself made. Oldest first.
 */
export function changesSince(entries: readonly Json[], entityId: string, since: string | undefined): HistoryChange[] {
  const after = since === undefined ? -Infinity : Date.parse(since);
  return entries
    .filter((e) => e.entity_id === entityId && typeof e.change_time === "string" && Date.parse(e.change_time) > after)
    .map((e) => {
      const by = (e.change_by ?? {}) as Json;
      return {
        userId: String(by.user_id ?? "unknown"),
        ...(typeof by.platform === "string" ? { platform: by.platform } : {}),
        ...(typeof e.change_type === "string" ? { changeType: e.change_type } : {}),
        time: e.change_time as string,
      };
    })
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

/** Codes the platform answers a beta endpoint with for an account or application outside its allow-list. */
const NOT_ALLOW_LISTED = new Set(["UNAUTHORIZED_CLIENT_APPLICATION", "FEATURE_NOT_AVAILABLE"]);

export function isNotAllowListed(err: unknown): boolean {
  return err instanceof AdsApiError && NOT_ALLOW_LISTED.has(err.code);
}

/** `@handle (user <id>, PLATFORM)` where the handle is known, else `user <id> (PLATFORM)`. */
export function who(c: HistoryChange): string {
  if (c.username === undefined) return `user ${c.userId}${c.platform ? ` (${c.platform})` : ""}`;
  return `@${c.username} (user ${c.userId}${c.platform ? `, ${c.platform}` : ""})`;
}

/**
 * The last change the account history records of an entity within the
 * last `lookbackMs` (7 days by default), or undefined: none, the kind has
 * no history, the account is not allow-listed, or the call failed (what
 * asks never fails for it).
 */
export async function lastChangeOf(client: AdsClient, accountId: string, collection: string | undefined, id: string, now: number = Date.now(), lookbackMs = NO_TIME_LOOKBACK_MS): Promise<HistoryChange | undefined> {
  const entityType = historyEntityTypeOf(collection);
  if (!entityType) return undefined;
  const window = historyWindow(undefined, now, lookbackMs);
  try {
    const entries = await client.list<Json>(`/12/accounts/${accountId}/account_history`, { entity_type: entityType, entity_id: id, start_time: window.start, end_time: window.end });
    return changesSince(entries, id, undefined).at(-1);
  } catch {
    return undefined;
  }
}
