/**
 * Counts each authenticated request against its windows (rate-limit.ts) and
 * puts the windows' headers on every response, errors included.
 */
import { ApiError } from "../errors";
import { rateLimitHeaders } from "../rate-limit";
import { isTrue } from "../wire";
import { global } from "./global";

export const rateLimitPlugin = global(async (app) => {
  const { limiter } = app.emulator;

  app.addHook("preHandler", async (req) => {
    const api = req.api;
    if (!api?.userId) return;
    // The environments are separate services: their windows are too (the seeded account id is in both).
    const user = `${api.env}:${api.userId}`;
    const account = api.accountId === undefined ? undefined : `${api.env}:${api.accountId}`;
    // with_total_count requests also count against their own, lower limit (ref campaign-management/reference.mdx, GET accounts `with_total_count`).
    const withTotalCount = isTrue((req.query as Record<string, unknown>).with_total_count);
    const decision = limiter.take(req.method, api, user, account, withTotalCount);
    api.rateLimit = { user: decision.user, account: decision.account };
    if (!decision.allowed) throw tooManyRequests(decision.refusedBy!);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    if (req.api?.rateLimit) reply.headers(rateLimitHeaders(req.api.rateLimit));
    return payload;
  });
});

function tooManyRequests(bucket: string): ApiError {
  return ApiError.of(429, "TOO_MANY_REQUESTS", `Rate limit exceeded for ${bucket}; x-rate-limit-reset (x-account-rate-limit-reset where sent) says when the window resets`);
}
