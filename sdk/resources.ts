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
import { customAudienceInputs, CustomAudienceOutputs } from "../provider/resources/custom-audience";
import { customAudienceMembersInputs } from "../provider/resources/custom-audience-members";
import { doNotReachListInputs, DoNotReachListOutputs } from "../provider/resources/do-not-reach-list";
import { doNotReachListMembersInputs } from "../provider/resources/do-not-reach-list-members";
import {
  CUSTOM_AUDIENCE_USER_FIELDS, DO_NOT_REACH_USER_FIELDS, hashUsers, MemberOutputs, User, UserField,
} from "../provider/resources/audience-users";
import { LIMITS } from "../provider/limits";
import { settingFromProgram } from "./config";
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
