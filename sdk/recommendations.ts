import { checkArgs } from "../provider/data-sources";
import { listRecommendations, recommendationArgs, RecommendationInfo, RecommendedChange } from "../provider/recommendations";
import { programContext, settingFromProgram } from "./config";

export type { RecommendationInfo, RecommendedChange };

/**
 * The platform's campaign recommendations for the account (default: the
 * stack's `xads:accountId`), each with its tree of suggested changes;
 * optionally those of one funding instrument (at most one per instrument).
 * A closed beta of the platform: an account outside it has none.
 * `xads recommendations` maps them onto a stack's resources.
 */
export async function getRecommendations(args: { accountId?: string; fundingInstrumentId?: string } = {}): Promise<RecommendationInfo[]> {
  const accountId = args.accountId ?? settingFromProgram("accountId");
  if (!accountId) throw new Error("getRecommendations: accountId is required (or set xads:accountId)");
  // Arguments are checked before the configuration is read: a bad one fails first, without a request.
  const valid = checkArgs("getRecommendations", recommendationArgs, { ...args, accountId });
  return listRecommendations(programContext(), valid);
}
