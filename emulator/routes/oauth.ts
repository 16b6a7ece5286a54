/**
 * The platform's OAuth endpoints (xdevplatform/docs fundamentals/authentication/api-reference.mdx) at the
 * root of the emulator, beside the Ads API: the three-legged OAuth 1.0a
 * flow with an authorize page a test can drive without a browser, access
 * token revocation, and the application's app-only bearer token. Errors
 * are the authorization reference's `{errors: [{code, message, label?}]}`
 * (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx), without the Ads API's `request` echo (it would repeat
 * verifiers and tokens).
 */
import { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { SignedRequest } from "../auth";
import { ApiError } from "../errors";
import { wireParams } from "../http";

export const OAUTH_PATHS = {
  requestToken: "/oauth/request_token",
  authorize: "/oauth/authorize",
  authenticate: "/oauth/authenticate",
  accessToken: "/oauth/access_token",
  invalidateToken: "/1.1/oauth/invalidate_token",
  bearerToken: "/oauth2/token",
  invalidateBearer: "/oauth2/invalidate_token",
} as const;

export const oauthRoutes: FastifyPluginAsync = async (app) => {
  const { verifier, auth } = app.emulator;

  // Scoped to these routes: the rest of the emulator keeps the Ads API's shape.
  app.setErrorHandler((err, _req, reply) => {
    if (!(err instanceof ApiError)) throw err;
    // A failed OAuth check on these endpoints is the platform's code 32, with the reason.
    const errors = err.errors.map((e) => e.code === "UNAUTHORIZED_ACCESS"
      ? { code: 32, message: `Could not authenticate you (${e.message.replace(/^.*not properly authenticated: /, "")})` }
      : e);
    return reply.status(err.status).headers(err.headers).send({ errors });
  });

  // Step 1: a request token for a callback URL or `oob` (PIN mode).
  app.post(OAUTH_PATHS.requestToken, async (req, reply) => {
    const oauth = verifier.verifyStep(signed(req), () => "");
    const params = wireParams(req);
    const callback = oauth.get("oauth_callback") ?? params.oauth_callback;
    if (callback === undefined || callback === "") throw ApiError.missing("oauth_callback", "oauth_callback is required: an absolute callback URL or oob");
    // xdevplatform/docs fundamentals/authentication/api-reference.mdx, POST oauth/request_token: the URL must be configured in the app's settings; the emulator's application has every http(s) URL configured.
    if (callback !== "oob" && !/^https?:\/\/[^\s]+$/.test(callback)) {
      throw ApiError.invalid("oauth_callback", `oauth_callback must be an absolute http(s) URL or oob, got "${callback}"`);
    }
    const access = params.platform_auth_access_type;
    if (access !== undefined && access !== "read" && access !== "write") {
      throw ApiError.invalid("platform_auth_access_type", `platform_auth_access_type must be read or write, got "${access}"`);
    }
    const rt = auth.issueRequestToken(callback);
    return form(reply, { oauth_token: rt.token, oauth_token_secret: rt.secret, oauth_callback_confirmed: "true" });
  });

  // Step 2: the page the user's browser is sent to. authorize and
  // authenticate behave the same (xdevplatform/docs changelog.mdx: the change "altered the behaviour
  // of the /oauth/authenticate endpoint to match that of the /oauth/authorize endpoint").
  for (const path of [OAUTH_PATHS.authorize, OAUTH_PATHS.authenticate]) {
    app.get(path, async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      const rt = auth.liveRequestToken(q.oauth_token);
      return html(reply, 200, approvePage(path, rt.token, q.force_login === "true", q.screen_name));
    });

    // The page's form: approve (Authorize app) or cancel.
    app.post(path, async (req, reply) => {
      const p = wireParams(req);
      const rt = auth.liveRequestToken(p.oauth_token);
      if (p.force_login === "true") {
        // force_login: the user signs in again; the emulator knows one user (its configured one).
        const name = (p["session[username_or_email]"] ?? "").replace(/^@/, "").toLowerCase();
        if (name !== auth.user.screenName.toLowerCase()) {
          return html(reply, 403, page("Sign in failed", `<p id="oauth_error">No account @${escape(name)} here: sign in as @${escape(auth.user.screenName)}.</p>`));
        }
      }
      if (p.cancel !== undefined) {
        auth.forgetRequestToken(rt.token);
        if (rt.callback === "oob") return html(reply, 200, page("Not authorized", `<p id="oauth_error">You did not authorize the application.</p>`));
        // The real platform redirects a denial with `denied=<request token>`.
        return reply.redirect(withQuery(rt.callback, { denied: rt.token }), 302);
      }
      const approved = auth.approve(rt.token);
      if (rt.callback === "oob") {
        return html(reply, 200, page("Authorized", `<p>Enter this PIN in the application to complete the authorization:</p>\n<code id="oauth_pin">${approved.verifier}</code>`));
      }
      return reply.redirect(withQuery(rt.callback, { oauth_token: rt.token, oauth_verifier: approved.verifier! }), 302);
    });
  }

  // Step 3: the verifier (the PIN in oob mode) is strictly required.
  app.post(OAUTH_PATHS.accessToken, async (req, reply) => {
    let requestToken = "";
    const oauth = verifier.verifyStep(signed(req), (token) => {
      const rt = auth.liveRequestToken(token);
      requestToken = rt.token;
      return rt.secret;
    });
    const params = wireParams(req);
    const at = auth.exchange(auth.liveRequestToken(requestToken), oauth.get("oauth_verifier") ?? params.oauth_verifier);
    return form(reply, { oauth_token: at.token, oauth_token_secret: at.secret, user_id: at.userId, screen_name: at.screenName });
  });

  // Signed with the access token to revoke (xdevplatform/docs fundamentals/authentication/api-reference.mdx).
  app.post(OAUTH_PATHS.invalidateToken, async (req) => {
    let token = "";
    verifier.verifyStep(signed(req), (t) => {
      const at = auth.accessToken(t);
      if (!at) throw ApiError.auth(89);
      token = at.token;
      return at.secret;
    });
    if (auth.accessToken(token)!.revoked) throw ApiError.auth(89);
    auth.revokeAccessToken(token);
    return { access_token: token };
  });

  // The application's one bearer token (xdevplatform/docs fundamentals/authentication/api-reference.mdx).
  app.post(OAUTH_PATHS.bearerToken, async (req) => {
    if (!basicCredentialsMatch(req.headers.authorization, auth.app.key, auth.app.secret)) throw ApiError.auth(99);
    const body = isForm(req) ? (req.body as Record<string, string>) : {};
    if (body.grant_type !== "client_credentials") throw ApiError.auth(99);
    return { token_type: "bearer", access_token: auth.grantBearer() };
  });

  // Client credentials (Basic) or OAuth 1.0a with the application's keys and a user's access token.
  app.post(OAUTH_PATHS.invalidateBearer, async (req) => {
    const header = req.headers.authorization;
    if (/^Basic\s/i.test(header ?? "")) {
      if (!basicCredentialsMatch(header, auth.app.key, auth.app.secret)) throw ApiError.auth(99);
    } else {
      try {
        verifier.verify(signed(req));
      } catch {
        throw ApiError.auth(99);
      }
    }
    return { access_token: auth.revokeBearer(wireParams(req).access_token) };
  });
};

