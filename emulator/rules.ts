/**
 * Rules several resources share: references to other entities, budgets,
 * create-only fields, and the active-entity caps (ref campaign-management/reference.mdx, POST campaigns and POST line_items).
 */
import { ApiError, ErrorCode } from "./errors";
import { Account, Collection, StoredEntity } from "./store";
import { WireParams } from "./wire";

/**
 * The live entity a parameter refers to, in the same account; 400 naming the
 * parameter otherwise. The real platform refuses a reference to
 * a missing entity with a 4xx naming it (here INVALID_PARAMETER, a README code).
 */
export function referenced<T extends StoredEntity>(account: Account, collection: string, id: string, parameter: string, noun: string): T {
  const entity = account.collection<T>(collection).live(id);
  if (!entity) throw ApiError.invalid(parameter, `${parameter} ${id} is not a live ${noun} of account ${account.id}`);
  return entity;
}

/**
 * Fields fixed at creation: a PUT that changes one is refused, not ignored.
 * (One resent unchanged is dropped before the rules: resource.ts changedParams.)
 */
export function refuseCreateOnly(params: WireParams, fields: readonly string[], noun: string): void {
  const given = fields.find((f) => f in params);
  if (given) throw ApiError.invalid(given, `${given} cannot be changed once the ${noun} is created`);
}

/** ref campaign-management/reference.mdx, POST campaigns: the daily budget is at most the total budget. */
export function assertDailyWithinTotal(daily: number | null, total: number | null): void {
  if (daily !== null && total !== null && daily > total) {
    throw ApiError.invalid(
      "daily_budget_amount_local_micro",
      `daily_budget_amount_local_micro must be at most total_budget_amount_local_micro (${total}), got ${daily}`,
    );
  }
}

export interface ActiveCap<T extends StoredEntity> {
  collection: Collection<T>;
  isActive: (e: T) => boolean;
  limit: number;
  code: ErrorCode;
  /** e.g. "campaigns" */
  nouns: string;
  accountId: string;
}

/** Refuses one more active entity when the account already has `limit` (live) ones. */
export function assertActiveCapacity<T extends StoredEntity>(cap: ActiveCap<T>): void {
  const active = cap.collection.count((e) => !e.deleted && cap.isActive(e));
  if (active >= cap.limit) {
    // No parameter: the reference's code names the limit, not a parameter (tests/conformance corpus, POST campaigns [too_many_campaigns]).
    throw ApiError.of(
      400, cap.code,
      `account ${cap.accountId} already has ${active} ACTIVE ${cap.nouns}, the limit is ${cap.limit}; pause or delete one first (paused ${cap.nouns} are not limited)`,
    );
  }
}

/** The parsed parameters that were given (absent optional ones dropped), for merging into an entity. */
export function given<T extends object>(parsed: T): Partial<T> {
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as Partial<T>;
}
