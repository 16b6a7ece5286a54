/**
 * Tracking tag (ref campaign-management/reference.mdx, Tracking Tags): a tracking partner's tag on a
 * line item. Only the URL changes in place; the line item and the tag type
 * are create-only, so a change of either replaces the tag.
 */
import { z } from "zod";
import { ENUMS } from "../limits";
import { accountIdInput, adoptIdInput, createOnly, entityId, ofLineItems } from "./common";
import { defineResource } from "./define";

// --------------------------------------------------------------- schema ---

export const trackingTagInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: createOnly(entityId.describe("The line item the tag measures.")),
  trackingTagType: createOnly(z.enum(ENUMS.trackingTagType).describe("IMPRESSION_TAG or CLICK_TRACKER.")),
  // The only input that changes in place (ref campaign-management/reference.mdx, PUT tracking_tags takes tracking_tag_url).
  trackingTagUrl: z.string().regex(/^https?:\/\/\S+$/, { error: "must be an http(s) URL from the tracking partner" }).describe("The tracking partner's URL; changes in place."),
  adoptId: adoptIdInput,
}).describe("A tracking partner's tag (impression tag or click tracker) on a line item. Only the URL changes in place.");

export type TrackingTagInputs = z.infer<typeof trackingTagInputs>;

// ------------------------------------------------------------ lifecycle ---

export const trackingTag = defineResource("TrackingTag", trackingTagInputs, {
  collection: "tracking_tags",
  describe: (t) => `${t.trackingTagType} tag on line item ${t.lineItemId}`,
  lookUp: {
    candidates: ofLineItems("tracking_tags"),
    matches: (t, e) => e.line_item_id === t.lineItemId && e.tracking_tag_type === t.trackingTagType && e.tracking_tag_url === t.trackingTagUrl,
  },
});
