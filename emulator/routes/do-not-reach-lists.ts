/**
 * The do-not-reach list (ref audiences/reference.mdx, Do Not Reach Lists): at most one per account; it excludes
 * its users from every campaign of the account. GET (the list, WD), POST
 * with an optional `description`, DELETE; no PUT (405). Users are uploaded
 * through the batch path `/12/batch/accounts/:account_id/do_not_reach_lists/:id/users`,
 * with `email` and `phone_number` only and no `effective_at`.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENUMS, LIMITS } from "../platform";
import { uploadRoute } from "../audience-users";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { ResourceContext, resourceRoutes, ResourceSpec } from "../resource";
import { StoredEntity, NewFields } from "../store";
import { param, parseParams, WireParams } from "../wire";

export interface DoNotReachList extends StoredEntity {
  /** The real platform names every list "Do Not Reach List" and answers its targeting state and size. */
  name: string;
  description: string | null;
  targetable: boolean;
  reasons_not_targetable: string[];
  list_size: number | null;
}

const COLLECTION = "do_not_reach_lists";

const createParams = z.object({ description: param.text(undefined, 0).optional() });

function create(ctx: ResourceContext, params: WireParams): NewFields<DoNotReachList> {
  const p = parseParams(createParams, params);
  const existing = ctx.account.collection<DoNotReachList>(COLLECTION).all().filter((l) => !l.deleted);
  // ref audiences/reference.mdx, Do Not Reach Lists: one per account; the real platform refuses a second with a 400.
  if (existing.length >= LIMITS.doNotReachListsPerAccount) {
    throw ApiError.of(400, "INVALID_PARAMETER", `account ${ctx.account.id} already has do-not-reach list ${existing[0].id}; an account has at most ${LIMITS.doNotReachListsPerAccount}`);
  }
  return { name: "Do Not Reach List", description: p.description ?? null, targetable: false, reasons_not_targetable: ["PROCESSING", "TOO_SMALL"], list_size: null };
}

export const doNotReachLists: ResourceSpec<DoNotReachList> = {
  collection: COLLECTION,
  noun: "do-not-reach list",
  // ref audiences/reference.mdx, GET do_not_reach_lists shows only WD on the list; the shared PG/IDS handling is harmless here.
  list: () => ({ ids: [{ param: "do_not_reach_list_ids", value: (l) => l.id }], sortable: ["created_at", "updated_at"] }),
  create,
  deletable: true,
};

export const doNotReachListRoutes: FastifyPluginAsync<RouteOptions> = async (app, options) => {
  // Registered inside this plugin, which already carries the environment's prefix.
  await app.register(resourceRoutes(doNotReachLists), { env: options.env });
  uploadRoute(app, options.env, `/12/batch/accounts/:account_id/${COLLECTION}/:id/users`, {
    collection: COLLECTION, noun: "do-not-reach list", fields: ENUMS.doNotReachUserFields, effectiveAt: false, countsPerItem: true,
  });
};
