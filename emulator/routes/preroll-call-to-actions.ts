/**
 * Preroll calls to action (xdevplatform/docs x-ads-api/creatives/reference.mdx,
 * Preroll Call To Actions): the optional button of a PREROLL_VIEWS line
 * item ("Set the optional Call-to-Action (CTA) for a PREROLL_VIEWS line
 * item"): POST, GET (list by line_item_ids or preroll_call_to_action_ids,
 * and one), PUT of call_to_action and call_to_action_url, DELETE.
 */
import { z } from "zod";
import { ApiError } from "../errors";
import { ENUMS } from "../platform";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { referenced, refuseCreateOnly } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";
import { LineItem, lineItems } from "./line-items";

export interface PrerollCallToAction extends StoredEntity {
  line_item_id: string;
  call_to_action: (typeof ENUMS.prerollCallToAction)[number];
  call_to_action_url: string;
}

/** The reference's "URL to redirect the user to": the emulator takes http(s) addresses, as for tracking tags. */
const url = () => z.string().regex(/^https?:\/\/\S+$/, "must be an http(s) URL");

const createParams = z.object({
  line_item_id: param.id(),
  call_to_action: param.oneOf(ENUMS.prerollCallToAction),
  call_to_action_url: url(),
});

const updateParams = z.object({ call_to_action: param.oneOf(ENUMS.prerollCallToAction).optional(), call_to_action_url: url().optional() });

function create(ctx: ResourceContext, params: WireParams): NewFields<PrerollCallToAction> {
  const p = parseParams(createParams, params);
  const lineItem = referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  // categoriesObjective is PREROLL_VIEWS, the preroll objective. The emulator's choice where the reference says only "for a PREROLL_VIEWS line item": another objective is refused as promoted accounts refuse a line item of another product type.
  if (lineItem.objective !== ENUMS.categoriesObjective) {
    throw ApiError.of(400, "INCOMPATIBLE_LINE_ITEM", `line item ${lineItem.id} has objective ${lineItem.objective}: a preroll call to action needs a ${ENUMS.categoriesObjective} line item`, "line_item_id");
  }
  return p;
}

function update(_ctx: ResourceContext, _current: PrerollCallToAction, params: WireParams): Partial<PrerollCallToAction> {
  refuseCreateOnly(params, ["line_item_id"], "preroll call to action");
  return Object.fromEntries(Object.entries(parseParams(updateParams, params)).filter(([, v]) => v !== undefined));
}

export const prerollCallToActions: ResourceSpec<PrerollCallToAction> = {
  collection: "preroll_call_to_actions",
  noun: "preroll call to action",
  list: () => ({
    ids: [
      { param: "preroll_call_to_action_ids", value: (c) => c.id },
      { param: "line_item_ids", value: (c) => c.line_item_id },
    ],
    sortable: ["created_at", "updated_at"],
  }),
  create,
  update,
  deletable: true,
};

export const prerollCallToActionRoutes = resourceRoutes(prerollCallToActions);
