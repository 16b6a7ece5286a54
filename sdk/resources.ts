/**
 * One class per resource kind, generated from the registry (provider/resources/index.ts) by
 * tools/generate.ts: do not edit. After a change to the registry, run npm run generate (or make
 * generate); a unit test fails while this file is stale. Each class is a thin shell: its arguments
 * and outputs are the registry's inputs and outputs of its kind, and the provider does the work.
 * The classes that need code of their own (CustomAudienceMembers, DoNotReachList,
 * DoNotReachListMembers, FlexibleAudience) are written by hand in ./overrides.ts, skipped here, and
 * re-exported.
 */
import * as pulumi from "@pulumi/pulumi";
import { ResourceArgs, ResourceOutputs, UnscopedArgs, XadsResource } from "./resource";

export * from "./overrides";

export type FundingInstrumentArgs = ResourceArgs<"FundingInstrument", "type">;
/**
 * A funding instrument, created in the sandbox only (no cost). The platform cannot update one:
 * changes replace it. Destroy deletes it in the sandbox (the Ads API's DELETE of funding
 * instruments is sandbox only); in production it leaves it in place, and says so.
 */
export class FundingInstrument extends XadsResource {
  constructor(name: string, args: FundingInstrumentArgs, opts?: pulumi.CustomResourceOptions) {
    super("FundingInstrument", name, args, opts);
  }
}
export interface FundingInstrument extends ResourceOutputs<"FundingInstrument"> {}

export type CampaignArgs = ResourceArgs<"Campaign", "entityStatus" | "deletionProtection">;
/**
 * An advertising campaign under a funding instrument. Deletion is irreversible and protected by
 * default.
 */
export class Campaign extends XadsResource {
  constructor(name: string, args: CampaignArgs, opts?: pulumi.CustomResourceOptions) {
    super("Campaign", name, args, opts);
  }
}
export interface Campaign extends ResourceOutputs<"Campaign"> {}

export type LineItemArgs = ResourceArgs<"LineItem", "entityStatus">;
/**
 * A line item of a campaign: objective, placements, bid and budget.
 */
export class LineItem extends XadsResource {
  constructor(name: string, args: LineItemArgs, opts?: pulumi.CustomResourceOptions) {
    super("LineItem", name, args, opts);
  }
}
export interface LineItem extends ResourceOutputs<"LineItem"> {}

export type TrackingTagArgs = ResourceArgs<"TrackingTag">;
/**
 * A tracking partner's tag (impression tag or click tracker) on a line item. Only the URL changes
 * in place.
 */
export class TrackingTag extends XadsResource {
  constructor(name: string, args: TrackingTagArgs, opts?: pulumi.CustomResourceOptions) {
    super("TrackingTag", name, args, opts);
  }
}
export interface TrackingTag extends ResourceOutputs<"TrackingTag"> {}

export type PromotedTweetArgs = ResourceArgs<"PromotedTweet">;
/**
 * A Tweet promoted on a line item. No update exists on the platform: any change replaces it.
 * Deleting it shows the Tweet as paused in the advertiser UI.
 */
export class PromotedTweet extends XadsResource {
  constructor(name: string, args: PromotedTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("PromotedTweet", name, args, opts);
  }
}
export interface PromotedTweet extends ResourceOutputs<"PromotedTweet"> {}

export type CardArgs = ResourceArgs<"Card">;
/**
 * A card (media, details, buttons, or carousel slides) that posts attach by its cardUri. Name,
 * components and slides change in place.
 */
export class Card extends XadsResource {
  constructor(name: string, args: CardArgs, opts?: pulumi.CustomResourceOptions) {
    super("Card", name, args, opts);
  }
}
export interface Card extends ResourceOutputs<"Card"> {}

export type ImageConversationCardArgs = ResourceArgs<"ImageConversationCard">;
/**
 * An image conversation card: an image with up to four hashtag calls to action. Every field changes
 * in place.
 */
export class ImageConversationCard extends XadsResource {
  constructor(name: string, args: ImageConversationCardArgs, opts?: pulumi.CustomResourceOptions) {
    super("ImageConversationCard", name, args, opts);
  }
}
export interface ImageConversationCard extends ResourceOutputs<"ImageConversationCard"> {}

export type VideoConversationCardArgs = ResourceArgs<"VideoConversationCard">;
/**
 * A video conversation card: a 16:9 video with up to four hashtag calls to action. Every field
 * changes in place.
 */
