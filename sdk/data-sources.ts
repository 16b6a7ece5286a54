import {
  AccountInfo, AccountMediaInfo, AudienceTargetingInfo, CustomAudienceInfo, AuthenticatedUserAccessInfo, BiddingRuleInfo, checkArgs, ContentCategoryInfo,
  CuratedCategoryInfo, dataSourceArgs, FundingInstrumentInfo, listAccountMedia, listAccounts, listBiddingRules,
  listContentCategories, listCuratedCategories, listFundingInstruments, listPlacements, listPromotableUsers,
  listAccountFeatures, listAudienceTargeting, listCustomAudiences, listWebhooks, PlacementInfo, PromotableUserInfo, readAuthenticatedUserAccess, WebhookInfo,
} from "../provider/data-sources";
import { platformBaseUrl } from "../provider/config";
import { ACCOUNT_SETTINGS, ENUMS } from "../provider/limits";
import { programContext, programReferenceCache, settingFromProgram } from "./config";

export type { AccountInfo, AccountMediaInfo, AudienceTargetingInfo, CustomAudienceInfo, FundingInstrumentInfo, WebhookInfo };
export type { AuthenticatedUserAccessInfo, BiddingRuleInfo, ContentCategoryInfo, CuratedCategoryInfo, PlacementInfo, PromotableUserInfo };

/** The ads accounts the configured credentials reach (optionally by name prefix). */
export async function getAccounts(args: { namePrefix?: string } = {}): Promise<AccountInfo[]> {
  return listAccounts(programContext(), args.namePrefix);
}

/** One account by id (default: the stack's `xads:accountId`). */
export async function getAccount(args: { accountId?: string } = {}): Promise<AccountInfo> {
  const id = args.accountId ?? settingFromProgram("accountId");
  const found = (await getAccounts()).find((a) => a.id === id);
  if (!found) throw new Error(`getAccount: no account ${id ?? "(accountId not set)"} is reachable with these credentials`);
  return found;
}

/** The account of a data source: the argument, or the stack's `xads:accountId`. */
export function accountOf(source: string, accountId?: string): string {
  const id = accountId ?? settingFromProgram("accountId");
  if (!id) throw new Error(`${source}: accountId is required (or set xads:accountId)`);
  return id;
}

/** The live funding instruments of an account, optionally of one currency. */
export async function getFundingInstruments(args: { accountId?: string; currency?: string } = {}): Promise<FundingInstrumentInfo[]> {
  return fundingInstrumentsOf("getFundingInstruments", args);
}

async function fundingInstrumentsOf(source: string, args: { accountId?: string; id?: string; currency?: string }): Promise<FundingInstrumentInfo[]> {
  const { accountId, currency } = checkArgs(source, dataSourceArgs.fundingInstruments, { ...args, accountId: accountOf(source, args.accountId) });
  const all = await listFundingInstruments(programContext(), accountId);
  return all.filter((f) => !currency || f.currency === currency);
}

/** Exactly one funding instrument: by id, or the only active one of a currency. */
export async function getFundingInstrument(args: { accountId?: string; id?: string; currency?: string }): Promise<FundingInstrumentInfo> {
  const all = await fundingInstrumentsOf("getFundingInstrument", args);
  const matches = args.id ? all.filter((f) => f.id === args.id) : all.filter((f) => f.entityStatus === "ACTIVE");
  if (matches.length !== 1) {
    const what = args.id ? `id ${args.id}` : `active instrument${args.currency ? ` in ${args.currency}` : ""}`;
    throw new Error(`getFundingInstrument: expected exactly one ${what}, found ${matches.length}${matches.length ? ` (${matches.map((m) => m.id).join(", ")}); pass id` : ""}`);
  }
  return matches[0]!;
}

/** The users whose content the account may promote, each FULL or RETWEETS_ONLY. */
export async function getPromotableUsers(args: { accountId?: string } = {}): Promise<PromotableUserInfo[]> {
  return listPromotableUsers(programContext(), { accountId: accountOf("getPromotableUsers", args.accountId) });
}

/**
 * Content categories, each with the iabCategories a TargetingCriterion
 * (IAB_CATEGORY) targets. Like getBiddingRules and getPlacements, a global
 * read the platform allows 5 times per 15 minutes: answers are kept a day
 * in ~/.cache/pulumi-xads/reference (XDG_CACHE_HOME), so previews do not
 * spend the limit.
 */
export async function getContentCategories(): Promise<ContentCategoryInfo[]> {
  return listContentCategories(programContext(), programReferenceCache());
}

/** Curated categories available in any of `countryCodes` (two-letter ISO codes, 1 to 200). */
export async function getCuratedCategories(args: { accountId?: string; countryCodes: string[] }): Promise<CuratedCategoryInfo[]> {
  const accountId = accountOf("getCuratedCategories", args.accountId);
  // Arguments are checked before the configuration is read: a bad one fails first, without a request.
  const valid = checkArgs("getCuratedCategories", dataSourceArgs.curatedCategories, { ...args, accountId });
  return listCuratedCategories(programContext(), valid);
}

