/**
 * Line items (the real platform's v12 reference, ref
 * campaign-management/reference.mdx, Line Items, as emulator/platform.ts tables it).
 */
import { ACCOUNT, TestApi, USER } from "./emulator-helpers";

const api = new TestApi();
const path = `/12/accounts/${ACCOUNT}/line_items`;
const batchPath = `/12/batch/accounts/${ACCOUNT}/line_items`;
let campaignId: string;
beforeEach(async () => {
  api.control.reset();
  campaignId = (await api.campaign({ entity_status: "PAUSED" })).id;
});
afterAll(() => api.app.close());

type Params = Record<string, string | number | boolean | readonly string[]>;
const required = () => ({ campaign_id: campaignId, objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: ["TWITTER_TIMELINE", "TWITTER_SEARCH"] });
const create = (params: Params = {}) => api.post(path, { ...required(), ...params });
/** A line item of its own campaign, so its objective and product type meet no other. */
const alone = async (params: Params) => {
  const campaign = await api.campaign({ name: `C ${Math.random()}`, entity_status: "PAUSED" });
  return create({ campaign_id: campaign.id, ...params });
};
const app = { android_app_store_identifier: "com.example.app" };
const live = () => api.control.entities("production", ACCOUNT, "line_items");

describe("line items", () => {
  test("create, read, update and delete, each answering the keys its reference example has", async () => {
    const created = await create({ name: "Timeline", bid_strategy: "MAX", bid_amount_local_micro: 1_500_000, end_time: "2027-01-01T00:00:00Z" });
    expect(created.status).toBe(201);
    const li = created.body.data;
    expect(li).toEqual({
      id: expect.any(String), campaign_id: campaignId, name: "Timeline", objective: "WEBSITE_CLICKS",
      product_type: "PROMOTED_TWEETS", placements: ["TWITTER_TIMELINE", "TWITTER_SEARCH"], bid_amount_local_micro: 1_500_000,
      bid_strategy: "MAX", entity_status: "ACTIVE", start_time: null, end_time: "2027-01-01T00:00:00Z",
      total_budget_amount_local_micro: null, daily_budget_amount_local_micro: null, pay_by: "IMPRESSION", categories: [], currency: "USD",
      goal: "LINK_CLICKS", advertiser_user_id: USER, creative_source: "MANUAL",
      advertiser_domain: null, android_app_store_identifier: null, ios_app_store_identifier: null, automatic_tweet_promotion: null,
      duration_in_days: null, frequency_cap: null, primary_web_event_tag: null, standard_delivery: null, target_cpa_local_micro: null,
      created_at: expect.any(String), updated_at: expect.any(String), deleted: false,
    });
    // ref GET line_items answers the campaign's funding instrument; POST, PUT and DELETE do not.
    const { funding_instrument_id: fi } = (await api.get(`/12/accounts/${ACCOUNT}/campaigns/${campaignId}`)).body.data;
    expect((await api.get(`${path}/${li.id}`)).body.data).toEqual({ ...li, funding_instrument_id: fi });

    const updated = await api.put(`${path}/${li.id}`, { bid_amount_local_micro: 2_000_000, name: "", entity_status: "PAUSED" });
    expect(updated.body.data).toMatchObject({ bid_amount_local_micro: 2_000_000, name: null, entity_status: "PAUSED" });
    expect(updated.body.data).not.toHaveProperty("funding_instrument_id");

    const deleted = (await api.delete(`${path}/${li.id}`)).body.data;
    expect(deleted).toMatchObject({ id: li.id, deleted: true });
    // ref DELETE line_items: nor the app, budget, pacing and promotion fields.
    const unanswered = ["funding_instrument_id", "android_app_store_identifier", "ios_app_store_identifier", "daily_budget_amount_local_micro", "standard_delivery", "automatic_tweet_promotion"];
    expect(unanswered.filter((k) => k in deleted)).toEqual([]);
    expect((await api.delete(`${path}/${li.id}`)).status).toBe(404);
  });

  test.each([
    ["campaign_id", "other"],
    ["objective", "REACH"],
    ["product_type", "MEDIA"],
    ["placements", "ALL_ON_TWITTER"],
    ["standard_delivery", "false"],
    ["primary_web_event_tag", "o5c2p"],
  ])("%s is create-only: a PUT changing it is refused", async (parameter, value) => {
    const { data: li } = (await create()).body;
    const res = await api.put(`${path}/${li.id}`, { [parameter]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter, message: `${parameter} cannot be changed once the line item is created` }]);
  });

  // The official SDKs' save() and batch_save() resend every property of the record, create-only
  // ones included (twitterdev/twitter-python-ads-sdk twitter_ads/resource.py Persistence.save and
  // Batch.batch_save: to_params()); the platform takes them unchanged (ref
  // campaign-management/reference.mdx, PUT line_items lists none of them).
  test("create-only fields resent unchanged are accepted with the change the PUT carries", async () => {
    const { data: li } = (await create({ standard_delivery: false, daily_budget_amount_local_micro: 1_000_000 })).body;
    const res = await api.put(`${path}/${li.id}`, {
      campaign_id: campaignId, objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS",
      // Another order is the same placements; the Python SDK writes booleans True/False.
      placements: ["TWITTER_SEARCH", "TWITTER_TIMELINE"], standard_delivery: "False", name: "Renamed",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...li, name: "Renamed", updated_at: expect.any(String) });
  });

  test("the whole record resent, as the Python SDK's save() sends it, is accepted; pay_by the platform chose included", async () => {
    // ENGAGEMENT: a pay_by the platform chooses for ENGAGEMENTS, which no request may give (ref PUT line_items pay_by).
    const { data: li } = (await alone({ objective: "ENGAGEMENTS", bid_amount_local_micro: 10_000 })).body;
    expect(li.pay_by).toBe("ENGAGEMENT");
    const resent: Record<string, string | number | readonly string[]> = {};
    for (const [k, v] of Object.entries(li)) if (v !== null && v !== false) resent[k] = typeof v === "boolean" ? "True" : v as string;
    const res = await api.put(`${path}/${li.id}`, { ...resent, bid_amount_local_micro: 20_000 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...li, bid_amount_local_micro: 20_000, updated_at: expect.any(String) });
    // A changed pay_by on that line item is still refused.
    expect((await api.put(`${path}/${li.id}`, { pay_by: "IMPRESSION" })).body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "pay_by" });
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

  test("what the platform chooses by objective: bid strategy, goal, pay_by, and pacing with a daily budget", async () => {
    const chosen = async (params: Params) => {
      const { bid_strategy, goal, pay_by, standard_delivery, bid_amount_local_micro } = (await alone(params)).body.data;
      return { bid_strategy, goal, pay_by, standard_delivery, bid_amount_local_micro };
    };
    expect(await chosen({ objective: "ENGAGEMENTS", bid_amount_local_micro: 3_210_000, daily_budget_amount_local_micro: 1_000_000 }))
      .toEqual({ bid_strategy: "MAX", goal: "ENGAGEMENT", pay_by: "ENGAGEMENT", standard_delivery: true, bid_amount_local_micro: 3_210_000 });
    expect(await chosen({ objective: "REACH", bid_amount_local_micro: 1_000 }))
      .toEqual({ bid_strategy: "TARGET", goal: "MAX_REACH", pay_by: "IMPRESSION", standard_delivery: null, bid_amount_local_micro: 1_000 });
    expect(await chosen({ objective: "WEBSITE_CLICKS", bid_strategy: "TARGET", bid_amount_local_micro: 1_000 }))
      .toMatchObject({ goal: "LINK_CLICKS", pay_by: "LINK_CLICK" });
    expect(await chosen({ objective: "FOLLOWERS" })).toMatchObject({ bid_strategy: "AUTO", bid_amount_local_micro: null });
    expect(await chosen({ objective: "FOLLOWERS", bid_strategy: "AUTO", bid_amount_local_micro: 1_000 })).toMatchObject({ bid_amount_local_micro: null });
    expect(await chosen({ objective: "ENGAGEMENTS", standard_delivery: false, daily_budget_amount_local_micro: 1_000_000 })).toMatchObject({ standard_delivery: false });
  });

  test.each<[string, Params, { code: string; parameter: string; message: string }]>([
    ["MAX without a bid amount", { bid_strategy: "MAX" },
      { code: "MISSING_PARAMETER", parameter: "bid_amount_local_micro", message: "bid_amount_local_micro is required when bid_strategy is MAX" }],
    ["MAX for REACH", { objective: "REACH", placements: ["TWITTER_TIMELINE"], bid_strategy: "MAX", bid_amount_local_micro: 1 },
      { code: "INVALID_PARAMETER", parameter: "bid_strategy", message: "bid_strategy MAX is not available for objective REACH, only for APP_ENGAGEMENTS, APP_INSTALLS, ENGAGEMENTS, PREROLL_VIEWS, VIDEO_VIEWS, WEBSITE_CLICKS" }],
    ["TARGET for VIDEO_VIEWS", { objective: "VIDEO_VIEWS", bid_strategy: "TARGET", bid_amount_local_micro: 1 },
      { code: "INVALID_PARAMETER", parameter: "bid_strategy", message: "bid_strategy TARGET is not available for objective VIDEO_VIEWS, only for APP_ENGAGEMENTS, APP_INSTALLS, FOLLOWERS, REACH, WEBSITE_CLICKS" }],
    ["SITE_VISITS for ENGAGEMENTS", { objective: "ENGAGEMENTS", goal: "SITE_VISITS" },
      { code: "INVALID_PARAMETER", parameter: "goal", message: "goal SITE_VISITS is not available for objective ENGAGEMENTS, only for WEBSITE_CLICKS" }],
    ["WEBSITE_CONVERSIONS without a web event tag", { goal: "WEBSITE_CONVERSIONS" },
      { code: "MISSING_PARAMETER", parameter: "primary_web_event_tag", message: "primary_web_event_tag is required when goal is WEBSITE_CONVERSIONS" }],
    ["pay_by for ENGAGEMENTS", { objective: "ENGAGEMENTS", pay_by: "IMPRESSION" },
      { code: "INVALID_PARAMETER", parameter: "pay_by", message: "pay_by can only be given for objectives APP_INSTALLS, WEBSITE_CLICKS, not ENGAGEMENTS: the platform chooses it" }],
    ["APP_CLICK for WEBSITE_CLICKS", { pay_by: "APP_CLICK" },
      { code: "INVALID_PARAMETER", parameter: "pay_by", message: "pay_by must be one of IMPRESSION, LINK_CLICK for objective WEBSITE_CLICKS, got APP_CLICK" }],
    ["LINK_CLICK for goal SITE_VISITS", { goal: "SITE_VISITS", pay_by: "LINK_CLICK" },
      { code: "INVALID_PARAMETER", parameter: "pay_by", message: "pay_by must be one of IMPRESSION for goal SITE_VISITS, got LINK_CLICK" }],
    ["IMPRESSION with TARGET for LINK_CLICKS", { bid_strategy: "TARGET", bid_amount_local_micro: 1, pay_by: "IMPRESSION" },
      { code: "INVALID_PARAMETER", parameter: "pay_by", message: "pay_by IMPRESSION is not available with bid_strategy TARGET for goal LINK_CLICKS" }],
    ["APP_INSTALLS without an app store identifier", { objective: "APP_INSTALLS" },
      { code: "MISSING_PARAMETER", parameter: "android_app_store_identifier", message: "android_app_store_identifier or ios_app_store_identifier is required when objective is APP_INSTALLS" }],
    ["PUBLISHER_NETWORK without an advertiser domain", { placements: ["PUBLISHER_NETWORK"], categories: ["IAB3"] },
      { code: "MISSING_PARAMETER", parameter: "advertiser_domain", message: "advertiser_domain is required when placements include PUBLISHER_NETWORK" }],
    ["PUBLISHER_NETWORK without categories", { placements: ["PUBLISHER_NETWORK"], advertiser_domain: "example.com" },
      { code: "MISSING_PARAMETER", parameter: "categories", message: "categories (IAB category values) are required when placements include PUBLISHER_NETWORK" }],
    ["PREROLL_VIEWS without categories", { objective: "PREROLL_VIEWS", product_type: "MEDIA" },
      { code: "MISSING_PARAMETER", parameter: "categories", message: "categories (IAB category values) are required when objective is PREROLL_VIEWS" }],
    ["a category that is no IAB category", { objective: "PREROLL_VIEWS", product_type: "MEDIA", categories: ["IAB3", "sports"] },
      { code: "INVALID_PARAMETER", parameter: "categories", message: 'categories must be IAB category values (IAB<n> or IAB<n>-<m>), got "sports"' }],
    ["PREROLL_VIEWS with an IAB value of no advertiser business category", { objective: "PREROLL_VIEWS", product_type: "MEDIA", categories: ["IAB3", "IAB24"] },
      { code: "INVALID_PARAMETER", parameter: "categories", message: 'categories of a PREROLL_VIEWS line item must be iab_categories of advertiser business categories (GET advertiser_business_categories), got "IAB24"' }],
    ["PREROLL_VIEWS with three advertiser business categories", { objective: "PREROLL_VIEWS", product_type: "MEDIA", categories: ["IAB3", "IAB7", "IAB18"] },
      { code: "INVALID_PARAMETER", parameter: "categories", message: "categories of a PREROLL_VIEWS line item must name at most 2 advertiser business categories, got 3 (Financial Services, Health & Pharma, Retail)" }],
    ["a daily budget above the total", { daily_budget_amount_local_micro: 2_000_000, total_budget_amount_local_micro: 1_000_000 },
      { code: "INVALID_PARAMETER", parameter: "daily_budget_amount_local_micro", message: "daily_budget_amount_local_micro must be at most total_budget_amount_local_micro (1000000), got 2000000" }],
    ["an end before the start", { start_time: "2027-01-02T00:00:00Z", end_time: "2027-01-01T00:00:00Z" },
      { code: "INVALID_PARAMETER", parameter: "end_time", message: "end_time must be after start_time (2027-01-02T00:00:00Z), got 2027-01-01T00:00:00Z" }],
  ])("%s is refused, naming the parameter", async (_what, params, error) => {
    const res = await alone(params);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([error]);
  });

  test.each<[string, Params]>([
    // ref campaign-management.mdx, Ad groups FAQ: "the total campaign budget can be less than the sum of the budgets of
    // its child line items"; no refusal of a line item's daily budget above its campaign's is named (api.campaign: 1_000_000).
    ["a daily budget above its campaign's", { daily_budget_amount_local_micro: 5_000_000 }],
    ["an App Store identifier for APP_ENGAGEMENTS", { objective: "APP_ENGAGEMENTS", ios_app_store_identifier: "333903271" }],
    ["pay_by APP_CLICK for APP_INSTALLS", { ...app, objective: "APP_INSTALLS", pay_by: "APP_CLICK" }],
    ["TARGET for FOLLOWERS", { objective: "FOLLOWERS", bid_strategy: "TARGET", bid_amount_local_micro: 1 }],
    ["WEBSITE_CONVERSIONS with its tag", { goal: "WEBSITE_CONVERSIONS", primary_web_event_tag: "o5c2p" }],
    ["PUBLISHER_NETWORK with domain and categories", { placements: ["PUBLISHER_NETWORK"], advertiser_domain: "example.com", categories: ["IAB3"] }],
    ["PREROLL_VIEWS with three IAB values (a business category's set)", { objective: "PREROLL_VIEWS", product_type: "MEDIA", categories: ["IAB3", "IAB13", "IAB21"] }],
    ["PREROLL_VIEWS with two business categories' values", { objective: "PREROLL_VIEWS", product_type: "MEDIA", categories: ["IAB3", "IAB13", "IAB21", "IAB7"] }],
  ])("%s is taken", async (_what, params) => {
    const res = await alone(params);
    expect([res.status, res.body.errors]).toEqual([201, undefined]);
  });

  test("a bid of zero and an App Store identifier with its prefix are refused", async () => {
    expect((await create({ bid_strategy: "MAX", bid_amount_local_micro: 0 })).body.errors[0]).toMatchObject({ parameter: "bid_amount_local_micro", details: "must be at least 1" });
    expect((await alone({ objective: "APP_INSTALLS", ios_app_store_identifier: "id333903271" })).body.errors[0]).toMatchObject({ parameter: "ios_app_store_identifier" });
    expect((await create({ advertiser_domain: "https://example.com" })).body.errors[0]).toMatchObject({ parameter: "advertiser_domain" });
  });

  test("pay_by changes in place only on APP_INSTALLS line items; AUTO drops the bid", async () => {
    const { data: clicks } = (await create({ pay_by: "LINK_CLICK", bid_strategy: "MAX", bid_amount_local_micro: 5 })).body;
    expect((await api.put(`${path}/${clicks.id}`, { pay_by: "IMPRESSION" })).body.errors).toEqual([
      { code: "INVALID_PARAMETER", parameter: "pay_by", message: "pay_by can only be changed on APP_INSTALLS line items, this one's objective is WEBSITE_CLICKS" },
    ]);
    expect((await api.put(`${path}/${clicks.id}`, { bid_strategy: "AUTO" })).body.data).toMatchObject({ bid_strategy: "AUTO", bid_amount_local_micro: null });
    const { data: installs } = (await alone({ ...app, objective: "APP_INSTALLS", pay_by: "IMPRESSION" })).body;
    expect((await api.put(`${path}/${installs.id}`, { pay_by: "APP_CLICK" })).body.data).toMatchObject({ pay_by: "APP_CLICK" });
  });

  test("line items of one campaign share one product type and one objective", async () => {
    await create();
    const product = await create({ product_type: "MEDIA" });
    expect(product.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "product_type", message: `product_type must be PROMOTED_TWEETS like the other line items of campaign ${campaignId}, got MEDIA` }]);
    const objective = await create({ objective: "REACH" });
    expect(objective.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "objective", message: `objective must be WEBSITE_CLICKS like the other line items of campaign ${campaignId}, got REACH` }]);
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

