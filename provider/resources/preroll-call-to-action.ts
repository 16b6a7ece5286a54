/**
 * Preroll call to action (xdevplatform/docs x-ads-api/creatives/reference.mdx,
 * Preroll Call To Actions): the optional button of a PREROLL_VIEWS line
 * item's video ad, its text and where it leads. Both change in place (PUT
 * takes call_to_action and call_to_action_url); the line item is
 * create-only (PUT takes none); DELETE removes it.
 */
import { z } from "zod";
import { ENUMS } from "../limits";
import { accountIdInput, adoptIdInput, createOnly, entityId, ofLineItems } from "./common";
import { defineResource } from "./define";

// --------------------------------------------------------------- schema ---

export const prerollCallToActionInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: createOnly(entityId.describe("The PREROLL_VIEWS line item whose video ad shows the button.")),
  callToAction: z.enum(ENUMS.prerollCallToAction).describe("The button's text: GO_TO, SEE_MORE, SHOP, VISIT_SITE or WATCH_NOW; changes in place."),
  callToActionUrl: z.string().regex(/^https?:\/\/\S+$/, { error: "must be an http(s) URL" }).describe("Where the button leads; changes in place."),
  adoptId: adoptIdInput,
}).describe("The call-to-action button of a PREROLL_VIEWS line item's video ad: its text and the URL it opens. Both change in place.");

export type PrerollCallToActionInputs = z.infer<typeof prerollCallToActionInputs>;

// ------------------------------------------------------------ lifecycle ---

export const prerollCallToAction = defineResource("PrerollCallToAction", prerollCallToActionInputs, {
  collection: "preroll_call_to_actions",
  describe: (c) => `${c.callToAction} call to action on line item ${c.lineItemId}`,
  // GET preroll_call_to_actions takes line_item_ids: a create without an answer is looked for under its line item.
  lookUp: {
    candidates: ofLineItems("preroll_call_to_actions"),
    matches: (c, e) => e.line_item_id === c.lineItemId && e.call_to_action === c.callToAction && e.call_to_action_url === c.callToActionUrl,
  },
});
