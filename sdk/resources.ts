/**
 * One class per resource kind. Each is a thin shell: the kind's schema gives
 * its arguments and outputs, and the provider/ registry does the work.
 */
import * as pulumi from "@pulumi/pulumi";
import { campaignInputs, CampaignOutputs } from "../provider/resources/campaign";
import { fundingInstrumentInputs, FundingInstrumentOutputs } from "../provider/resources/funding-instrument";
import { lineItemInputs, LineItemOutputs } from "../provider/resources/line-item";
import { trackingTagInputs, TrackingTagOutputs } from "../provider/resources/tracking-tag";
import { promotedTweetInputs, PromotedTweetOutputs } from "../provider/resources/promoted-tweet";
import { cardInputs, CardOutputs } from "../provider/resources/card";
import { imageConversationCardInputs, ImageConversationCardOutputs } from "../provider/resources/image-conversation-card";
import { videoConversationCardInputs, VideoConversationCardOutputs } from "../provider/resources/video-conversation-card";
import { promotedAccountInputs, PromotedAccountOutputs } from "../provider/resources/promoted-account";
import { lineItemCuratedCategoryInputs, LineItemCuratedCategoryOutputs } from "../provider/resources/line-item-curated-category";
import { targetingCriterionInputs, TargetingCriterionOutputs } from "../provider/resources/targeting-criterion";
import { draftTweetInputs, DraftTweetOutputs } from "../provider/resources/draft-tweet";
import { scheduledTweetInputs, ScheduledTweetOutputs } from "../provider/resources/scheduled-tweet";
import { tweetInputs, TweetOutputs } from "../provider/resources/tweet";
import { scheduledPromotedTweetInputs, ScheduledPromotedTweetOutputs } from "../provider/resources/scheduled-promoted-tweet";
import { mediaCreativeInputs, MediaCreativeOutputs } from "../provider/resources/media-creative";
import { sandboxAccountInputs, SandboxAccountOutputs } from "../provider/resources/sandbox-account";
import { accountFeaturesInputs, AccountFeaturesOutputs } from "../provider/resources/account-features";
import { taxSettingsInputs, TaxSettingsOutputs } from "../provider/resources/tax-settings";
import { userSettingsInputs, UserSettingsOutputs } from "../provider/resources/user-settings";
import { customAudienceInputs, CustomAudienceOutputs } from "../provider/resources/custom-audience";
import { customAudienceMembersInputs } from "../provider/resources/custom-audience-members";
import { doNotReachListInputs, DoNotReachListOutputs } from "../provider/resources/do-not-reach-list";
import { doNotReachListMembersInputs } from "../provider/resources/do-not-reach-list-members";
import { flexibleAudienceInputs, FlexibleAudienceOutputs, FlexibleAudienceSegmentArgs } from "../provider/resources/flexible-audience";
import { customAudiencePermissionInputs, CustomAudiencePermissionOutputs } from "../provider/resources/custom-audience-permission";
import { tailoredAudiencePermissionInputs, TailoredAudiencePermissionOutputs } from "../provider/resources/tailored-audience-permission";
import {
  CUSTOM_AUDIENCE_USER_FIELDS, DO_NOT_REACH_USER_FIELDS, hashUsers, MemberOutputs, User, UserField,
} from "../provider/resources/audience-users";
import { LIMITS } from "../provider/limits";
import { settingFromProgram } from "./config";
import { Outputs, ResourceArgs, UnscopedArgs, XadsResource } from "./resource";

/** A funding instrument, created in the sandbox (the platform cannot delete one). */
export type FundingInstrumentArgs = ResourceArgs<typeof fundingInstrumentInputs>;
export interface FundingInstrument extends Outputs<FundingInstrumentOutputs> {}
export class FundingInstrument extends XadsResource {
  constructor(name: string, args: FundingInstrumentArgs, opts?: pulumi.CustomResourceOptions) {
    super("FundingInstrument", name, args, opts);
  }
}

/** A campaign. Deletion is irreversible: see `deletionProtection`. */
export type CampaignArgs = ResourceArgs<typeof campaignInputs>;
export interface Campaign extends Outputs<CampaignOutputs> {}
export class Campaign extends XadsResource {
  constructor(name: string, args: CampaignArgs, opts?: pulumi.CustomResourceOptions) {
    super("Campaign", name, args, opts);
  }
}

/** A line item of a campaign. */
export type LineItemArgs = ResourceArgs<typeof lineItemInputs>;
export interface LineItem extends Outputs<LineItemOutputs> {}
export class LineItem extends XadsResource {
  constructor(name: string, args: LineItemArgs, opts?: pulumi.CustomResourceOptions) {
    super("LineItem", name, args, opts);
  }
}

