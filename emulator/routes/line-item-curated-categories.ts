/**
 * Line item curated categories (ref campaign-management/reference.mdx, Line Item Curated Categories): a curated category attached to
 * a line item. POST requires both ids; PUT takes either (so both change in
 * place); DELETE detaches. The real platform also lists them
 * (GET with line_item_curated_category_ids, line_item_ids, PG, WD, WT) and
 * reads one by id.
 */
import { z } from "zod";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { given, referenced } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";
import { CURATED_CATEGORIES } from "../reference-data";
import { LineItem, lineItems } from "./line-items";

export interface LineItemCuratedCategory extends StoredEntity {
  line_item_id: string;
  curated_category_id: string;
}

const createParams = z.object({ line_item_id: param.id(), curated_category_id: param.id() });
const updateParams = z.object({ line_item_id: param.id().optional(), curated_category_id: param.id().optional() });

/** The real platform refuses a curated category id it does not serve (INVALID_PARAMETER here). */
function assertCuratedCategory(id: string): void {
  if (!CURATED_CATEGORIES.some((c) => c.id === id)) {
    throw ApiError.invalid("curated_category_id", `curated_category_id ${id} is not a curated category (GET curated_categories lists them by country)`);
  }
}

function create(ctx: ResourceContext, params: WireParams): NewFields<LineItemCuratedCategory> {
  const p = parseParams(createParams, params);
  referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  assertCuratedCategory(p.curated_category_id);
  return p;
}

function update(ctx: ResourceContext, _current: LineItemCuratedCategory, params: WireParams): Partial<LineItemCuratedCategory> {
  const p = given(parseParams(updateParams, params));
  if (p.line_item_id !== undefined) referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  if (p.curated_category_id !== undefined) assertCuratedCategory(p.curated_category_id);
  return p;
}

export const lineItemCuratedCategories: ResourceSpec<LineItemCuratedCategory> = {
  collection: "line_item_curated_categories",
  noun: "line item curated category",
  list: () => ({
    ids: [
      { param: "line_item_curated_category_ids", value: (c) => c.id },
      { param: "line_item_ids", value: (c) => c.line_item_id },
    ],
    sortable: ["created_at", "updated_at"],
  }),
  create,
  update,
  deletable: true,
};

export const lineItemCuratedCategoryRoutes = resourceRoutes(lineItemCuratedCategories);
