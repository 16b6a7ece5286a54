/**
 * Tracking tag (Advertising API section 4.10): a tracking partner's tag on a
 * line item. Only the URL changes in place; the line item and the tag type
 * are create-only, so a change of either replaces the tag.
 */
import { z } from "zod";
import { ENUMS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import {
  adopt, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const trackingTagInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item the tag measures. Create-only."),
  trackingTagType: z.enum(ENUMS.trackingTagType).describe("IMPRESSION_TAG or CLICK_TRACKER. Create-only."),
  trackingTagUrl: z.string().regex(/^https?:\/\/\S+$/, { error: "must be an http(s) URL from the tracking partner" }).describe("The tracking partner's URL; changes in place."),
  adoptId: adoptIdInput,
});

export type TrackingTagInputs = z.infer<typeof trackingTagInputs>;
export type TrackingTagOutputs = TrackingTagInputs & { createdAt?: string };

const API_FIELDS = ["lineItemId", "trackingTagType", "trackingTagUrl"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "createdAt"] as const;
export const TRACKING_TAG_CREATE_ONLY = ["accountId", "lineItemId", "trackingTagType"] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/tracking_tags`;

// ------------------------------------------------------------ lifecycle ---

export const trackingTag: ResourceDefinition<TrackingTagInputs, TrackingTagOutputs> = {
  kind: "TrackingTag",
  description: "A tracking partner's tag (impression tag or click tracker) on a line item. Only the URL changes in place.",
  inputs: trackingTagInputs,
  outputs: { ...timestamps },
  createOnly: TRACKING_TAG_CREATE_ONLY,

  check(_olds, news) {
    return validate(trackingTagInputs, news);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...TRACKING_TAG_CREATE_ONLY, "trackingTagUrl", "adoptId"], TRACKING_TAG_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "tracking tag", path(inputs.accountId), inputs, (e) => toOutputs<TrackingTagOutputs>(inputs, e, OUTPUT_FIELDS), API_FIELDS);
    const entity = await createOnce(`${inputs.trackingTagType} tag on line item ${inputs.lineItemId}`,
      () => ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS)),
      async () => (await ctx.client.list<Entity>(path(inputs.accountId), { line_item_ids: [inputs.lineItemId] }))
        .filter((t) => t.tracking_tag_type === inputs.trackingTagType && t.tracking_tag_url === inputs.trackingTagUrl));
    return { id: entity.id, outs: toOutputs(inputs, entity, OUTPUT_FIELDS) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "tracking_tag_ids", id, query: { with_deleted: true },
    }));
    return live && { id, props: toOutputs(props, live, OUTPUT_FIELDS) };
  },

  async update(ctx, id, _olds, news) {
    // The only input that changes in place (seed 4.10: PUT takes tracking_tag_url).
    const entity = await ctx.client.put<Entity>(`${path(news.accountId)}/${id}`, toWire(news, ["trackingTagUrl"]));
    return toOutputs(news, entity, OUTPUT_FIELDS);
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};
