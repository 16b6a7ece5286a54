/**
 * Custom audiences (ref audiences/reference.mdx, Custom Audiences): a named placeholder audience whose users are
 * uploaded through `/users`. `name` is unique in the account (a duplicate is
 * refused naming `name`, on POST and PUT); PUT takes `name` and
 * `description`; DELETE exists. The list takes `permission_scope`: OWNER
 * (the account's own, the default) or SHARED (audiences other accounts
 * shared with this one through permissions). `/targeted` lists the line
 * items and campaigns that target an audience.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENUMS } from "../platform";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { EntityRoute, echo, found, wireParams } from "../http";
import { ResourceContext, resourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { Account, AnyEntity, StoredEntity, EnvState, NewFields } from "../store";
import { clearable, param, parseParams, WireParams } from "../wire";
import { uploadRoute } from "../audience-users";
import { given } from "../rules";

export interface CustomAudience extends StoredEntity {
  name: string;
  description: string | null;
  /**
   * CRM for a list audience (users uploaded); FLEXIBLE or MOBILE_AUDIENCE
   * for a flexible one (flexible-audiences.ts), which also holds its segments.
   */
  audience_type: string;
  /** The real platform answers whether (and how) it can be targeted, and its size once known. */
  targetable: boolean;
  targetable_types: string[];
  reasons_not_targetable: string[];
  partner_source: string;
  audience_size: number | null;
  boolean_operator?: string;
  child_segments?: unknown[];
  segments?: Record<string, unknown>;
}

/** An audience as an account sees it: its owner and the level granted (an audience shared with it). */
export type SeenAudience = CustomAudience & { owner_account_id?: string; permission_level?: string };

/** The fields every new audience starts with: not targetable until the platform has matched enough users. */
export function newAudience(name: string, description: string | null, audienceType: string): NewFields<CustomAudience> {
  // The real platform (tests/conformance corpus) answers a new audience PROCESSING and TOO_SMALL, sized later.
  return {
    name, description, audience_type: audienceType, targetable: false, targetable_types: [audienceType, `EXCLUDED_${audienceType}`],
    reasons_not_targetable: ["PROCESSING", "TOO_SMALL"], partner_source: "OTHER", audience_size: null,
  };
}

/** Flexible audiences are the custom audiences of these types. */
export function isFlexible(audience: { audience_type?: unknown }): boolean {
  return (ENUMS.flexibleAudienceType as readonly unknown[]).includes(audience.audience_type);
}

const COLLECTION = "custom_audiences";
/**
 * Permissions are kept in the owner's account as `custom_audience_permissions`
 * records with `custom_audience_id` and `granted_account_id` (the routes of
 * that collection come with the permissions resource).
 */
export const PERMISSIONS_COLLECTION = "custom_audience_permissions";

// Name and description lengths: the real platform documents none: only non-empty is checked.
const createParams = z.object({ name: param.name(), description: param.text(undefined, 0).optional() });
const updateParams = z.object({ name: param.name().optional(), description: clearable(param.text(undefined, 0)) });

/** ref audiences/reference.mdx, POST custom_audiences: "Unique name value must be used", among the account's live audiences (flexible ones too). */
export function assertUniqueName(account: Account, name: string, except?: string): void {
  const taken = account.collection<CustomAudience>(COLLECTION).all().find((a) => !a.deleted && a.name === name && a.id !== except);
  if (taken) throw ApiError.invalid("name", `name must be unique among the account's custom audiences: custom audience ${taken.id} is already named ${JSON.stringify(name)}`);
}

function create(ctx: ResourceContext, params: WireParams): NewFields<CustomAudience> {
  const p = parseParams(createParams, params);
  assertUniqueName(ctx.account, p.name);
  return newAudience(p.name, p.description ?? null, "CRM");
}

function update(ctx: ResourceContext, current: CustomAudience, params: WireParams): Partial<CustomAudience> {
  // ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences: flexible audiences are immutable after creation.
  if (isFlexible(current)) {
    throw ApiError.invalid("custom_audience_id", `custom audience ${current.id} is a ${current.audience_type} audience, which cannot be changed after creation; create a new one instead`);
  }
  const p = parseParams(updateParams, params);
  if (p.name !== undefined) assertUniqueName(ctx.account, p.name, current.id);
  return given(p) as Partial<CustomAudience>;
}

const scopeParams = z.object({ permission_scope: param.oneOf(ENUMS.permissionScope).optional() });

/** OWNER: the account's own audiences; SHARED: those other accounts granted it, with their owner and level. */
function listSource(ctx: ResourceContext, params: WireParams, env: EnvState): SeenAudience[] {
  if ((parseParams(scopeParams, params).permission_scope ?? "OWNER") === "OWNER") return ctx.account.collection<CustomAudience>(COLLECTION).all();
  return sharedAudiences(env, ctx.account.id);
}

