/**
 * Tracking tags (ref campaign-management/reference.mdx, Tracking Tags): a tag of a tracking partner on a line item.
 * Only the URL changes in place (PUT requires `tracking_tag_url`); DELETE
 * disassociates the tag from its line item.
 */
import { z } from "zod";
import { ENUMS } from "../platform";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { referenced, refuseCreateOnly } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";
import { LineItem, lineItems } from "./line-items";

export interface TrackingTag extends StoredEntity {
  line_item_id: string;
  tracking_tag_type: (typeof ENUMS.trackingTagType)[number];
  tracking_tag_url: string;
}

/** ref campaign-management/reference.mdx, POST tracking_tags: the tracking partner's URL; the real platform takes http(s) addresses. */
const url = () => z.string().regex(/^https?:\/\/\S+$/, "must be an http(s) URL");

const createParams = z.object({
  line_item_id: param.id(),
  tracking_tag_type: param.oneOf(ENUMS.trackingTagType),
  tracking_tag_url: url(),
});

const updateParams = z.object({ tracking_tag_url: url() });

function create(ctx: ResourceContext, params: WireParams): NewFields<TrackingTag> {
  const p = parseParams(createParams, params);
  referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  return p;
}

function update(_ctx: ResourceContext, _current: TrackingTag, params: WireParams): Partial<TrackingTag> {
  refuseCreateOnly(params, ["line_item_id", "tracking_tag_type"], "tracking tag");
  return parseParams(updateParams, params);
}

export const trackingTags: ResourceSpec<TrackingTag> = {
  collection: "tracking_tags",
  noun: "tracking tag",
  list: () => ({
    ids: [
      { param: "tracking_tag_ids", value: (t) => t.id },
      { param: "line_item_ids", value: (t) => t.line_item_id },
    ],
    sortable: ["created_at", "updated_at"],
  }),
  create,
  update,
  deletable: true,
};

export const trackingTagRoutes = resourceRoutes(trackingTags);
