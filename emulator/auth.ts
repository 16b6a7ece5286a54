/**
 * OAuth 1.0a (RFC 5849) HMAC-SHA1 verification of user-context requests.
 * The signature base string covers the method, the URL without query as the
 * client addressed it, the query parameters, form-encoded body parameters
 * and the oauth_* parameters; JSON bodies are not signed (RFC 5849 3.4.1.3
 * signs only application/x-www-form-urlencoded bodies).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "./errors";
import { Clock } from "./store";
import type { AuthTokens } from "./tokens";

/** The four OAuth 1.0a credentials requests are signed with (RFC 5849: client and token, each a key and a secret). */
export interface Credentials {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

/** A request as the verifier sees it. */
export interface SignedRequest {
  method: string;
  /** `http://<Host header><path>`, no query. */
  baseUrl: string;
  /** Query and form-body parameters, decoded, duplicates kept. */
  params: ReadonlyArray<readonly [string, string]>;
  authorization: string | undefined;
}

/** RFC 3986 percent-encoding: everything but the unreserved characters. */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The parameters of an `Authorization: OAuth k="v", ...` header, decoded. */
export function parseAuthorization(header: string | undefined): Map<string, string> | undefined {
  if (!header || !/^OAuth\s/i.test(header)) return undefined;
  const out = new Map<string, string>();
  for (const m of header.slice(6).matchAll(/([^\s=,]+)\s*=\s*"([^"]*)"/g)) {
    try {
      out.set(decodeURIComponent(m[1]), decodeURIComponent(m[2]));
    } catch {
      return undefined;
    }
  }
  return out;
}

/** RFC 5849 3.4.1: METHOD & enc(base URL) & enc(sorted, encoded parameters). */
export function signatureBaseString(method: string, baseUrl: string, params: ReadonlyArray<readonly [string, string]>): string {
  const normalized = params
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? compare(av, bv) : compare(ak, bk)))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return [method.toUpperCase(), percentEncode(baseUrl), percentEncode(normalized)].join("&");
}

/** HMAC-SHA1 keyed with enc(consumer secret)&enc(token secret), base64. */
export function hmacSha1(base: string, consumerSecret: string, tokenSecret: string): string {
  return createHmac("sha1", `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`).update(base).digest("base64");
}

/** Byte order, as the RFC asks (not locale order). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How far a request's timestamp may be from the emulator's clock. */
const MAX_CLOCK_SKEW_SECONDS = 300;
/** Nonces are remembered for twice the skew: an older request is refused by its timestamp anyway. */
const NONCE_MEMORY_SECONDS = 2 * MAX_CLOCK_SKEW_SECONDS;
/** A bound on remembered nonces, so a flood cannot grow memory without end. */
const MAX_NONCES = 100_000;

export class OAuthVerifier {
  /** nonce key -> timestamp (seconds), in insertion order for pruning. */
  private readonly nonces = new Map<string, number>();

  constructor(
    private readonly credentials: Credentials,
    /** The user the access token belongs to. */
    private readonly userId: string,
    private readonly clock: Clock,
    /** Tokens issued by the three-legged flow; without it, only the configured access token is known. */
    private readonly tokens?: AuthTokens,
  ) {}

  /**
   * The user id of a correctly signed user-context request; throws 401
   * otherwise: code 89 for a token that was revoked (xdevplatform/docs fundamentals/authentication/api-reference.mdx).
   */
  verify(req: SignedRequest): string {
    let revoked = false;
    let userId = this.userId;
    this.verifyStep(req, (token) => {
      const issued = this.tokens?.accessToken(token);
      if (issued) {
        revoked = issued.revoked;
        userId = issued.userId;
        return issued.secret;
      }
      if (token === undefined || token !== this.credentials.accessToken) throw ApiError.unauthorized("unknown access token");
      return this.credentials.accessTokenSecret;
    });
    // Only a correctly signed request learns that its token was revoked.
    if (revoked) throw ApiError.auth(89);
    return userId;
  }

  /**
   * Verifies the signature of any OAuth 1.0a request of the configured
   * application: `tokenSecret` answers the secret of the token the header
   * names (undefined when it names none) or throws. Answers the header's
   * parameters.
   */
  verifyStep(req: SignedRequest, tokenSecret: (token: string | undefined) => string): Map<string, string> {
    const oauth = parseAuthorization(req.authorization);
    if (!oauth) throw ApiError.unauthorized("no OAuth Authorization header");
    const get = (name: string) => oauth.get(name);
    if (get("oauth_signature_method") !== "HMAC-SHA1") throw ApiError.unauthorized("oauth_signature_method must be HMAC-SHA1");
    const version = get("oauth_version");
    if (version !== undefined && version !== "1.0") throw ApiError.unauthorized("oauth_version must be 1.0");
    if (get("oauth_consumer_key") !== this.credentials.consumerKey) throw ApiError.unauthorized("unknown consumer key");
    const token = get("oauth_token");
    const secret = tokenSecret(token);
    const nonce = get("oauth_nonce");
    if (!nonce) throw ApiError.unauthorized("oauth_nonce is missing");
    const timestamp = Number(get("oauth_timestamp"));
    const now = Math.floor(this.clock() / 1000);
    if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
      throw ApiError.unauthorized(`oauth_timestamp must be within ${MAX_CLOCK_SKEW_SECONDS} seconds of the server's clock`);
    }
    const signature = get("oauth_signature") ?? "";
    const signed = [...oauth].filter(([k]) => k.startsWith("oauth_") && k !== "oauth_signature");
    const base = signatureBaseString(req.method, req.baseUrl, [...req.params, ...signed]);
    const expected = hmacSha1(base, this.credentials.consumerSecret, secret);
    if (!sameString(signature, expected)) throw ApiError.unauthorized("the signature does not match");
    // Only a verified request uses up its nonce: a forged one cannot burn a client's nonce.
    this.useNonce(`${token ?? this.credentials.consumerKey}\n${nonce}`, timestamp, now);
    return oauth;
  }

  private useNonce(key: string, timestamp: number, now: number): void {
    this.prune(now);
    if (this.nonces.has(key)) throw ApiError.unauthorized("the nonce was already used");
    this.nonces.set(key, timestamp);
  }

  private prune(now: number): void {
    for (const [key, ts] of this.nonces) {
      if (this.nonces.size < MAX_NONCES && ts >= now - NONCE_MEMORY_SECONDS) break;
      this.nonces.delete(key);
    }
  }
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
