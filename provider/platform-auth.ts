/**
 * The platform's authorization endpoints (xdevplatform/docs fundamentals/authentication/api-reference.mdx and fundamentals/authentication/oauth-2-0/application-only.mdx) as
 * the `xads auth` commands and the app-only data sources use them: the
 * app-only bearer token (obtain, cache, invalidate), plain HTTP through got,
 * and the error lines that tell the user what to do. Nothing here prints or
 * throws a credential.
 */
import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { cacheDir, writePrivateFile } from "./cache-dir";
import { gotTransport, Transport } from "./client/client";

/** What app-only requests need: the application's keys and where the platform API is. */
export interface AppCredentials {
  consumerKey: string;
  consumerSecret: string;
  /** The platform API base, e.g. https://api.x.com or the emulator's root. */
  baseUrl: string;
  /** What sends the requests (default: got); tests answer from recordings through it, as they do under the Ads API client. */
  transport?: Transport;
}

/** Which call failed: the same code means different things at different steps. */
export type AuthStep =
  | "request_token" | "access_token" | "invalidate_token"
  | "bearer_token" | "invalidate_bearer" | "webhooks" | "ads_api";

/** A failure of a platform call, with one line that says what to do; `exitCode` for the CLI. */
export class PlatformAuthError extends Error {
  override readonly name = "PlatformAuthError";
  constructor(message: string, readonly status?: number, readonly code?: number | string) {
    super(message);
  }
}

/**
 * RFC 1738 URL-encoding (xdevplatform/docs fundamentals/authentication/api-reference.mdx): every character but the
 * alphanumerics and `$-_.+!*'(),` is %XX-encoded (UTF-8 bytes, upper case).
 */
export function rfc1738Encode(s: string): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9$\-_.+!*'(),]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** `Basic <Base64(enc(key) ":" enc(secret))>` (xdevplatform/docs fundamentals/authentication/api-reference.mdx). */
export function basicAuthorization(consumerKey: string, consumerSecret: string): string {
  return `Basic ${Buffer.from(`${rfc1738Encode(consumerKey)}:${rfc1738Encode(consumerSecret)}`, "utf8").toString("base64")}`;
}

/** The bearer token of an oauth2/token answer; `token_type` must be `bearer` (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx). */
export function parseBearerResponse(body: string): string {
  let parsed: { token_type?: unknown; access_token?: unknown };
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new PlatformAuthError("oauth2/token answered something other than JSON: check the platform base URL");
  }
  if (parsed.token_type !== "bearer") {
    throw new PlatformAuthError(`oauth2/token answered token_type ${JSON.stringify(parsed.token_type ?? null)}, not "bearer": the token is not used`);
  }
  if (typeof parsed.access_token !== "string" || parsed.access_token === "") {
    throw new PlatformAuthError("oauth2/token answered no access_token");
  }
  return parsed.access_token;
}

/** The `name=value&...` answers of the OAuth 1.0a steps; every `required` name must be there. */
export function parseFormResponse(body: string, required: readonly string[], step: AuthStep): Record<string, string> {
  const values = Object.fromEntries(new URLSearchParams(body.trim()));
  const missing = required.filter((k) => !values[k]);
  if (missing.length > 0) throw new PlatformAuthError(`${step} answered without ${missing.join(", ")}: check the platform base URL`);
  return values;
}

