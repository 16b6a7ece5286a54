/**
 * No interruption spends twice, whatever command comes next
 * (docs/operations.md, "When an update is interrupted"): `pulumi up` of a
 * TypeScript program (the dynamic SDK) and of a YAML program (the provider
 * plugin) is interrupted while campaign batches are in flight (the emulator
 * commits them and holds the answers until the interruption has landed:
 * Stack.interruptWhileHeld), by Ctrl-C twice, and by a SIGKILL of the CLI;
 * then the user runs a bare `pulumi up` (after the SIGKILL the lock the
 * killed CLI left refuses it first, naming `pulumi cancel`, and writes
 * nothing). The next `up` takes over what the interrupted creates made:
 * every declared campaign exists once on the platform (counted from the
 * emulator's state, not from Pulumi's output), and the state holds each.
 * `xads up` then clears the pending operations the engine keeps.
 */
import { CAMPAIGN_BATCHES, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();

const COUNT = 30;
const live = () => e2e.live("campaigns");

/** The program of `path`, its campaigns named after the case (each case has campaigns of its own). */
function write(stack: Stack, path: "TypeScript" | "YAML", names: string[]): void {
  if (path === "TypeScript") {
    const program: ProgramResource[] = [
      { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
      ...names.map((n, i) => ({ type: "Campaign", name: `c${i}`, args: { fundingInstrumentId: "${usd.id}", name: n, dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } })),
    ];
    stack.writeProgram(program);
    return;
  }
  stack.writeYamlProgram(`resources:
  usd:
    type: xads:index:FundingInstrument
    properties:
      currency: USD
      startTime: "2026-01-01T00:00:00Z"
${names.map((n, i) => `  c${i}:
    type: xads:index:Campaign
    properties:
      fundingInstrumentId: \${usd.id}
      name: ${n}
      dailyBudgetAmountLocalMicro: 1000000
      deletionProtection: false`).join("\n")}
`);
}

describe.each([
  { path: "TypeScript" as const, how: "Ctrl-C twice" as const },
  { path: "YAML" as const, how: "Ctrl-C twice" as const },
  { path: "TypeScript" as const, how: "SIGKILL" as const },
  { path: "YAML" as const, how: "SIGKILL" as const },
])("$path program, $how during up, then a bare pulumi up", ({ path, how }) => {
  const names = Array.from({ length: COUNT }, (_, i) => `${path} ${how} ${i}`);
  const mine = () => live().filter((c) => names.includes(String(c.name)));
  let stack: Stack;

  beforeAll(async () => {
    stack = e2e.stack(`twice-${path}-${how}`.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
    write(stack, path, names);
    // No xads:requestTimeoutMs: the interrupted update's provider waits for the held answers until the interruption (WAITS_FOR_HELD).
    await stack.init();
  });

  test("every declared campaign once on the platform, each held by the state", async () => {
    const args = ["up", "--yes", "--skip-preview", "--parallel", "64"];
    expect(await stack.interruptWhileHeld(args, { how, writes: [CAMPAIGN_BATCHES] })).toBe(true);
    const made = mine().length;
    expect(made).toBeGreaterThan(0);
    const pending = ((await stack.deployment()).pending_operations ?? []).filter((op) => op.type === "creating");
    expect(pending.length).toBeGreaterThan(0);

    let up = await stack.up();
    if (how === "SIGKILL" && up.code !== 0) {
      // The lock the killed CLI left refuses the update before it writes anything, naming the command that releases it.
      expect(up.stderr + up.stdout).toMatch(/locked/);
      expect(mine().length).toBe(made);
      await stack.must(["cancel", "--yes"]);
      up = await stack.up();
    }
    expect({ code: up.code, stderr: up.stderr }).toMatchObject({ code: 0 });
    // Counted on the platform: each name once.
    expect(mine().map((c) => c.name).sort()).toEqual([...names].sort());
    expect(up.stdout + up.stderr).toMatch(/made by an interrupted update's create \(pending in the state\): taken over, not created again/);
    const held = (await stack.exportedOf("Campaign")).map((r) => r.id).sort();
    expect(held).toEqual(mine().map((c) => c.id).sort());
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });

    // The engine keeps the interrupted run's pending operations (and warns of them on every run); xads up clears them once it has applied.
    expect(((await stack.deployment()).pending_operations ?? []).length).toBeGreaterThan(0);
    const xadsUp = await stack.xads(["up", "--", "--yes", "--skip-preview", "--non-interactive"]);
    expect({ code: xadsUp.code, stderr: xadsUp.stderr }).toMatchObject({ code: 0, stderr: expect.stringMatching(/no pending operation left\.\n/) });
    // What the bare up took over is the state's already: said so, not "none was created".
    expect(xadsUp.stderr).toMatch(/: the state holds it already \(\w+\): nothing to take in/);
    expect(xadsUp.stderr).not.toMatch(/none was created/);
    expect((await stack.deployment()).pending_operations ?? []).toEqual([]);
    expect(mine().map((c) => c.name).sort()).toEqual([...names].sort());
  });
});
