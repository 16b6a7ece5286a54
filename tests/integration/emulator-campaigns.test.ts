/**
 * Campaigns (ref campaign-management/reference.mdx, Campaigns: states and limits), through the API
 * as a client sees them.
 */
import { ACCOUNT, createItems, TestApi } from "./emulator-helpers";

const api = new TestApi();
const path = `/12/accounts/${ACCOUNT}/campaigns`;
let fi: string;
beforeEach(async () => {
  api.control.reset();
  fi = await api.seededFundingInstrument();
});
afterAll(() => api.app.close());

const create = (params: Record<string, string | number | boolean> = {}) =>
  api.post(path, { funding_instrument_id: fi, name: "Spring sale", daily_budget_amount_local_micro: 1_000_000, ...params });
const created = async (params: Record<string, string | number | boolean> = {}) => (await create(params)).body.data;

describe("creating a campaign", () => {
  test("answers 201 with every field, defaults filled in", async () => {
    const res = await create({ total_budget_amount_local_micro: 5_000_000 });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-z]+$/), name: "Spring sale", funding_instrument_id: fi,
      entity_status: "ACTIVE", budget_optimization: "LINE_ITEM", daily_budget_amount_local_micro: 1_000_000,
      total_budget_amount_local_micro: 5_000_000, standard_delivery: null, purchase_order_number: null,
      currency: "USD", servable: true, effective_status: "RUNNING", reasons_not_servable: [], frequency_cap: null, duration_in_days: null,
      created_at: expect.any(String), updated_at: expect.any(String), deleted: false,
    });
  });

  test("a 256-character name is refused, naming name and 255", async () => {
    const res = await create({ name: "n".repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "name", message: "name must be at most 255 characters, got 256", value: "n".repeat(256), details: "must be at most 255 characters" }]);
  });

  test("a name is counted in code points (255 emoji pass, 256 are refused with 256) and takes no control character", async () => {
    expect((await create({ name: "🚀".repeat(255) })).status).toBe(201);
    expect((await create({ name: "🚀".repeat(256) })).body.errors).toEqual([expect.objectContaining({ parameter: "name", message: "name must be at most 255 characters, got 256" })]);
    expect((await create({ name: "Spring\u0000sale" })).body.errors).toEqual([expect.objectContaining({
      parameter: "name", message: 'name must not contain control characters (U+0000 at character 7), got "Spring\\u0000sale"',
    })]);
  });

  test("a daily budget of 2^53-1 micros is refused: at most 10^15", async () => {
    const res = await create({ daily_budget_amount_local_micro: Number.MAX_SAFE_INTEGER });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({
      parameter: "daily_budget_amount_local_micro", message: "daily_budget_amount_local_micro must be at most 1000000000000000, got 9007199254740991",
    })]);
  });

  test("a 51-character purchase order number is refused, naming the parameter and 50", async () => {
    const res = await create({ purchase_order_number: "p".repeat(51) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "purchase_order_number", message: "purchase_order_number must be at most 50 characters, got 51", value: "p".repeat(51), details: "must be at most 50 characters" }]);
  });

  test("a daily budget above the total is refused", async () => {
    const res = await create({ daily_budget_amount_local_micro: 5_000_001, total_budget_amount_local_micro: 5_000_000 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{
      code: "INVALID_PARAMETER", parameter: "daily_budget_amount_local_micro",
      message: "daily_budget_amount_local_micro must be at most total_budget_amount_local_micro (5000000), got 5000001",
    }]);
  });

  test("budget_optimization takes LINE_ITEM alone (the reference's one value); the former CAMPAIGN is refused", async () => {
    expect((await create({ budget_optimization: "LINE_ITEM" })).body.data).toMatchObject({ budget_optimization: "LINE_ITEM", standard_delivery: null });
    const refused = await create({ budget_optimization: "CAMPAIGN" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{
      code: "INVALID_PARAMETER", parameter: "budget_optimization", message: 'budget_optimization must be one of LINE_ITEM, got "CAMPAIGN"', value: "CAMPAIGN", details: "must be one of LINE_ITEM",
    }]);
  });

  // ref campaign-management/reference.mdx, POST and PUT campaigns: standard_delivery is listed
  // ("boolean", default true) as "Deprecated at the campaign level", and every campaign answered
  // has "standard_delivery": null. The official SDKs' Campaign has the property and sends it.
  test("standard_delivery, deprecated on campaigns, is taken and ignored on create and update: answered null", async () => {
    const res = await create({ standard_delivery: false });
    expect(res.status).toBe(201);
    expect(res.body.data.standard_delivery).toBeNull();
    const updated = await api.put(`${path}/${res.body.data.id}`, { standard_delivery: "True", name: "Paced" });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: "Paced", standard_delivery: null });
    expect((await api.get(`${path}/${res.body.data.id}`)).body.data.standard_delivery).toBeNull();
  });

  test("a CREDIT_CARD instrument requires a daily budget", async () => {
    const res = await api.post(path, { funding_instrument_id: fi, name: "No daily budget" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: "MISSING_PARAMETER", parameter: "daily_budget_amount_local_micro" });
  });

  test("an unknown funding instrument is refused, naming funding_instrument_id", async () => {
    const res = await create({ funding_instrument_id: "nope1" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "funding_instrument_id" });
  });

  test("amounts must be whole numbers in digits, and booleans true or false (or the Python SDK's True, False)", async () => {
    const res = await create({ daily_budget_amount_local_micro: "1e6", standard_delivery: "yes" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { code: "INVALID_PARAMETER", parameter: "daily_budget_amount_local_micro", message: 'daily_budget_amount_local_micro must be a whole number in decimal digits, got "1e6"', value: "1e6", details: "must be a whole number in decimal digits" },
      { code: "INVALID_PARAMETER", parameter: "standard_delivery", message: 'standard_delivery must be one of true, false, True, False, got "yes"', value: "yes", details: "must be one of true, false, True, False" },
    ]);
  });
});

