/**
 * Line items (seed: not shown; the real platform's v12 rules).
 */
import { ACCOUNT, TestApi, USER } from "./emulator-helpers";

const api = new TestApi();
const path = `/12/accounts/${ACCOUNT}/line_items`;
let campaignId: string;
beforeEach(async () => {
  api.control.reset();
  campaignId = (await api.campaign({ entity_status: "PAUSED" })).id;
});
afterAll(() => api.app.close());

const required = () => ({ campaign_id: campaignId, objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: ["TWITTER_TIMELINE", "TWITTER_SEARCH"] });
const create = (params: Record<string, string | number | readonly string[]> = {}) => api.post(path, { ...required(), ...params });

describe("line items", () => {
  test("create, read, update and delete", async () => {
    const created = await create({ name: "Timeline", bid_strategy: "MAX", bid_amount_local_micro: 1_500_000, end_time: "2027-01-01T00:00:00Z" });
    expect(created.status).toBe(201);
    const li = created.body.data;
    expect(li).toEqual({
      id: expect.any(String), campaign_id: campaignId, name: "Timeline", objective: "WEBSITE_CLICKS",
      product_type: "PROMOTED_TWEETS", placements: ["TWITTER_TIMELINE", "TWITTER_SEARCH"], bid_amount_local_micro: 1_500_000,
      bid_strategy: "MAX", entity_status: "ACTIVE", start_time: expect.any(String), end_time: "2027-01-01T00:00:00Z",
      total_budget_amount_local_micro: null, pay_by: "LINK_CLICK", categories: [], currency: "USD",
      funding_instrument_id: expect.any(String), goal: "LINK_CLICKS", advertiser_user_id: USER, creative_source: "MANUAL",
      advertiser_domain: null, android_app_store_identifier: null, ios_app_store_identifier: null, automatic_tweet_promotion: null,
      daily_budget_amount_local_micro: null, duration_in_days: null, frequency_cap: null, primary_web_event_tag: null,
      standard_delivery: null, target_cpa_local_micro: null,
      created_at: expect.any(String), updated_at: expect.any(String), deleted: false,
    });
    expect((await api.get(`${path}/${li.id}`)).body.data).toEqual(li);

    const updated = await api.put(`${path}/${li.id}`, { bid_amount_local_micro: 2_000_000, name: "", entity_status: "PAUSED" });
    expect(updated.body.data).toMatchObject({ bid_amount_local_micro: 2_000_000, name: null, entity_status: "PAUSED" });

    expect((await api.delete(`${path}/${li.id}`)).body.data).toMatchObject({ id: li.id, deleted: true });
    expect((await api.delete(`${path}/${li.id}`)).status).toBe(404);
  });

  test.each([
    ["campaign_id", "other"],
    ["objective", "REACH"],
    ["product_type", "MEDIA"],
    ["placements", "ALL_ON_TWITTER"],
  ])("%s is create-only: a PUT naming it is refused", async (parameter, value) => {
    const { data: li } = (await create()).body;
    const res = await api.put(`${path}/${li.id}`, { [parameter]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter, message: `${parameter} cannot be changed once the line item is created` }]);
  });

  test("DRAFT is refused on update", async () => {
    const { data: li } = (await create()).body;
    const res = await api.put(`${path}/${li.id}`, { entity_status: "DRAFT" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].parameter).toBe("entity_status");
  });

  test("the campaign must be a live campaign of the account", async () => {
    await api.delete(`/12/accounts/${ACCOUNT}/campaigns/${campaignId}`);
    const res = await create();
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "campaign_id" });
  });

  test("MAX and TARGET bid strategies need a bid amount", async () => {
    const res = await create({ bid_strategy: "TARGET" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "MISSING_PARAMETER", parameter: "bid_amount_local_micro", message: "bid_amount_local_micro is required when bid_strategy is TARGET" }]);
  });

  test("PREROLL_VIEWS needs one or two categories; three are refused", async () => {
    const none = await create({ objective: "PREROLL_VIEWS" });
    expect(none.body.errors[0]).toMatchObject({ code: "MISSING_PARAMETER", parameter: "categories" });
    const three = await create({ objective: "PREROLL_VIEWS", categories: ["IAB1", "IAB2", "IAB3"] });
    expect(three.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "categories", message: "categories must be at most 2 values, got 3", value: "IAB1,IAB2,IAB3", details: "must be at most 2 values" }]);
    expect((await create({ objective: "PREROLL_VIEWS", categories: ["IAB1"] })).status).toBe(201);
  });

  test("an unknown placement is refused, naming placements and the values", async () => {
    const res = await create({ placements: ["TWITTER_TIMELINE", "BILLBOARD"] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ parameter: "placements", message: expect.stringMatching(/^placements must be one of ALL_ON_TWITTER, .*got "BILLBOARD"$/) });
  });

  test("end_time must be after start_time", async () => {
    const res = await create({ start_time: "2027-01-02T00:00:00Z", end_time: "2027-01-01T00:00:00Z" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].parameter).toBe("end_time");
  });

  test("line items of one campaign share one objective", async () => {
    await create();
    const res = await create({ objective: "REACH" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].parameter).toBe("objective");
  });

  test("a campaign holds at most 100 line items", async () => {
    for (let i = 0; i < 100; i++) expect((await create({ entity_status: "PAUSED" })).status).toBe(201);
    const res = await create();
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ parameter: "campaign_id", message: expect.stringContaining("the limit is 100") });
  }, 30_000);

  test("lists filter by campaign and funding instrument, and hide drafts without with_draft", async () => {
    const { data: a } = (await create({ name: "a" })).body;
    const { data: draft } = (await create({ name: "draft", entity_status: "DRAFT" })).body;
    const other = await api.campaign({ name: "Other", entity_status: "PAUSED" });
    const { data: b } = (await api.post(path, { ...required(), campaign_id: other.id })).body;
    const ids = async (q: Record<string, string | boolean>) => (await api.get(path, q)).body.data.map((li: { id: string }) => li.id);
    expect(await ids({ campaign_ids: campaignId })).toEqual([a.id]);
    expect(await ids({ campaign_ids: campaignId, with_draft: true })).toEqual([a.id, draft.id]);
    expect(await ids({ funding_instrument_ids: other.funding_instrument_id })).toEqual([a.id, b.id]);
    expect(await ids({ line_item_ids: b.id })).toEqual([b.id]);
  });
});
