/**
 * The emulator as a fastify app (not listening): plugins first (state,
 * errors, request log and faults, OAuth 1.0a, rate limits), then the
 * routes of each API resource (every route module of routes/, listed by
 * routes/index.ts, which `make generate` writes), registered once per
 * environment, then the control API.
 */
import Fastify, { FastifyInstance, FastifyPluginAsync } from "fastify";
import { LIMITS } from "./platform";
import { SANDBOX_PREFIX } from "./api-path";
import { Credentials, OAuthVerifier } from "./auth";
import { EmulatorState, RouteOptions } from "./context";
import { PlatformClock } from "./clock";
import { Control } from "./control";
import { Faults } from "./faults";
import { Holds } from "./holds";
import { Latency, LatencyConfig } from "./latency";
import { errorsPlugin } from "./plugins/errors";
import { oauthPlugin } from "./plugins/oauth";
import { rateLimitPlugin } from "./plugins/rate-limits";
import { statePlugin } from "./plugins/state";
import { trafficPlugin } from "./plugins/traffic";
import { RateLimiter } from "./rate-limit";
import { RequestLog } from "./request-log";
import { controlRoutes } from "./routes/control";
import { oauthRoutes } from "./routes/oauth";
import { usersRoutes } from "./routes/users";
import { webhookRoutes } from "./routes/webhooks";
import { API_ROUTES } from "./routes";
import { DEMO_USER_ID } from "./seed";
import { AuthTokens, DEMO_SCREEN_NAME } from "./tokens";
import { XUsers } from "./users";
import { Webhooks } from "./webhooks";
import { Clock, Env, Store } from "./store";
import { toJson } from "./json";
import { paramsRecord } from "./wire";

export interface AppOptions {
  credentials: Credentials;
  /** The user the access token belongs to; the seeded account's user by default. */
  userId?: string;
  /** The screen name of that user, as oauth/access_token answers it. */
  screenName?: string;
  /** The plain clock, epoch milliseconds; Date.now by default. The platform's clock starts at it (clock.ts). */
  clock?: Clock;
  /** fastify's logger; off by default (it would print requests, never credentials, but it is noise). */
  logger?: boolean;
  /** A wait before each API request is handled, as a real round trip (benchmarks); none by default. */
  latency?: LatencyConfig;
}

/** The two environments and their bases (README "Two environments"). */
const BASES: ReadonlyArray<readonly [prefix: string, env: Env]> = [["", "production"], [SANDBOX_PREFIX, "sandbox"]];

export function buildApp(options: AppOptions): FastifyInstance {
  const plainClock = options.clock ?? Date.now;
  const time = new PlatformClock(plainClock);
  const userId = options.userId ?? DEMO_USER_ID;
  const { credentials } = options;
  const auth = new AuthTokens(
    { key: credentials.consumerKey, secret: credentials.consumerSecret },
    { id: userId, screenName: options.screenName ?? DEMO_SCREEN_NAME },
    { token: credentials.accessToken, secret: credentials.accessTokenSecret },
    plainClock,
  );
  const state: EmulatorState = {
    store: new Store(time.now),
    log: new RequestLog(),
    faults: new Faults(),
    limiter: new RateLimiter(plainClock),
    verifier: new OAuthVerifier(credentials, userId, plainClock, auth),
    holds: new Holds(),
    clock: time.now,
    time,
    plainClock,
    auth,
    webhooks: new Webhooks(time.now),
    users: new XUsers(() => ({ id: auth.user.id, name: auth.user.screenName, username: auth.user.screenName })),
    latency: new Latency(options.latency),
  };
  const control = new Control(state, userId);
  control.reset();

  const app = Fastify({
    logger: options.logger ?? false,
    // The largest body the platform accepts (audience uploads, ref audiences/reference.mdx, POST custom_audiences/:id/users: 5,000,000 bytes).
    bodyLimit: LIMITS.audienceUpload.bodyBytes,
    // Flat string parameters, as the platform reads them (wire.ts).
    routerOptions: { querystringParser: (qs) => paramsRecord(new URLSearchParams(qs)) },
  });

  // Numbers beyond 2^53 (bigints) written exactly (json.ts).
  app.setReplySerializer((payload) => toJson(payload));
  // Decorated here rather than in a plugin, so app.control works before app.ready().
  app.decorate("emulator", state);
  app.decorate("control", control);
  app.register(statePlugin);
  app.register(errorsPlugin);
  app.register(trafficPlugin);
  app.register(oauthPlugin);
  app.register(rateLimitPlugin);
  for (const [prefix, env] of BASES) {
    for (const routes of API_ROUTES) app.register(routes, { prefix, env });
  }
  // The platform API beside the Ads API (xdevplatform/docs fundamentals/authentication/): OAuth steps, app-only tokens, webhook and users lookup.
  app.register(oauthRoutes);
  app.register(webhookRoutes);
  app.register(usersRoutes);
  app.register(controlRoutes, { prefix: "/_emulator" });
  return app;
}
