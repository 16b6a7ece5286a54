/**
 * The credentials the platform issues and revokes (xdevplatform/docs fundamentals/authentication/api-reference.mdx,
 * 4.2, 5): OAuth 1.0a request tokens and access tokens of the three-legged
 * flow, and the one app-only bearer token of the application. Free of
 * fastify: the routes in routes/oauth.ts call it.
 *
 * Lifetimes run on the auth clock (the emulator's clock plus what
 * `advance` added), so tests move time instead of waiting. Signature
 * timestamps keep the plain clock: clients sign with their own.
 */
import { randomBytes, randomInt } from "node:crypto";
import { ApiError } from "./errors";
import { Clock } from "./store";

/** The screen name of the configured user (any handle does). */
export const DEMO_SCREEN_NAME = "xads_demo";

/** The real platform request tokens are short-lived (minutes, undocumented): the emulator's live 15 minutes. */
export const REQUEST_TOKEN_LIFETIME_MS = 15 * 60_000;
/**
 * The threshold of "too frequently" is not documented; the real
 * platform answers 403 code 99 to token requests that come too often. The
 * emulator refuses a second oauth2/token within 10 s of the last one it granted.
 */
export const BEARER_MIN_INTERVAL_MS = 10_000;
/** The real platform refuses further attempts after a few wrong verifiers. The emulator voids the request token after 3. */
export const MAX_VERIFIER_ATTEMPTS = 3;

export interface ConsumerApp {
  key: string;
  secret: string;
}

export interface PlatformUser {
  id: string;
  screenName: string;
}

export interface RequestToken {
  token: string;
  secret: string;
  /** An absolute URL, or `oob` (PIN mode). */
  callback: string;
  issuedAt: number;
  /** Set once the user approved on the authorize page: the PIN in oob mode. */
  verifier?: string;
  failedAttempts: number;
}

export interface AccessToken {
  token: string;
  secret: string;
  userId: string;
  screenName: string;
  revoked: boolean;
}

export interface AccessTokenInput {
  token: string;
  secret: string;
}

export class AuthTokens {
  private offsetMs = 0;
  private requestTokens = new Map<string, RequestToken>();
  private accessTokens = new Map<string, AccessToken>();
  /** Every bearer token ever issued: true while it is the outstanding one. */
  private bearers = new Map<string, boolean>();
  private bearer?: string;
  private lastBearerGrantAt?: number;

  constructor(
    readonly app: ConsumerApp,
    readonly user: PlatformUser,
    /** The access token the emulator was started with: live after every reset. */
    private readonly configured: AccessTokenInput,
    private readonly clock: Clock,
  ) {
    this.reset();
  }

  /** The auth clock: the emulator's clock plus what tests advanced it by. */
  now(): number {
    return this.clock() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the seeded state: only the configured access token, no bearer token. The clock keeps its advance. */
  reset(): void {
    this.requestTokens = new Map();
    this.accessTokens = new Map();
    this.bearers = new Map();
    this.bearer = undefined;
    this.lastBearerGrantAt = undefined;
    this.accessTokens.set(this.configured.token, {
      token: this.configured.token, secret: this.configured.secret, userId: this.user.id, screenName: this.user.screenName, revoked: false,
    });
  }

  // --- OAuth 1.0a: request tokens (step 1), approval (step 2), exchange (step 3)

  issueRequestToken(callback: string): RequestToken {
    const rt: RequestToken = { token: token(27), secret: token(32), callback, issuedAt: this.now(), failedAttempts: 0 };
    this.requestTokens.set(rt.token, rt);
    return rt;
  }

  /** A request token that can still be approved or exchanged; 401 code 89 otherwise. */
  liveRequestToken(value: string | undefined): RequestToken {
    const rt = value === undefined ? undefined : this.requestTokens.get(value);
    if (!rt) throw ApiError.auth(89);
    if (this.now() - rt.issuedAt > REQUEST_TOKEN_LIFETIME_MS) {
      this.requestTokens.delete(rt.token);
      throw ApiError.auth(89);
    }
    return rt;
  }

  /** The user cancelled on the authorize page: the request token is void. */
  forgetRequestToken(value: string): void {
    this.requestTokens.delete(value);
  }

  /** The user approved on the authorize page: the verifier (a 7-digit PIN in oob mode, as on the real platform). */
  approve(value: string | undefined): RequestToken {
    const rt = this.liveRequestToken(value);
    rt.verifier ??= rt.callback === "oob" ? String(randomInt(10_000_000)).padStart(7, "0") : token(32);
    return rt;
  }

  /**
   * Step 3: the verifier is strictly required and must match (401 code 32
   * otherwise); a request token is exchanged once.
   */
  exchange(rt: RequestToken, verifier: string | undefined): AccessToken {
    if (rt.verifier === undefined || verifier === undefined || verifier !== rt.verifier) {
      rt.failedAttempts++;
      if (rt.failedAttempts >= MAX_VERIFIER_ATTEMPTS) this.requestTokens.delete(rt.token);
      throw ApiError.auth(32);
    }
    this.requestTokens.delete(rt.token);
    const at: AccessToken = {
      token: `${this.user.id}-${token(30)}`, secret: token(45), userId: this.user.id, screenName: this.user.screenName, revoked: false,
    };
    this.accessTokens.set(at.token, at);
    return at;
  }

  /** An access token, live or revoked, or undefined if it was never issued. */
  accessToken(value: string | undefined): AccessToken | undefined {
    return value === undefined ? undefined : this.accessTokens.get(value);
  }

  revokeAccessToken(value: string): void {
    const at = this.accessTokens.get(value);
    if (at) at.revoked = true;
  }

  // --- OAuth 2.0 app-only bearer token

  /** The application's one outstanding bearer token: the same until invalidated; 403 code 99 when asked too often. */
  grantBearer(): string {
    const now = this.now();
    if (this.lastBearerGrantAt !== undefined && now - this.lastBearerGrantAt < BEARER_MIN_INTERVAL_MS) throw ApiError.auth(99);
    this.lastBearerGrantAt = now;
    if (!this.bearer) {
      this.bearer = `${"A".repeat(22)}${token(90)}`;
      this.bearers.set(this.bearer, true);
    }
    return this.bearer;
  }

  /** 403 code 99 for an incorrect or already revoked token (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx). */
  revokeBearer(value: string | undefined): string {
    if (value === undefined || value !== this.bearer) throw ApiError.auth(99);
    this.bearers.set(value, false);
    this.bearer = undefined;
    return value;
  }

  isLiveBearer(value: string): boolean {
    return this.bearers.get(value) === true;
  }
}

/** Random URL-safe token text. */
function token(length: number): string {
  return randomBytes(length).toString("base64url").slice(0, length);
}
