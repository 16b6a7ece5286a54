/**
 * An edit made in the ads UI is never undone unseen, with the real CLI:
 * a campaign raised to 77 and made ACTIVE in the
 * UI, then an `up` that changes only its purchase order number, then
 * another `up`. The first up sends only the purchase order number and says
 * what it left alone; a plain preview after it plans nothing it cannot
 * show; with the refresh docs/gitops.md recommends (Pulumi.yaml
 * `options.refresh: always`) the preview and `xads pr-summary` show
 * 77 -> 10 and ACTIVE -> PAUSED before the up that changes them back. And
 * the summary marks an up that would resume a campaign paused in the UI.
 */
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;
let campaignId: string;

const program = (purchaseOrderNumber: string): ProgramResource[] => [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  {
    type: "Campaign", name: "spring",
    args: { fundingInstrumentId: "${usd.id}", name: "Spring sale", entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 10_000_000, purchaseOrderNumber },
  },
];

const live = () => e2e.live("campaigns").find((c) => c.id === campaignId)!;
/** The fields each write sent: form parameters (query) or a JSON body. */
const puts = () => e2e.writes().filter((r) => r.method === "PUT")
  .map((r) => Object.fromEntries(Object.entries({ ...r.query, ...(r.body as Record<string, unknown> | null) }).map(([k, v]) => [k, String(v)])));

beforeAll(async () => {
  stack = e2e.stack("ui-edit-revert");
  stack.writeProgram(program("PO-1"));
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
  campaignId = (await stack.outputs()).spring!;
});

test("a UI edit of budget and status, then two ups: the preview shows 77 -> 10 and ACTIVE -> PAUSED before the up that changes them back", async () => {
  e2e.emu.control.edit("sandbox", ACCOUNT_ID, "campaigns", campaignId, { daily_budget_amount_local_micro: 77_000_000, entity_status: "ACTIVE" });

  // The first up: only the purchase order number changed in the program, and only it is sent.
  stack.writeProgram(program("PO-2"));
  e2e.emu.control.clearRequests();
  const first = await stack.up();
  expect(first).toMatchObject({ code: 0 });
  expect(puts()).toEqual([{ purchase_order_number: "PO-2" }]);
  expect(live()).toMatchObject({ daily_budget_amount_local_micro: 77_000_000, entity_status: "ACTIVE", purchase_order_number: "PO-2" });
  expect(output(first)).toContain('campaign "Spring sale" (id ' + campaignId + ") was changed outside the program");
  expect(output(first)).toMatch(/dailyBudgetAmountLocalMicro is 77000000 on the platform, 10000000 in the program/);

  // A plain preview plans nothing it could not show: no "~ 1 to update" without an old -> new.
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  // The edit kept out of the state is drift meanwhile.
  const drift = await stack.xads(["drift", "--format", "json"]);
  expect(drift).toMatchObject({ code: 1 });
  expect(JSON.parse(drift.stdout).changed).toEqual([expect.objectContaining({
    resource: "spring", fields: expect.arrayContaining([
      expect.objectContaining({ field: "dailyBudgetAmountLocalMicro", state: 10_000_000, live: 77_000_000 }),
      expect.objectContaining({ field: "entityStatus", state: "PAUSED", live: "ACTIVE" }),
    ]),
  })]);

  // With the refresh first (the Pulumi.yaml option of docs/gitops.md), the preview shows the change back as live -> declared.
  appendFileSync(join(stack.dir, "Pulumi.yaml"), "options:\n  refresh: always\n");
  const preview = await stack.preview("--diff");
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/~ dailyBudgetAmountLocalMicro\s*:\s*77000000 => 10000000/);
  expect(preview.stdout).toMatch(/~ entityStatus\s*:\s*"ACTIVE" => "PAUSED"/);
  expect(preview.stdout).toMatch(/1 to update/);

  // The PR summary of the same preview shows them old -> new too.
  const json = await stack.preview("--json");
  const summary = await stack.xads(["pr-summary"], { input: json.stdout });
  expect(summary).toMatchObject({ code: 0 });
  expect(summary.stdout).toMatch(/dailyBudgetAmountLocalMicro.*USD 77\.00.*USD 10\.00/);
  expect(summary.stdout).toMatch(/entityStatus.*ACTIVE.*PAUSED/);

  // The second up changes back exactly what the preview showed.
  e2e.emu.control.clearRequests();
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(puts()).toEqual([{ daily_budget_amount_local_micro: "10000000", entity_status: "PAUSED" }]);
  expect(live()).toMatchObject({ daily_budget_amount_local_micro: 10_000_000, entity_status: "PAUSED", purchase_order_number: "PO-2" });
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("an emergency pause in the ads UI: the PR summary of the next preview marks the up that would resume it with a caution", async () => {
  stack.writeProgram(program("PO-2").map((r) => (r.name === "spring" ? { ...r, args: { ...r.args, entityStatus: "ACTIVE" } } : r)));
  expect(await stack.up()).toMatchObject({ code: 0 });
  e2e.emu.control.edit("sandbox", ACCOUNT_ID, "campaigns", campaignId, { entity_status: "PAUSED" });
  const json = await stack.preview("--json");
  const summary = await stack.xads(["pr-summary"], { input: json.stdout });
  expect(summary.stdout).toContain("> **1 campaign goes back to serving or to a higher budget.**");
  expect(summary.stdout).toContain(`> - \`spring\` (Campaign, id \`${campaignId}\`) "Spring sale": \`entityStatus\` \`PAUSED\` -> \`ACTIVE\`: it serves again`);
});
