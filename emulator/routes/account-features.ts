/**
 * Account features (ref campaign-management/reference.mdx, Features): GET lists the features the account has
 * (optionally only some keys); in the sandbox, POST and DELETE add and
 * remove them. Every answer is the account's features after the request.
 */
import { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENUMS } from "../platform";
import { RouteOptions } from "../context";
import { AccountRoute, accountFor, one, sandboxOnly, wireParams } from "../http";
import { Account } from "../store";
import { param, parseParams } from "../wire";

const readParams = z.object({
  feature_keys: param.listOf(ENUMS.readableFeatureKey, 1, ENUMS.readableFeatureKey.length).optional(),
});

const writeParams = z.object({
  feature_keys: param.listOf(ENUMS.featureKey, 1, ENUMS.featureKey.length),
});

/**
 * The real platform answers `data` as a list
 * of feature keys. Listed in the order of the enumeration, so answers are stable.
 */
function features(account: Account, only?: readonly string[]): string[] {
  return ENUMS.readableFeatureKey.filter((k) => account.features.has(k) && (!only || only.includes(k)));
}

export const accountFeatureRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const path = "/12/accounts/:account_id/features";
  const account = (req: FastifyRequest<AccountRoute>) => accountFor(app.emulator.store.env(env), req, req.params.account_id);

  // ref campaign-management/reference.mdx, GET features: only features accessible to the account are returned.
  app.get<AccountRoute>(path, async (req) => {
    const { feature_keys } = parseParams(readParams, wireParams(req));
    return one(req, features(account(req), feature_keys));
  });

  app.post<AccountRoute>(path, async (req) => {
    sandboxOnly(env, req);
    const a = account(req);
    const { feature_keys } = parseParams(writeParams, wireParams(req));
    for (const k of feature_keys) a.features.add(k);
    return one(req, features(a));
  });

  // Removing a key the account lacks: the real
  // platform answers with the account's features: removing is idempotent.
  app.delete<AccountRoute>(path, async (req) => {
    sandboxOnly(env, req);
    const a = account(req);
    const { feature_keys } = parseParams(writeParams, wireParams(req));
    for (const k of feature_keys) a.features.delete(k);
    return one(req, features(a));
  });
};