/** Minimum and maximum CPE bids, of one currency (ISO-4217, 3 letters) or all. */
export async function getBiddingRules(args: { currency?: string } = {}): Promise<BiddingRuleInfo[]> {
  const valid = checkArgs("getBiddingRules", dataSourceArgs.biddingRules, args);
  return listBiddingRules(programContext(), valid, programReferenceCache());
}

/** Valid placement sets by product type (MEDIA, PROMOTED_ACCOUNT, PROMOTED_TWEETS), or of one. */
export async function getPlacements(args: { productType?: string } = {}): Promise<PlacementInfo[]> {
  const valid = checkArgs("getPlacements", dataSourceArgs.placements, args);
  return listPlacements(programContext(), valid, programReferenceCache());
}

/** The permissions of the configured user on the account (ACCOUNT_ADMIN, AD_MANAGER, ..., TWEET_COMPOSER). */
export async function getAuthenticatedUserAccess(args: { accountId?: string } = {}): Promise<AuthenticatedUserAccessInfo> {
  return readAuthenticatedUserAccess(programContext(), { accountId: accountOf("getAuthenticatedUserAccess", args.accountId) });
}

/**
 * The application's registered webhooks (app-only: needs only the consumer
 * key and secret, `xads:consumerKey`/`xads:consumerSecret` or the XADS_*
 * variables, and `xads:platformBaseUrl` off the real platform), optionally
 * those of one URL. A program checks its webhook is registered and valid:
 *
 *     const [hook] = await xads.getWebhooks({ url: "https://hooks.example.com/xads" });
 *     if (!hook?.valid) throw new Error("the webhook is not registered or failed its check");
 */
export async function getWebhooks(args: { url?: string } = {}): Promise<WebhookInfo[]> {
  const consumerKey = settingFromProgram("consumerKey");
  const consumerSecret = settingFromProgram("consumerSecret");
  if (!consumerKey || !consumerSecret) {
    throw new Error("getWebhooks: the application's keys are required: xads:consumerKey and xads:consumerSecret (pulumi config set --secret ...) or XADS_CONSUMER_KEY and XADS_CONSUMER_SECRET");
  }
  const all = await listWebhooks({ consumerKey, consumerSecret, baseUrl: platformBaseUrl(settingFromProgram) });
  return all.filter((w) => args.url === undefined || w.url === args.url);
}

/**
 * The account media of an account (default: the stack's `xads:accountId`),
 * optionally of some creative types (e.g. ["PREROLL"]): what a MediaCreative's
 * accountMediaId names.
 */
export async function getAccountMedia(args: { accountId?: string; creativeTypes?: string[] } = {}): Promise<AccountMediaInfo[]> {
  const accountId = accountOf("getAccountMedia", args.accountId);
  const unknownType = args.creativeTypes?.find((t) => !(ENUMS.creativeType as readonly string[]).includes(t));
  if (unknownType) throw new Error(`getAccountMedia: creativeTypes must be of ${ENUMS.creativeType.join(", ")} (got "${unknownType}")`);
  return listAccountMedia(programContext(), accountId, args.creativeTypes);
}

/**
 * The feature keys an account has (default: the stack's `xads:accountId`),
 * optionally only among `featureKeys`; works in production and the sandbox.
 */
export async function getAccountFeatures(args: { accountId?: string; featureKeys?: string[] } = {}): Promise<{ accountId: string; featureKeys: string[] }> {
  const accountId = accountOf("getAccountFeatures", args.accountId);
  const unknown = (args.featureKeys ?? []).filter((k) => !(ACCOUNT_SETTINGS.readableFeatureKeys as readonly string[]).includes(k));
  if (unknown.length > 0) {
    throw new Error(`getAccountFeatures: featureKeys must be among ${ACCOUNT_SETTINGS.readableFeatureKeys.join(", ")} (got ${unknown.join(", ")})`);
  }
  return { accountId, featureKeys: await listAccountFeatures(programContext(), accountId, args.featureKeys) };
}

/** The account's custom audiences: its own (permissionScope OWNER, the default) or those shared with it (SHARED). */
export async function getCustomAudiences(args: { accountId?: string; permissionScope?: "OWNER" | "SHARED" } = {}): Promise<CustomAudienceInfo[]> {
  const scope = args.permissionScope ?? "OWNER";
  if (scope !== "OWNER" && scope !== "SHARED") throw new Error(`getCustomAudiences: permissionScope must be OWNER or SHARED (got ${JSON.stringify(scope)})`);
  return listCustomAudiences(programContext(), accountOf("getCustomAudiences", args.accountId), scope);
}

/** The campaigns and line items that target a custom audience; withActive (default true) leaves out those that cannot serve. */
export async function getAudienceTargetedLineItems(args: { accountId?: string; customAudienceId: string; withActive?: boolean }): Promise<AudienceTargetingInfo[]> {
  return listAudienceTargeting(programContext(), accountOf("getAudienceTargetedLineItems", args.accountId), args.customAudienceId, args.withActive ?? true);
}
