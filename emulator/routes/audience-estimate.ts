/**
 * Audience estimate (xdevplatform/docs
 * x-ads-api/campaign-management/reference.mdx, "Audience Estimate"): POST
 * accounts/:account_id/audience_estimate with a JSON body whose
 * `targeting_criteria` are criteria with the parameters of POST
 * targeting_criteria, at least one of a primary type; `operator_type` (EQ default,
 * NE) applies to each criterion that names none. Nothing is written. The
 * answer is `{audience_size: {min, max}}` (reference example;
 * twitterdev/twitter-python-ads-sdk tests/fixtures/audience_estimate.json).
 *
 * The size is the emulator's own, a deterministic function of the criteria
 * (README "Audience estimates"), combined as the targeting guide says
 * (x-ads-api/campaign-management.mdx, "Targeting Criteria Combinations"):
 * primary types are put in a union, other types AND'd, values of one type
 * OR'd. So adding a location, a gender or an exclusion narrows the
 * estimate, and adding a keyword or an interest widens it.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { AUDIENCE_ESTIMATE, ENUMS, LIMITS } from "../platform";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { AccountRoute, accountFor, echo, wireParams } from "../http";
import { param, platformErrors } from "../wire";
import { checkTargeting } from "./targeting-criteria";

type Operator = (typeof ENUMS.operatorType)[number];

interface Criterion {
  targeting_type: string;
  targeting_value: string;
  operator_type: Operator;
}

// --------------------------------------------------- the estimate (own) ---

/** Everyone the emulator pretends the platform reaches (no criterion narrows it). */
export const WORLD = 500_000_000;

/** People one targeted value of a primary type adds to the union. */
const PRIMARY_SIZE: Record<string, number> = {
  FOLLOWERS_OF_USER: 2_000_000, SIMILAR_TO_FOLLOWERS_OF_USER: 2_000_000,
  CUSTOM_AUDIENCE: 500_000, CUSTOM_AUDIENCE_EXPANDED: 500_000,
  INTEREST: 5_000_000,
  BROAD_KEYWORD: 1_000_000, EXACT_KEYWORD: 1_000_000, PHRASE_KEYWORD: 1_000_000, UNORDERED_KEYWORD: 1_000_000,
  TV_SHOW: 3_000_000, LIVE_TV_EVENT: 3_000_000,
};

/** Percent of the audience one targeted value of another type keeps (values of one type add up, to 100). */
const SHARE_PERCENT: Record<string, number> = { LOCATION: 10, GENDER: 50, LANGUAGE: 20, AGE: 25 };
const OTHER_SHARE_PERCENT = 50;
/** Percent an excluded value (operator NE, of any type) keeps. */
const EXCLUSION_PERCENT = 90;

/**
 * The estimate, in whole people: the union of the targeted primary values
 * (their sizes added, at most WORLD; WORLD when none is targeted), times
 * each other targeted type's share (integer percent, rounded down at each
 * step, types in name order), times 90% per excluded value; `min` and `max`
 * are 90% and 110% of it, rounded down.
 */
export function estimate(criteria: readonly Criterion[]): { min: number; max: number } {
  const targeted = criteria.filter((c) => c.operator_type !== "NE");
  const primary = targeted.filter((c) => isPrimary(c.targeting_type));
  let size = primary.length === 0 ? WORLD : Math.min(WORLD, primary.reduce((n, c) => n + PRIMARY_SIZE[c.targeting_type]!, 0));
  const others = new Map<string, number>();
  for (const c of targeted.filter((x) => !isPrimary(x.targeting_type))) others.set(c.targeting_type, (others.get(c.targeting_type) ?? 0) + 1);
  for (const [type, values] of [...others].sort(([a], [b]) => a.localeCompare(b))) {
    size = Math.floor((size * Math.min(100, values * (SHARE_PERCENT[type] ?? OTHER_SHARE_PERCENT))) / 100);
  }
  for (let i = criteria.length - targeted.length; i > 0; i--) size = Math.floor((size * EXCLUSION_PERCENT) / 100);
  return { min: Math.floor((size * 9) / 10), max: Math.floor((size * 11) / 10) };
}

const isPrimary = (type: string) => (AUDIENCE_ESTIMATE.primaryTargetingTypes as readonly string[]).includes(type);

// ------------------------------------------------------------ the body ---

const criterion = z.object({
  targeting_type: param.oneOf(ENUMS.targetingType),
  targeting_value: param.text(255),
  operator_type: param.oneOf(ENUMS.operatorType).optional(),
});

const body = z.object({
  // ref campaign-management/reference.mdx, Audience Estimate: an array of criteria (one object is taken as an array of one).
  targeting_criteria: z.preprocess((v) => (v !== null && typeof v === "object" && !Array.isArray(v) ? [v] : v), z.array(criterion).min(1)),
  operator_type: param.oneOf(AUDIENCE_ESTIMATE.operatorType).optional(),
});

/** `targeting_criteria[1].targeting_type`: JSON body errors name the whole path. */
function pathName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("") || "body";
}

/** The criteria of a request, each with its operator, or the platform's 400. */
function criteriaOf(raw: unknown, query: Record<string, string>): Criterion[] {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw ApiError.invalid("body", "the body must be a JSON object with targeting_criteria (Content-Type: application/json)");
  }
  // The reference lists operator_type as a query parameter beside the JSON body: either place is read.
  const parsed = body.safeParse({ operator_type: query.operator_type, ...raw }, { reportInput: true });
  if (!parsed.success) throw new ApiError(400, platformErrors(parsed.error.issues, pathName));
  const fallback = parsed.data.operator_type ?? "EQ";
  const criteria = parsed.data.targeting_criteria.map((c) => ({ ...c, operator_type: c.operator_type ?? fallback }));
  criteria.forEach((c, i) => checkTargeting(c, `targeting_criteria[${i}].`));
  // As on a line item: targeted values per group of types (exclusions not counted).
  for (const group of Object.values(LIMITS.targetingPerLineItem)) {
    const n = criteria.filter((c) => c.operator_type !== "NE" && (group.types as readonly string[]).includes(c.targeting_type)).length;
    if (n > group.max) throw ApiError.invalid("targeting_criteria", `targeting_criteria take at most ${group.max} targeted ${group.types.join(", ")} values, got ${n}`);
  }
  if (!criteria.some((c) => isPrimary(c.targeting_type))) {
    throw ApiError.invalid("targeting_criteria", `targeting_criteria must include at least one primary targeting criterion (${AUDIENCE_ESTIMATE.primaryTargetingTypes.join(", ")}), got ${[...new Set(criteria.map((c) => c.targeting_type))].join(", ")}`);
  }
  return criteria;
}

export const audienceEstimateRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  app.post<AccountRoute>("/12/accounts/:account_id/audience_estimate", async (req) => {
    accountFor(app.emulator.store.env(env), req, req.params.account_id);
    const criteria = criteriaOf(req.body, wireParams(req));
    // The reference's answer echoes targeting_criteria as null (a JSON body is not echoed).
    return { request: { params: { targeting_criteria: null, ...echo(req).params } }, data: { audience_size: estimate(criteria) } };
  });
};