/** The platform's numbered error of a response body (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx), or of problem details (GET 2/webhooks). */
export function errorCodeOf(body: string): number | string | undefined {
  try {
    const parsed = JSON.parse(body) as { errors?: { code?: number | string; status?: number; detail?: string }[] };
    const first = parsed.errors?.[0];
    if (first?.code !== undefined) return first.code;
    // Problem details carry no code; the emulator and the platform name 89 in the detail of a revoked bearer token.
    const m = /code (\d+)/.exec(first?.detail ?? "");
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

const LOGIN = "run xads auth login";
const KEYS = "check the consumer key and secret (xads:consumerKey and xads:consumerSecret, or XADS_CONSUMER_KEY and XADS_CONSUMER_SECRET)";

/**
 * One line that says what went wrong and what to do, for a failed call at
 * `step`. Never carries a credential: only the status, the platform's code
 * and fixed text.
 */
export function authErrorMessage(step: AuthStep, status: number, code: number | string | undefined): string {
  switch (code) {
    case 89:
      if (step === "access_token") return "the request token expired or was already used: run xads auth login again for a new authorize URL and PIN";
      if (step === "webhooks" || step === "invalidate_bearer") return "the bearer token is invalid or revoked: run xads auth app-token for a new one";
      return `the access token is invalid or revoked: ${LOGIN}`;
    case 99:
      if (step === "invalidate_bearer") return `the platform refused to invalidate the bearer token (code 99): it is not the outstanding one or was already revoked, or ${KEYS}`;
      return `the platform could not verify the application's credentials (code 99): ${KEYS}; if they are right, a bearer token was asked for too often: wait a minute and retry`;
    case 220:
      return `these credentials do not allow access to this resource (code 220): an app-only bearer token cannot act for a user; ${LOGIN} for user-context credentials`;
    case 32:
      if (step === "access_token") return "the PIN was not accepted: check it (the digits on the authorize page), or run xads auth login again for a new one";
      return `the platform could not authenticate the request (code 32): ${KEYS}`;
    default:
      return `${step} failed with HTTP ${status}${code === undefined ? "" : ` (code ${code})`}`;
  }
}

export interface PlatformResponse {
  status: number;
  body: string;
}

/** One plain request to the platform API: never retried (token requests count against "too often"). */
export async function platformRequest(
  method: "GET" | "POST", url: string,
  options: { headers?: Record<string, string>; form?: Record<string, string>; timeoutMs?: number; transport?: Transport } = {},
): Promise<PlatformResponse> {
  const headers: Record<string, string> = { "user-agent": "pulumi-xads", ...options.headers };
  if (options.form) headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
  try {
    const res = await (options.transport ?? gotTransport)({
      method,
      url,
      headers,
      body: options.form ? new URLSearchParams(options.form).toString() : undefined,
      timeoutMs: options.timeoutMs ?? 30_000,
    });
    return { status: res.statusCode, body: res.body };
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err instanceof Error ? err.name : "error");
    throw new PlatformAuthError(`could not reach ${new URL(url).origin} (${code}): check the platform base URL (xads:platformBaseUrl or XADS_PLATFORM_BASE_URL)`);
  }
}

/** Throws the step's line for a non-2xx answer. */
export function checkResponse(step: AuthStep, res: PlatformResponse): PlatformResponse {
  if (res.status >= 200 && res.status < 300) return res;
  const code = errorCodeOf(res.body);
  throw new PlatformAuthError(authErrorMessage(step, res.status, code), res.status, code);
}

// --- the app-only bearer token

/** POST oauth2/token with client credentials: the application's one outstanding bearer token. */
export async function requestBearerToken(app: AppCredentials): Promise<string> {
  const res = await platformRequest("POST", `${app.baseUrl}/oauth2/token`, {
    headers: { authorization: basicAuthorization(app.consumerKey, app.consumerSecret) },
    form: { grant_type: "client_credentials" },
    transport: app.transport,
  });
  return parseBearerResponse(checkResponse("bearer_token", res).body);
}

/** POST oauth2/invalidate_token, with client credentials (one of the two usages the api-reference shows). */
export async function invalidateBearerToken(app: AppCredentials, token: string): Promise<void> {
  const res = await platformRequest("POST", `${app.baseUrl}/oauth2/invalidate_token`, {
    headers: { authorization: basicAuthorization(app.consumerKey, app.consumerSecret) },
    form: { access_token: token },
    transport: app.transport,
  });
  checkResponse("invalidate_bearer", res);
}

/**
 * Where tokens are cached: `$XDG_CACHE_HOME/pulumi-xads/tokens` (default
 * `~/.cache/pulumi-xads/tokens`), a folder of mode 0700 with files of mode
 * 0600. The platform asks that bearer tokens be cached (xdevplatform/docs fundamentals/authentication/api-reference.mdx).
 */
export function tokenCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return cacheDir(env, "tokens");
}

/** One file per application and platform: named by a hash, so the key itself is in no file name. */
export function bearerCachePath(app: Pick<AppCredentials, "consumerKey" | "baseUrl">, env: NodeJS.ProcessEnv = process.env): string {
  const id = createHash("sha256").update(`${app.baseUrl}\n${app.consumerKey}`).digest("hex").slice(0, 24);
  return join(tokenCacheDir(env), `bearer-${id}.json`);
}

export function readCachedBearer(app: AppCredentials, env: NodeJS.ProcessEnv = process.env): string | undefined {
  try {
    const cached = JSON.parse(readFileSync(bearerCachePath(app, env), "utf8")) as { token_type?: string; access_token?: string };
    return cached.token_type === "bearer" && typeof cached.access_token === "string" ? cached.access_token : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedBearer(app: AppCredentials, token: string, env: NodeJS.ProcessEnv = process.env): string {
  const path = bearerCachePath(app, env);
  writePrivateFile(path, JSON.stringify({ token_type: "bearer", access_token: token, base_url: app.baseUrl, obtained_at: new Date().toISOString() }));
  return path;
}

export function removeCachedBearer(app: AppCredentials, env: NodeJS.ProcessEnv = process.env): void {
  rmSync(bearerCachePath(app, env), { force: true });
}

/** The cached bearer token, else a new one from oauth2/token (then cached). */
export async function bearerToken(app: AppCredentials, env: NodeJS.ProcessEnv = process.env): Promise<{ token: string; cached: boolean }> {
  const cached = readCachedBearer(app, env);
  if (cached) return { token: cached, cached: true };
  const token = await requestBearerToken(app);
  writeCachedBearer(app, token, env);
  return { token, cached: false };
}

