/**
 * Campaign recommendations (ref campaign-management/reference.mdx; xdevplatform/docs
 * x-ads-api/campaign-management/reference.mdx, "Recommendations"): a closed
 * beta under the version 5 path. Each is the platform's suggestion for one
 * funding instrument's campaigns, at most one per funding instrument: a
 * tree of changes (`entity_type`, `params`, `operation_type` Create, Update,
 * Delete or null for an entity left as it is, `dependent_entities`) meant
 * for the batch endpoints. Read only: the platform makes them, so tests and
 * demos insert them through the control API (insertRecommendation).
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { echo, found } from "../http";
import { resourceContext } from "../resource";
import { Account, StoredEntity } from "../store";
import { fundingInstruments } from "./funding-instruments";

/** ref campaign-management/reference.mdx, GET recommendations: "a limit of 1 recommendation per funding instrument". */
export const RECOMMENDATIONS_PER_FUNDING_INSTRUMENT = 1;

export const RECOMMENDATIONS_COLLECTION = "recommendations";

/** One suggested change of the tree, in the reference's wire form. */
export interface RecommendedChange {
  entity_type: string;
  params: Record<string, unknown>;
  /** ref campaign-management/reference.mdx, GET recommendations/:recommendation_id: create maps to POST, update to PUT, delete to DELETE; ref: null for an entity kept as it is. */
  operation_type: "Create" | "Update" | "Delete" | null;
  dependent_entities: RecommendedChange[];
}

export interface Recommendation extends StoredEntity {
  account_id: string;
  funding_instrument_id: string;
  status: string;
  message: string;
  changes: RecommendedChange[];
}

const change: z.ZodType<RecommendedChange> = z.lazy(() => z.object({
  entity_type: z.string().min(1),
  params: z.record(z.string(), z.unknown()),
  operation_type: z.enum(["Create", "Update", "Delete"]).nullable(),
  dependent_entities: z.array(change).default([]),
}));

/** What the control API takes: the recommendation's wire fields (the store fills in id and times). */
export const newRecommendation = z.object({
  funding_instrument_id: z.string().min(1),
  // ref: the only status its examples show.
  status: z.string().min(1).default("PENDING"),
  message: z.string().default(""),
  changes: z.array(change).min(1),
});

/** The record as the list answers it: the reference's list example carries no changes and no `deleted`. */
function summary(r: Recommendation): Record<string, unknown> {
  const { changes: _changes, deleted: _deleted, ...rest } = r;
  return rest;
}

/** The recommendation as GET of one answers it: the summary with its tree of changes. */
function detail(r: Recommendation): Record<string, unknown> {
  return { changes: r.changes, ...summary(r) };
}

/**
 * A recommendation the platform made for a funding instrument of the account
 * (control API): refused when the funding instrument is not the account's,
 * or already has one (ref campaign-management/reference.mdx, GET recommendations: at most 1 per funding instrument).
 */
export function insertRecommendation(account: Account, body: unknown): Recommendation {
  const fields = newRecommendation.safeParse(body);
  if (!fields.success) {
    const issue = fields.error.issues[0]!;
    const at = issue.path.join(".") || "body";
    throw ApiError.invalid(at, `${at}: ${issue.message}`);
  }
  const { funding_instrument_id: fi } = fields.data;
  const instrument = account.collection(fundingInstruments.collection).live(fi);
  if (!instrument) throw ApiError.invalid("funding_instrument_id", `funding_instrument_id ${fi} is not a funding instrument of account ${account.id}`);
  const recommendations = account.collection<Recommendation>(RECOMMENDATIONS_COLLECTION);
  const existing = recommendations.all().filter((r) => !r.deleted && r.funding_instrument_id === fi);
  if (existing.length >= RECOMMENDATIONS_PER_FUNDING_INSTRUMENT) {
    throw ApiError.invalid(
      "funding_instrument_id",
      `funding instrument ${fi} already has recommendation ${existing[0]!.id}: the platform keeps at most ${RECOMMENDATIONS_PER_FUNDING_INSTRUMENT} recommendation per funding instrument (delete it first)`,
    );
  }
  return recommendations.insert({ account_id: account.id, ...fields.data });
}

interface OneRoute {
  Params: { account_id: string; recommendation_id: string };
}

export const recommendationRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const base = "/5/accounts/:account_id/recommendations";
  const live = (account: Account) => account.collection<Recommendation>(RECOMMENDATIONS_COLLECTION).all().filter((r) => !r.deleted);

  // ref: the list answers `total_count` and no cursor (at most one per funding instrument: one page).
  app.get<{ Params: { account_id: string } }>(base, async (req) => {
    const data = live(resourceContext(app, env, req).account).map(summary);
    return { request: echo(req), total_count: data.length, data };
  });

  // ref: GET of one answers `data_type: "recommendations"` and the tree under data.changes.
  app.get<OneRoute>(`${base}/:recommendation_id`, async (req) => {
    const { account } = resourceContext(app, env, req);
    const id = req.params.recommendation_id;
    const r = found(account.collection<Recommendation>(RECOMMENDATIONS_COLLECTION).get(id), "recommendation", id);
    return { request: echo(req), data_type: "recommendations", data: detail(r) };
  });
};
