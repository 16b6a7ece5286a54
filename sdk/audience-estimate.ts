import { AudienceCriterion, AudienceEstimate, checkAudienceEstimate, estimateAudience } from "../provider/audience-estimate";
import { accountOf } from "./data-sources";
import { programContext } from "./config";

export type { AudienceCriterion, AudienceEstimate };

/**
 * The approximate audience of a set of targeting criteria (POST
 * audience_estimate): camelCase criteria as a TargetingCriterion's inputs,
 * at least one of a primary type (followers, similar to followers, custom
 * audiences, interests, keywords, TV). `operatorType` (EQ default, or NE)
 * applies to each criterion that sets none. Arguments are checked before
 * any request; the answer is `{ audienceSize: { min, max } }`.
 */
export async function getAudienceEstimate(args: {
  accountId?: string;
  targetingCriteria: AudienceCriterion[];
  operatorType?: "EQ" | "NE";
}): Promise<AudienceEstimate> {
  const accountId = accountOf("getAudienceEstimate", args.accountId);
  // A bad argument fails first, without reading the configuration or making a request.
  const valid = checkAudienceEstimate("getAudienceEstimate", { ...args, accountId });
  return estimateAudience(programContext(), accountId, valid.targetingCriteria, valid.operatorType, "getAudienceEstimate");
}
