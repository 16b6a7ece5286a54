/**
 * pulumi-xads/native: the resources of the provider plugin pulumi-resource-xads
 * (`xads:index:<Kind>`) as TypeScript classes, `Provider` for explicit providers, and the data
 * sources as the plugin's functions. Generated from the registry (provider/resources/index.ts) by
 * tools/generate.ts: do not edit; run npm run generate (or make generate). The arguments and
 * outputs are the types the dynamic SDK (../resources.ts) derives from the registry; the plugin
 * does the work, so this module loads no provider code but the hashing of a member list's users
 * (../program-secrets.ts, shared with the dynamic classes, which also keeps secrets out of the
 * SDK's debug log) and the package's own package.json (its version and the plugin's download URL).
 * docs/plugin.md, "TypeScript through the plugin", says how the engine finds the plugin.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as dynamic from "../index";
import { protectedAsDeclared } from "../protection";
// Before any registration: secrets out of the SDK's debug log, and the helpers that keep them secret.
import { secretOutputs, secretSettings, withHashedUsers } from "../program-secrets";
import { packageInfo, pluginDownloadURL } from "../../provider/package-info";
import type { ResourceArgs, ResourceOutputs, UnscopedArgs } from "../resource";

/** Every input and output of the kind registered (unset: undefined), so each is an output of the resource. */
function properties(inputs: readonly string[], outputs: readonly string[], args: object): pulumi.Inputs {
  const given = args as Record<string, unknown>;
  const props: pulumi.Inputs = {};
  for (const key of [...inputs, ...outputs]) props[key] = given[key];
  return props;
}

/**
 * The plugin of this package's version and where the engine downloads it when it is not installed
 * (package.json's pulumi.server, schema.json's pluginDownloadURL), on every registration and invoke
 * as Pulumi's generated SDKs pass them: a program needs the plugin neither on PATH nor in Pulumi.yaml.
 * A program's own options win (a plugins.providers path in Pulumi.yaml wins over both).
 */
const PLUGIN = { version: packageInfo().version, pluginDownloadURL: pluginDownloadURL() };
function withPlugin<T extends pulumi.ResourceOptions | pulumi.InvokeOptions>(opts: T | undefined): T {
  return { ...PLUGIN, ...opts } as T;
}

/** The arguments of a dynamic data source (none: an empty object). */
type ArgsOf<F extends (...args: never[]) => unknown> = Parameters<F> extends [] ? Record<string, never> : NonNullable<Parameters<F>[0]>;

/** Runs the plugin's function of a data source; its answer is the function's `result` (provider/schema.ts functionSchemas). */
async function invoke<T>(name: string, args: object, opts: pulumi.InvokeOptions | undefined): Promise<T> {
  const answer = await pulumi.runtime.invoke(`xads:index:${name}`, args as pulumi.Inputs, withPlugin(opts));
  return answer.result as T;
}

/** The configuration of an explicit provider: the settings of the stack config `xads:*`, each optional as there. */
export interface ProviderArgs {
  /** Stack config xads:consumerKey, or the environment variable XADS_CONSUMER_KEY. Secret: the state holds it as ciphertext. */
  consumerKey?: pulumi.Input<string>;
  /** Stack config xads:consumerSecret, or the environment variable XADS_CONSUMER_SECRET. Secret: the state holds it as ciphertext. */
  consumerSecret?: pulumi.Input<string>;
  /** Stack config xads:accessToken, or the environment variable XADS_ACCESS_TOKEN. Secret: the state holds it as ciphertext. */
  accessToken?: pulumi.Input<string>;
  /** Stack config xads:accessTokenSecret, or the environment variable XADS_ACCESS_TOKEN_SECRET. Secret: the state holds it as ciphertext. */
  accessTokenSecret?: pulumi.Input<string>;
  /** Stack config xads:accountId, or the environment variable XADS_ACCOUNT_ID. */
  accountId?: pulumi.Input<string>;
  /** Stack config xads:sandbox, or the environment variable XADS_SANDBOX. */
  sandbox?: pulumi.Input<boolean>;
  /** Stack config xads:baseUrl, or the environment variable XADS_BASE_URL. */
  baseUrl?: pulumi.Input<string>;
  /** Stack config xads:sandboxBaseUrl, or the environment variable XADS_SANDBOX_BASE_URL. */
  sandboxBaseUrl?: pulumi.Input<string>;
  /** Stack config xads:platformBaseUrl, or the environment variable XADS_PLATFORM_BASE_URL. */
  platformBaseUrl?: pulumi.Input<string>;
  /** Stack config xads:maxBudgetMicro, or the environment variable XADS_MAX_BUDGET_MICRO. */
  maxBudgetMicro?: pulumi.Input<string>;
  /** Stack config xads:requestTimeoutMs, or the environment variable XADS_REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: pulumi.Input<number>;
}
/**
 * A provider of package xads (`pulumi:providers:xads`): the plugin pulumi-resource-xads with this
 * configuration. A resource given it as its `provider` option is managed with these credentials, in
 * this accountId unless it names its own; one per account serves several accounts, or several sets
 * of credentials, in one program.
 */
export class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: ProviderArgs = {}, opts?: pulumi.ResourceOptions) {
    const secret = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"];
    super("xads", name, secretSettings(args, secret), withPlugin(secretOutputs(opts, secret)));
  }
}

