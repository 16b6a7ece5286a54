/**
 * Media creative (Advertising API section 4.6): account media associated
 * with a line item. No PUT: every change replaces it. `landingUrl` is
 * required when the line item's objective is WEBSITE_CLICKS, which check
 * cannot know (the line item may be another program's): the platform's
 * refusal is reported naming the input. The policy pack checks it in
 * preview when the line item is in the same program.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ValidationError } from "../client/errors";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import {
  adopt, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";
import { accountPath } from "./posts";

// --------------------------------------------------------------- schema ---

export const mediaCreativeInputs = z.strictObject({
  accountId: accountIdInput,
  accountMediaId: entityId.describe("The account media to run (see getAccountMedia). Create-only."),
  lineItemId: entityId.describe("The line item. Create-only."),
  landingUrl: z.string().regex(/^https?:\/\/\S+$/, { error: "must be an http(s) URL" }).optional()
    .describe("Where a display creative leads; required when the line item's objective is WEBSITE_CLICKS, ignored for preroll. Create-only."),
  adoptId: adoptIdInput,
});

export type MediaCreativeInputs = z.infer<typeof mediaCreativeInputs>;
export type MediaCreativeOutputs = MediaCreativeInputs & { approvalStatus?: string; servingStatus?: string; createdAt?: string };

const API_FIELDS = ["accountMediaId", "lineItemId", "landingUrl"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "approvalStatus", "servingStatus", "createdAt"] as const;
export const MEDIA_CREATIVE_CREATE_ONLY = ["accountId", ...API_FIELDS] as const;

const path = (accountId: string) => `${accountPath(accountId)}/media_creatives`;

/** seed 4.6: the platform ignores landing_url for preroll (answers none): the declared one stays. */
function outputs(local: Partial<MediaCreativeInputs>, e: Entity): MediaCreativeOutputs {
  const outs = toOutputs<MediaCreativeOutputs>(local, e, OUTPUT_FIELDS);
  if (e.landing_url == null && local.landingUrl !== undefined) outs.landingUrl = local.landingUrl;
  return outs;
}

// ------------------------------------------------------------ lifecycle ---

export const mediaCreative: ResourceDefinition<MediaCreativeInputs, MediaCreativeOutputs> = {
  kind: "MediaCreative",
  description: "Account media running on a line item. No update exists: any change replaces it. landingUrl is required on WEBSITE_CLICKS line items.",
  inputs: mediaCreativeInputs,
  outputs: {
    approvalStatus: z.string().describe("The platform's review of the creative."),
    servingStatus: z.string().describe("Whether the creative serves."),
    ...timestamps,
  },
  createOnly: MEDIA_CREATIVE_CREATE_ONLY,

  check(_olds, news) {
    return validate(mediaCreativeInputs, news);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...MEDIA_CREATIVE_CREATE_ONLY, "adoptId"], MEDIA_CREATIVE_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "media creative", path(inputs.accountId), inputs, (e) => outputs(inputs, e), API_FIELDS);
    try {
      const entity = await createOnce(`media creative of ${inputs.accountMediaId} on line item ${inputs.lineItemId}`,
        () => ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS)),
        async () => (await ctx.client.list<Entity>(path(inputs.accountId), { line_item_ids: [inputs.lineItemId] }))
          .filter((e) => e.account_media_id === inputs.accountMediaId));
      return { id: entity.id, outs: outputs(inputs, entity) };
    } catch (err) {
      if (err instanceof ValidationError && err.parameter === "landing_url") {
        throw new Error(`landingUrl is required: the platform refused the media creative without one because line item ${inputs.lineItemId} has objective WEBSITE_CLICKS (${err.message})`);
      }
      throw err;
    }
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "media_creative_ids", id, query: { with_deleted: true },
    }));
    return live && { id, props: outputs(props, live) };
  },

  async update(_ctx, _id, olds) {
    // Every input is create-only: diff never plans an update (no PUT on the platform).
    return olds;
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};
