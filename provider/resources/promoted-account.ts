/**
 * Promoted account (ref campaign-management/reference.mdx, Promoted Accounts): a user promoted on a line
 * item configured for promoted accounts (product type PROMOTED_ACCOUNT).
 * The platform has no PUT for it, so every change replaces. Promoting a
 * user the line item already promotes is ignored by the platform: create
 * takes the existing record over instead of failing or duplicating it.
 */
import { z } from "zod";
import { ENUMS } from "../limits";
import { Entity, Query } from "../client/client";
import { ValidationError } from "../client/errors";
import { accountIdInput, adoptIdInput, entityId, ofLineItems } from "./common";
import { defineResource } from "./define";
import { Context } from "./framework";

// --------------------------------------------------------------- schema ---

export const promotedAccountInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe(`The line item that promotes the user; its productType must be ${ENUMS.promotedAccountProductType}.`),
  userId: z.string().regex(/^\d+$/, { error: "must be a user id in decimal digits (a string: ids exceed JavaScript's safe integers)" })
    .describe("The user (account) to promote: a promotable user of the ads account or a public user."),
  adoptId: adoptIdInput,
}).describe("A user (account) promoted on a line item of product type PROMOTED_ACCOUNT. No update exists on the platform: any change replaces it. An existing promotion of the same user is taken over, not duplicated.");

export type PromotedAccountInputs = z.infer<typeof promotedAccountInputs>;
export type PromotedAccountOutputs = PromotedAccountInputs & { entityStatus?: string; approvalStatus?: string; createdAt?: string };

const promotionsOfLineItems = ofLineItems("promoted_accounts");
const promotes = (p: PromotedAccountInputs, e: Entity) => e.line_item_id === p.lineItemId && String(e.user_id) === p.userId;

// ------------------------------------------------------------ lifecycle ---

export const promotedAccount = defineResource("PromotedAccount", promotedAccountInputs, {
  immutable: true,
  outputs: {
    entityStatus: z.string().describe("ACTIVE or PAUSED."),
    approvalStatus: z.string().describe("The platform's review of the promotion."),
  },
  // DELETE disassociates the user from the line item (ref campaign-management/reference.mdx, DELETE promoted_accounts).
  collection: "promoted_accounts",
  describe: (p) => `promotion of user ${p.userId} on line item ${p.lineItemId}`,
  send: promote,
  lookUp: { candidates: promotionsOfLineItems, matches: promotes },
  // user_id is a long on the wire: outputs keep it as the decimal string.
  outputsFrom: (outs, _declared, e) => ({ ...outs, userId: String(e.user_id) }),
});

/**
 * POST promoted_accounts. The platform ignores the promotion of a user the
 * line item already promotes (ref campaign-management/reference.mdx, POST promoted_accounts): whatever it answers (the existing
 * record, or nothing), the existing record is looked up and taken over. Its
 * two refusals become one error naming the line item or the user.
 */
async function promote(ctx: Context, inputs: PromotedAccountInputs, body: Query, path: string): Promise<Entity> {
  let answer: Entity | Entity[] | null | undefined;
  try {
    answer = await ctx.client.post<Entity | Entity[] | null>(path, body);
  } catch (err) {
    throw explain(err, inputs);
  }
  const record = Array.isArray(answer) ? answer[0] : answer;
  if (record && record.id) return record;
  const [existing] = (await promotionsOfLineItems(ctx, [inputs])).filter((e) => !e.deleted && promotes(inputs, e));
  if (!existing) throw new Error(`user ${inputs.userId} was sent for promotion on line item ${inputs.lineItemId}, but the platform answered no record and none exists`);
  return existing;
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