describe("updating a campaign", () => {
  test("changes the given fields and bumps nothing else", async () => {
    const c = await created({ purchase_order_number: "PO-1" });
    const res = await api.put(`${path}/${c.id}`, { name: "Summer sale", entity_status: "PAUSED" });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...c, name: "Summer sale", entity_status: "PAUSED", servable: false, effective_status: "UNKNOWN", reasons_not_servable: ["PAUSED_BY_ADVERTISER"],
      updated_at: expect.any(String),
    });
  });

  test("an empty value clears an optional field", async () => {
    const c = await created({ purchase_order_number: "PO-1", total_budget_amount_local_micro: 9_000_000 });
    const res = await api.put(`${path}/${c.id}`, { purchase_order_number: "", total_budget_amount_local_micro: "" });
    expect(res.body.data).toMatchObject({ purchase_order_number: null, total_budget_amount_local_micro: null });
  });

  test("DRAFT is refused on update", async () => {
    const c = await created();
    const res = await api.put(`${path}/${c.id}`, { entity_status: "DRAFT" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "entity_status", message: 'entity_status must be one of ACTIVE, PAUSED, got "DRAFT"', value: "DRAFT", details: "must be one of ACTIVE, PAUSED" }]);
  });

  test("a changed funding_instrument_id is refused on update", async () => {
    const c = await created();
    const res = await api.put(`${path}/${c.id}`, { funding_instrument_id: "other1" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "funding_instrument_id", message: "funding_instrument_id cannot be changed once the campaign is created" }]);
  });

  // The official SDKs' save() resends every property of the record (twitterdev/twitter-python-ads-sdk
  // twitter_ads/resource.py Persistence.save: to_params()), read-only and create-only ones included;
  // the platform takes them unchanged (ref campaign-management/reference.mdx, PUT campaigns).
  test("the record resent whole, as the official SDKs' save() sends it, is accepted with the change it carries", async () => {
    const c = await created({ entity_status: "PAUSED" });
    const resent = { ...c, reasons_not_servable: c.reasons_not_servable.join(","), name: "Renamed" };
    for (const k of Object.keys(resent)) if (resent[k] === null) delete resent[k];
    const res = await api.put(`${path}/${c.id}`, { ...resent, servable: "False", deleted: "False" });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...c, name: "Renamed", updated_at: expect.any(String) });
  });

  test("a daily budget raised above the existing total is refused", async () => {
    const c = await created({ total_budget_amount_local_micro: 2_000_000 });
    const res = await api.put(`${path}/${c.id}`, { daily_budget_amount_local_micro: 3_000_000 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].parameter).toBe("daily_budget_amount_local_micro");
  });

  test("budget_optimization LINE_ITEM is taken on update; CAMPAIGN is refused", async () => {
    const c = await created();
    expect((await api.put(`${path}/${c.id}`, { budget_optimization: "LINE_ITEM" })).body.data).toMatchObject({ budget_optimization: "LINE_ITEM", standard_delivery: null });
    expect((await api.put(`${path}/${c.id}`, { budget_optimization: "CAMPAIGN" })).body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "budget_optimization" });
  });

  test("an edit made out of band is what GET returns", async () => {
    const c = await created();
    api.control.edit("production", ACCOUNT, "campaigns", c.id, { name: "Edited in the UI" });
    const res = await api.get(`${path}/${c.id}`);
    expect(res.body.data).toMatchObject({ id: c.id, name: "Edited in the UI" });
  });
});

