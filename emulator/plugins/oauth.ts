/**
 * Every /12 and /5 request must be signed (README "Authentication"). The
 * signed URL is the one the client addressed: `http://<Host header><path>`,
 * with /sandbox in the path for the sandbox. A revoked access token gets
 * 401 code 89; an app-only bearer token 403 code 220 (89 if not live).
 */
import { ApiError } from "../errors";
import { global } from "./global";

export const oauthPlugin = global(async (app) => {
  const { verifier, auth } = app.emulator;
  app.addHook("preHandler", async (req) => {
    const api = req.api;
    if (!api) return;
    // Every Ads API endpoint acts for a user: an app-only bearer token is refused (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx).
    const bearer = /^Bearer\s+(\S+)/i.exec(req.headers.authorization ?? "");
    if (bearer) throw ApiError.auth(auth.isLiveBearer(bearer[1]) ? 220 : 89);
    const [pathname, query = ""] = req.url.split("?", 2);
    api.userId = verifier.verify({
      method: req.method,
      baseUrl: `http://${req.headers.host ?? ""}${pathname}`,
      params: [...new URLSearchParams(query), ...(api.formPairs ?? [])],
      authorization: req.headers.authorization,
    });
  });
});
