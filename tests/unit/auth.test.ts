/**
 * The pure parts of `xads auth` and app-only authentication: RFC 1738
 * encoding, the Basic credential string, response and PIN parsing, and the
 * mapping of the platform's codes to lines that say what to do.
 */
import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { authorizeUrl, parsePin } from "../../cli/auth/oauth1";
import { resolveApp } from "../../cli/auth/settings";
import { pulumiErrorLine } from "../../cli/auth/stack-config";
import {
  authErrorMessage, basicAuthorization, bearerCachePath, errorCodeOf, parseBearerResponse, parseFormResponse, rfc1738Encode,
} from "../../provider/platform-auth";
import { oauthParams } from "../conformance/replay";
import { oauthStepHeader } from "../../provider/client/signing";
import { basicCredentialsMatch } from "../../emulator/routes/oauth";
import { parseFields } from "../../emulator/routes/webhooks";

describe("rfc1738Encode", () => {
  test("keeps alphanumerics and $-_.+!*'(), and %-encodes the rest as UTF-8 bytes, upper case", () => {
    expect(rfc1738Encode("AZaz09$-_.+!*'(),")).toBe("AZaz09$-_.+!*'(),");
    expect(rfc1738Encode("a b:c/d=e&f~%")).toBe("a%20b%3Ac%2Fd%3De%26f%7E%25");
    expect(rfc1738Encode("é")).toBe("%C3%A9");
  });
});

describe("oauthStepHeader", () => {
  const consumer = { key: "ck", secret: "cs" };
  const token = { key: "rt", secret: "rs" };

  test("a parameter of the URL's query is signed there and not repeated in the header (the PIN of access_token)", () => {
    const withPin = oauthParams(oauthStepHeader(consumer, token, "POST", "https://api.x.com/oauth/access_token?oauth_verifier=4868795"))!;
    expect(Object.keys(withPin)).not.toContain("oauth_verifier");
    expect(withPin.oauth_token).toBe("rt");
    // Signed over the query: the signature of the header's fields and the URL (RFC 5849 3.4.1) is the one sent.
    // (getSignature adds the URL's query to the fields it is given: each call gets a copy.)
    const { oauth_signature: signature, ...fields } = withPin;
    const hmac = (base: string, key: string) => createHmac("sha1", key).update(base).digest("base64");
    const oauth = new OAuth({ consumer, signature_method: "HMAC-SHA1", hash_function: hmac });
    expect(oauth.getSignature({ url: "https://api.x.com/oauth/access_token?oauth_verifier=4868795", method: "POST", data: {} }, "rs", { ...fields } as unknown as OAuth.Data)).toBe(signature);
    expect(oauth.getSignature({ url: "https://api.x.com/oauth/access_token", method: "POST", data: {} }, "rs", { ...fields } as unknown as OAuth.Data)).not.toBe(signature);
  });

  test("oauth_* params given apart travel in the header (oauth_callback of request_token)", () => {
    expect(oauthParams(oauthStepHeader(consumer, undefined, "POST", "https://api.x.com/oauth/request_token", { oauth_callback: "oob" }))).toMatchObject({ oauth_callback: "oob" });
  });
});

describe("basicAuthorization", () => {
  test("is Base64 of enc(key):enc(secret), the platform's documented example", () => {
    // The platform's own example key and secret (xdevplatform/docs fundamentals/authentication/api-reference.mdx builds it the same way).
    const header = basicAuthorization("xvz1evFS4wEEPTGEFPHBog", "L8qq9PZyRg6ieKGEKhZolGC0vJWLw8iEJ88DRdyOg");
    expect(header).toBe("Basic eHZ6MWV2RlM0d0VFUFRHRUZQSEJvZzpMOHFxOVBaeVJnNmllS0dFS2hab2xHQzB2SldMdzhpRUo4OERSZHlPZw==");
  });

  test("encodes a colon in the key, so the emulator splits key and secret right", () => {
    const header = basicAuthorization("key:with colon", "s:e");
    expect(Buffer.from(header.slice(6), "base64").toString()).toBe("key%3Awith%20colon:s%3Ae");
    expect(basicCredentialsMatch(header, "key:with colon", "s:e")).toBe(true);
    expect(basicCredentialsMatch(header, "key:with colon", "other")).toBe(false);
    expect(basicCredentialsMatch("Bearer x", "k", "s")).toBe(false);
  });
});

