import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";

/** The four OAuth 1.0a credentials of user-context requests. */
export interface Credentials {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

/**
 * The `Authorization` header of one request, HMAC-SHA1. Query parameters are
 * signed; JSON bodies are not (OAuth 1.0a signs only form bodies), so the
 * caller passes the query only. A fresh nonce and timestamp every call: a
 * retried request is signed again, never replayed.
 */
export function authorizationHeader(
  creds: Credentials,
  method: string,
  url: string,
  query: Record<string, string>,
): string {
  const oauth = new OAuth({
    consumer: { key: creds.consumerKey, secret: creds.consumerSecret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
  const data = oauth.authorize(
    { url, method, data: query },
    { key: creds.accessToken, secret: creds.accessTokenSecret },
  );
  return oauth.toHeader(data).Authorization;
}

/** A key and its secret: the application's consumer key, or a request or access token. */
export interface KeyPair {
  key: string;
  secret: string;
}

/**
 * The `Authorization` header of an OAuth step (xdevplatform/docs fundamentals/authentication/api-reference.mdx):
 * signed with the consumer key and, when there is one, a token (none for
 * request_token). oauth-1.0a puts every `oauth_*` entry of `params`
 * (oauth_callback) in the header and signs it; the other params are signed
 * and must be sent as query or form parameters. The URL's query is signed
 * and travels in the URL only: oauth-1.0a would copy its `oauth_*`
 * parameters (oauth_verifier) into the header too, and a server that reads
 * both counts them twice in the signature.
 */
export function oauthStepHeader(consumer: KeyPair, token: KeyPair | undefined, method: string, url: string, params: Record<string, string> = {}): string {
  const oauth = new OAuth({
    consumer: { key: consumer.key, secret: consumer.secret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
  const signed: Record<string, unknown> = { ...oauth.authorize({ url, method, data: { ...params } }, token ? { key: token.key, secret: token.secret } : undefined) };
  for (const name of new URL(url).searchParams.keys()) if (!(name in params)) delete signed[name];
  return oauth.toHeader(signed as unknown as OAuth.Authorization).Authorization;
}
