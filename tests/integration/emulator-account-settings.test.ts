/**
 * The emulator's accounts, account features, tax and user settings (ref
 * campaign-management/reference.mdx): the rules, the enumerations and the sandbox-only endpoints.
 */
import { ACCOUNT_SETTINGS } from "../../provider/limits";
import { ACCOUNT, TestApi, USER } from "./emulator-helpers";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

describe("accounts", () => {
  test("a sandbox account belongs to the user and to the demo account's business; PUT names it", async () => {
    const answer = (await api.post("/sandbox/12/accounts")).body;
    // A list envelope holding the new account, as the real platform answers.
    expect(answer).toMatchObject({ data: [expect.objectContaining({ business_id: "business-1", deleted: false })], next_cursor: null });
    const created = answer.data[0];
    // No industry_type until one is set (the real platform's answer).
    expect(created).not.toHaveProperty("industry_type");
    const put = await api.put(`/sandbox/12/accounts/${created.id}`, { name: "Spring shop", industry_type: "RETAIL" });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ id: created.id, name: "Spring shop", industry_type: "RETAIL" });
    expect((await api.get(`/sandbox/12/accounts/${created.id}`)).body.data).toMatchObject({ name: "Spring shop", industry_type: "RETAIL" });
  });

  test("PUT accounts works in production too, and refuses an unknown industry type naming it and the values", async () => {
    expect((await api.put(`/12/accounts/${ACCOUNT}`, { name: "Renamed" })).body.data).toMatchObject({ name: "Renamed" });
    const res = await api.put(`/12/accounts/${ACCOUNT}`, { industry_type: "SHOES" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "industry_type", message: expect.stringMatching(/^industry_type must be one of AGENCY, .*OTHER, got "SHOES"$/), value: "SHOES", details: expect.stringMatching(/^must be one of AGENCY, /) }]);
  });

  test("an account name of 256 characters is refused with the limit", async () => {
    const res = await api.put(`/12/accounts/${ACCOUNT}`, { name: "n".repeat(256) });
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "name", message: "name must be at most 255 characters, got 256", value: "n".repeat(256), details: "must be at most 255 characters" }]);
  });

  test("authenticated_user_access answers the user of the credentials", async () => {
    expect((await api.get(`/12/accounts/${ACCOUNT}/authenticated_user_access`)).body.data).toEqual({ user_id: USER, permissions: ["ACCOUNT_ADMIN", "TWEET_COMPOSER"] });
  });
});

describe("account features", () => {
  const features = (base = "/sandbox") => `${base}/12/accounts/${ACCOUNT}/features`;

  test.each([["POST"], ["DELETE"]])("%s features on production is 404 ROUTE_NOT_FOUND, sandbox only, and changes nothing", async (method) => {
    const res = await api.call(method, features(""), { query: { feature_keys: "AGE_TARGETING" } });
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([{ code: "ROUTE_NOT_FOUND", message: expect.stringMatching(/sandbox only/) }]);
    expect(api.control.features("production", ACCOUNT)).toEqual([]);
  });

  test("POST adds keys, GET shows them (optionally filtered), DELETE removes them", async () => {
    expect((await api.post(features(), { feature_keys: "CONVERSATION_CARD,AGE_TARGETING" })).body.data).toEqual(["AGE_TARGETING", "CONVERSATION_CARD"]);
    expect((await api.get(features())).body.data).toEqual(["AGE_TARGETING", "CONVERSATION_CARD"]);
    expect((await api.get(features(), { feature_keys: "CONVERSATION_CARD,DR_TAP" })).body.data).toEqual(["CONVERSATION_CARD"]);
    expect((await api.delete(features(), { feature_keys: "AGE_TARGETING,DR_TAP" })).body.data).toEqual(["CONVERSATION_CARD"]);
    // Environments are separate: production has none of them.
    expect((await api.get(features(""))).body.data).toEqual([]);
  });

  test("an unknown key is refused naming feature_keys and the allowed values", async () => {
    const res = await api.post(features(), { feature_keys: "AGE_TARGETING,FREE_MONEY" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "feature_keys", message: `feature_keys must be one of ${ACCOUNT_SETTINGS.featureKeys.join(", ")}, got "FREE_MONEY"`, value: "FREE_MONEY", details: expect.stringMatching(/^must be one of /) }]);
    expect(api.control.features("sandbox", ACCOUNT)).toEqual([]);
  });

  test("WEBSITE_CLICKS_CPM_BILLING can be read but not added; SHARE_AUDIENCE_OUTSIDE_BUSINESS can be added", async () => {
    expect((await api.post(features(), { feature_keys: "WEBSITE_CLICKS_CPM_BILLING" })).status).toBe(400);
    expect((await api.get(features(), { feature_keys: "WEBSITE_CLICKS_CPM_BILLING" })).body.data).toEqual([]);
    expect((await api.post(features(), { feature_keys: "SHARE_AUDIENCE_OUTSIDE_BUSINESS" })).body.data).toEqual(["SHARE_AUDIENCE_OUTSIDE_BUSINESS"]);
  });

  test("feature_keys is required on POST and DELETE", async () => {
    // Both methods the name promises (the DELETE was not sent before).
    for (const res of [await api.post(features()), await api.delete(features())]) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ code: "MISSING_PARAMETER", parameter: "feature_keys", message: "feature_keys is required" }]);
    }
  });
});

