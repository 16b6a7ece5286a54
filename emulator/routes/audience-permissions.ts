/**
 * Audience sharing permissions (ref audiences/reference.mdx, Custom and Tailored Audience Permissions): custom audience permissions
 * under /12 and tailored audience permissions under /5. A tailored audience
 * is the platform's older name for a custom audience: both paths name the
 * same audience records and the same permission records
 * (`custom_audience_permissions` in the owner's account, which
 * GET custom_audiences?permission_scope=SHARED reads); /5 answers
 * `tailored_audience_id` where /12 answers `custom_audience_id`.
 *
 * Only the account that owns the audience (`is_owner`) may grant, list or
 * revoke; sharing is only within the owner's business unless the owner has
 * the SHARE_AUDIENCE_OUTSIDE_BUSINESS feature. There is no PUT (405): a new
 * level is a new permission. Revoking keeps the audience in the granted
 * account's running campaigns (ref audiences/reference.mdx, DELETE permissions); it only stops new targeting.
 */
import { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENUMS } from "../platform";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { accountFor, echo, found, one, wireParams } from "../http";
import { ListSpec, listPage } from "../lists";
import { Account, StoredEntity, Env } from "../store";
import { param, parseParams } from "../wire";
import { CustomAudience, customAudiences, PERMISSIONS_COLLECTION, sharedAudiences } from "./custom-audiences";

export interface AudiencePermission extends StoredEntity {
  custom_audience_id: string;
  granted_account_id: string;
  permission_level: (typeof ENUMS.audiencePermissionLevel)[number];
}

interface Variant {
  version: "12" | "5";
  /** The path segment of the audience. */
  collection: "custom_audiences" | "tailored_audiences";
  /** How the answer names the audience, and the IDS filter of permissions. */
  audienceField: "custom_audience_id" | "tailored_audience_id";
  idsParam: "custom_audience_permission_ids" | "tailored_audience_permission_ids";
  noun: string;
}

const VARIANTS: readonly Variant[] = [
  { version: "12", collection: "custom_audiences", audienceField: "custom_audience_id", idsParam: "custom_audience_permission_ids", noun: "custom audience" },
  { version: "5", collection: "tailored_audiences", audienceField: "tailored_audience_id", idsParam: "tailored_audience_permission_ids", noun: "tailored audience" },
];

interface PermissionsRoute {
  Params: { account_id: string; audience_id: string; id?: string };
}

const createParams = z.object({
  granted_account_id: param.id(),
  permission_level: param.oneOf(ENUMS.audiencePermissionLevel),
});

/** A permission as the variant answers it. */
function show(v: Variant, p: AudiencePermission): Record<string, unknown> {
  if (v.audienceField === "custom_audience_id") return { ...p };
  const { custom_audience_id, ...rest } = p;
  return { ...rest, tailored_audience_id: custom_audience_id };
}

