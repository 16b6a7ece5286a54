/**
 * Accounts, funding instruments and the two environments (README "Two
 * environments", ref campaign-management/reference.mdx, Accounts and Funding Instruments).
 */
import { ACCOUNT, TestApi, USER } from "./emulator-helpers";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

describe("accounts", () => {
  test("each environment is seeded with the demo account of the configured user", async () => {
    for (const base of ["", "/sandbox"]) {
      const res = await api.get(`${base}/12/accounts`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        request: { params: {} },
        data: [expect.objectContaining({ id: ACCOUNT, name: "Demo account", business_id: "business-1", deleted: false })],
        next_cursor: null,
      });
    }
  });

  test("production has one USD credit card; the sandbox has none until one is created", async () => {
    const prod = await api.get(`/12/accounts/${ACCOUNT}/funding_instruments`);
    const sandbox = await api.get(`/sandbox/12/accounts/${ACCOUNT}/funding_instruments`);
    expect(prod.body.data).toEqual([expect.objectContaining({ type: "CREDIT_CARD", currency: "USD", entity_status: "ACTIVE", able_to_fund: true })]);
    expect(sandbox.body.data).toEqual([]);
  });

  test.each([
    ["POST", "/12/accounts"],
    ["DELETE", `/12/accounts/${ACCOUNT}`],
    ["POST", `/12/accounts/${ACCOUNT}/funding_instruments`],
  ])("%s %s on production is 404 ROUTE_NOT_FOUND, sandbox only", async (method, path) => {
    const res = await api.call(method, path, { query: { currency: "USD", start_time: "2026-01-01T00:00:00Z" } });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([{ code: "ROUTE_NOT_FOUND", message: expect.stringMatching(/sandbox only/) }]);
  });

  test("a sandbox account created by POST belongs to the user, and after DELETE is ACCOUNT_NOT_FOUND unless with_deleted", async () => {
    const created = await api.post("/sandbox/12/accounts");
    expect(created.status).toBe(201);
    // The new account in a one-item list, as the real platform answers.
    expect(created.body.data).toHaveLength(1);
    const id = created.body.data[0].id;
    expect((await api.get("/sandbox/12/accounts")).body.data.map((a: { id: string }) => a.id)).toEqual([ACCOUNT, id]);

    const deleted = await api.delete(`/sandbox/12/accounts/${id}`);
    expect(deleted.body.data).toMatchObject({ id, deleted: true });
    // ref DELETE accounts: its example answers no business.
    expect(deleted.body.data).not.toHaveProperty("business_id");
    expect((await api.get(`/sandbox/12/accounts/${id}`)).status).toBe(403);
    expect((await api.get(`/sandbox/12/accounts/${id}`, { with_deleted: true })).body.data).toMatchObject({ id, deleted: true });
    expect((await api.get(`/sandbox/12/accounts/${id}/campaigns`)).body.errors).toEqual([expect.objectContaining({ code: "ACCOUNT_NOT_FOUND" })]);
  });

  test("an account the user has no access to answers 403 ACCOUNT_NOT_FOUND, like a missing one (ref fundamentals/error-codes-and-responses.mdx)", async () => {
    const other = api.control.createAccount("production", { name: "Someone else's", userIds: ["42"] });
    for (const path of [`/12/accounts/${other.id}/campaigns`, `/12/accounts/${other.id}`, "/12/accounts/nosuch/campaigns"]) {
      const res = await api.get(path);
      expect([res.status, res.body.errors]).toEqual([403, [{ code: "ACCOUNT_NOT_FOUND", message: expect.stringMatching(/was not found or the authenticated user has no access to it/) }]]);
    }
    expect((await api.get("/12/accounts")).body.data.map((a: { id: string }) => a.id)).toEqual([ACCOUNT]);
    expect(api.control.createAccount("production", { userIds: [USER] }).business_id).toBe("business-1");
  });

  test("accounts are searched by case-insensitive name prefix", async () => {
    api.control.createAccount("production", { name: "Spring shop" });
    const res = await api.get("/12/accounts", { q: "SPRING" });
    expect(res.body.data.map((a: { name: string }) => a.name)).toEqual(["Spring shop"]);
  });
});

describe("funding instruments", () => {
  test("a sandbox POST creates a CREDIT_CARD instrument by default", async () => {
    const res = await api.post(`/sandbox/12/accounts/${ACCOUNT}/funding_instruments`, { currency: "EUR", start_time: "2026-01-01T00:00:00.000Z" });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String), account_id: ACCOUNT, currency: "EUR", start_time: "2026-01-01T00:00:00Z", end_time: null,
      type: "CREDIT_CARD", description: expect.any(String), entity_status: "ACTIVE", able_to_fund: true, reasons_not_able_to_fund: [],
      credit_limit_local_micro: null, credit_remaining_local_micro: null, funded_amount_local_micro: null, io_header: null,
      created_at: expect.any(String), updated_at: expect.any(String), deleted: false,
    });
    const one = await api.get(`/sandbox/12/accounts/${ACCOUNT}/funding_instruments/${res.body.data.id}`);
    expect(one.body.data).toEqual(res.body.data);
  });

  // ref fundamentals/currency.mdx: the currencies the Ads API recognizes; any other is an invalid parameter.
  test.each(["XYZ", "usd"])("a currency the Ads API does not recognize (%s) is refused, naming currency and the accepted ones", async (currency) => {
    const res = await api.post(`/sandbox/12/accounts/${ACCOUNT}/funding_instruments`, { currency, start_time: "2026-01-01T00:00:00Z" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{
      code: "INVALID_PARAMETER", parameter: "currency", message: expect.stringMatching(new RegExp(`^currency must be one of AED, ARS, .*, USD, VEF, VND, got "${currency}"$`)),
      value: currency, details: expect.stringMatching(/^must be one of AED, /),
    }]);
    expect(api.control.entities("sandbox", ACCOUNT, "funding_instruments").filter((fi) => fi.currency === currency)).toEqual([]);
  });

  test("a currency of three decimals, or none, is taken", async () => {
    for (const currency of ["KWD", "JPY"]) {
      const res = await api.post(`/sandbox/12/accounts/${ACCOUNT}/funding_instruments`, { currency, start_time: "2026-01-01T00:00:00Z" });
      expect(res.status).toBe(201);
      expect(res.body.data.currency).toBe(currency);
    }
  });

  test("a missing start_time is MISSING_PARAMETER", async () => {
    const res = await api.post(`/sandbox/12/accounts/${ACCOUNT}/funding_instruments`, { currency: "USD" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "MISSING_PARAMETER", parameter: "start_time", message: "start_time is required" }]);
  });
});

describe("environments", () => {
  test("state is separate: a sandbox campaign is not in production", async () => {
    const campaign = await api.campaign({}, "/sandbox");
    expect((await api.get(`/sandbox/12/accounts/${ACCOUNT}/campaigns/${campaign.id}`)).status).toBe(200);
    expect((await api.get(`/12/accounts/${ACCOUNT}/campaigns/${campaign.id}`)).status).toBe(404);
    expect(api.control.entities("production", ACCOUNT, "campaigns")).toEqual([]);
  });

  test("an unknown endpoint is 404 ROUTE_NOT_FOUND (ref fundamentals/error-codes-and-responses.mdx) in the platform's error shape", async () => {
    const res = await api.get("/12/accounts/nothing/here/at/all");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [{ code: "ROUTE_NOT_FOUND", message: "no endpoint GET /12/accounts/nothing/here/at/all" }], request: { params: {} } });
  });
});