export class VideoConversationCard extends XadsResource {
  constructor(name: string, args: VideoConversationCardArgs, opts?: pulumi.CustomResourceOptions) {
    super("VideoConversationCard", name, args, opts);
  }
}
export interface VideoConversationCard extends ResourceOutputs<"VideoConversationCard"> {}

export type PromotedAccountArgs = ResourceArgs<"PromotedAccount">;
/**
 * A user (account) promoted on a line item of product type PROMOTED_ACCOUNT. No update exists on
 * the platform: any change replaces it. An existing promotion of the same user is taken over, not
 * duplicated.
 */
export class PromotedAccount extends XadsResource {
  constructor(name: string, args: PromotedAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super("PromotedAccount", name, args, opts);
  }
}
export interface PromotedAccount extends ResourceOutputs<"PromotedAccount"> {}

export type LineItemCuratedCategoryArgs = ResourceArgs<"LineItemCuratedCategory">;
/**
 * A curated category attached to a line item. Both the line item and the category change in place.
 */
export class LineItemCuratedCategory extends XadsResource {
  constructor(name: string, args: LineItemCuratedCategoryArgs, opts?: pulumi.CustomResourceOptions) {
    super("LineItemCuratedCategory", name, args, opts);
  }
}
export interface LineItemCuratedCategory extends ResourceOutputs<"LineItemCuratedCategory"> {}

export type TargetingCriterionArgs = ResourceArgs<"TargetingCriterion", "operatorType">;
/**
 * One targeting value of a line item, e.g. a content category's IAB category with targetingType
 * IAB_CATEGORY. No update exists on the platform: any change replaces it.
 */
export class TargetingCriterion extends XadsResource {
  constructor(name: string, args: TargetingCriterionArgs, opts?: pulumi.CustomResourceOptions) {
    super("TargetingCriterion", name, args, opts);
  }
}
export interface TargetingCriterion extends ResourceOutputs<"TargetingCriterion"> {}

export type DraftTweetArgs = ResourceArgs<"DraftTweet", "nullcast">;
/**
 * A draft post (Tweet) of an advertiser user. Text, card, media, nullcast and name change in place.
 */
export class DraftTweet extends XadsResource {
  constructor(name: string, args: DraftTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("DraftTweet", name, args, opts);
  }
}
export interface DraftTweet extends ResourceOutputs<"DraftTweet"> {}

export type ScheduledTweetArgs = ResourceArgs<"ScheduledTweet", "nullcast">;
/**
 * A post (Tweet) the platform publishes at scheduledAt. Text, time, nullcast and name change in
 * place; author, card and media replace it.
 */
export class ScheduledTweet extends XadsResource {
  constructor(name: string, args: ScheduledTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("ScheduledTweet", name, args, opts);
  }
}
export interface ScheduledTweet extends ResourceOutputs<"ScheduledTweet"> {}

export type TweetArgs = ResourceArgs<"Tweet", "nullcast">;
/**
 * A published, nullcast (promoted-only) post (Tweet). Only the name changes in place; any other
 * change publishes a new Tweet. The Ads API cannot delete published Tweets: destroy and
 * replacements leave them on the platform (and say so).
 */
export class Tweet extends XadsResource {
  constructor(name: string, args: TweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("Tweet", name, args, opts);
  }
}
export interface Tweet extends ResourceOutputs<"Tweet"> {}

export type ScheduledPromotedTweetArgs = ResourceArgs<"ScheduledPromotedTweet">;
/**
 * A scheduled Tweet promoted on a line item. No update exists: any change replaces it. The platform
 * deletes it only before the scheduled Tweet's scheduledAt; after that, destroy fails with what to
 * do and keeps it in the stack.
 */
export class ScheduledPromotedTweet extends XadsResource {
  constructor(name: string, args: ScheduledPromotedTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("ScheduledPromotedTweet", name, args, opts);
  }
}
export interface ScheduledPromotedTweet extends ResourceOutputs<"ScheduledPromotedTweet"> {}

export type MediaCreativeArgs = ResourceArgs<"MediaCreative">;
/**
 * Account media running on a line item. No update exists: any change replaces it. landingUrl is
 * required on WEBSITE_CLICKS line items.
 */
export class MediaCreative extends XadsResource {
  constructor(name: string, args: MediaCreativeArgs, opts?: pulumi.CustomResourceOptions) {
    super("MediaCreative", name, args, opts);
  }
}
export interface MediaCreative extends ResourceOutputs<"MediaCreative"> {}

