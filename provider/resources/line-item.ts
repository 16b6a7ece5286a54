/**
 * Line item. The seed does not show its endpoints (section 4.5: "not
 * shown"): they follow the real platform's v12 line_items endpoints, where
 * campaign, objective, product type and placements are fixed at creation.
 */
import { z } from "zod";
import { ENUMS, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, isoTime, localMicro, timestamps } from "./common";
import {
  adopt, changedFields, CheckFailure, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition,
  toOutputs, toWire, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const lineItemInputs = z.strictObject({
  accountId: accountIdInput,
  campaignId: entityId.describe("The campaign. Create-only."),
  name: z.string().min(1).max(LIMITS.text.lineItemName).optional().describe("Line item name, at most 255 characters."),
  objective: z.enum(ENUMS.objective).describe("Campaign objective. Create-only."),
  productType: z.enum(ENUMS.productType).describe("MEDIA, PROMOTED_ACCOUNT or PROMOTED_TWEETS. Create-only."),
  placements: z.array(z.enum(ENUMS.placement)).min(1).describe("Where the line item serves. Create-only."),
  entityStatus: z.enum(ENUMS.entityStatus).default("ACTIVE").describe("ACTIVE (default), PAUSED, or DRAFT (creation only)."),
  bidStrategy: z.enum(ENUMS.bidStrategy).default("AUTO").describe("AUTO (default), MAX or TARGET."),
  bidAmountLocalMicro: localMicro.optional().describe("Bid in micros; required with MAX and TARGET bid strategies."),
  totalBudgetAmountLocalMicro: localMicro.optional().describe("Total budget in micros."),
  payBy: z.enum(ENUMS.payBy).optional().describe("Billing event. The platform picks one for the objective when not given."),
  startTime: isoTime.optional().describe("ISO 8601 start; the platform starts now when not given."),
  endTime: isoTime.optional().describe("ISO 8601 end."),
  categories: z.array(z.string().min(1)).min(LIMITS.lineItemCategories.min).max(LIMITS.lineItemCategories.max).optional().describe("IAB categories of advertiser business categories: one or two, required for PREROLL_VIEWS (seed 4.3)."),
  adoptId: adoptIdInput,
});

export type LineItemInputs = z.infer<typeof lineItemInputs>;
export type LineItemOutputs = LineItemInputs & { currency?: string; createdAt?: string };

const API_FIELDS = [
  "campaignId", "name", "objective", "productType", "placements", "entityStatus", "bidStrategy",
  "bidAmountLocalMicro", "totalBudgetAmountLocalMicro", "payBy", "startTime", "endTime", "categories",
] as const;
export const LINE_ITEM_CREATE_ONLY = ["accountId", "campaignId", "objective", "productType", "placements"] as const;
const UPDATABLE = API_FIELDS.filter((f) => !(LINE_ITEM_CREATE_ONLY as readonly string[]).includes(f));
const OUTPUT_FIELDS = [...API_FIELDS, "currency", "createdAt"] as const;
const CLEARABLE = ["name", "bidAmountLocalMicro", "totalBudgetAmountLocalMicro", "endTime"];
/** Filled in by the platform when not given: unset means "not managed". */
const COMPUTED = ["payBy", "startTime", "adoptId"];

const path = (accountId: string) => `/12/accounts/${accountId}/line_items`;

export function lineItemRules(li: LineItemInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (li.bidStrategy !== "AUTO" && li.bidAmountLocalMicro === undefined) {
    failures.push({ property: "bidAmountLocalMicro", reason: `bidAmountLocalMicro is required when bidStrategy is ${li.bidStrategy}` });
  }
  if (li.objective === "PREROLL_VIEWS" && !li.categories) {
    failures.push({ property: "categories", reason: "categories (one or two advertiser business categories) are required when objective is PREROLL_VIEWS" });
  }
  if (li.startTime && li.endTime && Date.parse(li.endTime) <= Date.parse(li.startTime)) {
    failures.push({ property: "endTime", reason: `endTime must be after startTime (${li.endTime} <= ${li.startTime})` });
  }
  return failures;
}

/** Times come back in the platform's format: keep the input's when equal. */
function outputs(inputs: Partial<LineItemInputs>, entity: Entity): LineItemOutputs {
  const outs = toOutputs<LineItemOutputs>(inputs, entity, OUTPUT_FIELDS);
  for (const f of ["startTime", "endTime"] as const) {
    const given = inputs[f];
    if (given && outs[f] && Date.parse(given) === Date.parse(outs[f]!)) outs[f] = given;
  }
  return outs;
}

// ------------------------------------------------------------ lifecycle ---

export const lineItem: ResourceDefinition<LineItemInputs, LineItemOutputs> = {
  kind: "LineItem",
  description: "A line item of a campaign: objective, placements, bid and budget.",
  inputs: lineItemInputs,
  outputs: { currency: z.string().describe("Currency of the campaign's funding instrument."), ...timestamps },
  createOnly: LINE_ITEM_CREATE_ONLY,

  check(_olds, news) {
    return validate(lineItemInputs, news, lineItemRules);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...LINE_ITEM_CREATE_ONLY, ...UPDATABLE, "adoptId"], LINE_ITEM_CREATE_ONLY, COMPUTED);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "line item", path(inputs.accountId), inputs, (e) => outputs(inputs, e), API_FIELDS);
    const entity = await createOnce(`line item "${inputs.name ?? inputs.objective}"`,
      () => ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS)),
      async () => (await ctx.client.list<Entity>(path(inputs.accountId), { campaign_ids: [inputs.campaignId], with_draft: true }))
        .filter((c) => (c.name ?? undefined) === inputs.name && c.objective === inputs.objective));
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "line_item_ids", id, query: { with_deleted: true, with_draft: true },
    }));
    return live && { id, props: outputs(props, live) };
  },

  async update(ctx, id, olds, news) {
    const changed = changedFields(olds, news, UPDATABLE, COMPUTED);
    const entity = await ctx.client.put<Entity>(`${path(news.accountId)}/${id}`, toWire(news, changed, CLEARABLE));
    return outputs(news, entity);
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};