function routes(app: FastifyInstance, env: Env, v: Variant): void {
  const base = `/${v.version}/accounts/:account_id/${v.collection}/:audience_id/permissions`;
  const state = () => app.emulator.store.env(env);

  /**
   * The path's account and audience, when the account owns it: 403 when the
   * audience was only shared with the account (ref audiences/reference.mdx, POST custom_audiences/:id/permissions: the caller's
   * account must own it, `is_owner`), 404 when the account has no such audience.
   */
  const owned = (req: FastifyRequest<PermissionsRoute>): { owner: Account; audience: CustomAudience } => {
    const owner = accountFor(state(), req, req.params.account_id);
    const id = req.params.audience_id;
    const audience = owner.collection<CustomAudience>(customAudiences.collection).live(id);
    if (audience) return { owner, audience };
    if (sharedAudiences(state(), owner.id).some((a) => a.id === id && !a.deleted)) {
      // The reference names no code; the real platform answers 403 when the account is not the audience's owner.
      throw ApiError.of(403, "AUDIENCE_NOT_OWNED", `account ${owner.id} does not own ${v.noun} ${id} (it was shared with it): only the owner account can grant, list or revoke its permissions`, v.audienceField);
    }
    throw ApiError.notFound(`${v.noun} ${id} was not found`);
  };
  const permissions = (owner: Account) => owner.collection<AudiencePermission>(PERMISSIONS_COLLECTION);

  const list: ListSpec<AudiencePermission> = {
    ids: [
      { param: "granted_account_ids", value: (p) => p.granted_account_id },
      { param: v.idsParam, value: (p) => p.id },
    ],
    sortable: ["created_at", "updated_at", "granted_account_id", "permission_level"],
  };

  // ref audiences/reference.mdx, GET custom_audiences/:id/permissions: granted_account_ids, <audience>_permission_ids (IDS), PG, WT. Who may list is not shown; here the owner, as for writes.
  app.get<PermissionsRoute>(base, async (req) => {
    const { owner, audience } = owned(req);
    const all = permissions(owner).all().filter((p) => p.custom_audience_id === audience.id);
    const page = listPage(all, wireParams(req), list);
    return { request: echo(req), ...page, data: page.data.map((p) => show(v, p)) };
  });

  app.post<PermissionsRoute>(base, async (req, reply) => {
    const { owner, audience } = owned(req);
    const p = parseParams(createParams, wireParams(req));
    const granted = state().account(p.granted_account_id);
    // The real platform refuses a grant to an account that does not exist, naming it.
    if (!granted || granted.deleted) throw ApiError.invalid("granted_account_id", `granted_account_id ${p.granted_account_id} is not an ads account`);
    if (granted.id === owner.id) throw ApiError.invalid("granted_account_id", `granted_account_id ${granted.id} is the owner account: an audience is shared with other accounts`);
    const outside = granted.record.business_id !== owner.record.business_id;
    if (outside && !owner.features.has(ENUMS.shareAudienceOutsideBusiness)) {
      // ref audiences/reference.mdx, POST custom_audiences/:id/permissions: only within the business, unless the owner has the feature. The reference names no code: named here.
      throw ApiError.of(
        403, "AUDIENCE_SHARING_OUTSIDE_BUSINESS",
        `granted_account_id ${granted.id} belongs to business ${granted.record.business_id}, not to the owner's business ${owner.record.business_id}: ` +
          `sharing outside the business needs the owner account's ${ENUMS.shareAudienceOutsideBusiness} feature`,
        "granted_account_id",
      );
    }
    const existing = permissions(owner).all().find((e) => !e.deleted && e.custom_audience_id === audience.id && e.granted_account_id === granted.id);
    if (existing) {
      // The real platform keeps one permission per audience and account: a new level is a revoke and a new grant.
      throw ApiError.invalid("granted_account_id", `account ${granted.id} already has permission ${existing.id} (${existing.permission_level}) on ${v.noun} ${audience.id}; revoke it first to grant another level`);
    }
    const created = permissions(owner).insert({ custom_audience_id: audience.id, granted_account_id: granted.id, permission_level: p.permission_level });
    // The real platform answers a create with 201 Created.
    return reply.status(201).send(one(req, show(v, created)));
  });

  // ref audiences/reference.mdx, Custom Audience Permissions shows no PUT; a change of level is a new permission.
  app.put<PermissionsRoute>(`${base}/:id`, async () => {
    throw ApiError.of(405, "METHOD_NOT_ALLOWED", `${v.noun} permissions cannot be updated; revoke the permission and grant a new one`);
  });

  // ref audiences/reference.mdx, DELETE permissions: revoking keeps the audience in the granted account's running campaigns.
  app.delete<PermissionsRoute>(`${base}/:id`, async (req) => {
    const { owner, audience } = owned(req);
    const id = req.params.id!;
    const current = permissions(owner).get(id);
    found(current && current.custom_audience_id === audience.id ? current : undefined, `${v.noun} permission`, id);
    return one(req, show(v, permissions(owner).markDeleted(id)));
  });
}

export const audiencePermissionRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  for (const v of VARIANTS) routes(app, env, v);
};
