/**
 * Rate-limit headers and 429s: the published limits (ref
 * fundamentals/rate-limiting.mdx; ref campaign-management/reference.mdx, GET accounts, for with_total_count) and lower
 * ones set through the control API.
 * Assertions are on counts and headers, never on elapsed time.
 */
import { ACCOUNT, TestApi } from "./emulator-helpers";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

const campaigns = `/12/accounts/${ACCOUNT}/campaigns`;

describe("rate limits", () => {
  test("an account's core entity read answers the account's window of 10,000 per 15 minutes, and the user's (the application quota)", async () => {
    const res = await api.get(campaigns);
    expect(res.headers).toMatchObject({
      "x-rate-limit-limit": "100000", "x-rate-limit-remaining": "99999", "x-rate-limit-reset": expect.stringMatching(/^\d+$/),
      "x-account-rate-limit-limit": "10000", "x-account-rate-limit-remaining": "9999", "x-account-rate-limit-reset": expect.stringMatching(/^\d+$/),
    });
    const reset = Number(res.headers["x-account-rate-limit-reset"]);
    expect(reset - Math.floor(Date.now() / 1000)).toBeGreaterThan(14 * 60);
    const top = await api.get("/12/accounts");
    expect(top.headers["x-rate-limit-limit"]).toBe("10000");
    expect(top.headers["x-account-rate-limit-limit"]).toBeUndefined();
  });

  test("other reads of an account have 2,000; targeting criteria 400 for the user across accounts", async () => {
    expect((await api.get(`/12/accounts/${ACCOUNT}/cards`)).headers).toMatchObject({ "x-account-rate-limit-limit": "2000", "x-account-rate-limit-remaining": "1999" });
    const criteria = await api.get(`/12/accounts/${ACCOUNT}/targeting_criteria`, { line_item_ids: "x" });
    expect(criteria.headers).toMatchObject({ "x-rate-limit-limit": "400", "x-rate-limit-remaining": "399" });
    expect(criteria.headers["x-account-rate-limit-limit"]).toBeUndefined();
  });

  test("writes are one category of 450 a minute for the user, whatever the endpoint: the 451st is refused", async () => {
    const answers = [];
    for (let i = 0; i < 450; i++) answers.push(await api.delete(`/12/accounts/${ACCOUNT}/${i % 2 ? "campaigns" : "line_items"}/nothing-${i}`));
    expect(answers.map((r) => r.status)).toEqual(Array(450).fill(404));
    expect(answers[449]!.headers).toMatchObject({ "x-rate-limit-limit": "450", "x-rate-limit-remaining": "0" });
    expect(answers[449]!.headers["x-account-rate-limit-limit"]).toBeUndefined();
    const refused = await api.post(`/12/accounts/${ACCOUNT}/tracking_tags`, { line_item_id: "x", tracking_tag_type: "IMPRESSION_TAG", tracking_tag_url: "https://example.com" });
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual([{ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/^Rate limit exceeded for writes/) }]);
    // A minute's window (its reset rounded up to the second).
    expect(Number(refused.headers["x-rate-limit-reset"]) - Date.now() / 1000).toBeLessThanOrEqual(61);
    // Reads are counted apart.
    expect((await api.get(campaigns)).status).toBe(200);
  });

  test("global reads (no account in the path) have 5 per 15 minutes per endpoint", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await api.get("/12/content_categories"));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]!.headers).toMatchObject({ "x-rate-limit-limit": "5", "x-rate-limit-remaining": "0" });
    expect(answers[5]!.body.errors[0]).toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/^Rate limit exceeded for content_categories/) });
    expect((await api.get("/12/bidding_rules")).status).toBe(200);
  });

  test("errors carry the headers too", async () => {
    const res = await api.get(campaigns, { count: 0 });
    expect(res.status).toBe(400);
    // All three, as a success carries them (the name says "the headers"; only remaining was checked, as any string).
    expect(res.headers).toMatchObject({ "x-rate-limit-limit": expect.stringMatching(/^\d+$/), "x-rate-limit-remaining": expect.stringMatching(/^\d+$/), "x-rate-limit-reset": expect.stringMatching(/^\d+$/) });
  });

  test("past a lowered limit the answer is 429 TOO_MANY_REQUESTS with the reset", async () => {
    api.control.setRateLimit("campaigns", 2, 60);
    const answers = [await api.get(campaigns), await api.get(campaigns), await api.get(campaigns)];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(answers.map((r) => r.headers["x-account-rate-limit-remaining"])).toEqual(["1", "0", "0"]);
    const refused = answers[2];
    expect(refused.body.errors).toEqual([{ code: "TOO_MANY_REQUESTS", message: expect.stringMatching(/^Rate limit exceeded for campaigns/) }]);
    const reset = Number(refused.headers["x-account-rate-limit-reset"]);
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
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

  test("a reset restores the published limits", async () => {
    api.control.setRateLimit("campaigns", 0, 60);
    expect((await api.get(campaigns)).status).toBe(429);
    api.control.reset();
    expect((await api.get(campaigns)).status).toBe(200);
  });
});