export type FundingInstrumentArgs = ResourceArgs<"FundingInstrument", "type">;
/**
 * A funding instrument, created in the sandbox only (no cost). The platform cannot update one:
 * changes replace it. Destroy deletes it in the sandbox (the Ads API's DELETE of funding
 * instruments is sandbox only); in production it leaves it in place, and says so.
 */
export class FundingInstrument extends pulumi.CustomResource {
  constructor(name: string, args: FundingInstrumentArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:FundingInstrument", name, properties(["accountId", "currency", "startTime", "type", "adoptId"], ["entityStatus", "createdAt"], args), withPlugin(opts));
  }
}
export interface FundingInstrument extends ResourceOutputs<"FundingInstrument"> {}

export type CampaignArgs = ResourceArgs<"Campaign", "entityStatus" | "deletionProtection">;
/**
 * An advertising campaign under a funding instrument. Deletion is irreversible and protected by
 * default.
 */
export class Campaign extends pulumi.CustomResource {
  constructor(name: string, args: CampaignArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:Campaign", name, properties(["accountId", "fundingInstrumentId", "name", "entityStatus", "budgetOptimization", "dailyBudgetAmountLocalMicro", "totalBudgetAmountLocalMicro", "purchaseOrderNumber", "standardDelivery", "deletionProtection", "adoptId"], ["currency", "servable", "createdAt"], args), withPlugin(protectedAsDeclared(args.deletionProtection ?? true, opts)));
  }
}
export interface Campaign extends ResourceOutputs<"Campaign"> {}

export type LineItemArgs = ResourceArgs<"LineItem", "entityStatus">;
/**
 * A line item of a campaign: objective, placements, bid and budget.
 */
export class LineItem extends pulumi.CustomResource {
  constructor(name: string, args: LineItemArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:LineItem", name, properties(["accountId", "campaignId", "name", "objective", "productType", "placements", "entityStatus", "bidStrategy", "bidAmountLocalMicro", "goal", "payBy", "dailyBudgetAmountLocalMicro", "totalBudgetAmountLocalMicro", "standardDelivery", "startTime", "endTime", "advertiserDomain", "androidAppStoreIdentifier", "iosAppStoreIdentifier", "primaryWebEventTag", "categories", "adoptId"], ["currency", "createdAt"], args), withPlugin(opts));
  }
}
export interface LineItem extends ResourceOutputs<"LineItem"> {}

export type TrackingTagArgs = ResourceArgs<"TrackingTag">;
/**
 * A tracking partner's tag (impression tag or click tracker) on a line item. Only the URL changes
 * in place.
 */
export class TrackingTag extends pulumi.CustomResource {
  constructor(name: string, args: TrackingTagArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:TrackingTag", name, properties(["accountId", "lineItemId", "trackingTagType", "trackingTagUrl", "adoptId"], ["createdAt"], args), withPlugin(opts));
  }
}
export interface TrackingTag extends ResourceOutputs<"TrackingTag"> {}

export type PromotedTweetArgs = ResourceArgs<"PromotedTweet">;
/**
 * A Tweet promoted on a line item. No update exists on the platform: any change replaces it.
 * Deleting it shows the Tweet as paused in the advertiser UI.
 */
export class PromotedTweet extends pulumi.CustomResource {
  constructor(name: string, args: PromotedTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:PromotedTweet", name, properties(["accountId", "lineItemId", "tweetId", "adoptId"], ["servedTweetId", "entityStatus", "approvalStatus", "createdAt"], args), withPlugin(opts));
  }
}
export interface PromotedTweet extends ResourceOutputs<"PromotedTweet"> {}

export type CardArgs = ResourceArgs<"Card">;
/**
 * A card (media, details, buttons, or carousel slides) that posts attach by its cardUri. Name,
 * components and slides change in place.
 */
