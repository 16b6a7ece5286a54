/**
 * The do-not-reach list (ref audiences/reference.mdx, Do Not Reach Lists): at most one per
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
import { accountIdInput, adoptIdInput, text } from "./common";
import { defineResource } from "./define";
import { Context } from "./framework";

export const doNotReachListInputs = z.strictObject({
  accountId: accountIdInput,
  description: text(undefined, { min: 0 }).optional().describe("Free text. The platform has no update: a change replaces the list (and uploads its users again)."),
  adoptId: adoptIdInput,
}).describe(`The account's do-not-reach list (at most ${LIMITS.doNotReachListsPerAccount} per account): its users (DoNotReachListMembers) are kept out of every campaign of the account. No update exists: a new description replaces it.`);

export type DoNotReachListInputs = z.infer<typeof doNotReachListInputs>;

const path = (accountId: string) => `/12/accounts/${accountId}/do_not_reach_lists`;

/** The account's lists: the endpoint takes no count (tests/conformance corpus: with_deleted only). */
const lists = (ctx: Context, accountId: string, withDeleted = false) =>
  ctx.client.list<Entity>(path(accountId), { count: null, with_deleted: withDeleted || undefined });

/**
 * The live list of that id. ref audiences/reference.mdx shows only the list GET (with WD),
 * so reads go through it; an account holds one list, so it is one call.
 */
export async function readDoNotReachList(ctx: Context, accountId: string, id: string): Promise<Entity | undefined> {
  const found = (await lists(ctx, accountId, true)).find((l) => l.id === id);
  return found && !found.deleted ? found : undefined;
}

export const doNotReachList = defineResource("DoNotReachList", doNotReachListInputs, {
  immutable: true,
  noun: "do-not-reach list",
  // The account's collection (xads import lists it); reads go through find, creates through the override.
  collection: "do_not_reach_lists",
  path: (l) => path(l.accountId),
  find: (ctx, l, id) => readDoNotReachList(ctx, l.accountId, id),
  // One list per account: the old one must go before the new one can be made.
  uniqueBy: ["accountId"],
  // The account's only list: a POST that got no answer is the live one made since.
  lookUp: {
    candidates: (ctx, items) => lists(ctx, items[0]!.accountId),
    matches: () => true,
  },
  overrides: (standard) => ({
    async create(ctx, inputs) {
      try {
        return await standard.create(ctx, inputs);
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        const live = (await lists(ctx, inputs.accountId)).filter((l) => !l.deleted);
        if (live.length === 0) throw err;
        throw new Error(`account ${inputs.accountId} already has do-not-reach list ${live[0]!.id}, and an account has at most ${LIMITS.doNotReachListsPerAccount}: take it over with adoptId: "${live[0]!.id}"`);
      }
    },
  }),
});