describe("tax settings", () => {
  const tax = `/12/accounts/${ACCOUNT}/tax_settings`;

  test("every account has them; PUT changes the fields it names, an empty value unsets one", async () => {
    expect((await api.get(tax)).body.data).toMatchObject({ invoice_jurisdiction: "NOT_SET", tax_category: null, tax_id: null });
    const put = await api.put(tax, { tax_category: "BUSINESS_WITH_VAT", tax_id: "FR123", address_name: "Acme SAS", invoice_jurisdiction: "LOI_SAPIN" });
    // The name on the address comes back as address_company, as on the real platform.
    expect(put.body.data).toMatchObject({ tax_category: "BUSINESS_WITH_VAT", tax_id: "FR123", address_company: "Acme SAS", invoice_jurisdiction: "LOI_SAPIN" });
    expect((await api.put(tax, { tax_id: "" })).body.data).toMatchObject({ tax_id: null, tax_category: "BUSINESS_WITH_VAT" });
  });

  test.each([
    ["tax_category", "COMPANY", /^tax_category must be one of BUSINESS_NO_VAT, BUSINESS_WITH_VAT, INDIVIDUAL, got "COMPANY"$/],
    ["invoice_jurisdiction", "FRANCE", /^invoice_jurisdiction must be one of LOI_SAPIN, NONE, NOT_SET, got "FRANCE"$/],
  ])("an unknown %s is refused with the values", async (parameter, value, message) => {
    const res = await api.put(tax, { [parameter]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter, message: expect.stringMatching(message), value, details: expect.stringMatching(/^must be one of /) }]);
  });
});

describe("user settings", () => {
  const settings = (user = USER) => `/12/accounts/${ACCOUNT}/user_settings/${user}`;

  test("GET answers the user's settings; PUT by the user changes them", async () => {
    // The contact fields only, unset phone fields "" (the real platform's answer); subscribe_email_types is kept, never answered.
    expect((await api.get(settings())).body.data).toEqual({ notification_email: null, contact_phone: "", contact_phone_extension: "" });
    const put = await api.put(settings(), { notification_email: "ads@example.com", contact_phone: "+33 1 23 45 67 89", subscribe_email_types: "ACCOUNT_PERFORMANCE,PERFORMANCE_IMPROVEMENT" });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ notification_email: "ads@example.com", contact_phone: "+33 1 23 45 67 89", contact_phone_extension: "" });
    const stored = () => api.control.entities("production", ACCOUNT, "user_settings").find((u) => u.user_id === USER);
    expect(stored()).toMatchObject({ subscribe_email_types: ["ACCOUNT_PERFORMANCE", "PERFORMANCE_IMPROVEMENT"] });
    await api.put(settings(), { subscribe_email_types: "" });
    expect(stored()).toMatchObject({ subscribe_email_types: [] });
  });

  test("another user's settings can be read but not changed: user context, not accessible to account admins", async () => {
    const other = api.control.createAccount("production", { id: "otheracct01", userIds: [USER, "42"] });
    expect((await api.get(`/12/accounts/${other.id}/user_settings/42`)).status).toBe(200);
    const res = await api.put(`/12/accounts/${other.id}/user_settings/42`, { contact_phone: "1" });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual([{ code: "INSUFFICIENT_USER_AUTHORIZED_PERMISSION", message: expect.stringMatching(/only be changed by that user/) }]);
  });

  test("a user without access to the account is 404; a user id that is not a long is refused", async () => {
    expect((await api.get(settings("42"))).status).toBe(404);
    expect((await api.get(settings("me"))).body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "user_id", message: expect.stringMatching(/^user_id must be a whole number/), value: "me", details: "must be a whole number in decimal digits" }]);
  });

  test("a notification e-mail that is not an address is refused, naming it", async () => {
    const res = await api.put(settings(), { notification_email: "not-an-address" });
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "notification_email", message: expect.stringMatching(/^notification_email must be an e-mail address/), value: "not-an-address", details: "must be an e-mail address" }]);
  });
});
