/**
 * The read behind getAudienceEstimate and the Reach section of `xads
 * pr-summary`: POST accounts/:account_id/audience_estimate (ref campaign-management/reference.mdx, Audience Estimate;
 * xdevplatform/docs x-ads-api/campaign-management/reference.mdx, "Audience
 * Estimate"). A POST that writes nothing: the approximate audience of a set
 * of targeting criteria, as a line item would target them.
 */
import { z } from "zod";
import { AUDIENCE_ESTIMATE, ENUMS, LIMITS } from "./limits";
import { checkArgs } from "./data-sources";
import { entityId, text } from "./resources/common";
import { Context } from "./resources/framework";
import { TargetingCriterionInputs, targetingCriterionRules } from "./resources/targeting-criterion";

/** One criterion, named as the TargetingCriterion resource's inputs. */
export interface AudienceCriterion {
  targetingType: string;
  targetingValue: string;
  /** EQ targets the value, NE excludes it (GTE and LT: NETWORK_ACTIVATION_DURATION); the request's operatorType when unset. */
  operatorType?: string;
}

export interface AudienceEstimate {
  /** The platform's range of the audience size, in people. */
  audienceSize: { min: number; max: number };
}

const criterion = z.strictObject({
  targetingType: z.enum(ENUMS.targetingType),
  targetingValue: text(255),
  operatorType: z.enum(ENUMS.operatorType).optional(),
});

const PRIMARY: readonly string[] = AUDIENCE_ESTIMATE.primaryTargetingTypes;

/** Arguments of getAudienceEstimate, checked before any request. */
export const audienceEstimateArgs = z.strictObject({
  accountId: entityId,
  targetingCriteria: z.array(criterion).min(1),
  operatorType: z.enum(AUDIENCE_ESTIMATE.operatorType).optional(),
});

export type AudienceEstimateArgs = z.input<typeof audienceEstimateArgs>;

/**
 * What the platform refuses of the criteria beyond their form: each
 * criterion's rules as a TargetingCriterion's (type, value, operator),
 * the targeted values per group as on one line item, and at least one
 * criterion of a primary type.
 */
function criteriaProblems(args: z.output<typeof audienceEstimateArgs>): string[] {
  const criteria = args.targetingCriteria.map((c) => ({ ...c, operatorType: c.operatorType ?? args.operatorType ?? "EQ" }));
  const problems = criteria.flatMap((c, i) => {
    const failures = targetingCriterionRules.flatMap((r) => r.check(c as TargetingCriterionInputs));
    return failures.map((f) => `targetingCriteria[${i}].${f.reason}`);
  });
  for (const group of Object.values(LIMITS.targetingPerLineItem)) {
    const n = criteria.filter((c) => c.operatorType !== "NE" && (group.types as readonly string[]).includes(c.targetingType)).length;
    if (n > group.max) problems.push(`targetingCriteria must target at most ${group.max} ${group.types.join(", ")} values, as one line item (got ${n})`);
  }
  if (!criteria.some((c) => PRIMARY.includes(c.targetingType))) {
    problems.push(`targetingCriteria must include at least one criterion of a primary targeting type (${PRIMARY.join(", ")}); got ${[...new Set(criteria.map((c) => c.targetingType))].join(", ")}`);
  }
  return problems;
}

/** The checked arguments, or an error `<source>: <reasons>` before any request. */
export function checkAudienceEstimate(source: string, args: Record<string, unknown>): z.output<typeof audienceEstimateArgs> {
  const valid = checkArgs(source, audienceEstimateArgs, args);
  const problems = criteriaProblems(valid);
  if (problems.length > 0) throw new Error(`${source}: ${problems.join("; ")}`);
  return valid;
}

/**
 * The estimated audience of `criteria` in the account. Every limit is
 * checked before the request. The request's operatorType goes in the query,
 * where the reference's parameter table puts it, and only when given.
 */
export async function estimateAudience(
  ctx: Context, accountId: string, criteria: readonly AudienceCriterion[], operatorType?: string, source = "estimateAudience",
): Promise<AudienceEstimate> {
  const valid = checkAudienceEstimate(source, { accountId, targetingCriteria: criteria, ...(operatorType === undefined ? {} : { operatorType }) });
  const body = {
    targeting_criteria: valid.targetingCriteria.map((c) => ({
      targeting_type: c.targetingType, targeting_value: c.targetingValue, ...(c.operatorType ? { operator_type: c.operatorType } : {}),
    })),
  };
  // Nothing is written: a lost answer or a server fault is asked again (docs/architecture.md rule 7).
  const data = await ctx.client.postRead<{ audience_size?: { min?: unknown; max?: unknown } }>(
    `/12/accounts/${valid.accountId}/audience_estimate`, { operator_type: valid.operatorType }, body,
  );
  const size = data?.audience_size;
  if (typeof size?.min !== "number" || typeof size.max !== "number") throw new Error(`${source}: the platform's answer has no audience_size {min, max}`);
  return { audienceSize: { min: size.min, max: size.max } };
}
