/**
 * The foundation end to end: the real pulumi CLI, the quickstart program and
 * the emulator; campaigns that deletion protection guards; bad input. Tests
 * in a describe share one stack and run in order, as a user's commands
 * would. Update, refresh and destroy of each kind are walked by walk.test.ts.
 */
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { expectNoCredentialsIn, output, ProgramResource, ROOT, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
const live = (collection: string, withDeleted = false) => e2e.live(collection, { withDeleted });

describe("the quickstart with the real pulumi CLI", () => {
  let stack: Stack;
  let ids: { fundingInstrumentId: string; campaignId: string; lineItemIds: string[] };

  beforeAll(async () => {
    stack = e2e.stack("quickstart");
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

  test("the serialized provider requires the installed package by name and holds no code of it: one require and the kind", async () => {
    const [campaign] = await stack.exportedOf("Campaign");
    const provider = String(campaign!.inputs!.__provider);
    expect(provider).toContain('Object.create(require("pulumi-xads/dist/provider/state-entry.js"))');
    expect(provider).toContain('__provider.kind = "Campaign"');
    expect(provider).not.toContain("dispatch");
    // The engine writes the whole state after every step of an up: the provider is in inputs and outputs of every resource.
    expect(provider.length).toBeLessThan(400);
    expect(campaign!.outputs!.__provider).toBe(provider);
    expect(JSON.stringify(campaign).length).toBeLessThan(3000);
  });

  test("neither the state, nor the stack config, nor anything the CLI printed holds a credential", async () => {
    await expectNoCredentialsIn(stack);
  });
});

describe("replacing a campaign (deletion cannot be undone)", () => {
  let stack: Stack;
  const program = (fi: string, extra: Record<string, unknown> = {}): ProgramResource[] => [
    { type: "FundingInstrument", name: "usd-a", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "FundingInstrument", name: "usd-b", args: { currency: "USD", startTime: "2026-02-01T00:00:00Z" } },
    { type: "Campaign", name: "always-on", args: { fundingInstrumentId: `\${${fi}.id}`, name: "Always on", dailyBudgetAmountLocalMicro: 1_000_000, ...extra } },
  ];

  beforeAll(async () => {
    stack = e2e.stack("replace");
    stack.writeProgram(program("usd-a"));
    await stack.init();
    expect((await stack.up()).code).toBe(0);
  });

  test("changing the funding instrument is refused without the opt-in, and nothing is written", async () => {
    const before = live("campaigns");
    e2e.emu.control.clearRequests();
    stack.writeProgram(program("usd-b"));
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toMatch(/changing fundingInstrumentId replaces the campaign .*Set deletionProtection: false/);
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    expect(e2e.writes()).toEqual([]);
    expect(live("campaigns")).toEqual(before);
  });

  /** This stack's campaign (the quickstart's lives in the same account). */
  const alwaysOn = (withDeleted = false) => live("campaigns", withDeleted).filter((c) => c.name === "Always on");

  test("with deletionProtection false the preview says it replaces because of fundingInstrumentId, and up replaces it", async () => {
    const [old] = alwaysOn();
    stack.writeProgram(program("usd-b", { deletionProtection: false }));
    const preview = await stack.preview("--diff");
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/\+-pulumi-nodejs:dynamic\/xads:Campaign: \(replace\)( 🔓)?\s+\[id=\w+\]\s+\[urn=\S+::always-on\]/);
    expect(preview.stdout).toMatch(/~ fundingInstrumentId\s*: "\w+" => "\w+"/);
    expect((await stack.up()).code).toBe(0);
    const [now] = alwaysOn();
    expect(now!.id).not.toBe(old!.id);
    expect(now!.funding_instrument_id).toBe((await stack.outputs())["usd-b"]);
    expect(alwaysOn(true).find((c) => c.id === old!.id)).toMatchObject({ deleted: true });
  });

  test("destroy of a protected campaign is refused with what to do, and the campaign stays", async () => {
    stack.writeProgram(program("usd-b", { deletionProtection: true }));
    expect((await stack.up()).code).toBe(0);
    const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
    expect(destroy.code).not.toBe(0);
    // deletionProtection is the engine's protect: the engine refuses the delete before the provider is asked.
    expect(output(destroy)).toMatch(/Campaign::always-on" cannot be deleted\s+because it is protected/);
    expect(alwaysOn()).toHaveLength(1);
  });
});

describe("removing protected campaigns: the preview fails, pr-summary says up will refuse them, up deletes nothing", () => {
  let stack: Stack;
  const usd: ProgramResource = { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } };
  const campaign = (name: string, opts?: Record<string, unknown>): ProgramResource =>
    ({ type: "Campaign", name, args: { fundingInstrumentId: "${usd.id}", name: `Kept ${name}`, dailyBudgetAmountLocalMicro: 1_000_000 }, opts });
  const kept = () => live("campaigns").filter((c) => String(c.name).startsWith("Kept ")).map((c) => c.name).sort();

  beforeAll(async () => {
    stack = e2e.stack("protected-removal");
    stack.writeProgram([usd, campaign("guarded", { protect: true }), campaign("default")]);
    await stack.init();
    expect((await stack.up()).code).toBe(0);
    stack.writeProgram([usd]);
    e2e.emu.control.clearRequests();
  });

  test("pulumi preview fails naming the campaign: deletionProtection, on by default, is the engine's protect", async () => {
    stack.writeProgram([usd, campaign("guarded", { protect: true })]);
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toMatch(/Campaign::default" cannot be deleted\s+because it is protected/);
    stack.writeProgram([usd]);
  });

  test("pr-summary of the preview fails as the preview did, and marks both deletes refused, and counts no budget change", async () => {
    const preview = await stack.preview("--json");
    writeFileSync(join(stack.dir, "preview.json"), preview.stdout);
    const summary = await stack.xads(["pr-summary", "preview.json"]);
    // The engine's error is the preview's failure: the summary is written, and the check fails.
    expect(summary.code).toBe(1);
    expect(summary.stderr).toMatch(/^xads: the preview failed: (default|guarded): Preview failed: resource "\S+Campaign::(default|guarded)" cannot be deleted\n$/);
    expect(summary.stdout).toMatch(/^<!-- xads-pr-summary -->\n### Pulumi preview of stack `dev` \(project `protected-removal`\)\n\n\*\*The preview failed\*\*: /);
    expect(summary.stdout).toContain("> **`pulumi up` will fail: 2 deletes refused.**");
    expect(summary.stdout).toMatch(/> - \*\*delete\*\* `default` \(Campaign, id `\w+`\) "Kept default": refused, deletionProtection is on\n/);
    expect(summary.stdout).toMatch(/> - \*\*delete\*\* `guarded` \(Campaign, id `\w+`\) "Kept guarded": refused, deletionProtection is on\n/);
    expect(summary.stdout).not.toContain("### Budgets");
  });

  test("up refuses both: nothing is deleted", async () => {
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    expect(output(up)).toMatch(/Campaign::(default|guarded)" cannot be deleted\s+because it is protected/);
    expect(e2e.writes()).toEqual([]);
    expect(kept()).toEqual(["Kept default", "Kept guarded"]);
  });
});

describe("bad input fails preview with the field and the limit, and writes nothing", () => {
  let stack: Stack;
  const base = { fundingInstrumentId: "${usd.id}", name: "Ok", dailyBudgetAmountLocalMicro: 1_000_000, totalBudgetAmountLocalMicro: 5_000_000 };
  const program = (campaign: Record<string, unknown>, lineItem: Record<string, unknown> = {}): ProgramResource[] => [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "c", args: { ...base, deletionProtection: false, ...campaign } },
    { type: "LineItem", name: "li", args: { campaignId: "${c.id}", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], ...lineItem } },
  ];

  beforeAll(async () => {
    stack = e2e.stack("bad-input");
    stack.writeProgram(program({}));
    await stack.init();
    expect((await stack.up()).code).toBe(0);
  });

  const cases: [string, Record<string, unknown>, Record<string, unknown>, RegExp][] = [
    ["a 256-character campaign name", { name: "n".repeat(256) }, {}, /name must be at most 255 characters \(got 256\)/],
    ["a 51-character purchase order number", { purchaseOrderNumber: "p".repeat(51) }, {}, /purchaseOrderNumber must be at most 50 characters \(got 51\)/],
    ["a daily budget one micro above the total", { dailyBudgetAmountLocalMicro: 5_000_001 }, {}, /has a problem: dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: USD 5\.000001 > USD 5\.00 \(5000001 > 5000000 micros\)/],
    ["DRAFT on a live campaign", { entityStatus: "DRAFT" }, {}, /entityStatus cannot change from ACTIVE to DRAFT/],
    ["a 256-character line item name", {}, { name: "l".repeat(256) }, /name must be at most 255 characters \(got 256\)/],
    ["a PREROLL_VIEWS line item without categories", {}, { objective: "PREROLL_VIEWS" }, /categories \(the iab_categories of one or two advertiser business categories\) are required when objective is PREROLL_VIEWS/],
    ["a PREROLL_VIEWS line item of three advertiser business categories", {}, { objective: "PREROLL_VIEWS", productType: "MEDIA", categories: ["IAB3", "IAB13", "IAB21", "IAB7", "IAB18"] },
      /categories of a PREROLL_VIEWS line item must be those of at most 2 advertiser business categories \(got 3: Financial Services, Health & Pharma, Retail\)/],
    ["the former CAMPAIGN budget optimization, which today's platform no longer takes", { budgetOptimization: "CAMPAIGN" }, {}, /budgetOptimization must be one of LINE_ITEM \(got "CAMPAIGN"\)/],
    ["a MAX bid on a REACH line item", {}, { objective: "REACH", bidStrategy: "MAX", bidAmountLocalMicro: 1_000_000 }, /bidStrategy MAX is not available for objective REACH/],
  ];

  test.each(cases)("%s", async (_what, campaign, lineItem, message) => {
    e2e.emu.control.clearRequests();
    stack.writeProgram(program(campaign, lineItem));
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toMatch(message);
    expect(e2e.writes()).toEqual([]);
  });
});
