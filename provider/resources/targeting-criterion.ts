/**
 * Targeting criterion (ref campaign-management/reference.mdx, Targeting Criteria): one targeting
 * value of a line item, e.g. a content category's IAB category. Content
 * categories (ref GET content_categories): targeting type IAB_CATEGORY with
 * the `iab_categories` values of GET content_categories, set through the
 * batch targeting criteria endpoint; any other type with such values is a
 * validation error, refused here in check, before any write. The platform
 * has no PUT for a criterion: every change replaces it.
 */
import { z } from "zod";
import { ENUMS, IAB_CATEGORY_VALUE, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, ofLineItems, text } from "./common";
import { defineResource } from "./define";
import { rule } from "./framework";

const IAB = ENUMS.contentCategoryTargetingType;

// --------------------------------------------------------------- schema ---

export const targetingCriterionInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item the criterion targets for."),
  targetingType: z.enum(ENUMS.targetingType).describe(`The kind of targeting; ${IAB} for content categories (their iabCategories values).`),
  targetingValue: text(255).describe("The value targeted, e.g. IAB1-1 with IAB_CATEGORY."),
  operatorType: z.enum(ENUMS.operatorType).default("EQ").describe(
    "EQ (default) targets the value; NE excludes it. APP_LIST takes NE only; NETWORK_ACTIVATION_DURATION takes GTE or LT only, and no other type takes them.",
  ),
  adoptId: adoptIdInput,
}).describe("One targeting value of a line item, e.g. a content category's IAB category with targetingType IAB_CATEGORY. No update exists on the platform: any change replaces it.");

export type TargetingCriterionInputs = z.infer<typeof targetingCriterionInputs>;
export type TargetingCriterionOutputs = TargetingCriterionInputs & { name?: string; createdAt?: string };

// ref campaign-management/reference.mdx, GET content_categories: content categories are targeted through the batch targeting criteria endpoint.
const batchPath = (tc: { accountId: string }) => `/12/batch/accounts/${tc.accountId}/targeting_criteria`;

const LISTED_OPERATORS: Partial<Record<string, readonly string[]>> = ENUMS.targetingTypeOperators;
/** The targeting types whose values are a fixed list (ENUMS.targetingTypeValues). */
const LISTED_VALUES: Partial<Record<string, readonly string[]>> = ENUMS.targetingTypeValues;

/** The operators a targeting type takes: its own (ENUMS.targetingTypeOperators), or EQ and NE. */
export function operatorsOf(targetingType: string): readonly string[] {
  return LISTED_OPERATORS[targetingType] ?? ENUMS.otherTargetingOperators;
}

const or = (xs: readonly string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(", ")} or ${xs.at(-1)}` : xs[0]!);

/**
 * ref campaign-management/reference.mdx, GET content_categories: content category targeting needs targeting type IAB_CATEGORY
 * and matching values; anything else is a validation error. A type with a
 * fixed list of values takes only those (ENUMS.targetingTypeValues). The
 * operator must be one the targeting type takes (ENUMS.targetingTypeOperators).
 */
export const targetingCriterionRules = [
  rule<TargetingCriterionInputs>(["targetingType", "targetingValue"], (tc) => {
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
    const values = LISTED_VALUES[tc.targetingType];
    if (values !== undefined && !values.includes(tc.targetingValue)) {
      return [{ property: "targetingValue", reason: `targetingValue must be one of ${values.join(", ")} when targetingType is ${tc.targetingType} (got ${JSON.stringify(tc.targetingValue)})` }];
    }
    return [];
  }),
  rule<TargetingCriterionInputs>(["targetingType", "operatorType"], (tc) => {
    const taken = operatorsOf(tc.targetingType);
    if (taken.includes(tc.operatorType)) return [];
    // A type with operators of its own takes no other; an operator some types list is theirs only.
    const why = LISTED_OPERATORS[tc.targetingType] !== undefined
      ? `${tc.targetingType} may only be used with operatorType ${or(taken)}`
      : `operatorType ${tc.operatorType} is taken only with targetingType ${or(Object.keys(LISTED_OPERATORS).filter((t) => LISTED_OPERATORS[t]!.includes(tc.operatorType)))}`;
    return [{ property: "operatorType", reason: `operatorType must be ${or(taken)} with targetingType ${tc.targetingType} (got ${tc.operatorType}): ${why}` }];
  }),
];

// ------------------------------------------------------------ lifecycle ---

export const targetingCriterion = defineResource("TargetingCriterion", targetingCriterionInputs, {
  immutable: true,
  outputs: { name: z.string().describe("The platform's name of the targeted value.") },
  rules: targetingCriterionRules,
  // The real platform DELETE targeting_criteria/:id (404 once gone: done).
  collection: "targeting_criteria",
  // GET targeting_criteria filters by line item only (ref campaign-management/reference.mdx, GET targeting_criteria): concurrent reads share list calls by their line items.
  readBy: (tc) => ({ param: "line_item_ids", value: tc.lineItemId }),
  // So an id alone cannot name a criterion: pulumi import takes <lineItemId>:<id>.
  importId: ["lineItemId"],
  describe: (tc) => `${tc.targetingType} ${tc.targetingValue} criterion on line item ${tc.lineItemId}`,
  // A lone criterion is a one-item call of the batch endpoint (there it is the
  // platform's own error that refuses it, naming the field).
  send: async (ctx, tc, body) =>
    (await ctx.client.batch<Entity>(batchPath(tc), [{ operation_type: "Create", params: body }], LIMITS.targetingCriteriaBatchSize))[0]!,
  // Criteria created together share its calls, up to 500 items (docs/architecture.md rule 8).
  batch: {
    path: batchPath,
    max: LIMITS.targetingCriteriaBatchSize,
    // They wait on the line items, which are created together.
    windowMs: 500,
    // The endpoint takes Delete items too, not Update (criteria have no PUT): "Possible values: Create, Delete"
    // (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/targeting_criteria); a destroy shares its calls.
    writes: ["Delete"],
    // The reference's example Delete item names it targeting_criterion_id, and answers the deleted record
    // (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/targeting_criteria; tests/conformance corpus).
    idParam: "targeting_criterion_id",
  },
  lookUp: {
    candidates: ofLineItems("targeting_criteria"),
    matches: (tc, e) => e.line_item_id === tc.lineItemId && e.targeting_type === tc.targetingType
      && e.targeting_value === tc.targetingValue && e.operator_type === tc.operatorType,
  },
});
