/**
 * Promotable users (ref campaign-management/reference.mdx, Promotable Users): the users whose content an account may
 * promote, each FULL or RETWEETS_ONLY. Read only: the platform grants them
 * outside the API (real platform has no write endpoint).
 * Seeded with the account's FULL user, the configured one (seed.ts).
 */
import { ENUMS } from "../platform";
import { resourceRoutes, ResourceSpec } from "../resource";
import { Account, StoredEntity, NewFields } from "../store";

export interface PromotableUser extends StoredEntity {
  /** A long on the platform; kept as its decimal string. */
  user_id: string;
  promotable_user_type: (typeof ENUMS.promotableUserType)[number];
}

export const promotableUsers: ResourceSpec<PromotableUser> = {
  collection: "promotable_users",
  noun: "promotable user",
  list: () => ({
    ids: [{ param: "promotable_user_ids", value: (u) => u.id }],
    sortable: ["created_at", "updated_at"],
  }),
};

/** Gives the account a promotable user (seeding and tests). */
export function addPromotableUser(account: Account, userId: string, type: PromotableUser["promotable_user_type"]): PromotableUser {
  // The real platform (tests/conformance corpus): the record names no account.
  const fields: NewFields<PromotableUser> = { user_id: userId, promotable_user_type: type };
  return account.collection<PromotableUser>(promotableUsers.collection).insert(fields);
}

/** The live promotable user of the account with that user id. */
export function promotableUser(account: Account, userId: string): PromotableUser | undefined {
  return account.collection<PromotableUser>(promotableUsers.collection).all().find((u) => !u.deleted && u.user_id === userId);
}

export const promotableUserRoutes = resourceRoutes(promotableUsers);
