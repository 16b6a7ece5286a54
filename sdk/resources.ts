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
import { draftTweetInputs, DraftTweetOutputs } from "../provider/resources/draft-tweet";
import { scheduledTweetInputs, ScheduledTweetOutputs } from "../provider/resources/scheduled-tweet";
import { tweetInputs, TweetOutputs } from "../provider/resources/tweet";
import { scheduledPromotedTweetInputs, ScheduledPromotedTweetOutputs } from "../provider/resources/scheduled-promoted-tweet";
import { mediaCreativeInputs, MediaCreativeOutputs } from "../provider/resources/media-creative";
import { Outputs, ResourceArgs, XadsResource } from "./resource";

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
