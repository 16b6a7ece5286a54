/**
 * An interrupted `pulumi up` converges with no duplicate, with the real CLI:
 * SIGKILL while a campaign batch is in flight (the emulator commits it and
 * holds the answer), then the documented recovery (README "When an update
 * is interrupted": xads recover --cancel, pulumi up). Every campaign
 * exists once on the platform (the emulator's state) and in the state, and
 * no pending operation is left.
 */
import { ACCOUNT_ID, Credentials, Emulator, ResourceSpec, Stack, startStackEmulator } from "./harness";

jest.setTimeout(600_000);

let emu: Emulator;
let creds: Credentials;
let stack: Stack;

const NAMES = Array.from({ length: 50 }, (_, i) => `Interrupted ${i}`);
const PROGRAM: ResourceSpec[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  ...NAMES.map((n, i) => ({ type: "Campaign", name: `c${i}`, args: { fundingInstrumentId: "${usd.id}", name: n, dailyBudgetAmountLocalMicro: 1_000_000 } })),
];

const live = () => emu.control.entities("sandbox", ACCOUNT_ID, "campaigns");
const batchPosts = () => emu.control.requests().filter((r) => r.method === "POST" && r.path.includes("/batch/"));

beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  stack = new Stack("interrupted-up", emu, creds);
  stack.writeProgram(PROGRAM);
  await stack.init();
  // The provider waits 4 s for an answer: the kill lands well inside that.
  await stack.must(["config", "set", "xads:requestTimeoutMs", "4000"]);
});
afterAll(async () => emu?.close());

test("SIGKILL of pulumi up while a campaign batch is in flight, then the documented recovery: every campaign once, no pending operation", async () => {
  // The batch commits at once and its answer is held back: the kill lands while it is in flight.
  emu.control.fault({ method: "POST", path: "/batch/accounts/[^/]+/campaigns$", kind: "timeout-after-commit", delayMs: 20_000, times: 2 });
  const up = stack.start(["up", "--yes", "--skip-preview", "--parallel", "64"]);
  const exited = new Promise((r) => up.once("exit", r));
  while (batchPosts().length === 0) await new Promise((r) => setTimeout(r, 50));
  up.kill("SIGKILL");
  await exited;
  emu.control.clearFaults();

  const interrupted = await stack.deployment();
  expect((interrupted.pending_operations ?? []).filter((op) => op.type === "creating").length).toBeGreaterThan(0);
  expect(live().length).toBeGreaterThan(0);

  // The documented recovery.
  const recovered = await stack.xads(["recover", "--cancel"]);
  expect(recovered).toMatchObject({ code: 0 });
  expect(recovered.stderr).toMatch(/no pending operation left\. Next: pulumi up/);
  expect(await stack.up()).toMatchObject({ code: 0 });

  for (const n of NAMES) expect(live().filter((c) => c.name === n)).toHaveLength(1);
  expect(live()).toHaveLength(NAMES.length);
  const state = await stack.deployment();
  expect(state.pending_operations ?? []).toEqual([]);
  const held = state.resources.filter((r) => r.type.endsWith(":Campaign")).map((r) => r.id).sort();
  expect(held).toEqual(live().map((c) => c.id).sort());
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});
