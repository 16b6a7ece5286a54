/** Input schemas shared by several resources. */
import { z } from "zod";
import type { Entity } from "../client/client";
import { field } from "./fields";
import type { Context } from "./framework";

/** An Ads API identifier: base-36, as the platform issues them. */
export const entityId = z.string().regex(/^[A-Za-z0-9_-]+$/, { error: "must be an Ads API id (letters, digits, - and _)" });

/** The account an entity belongs to: in its path, never a field of it; another account is another entity. */
export function accountField(description = "The ads account. Defaults to the provider's `xads:accountId`.") {
  return field(entityId.describe(description), { createOnly: true, local: true });
}

export const accountIdInput = accountField();

/** Adoption is this resource's own: dropping adoptId after the create changes nothing. */
export const adoptIdInput = field(entityId
  .optional()
  .describe("Adopt this live entity instead of creating one: create reads it, checks it matches the inputs, and takes it over. Pulumi cannot import dynamic resources."),
{ local: true, computed: true });

/** Amounts in millionths of the funding instrument's currency (seed section 2). */
export const localMicro = z.number().int().nonnegative();

/** ISO 8601 time, as the platform accepts them. */
export const isoTime = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-12-01T00:00:00Z" });

/** Platform timestamps, read only. */
export const timestamps = {
  createdAt: z.string().describe("When the platform created the entity."),
};

/** Shorthands for the declarations most fields need. */
export const createOnly = <T extends z.ZodType>(schema: T) => field(schema, { createOnly: true });
export const computed = <T extends z.ZodType>(schema: T) => field(schema, { computed: true });
export const clearable = <T extends z.ZodType>(schema: T) => field(schema, { clearable: true });

/**
 * A create's look-up candidates in a collection that lists by line item
 * (`line_item_ids`): the entities of the items' line items.
 */
export function ofLineItems(collection: string) {
  return (ctx: Context, items: { accountId: string; lineItemId: string }[]) =>
    ctx.client.list<Entity>(`/12/accounts/${items[0]!.accountId}/${collection}`, { line_item_ids: [...new Set(items.map((i) => i.lineItemId))] });
}
