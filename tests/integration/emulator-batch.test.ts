/**
 * The campaign batch endpoint (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns): all or nothing,
 * errors by item index.
 */
import { ACCOUNT, createItems, TestApi } from "./emulator-helpers";

const api = new TestApi();
let fi: string;
beforeEach(async () => {
  api.control.reset();
  fi = await api.seededFundingInstrument();
});
afterAll(() => api.app.close());

const campaigns = () => api.control.entities("production", ACCOUNT, "campaigns", { withDeleted: true });

describe("campaign batches", () => {
  test("creates, updates and deletes, answering the entities in input order", async () => {
    const [a, b] = (await api.batch(createItems(2, fi))).body.data;
    const res = await api.batch([
      { operation_type: "Update", params: { campaign_id: b.id, name: "Renamed", total_budget_amount_local_micro: 9_000_000 } },
      { operation_type: "Create", params: { funding_instrument_id: fi, name: "New", daily_budget_amount_local_micro: 1_000_000, budget_optimization: "LINE_ITEM" } },
      { operation_type: "Delete", params: { campaign_id: a.id } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: b.id, name: "Renamed", total_budget_amount_local_micro: 9_000_000 }),
      expect.objectContaining({ name: "New", budget_optimization: "LINE_ITEM", standard_delivery: null }),
      expect.objectContaining({ id: a.id, deleted: true }),
    ]);
  });

  test("41 items are refused under errors, and nothing is committed", async () => {
    const res = await api.batch(createItems(41, fi));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ code: "INVALID_PARAMETER", message: "a batch must have at most 40 items, got 41" }]);
    expect(res.body.operation_errors).toBeUndefined();
    expect(campaigns()).toEqual([]);
  });

  test("one bad item fails the batch with operation_errors at its index, and nothing is committed", async () => {
    const items = createItems(3, fi);
    (items[1] as { params: Record<string, unknown> }).params.name = "n".repeat(256);
    const res = await api.batch(items);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([]);
    expect(res.body.operation_errors).toEqual([
      [],
      [{ code: "INVALID_PARAMETER", parameter: "name", message: "name must be at most 255 characters, got 256", value: "n".repeat(256), details: "must be at most 255 characters" }],
      [],
    ]);
    expect(campaigns()).toEqual([]);
  });

  test("a failed batch leaves updated and deleted campaigns as they were", async () => {
    const [a] = (await api.batch(createItems(1, fi))).body.data;
    const before = campaigns();
    const res = await api.batch([
      { operation_type: "Update", params: { campaign_id: a.id, name: "Changed" } },
      { operation_type: "Delete", params: { campaign_id: a.id } },
      { operation_type: "Update", params: { campaign_id: "missing", name: "x" } },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.operation_errors).toEqual([[], [], [{ code: "CAMPAIGN_NOT_FOUND", message: "campaign missing was not found" }]]);
    expect(campaigns()).toEqual(before);
  });

  test("an item without campaign_id, or of an unknown operation type, fails at its index", async () => {
    const res = await api.batch([
      { operation_type: "Delete", params: {} },
      { operation_type: "Upsert", params: {} },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.operation_errors).toEqual([
      [{ code: "MISSING_PARAMETER", parameter: "campaign_id", message: "campaign_id is required to Delete a campaign" }],
      [{ code: "INVALID_PARAMETER", parameter: "operation_type", message: 'operation_type must be one of Create, Update, Delete, got "Upsert"', value: "Upsert", details: "must be one of Create, Update, Delete" }],
    ]);
  });

  test("a body that is not a JSON array is refused under errors", async () => {
    const res = await api.batch({ operation_type: "Create", params: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "body" });
  });

  test("items count toward the active-campaign limit one by one", async () => {
    api.control.setActiveCampaignLimit("production", ACCOUNT, 1);
    const res = await api.batch(createItems(2, fi, { entity_status: "ACTIVE" }));
    expect(res.status).toBe(400);
    expect(res.body.operation_errors[0]).toEqual([]);
    expect(res.body.operation_errors[1][0].code).toBe("TOO_MANY_CAMPAIGNS");
    expect(campaigns()).toEqual([]);
  });
});
