import { campaign } from "../../provider/resources/campaign";
import { UNKNOWN } from "../../provider/resources/framework";
import { NotFoundError } from "../../provider/client/errors";

/** The client's collect() for a write that comes alone: its group holds it only, so the single PUT or DELETE goes (batch-write.ts). */
const alone = <I, R>(_group: string, item: I, _max: number, run: (items: I[]) => Promise<R[]>): Promise<R> => run([item]).then((r) => r[0]!);

const valid = () => ({
  accountId: "18ce54d4x5t",
  fundingInstrumentId: "fi1",
  name: "Spring sale",
  dailyBudgetAmountLocalMicro: 50_000_000,
  totalBudgetAmountLocalMicro: 1_000_000_000,
});

const reasons = (news: Record<string, unknown>, olds: Record<string, unknown> = {}, env?: { sandbox: boolean; currency?: string }) =>
  (campaign.check(olds, news, env).failures ?? []).map((f) => f.reason);

describe("Campaign check", () => {
  test("valid inputs pass; budget optimization and delivery are left to the platform, not filled in", () => {
    const result = campaign.check({}, valid());
    expect(result.failures).toBeUndefined();
    expect(result.inputs).toMatchObject({ entityStatus: "ACTIVE", deletionProtection: true });
    expect(result.inputs).not.toHaveProperty("budgetOptimization");
    expect(result.inputs).not.toHaveProperty("standardDelivery");
  });

  test("LINE_ITEM budget optimization passes; the former CAMPAIGN, which today's platform no longer takes, is refused", () => {
    expect(reasons({ ...valid(), budgetOptimization: "LINE_ITEM" })).toEqual([]);
    expect(reasons({ ...valid(), budgetOptimization: "CAMPAIGN" })).toEqual(['budgetOptimization must be one of LINE_ITEM (got "CAMPAIGN")']);
  });

  test("a 255-character name passes and a 256-character one names the field and the limit", () => {
    expect(reasons({ ...valid(), name: "n".repeat(255) })).toEqual([]);
    expect(reasons({ ...valid(), name: "n".repeat(256) })).toEqual(["name must be at most 255 characters (got 256)"]);
  });

  test("a name is counted in characters as the platform counts them: 255 emoji pass, 256 are refused with 256", () => {
    expect(reasons({ ...valid(), name: "🚀".repeat(255) })).toEqual([]);
    expect(reasons({ ...valid(), name: "🚀".repeat(256) })).toEqual(["name must be at most 255 characters (got 256)"]);
  });

  test("a NUL, a tab or a line break in a name is refused, showing where", () => {
    expect(reasons({ ...valid(), name: "Spring\u0000sale" })).toEqual([
      'name must not contain control characters (NUL, tab, line breaks and the like) (got "Spring\\u0000sale")',
    ]);
    expect(reasons({ ...valid(), name: "Spring\tsale" })).toEqual([
      'name must not contain control characters (NUL, tab, line breaks and the like) (got "Spring\\tsale")',
    ]);
    // Other text takes tabs and line breaks, not NUL.
    expect(reasons({ ...valid(), purchaseOrderNumber: "PO\t7" })).toEqual([]);
    expect(reasons({ ...valid(), purchaseOrderNumber: "PO\u00007" })).toEqual([
      'purchaseOrderNumber must not contain control characters other than tabs and line breaks (got "PO\\u00007")',
    ]);
  });

  test("a budget above the ceiling is refused, naming the field, the ceiling in micros and how to raise it", () => {
    const huge = Number.MAX_SAFE_INTEGER;
    const stack = { sandbox: true }; // a provider runs, with the stack's configuration: no xads:maxBudgetMicro set
    expect(reasons({ ...valid(), dailyBudgetAmountLocalMicro: huge, totalBudgetAmountLocalMicro: huge }, {}, stack)).toEqual([
      "dailyBudgetAmountLocalMicro must be at most 100000000000000 micros (100,000,000.00 in the funding instrument's currency; got 9007199254740991). "
        + "That ceiling guards against typos; if the amount is meant, raise it for the stack: pulumi config set xads:maxBudgetMicro <micros> (or XADS_MAX_BUDGET_MICRO)",
      "totalBudgetAmountLocalMicro must be at most 100000000000000 micros (100,000,000.00 in the funding instrument's currency; got 9007199254740991). "
        + "That ceiling guards against typos; if the amount is meant, raise it for the stack: pulumi config set xads:maxBudgetMicro <micros> (or XADS_MAX_BUDGET_MICRO)",
    ]);
    expect(reasons({ ...valid(), dailyBudgetAmountLocalMicro: 100_000_000_000_000, totalBudgetAmountLocalMicro: 100_000_000_000_000 }, {}, stack)).toEqual([]);
  });

  test("with the ceiling raised for the stack, the same budget passes, and one above the new ceiling is refused", () => {
    const raised = { sandbox: true, maxBudgetMicro: 500_000_000_000_000 };
    const budget = { ...valid(), dailyBudgetAmountLocalMicro: 400_000_000_000_000, totalBudgetAmountLocalMicro: 400_000_000_000_000 };
    expect(campaign.check({}, budget, { sandbox: true }).failures?.map((f) => f.property)).toEqual(["dailyBudgetAmountLocalMicro", "totalBudgetAmountLocalMicro"]);
    // Without the stack's configuration the ceiling is not known, so not applied.
    expect(campaign.check({}, budget).failures).toBeUndefined();
    expect(campaign.check({}, budget, raised).failures).toBeUndefined();
    expect(campaign.check({}, { ...budget, totalBudgetAmountLocalMicro: 600_000_000_000_000 }, raised).failures?.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^totalBudgetAmountLocalMicro must be at most 500000000000000 micros \(500,000,000.00 in the funding instrument's currency; got 600000000000000\)/),
    ]);
  });

  test("a NaN or infinite budget says NaN or Infinity, not null", () => {
    expect(reasons({ ...valid(), dailyBudgetAmountLocalMicro: NaN })).toEqual(["dailyBudgetAmountLocalMicro must be a finite number (got NaN)"]);
    expect(reasons({ ...valid(), totalBudgetAmountLocalMicro: Infinity })).toEqual(["totalBudgetAmountLocalMicro must be a finite number (got Infinity)"]);
  });

  test("a 51-character purchase order number is refused with the limit", () => {
    expect(reasons({ ...valid(), purchaseOrderNumber: "p".repeat(50) })).toEqual([]);
    expect(reasons({ ...valid(), purchaseOrderNumber: "p".repeat(51) })).toEqual(["purchaseOrderNumber must be at most 50 characters (got 51)"]);
  });

  test("a daily budget above the total is refused, naming both amounts", () => {
    expect(reasons({ ...valid(), dailyBudgetAmountLocalMicro: 1_000_000_000 })).toEqual([]);
    expect(reasons({ ...valid(), dailyBudgetAmountLocalMicro: 1_000_000_001 })).toEqual([
      "dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: 1,000.000001 > 1,000.00 in the funding instrument's currency (1000000001 > 1000000000 micros)",
    ]);
  });

  test("with the funding instrument's currency known, amounts are said in it, with the micros beside them", () => {
    expect(reasons({ ...valid(), dailyBudgetAmountLocalMicro: 2_000_000_000, totalBudgetAmountLocalMicro: 400_000_000 }, {}, { sandbox: true, currency: "USD" })).toEqual([
      "dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: USD 2,000.00 > USD 400.00 (2000000000 > 400000000 micros)",
    ]);
    expect(reasons({ ...valid(), totalBudgetAmountLocalMicro: 200_000_000_000_000 }, {}, { sandbox: true, currency: "EUR" })).toEqual([
      expect.stringMatching(/^totalBudgetAmountLocalMicro must be at most 100000000000000 micros \(EUR 100,000,000\.00; got 200000000000000\)/),
    ]);
  });

  test("standard delivery on a campaign is refused: deprecated there, it belongs to line items", () => {
    for (const standardDelivery of [true, false]) {
      expect(reasons({ ...valid(), standardDelivery })).toEqual([
        "standardDelivery is deprecated on campaigns: budget optimization is always LINE_ITEM, so the platform ignores it (and answers null); set standardDelivery on the campaign's line items",
      ]);
    }
  });

  test("an unknown entity status lists the allowed values", () => {
    expect(reasons({ ...valid(), entityStatus: "RUNNING" })).toEqual([
      'entityStatus must be one of ACTIVE, DRAFT, PAUSED (got "RUNNING")',
    ]);
  });

  test("a missing name and a misspelt input are both reported", () => {
    const { name: _, ...noName } = valid();
    expect(reasons({ ...noName, dailyBudget: 1 })).toEqual(expect.arrayContaining(["name is required", "unknown input dailyBudget"]));
  });

  test("moving a live campaign to DRAFT is refused, since the platform accepts DRAFT only at creation", () => {
    expect(reasons({ ...valid(), entityStatus: "DRAFT" })).toEqual([]);
    expect(reasons({ ...valid(), entityStatus: "DRAFT" }, { ...valid(), entityStatus: "ACTIVE" })).toEqual([
      "entityStatus cannot change from ACTIVE to DRAFT: the platform accepts DRAFT only when a campaign is created (use PAUSED)",
    ]);
  });

  test("values not known during preview are not judged", () => {
    expect(reasons({ ...valid(), fundingInstrumentId: UNKNOWN, dailyBudgetAmountLocalMicro: UNKNOWN })).toEqual([]);
  });

  test("a daily budget above the total is refused while the funding instrument is still unknown", () => {
    expect(reasons({ ...valid(), fundingInstrumentId: UNKNOWN, dailyBudgetAmountLocalMicro: 9_000_000, totalBudgetAmountLocalMicro: 5_000_000 })).toEqual([
      "dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: 9.00 > 5.00 in the funding instrument's currency (9000000 > 5000000 micros)",
    ]);
  });

  test("changing the funding instrument of a protected campaign is refused, naming the opt-in", () => {
    const olds = { ...valid(), deletionProtection: true };
    const failures = campaign.check(olds, { ...valid(), fundingInstrumentId: "fi2" }).failures ?? [];
    expect(failures).toHaveLength(1);
    expect(failures[0]!.property).toBe("fundingInstrumentId");
    expect(failures[0]!.reason).toMatch(/replaces the campaign .* cannot be undone\. Set deletionProtection: false/);
  });

  test("changing the funding instrument with deletionProtection false is allowed", () => {
    expect(reasons({ ...valid(), fundingInstrumentId: "fi2", deletionProtection: false }, { ...valid(), deletionProtection: true })).toEqual([]);
  });

  test("a funding instrument not known yet counts as a change for the protection", () => {
    expect(reasons({ ...valid(), fundingInstrumentId: UNKNOWN }, { ...valid(), deletionProtection: true })).toHaveLength(1);
  });
});

