/**
 * OAuth 1.0a pieces (RFC 5849), checked against the RFC's own example and
 * against the oauth-1.0a package the provider's client signs with.
 */
import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { hmacSha1, OAuthVerifier, parseAuthorization, percentEncode, signatureBaseString } from "../../emulator/auth";
import { ApiError } from "../../emulator/errors";

const creds = { consumerKey: "ck", consumerSecret: "cs", accessToken: "at", accessTokenSecret: "ats" };
const NOW_MS = 1_800_000_000_000;

function signedHeader(url: string, data: Record<string, string>, timestamp = NOW_MS / 1000): string {
  const oauth = new OAuth({
    consumer: { key: creds.consumerKey, secret: creds.consumerSecret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
  oauth.getTimeStamp = () => timestamp;
  return oauth.toHeader(oauth.authorize({ url, method: "GET", data }, { key: creds.accessToken, secret: creds.accessTokenSecret })).Authorization;
}

function rejection(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return `${err.status} ${err.errors[0].code}: ${err.errors[0].message}`;
    throw err;
  }
  throw new Error("did not throw");
}

describe("percentEncode", () => {
  test("leaves only RFC 3986 unreserved characters as they are", () => {
    expect(percentEncode("AZaz09-._~")).toBe("AZaz09-._~");
    expect(percentEncode("!'()* /+=&%")).toBe("%21%27%28%29%2A%20%2F%2B%3D%26%25");
    expect(percentEncode("é")).toBe("%C3%A9");
  });
});

describe("the signature base string", () => {
  test("matches the example of RFC 5849 section 3.4.1.1", () => {
    const params: [string, string][] = [
      ["b5", "=%3D"], ["a3", "a"], ["c@", ""], ["a2", "r b"],
      ["oauth_consumer_key", "9djdj82h48djs9d2"], ["oauth_token", "kkk9d7dh3k39sjv7"],
      ["oauth_signature_method", "HMAC-SHA1"], ["oauth_timestamp", "137131201"], ["oauth_nonce", "7d8f3e4a"],
      ["c2", ""], ["a3", "2 q"],
    ];
    expect(signatureBaseString("post", "http://example.com/request", params)).toBe(
      "POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7",
    );
  });

  test("the HMAC-SHA1 key is the encoded consumer secret and token secret", () => {
    const expected = createHmac("sha1", "c%26s&t%20s").update("base").digest("base64");
    expect(hmacSha1("base", "c&s", "t s")).toBe(expected);
  });
});

describe("parseAuthorization", () => {
  test("decodes every k=\"v\" pair; anything but an OAuth header is undefined", () => {
    const parsed = parseAuthorization('OAuth oauth_consumer_key="a%20b", oauth_signature="x%2By%3D"');
    expect(parsed && Object.fromEntries(parsed)).toEqual({ oauth_consumer_key: "a b", oauth_signature: "x+y=" });
    expect(parseAuthorization("Bearer abc")).toBeUndefined();
    expect(parseAuthorization(undefined)).toBeUndefined();
  });
});

describe("OAuthVerifier", () => {
  const url = "http://ads.test:8080/sandbox/12/accounts";
  const query: [string, string][] = [["count", "5"], ["q", "a b*"]];
  const verifier = () => new OAuthVerifier(creds, "u1", () => NOW_MS);

  test("accepts what the oauth-1.0a package signs, and answers the user", () => {
    const authorization = signedHeader(url, Object.fromEntries(query));
    expect(verifier().verify({ method: "GET", baseUrl: url, params: query, authorization })).toBe("u1");
  });

  test("refuses a changed parameter, a changed URL and a replay", () => {
    const v = verifier();
    const authorization = signedHeader(url, Object.fromEntries(query));
    expect(rejection(() => v.verify({ method: "GET", baseUrl: url, params: [["count", "6"], ["q", "a b*"]], authorization })))
      .toBe("401 UNAUTHORIZED_ACCESS: This request is not properly authenticated: the signature does not match");
    expect(rejection(() => v.verify({ method: "GET", baseUrl: url.replace("sandbox/", ""), params: query, authorization })))
      .toMatch(/signature does not match/);
    v.verify({ method: "GET", baseUrl: url, params: query, authorization });
    expect(rejection(() => v.verify({ method: "GET", baseUrl: url, params: query, authorization }))).toMatch(/nonce was already used/);
  });

  test("refuses timestamps more than 300 seconds away, either way", () => {
    for (const skew of [-301, 301]) {
      const authorization = signedHeader(url, {}, NOW_MS / 1000 + skew);
      expect(rejection(() => verifier().verify({ method: "GET", baseUrl: url, params: [], authorization }))).toMatch(/within 300 seconds/);
    }
    const authorization = signedHeader(url, {}, NOW_MS / 1000 + 300);
    expect(verifier().verify({ method: "GET", baseUrl: url, params: [], authorization })).toBe("u1");
  });
});
