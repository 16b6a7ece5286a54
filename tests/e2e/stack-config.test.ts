/**
 * Configuration that follows the stack, with the real CLI: an
 * `up` against an address with nothing listening fails at once, naming the
 * address and its setting; once the stack config is fixed, `xads drift`
 * uses it (it runs the program), while `pulumi refresh` and `pulumi destroy`
 * (which do not run it: the engine configures the provider from the state,
 * the configuration of the last up) fail with the address they tried and the
 * one command that fixes it, which the test runs, and then they succeed,
 * with nothing replaced.
 */
import { deadAddress, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;
let dead: string;

const campaign = (name: string): ProgramResource => ({
  type: "Campaign", name, args: { fundingInstrumentId: "${usd.id}", name: `Config ${name}`, entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false },
});
const PROGRAM: ProgramResource[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  campaign("spring"),
  campaign("summer"),
];

const liveCampaigns = () => e2e.live("campaigns").filter((c) => String(c.name).startsWith("Config "));

beforeAll(async () => {
  stack = e2e.stack("stack-config");
  stack.writeProgram(PROGRAM);
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
  dead = await deadAddress();
});

test("an up against an address with nothing listening fails at once, naming the address and the setting that gave it; nothing was sent", async () => {
  await stack.must(["config", "set", "xads:sandboxBaseUrl", dead]);
  stack.writeProgram([...PROGRAM, campaign("autumn")]);
  const up = await stack.up();
  expect(up.code).not.toBe(0);
  expect(output(up)).toContain(`nothing answers at ${dead} (ECONNREFUSED); the request was not sent. The address is xads:sandboxBaseUrl (or XADS_SANDBOX_BASE_URL)`);
  expect(output(up)).not.toMatch(/attempts/);
  expect(liveCampaigns().map((c) => c.name).sort()).toEqual(["Config spring", "Config summer"]);
});

describe("with the stack config fixed", () => {
  beforeAll(async () => {
    await stack.must(["config", "set", "xads:sandboxBaseUrl", e2e.emu.sandboxUrl]);
    expect((await stack.must(["config", "get", "xads:sandboxBaseUrl"])).stdout.trim()).toBe(e2e.emu.sandboxUrl);
  });

  test("xads drift uses the stack's current configuration: no drift", async () => {
    const drift = await stack.xads(["drift", "--stack", "dev", "--format", "json"]);
    expect(drift).toMatchObject({ code: 0 });
    expect(JSON.parse(drift.stdout)).toMatchObject({ stack: "dev", drift: false, changed: [], deleted: [], untracked: [] });
  });

  test("refresh and destroy name the address the state holds and the command that fixes it; that command works, and then refresh, destroy and drift do", async () => {
    const said = `The address is xads:sandboxBaseUrl (or XADS_SANDBOX_BASE_URL). pulumi refresh and destroy do not run the program: `
      + "the state holds the configuration of the last pulumi up";
    const refresh = await stack.run(["refresh", "--yes"]);
    expect(refresh.code).not.toBe(0);
    expect(output(refresh)).toContain(`nothing answers at ${dead} (ECONNREFUSED); the request was not sent. ${said}`);
    const destroy = await stack.run(["destroy", "--yes"]);
    expect(destroy.code).not.toBe(0);
    expect(output(destroy)).toContain(`nothing answers at ${dead} (ECONNREFUSED); the request was not sent. ${said}`);
    expect(liveCampaigns()).toHaveLength(2);

    // The cure, as the message words it.
    const cure = /run (pulumi refresh --run-program) once/.exec(output(refresh))![1]!;
    expect(await stack.run([...cure.split(" ").slice(1), "--yes"])).toMatchObject({ code: 0 });

    expect(await stack.run(["refresh", "--yes", "--expect-no-changes"])).toMatchObject({ code: 0 });
    // The new address replaces nothing: with the program of the last successful up, no changes.
    stack.writeProgram(PROGRAM);
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
    expect(JSON.parse((await stack.xads(["drift", "--stack", "dev", "--format", "json"])).stdout)).toMatchObject({ drift: false });
    expect(await stack.run(["destroy", "--yes"])).toMatchObject({ code: 0 });
    expect(liveCampaigns()).toEqual([]);
    expect(await stack.exported()).toEqual([]);
  });
});
