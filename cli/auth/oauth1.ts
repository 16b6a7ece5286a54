/**
 * The three-legged OAuth 1.0a steps in PIN mode (xdevplatform/docs fundamentals/authentication/api-reference.mdx,
 * 5.1), signed with the project's signing (provider/client/signing.ts),
 * and the login in progress between `xads auth login` and `--pin`.
 */
import { createHash } from "node:crypto";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writePrivateFile } from "../../provider/cache-dir";
import { KeyPair, oauthStepHeader } from "../../provider/client/signing";
import {
  AppCredentials, checkResponse, parseFormResponse, platformRequest, PlatformAuthError, tokenCacheDir,
} from "../../provider/platform-auth";

const consumerOf = (app: AppCredentials): KeyPair => ({ key: app.consumerKey, secret: app.consumerSecret });

/** Step 1: a request token for PIN mode (`oauth_callback=oob`). */
export async function requestToken(app: AppCredentials): Promise<KeyPair> {
  const url = `${app.baseUrl}/oauth/request_token`;
  const authorization = oauthStepHeader(consumerOf(app), undefined, "POST", url, { oauth_callback: "oob" });
  const res = checkResponse("request_token", await platformRequest("POST", url, { headers: { authorization }, transport: app.transport }));
  const body = parseFormResponse(res.body, ["oauth_token", "oauth_token_secret"], "request_token");
  if (body.oauth_callback_confirmed !== "true") throw new PlatformAuthError("request_token did not confirm the callback (oauth_callback_confirmed is not true)");
  return { key: body.oauth_token, secret: body.oauth_token_secret };
}

/** Step 2: the page the user opens; force_login and screen_name as the platform takes them. */
export function authorizeUrl(baseUrl: string, requestToken: string, options: { forceLogin?: boolean; screenName?: string } = {}): string {
  const q = new URLSearchParams({ oauth_token: requestToken });
  if (options.forceLogin) q.set("force_login", "true");
  if (options.screenName) q.set("screen_name", options.screenName.replace(/^@/, ""));
  return `${baseUrl}/oauth/authorize?${q}`;
}

export interface AccessToken extends KeyPair {
  userId: string;
  screenName: string;
}

/**
 * Step 3: the PIN is the verifier. It travels in the query string, as the
 * reference's PIN-based example sends it (xdevplatform/docs
 * fundamentals/authentication/api-reference.mdx, POST oauth/access_token);
 * the request token goes in the signed header. The signature covers both.
 */
export async function exchangePin(app: AppCredentials, requestToken: KeyPair, pin: string): Promise<AccessToken> {
  const url = `${app.baseUrl}/oauth/access_token?${new URLSearchParams({ oauth_verifier: pin })}`;
  const authorization = oauthStepHeader(consumerOf(app), requestToken, "POST", url);
  const res = checkResponse("access_token", await platformRequest("POST", url, { headers: { authorization }, transport: app.transport }));
  const body = parseFormResponse(res.body, ["oauth_token", "oauth_token_secret", "user_id"], "access_token");
  return { key: body.oauth_token, secret: body.oauth_token_secret, userId: body.user_id, screenName: body.screen_name ?? "" };
}

/** Revokes an access token, signed with it (POST 1.1/oauth/invalidate_token). */
export async function invalidateAccessToken(app: AppCredentials, token: KeyPair): Promise<void> {
  const url = `${app.baseUrl}/1.1/oauth/invalidate_token`;
  const authorization = oauthStepHeader(consumerOf(app), token, "POST", url);
  checkResponse("invalidate_token", await platformRequest("POST", url, { headers: { authorization }, transport: app.transport }));
}

/**
 * A PIN as typed: digits, spaces ignored. The same line for every bad
 * input, and it does not repeat what was typed.
 */
export function parsePin(raw: string): string {
  const pin = raw.replace(/\s+/g, "");
  if (!/^\d{1,16}$/.test(pin)) throw new PlatformAuthError("the PIN must be the digits shown on the authorize page");
  return pin;
}

// --- the login in progress (request token and secret), between the two steps

/** One per program folder, stack, platform and application: a hash names it. */
export function pendingLoginPath(workDir: string, stackName: string, app: AppCredentials, env: NodeJS.ProcessEnv = process.env): string {
  const id = createHash("sha256").update([workDir, stackName, app.baseUrl, app.consumerKey].join("\n")).digest("hex").slice(0, 24);
  return join(tokenCacheDir(env), `login-${id}.json`);
}

export function savePendingLogin(path: string, requestToken: KeyPair): void {
  writePrivateFile(path, JSON.stringify({ request_token: requestToken.key, request_token_secret: requestToken.secret, started_at: new Date().toISOString() }));
}

export function readPendingLogin(path: string): KeyPair | undefined {
  try {
    const p = JSON.parse(readFileSync(path, "utf8")) as { request_token?: string; request_token_secret?: string };
    return p.request_token && p.request_token_secret ? { key: p.request_token, secret: p.request_token_secret } : undefined;
  } catch {
    return undefined;
  }
}

export function clearPendingLogin(path: string): void {
  rmSync(path, { force: true });
}
