/**
 * What every route needs: the request's parameters, the response envelopes,
 * the account a path names, and the sandbox-only guard.
 */
import { FastifyRequest } from "fastify";
import { ApiError, notFoundCode } from "./errors";
import { Account, StoredEntity, Env, EnvState } from "./store";
import { WireParams } from "./wire";

export interface AccountRoute {
  Params: { account_id: string };
}

export interface EntityRoute {
  Params: { account_id: string; id: string };
}

/** Query-string and form-body parameters (the platform reads both the same way). */
export function wireParams(req: FastifyRequest): WireParams {
  const query = req.query as WireParams;
  const form = req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ? (req.body as WireParams) : {};
  return { ...query, ...form };
}

/**
 * The `request` member of every answer: the parameters as received, path
 * ones included. The real platform echoes them as `request.params`.
 */
export function echo(req: FastifyRequest): { params: Record<string, unknown> } {
  // "*" is the wildcard of fastify's not-found route, no parameter of the platform's.
  const { "*": _wildcard, ...path } = (req.params ?? {}) as Record<string, string>;
  return { params: { ...path, ...wireParams(req) } };
}

/**
 * The `request` member of a batch answer. The real platform
 * echoes an array, one `{params, operation_type}` per item, the account
 * (and the path's other ids) in each item's params.
 */
export function batchEcho(req: FastifyRequest): unknown[] | { params: Record<string, unknown> } {
  if (!Array.isArray(req.body) || !req.url.includes("/batch/")) return echo(req);
  const path = echo(req).params;
  return req.body.map((item: unknown) => {
    const { operation_type, params } = (item ?? {}) as { operation_type?: unknown; params?: unknown };
    return { params: { ...(params !== null && typeof params === "object" ? params : {}), ...path }, operation_type };
  });
}

export function one<T>(req: FastifyRequest, data: T): { request: { params: Record<string, unknown> }; data: T } {
  return { request: echo(req), data };
}

/**
 * The account of the path, if the authenticated user can use it. An
 * account of someone else, a missing one and a deleted one (unless asked
 * with with_deleted) answer alike, 403 `ACCOUNT_NOT_FOUND` (ref
 * fundamentals/error-codes-and-responses.mdx lists the code as a 403; README
 * "Authentication"): the platform does not reveal what exists.
 */
export function accountFor(env: EnvState, req: FastifyRequest, accountId: string, withDeleted = false): Account {
  const account = env.account(accountId);
  const userId = req.api?.userId;
  if (!account || userId === undefined || !account.userIds.has(userId) || (account.deleted && !withDeleted)) {
    throw ApiError.of(403, "ACCOUNT_NOT_FOUND", `account ${accountId} was not found or the authenticated user has no access to it`);
  }
  return account;
}

/**
 * Refuses a sandbox-only endpoint on production (README "Two environments"):
 * production has no such endpoint, a ROUTE_NOT_FOUND (ref
 * fundamentals/error-codes-and-responses.mdx; the reference does not show
 * production's answer), which no client reads as an entity gone.
 */
export function sandboxOnly(env: Env, req: FastifyRequest): void {
  if (env === "sandbox") return;
  const path = req.api?.path ?? req.url.split("?")[0];
  throw ApiError.notFound(`${req.method} ${path} is sandbox only: send it to the sandbox base (/sandbox${path})`, "ROUTE_NOT_FOUND");
}

/**
 * The entity, or 404 with its kind's code (errors.ts NOT_FOUND_CODES): a deleted one only with with_deleted
 * (ref campaign-management/reference.mdx, GET accounts/:account_id: every single GET takes `with_deleted`).
 */
export function found<T extends StoredEntity>(entity: T | undefined, noun: string, id: string, withDeleted = false): T {
  if (!entity || (entity.deleted && !withDeleted)) throw ApiError.notFound(`${noun} ${id} was not found`, notFoundCode(noun));
  return entity;
}
