/**
 * A budget change on 100 campaigns and their destroy go as batch POSTs of
 * Update and Delete items, with the real CLI (docs/architecture.md rule 8,
 * ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns:
 * at most 40 items a call): ⌈100/40⌉ = 3 each as the engine hands them
 * over together, and no PUT or DELETE of a campaign. `--parallel 128` lets the engine run every step at once, as
 * docs/performance.md advises for a large up.
 */
import { ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;

const N = 100;
const program = (budget: number): ProgramResource[] => [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  ...Array.from({ length: N }, (_, i) => ({
    type: "Campaign", name: `c${i}`,
    args: { fundingInstrumentId: "${usd.id}", name: `Batched ${i}`, entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: budget, deletionProtection: false },
  })),
];

type Item = { operation_type: string; params: { campaign_id?: string } };
/** The campaigns' batch POSTs whose items are of `op`: the ids each named. */
const batches = (op: string) => e2e.emu.control.requests()
  .filter((r) => r.method === "POST" && /\/batch\/accounts\/[^/]+\/campaigns$/.test(r.path) && (r.body as Item[]).every((i) => i.operation_type === op))
  .map((r) => (r.body as Item[]).map((i) => String(i.params.campaign_id)));
const singles = (method: string) => e2e.emu.control.requests().filter((r) => r.method === method && /\/campaigns\/[^/]+$/.test(r.path));
const live = () => e2e.live("campaigns");

beforeAll(async () => {
  stack = e2e.stack("batch-writes");
  stack.writeProgram(program(1_000_000));
  await stack.init();
  expect(await stack.run(["up", "--yes", "--skip-preview", "--parallel", "128"])).toMatchObject({ code: 0 });
  expect(live().filter((c) => !c.deleted)).toHaveLength(N);
});

test("a budget change on 100 campaigns is 3 batch POSTs of Update items, each campaign in one, and no PUT", async () => {
  stack.writeProgram(program(2_000_000));
  e2e.emu.control.clearRequests();
  expect(await stack.run(["up", "--yes", "--skip-preview", "--parallel", "128"])).toMatchObject({ code: 0 });
  const sent = batches("Update");
  // ⌈100/40⌉ = 3 when the engine hands the updates over together (tests/integration/batch-writes.test.ts counts exactly 3);
  // it hands them over as its diffs finish, and a wave that pauses longer than the group's window goes as a call of its
  // own, so a loaded machine may take a few more: never one a campaign (100 PUTs before).
  expect(sent.length).toBeGreaterThanOrEqual(3);
  expect(sent.length).toBeLessThanOrEqual(6);
  const ids = sent.flat();
  expect(new Set(ids).size).toBe(N);
  expect(ids).toHaveLength(N);
  expect(singles("PUT")).toEqual([]);
  expect(live().map((c) => c.daily_budget_amount_local_micro)).toEqual(live().map(() => 2_000_000));
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("destroy of the 100 campaigns is 3 batch POSTs of Delete items, and no DELETE of a campaign", async () => {
  e2e.emu.control.clearRequests();
  expect(await stack.run(["destroy", "--yes", "--skip-preview", "--parallel", "128"])).toMatchObject({ code: 0 });
  // As the updates above: 3 when the engine hands the deletes over together.
  expect(batches("Delete").length).toBeGreaterThanOrEqual(3);
  expect(batches("Delete").length).toBeLessThanOrEqual(6);
  expect(new Set(batches("Delete").flat()).size).toBe(N);
  expect(singles("DELETE")).toEqual([]);
  expect(live().filter((c) => !c.deleted)).toEqual([]);
  expect((await stack.deployment()).resources ?? []).toEqual([]);
});
