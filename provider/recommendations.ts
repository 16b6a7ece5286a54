/**
 * Reads behind getRecommendations and `xads recommendations`: the
 * platform's campaign recommendations (ref campaign-management/reference.mdx, Recommendations; xdevplatform/docs
 * x-ads-api/campaign-management/reference.mdx, "Recommendations"), each a
 * tree of suggested changes for one funding instrument's campaigns. The list
 * carries no changes: each recommendation is read by id for its tree.
 */
import { z } from "zod";
import { Entity } from "./client/client";
import { keysToCamel } from "./names";
import { RECOMMENDATIONS } from "./limits";
import { entityId } from "./resources/common";
import { Context } from "./resources/framework";
import { checkArgs } from "./data-sources";

/** One suggested change: what to do to one entity, and the changes below it. */
export interface RecommendedChange {
  /** The platform's collection of the entity, e.g. `campaigns`, `line_items`, `targeting_criteria`, `promoted_tweets`. */
  entityType: string;
  /** Create (POST), Update (PUT), Delete (DELETE), or null: the entity is kept as it is (it only holds the changes below it). */
  operationType: (typeof RECOMMENDATIONS.operationTypes)[number] | null;
  /** The entity's parameters in camelCase (`id` names an existing entity; a create's names its parent, e.g. `lineItemId`). */
  params: Record<string, unknown>;
  dependentEntities: RecommendedChange[];
}

export interface RecommendationInfo {
  id: string;
  accountId: string;
  fundingInstrumentId: string;
  /** PENDING in the reference's examples. */
  status: string;
  message: string;
  createdAt?: string;
  updatedAt?: string;
  changes: RecommendedChange[];
}

export const recommendationArgs = z.strictObject({ accountId: entityId, fundingInstrumentId: entityId.optional() });

const base = (accountId: string) => `/${RECOMMENDATIONS.apiVersion}/accounts/${accountId}/recommendations`;

/**
 * The account's recommendations with their trees of changes, optionally of
 * one funding instrument only (at most one: RECOMMENDATIONS.perFundingInstrument).
 * The list endpoint takes no parameter but the account (reference), so the
 * funding instrument is picked here.
 */
export async function listRecommendations(ctx: Context, args: { accountId: string; fundingInstrumentId?: string }): Promise<RecommendationInfo[]> {
  const { accountId, fundingInstrumentId } = checkArgs("getRecommendations", recommendationArgs, args);
  const rows = await ctx.client.list<Entity>(base(accountId), { count: null });
  const wanted = rows.filter((r) => fundingInstrumentId === undefined || r.funding_instrument_id === fundingInstrumentId);
  return Promise.all(wanted.map((r) => readRecommendation(ctx, accountId, String(r.id))));
}

/** One recommendation with its tree of changes. */
export async function readRecommendation(ctx: Context, accountId: string, id: string): Promise<RecommendationInfo> {
  const r = await ctx.client.get<Entity>(`${base(accountId)}/${id}`);
  return toInfo(r);
}

/** camelCase out, and a change without dependent entities has an empty list (the platform may leave it out). */
function toInfo(r: Entity): RecommendationInfo {
  const info = keysToCamel(r) as RecommendationInfo;
  const change = (c: RecommendedChange): RecommendedChange => ({ ...c, operationType: c.operationType ?? null, params: c.params ?? {}, dependentEntities: (c.dependentEntities ?? []).map(change) });
  return { ...info, changes: (info.changes ?? []).map(change) };
}
