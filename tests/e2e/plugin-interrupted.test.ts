/**
 * An interrupted `pulumi up` of a YAML program through the provider plugin
 * converges with no duplicate, with the real CLI: SIGKILL while a campaign
 * batch is in flight (the emulator commits it and holds the answer until
 * the kill has landed: Stack.interruptWhileHeld), then the documented
 * recovery (docs/operations.md "When an update is interrupted": xads
 * recover --cancel, pulumi up). Every campaign exists once on the platform
 * and in the state, as xads:index:Campaign resources, and no pending
 * operation is left. tests/e2e/interrupted-up.test.ts is the
 * same with the dynamic provider.
 */
import { repairTornAttributes } from "../../cli/recover";
import { AFTER_HELD, CAMPAIGN_BATCHES, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;

const NAMES = Array.from({ length: 50 }, (_, i) => `Interrupted ${i}`);

const live = () => e2e.live("campaigns");

beforeAll(async () => {
  stack = e2e.stack("plugin-interrupted");
  stack.writeYamlProgram(`resources:
  usd:
    type: xads:index:FundingInstrument
    properties:
      currency: USD
      startTime: "2026-01-01T00:00:00Z"
${NAMES.map((n, i) => `  c${i}:
    type: xads:index:Campaign
    properties:
      fundingInstrumentId: \${usd.id}
      name: ${n}
      dailyBudgetAmountLocalMicro: 1000000
      deletionProtection: false`).join("\n")}
`);
  // No xads:requestTimeoutMs: the killed update's provider waits for the held answer until the kill (WAITS_FOR_HELD).
  await stack.init();
});

test("SIGKILL of pulumi up through the plugin while a campaign batch is in flight, then the documented recovery: every campaign once, no pending operation", async () => {
  const up = ["up", "--yes", "--skip-preview", "--parallel", "64"];
  expect(await stack.interruptWhileHeld(up, { writes: [CAMPAIGN_BATCHES] })).toBe(true);

  repairTornAttributes(stack.backend);
  const interrupted = await stack.deployment();
  const pending = (interrupted.pending_operations ?? []).filter((op) => op.type === "creating");
  expect(pending.length).toBeGreaterThan(0);
  expect(new Set(pending.map((op) => (op.resource as { type?: string }).type))).toEqual(new Set(["xads:index:Campaign"]));
  expect(live().length).toBeGreaterThan(0);

  // The documented recovery.
  const recovered = await stack.xads(["recover", "--cancel"], { env: AFTER_HELD });
  expect(recovered.stderr).toMatch(/no pending operation left\. Next: pulumi up/);
  expect(recovered).toMatchObject({ code: 0 });
  expect(await stack.up()).toMatchObject({ code: 0 });

  // Each name once, and nothing else.
  expect(live().map((c) => c.name).sort()).toEqual([...NAMES].sort());
  const state = await stack.deployment();
  expect(state.pending_operations ?? []).toEqual([]);
  const held = (await stack.exportedOf("Campaign")).map((r) => r.id).sort();
  expect(held).toEqual(live().map((c) => c.id).sort());
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});
