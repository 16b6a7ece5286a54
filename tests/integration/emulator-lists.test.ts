/**
 * List conventions (ref campaign-management/reference.mdx, GET accounts and GET campaigns): PG, IDS, WD, WT, q, with their limits.
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

/** Creates `n` paused campaigns named "Campaign <i>" through the batch endpoint. */
async function seedCampaigns(n: number): Promise<void> {
  for (let done = 0; done < n; done += 40) {
    const res = await api.batch(createItems(Math.min(40, n - done), fi).map((item, i) => ({
      ...(item as object), params: { ...(item as { params: object }).params, name: `Campaign ${done + i}` },
    })));
    expect(res.status).toBe(200);
  }
}

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((e) => e.id);

describe("pagination", () => {
  test("1,050 campaigns with count=1000 come as 1,000 then 50, and next_cursor is null at the end", async () => {
    await seedCampaigns(1050);
    const first = await api.get(path, { count: 1000 });
    expect(first.body.data).toHaveLength(1000);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await api.get(path, { count: 1000, cursor: first.body.next_cursor });
    expect(second.body.data).toHaveLength(50);
    expect(second.body.next_cursor).toBeNull();
    const names = [...first.body.data, ...second.body.data].map((c: { name: string }) => c.name);
    expect(names).toEqual(Array.from({ length: 1050 }, (_, i) => `Campaign ${i}`));
  }, 30_000);

  test.each([0, 1001])("count=%i is refused, naming count", async (count) => {
    const res = await api.get(path, { count });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{
      code: "INVALID_PARAMETER", parameter: "count", value: String(count),
      message: count === 0 ? "count must be at least 1, got 0" : "count must be at most 1000, got 1001",
      details: count === 0 ? "must be at least 1" : "must be at most 1000",
    }]);
  });

  test("the default page is 200", async () => {
    await seedCampaigns(201);
    const res = await api.get(path);
    expect(res.body.data).toHaveLength(200);
    expect(res.body.next_cursor).not.toBeNull();
  });

  test("a page boundary survives a deletion between two requests", async () => {
    await seedCampaigns(4);
    const first = await api.get(path, { count: 2 });
    await api.delete(`${path}/${first.body.data[1].id}`);
    const second = await api.get(path, { count: 2, cursor: first.body.next_cursor });
    expect(second.body.data.map((c: { name: string }) => c.name)).toEqual(["Campaign 2", "Campaign 3"]);
  });

  test("a cursor this list did not return is refused", async () => {
    const res = await api.get(path, { cursor: "not-a-cursor" });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].parameter).toBe("cursor");
  });

  test("sort_by orders by an attribute; an unsupported one is refused", async () => {
    await seedCampaigns(3);
    const desc = await api.get(path, { sort_by: "name-desc" });
    expect(desc.body.data.map((c: { name: string }) => c.name)).toEqual(["Campaign 2", "Campaign 1", "Campaign 0"]);
    const bad = await api.get(path, { sort_by: "colour-asc" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].parameter).toBe("sort_by");
  });
});

describe("IDS filters", () => {
  test("campaign_ids keeps only the given campaigns", async () => {
    await seedCampaigns(3);
    const all = ids(await api.get(path));
    expect(ids(await api.get(path, { campaign_ids: [all[2], all[0]] }))).toEqual([all[0], all[2]]);
  });

  test("201 ids in campaign_ids are refused, naming the parameter and 200", async () => {
    const many = Array.from({ length: 201 }, (_, i) => `c${i}`);
    const res = await api.get(path, { campaign_ids: many });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "campaign_ids", message: "campaign_ids must be at most 200 values, got 201", value: many.join(","), details: "must be at most 200 values" }]);
  });

  test("funding_instrument_ids filters by instrument", async () => {
    await seedCampaigns(2);
    expect(ids(await api.get(path, { funding_instrument_ids: fi }))).toHaveLength(2);
    expect(ids(await api.get(path, { funding_instrument_ids: "other" }))).toEqual([]);
  });
});

describe("with_total_count", () => {
  test("adds total_count, counting every page", async () => {
    await seedCampaigns(3);
    const res = await api.get(path, { count: 1, with_total_count: true });
    expect(res.body).toMatchObject({ total_count: 3, next_cursor: expect.any(String) });
    expect(res.body.data).toHaveLength(1);
  });

  test("with a cursor is refused", async () => {
    await seedCampaigns(2);
    const first = await api.get(path, { count: 1 });
    const res = await api.get(path, { count: 1, cursor: first.body.next_cursor, with_total_count: true });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "with_total_count", message: "with_total_count cannot be combined with cursor" }]);
  });
});

describe("q", () => {
  test("matches a case-insensitive prefix of the name", async () => {
    await api.post(path, { funding_instrument_id: fi, name: "Spring sale", daily_budget_amount_local_micro: 1 });
    await api.post(path, { funding_instrument_id: fi, name: "Autumn spring", daily_budget_amount_local_micro: 1 });
    const res = await api.get(path, { q: "sPRING" });
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(["Spring sale"]);
  });

  test("longer than 255 characters is refused", async () => {
    const res = await api.get(path, { q: "q".repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", parameter: "q", message: "q must be at most 255 characters, got 256", value: "q".repeat(256), details: "must be at most 255 characters" }]);
  });
});

// twitterdev/twitter-python-ads-sdk sends Python booleans unconverted in list filters, as True and
// False (tests/test_targeted_audiences.py records GET .../targeted?with_active=True answered 200;
// twitter_ads/account.py reload sends with_deleted=True); the Ruby SDK sends true and false.
describe("boolean parameters", () => {
  test("True and False, as the Python SDK writes them, mean true and false in lists and single reads", async () => {
    await seedCampaigns(2);
    const [kept, gone] = ids(await api.get(path));
    await api.delete(`${path}/${gone}`);
    expect(ids(await api.get(path, { with_deleted: "True" }))).toEqual([kept, gone]);
    expect(ids(await api.get(path, { with_deleted: "False" }))).toEqual([kept]);
    expect((await api.get(`${path}/${gone}`, { with_deleted: "True" })).body.data).toMatchObject({ id: gone, deleted: true });
    expect((await api.get(`${path}/${gone}`, { with_deleted: "False" })).status).toBe(404);
  });

  test("with_total_count=True adds total_count and counts against its own window", async () => {
    await seedCampaigns(3);
    api.control.setRateLimit("with_total_count", 1, 900);
    expect((await api.get(path, { count: 1, with_total_count: "True" })).body).toMatchObject({ total_count: 3 });
    const second = await api.get(path, { count: 1, with_total_count: "True" });
    expect(second.status).toBe(429);
  });

  test("other spellings are refused, naming the parameter and the words taken", async () => {
    const res = await api.get(path, { with_deleted: "TRUE" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{
      code: "INVALID_PARAMETER", parameter: "with_deleted", message: 'with_deleted must be one of true, false, True, False, got "TRUE"', value: "TRUE", details: "must be one of true, false, True, False",
    }]);
  });
});