/** The request as the OAuth verifier sees it: the URL the client addressed, query and form parameters. */
function signed(req: FastifyRequest): SignedRequest {
  const [pathname, query = ""] = req.url.split("?", 2);
  const formPairs = isForm(req) ? Object.entries((req.body ?? {}) as Record<string, string>) : [];
  return {
    method: req.method,
    baseUrl: `http://${req.headers.host ?? ""}${pathname}`,
    params: [...new URLSearchParams(query), ...formPairs],
    authorization: req.headers.authorization,
  };
}

function isForm(req: FastifyRequest): boolean {
  return req.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
}

/**
 * `Authorization: Basic base64(enc(key) ":" enc(secret))`, the key and
 * secret URL-encoded (RFC 1738) before joining (xdevplatform/docs fundamentals/authentication/api-reference.mdx).
 */
export function basicCredentialsMatch(header: string | undefined, key: string, secret: string): boolean {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!m) return false;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  try {
    return decodeURIComponent(decoded.slice(0, colon)) === key && decodeURIComponent(decoded.slice(colon + 1)) === secret;
  } catch {
    return false;
  }
}

/** name=value pairs joined by & (the api-reference's examples); the real platform sends them as text. */
function form(reply: FastifyReply, values: Record<string, string>): FastifyReply {
  return reply.type("text/plain; charset=utf-8").send(new URLSearchParams(values).toString());
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).type("text/html; charset=utf-8").send(body);
}

/**
 * The approval page. A test approves without a browser by posting the form
 * (`oauth_token` and `allow`) and reads the PIN from `#oauth_pin`.
 */
function approvePage(action: string, requestToken: string, forceLogin: boolean, screenName: string | undefined): string {
  const signIn = forceLogin || screenName !== undefined
    ? `  <label>Username <input name="session[username_or_email]" value="${escape(screenName ?? "")}"></label>\n`
    : "";
  return page("Authorize the application to use your account?", [
    `<form id="oauth_form" method="post" action="${action}">`,
    `  <input type="hidden" name="oauth_token" value="${escape(requestToken)}">`,
    forceLogin ? `  <input type="hidden" name="force_login" value="true">\n${signIn}` : signIn,
    `  <input type="submit" id="allow" name="allow" value="Authorize app">`,
    `  <input type="submit" id="cancel" name="cancel" value="Cancel">`,
    `</form>`,
  ].filter(Boolean).join("\n"));
}

function page(title: string, body: string): string {
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escape(title)}</title></head>\n<body>\n<h1>${escape(title)}</h1>\n${body}\n</body></html>\n`;
}

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
