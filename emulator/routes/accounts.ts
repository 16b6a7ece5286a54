/**
 * Accounts (seed 4.2): the user's accounts, and in the sandbox the
 * creation and deletion of accounts.
 */
import { FastifyPluginAsync } from "fastify";
import { RouteOptions } from "../context";
import { AccountRoute, accountFor, echo, one, sandboxOnly, wireParams } from "../http";
import { ListSpec, listPage, withDeleted } from "../lists";
import { AccountRecord } from "../store";

const accountList: ListSpec<AccountRecord> = {
  ids: [{ param: "account_ids", value: (a) => a.id }],
  search: (a) => a.name,
  sortable: ["created_at", "updated_at", "name"],
};

export const accountRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const state = () => app.emulator.store.env(env);

  app.get("/12/accounts", async (req) => {
    const userId = req.api?.userId ?? "";
    const usable = state().accounts.all().filter((a) => state().account(a.id)?.userIds.has(userId));
    return { request: echo(req), ...listPage(usable, wireParams(req), accountList) };
  });

  app.get<AccountRoute>("/12/accounts/:account_id", async (req) =>
    one(req, accountFor(state(), req, req.params.account_id, withDeleted(wireParams(req))).record));

  // seed 4.2: no parameters; the new account belongs to the authenticated user.
  app.post("/12/accounts", async (req, reply) => {
    sandboxOnly(env, req);
    const account = state().createAccount({ userIds: [req.api?.userId ?? ""] });
    return reply.status(201).send(one(req, account.record));
  });

  app.delete<AccountRoute>("/12/accounts/:account_id", async (req) => {
    sandboxOnly(env, req);
    const account = accountFor(state(), req, req.params.account_id);
    return one(req, state().accounts.markDeleted(account.id));
  });
};