/** A tracking partner's tag on a line item; only the URL changes in place. */
export type TrackingTagArgs = ResourceArgs<typeof trackingTagInputs>;
export interface TrackingTag extends Outputs<TrackingTagOutputs> {}
export class TrackingTag extends XadsResource {
  constructor(name: string, args: TrackingTagArgs, opts?: pulumi.CustomResourceOptions) {
    super("TrackingTag", name, args, opts);
  }
}

/** A Tweet promoted on a line item; any change replaces it (the platform has no update). */
export type PromotedTweetArgs = ResourceArgs<typeof promotedTweetInputs>;
export interface PromotedTweet extends Outputs<PromotedTweetOutputs> {}
export class PromotedTweet extends XadsResource {
  constructor(name: string, args: PromotedTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("PromotedTweet", name, args, opts);
  }
}

/** A card (components, or carousel slides) that posts attach by `cardUri`; name and content change in place. */
export type CardArgs = ResourceArgs<typeof cardInputs>;
export interface Card extends Outputs<CardOutputs> {}
export class Card extends XadsResource {
  constructor(name: string, args: CardArgs, opts?: pulumi.CustomResourceOptions) {
    super("Card", name, args, opts);
  }
}

/** An image conversation card: a 1.91:1 image with hashtag calls to action; posts attach it by `cardUri`. */
export type ImageConversationCardArgs = ResourceArgs<typeof imageConversationCardInputs>;
export interface ImageConversationCard extends Outputs<ImageConversationCardOutputs> {}
export class ImageConversationCard extends XadsResource {
  constructor(name: string, args: ImageConversationCardArgs, opts?: pulumi.CustomResourceOptions) {
    super("ImageConversationCard", name, args, opts);
  }
}

/** A video conversation card: a 16:9 video with hashtag calls to action; posts attach it by `cardUri`. */
export type VideoConversationCardArgs = ResourceArgs<typeof videoConversationCardInputs>;
export interface VideoConversationCard extends Outputs<VideoConversationCardOutputs> {}
export class VideoConversationCard extends XadsResource {
  constructor(name: string, args: VideoConversationCardArgs, opts?: pulumi.CustomResourceOptions) {
    super("VideoConversationCard", name, args, opts);
  }
}

/** A user promoted on a PROMOTED_ACCOUNT line item; any change replaces it (the platform has no update). */
export type PromotedAccountArgs = ResourceArgs<typeof promotedAccountInputs>;
export interface PromotedAccount extends Outputs<PromotedAccountOutputs> {}
export class PromotedAccount extends XadsResource {
  constructor(name: string, args: PromotedAccountArgs, opts?: pulumi.CustomResourceOptions) {
    super("PromotedAccount", name, args, opts);
  }
}

/** A curated category on a line item; both ids change in place. */
export type LineItemCuratedCategoryArgs = ResourceArgs<typeof lineItemCuratedCategoryInputs>;
export interface LineItemCuratedCategory extends Outputs<LineItemCuratedCategoryOutputs> {}
export class LineItemCuratedCategory extends XadsResource {
  constructor(name: string, args: LineItemCuratedCategoryArgs, opts?: pulumi.CustomResourceOptions) {
    super("LineItemCuratedCategory", name, args, opts);
  }
}

/** One targeting value of a line item (content categories: IAB_CATEGORY); any change replaces it. */
export type TargetingCriterionArgs = ResourceArgs<typeof targetingCriterionInputs>;
export interface TargetingCriterion extends Outputs<TargetingCriterionOutputs> {}
export class TargetingCriterion extends XadsResource {
  constructor(name: string, args: TargetingCriterionArgs, opts?: pulumi.CustomResourceOptions) {
    super("TargetingCriterion", name, args, opts);
  }
}

/** A draft post (Tweet); everything but its author changes in place. */
export type DraftTweetArgs = ResourceArgs<typeof draftTweetInputs>;
export interface DraftTweet extends Outputs<DraftTweetOutputs> {}
export class DraftTweet extends XadsResource {
  constructor(name: string, args: DraftTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("DraftTweet", name, args, opts);
  }
}

/** A post (Tweet) the platform publishes at `scheduledAt`. */
export type ScheduledTweetArgs = ResourceArgs<typeof scheduledTweetInputs>;
export interface ScheduledTweet extends Outputs<ScheduledTweetOutputs> {}
export class ScheduledTweet extends XadsResource {
  constructor(name: string, args: ScheduledTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("ScheduledTweet", name, args, opts);
  }
}

/**
 * A published, nullcast (promoted-only) post (Tweet). Only `name` changes in
 * place. The Ads API cannot delete published Tweets: destroy leaves it.
 */
