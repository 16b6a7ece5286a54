/**
 * GET 2/users (xdevplatform/docs openapi.json, GET /2/users; x-api/users/lookup/integrate.mdx):
 * the users of 1 to 100 ids, `data` the users found (id, name, username)
 * and `errors` a problem for each id not found, in a 200 all the same.
 * OAuth 1.0a user context or the app-only bearer token (openapi.json
 * security). An application whose access does not include the endpoint
 * (the control API's `setUsersLookupAccess`) is refused 403 client-forbidden.
 * Errors are the reference's problem details, `{title, detail, type}`
 * (x-api/fundamentals/response-codes-and-errors.mdx).
 */
import { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors";
import type { RequestLogEntry } from "../request-log";
import { USER_ID, XUser } from "../users";

/** openapi.json GET /2/users, `ids`: minItems 1, maxItems 100. */
export const USERS_LOOKUP_MAX_IDS = 100;

/** The real platform problem types are URLs under its API host. */
const PROBLEMS = "https://api.x.com/2/problems";

interface Problem {
  title: string;
  detail: string;
  type: string;
}

class UsersProblem extends Error {
  constructor(readonly status: number, readonly problem: Problem) {
    super(problem.detail);
  }
}

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { verifier, auth, users } = app.emulator;

  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof UsersProblem) return reply.status(err.status).type("application/json; charset=utf-8").send(err.problem);
    // A failed OAuth check: the reference's generic problem for the status (response-codes-and-errors.mdx, `about:blank`).
    if (err instanceof ApiError && err.status === 401) {
      return reply.status(401).type("application/json; charset=utf-8").send({ title: "Unauthorized", detail: "Unauthorized", type: "about:blank" });
    }
    throw err;
  });

  // In the request log (README "The platform API"), so a test can count the lookups a client made.
  const logged = new WeakMap<object, RequestLogEntry>();
  const onRequest = async (req: FastifyRequest) => {
    // The platform API is on the production host (api.x.com), beside the Ads API's /12.
    logged.set(req, app.emulator.log.open({ env: "production", method: req.method, path: req.url.split("?")[0]!, query: { ...(req.query as Record<string, string>) } }));
  };
  const onResponse = async (req: FastifyRequest, reply: FastifyReply) => {
    const entry = logged.get(req);
    if (entry) entry.status = reply.statusCode;
  };

  app.get("/2/users", { onRequest, onResponse }, async (req) => {
    const header = req.headers.authorization;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
    if (bearer) {
      if (!auth.isLiveBearer(bearer[1]!)) throw ApiError.auth(89);
    } else {
      const [pathname, query = ""] = req.url.split("?", 2);
      verifier.verify({ method: req.method, baseUrl: `http://${req.headers.host ?? ""}${pathname}`, params: [...new URLSearchParams(query)], authorization: header });
    }
    if (!users.lookupAllowed) {
      throw new UsersProblem(403, {
        title: "Client Forbidden",
        detail: "The client application making this request is not enrolled for this endpoint: its access level does not include it.",
        type: `${PROBLEMS}/client-forbidden`,
      });
    }
    const ids = parseIds((req.query as Record<string, string | undefined>).ids);
    const data: XUser[] = [];
    const errors: Record<string, unknown>[] = [];
    for (const id of ids) {
      const user = users.find(id);
      if (user) data.push(user);
      // x-api/users/lookup/integrate.mdx, "Suspended or deleted users"; the type as the partial errors example gives it (response-codes-and-errors.mdx).
      else errors.push({ resource_id: id, resource_type: "user", title: "Not Found Error", detail: `Could not find user with id: [${id}].`, type: `${PROBLEMS}/resource-not-found` });
    }
    return { ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) };
  });
};

/** `ids`: 1 to 100 user ids, comma-separated; each asked once. */
function parseIds(raw: string | undefined): string[] {
  const invalid = (detail: string) => new UsersProblem(400, { title: "Invalid Request", detail, type: `${PROBLEMS}/invalid-request` });
  if (raw === undefined || raw === "") throw invalid("The `ids` query parameter is required: 1 to 100 user ids, comma-separated.");
  const ids = raw.split(",");
  const bad = ids.filter((id) => !USER_ID.test(id));
  if (bad.length > 0) throw invalid(`The \`ids\` query parameter value [${bad.join(",")}] is not a user id (1 to 19 digits).`);
  if (ids.length > USERS_LOOKUP_MAX_IDS) throw invalid(`The \`ids\` query parameter holds ${ids.length} ids: at most ${USERS_LOOKUP_MAX_IDS} in one request.`);
  return [...new Set(ids)];
}
