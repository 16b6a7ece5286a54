/**
 * Media creatives (ref campaign-management/reference.mdx, Media Creatives): account media associated with a line item.
 * POST requires `account_media_id` and `line_item_id`; `landing_url` is
 * required when the line item's objective is WEBSITE_CLICKS and ignored for
 * preroll. No PUT (405): every change is a new creative. DELETE disassociates.
 */
import { z } from "zod";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { referenced } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";
import { AccountMedia, accountMediaOf, ACCOUNT_MEDIA } from "./account-media";
import { LineItem, lineItems } from "./line-items";

export interface MediaCreative extends StoredEntity {
  account_media_id: string;
  line_item_id: string;
  landing_url: string | null;
  /** The real platform answers the account media's creative type, the status and the review state. */
  creative_type: string;
  entity_status: "ACTIVE";
  approval_status: string;
}

const createParams = z.object({
  account_media_id: param.id(),
  line_item_id: param.id(),
  // ref campaign-management/reference.mdx, POST media_creatives: a URL; the real platform takes http(s) addresses.
  landing_url: z.string().regex(/^https?:\/\/\S+$/, "must be an http(s) URL").optional(),
});

function create(ctx: ResourceContext, params: WireParams): NewFields<MediaCreative> {
  const p = parseParams(createParams, params);
  accountMediaOf(ctx.account);
  const media = referenced<AccountMedia>(ctx.account, ACCOUNT_MEDIA, p.account_media_id, "account_media_id", "account media");
  const lineItem = referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  if (lineItem.objective === "WEBSITE_CLICKS" && p.landing_url === undefined) {
    throw ApiError.missing("landing_url", `landing_url is required: line item ${lineItem.id} has objective WEBSITE_CLICKS`);
  }
  const preroll = media.creative_type === "PREROLL" || media.creative_type === "VAST_PREROLL";
  return {
    account_media_id: media.id,
    line_item_id: lineItem.id,
    // ref campaign-management/reference.mdx, POST media_creatives: only for display creatives, ignored for preroll.
    landing_url: preroll ? null : p.landing_url ?? null,
    creative_type: media.creative_type,
    entity_status: "ACTIVE",
    approval_status: "ACCEPTED",
  };
}

export const mediaCreatives: ResourceSpec<MediaCreative> = {
  collection: "media_creatives",
  noun: "media creative",
  list: (account) => ({
    ids: [
      { param: "media_creative_ids", value: (m) => m.id },
      { param: "line_item_ids", value: (m) => m.line_item_id },
      // ref campaign-management/reference.mdx, GET media_creatives: `campaign_id`, one campaign: the line item's.
      { param: "campaign_id", value: (m) => account.collection<LineItem>(lineItems.collection).get(m.line_item_id)?.campaign_id },
    ],
    sortable: ["created_at", "updated_at"],
  }),
  create,
  deletable: true,
};

export const mediaCreativeRoutes = resourceRoutes(mediaCreatives);
