/**
 * Two pipelines of one stack at once, on the shared PostgreSQL backend, as
 * two CI runners are: each its own checkout of the project at its commit,
 * each running `xads up --wait-lock` (the command the merge workflow runs).
 * - two merges: the first merge's pipeline holds the lock (held mid-update
 *   by the emulator until the second has said it waits), the second's (its
 *   commit holds both changes) waits for it, saying who holds it, then
 *   applies: both changes land, nothing is created twice, no lock is left,
 *   and the final preview shows no changes.
 * - one commit's pipeline run twice at once (a re-run while the first still
 *   runs): whichever runs second finds the new campaign made and makes none.
 * - `pulumi cancel` while an update runs removes its lock and leaves it
 *   running; the steps docs/gitops.md gives ("A locked stack and `pulumi cancel`": stop that
 *   update, xads recover, pulumi up) leave each campaign once; waited for
 *   instead, the update ends by itself and there is nothing to recover.
 *   The update's campaign batch commits and its answer is held by the
 *   emulator until the test has cancelled (and stopped the update, in the
 *   first case): no step races a delay or the provider's request time-out.
 */
import { ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { waitFor } from "../integration/fixtures";
import { HELD_MS, killCli, output, ProgramResource, pulumiDir, RunResult, Stack, useStackEmulator, WAITS_FOR_HELD } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator({ backend: "postgres" });

const UP = ["up", "--wait-lock", "5m", "--", "--yes", "--skip-preview", "--non-interactive"];

const campaign = (name: string, daily: number): ProgramResource => ({
  type: "Campaign", name, args: { fundingInstrumentId: "${usd.id}", name, dailyBudgetAmountLocalMicro: daily * 1_000_000, deletionProtection: false },
});
const usd: ProgramResource = { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } };

const campaigns = () => e2e.live("campaigns");
const budgets = () => Object.fromEntries(campaigns().map((c) => [c.name, Number(c.daily_budget_amount_local_micro) / 1_000_000]));

/** The shared poll (tests/integration/fixtures.ts waitFor), with this file's deadline: below its 300 s time-out. */
const until = (what: string, cond: () => boolean): Promise<void> => waitFor(cond, what, 120_000, 100);

describe("two pipelines of one stack started together", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = e2e.stack("race");
    stack.writeProgram([usd, campaign("alpha", 10), campaign("beta", 20)]);
    await stack.init();
    expect(await stack.up()).toMatchObject({ code: 0 });
  });

  test("the second merge's pipeline waits for the first's lock, then lands both changes; nothing is created twice and no lock is left", async () => {
    // Merge 1 raises alpha's budget; merge 2 (on top of it) raises beta's and adds gamma.
    const first = await stack.checkout("race-merge-1");
    first.writeProgram([usd, campaign("alpha", 30), campaign("beta", 20)]);
    const second = await stack.checkout("race-merge-2");
    second.writeProgram([usd, campaign("alpha", 30), campaign("beta", 40), campaign("gamma", 5)]);

    // The first pipeline's update is held at its first request to alpha (its read before the write, or the write),
    // with the lock taken, until the second pipeline has said it waits for that lock.
    e2e.emu.control.fault({ path: "/accounts/[^/]+/campaigns/[^/]+$|/batch/accounts/[^/]+/campaigns$", kind: "hold", delayMs: HELD_MS, times: 1 });
    const firstUp = first.xads(UP, { env: WAITS_FOR_HELD });
    await until("the first pipeline's update held with its lock", () => e2e.emu.control.held() === 1 && stack.locks().length > 0);
    let secondSaid = "";
    const secondUp = second.xads(UP, { onOutput: (out) => (secondSaid = out.stderr) });
    await until("the second pipeline to wait for the lock", () => /is locked by/.test(secondSaid));
    expect(e2e.emu.control.releaseHeld()).toBe(1);
    const [a, b] = await Promise.all([firstUp, secondUp]);

    expect(a).toMatchObject({ code: 0 });
    expect(b).toMatchObject({ code: 0 });
    expect(b.stderr).toMatch(/xads up: stack race\/dev is locked by \S+@\S+ \(pid \d+\) since \S+Z \(\d+s ago\); trying again in \d+s \(--wait-lock 5m: \dm\d\ds left\)/);
    expect(budgets()).toEqual({ alpha: 30, beta: 40, gamma: 5 });
    expect(stack.locks()).toEqual([]);
    const state = await second.exportedOf("Campaign");
    expect(state.map((r) => r.id).sort()).toEqual(campaigns().map((c) => c.id).sort());
    expect(await second.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  });

  test("one commit's pipeline run twice at once: the campaign it adds is made once", async () => {
    const program = [usd, campaign("alpha", 30), campaign("beta", 40), campaign("gamma", 5), campaign("delta", 7)];
    const runs = [await stack.checkout("race-run-1"), await stack.checkout("race-run-2")];
    for (const run of runs) run.writeProgram(program);

    // Slow round trips make the two runs overlap more often; whichever order they take, the outcome is the same.
    e2e.emu.control.setLatency({ ms: 400 });
    const results: RunResult[] = await Promise.all(runs.map((run) => run.xads(UP))).finally(() => e2e.emu.control.setLatency({ ms: 0 }));

    expect(results.map((r) => r.code)).toEqual([0, 0]);
    expect(campaigns().map((c) => c.name).sort()).toEqual(["alpha", "beta", "delta", "gamma"]);
    expect(stack.locks()).toEqual([]);
    expect(await runs[1]!.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  });
});

