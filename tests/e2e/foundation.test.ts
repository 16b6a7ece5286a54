/**
 * The foundation end to end: the real pulumi CLI, the quickstart program and
 * the emulator. Tests in a describe share one stack and run in order, as a
 * user's commands would.
 */
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { ACCOUNT_ID, Credentials, Emulator, ResourceSpec, ROOT, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

let emu: Emulator;
let creds: Credentials;
beforeAll(async () => ({ emu, creds } = await startStackEmulator()));
afterAll(async () => emu?.close());

const live = (collection: string, withDeleted = false) =>
  emu.control.entities("sandbox", ACCOUNT_ID, collection, { withDeleted });
const writes = () => emu.control.requests().filter((r) => r.method !== "GET");

describe("the quickstart with the real pulumi CLI", () => {
  let stack: Stack;
  let ids: { fundingInstrumentId: string; campaignId: string; lineItemIds: string[] };

  beforeAll(async () => {
    stack = new Stack("quickstart", emu, creds);
    stack.copyProgram(join(ROOT, "examples", "quickstart"));
    await stack.init();
  });

  test("up creates the funding instrument, the campaign and two line items", async () => {
    const up = await stack.up();
    expect(up.code).toBe(0);
    ids = (await stack.outputs()) as unknown as typeof ids;
    expect(live("funding_instruments").map((e) => e.id)).toEqual([ids.fundingInstrumentId]);
    expect(live("campaigns")).toEqual([expect.objectContaining({
      id: ids.campaignId, name: "Spring sale", entity_status: "PAUSED", daily_budget_amount_local_micro: 50_000_000,
    })]);
    expect(live("line_items").map((e) => e.id).sort()).toEqual([...ids.lineItemIds].sort());
  });

  test("a second preview reports no changes", async () => {
    const preview = await stack.preview("--expect-no-changes");
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/5 unchanged/); // the stack and its four resources
  });

  test("the serialized provider requires the installed package by name and holds no code of it", () => {
    const state = JSON.parse(stack.stateFileText());
    const campaign = state.checkpoint.latest.resources.find((r: { type: string }) => r.type === "pulumi-nodejs:dynamic/xads:Campaign");
    const provider: string = campaign.inputs.__provider;
    expect(provider).toContain('require("pulumi-xads/dist/provider/dispatch.js")');
    expect(provider.length).toBeLessThan(4000);
  });

  test("changing the campaign budget is an in-place update of the same campaign", async () => {
    await stack.must(["config", "set", "dailyBudget", "60"]);
    const preview = await stack.preview("--json");
    const steps = JSON.parse(preview.stdout).steps as { op: string; urn: string }[];
    expect(steps.filter((s) => s.op !== "same").map((s) => [s.op, s.urn.split("::").pop()])).toEqual([["update", "spring-sale"]]);
    expect((await stack.up()).code).toBe(0);
    expect(live("campaigns")).toEqual([expect.objectContaining({ id: ids.campaignId, daily_budget_amount_local_micro: 60_000_000 })]);
  });

  test("an edit in the ads UI is found by refresh --preview-only --expect-no-changes, and up --refresh restores it", async () => {
    emu.control.edit("sandbox", ACCOUNT_ID, "campaigns", ids.campaignId, { name: "Edited in the UI" });
    const drift = await stack.run(["refresh", "--preview-only", "--expect-no-changes"]);
    expect(drift.code).not.toBe(0);
    expect(drift.stdout + drift.stderr).toMatch(/spring-sale/);
    expect((await stack.run(["up", "--refresh", "--yes", "--skip-preview"])).code).toBe(0);
    expect(live("campaigns")[0]).toMatchObject({ id: ids.campaignId, name: "Spring sale" });
  });

  test("a campaign deleted out of band is dropped from the state by refresh", async () => {
    emu.control.remove("sandbox", ACCOUNT_ID, "campaigns", ids.campaignId);
    expect((await stack.run(["refresh", "--yes", "--skip-preview"])).code).toBe(0);
    const resources = JSON.parse(stack.stateFileText()).checkpoint.latest.resources as { type: string }[];
    expect(resources.filter((r) => r.type.endsWith("xads:Campaign"))).toEqual([]);
    expect(resources.filter((r) => r.type.endsWith("xads:LineItem"))).toHaveLength(2);
  });

  test("destroy deletes the line items, which the platform then lists only with with_deleted", async () => {
    expect((await stack.run(["destroy", "--yes", "--skip-preview"])).code).toBe(0);
    expect(live("line_items")).toEqual([]);
    expect(live("line_items", true).map((e) => e.id).sort()).toEqual([...ids.lineItemIds].sort());
    expect(live("campaigns", true)).toEqual([expect.objectContaining({ id: ids.campaignId, deleted: true })]);
    // The platform cannot delete funding instruments (seed 4.5): it stays.
    expect(live("funding_instruments").map((e) => e.id)).toEqual([ids.fundingInstrumentId]);
    expect(JSON.parse(stack.stateFileText()).checkpoint.latest?.resources ?? []).toEqual([]);
  });

  test("neither the state, nor the stack config, nor anything the CLI printed holds a credential", () => {
    const texts = [stack.stateFileText(), readFileSync(join(stack.dir, "Pulumi.dev.yaml"), "utf8"), ...stack.transcript];
    for (const secret of Object.values(creds)) {
      for (const text of texts) expect(text.includes(secret)).toBe(false);
    }
  });
});

