/**
 * The SDK classes that need code of their own, so the generator
 * (tools/generate.ts) skips their kinds: every kind this module exports a
 * class for. sdk/resources.ts re-exports them beside the generated ones.
 */
import * as pulumi from "@pulumi/pulumi";
import { FlexibleAudienceSegmentArgs } from "../provider/resources/flexible-audience";
import { customAudienceMembersInputs } from "../provider/resources/custom-audience-members";
import { doNotReachListMembersInputs } from "../provider/resources/do-not-reach-list-members";
import { LIMITS } from "../provider/limits";
import { settingFromProgram } from "./config";
import { secretOutputs, withHashedUsers } from "./program-secrets";
import { ResourceArgs, ResourceOutputs, SchemaArgs, XadsResource } from "./resource";

/**
 * The users of a custom audience, as raw identifiers (`email`, `deviceId`,
 * `handle`, `platformId`, `phoneNumber`: normalized and SHA-256 hashed here;
 * `partnerUserId` as given). Changes upload only the users added and removed.
 */
export type CustomAudienceMembersArgs = SchemaArgs<typeof customAudienceMembersInputs>;
export interface CustomAudienceMembers extends ResourceOutputs<"CustomAudienceMembers"> {}
export class CustomAudienceMembers extends XadsResource {
  constructor(name: string, args: CustomAudienceMembersArgs, opts?: pulumi.CustomResourceOptions) {
    // Hashed in the program and secret (./program-secrets.ts), as pulumi-xads/native does.
    super("CustomAudienceMembers", name, withHashedUsers("CustomAudienceMembers", name, args), secretOutputs(opts, ["users"]));
  }
}

/** Accounts that have a DoNotReachList in this program, and its name: the platform allows one per account. */
const doNotReachListsDeclared = new Map<string, string>();

/** The account's do-not-reach list (one per account); a new description replaces it. */
export type DoNotReachListArgs = ResourceArgs<"DoNotReachList">;
export interface DoNotReachList extends ResourceOutputs<"DoNotReachList"> {}
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
export type DoNotReachListMembersArgs = SchemaArgs<typeof doNotReachListMembersInputs>;
export interface DoNotReachListMembers extends ResourceOutputs<"DoNotReachListMembers"> {}
export class DoNotReachListMembers extends XadsResource {
  constructor(name: string, args: DoNotReachListMembersArgs, opts?: pulumi.CustomResourceOptions) {
    super("DoNotReachListMembers", name, withHashedUsers("DoNotReachListMembers", name, args), secretOutputs(opts, ["users"]));
  }
}

/** A segment whose fields may be outputs of other resources (`customAudienceId: audience.id`), at any depth. */
export type FlexibleAudienceSegmentInput = {
  [K in keyof FlexibleAudienceSegmentArgs]: K extends "childSegments"
    ? pulumi.Input<pulumi.Input<FlexibleAudienceSegmentInput>[]>
    : pulumi.Input<FlexibleAudienceSegmentArgs[K]>;
};
// The defaulted inputs are named by hand here (the generator names them for
// the kinds it writes): audienceType and deletionProtection.
export type FlexibleAudienceArgs = Omit<ResourceArgs<"FlexibleAudience", "audienceType" | "deletionProtection">, "childSegments" | "segments"> & {
  childSegments?: pulumi.Input<pulumi.Input<FlexibleAudienceSegmentInput>[]>;
  segments?: pulumi.Input<{ booleanOperator?: pulumi.Input<"AND" | "OR">; childSegments?: pulumi.Input<pulumi.Input<FlexibleAudienceSegmentInput>[]> }>;
};
/** A flexible audience: custom audiences combined by segments. Immutable: any change replaces it. Deletion is irreversible: see `deletionProtection`. */
export interface FlexibleAudience extends ResourceOutputs<"FlexibleAudience"> {}
export class FlexibleAudience extends XadsResource {
  constructor(name: string, args: FlexibleAudienceArgs, opts?: pulumi.CustomResourceOptions) {
    super("FlexibleAudience", name, args, opts);
  }
}