/** The audiences other accounts shared with `accountId` through live permissions, as it sees them (their owner, the level granted). */
export function sharedAudiences(env: EnvState, accountId: string): SeenAudience[] {
  const shared: SeenAudience[] = [];
  for (const record of env.accounts.all()) {
    const owner = env.account(record.id);
    if (!owner || owner.id === accountId) continue;
    const granted = new Map(owner.collection(PERMISSIONS_COLLECTION).all()
      .filter((p) => !p.deleted && p.granted_account_id === accountId).map((p) => [String(p.custom_audience_id), String(p.permission_level)]));
    for (const a of owner.collection<CustomAudience>(COLLECTION).all()) {
      const level = granted.get(a.id);
      if (level) shared.push({ ...a, owner_account_id: owner.id, permission_level: level });
    }
  }
  return shared;
}

/**
 * An audience as answered to the account asking. ref audiences/reference.mdx, Custom Audience Permissions names `is_owner`;
 * the real platform (tests/conformance corpus) answers `owner_account_id` and
 * `permission_level` instead, but on a PUT (`answers`).
 */
function show(a: SeenAudience, ctx: ResourceContext): Record<string, unknown> {
  return { ...a, owner_account_id: a.owner_account_id ?? ctx.account.id, permission_level: a.permission_level ?? "READ_WRITE" };
}

export const customAudiences: ResourceSpec<CustomAudience> = {
  collection: COLLECTION,
  noun: "custom audience",
  list: () => ({
    ids: [{ param: "custom_audience_ids", value: (a) => a.id }],
    search: (a) => a.name,
    sortable: ["created_at", "updated_at", "name"],
  }),
  listSource,
  show,
  create,
  update,
  deletable: true,
  // ref audiences/reference.mdx, PUT custom_audiences: its example answers `is_owner` where the other answers have `owner_account_id`.
  answers: { update: { omit: ["owner_account_id"], add: (shown, ctx) => ({ is_owner: shown.owner_account_id === ctx.account.id }) } },
};

const targetedParams = z.object({ with_active: param.bool().optional(), cursor: z.string().min(1).optional() });
const TARGETED_PAGE = 200;

/**
 * ref audiences/reference.mdx, GET custom_audiences/:id/targeted: line items and campaigns that target the audience; with_active
 * true (the default) leaves out line items that cannot serve. The shape:
 * the real platform (tests/conformance corpus) answers one
 * flat record per campaign: `{campaign_id, campaign_name, line_items:
 * [{id, name, servable}]}`.
 * Targeting is a `targeting_criteria` record of the line item with
 * targeting_type CUSTOM_AUDIENCE and the audience id as targeting_value.
 */
function targeted(account: Account, audienceId: string, withActive: boolean) {
  const live = (collection: string, id: unknown) => account.collection(collection).live(String(id));
  const servable = (e: AnyEntity | undefined) => !!e && e.entity_status === "ACTIVE";
  const byCampaign = new Map<string, { campaign_id: string; campaign_name: unknown; line_items: Record<string, unknown>[] }>();
  const lineItemIds = new Set(account.collection("targeting_criteria").all()
    .filter((c) => !c.deleted && String(c.targeting_type).startsWith("CUSTOM_AUDIENCE") && c.targeting_value === audienceId)
    .map((c) => String(c.line_item_id)));
  for (const id of lineItemIds) {
    const lineItem = live("line_items", id);
    if (!lineItem) continue;
    const campaign = live("campaigns", lineItem.campaign_id);
    const canServe = servable(lineItem) && servable(campaign);
    if (withActive && !canServe) continue;
    const key = String(lineItem.campaign_id);
    const group = byCampaign.get(key) ?? { campaign_id: key, campaign_name: campaign?.name ?? null, line_items: [] };
    group.line_items.push({ id: lineItem.id, name: lineItem.name ?? null, servable: canServe });
    byCampaign.set(key, group);
  }
  return [...byCampaign.values()];
}

export const customAudienceRoutes: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  // Registered inside this plugin, which already carries the environment's prefix.
  await app.register(resourceRoutes(customAudiences), { env: options.env });
  const base = `/12/accounts/:account_id/${COLLECTION}/:id`;
  uploadRoute(app, options.env, `${base}/users`, {
    collection: COLLECTION, noun: "custom audience", fields: ENUMS.customAudienceUserFields, effectiveAt: true,
  });
  app.get<EntityRoute>(`${base}/targeted`, async (req) => {
    const ctx = resourceContext(app, options.env, req);
    const { id } = req.params;
    found(ctx.account.collection<CustomAudience>(COLLECTION).get(id), "custom audience", id);
    const p = parseParams(targetedParams, wireParams(req));
    const all = targeted(ctx.account, id, p.with_active ?? true);
    // The cursor is opaque (ref fundamentals/pagination.mdx): an offset here.
    const start = p.cursor === undefined ? 0 : Number(Buffer.from(p.cursor, "base64url").toString().replace(/^offset:/, ""));
    if (!Number.isInteger(start) || start < 0) throw ApiError.invalid("cursor", `cursor ${JSON.stringify(p.cursor)} is not one this list returned`);
    const page = all.slice(start, start + TARGETED_PAGE);
    const more = start + TARGETED_PAGE < all.length;
    return { request: echo(req), data: page, next_cursor: more ? Buffer.from(`offset:${start + TARGETED_PAGE}`).toString("base64url") : null };
  });
};