describe("pulumi cancel while an update runs", () => {
  const NAMES = Array.from({ length: 10 }, (_, i) => `cancelled-${i}`);
  let stack: Stack;
  const cancelled = () => campaigns().filter((c) => String(c.name).startsWith("cancelled-"));
  const batchPosts = () => e2e.emu.control.requests().filter((r) => r.method === "POST" && r.path.includes("/batch/"));

  beforeAll(async () => {
    stack = e2e.stack("cancel-running");
    stack.writeProgram([usd]);
    await stack.init();
    expect(await stack.up()).toMatchObject({ code: 0 });
  });
  afterEach(() => {
    e2e.emu.control.clearFaults();
    e2e.emu.control.releaseHeld();
  });

  test("removes the lock and leaves the update running; stopping it, xads recover and pulumi up leave each campaign once", async () => {
    stack.writeProgram([usd, ...NAMES.map((n) => campaign(n, 1))]);
    // The campaigns' batch commits at once and its answer is held back until the test has stopped the update: it is mid-create when cancelled.
    e2e.emu.control.fault({ method: "POST", path: "/batch/accounts/[^/]+/campaigns$", kind: "timeout-after-commit", delayMs: HELD_MS, times: 2 });
    e2e.emu.control.clearRequests();
    const running: ChildProcess = spawn(join(pulumiDir(), "pulumi"), ["up", "--yes", "--skip-preview", "--non-interactive", "--parallel", "64"], { cwd: stack.dir, env: { ...stack.env(), ...WAITS_FOR_HELD }, stdio: "ignore" });
    let ended = false;
    const exited = new Promise<void>((r) => running.once("exit", () => { ended = true; r(); }));
    await until("the update's campaign batch committed and its answer held", () => e2e.emu.control.held() > 0 && stack.locks().length > 0);
    expect(batchPosts().length).toBeGreaterThan(0);

    // What pulumi cancel does with a DIY backend: the lock goes, the update goes on.
    expect(await stack.run(["cancel", "--yes"])).toMatchObject({ code: 0, stdout: expect.stringContaining("has been canceled") });
    expect(stack.locks()).toEqual([]);
    expect(ended).toBe(false);

    // The documented steps: stop that update (its CI job cancelled: the runner is killed) ...
    expect(await killCli(running, exited)).toEqual([]);
    e2e.emu.control.clearFaults();
    e2e.emu.control.releaseHeld();
    // ... take what its creates made into the state (with an 8 s request time-out, so xads recover waits 16 s after the
    // last checkpoint, not twice the held update's 10 minutes: its batch committed before it was stopped, and its
    // connection went with it, so nothing it sent is still on its way) ...
    const recovered = await stack.xads(["recover"], { env: { XADS_REQUEST_TIMEOUT_MS: "8000" } });
    expect(recovered).toMatchObject({ code: 0 });
    expect(recovered.stderr).toMatch(/no pending operation left\. Next: pulumi up/);
    // ... and apply.
    expect(await stack.xads(UP)).toMatchObject({ code: 0 });

    expect(cancelled().map((c) => c.name).sort()).toEqual([...NAMES].sort());
    expect((await stack.exportedOf("Campaign")).map((r) => r.id).sort()).toEqual(cancelled().map((c) => c.id).sort());
    expect((await stack.deployment()).pending_operations ?? []).toEqual([]);
    expect(stack.locks()).toEqual([]);
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  });

  test("waited for instead, the update ends by itself (exit 0, its lock already gone), and there is nothing to recover", async () => {
    const WAITED = Array.from({ length: 5 }, (_, i) => `waited-${i}`);
    stack.writeProgram([usd, ...NAMES.map((n) => campaign(n, 1)), ...WAITED.map((n) => campaign(n, 1))]);
    // The batch's answer is held until the test has cancelled, then the connection drops: the provider finds the
    // campaigns it made and the update ends well.
    e2e.emu.control.fault({ method: "POST", path: "/batch/accounts/[^/]+/campaigns$", kind: "timeout-after-commit", delayMs: HELD_MS, times: 1 });
    e2e.emu.control.clearRequests();
    const running = stack.run(["up", "--yes", "--skip-preview"], WAITS_FOR_HELD);
    await until("the update's campaign batch committed and its answer held", () => e2e.emu.control.held() === 1 && stack.locks().length > 0);
    expect(await stack.run(["cancel", "--yes"])).toMatchObject({ code: 0 });
    expect(stack.locks()).toEqual([]);
    expect(e2e.emu.control.releaseHeld()).toBe(1);

    const ended = await running;
    expect(ended.code).toBe(0);
    expect(output(ended)).toMatch(/there was a problem deleting the lock at postgres:\/\/\*{4}:\*{4}@.*key not found/);
    expect((await stack.xads(["recover"])).stderr).toMatch(/has no pending operation: nothing to recover/);
    expect(await stack.xads(UP)).toMatchObject({ code: 0 });
    expect(campaigns().filter((c) => String(c.name).startsWith("waited-")).map((c) => c.name).sort()).toEqual(WAITED);
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  });
});
