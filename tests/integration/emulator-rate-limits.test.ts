/**
 * Rate-limit headers and 429s (README, seed 4.1 for with_total_count).
 * Assertions are on counts and headers, never on elapsed time.
 */
import { ACCOUNT, TestApi } from "./emulator-helpers";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

const campaigns = `/12/accounts/${ACCOUNT}/campaigns`;

describe("rate limits", () => {
  test("every response carries the user's and, on account paths, the account's window", async () => {
    const res = await api.get(campaigns);
    expect(res.headers).toMatchObject({
      "x-rate-limit-limit": "100000", "x-rate-limit-remaining": "99999", "x-rate-limit-reset": expect.stringMatching(/^\d+$/),
      "x-account-rate-limit-limit": "100000", "x-account-rate-limit-remaining": "99999", "x-account-rate-limit-reset": expect.stringMatching(/^\d+$/),
    });
    const top = await api.get("/12/accounts");
    expect(top.headers["x-rate-limit-remaining"]).toBe("99999");
    expect(top.headers["x-account-rate-limit-limit"]).toBeUndefined();
  });

  test("errors carry the headers too", async () => {
    const res = await api.get(campaigns, { count: 0 });
    expect(res.status).toBe(400);
    expect(res.headers["x-rate-limit-remaining"]).toEqual(expect.any(String));
  });

  test("past a lowered limit the answer is 429 TOO_MANY_REQUESTS with the reset", async () => {
    api.control.setRateLimit("campaigns", 2, 60);
    const answers = [await api.get(campaigns), await api.get(campaigns), await api.get(campaigns)];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(answers.map((r) => r.headers["x-rate-limit-remaining"])).toEqual(["1", "0", "0"]);
    const refused = answers[2];
    expect(refused.body.errors).toEqual([{ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/^Rate limit exceeded for campaigns/) }]);
    const reset = Number(refused.headers["x-rate-limit-reset"]);
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    expect(refused.headers["x-account-rate-limit-reset"]).toBe(String(reset));
  });

  test("families are counted apart", async () => {
    api.control.setRateLimit("campaigns", 1, 60);
    await api.get(campaigns);
    expect((await api.get(campaigns)).status).toBe(429);
    expect((await api.get(`/12/accounts/${ACCOUNT}/line_items`)).status).toBe(200);
  });

  test("with_total_count requests have their own limit of 200", async () => {
    for (let i = 0; i < 200; i++) expect((await api.get(campaigns, { with_total_count: true })).status).toBe(200);
    const refused = await api.get(campaigns, { with_total_count: true });
    expect(refused.status).toBe(429);
    expect(refused.headers).toMatchObject({ "x-rate-limit-limit": "200", "x-rate-limit-remaining": "0" });
    expect((await api.get(campaigns)).status).toBe(200);
  });

  test("a reset restores the default limits", async () => {
    api.control.setRateLimit("campaigns", 0, 60);
    expect((await api.get(campaigns)).status).toBe(429);
    api.control.reset();
    expect((await api.get(campaigns)).status).toBe(200);
  });
});
