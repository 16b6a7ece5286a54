/**
 * Line item curated category (ref campaign-management/reference.mdx, Line Item Curated Categories): a curated
 * category (see getCuratedCategories) attached to a line item. The PUT
 * takes both the line item and the category (both optional: an update sends
 * what changed), so both change in place; only the account replaces.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId } from "./common";
import { defineResource } from "./define";

// --------------------------------------------------------------- schema ---

export const lineItemCuratedCategoryInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item; changes in place."),
  curatedCategoryId: entityId.describe("The curated category (getCuratedCategories lists them by country); changes in place."),
  adoptId: adoptIdInput,
}).describe("A curated category attached to a line item. Both the line item and the category change in place.");

export type LineItemCuratedCategoryInputs = z.infer<typeof lineItemCuratedCategoryInputs>;

// ------------------------------------------------------------ lifecycle ---

// The list takes no ids or line item filter (tests/conformance corpus: count, cursor, sort_by, with_deleted,
// with_total_count only): reads GET the entity; a lost POST is looked up among all of the account's.
const path = (c: { accountId: string }) => `/12/accounts/${c.accountId}/line_item_curated_categories`;

export const lineItemCuratedCategory = defineResource("LineItemCuratedCategory", lineItemCuratedCategoryInputs, {
  path,
  describe: (c) => `curated category ${c.curatedCategoryId} on line item ${c.lineItemId}`,
  lookUp: {
    candidates: (ctx, [c]) => ctx.client.list<Entity>(path(c!)),
    matches: (c, e) => e.line_item_id === c.lineItemId && e.curated_category_id === c.curatedCategoryId,
  },
});