describe("replacing a campaign (deletion cannot be undone)", () => {
  let stack: Stack;
  const program = (fi: string, extra: Record<string, unknown> = {}): ResourceSpec[] => [
    { type: "FundingInstrument", name: "usd-a", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "FundingInstrument", name: "usd-b", args: { currency: "USD", startTime: "2026-02-01T00:00:00Z" } },
    { type: "Campaign", name: "always-on", args: { fundingInstrumentId: `\${${fi}.id}`, name: "Always on", dailyBudgetAmountLocalMicro: 1_000_000, ...extra } },
  ];

  beforeAll(async () => {
    stack = new Stack("replace", emu, creds);
    stack.writeProgram(program("usd-a"));
    await stack.init();
    expect((await stack.up()).code).toBe(0);
  });

  test("changing the funding instrument is refused without the opt-in, and nothing is written", async () => {
    const before = live("campaigns");
    emu.control.clearRequests();
    stack.writeProgram(program("usd-b"));
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(preview.stdout + preview.stderr).toMatch(/changing fundingInstrumentId replaces the campaign .*Set deletionProtection: false/);
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    expect(writes()).toEqual([]);
    expect(live("campaigns")).toEqual(before);
  });

  test("with deletionProtection false the preview says it replaces because of fundingInstrumentId, and up replaces it", async () => {
    const [old] = live("campaigns");
    stack.writeProgram(program("usd-b", { deletionProtection: false }));
    const preview = await stack.preview("--diff");
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/\+-pulumi-nodejs:dynamic\/xads:Campaign: \(replace\)\s+\[id=\w+\]\s+\[urn=\S+::always-on\]/);
    expect(preview.stdout).toMatch(/~ fundingInstrumentId\s*: "\w+" => "\w+"/);
    expect((await stack.up()).code).toBe(0);
    const [now] = live("campaigns");
    expect(now!.id).not.toBe(old!.id);
    expect(now!.funding_instrument_id).toBe((await stack.outputs())["usd-b"]);
    expect(live("campaigns", true).find((c) => c.id === old!.id)).toMatchObject({ deleted: true });
  });

  test("destroy of a protected campaign is refused with what to do, and the campaign stays", async () => {
    stack.writeProgram(program("usd-b", { deletionProtection: true }));
    expect((await stack.up()).code).toBe(0);
    const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
    expect(destroy.code).not.toBe(0);
    expect(destroy.stdout + destroy.stderr).toMatch(/was not deleted: deletionProtection is on/);
    expect(live("campaigns")).toHaveLength(1);
  });
});

describe("bad input fails preview with the field and the limit, and writes nothing", () => {
  let stack: Stack;
  const base = { fundingInstrumentId: "${usd.id}", name: "Ok", dailyBudgetAmountLocalMicro: 1_000_000, totalBudgetAmountLocalMicro: 5_000_000 };
  const program = (campaign: Record<string, unknown>, lineItem: Record<string, unknown> = {}): ResourceSpec[] => [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "c", args: { ...base, deletionProtection: false, ...campaign } },
    { type: "LineItem", name: "li", args: { campaignId: "${c.id}", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], ...lineItem } },
  ];

  beforeAll(async () => {
    stack = new Stack("bad-input", emu, creds);
    stack.writeProgram(program({}));
    await stack.init();
    expect((await stack.up()).code).toBe(0);
  });

  const cases: [string, Record<string, unknown>, Record<string, unknown>, RegExp][] = [
    ["a 256-character campaign name", { name: "n".repeat(256) }, {}, /name must be at most 255 characters \(got 256\)/],
    ["a 51-character purchase order number", { purchaseOrderNumber: "p".repeat(51) }, {}, /purchaseOrderNumber must be at most 50 characters \(got 51\)/],
    ["a daily budget one micro above the total", { dailyBudgetAmountLocalMicro: 5_000_001 }, {}, /dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro \(5000001 > 5000000\)/],
    ["DRAFT on a live campaign", { entityStatus: "DRAFT" }, {}, /entityStatus cannot change from ACTIVE to DRAFT/],
    ["a 256-character line item name", {}, { name: "l".repeat(256) }, /name must be at most 255 characters \(got 256\)/],
    ["a PREROLL_VIEWS line item without categories", {}, { objective: "PREROLL_VIEWS" }, /categories \(the iab_categories of one or two advertiser business categories\) are required when objective is PREROLL_VIEWS/],
    ["the seed's CAMPAIGN budget optimization, which today's platform no longer takes", { budgetOptimization: "CAMPAIGN" }, {}, /budgetOptimization must be one of LINE_ITEM \(got "CAMPAIGN"\)/],
    ["a MAX bid on a REACH line item", {}, { objective: "REACH", bidStrategy: "MAX", bidAmountLocalMicro: 1_000_000 }, /bidStrategy MAX is not available for objective REACH/],
  ];

  test.each(cases)("%s", async (_what, campaign, lineItem, message) => {
    emu.control.clearRequests();
    stack.writeProgram(program(campaign, lineItem));
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(preview.stdout + preview.stderr).toMatch(message);
    expect(writes()).toEqual([]);
  });
});
