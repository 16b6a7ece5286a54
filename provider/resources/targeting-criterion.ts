/**
 * Targeting criterion (Advertising API sections 4.3 and 4.8): one targeting
 * value of a line item, e.g. a content category's IAB category. The seed
 * shows the part for content categories: targeting type IAB_CATEGORY with
 * the `iab_categories` values of GET content_categories, set through the
 * batch targeting criteria endpoint; any other type with such values is a
 * validation error, refused here in check, before any write. The platform
 * has no PUT for a criterion: every change replaces it.
 */
import { z } from "zod";
import { ENUMS, IAB_CATEGORY_VALUE, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import { NotFoundError } from "../client/errors";
import {
  adopt, CheckFailure, Context, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";

const IAB = ENUMS.contentCategoryTargetingType;

// --------------------------------------------------------------- schema ---

export const targetingCriterionInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item the criterion targets for. Create-only."),
  targetingType: z.enum(ENUMS.targetingType).describe(`The kind of targeting; ${IAB} for content categories (their iabCategories values). Create-only.`),
  targetingValue: z.string().min(1).max(255).describe("The value targeted, e.g. IAB1-1 with IAB_CATEGORY. Create-only."),
  operatorType: z.enum(ENUMS.operatorType).default("EQ").describe("EQ (default) targets the value; NE excludes it. Create-only."),
  adoptId: adoptIdInput,
});

export type TargetingCriterionInputs = z.infer<typeof targetingCriterionInputs>;
export type TargetingCriterionOutputs = TargetingCriterionInputs & { name?: string; createdAt?: string };

const API_FIELDS = ["lineItemId", "targetingType", "targetingValue", "operatorType"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "name", "createdAt"] as const;
export const TARGETING_CRITERION_CREATE_ONLY = ["accountId", ...API_FIELDS] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/targeting_criteria`;
// seed 4.3: content categories are targeted through the batch targeting criteria endpoint.
const batchPath = (accountId: string) => `/12/batch/accounts/${accountId}/targeting_criteria`;

/**
 * seed 4.3: content category targeting needs targeting type IAB_CATEGORY
 * and matching values; anything else is a validation error.
 */
export function targetingCriterionRules(tc: TargetingCriterionInputs): CheckFailure[] {
  if (tc.targetingType !== IAB && IAB_CATEGORY_VALUE.test(tc.targetingValue)) {
    return [{
      property: "targetingType",
      reason: `targetingType must be ${IAB} to target the content category value ${tc.targetingValue} (got ${tc.targetingType}): content categories are targeted only with targetingType ${IAB} and their iabCategories values`,
    }];
  }
  if (tc.targetingType === IAB && !IAB_CATEGORY_VALUE.test(tc.targetingValue)) {
    return [{
      property: "targetingValue",
      reason: `targetingValue must be an IAB category of a content category (IAB<n> or IAB<n>-<m>, from getContentCategories) when targetingType is ${IAB} (got ${JSON.stringify(tc.targetingValue)})`,
    }];
  }
  return [];
}

// ------------------------------------------------------------ lifecycle ---

export const targetingCriterion: ResourceDefinition<TargetingCriterionInputs, TargetingCriterionOutputs> = {
  kind: "TargetingCriterion",
  description: "One targeting value of a line item, e.g. a content category's IAB category with targetingType IAB_CATEGORY. No update exists on the platform: any change replaces it.",
  inputs: targetingCriterionInputs,
  outputs: { name: z.string().describe("The platform's name of the targeted value."), ...timestamps },
  createOnly: TARGETING_CRITERION_CREATE_ONLY,

  check(_olds, news) {
    return validate(targetingCriterionInputs, news, targetingCriterionRules);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...TARGETING_CRITERION_CREATE_ONLY, "adoptId"], TARGETING_CRITERION_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    const outputs = (e: Entity) => toOutputs<TargetingCriterionOutputs>(inputs, e, OUTPUT_FIELDS);
    if (inputs.adoptId) return adopt(ctx, "targeting criterion", path(inputs.accountId), inputs, outputs, API_FIELDS);
    const entity = await createOnce(`${inputs.targetingType} ${inputs.targetingValue} criterion on line item ${inputs.lineItemId}`,
      async () => (await ctx.client.batch<Entity>(batchPath(inputs.accountId),
        [{ operation_type: "Create", params: toWire(inputs, API_FIELDS) }], LIMITS.targetingCriteriaBatchSize))[0]!,
      async () => (await ctx.client.list<Entity>(path(inputs.accountId), { line_item_ids: [inputs.lineItemId] }))
        .filter((t) => t.targeting_type === inputs.targetingType && t.targeting_value === inputs.targetingValue && t.operator_type === inputs.operatorType));
    return { id: entity.id, outs: outputs(entity) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => readCoalesced(ctx, props.accountId, id, props.lineItemId));
    return live && { id, props: toOutputs(props, live, OUTPUT_FIELDS) };
  },

  async update(_ctx, _id, olds) {
    // Every input is create-only: diff never plans an update.
    return olds;
  },

  async delete(ctx, id, props) {
    // seed: not shown; real platform DELETE targeting_criteria/:id (404 once gone: done).
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};

/** How long concurrent reads wait to share one list call (as the client's reads by id). */
const READ_WINDOW_MS = 10;

/**
 * One criterion by id. GET targeting_criteria filters by line item only
 * (seed 4.8), so concurrent reads of an account are coalesced into list
 * calls by their line items (at most 200 per call, DESIGN.md rule 8): a
 * refresh of many criteria makes few requests.
 */
async function readCoalesced(ctx: Context, accountId: string, id: string, lineItemId: string): Promise<Entity> {
  const found = await ctx.client.collect<{ id: string; lineItemId: string }, Entity | undefined>(
    `targeting_criteria|${accountId}`, { id, lineItemId }, LIMITS.idsPerFilter, async (items) => {
      const rows = await ctx.client.list<Entity>(path(accountId), { line_item_ids: [...new Set(items.map((i) => i.lineItemId))], with_deleted: true });
      const byId = new Map(rows.map((r) => [String(r.id), r]));
      return items.map((i) => byId.get(i.id));
    }, READ_WINDOW_MS);
  if (!found) throw new NotFoundError({ status: 404, code: "NOT_FOUND", message: `no targeting criterion ${id} on line item ${lineItemId}`, method: "GET", path: path(accountId) });
  return found;
}