describe("response parsing", () => {
  test("a bearer answer must say token_type bearer", () => {
    expect(parseBearerResponse('{"token_type":"bearer","access_token":"AAA"}')).toBe("AAA");
    expect(() => parseBearerResponse('{"token_type":"mac","access_token":"AAA"}')).toThrow('oauth2/token answered token_type "mac", not "bearer": the token is not used');
    expect(() => parseBearerResponse('{"token_type":"bearer"}')).toThrow(/no access_token/);
    expect(() => parseBearerResponse("<html>")).toThrow(/other than JSON/);
  });

  test("name=value answers of the OAuth steps name what is missing", () => {
    expect(parseFormResponse("oauth_token=a&oauth_token_secret=b%2Bc&oauth_callback_confirmed=true", ["oauth_token", "oauth_token_secret"], "request_token"))
      .toEqual({ oauth_token: "a", oauth_token_secret: "b+c", oauth_callback_confirmed: "true" });
    expect(() => parseFormResponse("oauth_token=a", ["oauth_token", "user_id"], "access_token")).toThrow("access_token answered without user_id: check the platform base URL");
  });

  test("error codes come from errors[0].code, or from a problem's detail", () => {
    expect(errorCodeOf('{"errors":[{"code":99,"message":"Unable to verify your credentials","label":"authenticity_token_error"}]}')).toBe(99);
    expect(errorCodeOf('{"errors":[{"title":"Unauthorized","detail":"Invalid or expired token (code 89): ...","status":401}]}')).toBe(89);
    expect(errorCodeOf("not json")).toBeUndefined();
  });
});

describe("parsePin", () => {
  test("digits, spaces ignored; anything else is one line that does not repeat the input", () => {
    expect(parsePin(" 123 4567\n")).toBe("1234567");
    expect(() => parsePin("12a4567")).toThrow("the PIN must be the digits shown on the authorize page");
    expect(() => parsePin("")).toThrow(/digits/);
  });
});

describe("authErrorMessage", () => {
  test.each([
    ["ads_api", 401, 89, "the access token is invalid or revoked: run xads auth login"],
    ["access_token", 401, 89, "the request token expired or was already used: run xads auth login again for a new authorize URL and PIN"],
    ["access_token", 401, 32, "the PIN was not accepted: check it (the digits on the authorize page), or run xads auth login again for a new one"],
    ["webhooks", 401, 89, "the bearer token is invalid or revoked: run xads auth app-token for a new one"],
    ["ads_api", 403, 220, "these credentials do not allow access to this resource (code 220): an app-only bearer token cannot act for a user; run xads auth login for user-context credentials"],
    ["request_token", 503, undefined, "request_token failed with HTTP 503"],
  ] as const)("%s %s code %s", (step, status, code, line) => {
    expect(authErrorMessage(step, status, code)).toBe(line);
  });

  test("99 says to check the keys or wait", () => {
    expect(authErrorMessage("bearer_token", 403, 99)).toMatch(/^the platform could not verify the application's credentials \(code 99\): check the consumer key and secret .*wait a minute and retry$/);
    expect(authErrorMessage("invalidate_bearer", 403, 99)).toMatch(/not the outstanding one or was already revoked/);
  });
});

describe("resolveApp", () => {
  test("option, then stack config, then environment; what is not in the stack is named for login to store", () => {
    const env = { XADS_CONSUMER_KEY: "env-key", XADS_CONSUMER_SECRET: "env-secret" };
    expect(resolveApp({}, { "xads:consumerKey": "cfg-key" }, env)).toEqual({
      consumerKey: "cfg-key", consumerSecret: "env-secret", baseUrl: "https://api.x.com", notInStack: { "xads:consumerSecret": "env-secret" },
    });
    expect(resolveApp({ consumerKey: "opt", baseUrl: "http://127.0.0.1:8787/" }, {}, env)).toMatchObject({ consumerKey: "opt", baseUrl: "http://127.0.0.1:8787" });
    expect(resolveApp({}, { "xads:platformBaseUrl": "http://cfg" }, { ...env, XADS_PLATFORM_BASE_URL: "http://env" }).baseUrl).toBe("http://cfg");
  });

  test("missing keys and a bad base URL are one line each", () => {
    expect(() => resolveApp({}, {}, {})).toThrow(/consumer key and secret are needed: XADS_CONSUMER_KEY/);
    expect(() => resolveApp({ baseUrl: "ftp://x" }, {}, { XADS_CONSUMER_KEY: "k", XADS_CONSUMER_SECRET: "s" })).toThrow('--base-url must be an http(s) address, got "ftp://x"');
  });
});

test("the authorize URL carries force_login and screen_name", () => {
  expect(authorizeUrl("http://h", "rt", { forceLogin: true, screenName: "@someone" })).toBe("http://h/oauth/authorize?oauth_token=rt&force_login=true&screen_name=someone");
});

test("the bearer cache file is named by a hash, never by the key", () => {
  const path = bearerCachePath({ consumerKey: "my-consumer-key", baseUrl: "http://h" }, { XDG_CACHE_HOME: "/c" });
  expect(path).toMatch(/^\/c\/pulumi-xads\/tokens\/bearer-[0-9a-f]{24}\.json$/);
});

test("pulumi's error line is kept, the rest of its output is not", () => {
  expect(pulumiErrorLine(new Error("code: 255\n stdout: \n stderr: error: no stack named 'nope' found\n"))).toBe("no stack named 'nope' found");
});

test("webhook_config.fields: at least one of created_at, id, url, valid", () => {
  expect([...parseFields("url")].sort()).toEqual(["id", "url"]);
  expect(() => parseFields("url,nope")).toThrow(/\[nope\] is not one of \[created_at,id,url,valid\]/);
  expect(() => parseFields("")).toThrow(/is not one of/);
});
