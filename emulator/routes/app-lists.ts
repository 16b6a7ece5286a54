/**
 * App lists (xdevplatform/docs x-ads-api/measurement/mobile-conversions.mdx
 * at 7c59f7be, "App Lists"): a named list of apps by app store identifier.
 * GET (the list: app_list_ids up to 200, count 1 to 1000, cursor,
 * with_deleted, with_total_count), GET of one, POST (name and
 * app_store_identifiers required), DELETE; no PUT. At most 100 lists per
 * account and 500 apps per list.
 */
import { z } from "zod";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";

export interface AppList extends StoredEntity {
  name: string;
  apps: { app_store_identifier: string; os_type: string }[];
}

const COLLECTION = "app_lists";
/** POST app_lists: "a limit of 100 app_list objects per account_id and 500 apps per app_list". */
const LISTS_PER_ACCOUNT = 100;
const APPS_PER_LIST = 500;

const createParams = z.object({
  name: param.name(),
  app_store_identifiers: param.list(1, APPS_PER_LIST),
});

/** The reference's example answers com.twitter.android as Android; a numeric App Store id is an iOS app. */
const osTypeOf = (identifier: string) => (/^\d+$/.test(identifier) ? "iOS" : "Android");

function create(ctx: ResourceContext, params: WireParams): NewFields<AppList> {
  const p = parseParams(createParams, params);
  const live = ctx.account.collection<AppList>(COLLECTION).all().filter((l) => !l.deleted);
  if (live.length >= LISTS_PER_ACCOUNT) {
    throw ApiError.of(400, "INVALID_PARAMETER", `account ${ctx.account.id} already has ${live.length} app lists; an account has at most ${LISTS_PER_ACCOUNT}`);
  }
  return { name: p.name, apps: p.app_store_identifiers.map((id) => ({ app_store_identifier: id, os_type: osTypeOf(id) })) };
}

export const appLists: ResourceSpec<AppList> = {
  collection: COLLECTION,
  noun: "app list",
  list: () => ({ ids: [{ param: "app_list_ids", value: (l) => l.id }], sortable: ["created_at", "updated_at"] }),
  // The list's records hold id and name only (ref GET app_lists; the SDKs' app_lists_all.json); GET of one, POST and DELETE answer the whole list.
  answers: { list: { only: ["id", "name"] } },
  create,
  deletable: true,
};

export const appListRoutes = resourceRoutes(appLists);
