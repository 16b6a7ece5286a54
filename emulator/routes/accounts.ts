/**
 * Accounts (ref campaign-management/reference.mdx, Accounts): the user's accounts, and in the sandbox the
 * creation and deletion of accounts.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENUMS, LIMITS } from "../platform";
import { RouteOptions } from "../context";
import { AccountRoute, accountFor, echo, one, sandboxOnly, wireParams } from "../http";
import { ListSpec, listPage, withDeleted } from "../lists";
import { AnswerKeys, answerKeys } from "../resource";
import { given } from "../rules";
import { AccountRecord, DEFAULT_BUSINESS_ID } from "../store";
import { param, parseParams } from "../wire";

/** ref campaign-management/reference.mdx, PUT accounts: takes `name` and `industry_type`, both optional. */
const updateParams = z.object({
  name: param.name(LIMITS.accountName.max, LIMITS.accountName.min).optional(),
  industry_type: param.oneOf(ENUMS.industryType).optional(),
});

const accountList: ListSpec<AccountRecord> = {
  ids: [{ param: "account_ids", value: (a) => a.id }],
  search: (a) => a.name,
  sortable: ["created_at", "updated_at", "name"],
};

/**
 * An account as answered. The real platform leaves
 * industry_type out until it is set (POST and list answers have none).
 */
function answered(record: AccountRecord): Record<string, unknown> {
  const { industry_type, ...rest } = record;
  return industry_type === null ? rest : { ...record };
}

/** ref campaign-management/reference.mdx, DELETE accounts: its example answers no business (GET, PUT and POST do). */
const DELETE_ANSWER: AnswerKeys = { omit: ["business_id", "business_name"] };

export const accountRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  const state = () => app.emulator.store.env(env);

  app.get("/12/accounts", async (req) => {
    const userId = req.api?.userId ?? "";
    const usable = state().accounts.all().filter((a) => state().account(a.id)?.userIds.has(userId));
    const page = listPage(usable, wireParams(req), accountList);
    return { request: echo(req), ...page, data: page.data.map(answered) };
  });

  app.get<AccountRoute>("/12/accounts/:account_id", async (req) =>
    one(req, answered(accountFor(state(), req, req.params.account_id, withDeleted(wireParams(req))).record)));

  // ref campaign-management/reference.mdx, POST accounts: no parameters; the new account belongs to the authenticated user.
  // Which business it joins: real platform sandbox accounts
  // join the user's business: here business-1, the demo account's, so
  // audiences can be shared between the two.
  app.post("/12/accounts", async (req, reply) => {
    sandboxOnly(env, req);
    const account = state().createAccount({ userIds: [req.api?.userId ?? ""], businessId: DEFAULT_BUSINESS_ID });
    // The real platform (tests/conformance corpus) answers a list envelope, a one-item `data` array.
    return reply.status(201).send({ ...one(req, [answered(account.record)]), next_cursor: null });
  });

  app.delete<AccountRoute>("/12/accounts/:account_id", async (req) => {
    sandboxOnly(env, req);
    const account = accountFor(state(), req, req.params.account_id);
    return one(req, answerKeys(answered(state().accounts.markDeleted(account.id)), DELETE_ANSWER));
  });

  app.put<AccountRoute>("/12/accounts/:account_id", async (req) => {
    const account = accountFor(state(), req, req.params.account_id);
    const patch = given(parseParams(updateParams, wireParams(req)));
    return one(req, answered(state().accounts.update(account.id, patch)));
  });
  // GET authenticated_user_access is in reference-data.ts.
};
