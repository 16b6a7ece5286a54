/**
 * Custom audience (Advertising API section 4.12): a named audience whose
 * users are a CustomAudienceMembers resource. `name` (unique in the account)
 * and `description` change in place (PUT). Deleting an audience cannot be
 * undone and takes it from every line item that targets it, so deletion and
 * replacement are behind `deletionProtection`, as for campaigns.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, clearable, name, text } from "./common";
import { defineResource } from "./define";
import { Context, deletionProtectionInput, readLive } from "./framework";

// --------------------------------------------------------------- schema ---

export const customAudienceInputs = z.strictObject({
  accountId: accountIdInput,
  // seed: not shown (a length limit); real platform documents none.
  name: name().describe("The audience's name, unique among the account's custom audiences; changes in place."),
  description: clearable(text(undefined, { min: 0 }).optional().describe("Free text; changes in place (removing it clears it).")),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
}).describe("A custom audience (a placeholder its users are uploaded to by CustomAudienceMembers). Name and description change in place; deletion is irreversible: see deletionProtection.");

export type CustomAudienceInputs = z.infer<typeof customAudienceInputs>;
export type CustomAudienceOutputs = CustomAudienceInputs & { isOwner?: boolean; createdAt?: string };

export const customAudiencesPath = (accountId: string) => `/12/accounts/${accountId}/custom_audiences`;

/** The live audience, read through the coalesced reads by id (undefined when deleted). */
export function readCustomAudience(ctx: Context, accountId: string, id: string): Promise<Entity | undefined> {
  return readLive(() => ctx.client.getById({
    collectionPath: customAudiencesPath(accountId), idsParam: "custom_audience_ids", id, query: { with_deleted: true },
  }));
}

// ------------------------------------------------------------ lifecycle ---

export const customAudience = defineResource("CustomAudience", customAudienceInputs, {
  outputs: {
    isOwner: z.boolean().describe("True when this account owns the audience (it may share it)."),
  },
  path: (a) => customAudiencesPath(a.accountId),
  find: (ctx, a, id) => readCustomAudience(ctx, a.accountId, id),
  // Names are unique in the account: a POST that got no answer is found by its name.
  lookUp: {
    candidates: (ctx, items) => ctx.client.list<Entity>(customAudiencesPath(items[0]!.accountId), { q: items[0]!.name }),
    matches: (a, e) => e.name === a.name,
  },
});
