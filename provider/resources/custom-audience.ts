/**
 * Custom audience (Advertising API section 4.12): a named audience whose
 * users are a CustomAudienceMembers resource. `name` (unique in the account)
 * and `description` change in place (PUT). Deleting an audience cannot be
 * undone and takes it from every line item that targets it, so deletion and
 * replacement are behind `deletionProtection`, as for campaigns.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, timestamps } from "./common";
import {
  adopt, approveDeletion, assertDeletable, changedFields, createOnce, deleteIdempotent,
  deletionProtectionInput, diffFields, protectReplacement, readLive, ResourceDefinition, toOutputs, toWire,
  validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const customAudienceInputs = z.strictObject({
  accountId: accountIdInput,
  // seed: not shown (a length limit); real platform documents none.
  name: z.string().min(1).describe("The audience's name, unique among the account's custom audiences; changes in place."),
  description: z.string().optional().describe("Free text; changes in place (removing it clears it)."),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
});

export type CustomAudienceInputs = z.infer<typeof customAudienceInputs>;
export type CustomAudienceOutputs = CustomAudienceInputs & { isOwner?: boolean; createdAt?: string };

const API_FIELDS = ["name", "description"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "isOwner", "createdAt"] as const;
export const CUSTOM_AUDIENCE_CREATE_ONLY = ["accountId"] as const;

export const customAudiencesPath = (accountId: string) => `/12/accounts/${accountId}/custom_audiences`;

/** The live audience, read through the coalesced reads by id (undefined when deleted). */
export function readCustomAudience(ctx: Parameters<ResourceDefinition["read"]>[0], accountId: string, id: string): Promise<Entity | undefined> {
  return readLive(() => ctx.client.getById({
    collectionPath: customAudiencesPath(accountId), idsParam: "custom_audience_ids", id, query: { with_deleted: true },
  }));
}

// ------------------------------------------------------------ lifecycle ---

export const customAudience: ResourceDefinition<CustomAudienceInputs, CustomAudienceOutputs> = {
  kind: "CustomAudience",
  description: "A custom audience (a placeholder its users are uploaded to by CustomAudienceMembers). Name and description change in place; deletion is irreversible: see deletionProtection.",
  inputs: customAudienceInputs,
  outputs: {
    isOwner: z.boolean().describe("True when this account owns the audience (it may share it)."),
    ...timestamps,
  },
  createOnly: CUSTOM_AUDIENCE_CREATE_ONLY,

  check(olds, news) {
    const result = validate(customAudienceInputs, news);
    const failures = [...(result.failures ?? []), ...protectReplacement("custom audience", olds, news, CUSTOM_AUDIENCE_CREATE_ONLY)];
    return failures.length > 0 ? { ...result, failures } : result;
  },

  diff(id, olds, news) {
    const fields = [...CUSTOM_AUDIENCE_CREATE_ONLY, ...API_FIELDS, "deletionProtection", "adoptId"];
    return approveDeletion(id, diffFields(olds, news, fields, CUSTOM_AUDIENCE_CREATE_ONLY, ["adoptId"]), news);
  },

  async create(ctx, inputs) {
    const path = customAudiencesPath(inputs.accountId);
    if (inputs.adoptId) return adopt(ctx, "custom audience", path, inputs, (e) => toOutputs<CustomAudienceOutputs>(inputs, e, OUTPUT_FIELDS), API_FIELDS);
    // Names are unique in the account: a POST that got no answer is found by its name.
    const entity = await createOnce(`custom audience "${inputs.name}"`,
      () => ctx.client.post<Entity>(path, toWire(inputs, API_FIELDS)),
      async () => (await ctx.client.list<Entity>(path, { q: inputs.name })).filter((a) => a.name === inputs.name));
    return { id: entity.id, outs: toOutputs(inputs, entity, OUTPUT_FIELDS) };
  },

  async read(ctx, id, props) {
    const live = await readCustomAudience(ctx, props.accountId, id);
    return live && { id, props: toOutputs(props, live, OUTPUT_FIELDS) };
  },

  async update(ctx, id, olds, news) {
    const changed = changedFields(olds, news, API_FIELDS);
    const entity = await ctx.client.put<Entity>(`${customAudiencesPath(news.accountId)}/${id}`, toWire(news, changed, ["description"]));
    return toOutputs(news, entity, OUTPUT_FIELDS);
  },

  async delete(ctx, id, props) {
    assertDeletable("custom audience", id, props);
    await deleteIdempotent(() => ctx.client.delete(`${customAudiencesPath(props.accountId)}/${id}`));
  },
};
