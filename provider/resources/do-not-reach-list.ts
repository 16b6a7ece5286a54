/**
 * The do-not-reach list (Advertising API section 4.12): at most one per
 * account; it keeps its users out of every campaign of the account. The
 * platform has no PUT: a new description replaces the list, and since a
 * second one is refused, the old one is deleted first (its users with it;
 * DoNotReachListMembers, which names the list, is replaced and uploads them
 * again).
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { ValidationError } from "../client/errors";
import { LIMITS } from "../limits";
import { accountIdInput, adoptIdInput, timestamps } from "./common";
import {
  adopt, Context, createOnce, deleteIdempotent, diffFields, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";

export const doNotReachListInputs = z.strictObject({
  accountId: accountIdInput,
  description: z.string().optional().describe("Free text. The platform has no update: a change replaces the list (and uploads its users again)."),
  adoptId: adoptIdInput,
});

export type DoNotReachListInputs = z.infer<typeof doNotReachListInputs>;
export type DoNotReachListOutputs = DoNotReachListInputs & { createdAt?: string };

const API_FIELDS = ["description"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "createdAt"] as const;
export const DO_NOT_REACH_LIST_CREATE_ONLY = ["accountId", "description"] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/do_not_reach_lists`;

/**
 * The live list of that id. seed 4.12 shows only the list GET (with WD),
 * so reads go through it; an account holds one list, so it is one call.
 */
export async function readDoNotReachList(ctx: Context, accountId: string, id: string): Promise<Entity | undefined> {
  const found = (await ctx.client.list<Entity>(path(accountId), { with_deleted: true })).find((l) => l.id === id);
  return found && !found.deleted ? found : undefined;
}

export const doNotReachList: ResourceDefinition<DoNotReachListInputs, DoNotReachListOutputs> = {
  kind: "DoNotReachList",
  description: `The account's do-not-reach list (at most ${LIMITS.doNotReachListsPerAccount} per account): its users (DoNotReachListMembers) are kept out of every campaign of the account. No update exists: a new description replaces it.`,
  inputs: doNotReachListInputs,
  outputs: { ...timestamps },
  createOnly: DO_NOT_REACH_LIST_CREATE_ONLY,

  check(_olds, news) {
    return validate(doNotReachListInputs, news);
  },

  diff(_id, olds, news) {
    const diff = diffFields(olds, news, [...DO_NOT_REACH_LIST_CREATE_ONLY, "adoptId"], DO_NOT_REACH_LIST_CREATE_ONLY, ["adoptId"]);
    // One list per account: the old one must go before the new one can be made.
    return diff.replaces ? { ...diff, deleteBeforeReplace: true } : diff;
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) {
      return adopt(ctx, "do-not-reach list", path(inputs.accountId), inputs, (e) => toOutputs<DoNotReachListOutputs>(inputs, e, OUTPUT_FIELDS), API_FIELDS,
        (e) => ({ description: e.description ?? undefined }));
    }
    try {
      // The account's only list: a POST that got no answer is the live one made since.
      const entity = await createOnce("do-not-reach list",
        () => ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS)),
        () => ctx.client.list<Entity>(path(inputs.accountId)));
      return { id: entity.id, outs: toOutputs(inputs, entity, OUTPUT_FIELDS) };
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      const live = (await ctx.client.list<Entity>(path(inputs.accountId))).filter((l) => !l.deleted);
      if (live.length === 0) throw err;
      throw new Error(`account ${inputs.accountId} already has do-not-reach list ${live[0]!.id}, and an account has at most ${LIMITS.doNotReachListsPerAccount}: take it over with adoptId: "${live[0]!.id}"`);
    }
  },

  async read(ctx, id, props) {
    const live = await readDoNotReachList(ctx, props.accountId, id);
    return live && { id, props: toOutputs(props, live, OUTPUT_FIELDS) };
  },

  async update(_ctx, _id, olds) {
    // Every input is create-only: diff never plans an update.
    return olds;
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};
