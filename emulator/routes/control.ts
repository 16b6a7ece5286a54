/**
 * The control API over HTTP (README "Control"), unauthenticated, JSON, for
 * demos and out-of-process tests. Each route calls the in-process control.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENVS } from "../store";
import { parseParams } from "../wire";
import { RandomFaults } from "../faults";
import { LatencyConfig } from "../latency";
import type { AccountDump, Control } from "../control";
import { Actor, ADS_UI_ACTOR } from "../history";

const envParams = z.object({ env: z.enum(ENVS) });
const accountParams = envParams.extend({ accountId: z.string().min(1) });
const collectionParams = accountParams.extend({ collection: z.string().min(1) });
const entityParams = collectionParams.extend({ id: z.string().min(1) });

const count = z.number().int().min(0);

/**
 * Who makes an edit, delete or insert "in the ads UI" (the account
 * history's change_by): `?user_id=<digits>&platform=<word>`, the ads UI's
 * user by default (README "Account history").
 */
const actorQuery = z.object({ user_id: z.string().regex(/^\d+$/, "must be a user id in decimal digits").optional(), platform: z.string().min(1).optional() });

function actorOf(query: unknown): Actor {
  const q = parseParams(actorQuery, query ?? {});
  return { user_id: q.user_id ?? ADS_UI_ACTOR.user_id, platform: q.platform ?? ADS_UI_ACTOR.platform };
}

const newAccount = z.object({
  id: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  businessId: z.string().min(1).optional(),
  activeCampaignLimit: count.optional(),
  userIds: z.array(z.string().min(1)).optional(),
});

const fault = z.object({
  kind: z.enum(["status", "drop", "timeout-after-commit", "hold", "short-count"]),
  method: z.string().min(1).optional(),
  /** A regular expression, as a string. */
  path: z.string().optional(),
  env: z.enum(ENVS).optional(),
  times: z.number().int().min(1).optional(),
  status: z.number().int().min(400).max(599).optional(),
  delayMs: count.optional(),
  headers: z.record(z.string(), z.string()).optional(),
  name: z.string().min(1).optional(),
  shortBy: z.number().int().min(1).optional(),
});

const storedRecord = z.object({ id: z.string().min(1), created_at: z.string(), updated_at: z.string(), deleted: z.boolean() }).passthrough();
const accountDump = z.object({ features: z.array(z.string().min(1)), collections: z.record(z.string().min(1), z.array(storedRecord)) });

const rateLimit = z.object({ family: z.string().min(1), limit: count, windowSeconds: z.number().positive() });

