/**
 * An interrupted `pulumi destroy` ends with an empty stack by the steps
 * `xads recover` prints, with the real CLI: SIGKILL
 * while the campaigns' delete is in flight (they go together, as one batch
 * POST of Delete items: provider/resources/batch-write.ts; the emulator
 * commits it and holds the answer until the kill has landed:
 * Stack.interruptWhileHeld). `xads recover` names
 * pulumi destroy for it (not pulumi up, which would keep the deleted
 * campaign in the state and create the others again); following it leaves
 * no resource, no pending operation and no live campaign.
 */
import { AFTER_HELD, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;

const NAMES = Array.from({ length: 5 }, (_, i) => `Destroyed ${i}`);

/** The campaigns whose delete was sent: DELETEs, and the Delete items of batch POSTs. */
const campaignDeletes = () => e2e.emu.control.requests().flatMap((r) => (r.method === "DELETE" && /\/campaigns\/[^/]+$/.test(r.path) ? [r.path]
  : r.method === "POST" && /\/batch\/accounts\/[^/]+\/campaigns$/.test(r.path)
    ? (r.body as { operation_type: string; params: { campaign_id: string } }[]).filter((i) => i.operation_type === "Delete").map((i) => i.params.campaign_id)
    : []));
const liveCampaigns = () => e2e.live("campaigns").filter((c) => !c.deleted);

beforeAll(async () => {
  stack = e2e.stack("interrupted-destroy");
  stack.writeProgram([
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    ...NAMES.map((n, i) => ({ type: "Campaign", name: `c${i}`, args: { fundingInstrumentId: "${usd.id}", name: n, dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } })),
  ]);
  // No xads:requestTimeoutMs: the killed destroy's provider waits for the held answer until the kill (WAITS_FOR_HELD).
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(liveCampaigns()).toHaveLength(NAMES.length);
});

test("SIGKILL of pulumi destroy mid-way, then the steps xads recover prints: an empty stack and no live campaign", async () => {
  // The campaigns' delete commits and its answer is held back (the batch POST, or one campaign's DELETE should one go alone);
  // the kill lands once every campaign's delete has been sent.
  e2e.emu.control.clearRequests();
  const writes = [
    { method: "POST", path: "/batch/accounts/[^/]+/campaigns$", times: 1 },
    { method: "DELETE", path: "/accounts/[^/]+/campaigns/[^/]+$", times: 1 },
  ];
  expect(await stack.interruptWhileHeld(["destroy", "--yes", "--skip-preview"], { writes, when: () => campaignDeletes().length >= NAMES.length })).toBe(true);

  const interrupted = await stack.deployment();
  expect((interrupted.pending_operations ?? []).map((op) => op.type)).toContain("deleting");
  expect(interrupted.resources.some((r) => r.type.endsWith(":Campaign"))).toBe(true);

  const recovered = await stack.xads(["recover", "--cancel"], { env: AFTER_HELD });
  expect(recovered).toMatchObject({ code: 0 });
  expect(recovered.stderr).toMatch(/was interrupted while deleting: the delete is sent again by the interrupted command run again/);
  const next = /no pending operation left\. (Next: .*)/.exec(recovered.stderr)?.[1];
  expect(next).toMatch(/After a pulumi destroy: pulumi destroy /);

  // The step it names for a destroy.
  expect(await stack.run(["destroy", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  const state = await stack.deployment();
  expect(state.resources ?? []).toEqual([]);
  expect(state.pending_operations ?? []).toEqual([]);
  expect(liveCampaigns()).toEqual([]);
});