export class Card extends pulumi.CustomResource {
  constructor(name: string, args: CardArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:Card", name, properties(["accountId", "name", "components", "slides", "adoptId"], ["cardUri", "cardType", "createdAt"], args), withPlugin(opts));
  }
}
export interface Card extends ResourceOutputs<"Card"> {}

export type ImageConversationCardArgs = ResourceArgs<"ImageConversationCard">;
/**
 * An image conversation card: an image with up to four hashtag calls to action. Every field changes
 * in place.
 */
export class ImageConversationCard extends pulumi.CustomResource {
  constructor(name: string, args: ImageConversationCardArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:ImageConversationCard", name, properties(["accountId", "name", "title", "firstCta", "firstCtaTweet", "secondCta", "secondCtaTweet", "thirdCta", "thirdCtaTweet", "fourthCta", "fourthCtaTweet", "thankYouText", "thankYouUrl", "adoptId", "mediaKey", "unlockedImageMediaKey"], ["cardUri", "createdAt"], args), withPlugin(opts));
  }
}
export interface ImageConversationCard extends ResourceOutputs<"ImageConversationCard"> {}

export type VideoConversationCardArgs = ResourceArgs<"VideoConversationCard">;
/**
 * A video conversation card: a 16:9 video with up to four hashtag calls to action. Every field
 * changes in place.
 */
export class VideoConversationCard extends pulumi.CustomResource {
  constructor(name: string, args: VideoConversationCardArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:VideoConversationCard", name, properties(["accountId", "name", "title", "firstCta", "firstCtaTweet", "secondCta", "secondCtaTweet", "thirdCta", "thirdCtaTweet", "fourthCta", "fourthCtaTweet", "thankYouText", "thankYouUrl", "adoptId", "mediaKey", "posterMediaKey", "unlockedImageMediaKey", "unlockedVideoMediaKey"], ["cardUri", "posterMediaUrl", "createdAt"], args), withPlugin(opts));
  }
}
export interface VideoConversationCard extends ResourceOutputs<"VideoConversationCard"> {}

export type PromotedAccountArgs = ResourceArgs<"PromotedAccount">;
/**
 * A user (account) promoted on a line item of product type PROMOTED_ACCOUNT. No update exists on
 * the platform: any change replaces it. An existing promotion of the same user is taken over, not
 * duplicated.
 */
export class PromotedAccount extends pulumi.CustomResource {
  constructor(name: string, args: PromotedAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:PromotedAccount", name, properties(["accountId", "lineItemId", "userId", "adoptId"], ["entityStatus", "approvalStatus", "createdAt"], args), withPlugin(opts));
  }
}
export interface PromotedAccount extends ResourceOutputs<"PromotedAccount"> {}

export type LineItemCuratedCategoryArgs = ResourceArgs<"LineItemCuratedCategory">;
/**
 * A curated category attached to a line item. Both the line item and the category change in place.
 */
export class LineItemCuratedCategory extends pulumi.CustomResource {
  constructor(name: string, args: LineItemCuratedCategoryArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:LineItemCuratedCategory", name, properties(["accountId", "lineItemId", "curatedCategoryId", "adoptId"], ["createdAt"], args), withPlugin(opts));
  }
}
export interface LineItemCuratedCategory extends ResourceOutputs<"LineItemCuratedCategory"> {}

export type TargetingCriterionArgs = ResourceArgs<"TargetingCriterion", "operatorType">;
/**
 * One targeting value of a line item, e.g. a content category's IAB category with targetingType
 * IAB_CATEGORY. No update exists on the platform: any change replaces it.
 */
export class TargetingCriterion extends pulumi.CustomResource {
  constructor(name: string, args: TargetingCriterionArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:TargetingCriterion", name, properties(["accountId", "lineItemId", "targetingType", "targetingValue", "operatorType", "adoptId"], ["name", "createdAt"], args), withPlugin(opts));
  }
}
export interface TargetingCriterion extends ResourceOutputs<"TargetingCriterion"> {}

export type DraftTweetArgs = ResourceArgs<"DraftTweet", "nullcast">;
/**
 * A draft post (Tweet) of an advertiser user. Text, card, media, nullcast and name change in place.
 */
export class DraftTweet extends pulumi.CustomResource {
  constructor(name: string, args: DraftTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:DraftTweet", name, properties(["accountId", "asUserId", "text", "cardUri", "mediaKeys", "nullcast", "name", "adoptId"], ["createdAt"], args), withPlugin(opts));
  }
}
export interface DraftTweet extends ResourceOutputs<"DraftTweet"> {}

export type ScheduledTweetArgs = ResourceArgs<"ScheduledTweet", "nullcast">;
/**
 * A post (Tweet) the platform publishes at scheduledAt. Text, time, nullcast and name change in
 * place; author, card and media replace it.
 */
