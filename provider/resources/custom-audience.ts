/**
 * Custom audience (ref audiences/reference.mdx, Custom Audiences): a named audience whose
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
  // No length limit: the real platform documents none.
  name: name().describe("The audience's name, unique among the account's custom audiences; changes in place."),
  description: clearable(text(undefined, { min: 0 }).optional().describe("Free text; changes in place (removing it clears it).")),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
}).describe("A custom audience (a placeholder its users are uploaded to by CustomAudienceMembers). Name and description change in place; deletion is irreversible: see deletionProtection.");

export type CustomAudienceInputs = z.infer<typeof customAudienceInputs>;
export type CustomAudienceOutputs = CustomAudienceInputs & { isOwner?: boolean; ownerAccountId?: string; permissionLevel?: string; createdAt?: string };

/**
 * Who owns an audience. The platform answers `owner_account_id` and
 * `permission_level` (tests/conformance corpus; `is_owner` is left only in
 * the reference's notes and PUT example): `isOwner` is whether the owner
 * is the account reading it.
 */
export const ownershipOutputs = {
  isOwner: z.boolean().describe("True when this account owns the audience (it may share it)."),
  ownerAccountId: z.string().describe("The account that owns the audience."),
  permissionLevel: z.string().describe("What this account may do with the audience: READ_ONLY or READ_WRITE."),
};

export function isOwner(accountId: string, e: Entity): { isOwner?: boolean } {
  if (typeof e.owner_account_id === "string") return { isOwner: e.owner_account_id === accountId };
  return typeof e.is_owner === "boolean" ? { isOwner: e.is_owner } : {};
}

export const customAudiencesPath = (accountId: string) => `/12/accounts/${accountId}/custom_audiences`;

/** The live audience, read through the coalesced reads by id (undefined when deleted). */
export function readCustomAudience(ctx: Context, accountId: string, id: string): Promise<Entity | undefined> {
  return readLive(() => ctx.client.getById({
    collectionPath: customAudiencesPath(accountId), idsParam: "custom_audience_ids", id, query: { with_deleted: true },
  }));
}

// ------------------------------------------------------------ lifecycle ---

export const customAudience = defineResource("CustomAudience", customAudienceInputs, {
  outputs: ownershipOutputs,
  outputsFrom: (outs, declared, e) => ({ ...outs, ...isOwner(declared.accountId!, e) }),
  collection: "custom_audiences",
  find: (ctx, a, id) => readCustomAudience(ctx, a.accountId, id),
  // Names are unique in the account: a POST that got no answer is found by its name.
  lookUp: {
    candidates: (ctx, items) => ctx.client.list<Entity>(customAudiencesPath(items[0]!.accountId), { q: items[0]!.name }),
    matches: (a, e) => e.name === a.name,
  },
});
