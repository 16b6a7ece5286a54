/**
 * The platform's authorization endpoints in the emulator (xdevplatform/docs
 * fundamentals/authentication/ and openapi.json, GET /2/webhooks): the three-legged PIN flow, revocation, the app-only
 * bearer token and its limits, and the webhook lookup.
 */
import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import { ACCOUNT, CREDS, HOST, TestApi } from "./emulator-helpers";
import { BEARER_MIN_INTERVAL_MS, REQUEST_TOKEN_LIFETIME_MS } from "../../emulator/tokens";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

interface Token { key: string; secret: string }

/** A request signed with the application's keys and `token` (none for request_token), extra oauth_* in the header. */
async function oauthCall(method: string, path: string, token?: Token, opts: { oauth?: Record<string, string>; form?: Record<string, string>; consumerSecret?: string } = {}) {
  const oauth = new OAuth({
    consumer: { key: CREDS.consumerKey, secret: opts.consumerSecret ?? CREDS.consumerSecret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
  // oauth-1.0a puts every oauth_* data parameter in the header (and signs it).
  const data = oauth.authorize({ url: `http://${HOST}${path}`, method, data: { ...opts.oauth, ...opts.form } }, token);
  const headers: Record<string, string> = { host: HOST, authorization: oauth.toHeader(data).Authorization };
  let payload: string | undefined;
  if (opts.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(opts.form).toString();
  }
  const res = await api.app.inject({ method: method as "POST", url: path, headers, payload });
  return { status: res.statusCode, text: res.body, json: () => JSON.parse(res.body), headers: res.headers };
}

function formBody(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

async function requestToken(callback = "oob"): Promise<Token> {
  const res = await oauthCall("POST", "/oauth/request_token", undefined, { oauth: { oauth_callback: callback } });
  expect(res.status).toBe(200);
  const body = formBody(res.text);
  expect(body.oauth_callback_confirmed).toBe("true");
  return { key: body.oauth_token, secret: body.oauth_token_secret };
}

/** The user approves on the authorize page: answers the PIN shown in #oauth_pin. */
async function approve(rt: Token, path = "/oauth/authorize"): Promise<string> {
  const page = await api.app.inject({ method: "GET", url: `${path}?oauth_token=${encodeURIComponent(rt.key)}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('id="oauth_form"');
  const res = await api.app.inject({
    method: "POST", url: path, headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ oauth_token: rt.key, allow: "Authorize app" }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return /<code id="oauth_pin">(\d+)<\/code>/.exec(res.body)![1];
}

async function login(): Promise<Token & { userId: string; screenName: string }> {
  const rt = await requestToken();
  const pin = await approve(rt);
  const res = await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: pin } });
  expect(res.status).toBe(200);
  const b = formBody(res.text);
  return { key: b.oauth_token, secret: b.oauth_token_secret, userId: b.user_id, screenName: b.screen_name };
}

function basic(key = CREDS.consumerKey, secret = CREDS.consumerSecret): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(key)}:${encodeURIComponent(secret)}`).toString("base64")}`;
}

async function bearer(authorization = basic(), payload = "grant_type=client_credentials") {
  const res = await api.app.inject({
    method: "POST", url: "/oauth2/token", payload,
    headers: { authorization, "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const code = (n: number) => ({ errors: [expect.objectContaining({ code: n })] });

describe("three-legged OAuth 1.0a, PIN mode", () => {
  test("request token, approval, PIN, access token: the new token works on the Ads API", async () => {
    const at = await login();
    expect(at).toMatchObject({ userId: "756201191646691328", screenName: "xads_demo" });
    const res = await api.call("GET", `/12/accounts/${ACCOUNT}`, { creds: { ...CREDS, accessToken: at.key, accessTokenSecret: at.secret } });
    expect(res.status).toBe(200);
  });

  test("request_token requires oauth_callback and a signature with the application's keys", async () => {
    const missing = await oauthCall("POST", "/oauth/request_token");
    expect(missing.status).toBe(400);
    expect(missing.json().errors[0].message).toMatch(/oauth_callback is required/);
    const badSig = await oauthCall("POST", "/oauth/request_token", undefined, { oauth: { oauth_callback: "oob" }, consumerSecret: "wrong" });
    expect(badSig.status).toBe(401);
    expect(badSig.json()).toEqual({ errors: [{ code: 32, message: expect.stringMatching(/^Could not authenticate you \(the signature does not match\)/) }] });
  });

  test("authenticate behaves like authorize, and accepts force_login and screen_name", async () => {
    const rt = await requestToken();
    const page = await api.app.inject({ method: "GET", url: `/oauth/authenticate?oauth_token=${rt.key}&force_login=true&screen_name=xads_demo` });
    expect(page.body).toContain('name="session[username_or_email]" value="xads_demo"');
    const wrongUser = await api.app.inject({
      method: "POST", url: "/oauth/authenticate", headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ oauth_token: rt.key, force_login: "true", "session[username_or_email]": "someone", allow: "1" }).toString(),
    });
    expect(wrongUser.statusCode).toBe(403);
    expect(await approve(rt, "/oauth/authenticate")).toMatch(/^\d{7}$/);
  });

  test("a callback URL gets a redirect carrying oauth_verifier", async () => {
    const rt = await requestToken("https://app.example.com/cb");
    const res = await api.app.inject({
      method: "POST", url: "/oauth/authorize", headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ oauth_token: rt.key, allow: "1" }).toString(),
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get("oauth_token")).toBe(rt.key);
    const exchange = await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: location.searchParams.get("oauth_verifier")! } });
    expect(exchange.status).toBe(200);
  });

  test("access_token strictly requires the verifier; a wrong one is refused, 3 wrong ones void the request token", async () => {
    const rt = await requestToken();
    const pin = await approve(rt);
    const none = await oauthCall("POST", "/oauth/access_token", rt);
    expect(none.status).toBe(401);
    expect(none.json()).toEqual(code(32));
    const wrong = await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: pin === "0000000" ? "1111111" : "0000000" } });
    expect(wrong.json()).toEqual(code(32));
    const third = await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: "x" } });
    expect(third.json()).toEqual(code(32));
    const right = await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: pin } });
    expect(right.status).toBe(401);
    expect(right.json()).toEqual({ errors: [{ code: 89, message: "Invalid or expired token" }] });
  });

  test("a request token exchanges once", async () => {
    const rt = await requestToken();
    const pin = await approve(rt);
    expect((await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: pin } })).status).toBe(200);
    const again = await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: pin } });
    expect(again.json()).toEqual(code(89));
  });

  test("a request token expires after its lifetime on the auth clock", async () => {
    const rt = await requestToken();
    const pin = await approve(rt);
    api.control.advanceAuthClock(REQUEST_TOKEN_LIFETIME_MS / 1000 + 1);
    const res = await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: pin } });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual(code(89));
    const page = await api.app.inject({ method: "GET", url: `/oauth/authorize?oauth_token=${rt.key}` });
    expect(page.statusCode).toBe(401);
  });

  test("a cancelled approval voids the request token", async () => {
    const rt = await requestToken();
    const res = await api.app.inject({
      method: "POST", url: "/oauth/authorize", headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ oauth_token: rt.key, cancel: "Cancel" }).toString(),
    });
    expect(res.body).toContain('id="oauth_error"');
    expect((await oauthCall("POST", "/oauth/access_token", rt, { oauth: { oauth_verifier: "1234567" } })).json()).toEqual(code(89));
  });
});

describe("1.1/oauth/invalidate_token", () => {
  test("revokes the access token it is signed with: the Ads API then answers 401 code 89, and a new login gives a different token", async () => {
    const at = await login();
    const res = await oauthCall("POST", "/1.1/oauth/invalidate_token", at);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ access_token: at.key });
    const after = await api.call("GET", "/12/accounts", { creds: { ...CREDS, accessToken: at.key, accessTokenSecret: at.secret } });
    expect(after.status).toBe(401);
    expect(after.body.errors).toEqual([{ code: 89, message: "Invalid or expired token" }]);
    expect((await oauthCall("POST", "/1.1/oauth/invalidate_token", at)).json()).toEqual(code(89));
    expect((await login()).key).not.toBe(at.key);
  });

  test("the configured token can be revoked too, and a reset brings it back", async () => {
    await oauthCall("POST", "/1.1/oauth/invalidate_token", { key: CREDS.accessToken, secret: CREDS.accessTokenSecret });
    expect((await api.get("/12/accounts")).body.errors[0].code).toBe(89);
    api.control.reset();
    expect((await api.get("/12/accounts")).status).toBe(200);
  });
});

describe("oauth2/token (app-only bearer)", () => {
  test("one token per application, the same until invalidated; asked again too soon is 403 code 99", async () => {
    const first = await bearer();
    expect(first).toEqual({ status: 200, body: { token_type: "bearer", access_token: expect.any(String) } });
    const tooSoon = await bearer();
    expect(tooSoon).toEqual({ status: 403, body: { errors: [{ code: 99, label: "authenticity_token_error", message: "Unable to verify your credentials" }] } });
    api.control.advanceAuthClock(BEARER_MIN_INTERVAL_MS / 1000);
    expect((await bearer()).body.access_token).toBe(first.body.access_token);
  });

  test("wrong credentials and a malformed request are 403 code 99", async () => {
    expect(await bearer(basic(CREDS.consumerKey, "wrong"))).toMatchObject({ status: 403, body: code(99) });
    expect(await bearer(basic(), "grant_type=password")).toMatchObject({ status: 403, body: code(99) });
    expect(await bearer("Bearer x")).toMatchObject({ status: 403, body: code(99) });
  });

  test("the key and secret are URL-encoded before Base64", async () => {
    const odd = new TestApi({ ...CREDS, consumerKey: "key with:colon", consumerSecret: "s+e/c=r%t" });
    try {
      const res = await odd.app.inject({
        method: "POST", url: "/oauth2/token", payload: "grant_type=client_credentials",
        headers: { authorization: `Basic ${Buffer.from("key%20with%3Acolon:s%2Be%2Fc%3Dr%25t").toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await odd.app.close();
    }
  });

  test("oauth2/invalidate_token revokes it: a new request yields a different token; the old one gets 401 code 89", async () => {
    const { body: { access_token: token } } = await bearer();
    const revoke = await api.app.inject({
      method: "POST", url: "/oauth2/invalidate_token", payload: new URLSearchParams({ access_token: token }).toString(),
      headers: { authorization: basic(), "content-type": "application/x-www-form-urlencoded" },
    });
    expect(JSON.parse(revoke.body)).toEqual({ access_token: token });
    const again = await api.app.inject({
      method: "POST", url: `/oauth2/invalidate_token?access_token=${encodeURIComponent(token)}`, headers: { authorization: basic() },
    });
    expect(again.statusCode).toBe(403);
    expect(JSON.parse(again.body)).toEqual(code(99));
    const ads = await api.app.inject({ method: "GET", url: "/12/accounts", headers: { authorization: `Bearer ${token}` } });
    expect([ads.statusCode, JSON.parse(ads.body).errors[0].code]).toEqual([401, 89]);
    api.control.advanceAuthClock(BEARER_MIN_INTERVAL_MS / 1000);
    expect((await bearer()).body.access_token).not.toBe(token);
  });

  test("a bearer token on a user-context endpoint (any /12/accounts...) gets 403 code 220", async () => {
    const { body: { access_token: token } } = await bearer();
    const res = await api.app.inject({ method: "GET", url: `/12/accounts/${ACCOUNT}/campaigns`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body).errors).toEqual([{ code: 220, message: "Your credentials do not allow access to this resource" }]);
  });
});

describe("GET 2/webhooks", () => {
  async function webhooks(authorization: string | undefined, query = "") {
    const res = await api.app.inject({ method: "GET", url: `/2/webhooks${query}`, headers: authorization ? { authorization } : {} });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  }

  test("lists the application's webhooks with a bearer token; webhook_config.fields picks fields (id always)", async () => {
    const hook = api.control.addWebhook({ url: "https://hooks.example.com/xads" });
    api.control.addWebhook({ url: "https://hooks.example.com/old", valid: false });
    const { body: { access_token: token } } = await bearer();
    const all = await webhooks(`Bearer ${token}`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      data: [
        { id: hook.id, url: "https://hooks.example.com/xads", valid: true, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        expect.objectContaining({ url: "https://hooks.example.com/old", valid: false }),
      ],
      meta: { result_count: 2 },
    });
    const some = await webhooks(`Bearer ${token}`, "?webhook_config.fields=url,valid");
    expect(some.body.data[0]).toEqual({ id: hook.id, url: "https://hooks.example.com/xads", valid: true });
  });

  test("no webhooks: data is empty, result_count 0", async () => {
    const { body: { access_token: token } } = await bearer();
    expect((await webhooks(`Bearer ${token}`)).body).toEqual({ data: [], meta: { result_count: 0 } });
  });

  test("errors are problem details: unknown field, missing or revoked bearer, OAuth 1.0a user context", async () => {
    const { body: { access_token: token } } = await bearer();
    const bad = await webhooks(`Bearer ${token}`, "?webhook_config.fields=url,secret");
    expect(bad).toEqual({ status: 400, body: { errors: [{ title: "Invalid Request", type: expect.stringMatching(/invalid-request$/), detail: expect.stringContaining("[secret]"), status: 400 }] } });
    expect((await webhooks(`Bearer ${token}`, "?webhook_config.fields=")).status).toBe(400);
    const none = await webhooks(undefined);
    expect(none.body.errors[0]).toMatchObject({ title: "Unauthorized", status: 401 });
    const wrong = await webhooks("Bearer not-a-token");
    expect(wrong.body.errors[0]).toMatchObject({ status: 401, detail: expect.stringMatching(/code 89/) });
    const oauth1 = await oauthCall("GET", "/2/webhooks", { key: CREDS.accessToken, secret: CREDS.accessTokenSecret });
    expect(oauth1.json().errors[0]).toMatchObject({ title: "Unsupported Authentication", status: 403 });
  });

  test("control API over HTTP: add a webhook, mark it invalid, advance the auth clock", async () => {
    const add = await api.app.inject({ method: "POST", url: "/_emulator/webhooks", payload: { url: "https://hooks.example.com/a" } });
    expect(add.statusCode).toBe(201);
    const id = JSON.parse(add.body).data.id;
    const edit = await api.app.inject({ method: "PATCH", url: `/_emulator/webhooks/${id}`, payload: { valid: false } });
    expect(JSON.parse(edit.body).data).toMatchObject({ id, valid: false });
    const bad = await api.app.inject({ method: "POST", url: "/_emulator/webhooks", payload: { url: "http://plain.example.com" } });
    expect(bad.statusCode).toBe(400);
    const clock = await api.app.inject({ method: "POST", url: "/_emulator/auth/clock", payload: { seconds: 60 } });
    expect(clock.statusCode).toBe(200);
  });
});
