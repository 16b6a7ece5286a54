/**
 * Media creative (ref campaign-management/reference.mdx, Media Creatives): account media associated
 * with a line item. No PUT: every change replaces it. `landingUrl` is
 * required when the line item's objective is WEBSITE_CLICKS, which check
 * cannot know (the line item may be another program's): the platform's
 * refusal is reported naming the input. The policy pack checks it in
 * preview when the line item is in the same program.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ValidationError } from "../client/errors";
import { accountIdInput, adoptIdInput, entityId, ofLineItems } from "./common";
import { defineResource } from "./define";
import { field } from "./fields";

// --------------------------------------------------------------- schema ---

export const mediaCreativeInputs = z.strictObject({
  accountId: accountIdInput,
  accountMediaId: entityId.describe("The account media to run (see getAccountMedia)."),
  lineItemId: entityId.describe("The line item."),
  // The platform fills one in when none is given (tests/conformance corpus: a POST without landing_url answers one): unset is not managed.
  landingUrl: field(z.string().regex(/^https?:\/\/\S+$/, { error: "must be an http(s) URL" }).optional()
    .describe("Where a display creative leads; required when the line item's objective is WEBSITE_CLICKS, ignored for preroll. Left unset, the platform's value is kept."),
  { computed: true }),
  adoptId: adoptIdInput,
}).describe("Account media running on a line item. No update exists: any change replaces it. landingUrl is required on WEBSITE_CLICKS line items.");

export type MediaCreativeInputs = z.infer<typeof mediaCreativeInputs>;
export type MediaCreativeOutputs = MediaCreativeInputs & { approvalStatus?: string; entityStatus?: string; creativeType?: string; createdAt?: string };

// ------------------------------------------------------------ lifecycle ---

export const mediaCreative = defineResource("MediaCreative", mediaCreativeInputs, {
  immutable: true,
  outputs: {
    approvalStatus: z.string().describe("The platform's review of the creative."),
    // The platform answers no serving status (tests/conformance corpus): entity_status and creative_type.
    entityStatus: z.string().describe("ACTIVE or PAUSED."),
    creativeType: z.string().describe("The placement the media runs in, e.g. INTERSTITIAL or PREROLL (the account media's creative type)."),
  },
  collection: "media_creatives",
  describe: (m) => `media creative of ${m.accountMediaId} on line item ${m.lineItemId}`,
  send: (ctx, m, body, path) => ctx.client.post<Entity>(path, body).catch((err: unknown) => {
    if (err instanceof ValidationError && err.parameter === "landing_url") {
      throw new Error(`landingUrl is required: the platform refused the media creative without one because line item ${m.lineItemId} has objective WEBSITE_CLICKS (${err.message})`);
    }
    throw err;
  }),
  lookUp: {
    candidates: ofLineItems("media_creatives"),
    matches: (m, e) => e.line_item_id === m.lineItemId && e.account_media_id === m.accountMediaId,
  },
  // ref campaign-management/reference.mdx, POST media_creatives: the platform ignores landing_url for preroll (answers none): the declared one stays.
  outputsFrom: (outs, declared, e) => (e.landing_url == null && declared.landingUrl !== undefined ? { ...outs, landingUrl: declared.landingUrl } : outs),
});