export type TweetArgs = ResourceArgs<typeof tweetInputs>;
export interface Tweet extends Outputs<TweetOutputs> {}
export class Tweet extends XadsResource {
  constructor(name: string, args: TweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("Tweet", name, args, opts);
  }
}

/** A scheduled Tweet promoted on a line item; deletable only before its scheduled time. */
export type ScheduledPromotedTweetArgs = ResourceArgs<typeof scheduledPromotedTweetInputs>;
export interface ScheduledPromotedTweet extends Outputs<ScheduledPromotedTweetOutputs> {}
export class ScheduledPromotedTweet extends XadsResource {
  constructor(name: string, args: ScheduledPromotedTweetArgs, opts?: pulumi.CustomResourceOptions) {
    super("ScheduledPromotedTweet", name, args, opts);
  }
}

/** Account media running on a line item; any change replaces it. */
export type MediaCreativeArgs = ResourceArgs<typeof mediaCreativeInputs>;
export interface MediaCreative extends Outputs<MediaCreativeOutputs> {}
export class MediaCreative extends XadsResource {
  constructor(name: string, args: MediaCreativeArgs, opts?: pulumi.CustomResourceOptions) {
    super("MediaCreative", name, args, opts);
  }
}

/**
 * An ads account created in the sandbox; its `id` is the account id for the
 * resources created in it (`accountId: account.id`). Refused in production.
 */
export type SandboxAccountArgs = UnscopedArgs<typeof sandboxAccountInputs>;
export interface SandboxAccount extends Outputs<SandboxAccountOutputs> {}
export class SandboxAccount extends XadsResource {
  constructor(name: string, args: SandboxAccountArgs = {}, opts?: pulumi.CustomResourceOptions) {
    super("SandboxAccount", name, args, opts);
  }
}

/** The feature keys of an account, added and removed in the sandbox. One per account. */
export type AccountFeaturesArgs = ResourceArgs<typeof accountFeaturesInputs>;
export interface AccountFeatures extends Outputs<AccountFeaturesOutputs> {}
export class AccountFeatures extends XadsResource {
  constructor(name: string, args: AccountFeaturesArgs, opts?: pulumi.CustomResourceOptions) {
    super("AccountFeatures", name, args, opts);
  }
}

/** An account's tax settings (one per account); destroy leaves them as they are. */
export type TaxSettingsArgs = ResourceArgs<typeof taxSettingsInputs>;
export interface TaxSettings extends Outputs<TaxSettingsOutputs> {}
export class TaxSettings extends XadsResource {
  constructor(name: string, args: TaxSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super("TaxSettings", name, args, opts);
  }
}

/** A user's settings on an account (the authenticated user's by default); destroy leaves them as they are. */
export type UserSettingsArgs = ResourceArgs<typeof userSettingsInputs>;
export interface UserSettings extends Outputs<UserSettingsOutputs> {}
export class UserSettings extends XadsResource {
  constructor(name: string, args: UserSettingsArgs, opts?: pulumi.CustomResourceOptions) {
    super("UserSettings", name, args, opts);
  }
}

/** A custom audience; its users are a CustomAudienceMembers resource. Deletion is irreversible: see `deletionProtection`. */
export type CustomAudienceArgs = ResourceArgs<typeof customAudienceInputs>;
export interface CustomAudience extends Outputs<CustomAudienceOutputs> {}
export class CustomAudience extends XadsResource {
  constructor(name: string, args: CustomAudienceArgs, opts?: pulumi.CustomResourceOptions) {
    super("CustomAudience", name, args, opts);
  }
}

/**
 * The users of an audience or list, hashed here, in the program: the raw
 * identifiers never reach the Pulumi engine, the state or a log. The hashes
 * are secret too (a hashed e-mail can be guessed back from a list of
 * e-mails), so the state keeps them encrypted and the preview shows counts.
 */
function hashedUsers(kind: string, name: string, fields: readonly UserField[], users: unknown): pulumi.Output<User[]> {
  return pulumi.secret(pulumi.output(users as pulumi.Input<User[]>).apply((u) => hashUsers(u as User[], fields, `${kind} "${name}"`)));
}

function secretUsers(opts?: pulumi.CustomResourceOptions): pulumi.CustomResourceOptions {
  return { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "users"] };
}

/**
 * The users of a custom audience, as raw identifiers (`email`, `deviceId`,
 * `handle`, `platformId`, `phoneNumber`: normalized and SHA-256 hashed here;
 * `partnerUserId` as given). Changes upload only the users added and removed.
 */
