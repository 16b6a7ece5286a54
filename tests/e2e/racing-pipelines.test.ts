/**
 * Two pipelines of one stack at once, on the shared PostgreSQL backend, as
 * two CI runners are: each its own checkout of the project at its commit,
 * each running `xads up --wait-lock` (the command the merge workflow runs).
 * - two merges: the first merge's pipeline holds the lock, the second's
 *   (its commit holds both changes) waits for it, saying who holds it, then
 *   applies: both changes land, nothing is created twice, no lock is left,
 *   and the final preview shows no changes.
 * - one commit's pipeline run twice at once (a re-run while the first still
 *   runs): whichever runs second finds the new campaign made and makes none.
 * - `pulumi cancel` while an update runs removes its lock and leaves it
 *   running; the steps docs/gitops.md gives ("A locked stack and `pulumi cancel`": stop that
 *   update, xads recover, pulumi up) leave each campaign once; waited for
 *   instead, the update ends by itself and there is nothing to recover.
 */
import { ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { waitFor } from "../integration/fixtures";
import { killCli, output, ProgramResource, pulumiDir, RunResult, Stack, useStackEmulator } from "./harness";

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
    // Slow round trips: an update holds its lock for seconds, long enough for the other pipeline to find it.
    e2e.emu.control.setLatency({ ms: 400 });
  });
  afterAll(() => e2e.emu.control.setLatency({ ms: 0 }));

  test("the second merge's pipeline waits for the first's lock, then lands both changes; nothing is created twice and no lock is left", async () => {
    // Merge 1 raises alpha's budget; merge 2 (on top of it) raises beta's and adds gamma.
    const first = await stack.checkout("race-merge-1");
    first.writeProgram([usd, campaign("alpha", 30), campaign("beta", 20)]);
    const second = await stack.checkout("race-merge-2");
    second.writeProgram([usd, campaign("alpha", 30), campaign("beta", 40), campaign("gamma", 5)]);

    const firstUp = first.xads(UP);
    await until("the first pipeline's lock", () => stack.locks().length > 0);
    const secondUp = second.xads(UP);
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

    const results: RunResult[] = await Promise.all(runs.map((run) => run.xads(UP)));

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
    // A create without an answer is given up after 8 s: the steps below fit well inside it.
    await stack.must(["config", "set", "xads:requestTimeoutMs", "8000"]);
    expect(await stack.up()).toMatchObject({ code: 0 });
  });

  test("removes the lock and leaves the update running; stopping it, xads recover and pulumi up leave each campaign once", async () => {
    stack.writeProgram([usd, ...NAMES.map((n) => campaign(n, 1))]);
    // The campaigns' batch commits at once and its answer is held back: the update is mid-create when cancelled.
    e2e.emu.control.fault({ method: "POST", path: "/batch/accounts/[^/]+/campaigns$", kind: "timeout-after-commit", delayMs: 30_000, times: 2 });
    e2e.emu.control.clearRequests();
    const running: ChildProcess = spawn(join(pulumiDir(), "pulumi"), ["up", "--yes", "--skip-preview", "--non-interactive", "--parallel", "64"], { cwd: stack.dir, env: stack.env(), stdio: "ignore" });
    let ended = false;
    const exited = new Promise<void>((r) => running.once("exit", () => { ended = true; r(); }));
    await until("the update's campaign batch", () => batchPosts().length > 0 && stack.locks().length > 0);

    // What pulumi cancel does with a DIY backend: the lock goes, the update goes on.
    expect(await stack.run(["cancel", "--yes"])).toMatchObject({ code: 0, stdout: expect.stringContaining("has been canceled") });
    expect(stack.locks()).toEqual([]);
    expect(ended).toBe(false);

    // The documented steps: stop that update (its CI job cancelled: the runner is killed) ...
    expect(await killCli(running, exited)).toEqual([]);
    e2e.emu.control.clearFaults();
    // ... take what its creates made into the state ...
    const recovered = await stack.xads(["recover"]);
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
    // The batch's answer is held 3 s, then the connection drops: the provider finds the campaigns it made and the update ends well.
    e2e.emu.control.fault({ method: "POST", path: "/batch/accounts/[^/]+/campaigns$", kind: "timeout-after-commit", delayMs: 3_000, times: 1 });
    e2e.emu.control.clearRequests();
    const running = stack.run(["up", "--yes", "--skip-preview"]);
    await until("the update's campaign batch", () => batchPosts().length > 0 && stack.locks().length > 0);
    expect(await stack.run(["cancel", "--yes"])).toMatchObject({ code: 0 });
    expect(stack.locks()).toEqual([]);

    const ended = await running;
    expect(ended.code).toBe(0);
    expect(output(ended)).toMatch(/there was a problem deleting the lock at postgres:\/\/\*{4}:\*{4}@.*key not found/);
    expect((await stack.xads(["recover"])).stderr).toMatch(/has no pending operation: nothing to recover/);
    expect(await stack.xads(UP)).toMatchObject({ code: 0 });
    expect(campaigns().filter((c) => String(c.name).startsWith("waited-")).map((c) => c.name).sort()).toEqual(WAITED);
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  });
});
