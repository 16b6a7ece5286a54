/**
 * Audience sharing permissions (Advertising API section 4.12), the logic of
 * both kinds: CustomAudiencePermission (/12, custom_audiences) and
 * TailoredAudiencePermission (/5, tailored_audiences). A tailored audience
 * is the same record as a custom audience on the platform (its older name,
 * kept by the v5 path): the two kinds differ only in path, version and field
 * names, so one factory makes both.
 *
 * A permission lets another account (`grantedAccountId`) target the owner's
 * audience. Only the owner account may grant, and only within its business
 * unless it has the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature (the platform
 * checks both). There is no PUT: every change replaces. Revoking (delete)
 * stops new targeting, but campaigns of the granted account that already
 * target the audience keep running with it (seed section 3).
 */
import { z } from "zod";
import { ENUMS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import {
  assertAdoptable, Context, createOnce, deleteIdempotent, diffFields, readLive, ResourceDefinition, toOutputs, toWire, validate,
} from "./framework";

export interface PermissionVariant<K extends string> {
  kind: string;
  /** Path version: "12" for custom audiences, "5" for tailored ones. */
  version: "12" | "5";
  /** The audience's path segment. */
  collection: "custom_audiences" | "tailored_audiences";
  /** The input naming the audience, e.g. customAudienceId. */
  audienceInput: K;
  /** The IDS filter of the permissions list, e.g. custom_audience_permission_ids. */
  idsParam: string;
  /** e.g. "custom audience" */
  noun: string;
}

const REVOKE_NOTE =
  "Revoking (deleting this resource) stops new campaigns of the granted account from targeting the audience; " +
  "its campaigns that already target it keep running with it, and cannot be copied afterwards.";

/** The inputs of a permission kind: the audience input's name is the variant's. */
export type PermissionInputs<K extends string> = {
  accountId: string;
  grantedAccountId: string;
  permissionLevel: (typeof ENUMS.audiencePermissionLevel)[number];
  adoptId?: string;
} & { [P in K]: string };

export type PermissionOutputs<K extends string> = PermissionInputs<K> & { createdAt?: string };

/** The input schema of a permission kind (a zod object at run time: the SDK and schema.json read its shape). */
export function permissionInputs<K extends string>(v: PermissionVariant<K>): z.ZodType<PermissionInputs<K>, PermissionInputs<K>> {
  return z.strictObject({
    accountId: accountIdInput.describe("The account that owns the audience (only the owner may share it). Defaults to the provider's `xads:accountId`."),
    ...({ [v.audienceInput]: entityId.describe(`The ${v.noun} to share. Create-only.`) } as { [P in K]: typeof entityId }),
    grantedAccountId: entityId.describe("The account the audience is shared with; of the owner's business unless the owner has SHARE_AUDIENCE_OUTSIDE_BUSINESS. Create-only."),
    permissionLevel: z.enum(ENUMS.audiencePermissionLevel).describe("READ_ONLY or READ_WRITE. The platform has no update: a new level replaces the permission."),
    adoptId: adoptIdInput,
  }) as unknown as z.ZodType<PermissionInputs<K>, PermissionInputs<K>>;
}

/** A permission kind's resource definition. */
export function audiencePermission<K extends string>(v: PermissionVariant<K>): ResourceDefinition<PermissionInputs<K>, PermissionOutputs<K>> {
  type I = PermissionInputs<K>;
  type O = PermissionOutputs<K>;
  const inputs = permissionInputs(v);
  const API_FIELDS = [v.audienceInput, "grantedAccountId", "permissionLevel"] as const;
  const OUTPUT_FIELDS = [...API_FIELDS, "createdAt"];
  // No PUT on the platform: every input it keeps is create-only.
  const CREATE_ONLY = ["accountId", ...API_FIELDS];
  const audienceOf = (p: Partial<I>) => (p as Record<string, string | undefined>)[v.audienceInput]!;
  const path = (p: Partial<I>) => `/${v.version}/accounts/${p.accountId}/${v.collection}/${audienceOf(p)}/permissions`;
  const what = (p: Partial<I>) => `${v.noun} ${audienceOf(p)} permission for account ${p.grantedAccountId}`;

  /** The live permission by id: the list filtered by the IDS parameter (there is no single GET), reads coalesced. */
  const readPermission = (ctx: Context, p: Partial<I>, id: string) =>
    readLive(() => ctx.client.getById({ collectionPath: path(p), idsParam: v.idsParam, id }));

  return {
    kind: v.kind,
    description: `Shares a ${v.noun} with another account (READ_ONLY or READ_WRITE). No update exists on the platform: any change replaces it. ${REVOKE_NOTE}`,
    inputs,
    outputs: { ...timestamps },
    createOnly: CREATE_ONLY,

    check(_olds, news) {
      const result = validate(inputs, news, (i) =>
        i.grantedAccountId === i.accountId
          ? [{ property: "grantedAccountId", reason: `grantedAccountId must be another account than the owner accountId ${i.accountId}` }]
          : []);
      return result;
    },

    diff(_id, olds, news) {
      const diff = diffFields(olds, news, [...CREATE_ONLY, "adoptId"], CREATE_ONLY, ["adoptId"]);
      // One permission per audience and account: a new level revokes the old one first.
      const same = audienceOf(olds) === audienceOf(news) && olds.grantedAccountId === news.grantedAccountId && olds.accountId === news.accountId;
      return diff.replaces && same ? { ...diff, deleteBeforeReplace: true } : diff;
    },

    async create(ctx, i) {
      if (i.adoptId) {
        const live = await readPermission(ctx, i, i.adoptId);
        if (!live) throw new Error(`${v.kind} ${i.adoptId} cannot be adopted: ${v.noun} ${audienceOf(i)} has no live permission with that id`);
        const outs = toOutputs<O>(i, live, OUTPUT_FIELDS);
        assertAdoptable(v.kind, i.adoptId, i, outs, API_FIELDS);
        return { id: i.adoptId, outs };
      }
      // One permission per audience and account: a POST without an answer is found by granted_account_ids.
      const entity = await createOnce(what(i),
        () => ctx.client.post<Entity>(path(i), toWire(i, ["grantedAccountId", "permissionLevel"])),
        () => ctx.client.list<Entity>(path(i), { granted_account_ids: [i.grantedAccountId] }));
      return { id: entity.id, outs: toOutputs<O>(i, entity, OUTPUT_FIELDS) };
    },

    async read(ctx, id, props) {
      const live = await readPermission(ctx, props, id);
      return live && { id, props: toOutputs<O>(props, live, OUTPUT_FIELDS) };
    },

    async update(_ctx, _id, olds) {
      // Every input is create-only: diff never plans an update.
      return olds;
    },

    async delete(ctx, id, props) {
      process.stderr.write(
        `${v.kind} ${id}: revoking ${what(props)}. Campaigns of account ${props.grantedAccountId} that already target the audience keep running with it; ` +
          "new campaigns cannot target it, and those campaigns cannot be copied.\n",
      );
      await deleteIdempotent(() => ctx.client.delete(`${path(props)}/${id}`));
    },
  };
}