describe("deleting a campaign", () => {
  test("answers the entity with deleted true; a second DELETE is 404", async () => {
    const c = await created();
    const first = await api.delete(`${path}/${c.id}`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: c.id, deleted: true });
    const second = await api.delete(`${path}/${c.id}`);
    expect(second.status).toBe(404);
    expect(second.body.errors).toEqual([{ code: "CAMPAIGN_NOT_FOUND", message: `campaign ${c.id} was not found` }]);
  });

  test("a deleted campaign is found only with with_deleted, in lists and by id", async () => {
    const kept = await created({ name: "Kept" });
    const gone = await created({ name: "Gone" });
    await api.delete(`${path}/${gone.id}`);
    expect((await api.get(path)).body.data.map((c: { id: string }) => c.id)).toEqual([kept.id]);
    expect((await api.get(path, { with_deleted: true })).body.data.map((c: { id: string }) => c.id)).toEqual([kept.id, gone.id]);
    expect((await api.get(`${path}/${gone.id}`)).status).toBe(404);
    expect((await api.get(`${path}/${gone.id}`, { with_deleted: true })).body.data).toMatchObject({ id: gone.id, deleted: true });
  });

  test("a campaign deleted out of band is gone for the API too", async () => {
    const c = await created();
    api.control.remove("production", ACCOUNT, "campaigns", c.id);
    expect((await api.get(`${path}/${c.id}`)).status).toBe(404);
    expect((await api.delete(`${path}/${c.id}`)).status).toBe(404);
  });
});

describe("drafts", () => {
  test("draft campaigns are left out of lists unless with_draft=true, but are found by id", async () => {
    const draft = await created({ entity_status: "DRAFT", name: "Draft" });
    const active = await created({ name: "Active" });
    expect((await api.get(path)).body.data.map((c: { id: string }) => c.id)).toEqual([active.id]);
    expect((await api.get(path, { with_draft: true })).body.data.map((c: { id: string }) => c.id)).toEqual([draft.id, active.id]);
    expect((await api.get(`${path}/${draft.id}`)).body.data).toMatchObject({ entity_status: "DRAFT", servable: false });
  });

  test("a draft can be activated by PUT", async () => {
    const draft = await created({ entity_status: "DRAFT" });
    const res = await api.put(`${path}/${draft.id}`, { entity_status: "ACTIVE" });
    expect(res.body.data).toMatchObject({ entity_status: "ACTIVE", servable: true });
  });
});

describe("the active-campaign limit", () => {
  const fillActive = async (n: number) => {
    for (let done = 0; done < n; done += 40) {
      const res = await api.batch(createItems(Math.min(40, n - done), fi, { entity_status: "ACTIVE" }));
      expect(res.status).toBe(200);
    }
  };

  test("the 201st ACTIVE campaign is refused; after the limit is raised to 8000 it is accepted", async () => {
    await fillActive(200);
    const refused = await create({ name: "One too many" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{
      code: "TOO_MANY_CAMPAIGNS",
      message: expect.stringContaining("the limit is 200"),
    }]);
    api.control.setActiveCampaignLimit("production", ACCOUNT, 8000);
    expect((await create({ name: "Now fine" })).status).toBe(201);
  });

  test("PAUSED campaigns are not limited, but activating one past the limit is refused", async () => {
    await fillActive(200);
    const paused = await create({ entity_status: "PAUSED" });
    expect(paused.status).toBe(201);
    const activate = await api.put(`${path}/${paused.body.data.id}`, { entity_status: "ACTIVE" });
    expect(activate.status).toBe(400);
    expect(activate.body.errors[0].code).toBe("TOO_MANY_CAMPAIGNS");
  });

  test("deleted campaigns do not count", async () => {
    await fillActive(200);
    const [first] = api.control.entities("production", ACCOUNT, "campaigns");
    await api.delete(`${path}/${first.id}`);
    expect((await create()).status).toBe(201);
  });
});
