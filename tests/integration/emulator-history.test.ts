/**
 * The account history (GET accounts/:account_id/account_history): an entry
 * for every write to a campaign, line item, promoted Tweet or account and
 * targeting criterion, through the API (the token's user) or the control
 * API (the ads UI's user, or the one it names); the endpoint's parameters
 * as the reference documents them; the refusal of an account that is not
 * allow-listed.
 */
import { ACCOUNT, TestApi, USER } from "./emulator-helpers";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
/** Whole hours from the hour before now to two hours after it. */
function window(): { start_time: string; end_time: string } {
  const hour = Math.floor(Date.now() / HOUR) * HOUR;
  return { start_time: iso(hour - HOUR), end_time: iso(hour + 2 * HOUR) };
}

const history = (query: Record<string, string>) => api.get(`/12/accounts/${ACCOUNT}/account_history`, query);

async function control(method: string, url: string, body?: unknown) {
  const res = await api.app.inject({ method: method as "PATCH", url: `/_emulator${url}`, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

describe("the account history", () => {
  test("a campaign's create and update through the API, then an edit in the ads UI by a named user, oldest first", async () => {
    const campaign = await api.campaign({ name: "history" });
    expect((await api.put(`/12/accounts/${ACCOUNT}/campaigns/${campaign.id}`, { daily_budget_amount_local_micro: "20000000" })).status).toBe(200);
    const edited = await control("PATCH", `/production/accounts/${ACCOUNT}/campaigns/${campaign.id}?user_id=2244994945`, { entity_status: "PAUSED" });
    expect(edited.status).toBe(200);

    const res = await history({ entity_type: "CAMPAIGN", entity_id: campaign.id, ...window() });
    expect(res.status).toBe(200);
    expect(res.body.request.params).toMatchObject({ account_id: ACCOUNT, entity: "CAMPAIGN", entity_id: campaign.id });
    expect(res.body.next_cursor).toBeNull();
    expect(res.body.data.map((e: any) => [e.change_type, e.change_by])).toEqual([
      ["CREATE", { user_id: USER, platform: "API_OTHER" }],
      ["UPDATE", { user_id: USER, platform: "API_OTHER" }],
      ["UPDATE", { user_id: "2244994945", platform: "ADS_UI" }],
    ]);
    const last = res.body.data[2];
    expect(last).toMatchObject({ entity: "CAMPAIGN", entity_id: campaign.id, changes: {}, change_time: edited.body.data.updated_at });
    expect(last.entity_data).toMatchObject({ name: "history", daily_budget_amount_local_micro: 20000000, entity_status: "PAUSED" });
    expect(last.entity_data.id).toBeUndefined();
  });

  test("an edit and a delete in the ads UI without a user name the ads UI's user", async () => {
    const campaign = await api.campaign();
    api.control.edit("production", ACCOUNT, "campaigns", campaign.id, { name: "in the UI" });
    expect((await control("DELETE", `/production/accounts/${ACCOUNT}/campaigns/${campaign.id}`)).status).toBe(200);
    const data = (await history({ entity_type: "CAMPAIGN", entity_id: campaign.id, ...window() })).body.data;
    expect(data.slice(1).map((e: any) => [e.change_type, e.change_by])).toEqual([
      ["UPDATE", { user_id: "1000000000000000001", platform: "ADS_UI" }],
      ["DELETE", { user_id: "1000000000000000001", platform: "ADS_UI" }],
    ]);
  });

  test("pages with count and cursor, filters by user, and keeps no history of other kinds", async () => {
    const campaign = await api.campaign();
    for (const name of ["a", "b", "c"]) await api.put(`/12/accounts/${ACCOUNT}/campaigns/${campaign.id}`, { name });
    api.control.edit("production", ACCOUNT, "campaigns", campaign.id, { name: "ui" }, { user_id: "42", platform: "ADS_UI" });
    const q = { entity_type: "CAMPAIGN", entity_id: campaign.id, ...window() };
    const first = (await history({ ...q, count: "3" })).body;
    expect(first.data.map((e: any) => e.entity_data.name)).toEqual([campaign.name, "a", "b"]);
    const second = (await history({ ...q, count: "3", cursor: first.next_cursor })).body;
    expect([second.data.map((e: any) => e.entity_data.name), second.next_cursor]).toEqual([["c", "ui"], null]);
    expect((await history({ ...q, user_id: "42" })).body.data.map((e: any) => e.change_by.user_id)).toEqual(["42"]);

    api.control.edit("production", ACCOUNT, "funding_instruments", await api.seededFundingInstrument(), { description: "x" });
    expect(api.control.entities("production", ACCOUNT, "account_history").map((e) => e.entity)).toEqual(["CAMPAIGN", "CAMPAIGN", "CAMPAIGN", "CAMPAIGN", "CAMPAIGN"]);
  });

  test("a window that ends before the change finds nothing", async () => {
    const campaign = await api.campaign();
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    const res = await history({ entity_type: "CAMPAIGN", entity_id: campaign.id, start_time: iso(hour - 2 * HOUR), end_time: iso(hour) });
    expect(res.body.data).toEqual([]);
  });

  test("a failed batch leaves no history of the writes it rolled back", async () => {
    const fi = await api.seededFundingInstrument();
    const res = await api.batch([
      { operation_type: "Create", params: { funding_instrument_id: fi, name: "ok", daily_budget_amount_local_micro: 1000000, entity_status: "PAUSED" } },
      { operation_type: "Create", params: { funding_instrument_id: fi, name: "", entity_status: "PAUSED" } },
    ]);
    expect(res.status).toBe(400);
    expect(api.control.entities("production", ACCOUNT, "account_history")).toEqual([]);
  });

  test("refuses the parameters the reference constrains, naming each", async () => {
    const bad = async (query: Record<string, string>) => (await history(query)).body.errors;
    const base = { entity_type: "CAMPAIGN", entity_id: "abc1", ...window() };
    expect(await bad({ ...base, entity_type: "FUNDING_INSTRUMENT" })).toEqual([expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "entity_type" })]);
    expect(await bad({ ...base, start_time: "2026-01-01T10:30:00Z" })).toEqual([expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "start_time", details: expect.stringContaining("whole hour") })]);
    expect(await bad({ ...base, count: "1001" })).toEqual([expect.objectContaining({ code: "INVALID_PARAMETER", parameter: "count" })]);
    const { end_time: _e, ...noEnd } = base;
    expect(await bad(noEnd)).toEqual([expect.objectContaining({ code: "MISSING_PARAMETER", parameter: "end_time" })]);
  });

  test("an account that is not allow-listed is refused with 403 UNAUTHORIZED_CLIENT_APPLICATION, until allowed again", async () => {
    expect((await control("PUT", `/production/accounts/${ACCOUNT}/account-history-access`, { allowListed: false })).status).toBe(200);
    const refused = await history({ entity_type: "CAMPAIGN", entity_id: "abc1", ...window() });
    expect([refused.status, refused.body.errors[0].code]).toEqual([403, "UNAUTHORIZED_CLIENT_APPLICATION"]);
    api.control.setHistoryAccess("production", ACCOUNT, true);
    expect((await history({ entity_type: "CAMPAIGN", entity_id: "abc1", ...window() })).status).toBe(200);
  });
});