export class ScheduledTweet extends pulumi.CustomResource {
  constructor(name: string, args: ScheduledTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:ScheduledTweet", name, properties(["accountId", "asUserId", "scheduledAt", "text", "cardUri", "mediaKeys", "nullcast", "name", "adoptId"], ["scheduledStatus", "tweetId", "createdAt"], args), withPlugin(opts));
  }
}
export interface ScheduledTweet extends ResourceOutputs<"ScheduledTweet"> {}

export type TweetArgs = ResourceArgs<"Tweet", "nullcast">;
/**
 * A published, nullcast (promoted-only) post (Tweet). Only the name changes in place; any other
 * change publishes a new Tweet. The Ads API cannot delete published Tweets: destroy and
 * replacements leave them on the platform (and say so).
 */
export class Tweet extends pulumi.CustomResource {
  constructor(name: string, args: TweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:Tweet", name, properties(["accountId", "asUserId", "text", "cardUri", "mediaKeys", "nullcast", "conversationSettings", "videoCta", "videoCtaValue", "videoDescription", "videoTitle", "name", "adoptId"], ["createdAt"], args), withPlugin(opts));
  }
}
export interface Tweet extends ResourceOutputs<"Tweet"> {}

export type ScheduledPromotedTweetArgs = ResourceArgs<"ScheduledPromotedTweet">;
/**
 * A scheduled Tweet promoted on a line item. No update exists: any change replaces it. The platform
 * deletes it only before the scheduled Tweet's scheduledAt; after that, destroy fails with what to
 * do and keeps it in the stack.
 */
export class ScheduledPromotedTweet extends pulumi.CustomResource {
  constructor(name: string, args: ScheduledPromotedTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:ScheduledPromotedTweet", name, properties(["accountId", "lineItemId", "scheduledTweetId", "adoptId"], ["tweetId", "createdAt"], args), withPlugin(opts));
  }
}
export interface ScheduledPromotedTweet extends ResourceOutputs<"ScheduledPromotedTweet"> {}

export type MediaCreativeArgs = ResourceArgs<"MediaCreative">;
/**
 * Account media running on a line item. No update exists: any change replaces it. landingUrl is
 * required on WEBSITE_CLICKS line items.
 */
export class MediaCreative extends pulumi.CustomResource {
  constructor(name: string, args: MediaCreativeArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:MediaCreative", name, properties(["accountId", "accountMediaId", "lineItemId", "landingUrl", "adoptId"], ["approvalStatus", "entityStatus", "creativeType", "createdAt"], args), withPlugin(opts));
  }
}
export interface MediaCreative extends ResourceOutputs<"MediaCreative"> {}

export type SandboxAccountArgs = UnscopedArgs<"SandboxAccount">;
/**
 * An ads account created in the sandbox (no cost); its id is the account id for resources created
 * in it. Name and industry type change in place; destroy deletes the account. Refused in a
 * production stack.
 */
export class SandboxAccount extends pulumi.CustomResource {
  constructor(name: string, args: SandboxAccountArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:SandboxAccount", name, properties(["name", "industryType", "adoptId"], ["businessId", "businessName", "timezone", "approvalStatus", "createdAt"], args), withPlugin(opts));
  }
}
export interface SandboxAccount extends ResourceOutputs<"SandboxAccount"> {}

export type AccountFeaturesArgs = ResourceArgs<"AccountFeatures">;
/**
 * The feature keys of one ads account, added and removed in the sandbox (no cost). One resource per
 * account; changes to the set apply in place; destroy removes the keys it added. Refused in a
 * production stack.
 */
export class AccountFeatures extends pulumi.CustomResource {
  constructor(name: string, args: AccountFeaturesArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:AccountFeatures", name, properties(["accountId", "featureKeys"], ["addedFeatureKeys", "featureKeySet"], args), withPlugin(opts));
  }
}
export interface AccountFeatures extends ResourceOutputs<"AccountFeatures"> {}

export type TaxSettingsArgs = ResourceArgs<"TaxSettings">;
/**
 * The tax settings of an ads account (one per account). Declared fields are set with PUT and change
 * in place; the others are read, not managed. Destroy leaves the settings on the platform as they
 * are.
 */
export class TaxSettings extends pulumi.CustomResource {
  constructor(name: string, args: TaxSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:TaxSettings", name, properties(["accountId", "addressName", "clientAddressStreet1", "clientAddressStreet2", "invoiceJurisdiction", "taxCategory", "taxExemptionId", "taxId"], [], args), withPlugin(opts));
  }
}
export interface TaxSettings extends ResourceOutputs<"TaxSettings"> {}