describe("Campaign update", () => {
  test("turning deletionProtection on sends nothing and leaves no undefined value for the engine to serialize", async () => {
    const state = { ...valid(), entityStatus: "ACTIVE", budgetOptimization: "LINE_ITEM", deletionProtection: false, currency: "USD" } as never;
    const noClient = {} as never;
    const outs = await campaign.update(noClient, "c1", state, { ...(state as object), deletionProtection: true } as never);
    expect(outs).toMatchObject({ deletionProtection: true, currency: "USD" });
    expect(Object.entries(outs).filter(([, v]) => v === undefined)).toEqual([]);
  });
});

describe("Campaign diff", () => {
  const state = { ...valid(), entityStatus: "ACTIVE", budgetOptimization: "LINE_ITEM", deletionProtection: true, currency: "USD" } as never;
  const inputs = { ...valid(), entityStatus: "ACTIVE", deletionProtection: true } as never;

  test("the same inputs as the state are no change", () => {
    expect(campaign.diff("c1", state, inputs)).toMatchObject({ changes: false });
  });

  test("a read answering LINE_ITEM and standard_delivery null shows no change for a program that declared neither", async () => {
    const live = {
      id: "c1", name: "Spring sale", funding_instrument_id: "fi1", entity_status: "ACTIVE", budget_optimization: "LINE_ITEM",
      standard_delivery: null, daily_budget_amount_local_micro: 50_000_000, total_budget_amount_local_micro: 1_000_000_000,
      purchase_order_number: null, currency: "USD", servable: true, created_at: "2026-01-01T00:00:00Z",
    };
    const declared = campaign.check({}, valid()).inputs!;
    const read = await campaign.read({ client: { getById: jest.fn().mockResolvedValue(live) } } as never, "c1", declared as never);
    expect(read!.props).toMatchObject({ budgetOptimization: "LINE_ITEM" });
    expect(read!.props).not.toHaveProperty("standardDelivery");
    expect(campaign.diff("c1", read!.props, declared)).toMatchObject({ changes: false });
  });

  test("changing the budget is an in-place update", () => {
    const d = campaign.diff("c1", state, { ...(inputs as object), dailyBudgetAmountLocalMicro: 60_000_000 } as never);
    expect(d.changes).toBe(true);
    expect(d.replaces).toBeUndefined();
  });

  test("a replacement the inputs allow lets the old campaign's delete through", async () => {
    campaign.diff("c-replaced", state, { ...(inputs as object), fundingInstrumentId: "fi2", deletionProtection: false } as never);
    const del = jest.fn().mockResolvedValue({});
    await campaign.delete({ client: { delete: del, collect: alone } } as never, "c-replaced", { ...valid(), deletionProtection: true } as never);
    expect(del).toHaveBeenCalledTimes(1);
  });

  test("changing the funding instrument replaces, and says which field", () => {
    const d = campaign.diff("c1", state, { ...(inputs as object), fundingInstrumentId: "fi2", deletionProtection: false } as never);
    expect(d.replaces).toEqual(["fundingInstrumentId"]);
  });

  test("a name edited in the UI shows as a change back to the declared name", () => {
    const d = campaign.diff("c1", { ...(state as object), name: "edited" } as never, inputs);
    expect(d.changes).toBe(true);
  });
});