export type CustomAudienceMembersArgs = ResourceArgs<typeof customAudienceMembersInputs>;
export interface CustomAudienceMembers extends Outputs<MemberOutputs> {}
export class CustomAudienceMembers extends XadsResource {
  constructor(name: string, args: CustomAudienceMembersArgs, opts?: pulumi.CustomResourceOptions) {
    super("CustomAudienceMembers", name, { ...args, users: hashedUsers("CustomAudienceMembers", name, CUSTOM_AUDIENCE_USER_FIELDS, args.users) }, secretUsers(opts));
  }
}

/** Accounts that have a DoNotReachList in this program, and its name: the platform allows one per account. */
const doNotReachListsDeclared = new Map<string, string>();

/** The account's do-not-reach list (one per account); a new description replaces it. */
export type DoNotReachListArgs = ResourceArgs<typeof doNotReachListInputs>;
export interface DoNotReachList extends Outputs<DoNotReachListOutputs> {}
export class DoNotReachList extends XadsResource {
  constructor(name: string, args: DoNotReachListArgs, opts?: pulumi.CustomResourceOptions) {
    // A second list of the same account in one program is refused here, before any request (when the id is known now).
    const account = typeof args.accountId === "string" ? args.accountId : args.accountId === undefined ? settingFromProgram("accountId") : undefined;
    const earlier = account === undefined ? undefined : doNotReachListsDeclared.get(account);
    if (earlier !== undefined) {
      throw new Error(`DoNotReachList "${name}": account ${account} already has DoNotReachList "${earlier}" in this program, and the platform allows ${LIMITS.doNotReachListsPerAccount} per account`);
    }
    if (account !== undefined) doNotReachListsDeclared.set(account, name);
    super("DoNotReachList", name, args, opts);
  }
}

/** The users of the do-not-reach list, as raw `email` and `phoneNumber` values (normalized and SHA-256 hashed here). */
export type DoNotReachListMembersArgs = ResourceArgs<typeof doNotReachListMembersInputs>;
export interface DoNotReachListMembers extends Outputs<MemberOutputs> {}
export class DoNotReachListMembers extends XadsResource {
  constructor(name: string, args: DoNotReachListMembersArgs, opts?: pulumi.CustomResourceOptions) {
    super("DoNotReachListMembers", name, { ...args, users: hashedUsers("DoNotReachListMembers", name, DO_NOT_REACH_USER_FIELDS, args.users) }, secretUsers(opts));
  }
}

/** A flexible audience: custom audiences combined by segments. Immutable: any change replaces it. Deletion is irreversible: see `deletionProtection`. */
/** A segment whose fields may be outputs of other resources (`customAudienceId: audience.id`), at any depth. */
export type FlexibleAudienceSegmentInput = {
  [K in keyof FlexibleAudienceSegmentArgs]: K extends "childSegments"
    ? pulumi.Input<pulumi.Input<FlexibleAudienceSegmentInput>[]>
    : pulumi.Input<FlexibleAudienceSegmentArgs[K]>;
};
export type FlexibleAudienceArgs = Omit<ResourceArgs<typeof flexibleAudienceInputs>, "childSegments" | "segments"> & {
  childSegments?: pulumi.Input<pulumi.Input<FlexibleAudienceSegmentInput>[]>;
  segments?: pulumi.Input<{ booleanOperator?: pulumi.Input<"AND" | "OR">; childSegments?: pulumi.Input<pulumi.Input<FlexibleAudienceSegmentInput>[]> }>;
};
export interface FlexibleAudience extends Outputs<FlexibleAudienceOutputs> {}
export class FlexibleAudience extends XadsResource {
  constructor(name: string, args: FlexibleAudienceArgs, opts?: pulumi.CustomResourceOptions) {
    super("FlexibleAudience", name, args, opts);
  }
}

/** Shares a custom audience with another account; any change replaces it. Revoking leaves running campaigns of that account with the audience. */
export type CustomAudiencePermissionArgs = ResourceArgs<typeof customAudiencePermissionInputs>;
export interface CustomAudiencePermission extends Outputs<CustomAudiencePermissionOutputs> {}
export class CustomAudiencePermission extends XadsResource {
  constructor(name: string, args: CustomAudiencePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    super("CustomAudiencePermission", name, args, opts);
  }
}

/** The same sharing through the v5 tailored audience path (a tailored audience is a custom audience). */
export type TailoredAudiencePermissionArgs = ResourceArgs<typeof tailoredAudiencePermissionInputs>;
export interface TailoredAudiencePermission extends Outputs<TailoredAudiencePermissionOutputs> {}
export class TailoredAudiencePermission extends XadsResource {
  constructor(name: string, args: TailoredAudiencePermissionArgs, opts?: pulumi.CustomResourceOptions) {
    super("TailoredAudiencePermission", name, args, opts);
  }
}
