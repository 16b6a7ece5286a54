/**
 * GET 2/webhooks (xdevplatform/docs openapi.json (GET /2/webhooks)): the application's webhooks, with
 * app-only bearer authentication. Errors are problem-details objects
 * (RFC 7807) under `errors`, as openapi.json says for this endpoint.
 */
import { FastifyPluginAsync } from "fastify";
import { Webhook } from "../webhooks";

export const WEBHOOK_FIELDS = ["created_at", "id", "url", "valid"] as const;
type WebhookField = (typeof WEBHOOK_FIELDS)[number];

/** The real platform problem types are URLs under its API host. */
const PROBLEMS = "https://api.x.com/2/problems";

export interface Problem {
  title: string;
  type: string;
  detail: string;
  status: number;
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

export const webhookRoutes: FastifyPluginAsync = async (app) => {
  const { auth, webhooks } = app.emulator;

  app.setErrorHandler((err, _req, reply) => {
    if (!(err instanceof ProblemError)) throw err;
    return reply.status(err.problem.status).type("application/json; charset=utf-8").send({ errors: [err.problem] });
  });

  app.get("/2/webhooks", async (req) => {
    const header = req.headers.authorization ?? "";
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!bearer) {
      // The real platform refuses OAuth 1.0a user context on app-only endpoints with 403 "Unsupported Authentication".
      if (/^OAuth\s/i.test(header)) {
        throw problem(403, "Unsupported Authentication", "unsupported-authentication",
          "Authenticating with OAuth 1.0a User Context is forbidden for this endpoint. Supported authentication types are [OAuth 2.0 Application-Only].");
      }
      throw problem(401, "Unauthorized", "unauthorized", "Authorization: Bearer <token> is required (an app-only bearer token from oauth2/token).");
    }
    // An incorrect or revoked bearer token (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx, code 89), in this endpoint's problem shape.
    if (!auth.isLiveBearer(bearer[1])) throw problem(401, "Unauthorized", "unauthorized", "Invalid or expired token (code 89): get a new one from oauth2/token.");

    const fields = parseFields((req.query as Record<string, string | undefined>)["webhook_config.fields"]);
    const data = webhooks.list().map((w) => pick(w, fields));
    // The real platform (tests/conformance corpus) answers [] when there is none.
    return { data, meta: { result_count: data.length } };
  });
};

/**
 * `webhook_config.fields`: a comma-separated list of at least one of
 * created_at, id, url, valid. Without it, the real platform v2 answers a default set: all four here. `id` always comes.
 */
export function parseFields(raw: string | undefined): ReadonlySet<WebhookField> {
  if (raw === undefined) return new Set(WEBHOOK_FIELDS);
  const values = raw.split(",");
  const bad = values.filter((v) => !(WEBHOOK_FIELDS as readonly string[]).includes(v));
  if (raw === "" || bad.length > 0) {
    throw problem(400, "Invalid Request", "invalid-request",
      `The \`webhook_config.fields\` query parameter value [${raw === "" ? "" : bad.join(",")}] is not one of [${WEBHOOK_FIELDS.join(",")}]`);
  }
  return new Set<WebhookField>(["id", ...(values as WebhookField[])]);
}

function pick(w: Webhook, fields: ReadonlySet<WebhookField>): Partial<Webhook> {
  const out: Partial<Webhook> = {};
  for (const f of WEBHOOK_FIELDS) if (fields.has(f)) (out as Record<string, unknown>)[f] = w[f];
  return out;
}

function problem(status: number, title: string, type: string, detail: string): ProblemError {
  return new ProblemError({ title, type: `${PROBLEMS}/${type}`, detail, status });
}
