/**
 * Counts each authenticated request against its endpoint family's windows
 * and puts the windows' headers on every response, errors included.
 */
import { ApiError } from "../errors";
import { rateLimitHeaders, TOTAL_COUNT_FAMILY } from "../rate-limit";
import { global } from "./global";

export const rateLimitPlugin = global(async (app) => {
  const { limiter } = app.emulator;

  app.addHook("preHandler", async (req) => {
    const api = req.api;
    if (!api?.userId) return;
    // The environments are separate services: their windows are too (the seeded account id is in both).
    const user = `${api.env}:${api.userId}`;
    const account = api.accountId === undefined ? undefined : `${api.env}:${api.accountId}`;
    // with_total_count requests also count against their own, lower limit
    // (seed 4.1); their x-rate-limit-* headers describe that window, the tighter one.
    const query = req.query as Record<string, string>;
    const total = query.with_total_count === "true" ? limiter.take(TOTAL_COUNT_FAMILY, user) : undefined;
    if (total && !total.allowed) {
      api.rateLimit = { user: total.user };
      throw tooManyRequests(TOTAL_COUNT_FAMILY);
    }
    const family = limiter.take(api.family, user, account);
    api.rateLimit = { user: total?.user ?? family.user, account: family.account };
    if (!family.allowed) throw tooManyRequests(api.family);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    if (req.api?.rateLimit) reply.headers(rateLimitHeaders(req.api.rateLimit));
    return payload;
  });
});

function tooManyRequests(family: string): ApiError {
  return ApiError.of(429, "TOO_MANY_REQUESTS", `Rate limit exceeded for ${family}; x-rate-limit-reset says when the window resets`);
}
