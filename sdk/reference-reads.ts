import {
  AccountAppInfo, AdvertiserBusinessCategoryInfo, checkKeywordInsightsArgs, KeywordInsights, KeywordInsightsArgs, listAccountApps,
  listAdvertiserBusinessCategories, listPublishers, PublisherInfo, readKeywordInsights,
} from "../provider/reference-reads";
import { programContext, programReferenceCache, settingFromProgram } from "./config";

export type { AccountAppInfo, AdvertiserBusinessCategoryInfo, KeywordInsights, KeywordInsightsArgs, PublisherInfo };

/**
 * The Tweet volume of keywords (one number per DAY or HOUR from startTime)
 * and 30 related keywords. At most 10 keywords and negativeKeywords
 * together, a range of at most 7 days (endTime defaults to now), location a
 * country's targeting value: each checked before any request.
 */
export async function getKeywordInsights(args: KeywordInsightsArgs): Promise<KeywordInsights> {
  const now = Date.now();
  // Arguments are checked before the configuration is read: a bad one fails first, without a request.
  const valid = checkKeywordInsightsArgs(args, now);
  return readKeywordInsights(programContext(), valid, now);
}

/** The mobile apps associated with the account (default: the stack's `xads:accountId`): what app objectives' line items promote. */
export async function getAccountApps(args: { accountId?: string } = {}): Promise<AccountAppInfo[]> {
  const accountId = args.accountId ?? settingFromProgram("accountId");
  if (!accountId) throw new Error("getAccountApps: accountId is required (or set xads:accountId)");
  return listAccountApps(programContext(), { accountId });
}

/**
 * Advertiser business categories, each with the iabCategories a
 * PREROLL_VIEWS line item's `categories` carries (one or two business
 * categories per line item). A global read kept a day on disk, as
 * getContentCategories.
 */
export async function getAdvertiserBusinessCategories(): Promise<AdvertiserBusinessCategoryInfo[]> {
  return listAdvertiserBusinessCategories(programContext(), programReferenceCache());
}

/** The publishers of content categories (contentCategoryIds name getContentCategories' ids). A global read kept a day on disk. */
export async function getPublishers(): Promise<PublisherInfo[]> {
  return listPublishers(programContext(), programReferenceCache());
}
