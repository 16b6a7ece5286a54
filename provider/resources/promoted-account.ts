/**
 * Promoted account (Advertising API section 4.7): a user promoted on a line
 * item configured for promoted accounts (product type PROMOTED_ACCOUNT).
 * The platform has no PUT for it, so every change replaces. Promoting a
 * user the line item already promotes is ignored by the platform: create
 * takes the existing record over instead of failing or duplicating it.
 */
import { z } from "zod";
import { ENUMS } from "../limits";
import { Entity } from "../client/client";
import { ValidationError } from "../client/errors";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import {
  adopt, Context, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const promotedAccountInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe(`The line item that promotes the user; its productType must be ${ENUMS.promotedAccountProductType}. Create-only.`),
  userId: z.string().regex(/^\d+$/, { error: "must be a user id in decimal digits (a string: ids exceed JavaScript's safe integers)" })
    .describe("The user (account) to promote: a promotable user of the ads account or a public user. Create-only."),
  adoptId: adoptIdInput,
});

export type PromotedAccountInputs = z.infer<typeof promotedAccountInputs>;
export type PromotedAccountOutputs = PromotedAccountInputs & { entityStatus?: string; approvalStatus?: string; createdAt?: string };

export const PROMOTED_ACCOUNT_CREATE_ONLY = ["accountId", "lineItemId", "userId"] as const;
const API_FIELDS = ["lineItemId", "userId"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "entityStatus", "approvalStatus", "createdAt"] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/promoted_accounts`;

/** user_id is a long on the wire: outputs keep it as the decimal string. */
function outputs(local: Partial<PromotedAccountInputs>, entity: Entity): PromotedAccountOutputs {
  return { ...toOutputs<PromotedAccountOutputs>(local, entity, OUTPUT_FIELDS), userId: String(entity.user_id) };
}

// ------------------------------------------------------------ lifecycle ---

export const promotedAccount: ResourceDefinition<PromotedAccountInputs, PromotedAccountOutputs> = {
  kind: "PromotedAccount",
  description: "A user (account) promoted on a line item of product type PROMOTED_ACCOUNT. No update exists on the platform: any change replaces it. An existing promotion of the same user is taken over, not duplicated.",
  inputs: promotedAccountInputs,
  outputs: {
    entityStatus: z.string().describe("ACTIVE or PAUSED."),
    approvalStatus: z.string().describe("The platform's review of the promotion."),
    ...timestamps,
  },
  createOnly: PROMOTED_ACCOUNT_CREATE_ONLY,

  check(_olds, news) {
    return validate(promotedAccountInputs, news);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...PROMOTED_ACCOUNT_CREATE_ONLY, "adoptId"], PROMOTED_ACCOUNT_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) {
      return adopt(ctx, "promoted account", path(inputs.accountId), inputs, (e) => outputs(inputs, e), API_FIELDS,
        (e) => ({ lineItemId: e.line_item_id, userId: String(e.user_id) }));
    }
    const entity = await createOnce(`promotion of user ${inputs.userId} on line item ${inputs.lineItemId}`,
      () => promote(ctx, inputs),
      () => promotionsOf(ctx, inputs));
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "promoted_account_ids", id, query: { with_deleted: true },
    }));
    return live && { id, props: outputs(props, live) };
  },

  async update(_ctx, _id, olds) {
    // Every input is create-only: diff never plans an update.
    return olds;
  },

  async delete(ctx, id, props) {
    // DELETE disassociates the user from the line item (seed 4.7).
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};

/** The live promotions of this user on this line item. */
async function promotionsOf(ctx: Context, inputs: PromotedAccountInputs): Promise<Entity[]> {
  const all = await ctx.client.list<Entity>(path(inputs.accountId), { line_item_ids: [inputs.lineItemId] });
  return all.filter((p) => !p.deleted && String(p.user_id) === inputs.userId);
}

/**
 * POST promoted_accounts. The platform ignores the promotion of a user the
 * line item already promotes (seed 4.7): whatever it answers (the existing
 * record, or nothing), the existing record is looked up and taken over. Its
 * two refusals become one error naming the line item or the user.
 */
async function promote(ctx: Context, inputs: PromotedAccountInputs): Promise<Entity> {
  let answer: Entity | Entity[] | null | undefined;
  try {
    answer = await ctx.client.post<Entity | Entity[] | null>(path(inputs.accountId), toWire(inputs, API_FIELDS));
  } catch (err) {
    throw explain(err, inputs);
  }
  const record = Array.isArray(answer) ? answer[0] : answer;
  if (record && record.id) return record;
  const existing = await promotionsOf(ctx, inputs);
  if (existing.length === 0) throw new Error(`user ${inputs.userId} was sent for promotion on line item ${inputs.lineItemId}, but the platform answered no record and none exists`);
  return existing[0]!;
}

/** The platform's refusals of a promotion, as one sentence naming what to fix. */
export function explain(err: unknown, inputs: Pick<PromotedAccountInputs, "lineItemId" | "userId">): unknown {
  if (!(err instanceof ValidationError)) return err;
  if (err.code === "INCOMPATIBLE_LINE_ITEM") {
    return new Error(`line item ${inputs.lineItemId} is not configured for promoted accounts (its productType must be ${ENUMS.promotedAccountProductType}), so user ${inputs.userId} cannot be promoted on it; the platform answered ${err.code}: ${err.message}`);
  }
  if (err.parameter === "user_id") {
    return new Error(`user ${inputs.userId} is not eligible for promotion on line item ${inputs.lineItemId} (it must be a promotable user of the ads account or a public user); nothing was promoted. The platform answered: ${err.message}`);
  }
  return err;
}
