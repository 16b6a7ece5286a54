/**
 * The change history the platform keeps of an account's campaigns, line
 * items, promoted Tweets and accounts and targeting criteria (ref
 * campaign-management/reference.mdx, GET accounts/:account_id/account_history):
 * one entry per write, who made it (the user of the access token, or the
 * control API's user for an edit "in the ads UI") and the entity as the
 * write left it. Entries are records of the account's `account_history`
 * collection, so a failed batch rolls its entries back with its writes.
 */
import { ENUMS } from "./platform";
import { Account, AnyEntity, isoTime, StoredEntity } from "./store";
import { ADS_UI_USER } from "./users";

export const HISTORY_COLLECTION = "account_history";

type Covered = keyof typeof ENUMS.historyEntityType;
export type HistoryEntityType = (typeof ENUMS.historyEntityType)[Covered];

/**
 * ref GET account_history: the example answers a CREATE; the reference
 * names no other change_type. UPDATE and DELETE are the emulator's words
 * for the writes it records besides (README "Account history").
 */
export type ChangeType = "CREATE" | "UPDATE" | "DELETE";

/** Who made a change: `change_by` of an entry. */
export interface Actor {
  /** A long on the platform, as a string of digits (the example's `"982978172"`). */
  user_id: string;
  /** ref GET account_history example: API_OTHER for a change through the API. */
  platform: string;
}

/** The platform value of a change through the Ads API (the reference's example). */
export const API_PLATFORM = "API_OTHER";

/**
 * Who edits "in the ads UI" through the control API unless it names a user
 * (README "Account history"). The reference shows no change made in the UI:
 * the platform value is the emulator's own.
 */
export const ADS_UI_ACTOR: Actor = { user_id: ADS_UI_USER.id, platform: "ADS_UI" };

export interface HistoryEntry extends StoredEntity {
  entity: HistoryEntityType;
  entity_id: string;
  change_type: ChangeType;
  change_time: string;
  change_by: Actor;
  /** ref GET account_history example: `{}`; the reference documents no content. */
  changes: Record<string, never>;
  entity_data: Record<string, unknown>;
}

/**
 * A campaign's `entity_data`: the fields the reference's example shows of
 * one (ref GET accounts/:account_id/account_history), start_time and
 * end_time included: a v12 campaign has neither (campaigns reference, GET
 * campaigns), so both are null, as the example's end_time is. Other kinds:
 * the record without its id; the reference shows none of them.
 */
const ENTITY_DATA: Partial<Record<Covered, readonly string[]>> = {
  campaigns: [
    "name", "start_time", "purchase_order_number", "daily_budget_amount_local_micro", "end_time", "duration_in_days", "standard_delivery",
    "total_budget_amount_local_micro", "entity_status", "frequency_cap", "created_at", "updated_at", "deleted",
  ],
};

function isCovered(collection: string): collection is Covered {
  return Object.hasOwn(ENUMS.historyEntityType, collection);
}

function entityData(collection: Covered, entity: AnyEntity): Record<string, unknown> {
  const keys = ENTITY_DATA[collection];
  if (keys) return Object.fromEntries(keys.map((k) => [k, entity[k] ?? null]));
  const { id: _id, ...rest } = entity;
  return rest;
}

/** Records a write to an entity of `collection`, when the platform keeps the history of its kind. */
export function recordChange(account: Account, collection: string, changeType: ChangeType, entity: StoredEntity, by: Actor, now: number): void {
  if (!isCovered(collection)) return;
  const fields: Omit<HistoryEntry, keyof StoredEntity> = {
    entity: ENUMS.historyEntityType[collection],
    entity_id: entity.id,
    change_type: changeType,
    change_time: isoTime(now),
    change_by: { ...by },
    changes: {},
    entity_data: entityData(collection, entity as AnyEntity),
  };
  account.collection<HistoryEntry>(HISTORY_COLLECTION).insert(fields);
}

/** An entry as the endpoint answers it: without the store's own id and times. */
export function shownEntry(e: HistoryEntry): Record<string, unknown> {
  const { id: _id, created_at: _c, updated_at: _u, deleted: _d, ...shown } = e;
  return shown;
}
