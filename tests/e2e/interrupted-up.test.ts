/**
 * An interrupted `pulumi up` converges with no duplicate, with the real CLI:
 * SIGKILL while a campaign batch is in flight (the emulator commits it and
 * holds the answer until the kill has landed: Stack.interruptWhileHeld),
 * then the documented recovery (docs/operations.md "When an update is
 * interrupted": xads recover --cancel, pulumi up). Every campaign exists
 * once on the platform (the emulator's state) and in the state, and no
 * pending operation is left. And what recovery leaves alone (a create that
 * committed while no state holds it) `xads drift` reports.
 */
import { repairTornAttributes } from "../../cli/recover";
import { ACCOUNT_ID, AFTER_HELD, CAMPAIGN_BATCHES, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;

const NAMES = Array.from({ length: 50 }, (_, i) => `Interrupted ${i}`);
const PROGRAM: ProgramResource[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  ...NAMES.map((n, i) => ({ type: "Campaign", name: `c${i}`, args: { fundingInstrumentId: "${usd.id}", name: n, dailyBudgetAmountLocalMicro: 1_000_000 } })),
];

const live = () => e2e.live("campaigns");

beforeAll(async () => {
  stack = e2e.stack("interrupted-up");
  stack.writeProgram(PROGRAM);
  // No xads:requestTimeoutMs: the killed update's provider waits for the held answer until the kill (WAITS_FOR_HELD).
  await stack.init();
});

test("SIGKILL of pulumi up while a campaign batch is in flight, then the documented recovery: every campaign once, no pending operation", async () => {
  // The batch commits at once and its answer is held back until the kill has landed.
  const up = ["up", "--yes", "--skip-preview", "--parallel", "64"];
  expect(await stack.interruptWhileHeld(up, { writes: [CAMPAIGN_BATCHES] })).toBe(true);
  // Nothing of the killed update keeps running: its language host is reaped with it.
  expect(stack.hostsLeft).toEqual([]);

  // Read as xads recover reads it: a kill that lands while the file backend
  // writes can leave an empty metadata file, which keeps every pulumi command
  // from loading the stack ("failed to load checkpoint: EOF"); recover removes it first.
  repairTornAttributes(stack.backend);
  const interrupted = await stack.deployment();
  expect((interrupted.pending_operations ?? []).filter((op) => op.type === "creating").length).toBeGreaterThan(0);
  expect(live().length).toBeGreaterThan(0);

  // The documented recovery.
  const recovered = await stack.xads(["recover", "--cancel"], { env: AFTER_HELD });
  expect(recovered).toMatchObject({ code: 0 });
  expect(recovered.stderr).toMatch(/no pending operation left\. Next: pulumi up/);
  expect(await stack.up()).toMatchObject({ code: 0 });

  // Each name once, and nothing else.
  expect(live().map((c) => c.name).sort()).toEqual([...NAMES].sort());
  const state = await stack.deployment();
  expect(state.pending_operations ?? []).toEqual([]);
  const held = state.resources.filter((r) => r.type.endsWith(":Campaign")).map((r) => r.id).sort();
  expect(held).toEqual(live().map((c) => c.id).sort());
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("xads drift reports a campaign like a declared one that no state holds (a create that committed after the state lost it)", async () => {
  const c0 = live().find((c) => c.name === NAMES[0])!;
  const twin = await e2e.api().post<{ id: string }>(`/12/accounts/${ACCOUNT_ID}/campaigns`, {
    name: NAMES[0], funding_instrument_id: String(c0.funding_instrument_id), daily_budget_amount_local_micro: 1_000_000,
  });
  const drift = await stack.xads(["drift", "--format", "text"]);
  expect(drift.stdout).toContain(`in no state: Campaign ${twin.id} "${NAMES[0]}", like c0`);
  expect(drift.stdout).toMatch(/0 changed, 0 deleted outside Pulumi, 1 in no state/);
  expect(drift.code).toBe(1);
  expect((await stack.xads(["drift", "--format", "text", "--no-untracked"])).code).toBe(0);
});