export type SandboxAccountArgs = UnscopedArgs<"SandboxAccount">;
/**
 * An ads account created in the sandbox (no cost); its id is the account id for resources created
 * in it. Name and industry type change in place; destroy deletes the account. Refused in a
 * production stack.
 */
export class SandboxAccount extends XadsResource {
  constructor(name: string, args: SandboxAccountArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super("SandboxAccount", name, args, opts);
  }
}
export interface SandboxAccount extends ResourceOutputs<"SandboxAccount"> {}

export type AccountFeaturesArgs = ResourceArgs<"AccountFeatures">;
/**
 * The feature keys of one ads account, added and removed in the sandbox (no cost). One resource per
 * account; changes to the set apply in place; destroy removes the keys it added. Refused in a
 * production stack.
 */
export class AccountFeatures extends XadsResource {
  constructor(name: string, args: AccountFeaturesArgs, opts?: pulumi.CustomResourceOptions) {
    super("AccountFeatures", name, args, opts);
  }
}
export interface AccountFeatures extends ResourceOutputs<"AccountFeatures"> {}

export type TaxSettingsArgs = ResourceArgs<"TaxSettings">;
/**
 * The tax settings of an ads account (one per account). Declared fields are set with PUT and change
 * in place; the others are read, not managed. Destroy leaves the settings on the platform as they
 * are.
 */
export class TaxSettings extends XadsResource {
  constructor(name: string, args: TaxSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super("TaxSettings", name, args, opts);
  }
}
export interface TaxSettings extends ResourceOutputs<"TaxSettings"> {}

export type UserSettingsArgs = ResourceArgs<"UserSettings">;
/**
 * A user's settings on an ads account (notification e-mail, contact phone, e-mail subscriptions);
 * by default the authenticated user's, the only ones the credentials can change. Declared fields
 * change in place; destroy leaves the settings as they are.
 */
export class UserSettings extends XadsResource {
  constructor(name: string, args: UserSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super("UserSettings", name, args, opts);
  }
}
export interface UserSettings extends ResourceOutputs<"UserSettings"> {}

export type CustomAudienceArgs = ResourceArgs<"CustomAudience", "deletionProtection">;
/**
 * A custom audience (a placeholder its users are uploaded to by CustomAudienceMembers). Name and
 * description change in place; deletion is irreversible: see deletionProtection.
 */
export class CustomAudience extends XadsResource {
  constructor(name: string, args: CustomAudienceArgs, opts?: pulumi.CustomResourceOptions) {
    super("CustomAudience", name, args, opts);
  }
}
export interface CustomAudience extends ResourceOutputs<"CustomAudience"> {}

export type CustomAudiencePermissionArgs = ResourceArgs<"CustomAudiencePermission">;
/**
 * Shares a custom audience with another account (READ_ONLY or READ_WRITE). No update exists on the
 * platform: any change replaces it. Revoking (deleting this resource) stops new campaigns of the
 * granted account from targeting the audience; its campaigns that already target it keep running
 * with it, and cannot be copied afterwards.
 */
export class CustomAudiencePermission extends XadsResource {
  constructor(name: string, args: CustomAudiencePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    super("CustomAudiencePermission", name, args, opts);
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
export class TailoredAudiencePermission extends XadsResource {
  constructor(name: string, args: TailoredAudiencePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    super("TailoredAudiencePermission", name, args, opts);
  }
}
export interface TailoredAudiencePermission extends ResourceOutputs<"TailoredAudiencePermission"> {}

export type AppListArgs = ResourceArgs<"AppList">;
/**
 * A named list of mobile apps of the account, by app store identifier. The platform has no update:
 * a change replaces the list.
 */
export class AppList extends XadsResource {
  constructor(name: string, args: AppListArgs, opts?: pulumi.CustomResourceOptions) {
    super("AppList", name, args, opts);
  }
}
export interface AppList extends ResourceOutputs<"AppList"> {}

export type PrerollCallToActionArgs = ResourceArgs<"PrerollCallToAction">;
/**
 * The call-to-action button of a PREROLL_VIEWS line item's video ad: its text and the URL it opens.
 * Both change in place.
 */
export class PrerollCallToAction extends XadsResource {
  constructor(name: string, args: PrerollCallToActionArgs, opts?: pulumi.CustomResourceOptions) {
    super("PrerollCallToAction", name, args, opts);
  }
}
export interface PrerollCallToAction extends ResourceOutputs<"PrerollCallToAction"> {}
