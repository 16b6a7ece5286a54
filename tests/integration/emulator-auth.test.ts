/**
 * OAuth 1.0a verification (README "Authentication"): requests signed as the
 * provider's client signs them pass; anything else is 401 UNAUTHORIZED_ACCESS.
 */
import { ACCOUNT, CREDS, TestApi } from "./emulator-helpers";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

const unauthorized = { errors: [{ code: "UNAUTHORIZED_ACCESS", message: expect.any(String) }] };

describe("OAuth 1.0a", () => {
  test("a signature over query parameters verifies", async () => {
    const res = await api.get(`/12/accounts/${ACCOUNT}/campaigns`, { count: 5, with_deleted: true, q: "spring sale!*'()" });
    expect(res.status).toBe(200);
  });

  test("a request signed with other query parameters than those sent is refused", async () => {
    const res = await api.call("GET", `/12/accounts/${ACCOUNT}/campaigns`, { query: { count: 5 }, signedQuery: { count: "6" } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(unauthorized);
    expect(res.body.errors[0].message).toMatch(/signature does not match/);
  });

  test("a signature made with the wrong consumer secret is refused", async () => {
    const res = await api.call("GET", "/12/accounts", { creds: { ...CREDS, consumerSecret: "not-the-secret" } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(unauthorized);
  });

  test("a reused nonce is refused", async () => {
    const first = await api.call("GET", "/12/accounts", { nonce: "nonce-used-twice" });
    const second = await api.call("GET", "/12/accounts", { nonce: "nonce-used-twice" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(401);
    expect(second.body.errors[0]).toMatchObject({ code: "UNAUTHORIZED_ACCESS", message: expect.stringMatching(/nonce was already used/) });
  });

  test("a request without an Authorization header is refused", async () => {
    const res = await api.call("GET", "/12/accounts", { unsigned: true });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(unauthorized);
  });

  test("an unknown consumer key or access token is refused", async () => {
    const key = await api.call("GET", "/12/accounts", { creds: { ...CREDS, consumerKey: "someone-else" } });
    const token = await api.call("GET", "/12/accounts", { creds: { ...CREDS, accessToken: "someone-else" } });
    expect([key.status, token.status]).toEqual([401, 401]);
    expect(key.body.errors[0].message).toMatch(/unknown consumer key/);
    expect(token.body.errors[0].message).toMatch(/unknown access token/);
  });

  test("a timestamp more than 300 seconds off is refused", async () => {
    const res = await api.call("GET", "/12/accounts", { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].message).toMatch(/within 300 seconds/);
  });

  test("form-encoded body parameters are signed and read like query parameters", async () => {
    const fi = await api.seededFundingInstrument();
    const form = { funding_instrument_id: fi, name: "From a form", daily_budget_amount_local_micro: "1000000" };
    const ok = await api.call("POST", `/12/accounts/${ACCOUNT}/campaigns`, { form });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ name: "From a form", daily_budget_amount_local_micro: 1_000_000 });
  });

  test("sandbox requests are signed over the sandbox URL", async () => {
    const res = await api.get("/sandbox/12/accounts");
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { id: string }) => a.id)).toEqual([ACCOUNT]);
  });

  test("a refused request is logged without its credentials", async () => {
    await api.call("GET", "/12/accounts", { creds: { ...CREDS, consumerSecret: "x" } });
    const log = JSON.stringify(api.control.requests());
    expect(log).toContain('"status":401');
    for (const secret of Object.values(CREDS)) expect(log).not.toContain(secret);
  });
});