export type UserSettingsArgs = ResourceArgs<"UserSettings">;
/**
 * A user's settings on an ads account (notification e-mail, contact phone, e-mail subscriptions);
 * by default the authenticated user's, the only ones the credentials can change. Declared fields
 * change in place; destroy leaves the settings as they are.
 */
export class UserSettings extends pulumi.CustomResource {
  constructor(name: string, args: UserSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:UserSettings", name, properties(["accountId", "userId", "notificationEmail", "contactPhone", "contactPhoneExtension", "subscribeEmailTypes"], [], args), withPlugin(opts));
  }
}
export interface UserSettings extends ResourceOutputs<"UserSettings"> {}

export type CustomAudienceArgs = ResourceArgs<"CustomAudience", "deletionProtection">;
/**
 * A custom audience (a placeholder its users are uploaded to by CustomAudienceMembers). Name and
 * description change in place; deletion is irreversible: see deletionProtection.
 */
export class CustomAudience extends pulumi.CustomResource {
  constructor(name: string, args: CustomAudienceArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:CustomAudience", name, properties(["accountId", "name", "description", "deletionProtection", "adoptId"], ["isOwner", "ownerAccountId", "permissionLevel", "createdAt"], args), withPlugin(protectedAsDeclared(args.deletionProtection ?? true, opts)));
  }
}
export interface CustomAudience extends ResourceOutputs<"CustomAudience"> {}

export type CustomAudienceMembersArgs = dynamic.CustomAudienceMembersArgs;
/**
 * The users of a custom audience, declared as a list: added and removed users are uploaded (hashed,
 * in requests of at most 5,000,000 bytes) as the list changes. Destroy removes them.
 */
export class CustomAudienceMembers extends pulumi.CustomResource {
  constructor(name: string, args: CustomAudienceMembersArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:CustomAudienceMembers", name, properties(["accountId", "customAudienceId", "users", "effectiveAt", "expiresAt"], ["memberCount", "memberChanges"], withHashedUsers("CustomAudienceMembers", name, args)), withPlugin(secretOutputs(opts, ["users"])));
  }
}
export interface CustomAudienceMembers extends ResourceOutputs<"CustomAudienceMembers"> {}

export type DoNotReachListArgs = dynamic.DoNotReachListArgs;
/**
 * The account's do-not-reach list (at most 1 per account): its users (DoNotReachListMembers) are
 * kept out of every campaign of the account. No update exists: a new description replaces it.
 */
export class DoNotReachList extends pulumi.CustomResource {
  constructor(name: string, args: DoNotReachListArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:DoNotReachList", name, properties(["accountId", "description", "adoptId"], ["createdAt"], args), withPlugin(opts));
  }
}
export interface DoNotReachList extends ResourceOutputs<"DoNotReachList"> {}

export type DoNotReachListMembersArgs = dynamic.DoNotReachListMembersArgs;
/**
 * The users of the account's do-not-reach list, declared as a list: added and removed users are
 * uploaded (hashed, in requests of at most 5,000,000 bytes) as the list changes. Destroy removes
 * them.
 */
export class DoNotReachListMembers extends pulumi.CustomResource {
  constructor(name: string, args: DoNotReachListMembersArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:DoNotReachListMembers", name, properties(["accountId", "doNotReachListId", "users", "expiresAt"], ["memberCount", "memberChanges"], withHashedUsers("DoNotReachListMembers", name, args)), withPlugin(secretOutputs(opts, ["users"])));
  }
}
export interface DoNotReachListMembers extends ResourceOutputs<"DoNotReachListMembers"> {}

export type FlexibleAudienceArgs = dynamic.FlexibleAudienceArgs;
/**
 * A flexible audience: custom audiences combined by a tree of segments (at most 10 custom audience
 * leaves). Immutable after creation: any change replaces it. Deletion is irreversible: see
 * deletionProtection.
 */
export class FlexibleAudience extends pulumi.CustomResource {
  constructor(name: string, args: FlexibleAudienceArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:FlexibleAudience", name, properties(["accountId", "name", "audienceType", "booleanOperator", "childSegments", "segments", "deletionProtection", "adoptId"], ["isOwner", "ownerAccountId", "permissionLevel", "createdAt"], args), withPlugin(protectedAsDeclared(args.deletionProtection ?? true, opts)));
  }
}
export interface FlexibleAudience extends ResourceOutputs<"FlexibleAudience"> {}

