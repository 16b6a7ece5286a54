/**
 * Audience sharing permissions (ref audiences/reference.mdx, Custom and Tailored Audience Permissions), the one
 * declaration of both kinds: CustomAudiencePermission (/12,
 * custom_audiences) and TailoredAudiencePermission (/5, tailored_audiences).
 * A tailored audience is the same record as a custom audience on the
 * platform (its older name, kept by the v5 path): the two kinds differ only
 * in the audience's name and the path's version; paths, filters and field
 * names follow from them.
 *
 * A permission lets another account (`grantedAccountId`) target the owner's
 * audience. Only the owner account may grant, and only within its business
 * unless it has the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature (the platform
 * checks both). There is no PUT: every change replaces. Revoking (delete)
 * stops new targeting, but campaigns of the granted account that already
 * target the audience keep running with it (ref audiences/reference.mdx, DELETE permissions).
 */
import { z } from "zod";
import { ENUMS } from "../limits";
import { Entity } from "../client/client";
import { toSnake } from "../names";
import { accountField, adoptIdInput, entityId } from "./common";
import { InputsSchema } from "./declaration";
import { ResourceDefinition, defineResource } from "./define";
import { field } from "./fields";
import { rule } from "./framework";

export interface PermissionVariant<A extends string> {
  /** The audience, as its input names it without `Id`: customAudience or tailoredAudience. */
  audience: A;
  /** Path version: "12" for custom audiences, "5" for tailored ones. */
  version: "12" | "5";
}

const REVOKE_NOTE =
  "Revoking (deleting this resource) stops new campaigns of the granted account from targeting the audience; " +
  "its campaigns that already target it keep running with it, and cannot be copied afterwards.";

/** The inputs of a permission kind: the audience input's name is the variant's (`customAudienceId`). */
export type PermissionInputs<K extends string> = {
  accountId: string;
  grantedAccountId: string;
  permissionLevel: (typeof ENUMS.audiencePermissionLevel)[number];
  adoptId?: string;
} & { [P in K]: string };

export type PermissionOutputs<K extends string> = PermissionInputs<K> & { createdAt?: string };

/** What a variant's names are: `customAudience` is the custom_audiences collection, the "custom audience" noun. */
function namesOf<A extends string>(v: PermissionVariant<A>) {
  const snake = toSnake(v.audience);
  return {
    kind: `${v.audience[0]!.toUpperCase()}${v.audience.slice(1)}Permission`,
    audienceInput: `${v.audience}Id` as `${A}Id`,
    collection: `${snake}s`,
    // The IDS filter of the permissions list, e.g. custom_audience_permission_ids.
    idsParam: `${snake}_permission_ids`,
    noun: snake.replace(/_/g, " "),
  };
}

/** The input schema of a permission kind (a zod object at run time: the SDK and schema.json read its shape). */
export function permissionInputs<A extends string>(v: PermissionVariant<A>): z.ZodType<PermissionInputs<`${A}Id`>, PermissionInputs<`${A}Id`>> {
  const { audienceInput, noun } = namesOf(v);
  return z.strictObject({
    accountId: accountField("The account that owns the audience (only the owner may share it). Defaults to the provider's `xads:accountId`."),
    // In the path, never a field of the permission (as the account is).
    [audienceInput]: field(entityId.describe(`The ${noun} to share.`), { inPath: true }),
    grantedAccountId: entityId.describe("The account the audience is shared with; of the owner's business unless the owner has SHARE_AUDIENCE_OUTSIDE_BUSINESS."),
    permissionLevel: z.enum(ENUMS.audiencePermissionLevel).describe("READ_ONLY or READ_WRITE. The platform has no update: a new level replaces the permission."),
    adoptId: adoptIdInput,
  }).describe(`Shares a ${noun} with another account (READ_ONLY or READ_WRITE). No update exists on the platform: any change replaces it. ${REVOKE_NOTE}`) as unknown as z.ZodType<PermissionInputs<`${A}Id`>, PermissionInputs<`${A}Id`>>;
}

/** A permission kind, declared. */
export function audiencePermission<A extends string>(v: PermissionVariant<A>): ResourceDefinition<PermissionInputs<`${A}Id`>, PermissionOutputs<`${A}Id`>> {
  type I = PermissionInputs<`${A}Id`>;
  const { kind, audienceInput, collection, idsParam, noun } = namesOf(v);
  const audienceOf = (p: I) => (p as Record<string, string>)[audienceInput]!;
  const path = (p: I) => `/${v.version}/accounts/${p.accountId}/${collection}/${audienceOf(p)}/permissions`;
  const what = (p: I) => `${noun} ${audienceOf(p)} permission for account ${p.grantedAccountId}`;

  return defineResource<I, PermissionOutputs<`${A}Id`>>(kind, permissionInputs(v) as unknown as InputsSchema<I>, {
    immutable: true,
    noun: `${noun} permission`,
    rules: [rule<I>(["accountId", "grantedAccountId"], (i) =>
      i.grantedAccountId === i.accountId
        ? [{ property: "grantedAccountId", reason: `grantedAccountId must be another account than the owner accountId ${i.accountId}` }]
        : [])],
    describe: what,
    path,
    // There is no single GET: the list filtered by the IDS parameter, reads coalesced. The list takes no
    // with_deleted (tests/conformance corpus): a revoked permission is not listed, so it is read as gone.
    idsParam,
    readQuery: { with_deleted: undefined },
    // Its path needs the audience (ref audiences/reference.mdx, GET custom_audiences/:custom_audience_id/permissions):
    // pulumi import takes <audienceId>:<id>.
    importId: [audienceInput as keyof I & string],
    // One permission per audience and account: a new level revokes the old one first.
    uniqueBy: [audienceInput as keyof I & string, "grantedAccountId", "accountId"],
    // One permission per audience and account: a POST without an answer is found by granted_account_ids.
    lookUp: {
      candidates: (ctx, items) => ctx.client.list<Entity>(path(items[0]!), { granted_account_ids: [items[0]!.grantedAccountId] }),
      matches: (p, e) => e.granted_account_id === p.grantedAccountId,
    },
    overrides: (standard) => ({
      async delete(ctx, id, props) {
        process.stderr.write(
          `${kind} ${id}: revoking ${what(props)}. Campaigns of account ${props.grantedAccountId} that already target the audience keep running with it; ` +
            "new campaigns cannot target it, and those campaigns cannot be copied.\n",
        );
        await standard.delete(ctx, id, props);
      },
    }),
  });
}
