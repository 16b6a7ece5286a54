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