export type CustomAudiencePermissionArgs = ResourceArgs<"CustomAudiencePermission">;
/**
 * Shares a custom audience with another account (READ_ONLY or READ_WRITE). No update exists on the
 * platform: any change replaces it. Revoking (deleting this resource) stops new campaigns of the
 * granted account from targeting the audience; its campaigns that already target it keep running
 * with it, and cannot be copied afterwards.
 */
export class CustomAudiencePermission extends pulumi.CustomResource {
  constructor(name: string, args: CustomAudiencePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:CustomAudiencePermission", name, properties(["accountId", "customAudienceId", "grantedAccountId", "permissionLevel", "adoptId"], ["createdAt"], args), withPlugin(opts));
  }
}
export interface CustomAudiencePermission extends ResourceOutputs<"CustomAudiencePermission"> {}

export type TailoredAudiencePermissionArgs = ResourceArgs<"TailoredAudiencePermission">;
/**
 * Shares a tailored audience with another account (READ_ONLY or READ_WRITE). No update exists on
 * the platform: any change replaces it. Revoking (deleting this resource) stops new campaigns of
 * the granted account from targeting the audience; its campaigns that already target it keep
 * running with it, and cannot be copied afterwards.
 */
export class TailoredAudiencePermission extends pulumi.CustomResource {
  constructor(name: string, args: TailoredAudiencePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:TailoredAudiencePermission", name, properties(["accountId", "tailoredAudienceId", "grantedAccountId", "permissionLevel", "adoptId"], ["createdAt"], args), withPlugin(opts));
  }
}
export interface TailoredAudiencePermission extends ResourceOutputs<"TailoredAudiencePermission"> {}

export type AppListArgs = ResourceArgs<"AppList">;
/**
 * A named list of mobile apps of the account, by app store identifier. The platform has no update:
 * a change replaces the list.
 */
export class AppList extends pulumi.CustomResource {
  constructor(name: string, args: AppListArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:AppList", name, properties(["accountId", "name", "appStoreIdentifiers", "adoptId"], ["apps", "createdAt"], args), withPlugin(opts));
  }
}
export interface AppList extends ResourceOutputs<"AppList"> {}

export type PrerollCallToActionArgs = ResourceArgs<"PrerollCallToAction">;
/**
 * The call-to-action button of a PREROLL_VIEWS line item's video ad: its text and the URL it opens.
 * Both change in place.
 */
export class PrerollCallToAction extends pulumi.CustomResource {
  constructor(name: string, args: PrerollCallToActionArgs, opts?: pulumi.CustomResourceOptions) {
    super("xads:index:PrerollCallToAction", name, properties(["accountId", "lineItemId", "callToAction", "callToActionUrl", "adoptId"], ["createdAt"], args), withPlugin(opts));
  }
}
export interface PrerollCallToAction extends ResourceOutputs<"PrerollCallToAction"> {}

/**
 * The ads accounts the configured credentials reach, optionally those whose name starts with a
 * prefix. (GET accounts.) Through the plugin: the provider of `opts.provider`, its credentials and
 * account.
 */
