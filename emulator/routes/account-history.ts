/**
 * GET accounts/:account_id/account_history (ref
 * campaign-management/reference.mdx, "Account History"): the changes made
 * to one entity, oldest first, in pages (`count`, `cursor`), within a window
 * of whole hours, optionally by one user. In beta: an account that is not
 * allow-listed is refused (README "Account history").
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { HISTORY_COLLECTION, HistoryEntry, shownEntry } from "../history";
import { AccountRoute, echo, wireParams } from "../http";
import { listPage } from "../lists";
import { ENUMS, LIMITS } from "../platform";
import { resourceContext } from "../resource";
import { param, parseParams } from "../wire";

/** ref: start_time and end_time "Must be expressed in whole hours (0 minutes and 0 seconds)". */
const wholeHour = param.time().refine((v) => new Date(v).getTime() % 3_600_000 === 0, { message: "must be a whole hour (0 minutes and 0 seconds), e.g. 2026-12-01T13:00:00Z" });

const historyParams = z.object({
  entity_type: param.oneOf(Object.values(ENUMS.historyEntityType) as [string, ...string[]]),
  entity_id: param.id(),
  start_time: wholeHour,
  end_time: wholeHour,
  // ref: "Type: long", the user whose changes to answer.
  user_id: param.long().optional(),
  count: param.int(LIMITS.count.min, LIMITS.count.max).optional(),
  cursor: z.string().min(1).optional(),
});

export const accountHistoryRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  app.get<AccountRoute>("/12/accounts/:account_id/account_history", async (req) => {
    const ctx = resourceContext(app, env, req);
    // ref example: the echo names the entity type `entity`.
    const { entity_type, ...rest } = echo(req).params;
    const request = { params: { ...rest, ...(entity_type === undefined ? {} : { entity: entity_type }) } };
    if (!ctx.account.historyAllowListed) {
      // The platform's answer to an application outside an allow-list (README "Account history").
      throw ApiError.of(403, "UNAUTHORIZED_CLIENT_APPLICATION", "The client application making this request does not have access to this API");
    }
    const params = wireParams(req);
    const p = parseParams(historyParams, params);
    const [start, end] = [Date.parse(p.start_time), Date.parse(p.end_time)];
    const entries = ctx.account.collection<HistoryEntry>(HISTORY_COLLECTION).all().filter((e) => {
      const at = Date.parse(e.change_time);
      return e.entity === p.entity_type && e.entity_id === p.entity_id && at >= start && at < end
        && (p.user_id === undefined || e.change_by.user_id === params.user_id);
    });
    const page = listPage(entries, { ...(params.count ? { count: params.count } : {}), ...(params.cursor ? { cursor: params.cursor } : {}) }, { ids: [], sortable: [] });
    return { request, next_cursor: page.next_cursor, data: page.data.map(shownEntry) };
  });
};
