/**
 * Targeting criteria (ref campaign-management/reference.mdx, Targeting
 * Criteria; content categories in GET content_categories): GET
 * targeting_criteria (required line_item_ids, count 1 to 1000, cursor);
 * content categories are targeted through the batch endpoint with
 * targeting_type IAB_CATEGORY, else a validation error. Writes: POST
 * /12/batch/accounts/:account_id/targeting_criteria (JSON items with
 * operation_type Create or Delete, at most 500) and the single POST and
 * DELETE /12/accounts/:account_id/targeting_criteria[/:id]; no PUT (a
 * change is a new criterion).
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENUMS, FORMS, LIMITS } from "../platform";
import { batchRoutes } from "../batch";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { referenced } from "../rules";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";
import { CONTENT_CATEGORIES, IAB_CATEGORIES, LOCATIONS } from "../reference-data";
import { LineItem, lineItems } from "./line-items";

export interface TargetingCriterion extends StoredEntity {
  line_item_id: string;
  targeting_type: (typeof ENUMS.targetingType)[number];
  targeting_value: string;
  operator_type: (typeof ENUMS.operatorType)[number];
  /** The real platform answers a display name of the value. */
  name: string;
  /** LOCATION criteria only (real platform): the kind of place, null for a place the emulator does not know. */
  location_type?: string | null;
}

const createParams = z.object({
  line_item_id: param.id(),
  targeting_type: param.oneOf(ENUMS.targetingType),
  targeting_value: param.text(255),
  operator_type: param.oneOf(ENUMS.operatorType).default("EQ"),
});

/**
 * The rules of one criterion's type, value and operator, shared with
 * audience_estimate (which takes criteria "as for the targeting criteria
 * create endpoint"); `at` prefixes the parameter an error names, e.g.
 * `targeting_criteria[1].`.
 */
export function checkTargeting(p: { targeting_type: string; targeting_value: string; operator_type: string }, at = ""): void {
  const iab = ENUMS.contentCategoryTargetingType;
  // ref campaign-management/reference.mdx, GET content_categories: content category values need targeting_type IAB_CATEGORY, otherwise a validation error.
  if (p.targeting_type !== iab && FORMS.iabCategoryValue.test(p.targeting_value)) {
    throw ApiError.invalid(`${at}targeting_type`, `targeting_value ${p.targeting_value} is a content category (IAB category) value: targeting_type must be ${iab}, got ${p.targeting_type}`);
  }
  const operators: readonly string[] = (ENUMS.targetingTypeOperators as Partial<Record<string, readonly string[]>>)[p.targeting_type] ?? ENUMS.otherTargetingOperators;
  if (!operators.includes(p.operator_type)) {
    throw ApiError.invalid(`${at}operator_type`, `operator_type must be ${operators.join(" or ")} with targeting_type ${p.targeting_type}, got ${p.operator_type}`);
  }
  if (p.targeting_type === iab && !IAB_CATEGORIES.has(p.targeting_value)) {
    throw ApiError.invalid(`${at}targeting_value`, `targeting_value must be an iab_categories value of a content category (GET content_categories) with targeting_type ${iab}, got ${JSON.stringify(p.targeting_value)}`);
  }
  const values: readonly string[] | undefined = (ENUMS.targetingTypeValues as Partial<Record<string, readonly string[]>>)[p.targeting_type];
  if (values && !values.includes(p.targeting_value)) {
    throw ApiError.invalid(`${at}targeting_value`, `targeting_value must be one of ${values.join(", ")} with targeting_type ${p.targeting_type}, got ${JSON.stringify(p.targeting_value)}`);
  }
}

function create(ctx: ResourceContext, params: WireParams): NewFields<TargetingCriterion> {
  const p = parseParams(createParams, params);
  referenced<LineItem>(ctx.account, lineItems.collection, p.line_item_id, "line_item_id", "line item");
  checkTargeting(p);
  // Targeted values per line item (exclusions are not counted), counting the criteria an earlier item of the same batch created.
  const group = Object.values(LIMITS.targetingPerLineItem).find((g) => (g.types as readonly string[]).includes(p.targeting_type));
  if (group && p.operator_type !== "NE") {
    const targeted = ctx.account.collection<TargetingCriterion>(targetingCriteria.collection).all()
      .filter((t) => !t.deleted && t.line_item_id === p.line_item_id && t.operator_type !== "NE" && (group.types as readonly string[]).includes(t.targeting_type));
    if (targeted.length >= group.max) {
      throw ApiError.invalid("targeting_type", `a line item takes at most ${group.max} targeted ${group.types.join(", ")} values, got ${targeted.length + 1} (line_item_id ${p.line_item_id})`);
    }
  }
  const category = p.targeting_type === ENUMS.contentCategoryTargetingType ? CONTENT_CATEGORIES.find((c) => c.iab_categories.includes(p.targeting_value)) : undefined;
  if (p.targeting_type === "LOCATION") {
    const place = LOCATIONS[p.targeting_value];
    return { ...p, name: place?.name ?? p.targeting_value, location_type: place?.location_type ?? null };
  }
  return { ...p, name: category ? `${category.name} (${p.targeting_value})` : p.targeting_value };
}

/** ref campaign-management/reference.mdx, GET targeting_criteria: line_item_ids is required. */
function listRule(_ctx: ResourceContext, params: WireParams): void {
  parseParams(z.object({ line_item_ids: param.ids() }), params);
}

export const targetingCriteria: ResourceSpec<TargetingCriterion> = {
  collection: "targeting_criteria",
  noun: "targeting criterion",
  list: () => ({
    ids: [{ param: "line_item_ids", value: (t) => t.line_item_id }],
    sortable: ["created_at", "updated_at"],
  }),
  create,
  listRule,
  // No update: every change is a new criterion (a PUT answers 405).
  deletable: true,
  // The real platform (tests/conformance corpus): the list and batch answers have operator_type, GET and DELETE of one criterion not.
  answers: { get: { omit: ["operator_type"] }, delete: { omit: ["operator_type"] } },
};

const crud = resourceRoutes(targetingCriteria);
const batch = batchRoutes({
  resource: targetingCriteria, maxItems: LIMITS.targetingCriteriaBatchSize, idParam: "targeting_criterion_id", dataType: "targeting_criterion",
});

export const targetingCriterionRoutes: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  await crud(app, options);
  await batch(app, options);
};