describe("Campaign delete", () => {
  test("a protected campaign is not deleted, and the message says how to proceed", async () => {
    const ctx = { client: { delete: jest.fn(), collect: alone } } as never;
    // An id no diff of this process approved for replacement.
    await expect(campaign.delete(ctx, "c-protected", { ...valid(), deletionProtection: true } as never)).rejects.toThrow(
      /^campaign "Spring sale" \(id c-protected\) was not deleted: deletionProtection is on.*To stop managing it without deleting it, run pulumi state delete '<URN>', with the URN that pulumi stack --show-urns --show-ids prints above "ID: c-protected"\.$/,
    );
    expect((ctx as { client: { delete: jest.Mock } }).client.delete).not.toHaveBeenCalled();
  });

  test("an unprotected campaign is deleted, and a 404 counts as done", async () => {
    const del = jest.fn().mockRejectedValue(new NotFoundError({ status: 404, code: "NOT_FOUND", message: "gone", method: "DELETE", path: "/x" }));
    await expect(campaign.delete({ client: { delete: del, collect: alone } } as never, "c1", { ...valid(), deletionProtection: false } as never)).resolves.toBeUndefined();
    expect(del).toHaveBeenCalledWith("/12/accounts/18ce54d4x5t/campaigns/c1");
  });
});

