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
import { sandboxAccountInputs, SandboxAccountOutputs } from "../provider/resources/sandbox-account";
import { accountFeaturesInputs, AccountFeaturesOutputs } from "../provider/resources/account-features";
import { taxSettingsInputs, TaxSettingsOutputs } from "../provider/resources/tax-settings";
import { userSettingsInputs, UserSettingsOutputs } from "../provider/resources/user-settings";
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