describe("line item batches", () => {
  const item = (params: Record<string, unknown> = {}) => ({
    operation_type: "Create", params: { campaign_id: campaignId, objective: "ENGAGEMENTS", product_type: "PROMOTED_TWEETS", placements: "ALL_ON_TWITTER", entity_status: "PAUSED", ...params },
  });
  const batch = (items: unknown[]) => api.call("POST", batchPath, { json: items });

  test("creates in input order, lists as the single POST takes them (comma-separated) or as JSON arrays", async () => {
    const res = await batch([item({ name: "a", placements: "TWITTER_TIMELINE,TWITTER_SEARCH" }), item({ name: "b", placements: ["ALL_ON_TWITTER"] })]);
    expect(res.status).toBe(200);
    expect(res.body.data.map((li: { name: string; placements: string[] }) => [li.name, li.placements])).toEqual([
      ["a", ["TWITTER_TIMELINE", "TWITTER_SEARCH"]], ["b", ["ALL_ON_TWITTER"]],
    ]);
    expect(live().map((li) => li.name)).toEqual(["a", "b"]);
  });

  // twitterdev/twitter-python-ads-sdk twitter_ads/resource.py Batch.batch_save: an Update item's params
  // are the whole record (to_params()) plus line_item_id.
  test("Update items resending create-only fields unchanged are taken; a changed one fails the batch at its index", async () => {
    const created = await batch([item({ name: "a" })]);
    const li = created.body.data[0];
    const update = (params: Record<string, unknown>) => ({ operation_type: "Update", params: { line_item_id: li.id, campaign_id: campaignId, objective: "ENGAGEMENTS", product_type: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], ...params } });
    const res = await batch([update({ name: "renamed" })]);
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ id: li.id, name: "renamed" });
    const changed = await batch([update({ name: "again", objective: "REACH" })]);
    expect(changed.status).toBe(400);
    expect(changed.body.operation_errors).toEqual([[{ code: "INVALID_PARAMETER", parameter: "objective", message: "objective cannot be changed once the line item is created" }]]);
    expect(live()[0].name).toBe("renamed");
  });

  test("41 items are refused under errors, and nothing is committed", async () => {
    const res = await batch(Array.from({ length: 41 }, () => item()));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", message: "a batch must have at most 40 items, got 41" }]);
    expect(live()).toEqual([]);
  });

  test("one bad item fails the batch with operation_errors at its index, and nothing is committed", async () => {
    const res = await batch([item(), item({ objective: undefined }), item({ product_type: "MEDIA" })]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([]);
    expect(res.body.operation_errors).toEqual([
      [],
      [{ code: "MISSING_PARAMETER", parameter: "objective", message: "objective is required" }],
      // The first item, taken inside the batch, already fixes the campaign's product type.
      [{ code: "INVALID_PARAMETER", parameter: "product_type", message: `product_type must be PROMOTED_TWEETS like the other line items of campaign ${campaignId}, got MEDIA` }],
    ]);
    expect(live()).toEqual([]);
  });
});
