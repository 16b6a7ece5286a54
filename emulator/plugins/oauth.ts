/**
 * Every /12 and /5 request must be signed (README "Authentication"). The
 * signed URL is the one the client addressed: `http://<Host header><path>`,
 * with /sandbox in the path for the sandbox.
 */
import { global } from "./global";

export const oauthPlugin = global(async (app) => {
  const { verifier } = app.emulator;
  app.addHook("preHandler", async (req) => {
    const api = req.api;
    if (!api) return;
    const [pathname, query = ""] = req.url.split("?", 2);
    api.userId = verifier.verify({
      method: req.method,
      baseUrl: `http://${req.headers.host ?? ""}${pathname}`,
      params: [...new URLSearchParams(query), ...(api.formPairs ?? [])],
      authorization: req.headers.authorization,
    });
  });
});