export const controlRoutes: FastifyPluginAsync = async (app) => {
  const control: Control = app.control;

  app.post("/reset", async (_req, reply) => {
    control.reset();
    return reply.status(204).send();
  });

  app.post("/:env/accounts", async (req, reply) => {
    const { env } = parseParams(envParams, req.params);
    return reply.status(201).send({ data: control.createAccount(env, parseParams(newAccount, req.body ?? {})) });
  });

  app.put("/:env/accounts/:accountId/active-campaign-limit", async (req) => {
    const { env, accountId } = parseParams(accountParams, req.params);
    const { limit } = parseParams(z.object({ limit: count }), req.body);
    control.setActiveCampaignLimit(env, accountId, limit);
    return { data: { account_id: accountId, active_campaign_limit: limit } };
  });

  app.get("/:env/accounts/:accountId/features", async (req) => {
    const { env, accountId } = parseParams(accountParams, req.params);
    return { data: control.features(env, accountId) };
  });

  app.patch("/:env/accounts/:accountId/features", async (req) => {
    const { env, accountId } = parseParams(accountParams, req.params);
    const change = parseParams(z.object({ add: z.array(z.string().min(1)).optional(), remove: z.array(z.string().min(1)).optional() }), req.body);
    return { data: control.setFeatures(env, accountId, change) };
  });

  app.put("/:env/accounts/:accountId/account-history-access", async (req) => {
    const { env, accountId } = parseParams(accountParams, req.params);
    const { allowListed } = parseParams(z.object({ allowListed: z.boolean() }), req.body);
    control.setHistoryAccess(env, accountId, allowListed);
    return { data: { account_id: accountId, allow_listed: allowListed } };
  });

  // Static segments win over :collection in fastify's router: "store" names no collection.
  app.get("/:env/accounts/:accountId/store", async (req) => {
    const { env, accountId } = parseParams(accountParams, req.params);
    return { data: control.dump(env, accountId) };
  });

  app.put("/:env/accounts/:accountId/store", async (req, reply) => {
    const { env, accountId } = parseParams(accountParams, req.params);
    control.restore(env, accountId, parseParams(accountDump, req.body) as AccountDump);
    return reply.status(204).send();
  });

  app.get("/:env/accounts/:accountId/:collection", async (req) => {
    const { env, accountId, collection } = parseParams(collectionParams, req.params);
    const { with_deleted } = parseParams(z.object({ with_deleted: z.enum(["true", "false"]).optional() }), req.query);
    return { data: control.entities(env, accountId, collection, { withDeleted: with_deleted === "true" }) };
  });

  app.patch("/:env/accounts/:accountId/:collection/:id", async (req) => {
    const { env, accountId, collection, id } = parseParams(entityParams, req.params);
    return { data: control.edit(env, accountId, collection, id, parseParams(z.record(z.string(), z.unknown()), req.body), actorOf(req.query)) };
  });

  app.delete("/:env/accounts/:accountId/:collection/:id", async (req) => {
    const { env, accountId, collection, id } = parseParams(entityParams, req.params);
    return { data: control.remove(env, accountId, collection, id, actorOf(req.query)) };
  });

  app.get("/:env/accounts/:accountId/:collection/:id/users", async (req) => {
    const { env, accountId, collection, id } = parseParams(entityParams, req.params);
    return { data: control.members(env, accountId, collection, id) };
  });

  app.post("/:env/accounts/:accountId/recommendations", async (req, reply) => {
    const { env, accountId } = parseParams(accountParams, req.params);
    return reply.status(201).send({ data: control.addRecommendation(env, accountId, req.body ?? {}) });
  });

  app.post("/:env/accounts/:accountId/:collection", async (req, reply) => {
    const { env, accountId, collection } = parseParams(collectionParams, req.params);
    return reply.status(201).send({ data: control.insert(env, accountId, collection, parseParams(z.record(z.string(), z.unknown()), req.body), actorOf(req.query)) });
  });

  app.get("/requests", async () => ({ data: control.requests() }));

  app.delete("/requests", async (_req, reply) => {
    control.clearRequests();
    return reply.status(204).send();
  });

  app.post("/faults", async (req, reply) => {
    const f = parseParams(fault, req.body);
    control.fault(f);
    return reply.status(201).send({ data: f });
  });

  app.put("/faults/random", async (req) => {
    control.randomFaults(req.body as RandomFaults);
    return { data: req.body };
  });

  app.delete("/faults", async (_req, reply) => {
    control.clearFaults();
    return reply.status(204).send();
  });

  app.get("/holds", async () => ({ data: { held: control.held() } }));

  app.post("/holds/release", async () => ({ data: { released: control.releaseHeld() } }));

  app.get("/clock", async () => ({ data: { now: control.now() } }));

  // Either field: {"advanceMs": 2000} moves the platform's clock forward, {"time": "2026-05-01T12:00:00Z"} sets it.
  app.post("/clock", async (req) => {
    const body = parseParams(z.union([z.object({ advanceMs: z.number().positive() }).strict(), z.object({ time: z.string().min(1) }).strict()]), req.body);
    return { data: { now: "advanceMs" in body ? control.advanceClock(body.advanceMs) : control.setClock(body.time) } };
  });

  app.post("/auth/clock", async (req) => {
    const { seconds } = parseParams(z.object({ seconds: z.number().positive() }), req.body);
    control.advanceAuthClock(seconds);
    return { data: { advanced_seconds: seconds } };
  });

  app.get("/webhooks", async () => ({ data: control.webhooks() }));

  app.post("/webhooks", async (req, reply) => {
    const w = parseParams(z.object({ url: z.string().min(1), valid: z.boolean().optional() }), req.body);
    return reply.status(201).send({ data: control.addWebhook(w) });
  });

  app.patch("/webhooks/:id", async (req) => {
    const { id } = parseParams(z.object({ id: z.string().min(1) }), req.params);
    return { data: control.editWebhook(id, parseParams(z.object({ valid: z.boolean().optional() }), req.body)) };
  });

  app.get("/users", async () => ({ data: control.users() }));

  app.put("/users/:id", async (req) => {
    const { id } = parseParams(z.object({ id: z.string().min(1) }), req.params);
    const u = parseParams(z.object({ username: z.string().min(1), name: z.string().min(1).optional() }), req.body);
    return { data: control.registerUser({ id, ...u }) };
  });

  app.put("/users-lookup-access", async (req) => {
    const { allowed } = parseParams(z.object({ allowed: z.boolean() }), req.body);
    control.setUsersLookupAccess(allowed);
    return { data: { allowed } };
  });

  app.get("/latency", async () => ({ data: control.latency() }));

  app.put("/latency", async (req) => {
    control.setLatency(req.body as LatencyConfig);
    return { data: control.latency() };
  });

  app.put("/rate-limits", async (req) => {
    const r = parseParams(rateLimit, req.body);
    control.setRateLimit(r.family, r.limit, r.windowSeconds);
    return { data: r };
  });
};