export function getAccounts(args: ArgsOf<typeof dynamic.getAccounts> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAccounts> {
  return invoke("getAccounts", args, opts);
}

/**
 * One account by id; fails when the credentials do not reach it. (GET accounts.) Through the
 * plugin: the provider of `opts.provider`, its credentials and account.
 */
export function getAccount(args: ArgsOf<typeof dynamic.getAccount> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAccount> {
  return invoke("getAccount", args, opts);
}

/**
 * The live funding instruments of an account, optionally of one currency. (GET
 * accounts/:account_id/funding_instruments.) Through the plugin: the provider of `opts.provider`,
 * its credentials and account.
 */
export function getFundingInstruments(args: ArgsOf<typeof dynamic.getFundingInstruments> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getFundingInstruments> {
  return invoke("getFundingInstruments", args, opts);
}

/**
 * Exactly one funding instrument: by id, or the only active one (of a currency); fails naming the
 * candidates when there are several. (GET accounts/:account_id/funding_instruments.) Through the
 * plugin: the provider of `opts.provider`, its credentials and account.
 */
export function getFundingInstrument(args: ArgsOf<typeof dynamic.getFundingInstrument> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getFundingInstrument> {
  return invoke("getFundingInstrument", args, opts);
}

/**
 * The users whose content the account may promote: `userId`, `promotableUserType` (FULL or
 * RETWEETS_ONLY). (GET accounts/:account_id/promotable_users.) Through the plugin: the provider of
 * `opts.provider`, its credentials and account.
 */
export function getPromotableUsers(args: ArgsOf<typeof dynamic.getPromotableUsers> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getPromotableUsers> {
  return invoke("getPromotableUsers", args, opts);
}

/**
 * Content categories, each with the `iabCategories` a TargetingCriterion of targetingType
 * IAB_CATEGORY targets. A global read the platform allows few times per 15 minutes: the answer is
 * kept a day in `~/.cache/pulumi-xads/reference` (`XDG_CACHE_HOME`), so previews do not spend the
 * limit. (GET content_categories.) Through the plugin: the provider of `opts.provider`, its
 * credentials and account.
 */
export function getContentCategories(args: ArgsOf<typeof dynamic.getContentCategories> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getContentCategories> {
  return invoke("getContentCategories", args, opts);
}

/**
 * Curated categories available in any of some countries: what a LineItemCuratedCategory attaches.
 * (GET accounts/:account_id/curated_categories.) Through the plugin: the provider of
 * `opts.provider`, its credentials and account.
 */
export function getCuratedCategories(args: ArgsOf<typeof dynamic.getCuratedCategories>, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getCuratedCategories> {
  return invoke("getCuratedCategories", args, opts);
}

/**
 * Minimum and maximum CPE bids (`minimumCpeBidLocalMicro`, `maximumCpeBidLocalMicro`), of one
 * currency or all. A global read the platform allows few times per 15 minutes: the answer is kept a
 * day in `~/.cache/pulumi-xads/reference` (`XDG_CACHE_HOME`), so previews do not spend the limit.
 * (GET bidding_rules.) Through the plugin: the provider of `opts.provider`, its credentials and
 * account.
 */
export function getBiddingRules(args: ArgsOf<typeof dynamic.getBiddingRules> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getBiddingRules> {
  return invoke("getBiddingRules", args, opts);
}

/**
 * Valid placement sets by product type, or of one. A global read the platform allows few times per
 * 15 minutes: the answer is kept a day in `~/.cache/pulumi-xads/reference` (`XDG_CACHE_HOME`), so
 * previews do not spend the limit. (GET line_items/placements.) Through the plugin: the provider of
 * `opts.provider`, its credentials and account.
 */
export function getPlacements(args: ArgsOf<typeof dynamic.getPlacements> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getPlacements> {
  return invoke("getPlacements", args, opts);
}

/**
 * The configured user's `permissions` on the account (ACCOUNT_ADMIN, AD_MANAGER, CREATIVE_MANAGER,
 * CAMPAIGN_ANALYST, ANALYST, PARTNER_AUDIENCE_MANAGER, TWEET_COMPOSER). (GET
 * accounts/:account_id/authenticated_user_access.) Through the plugin: the provider of
 * `opts.provider`, its credentials and account.
 */
export function getAuthenticatedUserAccess(args: ArgsOf<typeof dynamic.getAuthenticatedUserAccess> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAuthenticatedUserAccess> {
  return invoke("getAuthenticatedUserAccess", args, opts);
}

/**
 * The application's registered webhooks, optionally those of one URL. App-only: it needs only the
 * app's keys (`xads:consumerKey`, `xads:consumerSecret` or the `XADS_*` variables) and
 * `xads:platformBaseUrl` off the real platform, and uses the app's bearer token, cached as `xads
 * auth app-token` caches it. (GET 2/webhooks.) Through the plugin: the provider of `opts.provider`,
 * its credentials and account.
 */
export function getWebhooks(args: ArgsOf<typeof dynamic.getWebhooks> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getWebhooks> {
  return invoke("getWebhooks", args, opts);
}

/**
 * The account media of an account, optionally of some creative types: what a MediaCreative's
 * `accountMediaId` names. An asset is named by `videoId` or `mediaUrl`. (GET
 * accounts/:account_id/account_media.) Through the plugin: the provider of `opts.provider`, its
 * credentials and account.
 */
export function getAccountMedia(args: ArgsOf<typeof dynamic.getAccountMedia> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAccountMedia> {
  return invoke("getAccountMedia", args, opts);
}

/**
 * The feature keys an account has, optionally only among some; in production and in the sandbox.
 * (GET accounts/:account_id/features.) Through the plugin: the provider of `opts.provider`, its
 * credentials and account.
 */
export function getAccountFeatures(args: ArgsOf<typeof dynamic.getAccountFeatures> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAccountFeatures> {
  return invoke("getAccountFeatures", args, opts);
}

/**
 * The account's custom audiences: its own (OWNER, the default) or those shared with it (SHARED);
 * each with `ownerAccountId`, `permissionLevel` and `isOwner`. (GET
 * accounts/:account_id/custom_audiences.) Through the plugin: the provider of `opts.provider`, its
 * credentials and account.
 */
export function getCustomAudiences(args: ArgsOf<typeof dynamic.getCustomAudiences> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getCustomAudiences> {
  return invoke("getCustomAudiences", args, opts);
}

/**
 * The campaigns and line items that target a custom audience: `{ campaignId, campaignName,
 * lineItems: [{ id, name, servable }] }`. (GET accounts/:account_id/custom_audiences/:id/targeted.)
 * Through the plugin: the provider of `opts.provider`, its credentials and account.
 */
export function getAudienceTargetedLineItems(args: ArgsOf<typeof dynamic.getAudienceTargetedLineItems>, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAudienceTargetedLineItems> {
  return invoke("getAudienceTargetedLineItems", args, opts);
}

/**
 * The platform's campaign recommendations (a closed beta: an account outside it has none), each
 * with its tree of suggested `changes` (`entityType`, `operationType`, `params`,
 * `dependentEntities`). `xads recommendations` maps them onto a stack's resources. (GET
 * 5/accounts/:account_id/recommendations.) Through the plugin: the provider of `opts.provider`, its
 * credentials and account.
 */
export function getRecommendations(args: ArgsOf<typeof dynamic.getRecommendations> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getRecommendations> {
  return invoke("getRecommendations", args, opts);
}

/**
 * The platform's rendering of posts: one `{ tweetId, preview }` each, `preview` an HTML `<iframe>`
 * to embed as it is. An id with no preview (of another type, unknown, deleted) is left out of the
 * answer, as the platform leaves it out. (GET accounts/:account_id/tweet_previews.) Through the
 * plugin: the provider of `opts.provider`, its credentials and account.
 */
export function getTweetPreviews(args: ArgsOf<typeof dynamic.getTweetPreviews>, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getTweetPreviews> {
  return invoke("getTweetPreviews", args, opts);
}

/**
 * The Tweet volume of keywords (`tweetVolume`, one number per DAY or HOUR from startTime) and 30
 * `relatedKeywords`. (GET insights/keywords/search.) Through the plugin: the provider of
 * `opts.provider`, its credentials and account.
 */
export function getKeywordInsights(args: ArgsOf<typeof dynamic.getKeywordInsights>, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getKeywordInsights> {
  return invoke("getKeywordInsights", args, opts);
}

/**
 * The account's mobile apps (`appStoreIdentifier`, `osType`, `deepLinkPattern`,
 * `conversionTrackingEnabled`): what `androidAppStoreIdentifier` and `iosAppStoreIdentifier` of app
 * objectives' line items name. (GET accounts/:account_id/account_apps.) Through the plugin: the
 * provider of `opts.provider`, its credentials and account.
 */
export function getAccountApps(args: ArgsOf<typeof dynamic.getAccountApps> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAccountApps> {
  return invoke("getAccountApps", args, opts);
}

/**
 * Advertiser business categories, each with its `iabCategories`: a PREROLL_VIEWS line item's
 * `categories` are those of one or two of them. A global read the platform allows few times per 15
 * minutes: the answer is kept a day in `~/.cache/pulumi-xads/reference` (`XDG_CACHE_HOME`), so
 * previews do not spend the limit. (GET advertiser_business_categories.) Through the plugin: the
 * provider of `opts.provider`, its credentials and account.
 */
export function getAdvertiserBusinessCategories(args: ArgsOf<typeof dynamic.getAdvertiserBusinessCategories> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAdvertiserBusinessCategories> {
  return invoke("getAdvertiserBusinessCategories", args, opts);
}

/**
 * Publishers of content categories: `userId`, `username`, `contentCategoryIds` (ids of
 * getContentCategories), `monetizableCountryCodes`, `promotionEligibleCountryCodes`,
 * `monetizationRestricted`. A global read the platform allows few times per 15 minutes: the answer
 * is kept a day in `~/.cache/pulumi-xads/reference` (`XDG_CACHE_HOME`), so previews do not spend
 * the limit. (GET publishers.) Through the plugin: the provider of `opts.provider`, its credentials
 * and account.
 */
export function getPublishers(args: ArgsOf<typeof dynamic.getPublishers> = {}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getPublishers> {
  return invoke("getPublishers", args, opts);
}

/**
 * The approximate audience of a set of targeting criteria, before a line item targets them: `{
 * audienceSize: { min, max } }`. The reference's "Targeting Criteria Combinations" puts the primary
 * types in a union and ANDs the others; `xads pr-summary` shows it before -> after for each line
 * item whose targeting changes. (POST accounts/:account_id/audience_estimate.) Through the plugin:
 * the provider of `opts.provider`, its credentials and account.
 */
export function getAudienceEstimate(args: ArgsOf<typeof dynamic.getAudienceEstimate>, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.getAudienceEstimate> {
  return invoke("getAudienceEstimate", args, opts);
}
