/**
 * Promoted accounts (ref campaign-management/reference.mdx, Promoted Accounts): a user promoted on a
 * line item configured for promoted accounts (product type
 * PROMOTED_ACCOUNT). No PUT; DELETE disassociates.
 */
import { z } from "zod";
import { ENUMS } from "../platform";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { referenced } from "../rules";
import { Account, StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";
import { platformUser } from "../reference-data";
import { LineItem, lineItems } from "./line-items";
import { promotableUser } from "./promotable-users";

export interface PromotedAccount extends StoredEntity {
  line_item_id: string;
  /** A long on the platform; kept as its decimal string (ids exceed 2^53). */
  user_id: string;
  entity_status: "ACTIVE" | "PAUSED";
  approval_status: string;
}

const createParams = z.object({
  line_item_id: param.id(),
  user_id: z.string().regex(/^\d+$/, "must be a user id in decimal digits (a long)"),
});

const configured = (li: LineItem) => li.product_type === ENUMS.promotedAccountProductType;

function create(ctx: ResourceContext, params: WireParams): NewFields<PromotedAccount> {
  const p = parseParams(createParams, params);
  const lineItem = referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  if (!configured(lineItem)) {
    throw ApiError.of(400, "INCOMPATIBLE_LINE_ITEM",
      `line item ${lineItem.id} is not configured for promoted accounts: its product_type is ${lineItem.product_type}, not ${ENUMS.promotedAccountProductType}`, "line_item_id");
  }
  assertEligible(ctx.account, p.user_id);
  return {
    line_item_id: lineItem.id,
    user_id: p.user_id,
    entity_status: "ACTIVE",
    // The real platform reviews promoted content, accepted here.
    approval_status: "ACCEPTED",
  };
}

/**
 * ref campaign-management/reference.mdx, POST promoted_accounts: an ineligible user is refused with HTTP 400 and nothing is
 * promoted. Which users are eligible is not shown: here a promotable user
 * of the account or a known public user (reference-data.ts). The code is
 * not shown either: INVALID_PARAMETER on user_id.
 */
function assertEligible(account: Account, userId: string): void {
  if (promotableUser(account, userId)) return;
  const known = platformUser(userId);
  if (known && !known.protected) return;
  const why = known ? "the account is protected" : "no such user can be promoted";
  throw ApiError.invalid("user_id", `user_id ${userId} is not eligible for promotion by account ${account.id}: ${why} (neither a promotable user of the account nor a public user)`);
}

/**
 * ref campaign-management/reference.mdx, POST promoted_accounts: "If the provided user is already
 * promoted, the request will be ignored". What it answers is not shown; here 200 with the existing record, nothing new created, so
 * a client that repeats a create gets the one record.
 */
function existing(ctx: ResourceContext, fields: NewFields<PromotedAccount>): PromotedAccount | undefined {
  return ctx.account.collection<PromotedAccount>(promotedAccounts.collection).all()
    .find((p) => !p.deleted && p.line_item_id === fields.line_item_id && p.user_id === fields.user_id);
}

/** ref campaign-management/reference.mdx, GET promoted_accounts: a list naming line items, none of them configured for promoted accounts, is a 400. */
function listRule(ctx: ResourceContext, params: WireParams): void {
  const ids = parseParams(z.object({ line_item_ids: param.ids().optional() }), params).line_item_ids;
  if (ids === undefined) return;
  const items = ctx.account.collection<LineItem>(lineItems.collection);
  // Deleted line items keep their product type: they still count as configured.
  if (ids.some((id) => { const li = items.get(id); return li !== undefined && configured(li); })) return;
  throw ApiError.of(400, "INCOMPATIBLE_LINE_ITEM",
    `none of line_item_ids ${ids.join(", ")} is configured for promoted accounts (product_type ${ENUMS.promotedAccountProductType})`, "line_item_ids");
}

export const promotedAccounts: ResourceSpec<PromotedAccount> = {
  collection: "promoted_accounts",
  noun: "promoted account",
  list: () => ({
    ids: [
      { param: "promoted_account_ids", value: (p) => p.id },
      { param: "line_item_ids", value: (p) => p.line_item_id },
    ],
    sortable: ["created_at", "updated_at"],
  }),
  create,
  existing,
  listRule,
  // No update: ref campaign-management/reference.mdx, promoted account records cannot be updated (a PUT answers 405).
  deletable: true,
};

export const promotedAccountRoutes = resourceRoutes(promotedAccounts);
