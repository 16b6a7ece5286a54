/**
 * The API request slot the other hooks fill in: which environment, path,
 * endpoint family and account a /12 or /5 request is, and its request-log
 * entry. Also parses form bodies into the platform's flat parameters.
 */
import { describeApiPath } from "../api-path";
import { paramsRecord } from "../wire";
import { global } from "./global";

export const statePlugin = global(async (app) => {
  const state = app.emulator;
  app.decorateRequest("api", null);

  app.addHook("onRequest", async (req) => {
    const where = describeApiPath(req.url);
    if (!where) return;
    const query = req.query as Record<string, string>;
    req.api = { ...where, log: state.log.open({ env: where.env, method: req.method, path: where.path, query: { ...query } }) };
  });

  // Form bodies are signed (RFC 5849 3.4.1.3), so their pairs are kept as sent.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (req, body, done) => {
    const pairs = [...new URLSearchParams(String(body))];
    if (req.api) req.api.formPairs = pairs;
    done(null, paramsRecord(pairs));
  });
});
