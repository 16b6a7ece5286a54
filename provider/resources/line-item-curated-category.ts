/**
 * Line item curated category (Advertising API section 4.6): a curated
 * category (see getCuratedCategories) attached to a line item. The PUT
 * takes both the line item and the category, so both change in place; only
 * the account replaces.
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import {
  adopt, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";

// --------------------------------------------------------------- schema ---

export const lineItemCuratedCategoryInputs = z.strictObject({
  accountId: accountIdInput,
  lineItemId: entityId.describe("The line item; changes in place."),
  curatedCategoryId: entityId.describe("The curated category (getCuratedCategories lists them by country); changes in place."),
  adoptId: adoptIdInput,
});

export type LineItemCuratedCategoryInputs = z.infer<typeof lineItemCuratedCategoryInputs>;
export type LineItemCuratedCategoryOutputs = LineItemCuratedCategoryInputs & { createdAt?: string };

const API_FIELDS = ["lineItemId", "curatedCategoryId"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "createdAt"] as const;
export const LINE_ITEM_CURATED_CATEGORY_CREATE_ONLY = ["accountId"] as const;

const path = (accountId: string) => `/12/accounts/${accountId}/line_item_curated_categories`;

// ------------------------------------------------------------ lifecycle ---

export const lineItemCuratedCategory: ResourceDefinition<LineItemCuratedCategoryInputs, LineItemCuratedCategoryOutputs> = {
  kind: "LineItemCuratedCategory",
  description: "A curated category attached to a line item. Both the line item and the category change in place.",
  inputs: lineItemCuratedCategoryInputs,
  outputs: { ...timestamps },
  createOnly: LINE_ITEM_CURATED_CATEGORY_CREATE_ONLY,

  check(_olds, news) {
    return validate(lineItemCuratedCategoryInputs, news);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...LINE_ITEM_CURATED_CATEGORY_CREATE_ONLY, ...API_FIELDS, "adoptId"], LINE_ITEM_CURATED_CATEGORY_CREATE_ONLY, ["adoptId"]);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) {
      return adopt(ctx, "line item curated category", path(inputs.accountId), inputs, (e) => toOutputs<LineItemCuratedCategoryOutputs>(inputs, e, OUTPUT_FIELDS), API_FIELDS);
    }
    const entity = await createOnce(`curated category ${inputs.curatedCategoryId} on line item ${inputs.lineItemId}`,
      () => ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS)),
      async () => (await ctx.client.list<Entity>(path(inputs.accountId), { line_item_ids: [inputs.lineItemId] }))
        .filter((c) => c.curated_category_id === inputs.curatedCategoryId));
    return { id: entity.id, outs: toOutputs(inputs, entity, OUTPUT_FIELDS) };
  },

  async read(ctx, id, props) {
    const live = await readLive(() => ctx.client.getById({
      collectionPath: path(props.accountId), idsParam: "line_item_curated_category_ids", id, query: { with_deleted: true },
    }));
    return live && { id, props: toOutputs(props, live, OUTPUT_FIELDS) };
  },

  async update(ctx, id, olds, news) {
    // seed 4.6: PUT takes curated_category_id and line_item_id, both optional: send what changed.
    const changed = API_FIELDS.filter((f) => olds[f] !== news[f]);
    const entity = await ctx.client.put<Entity>(`${path(news.accountId)}/${id}`, toWire(news, changed));
    return toOutputs(news, entity, OUTPUT_FIELDS);
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};