describe("Campaign after an edit in the ads UI (budget raised to 77, made ACTIVE)", () => {
  const declared = () => campaign.check({}, { ...valid(), entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 10_000_000, purchaseOrderNumber: "PO-1" }).inputs!;
  const liveEntity = (over: Record<string, unknown> = {}) => ({
    id: "c1", name: "Spring sale", funding_instrument_id: "fi1", entity_status: "ACTIVE", budget_optimization: "LINE_ITEM",
    standard_delivery: null, daily_budget_amount_local_micro: 77_000_000, total_budget_amount_local_micro: 1_000_000_000,
    purchase_order_number: "PO-1", currency: "USD", servable: true, created_at: "2026-01-01T00:00:00Z", ...over,
  });
  const stateOf = (inputs: Record<string, unknown>) => ({ ...inputs, budgetOptimization: "LINE_ITEM", currency: "USD", servable: false, createdAt: "2026-01-01T00:00:00Z" });

  test("a refresh writes the live values into the state's inputs, so the preview shows 77 -> 10 and ACTIVE -> PAUSED", async () => {
    const state = stateOf(declared());
    const read = await campaign.read({ client: { getById: jest.fn().mockResolvedValue(liveEntity()) } } as never, "c1", state as never);
    // The engine shows the state's inputs -> the program's: after this refresh, live -> declared.
    expect(read!.inputs).toMatchObject({ dailyBudgetAmountLocalMicro: 77_000_000, entityStatus: "ACTIVE", purchaseOrderNumber: "PO-1", deletionProtection: true });
    // Outputs only, and a computed input the program may leave unset (it would show as removed), are not inputs.
    expect(read!.inputs).not.toHaveProperty("currency");
    expect(read!.inputs).not.toHaveProperty("servable");
    expect(read!.inputs).not.toHaveProperty("budgetOptimization");
    expect(Object.values(read!.inputs!).filter((v) => v === undefined)).toEqual([]);
    // And the next up changes them back: the diff plans the update the preview shows.
    expect(campaign.diff("c1", read!.props, declared())).toMatchObject({ changes: true });
  });

  test("an up that changes only the purchase order number sends only it, keeps the edited values out of the state and says so", async () => {
    const state = stateOf(declared());
    const news = { ...declared(), purchaseOrderNumber: "PO-2" };
    const put = jest.fn().mockResolvedValue(liveEntity({ purchase_order_number: "PO-2" }));
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      // The live read before the PUT: the edited budget and status, the purchase order number as the plan has it.
      const getById = jest.fn().mockResolvedValue(liveEntity());
      const outs = await campaign.update({ client: { put, getById, collect: alone } } as never, "c1", state as never, news as never) as Record<string, unknown>;
      expect(put).toHaveBeenCalledTimes(1);
      expect(put.mock.calls[0]![1]).toEqual({ purchase_order_number: "PO-2" });
      expect(outs).toMatchObject({ purchaseOrderNumber: "PO-2", dailyBudgetAmountLocalMicro: 10_000_000, entityStatus: "PAUSED" });
      // The next preview, with no program change, plans nothing it cannot show: the edit stays until a refresh shows it.
      expect(campaign.diff("c1", outs as never, news as never)).toMatchObject({ changes: false });
      const said = stderr.mock.calls.map((c) => String(c[0])).join("");
      expect(said).toContain('campaign "Spring sale" (id c1) was changed outside the program');
      expect(said).toContain("dailyBudgetAmountLocalMicro is 77000000 on the platform, 10000000 in the program");
      expect(said).toContain('entityStatus is "ACTIVE" on the platform, "PAUSED" in the program');
      expect(said).toContain("pulumi refresh");
    } finally {
      stderr.mockRestore();
    }
  });

  test("an answer without a field it was not sent (cleared in the UI, or not answered) keeps the state's value, without a word", async () => {
    const state = stateOf(declared());
    const news = { ...declared(), dailyBudgetAmountLocalMicro: 20_000_000 };
    const put = jest.fn().mockResolvedValue(liveEntity({ daily_budget_amount_local_micro: 20_000_000, entity_status: "PAUSED", purchase_order_number: null }));
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const getById = jest.fn().mockResolvedValue(liveEntity({ daily_budget_amount_local_micro: 10_000_000, entity_status: "PAUSED" }));
      const outs = await campaign.update({ client: { put, getById, collect: alone } } as never, "c1", state as never, news as never);
      expect(outs).toMatchObject({ dailyBudgetAmountLocalMicro: 20_000_000, purchaseOrderNumber: "PO-1" });
      expect(campaign.diff("c1", outs, news as never)).toMatchObject({ changes: false });
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
  });

  test("an up that sends the budget takes the platform's answer for it, and says nothing when nothing else was edited", async () => {
    const state = stateOf(declared());
    const news = { ...declared(), dailyBudgetAmountLocalMicro: 20_000_000 };
    const put = jest.fn().mockResolvedValue(liveEntity({ daily_budget_amount_local_micro: 20_000_000, entity_status: "PAUSED" }));
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const getById = jest.fn().mockResolvedValue(liveEntity({ daily_budget_amount_local_micro: 10_000_000, entity_status: "PAUSED" }));
      const outs = await campaign.update({ client: { put, getById, collect: alone } } as never, "c1", state as never, news as never);
      expect(outs).toMatchObject({ dailyBudgetAmountLocalMicro: 20_000_000, entityStatus: "PAUSED" });
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
  });

  test("an up that sends the budget after it was raised in the ads UI sends nothing and names the field, the plan's old value and the live one", async () => {
    const state = stateOf(declared());
    const news = { ...declared(), dailyBudgetAmountLocalMicro: 20_000_000 };
    const put = jest.fn();
    const getById = jest.fn().mockResolvedValue(liveEntity());
    await expect(campaign.update({ client: { put, getById, collect: alone } } as never, "c1", state as never, news as never)).rejects.toThrow(
      /^campaign "Spring sale" \(id c1\) was changed outside the program after the state last read it \(e\.g\. in the ads UI\): dailyBudgetAmountLocalMicro is 77\.00 .* on the platform, where the plan changes it from 10\.00 .*Nothing was sent to it/);
    expect(put).not.toHaveBeenCalled();
  });
});
