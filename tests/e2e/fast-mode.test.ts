/**
 * Fast mode stays crash-safe (docs/operations.md, "Fast mode"): `pulumi up`
 * with the engine's intermediate checkpoints skipped (PULUMI_SKIP_CHECKPOINTS=true,
 * what `xads up --fast` sets) is SIGKILLed at three moments (the funding
 * instrument's create in flight, a campaign batch in flight, a line item
 * batch in flight: the emulator commits each and holds its answer until
 * the kill has landed, Stack.interruptWhileHeld), which leaves the state
 * as it was before the run, with no pending operation.
 * Then the documented next commands, `xads recover --cancel` and `xads up
 * --fast` (or a plain `pulumi up`): every declared entity once on the
 * platform (counted from the emulator's state), each held by the state,
 * and `pulumi preview --expect-no-changes` passes. And the other way: a
 * fast run that follows a finished one takes nothing over, not even an
 * entity alike that another stack of the account made meanwhile.
 */
import { AFTER_HELD, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
const COUNT = 20;

/** A funding instrument of `currency` and a campaign and a line item for each name. */
const programOf = (currency: string, names: string[]): ProgramResource[] => [
  { type: "FundingInstrument", name: "fi", args: { currency, startTime: "2026-01-01T00:00:00Z" } },
  ...names.flatMap((n, i): ProgramResource[] => [
    { type: "Campaign", name: `c${i}`, args: { fundingInstrumentId: "${fi.id}", name: n, dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: `li${i}`, args: { campaignId: `\${c${i}.id}`, name: n, objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
  ]),
];
const FAST_RUN_TAG = "xads:fast-up";
const tagsOf = async (stack: Stack) => JSON.parse((await stack.must(["stack", "tag", "ls", "--json"])).stdout) as Record<string, string>;

describe.each([
  { moment: "the funding instrument's create", currency: "USD", path: "/accounts/[^/]+/funding_instruments$", next: "xads up --fast" },
  { moment: "a campaign batch", currency: "EUR", path: "/batch/accounts/[^/]+/campaigns$", next: "xads up --fast" },
  { moment: "a line item batch", currency: "GBP", path: "/batch/accounts/[^/]+/line_items$", next: "xads up --fast" },
  { moment: "a campaign batch", currency: "JPY", path: "/batch/accounts/[^/]+/campaigns$", next: "pulumi up" },
])("xads up --fast killed during $moment, then $next", ({ moment, currency, path, next }) => {
  const names = Array.from({ length: COUNT }, (_, i) => `${currency} fast ${i}`);
  const program = programOf(currency, names);
  const campaigns = () => e2e.live("campaigns").filter((c) => names.includes(String(c.name)));
  const lineItems = () => e2e.live("line_items").filter((l) => names.includes(String(l.name)));
  const instruments = () => e2e.live("funding_instruments").filter((f) => f.currency === currency);
  let stack: Stack;

  beforeAll(async () => {
    stack = e2e.stack(`fast-${currency.toLowerCase()}`);
    stack.writeProgram(program);
    // No xads:requestTimeoutMs: the killed run's provider waits for the held answer until the kill (WAITS_FOR_HELD).
    await stack.init();
  });

  test(`every entity once after the documented next commands (${moment})`, async () => {
    const killedUp = ["up", "--yes", "--skip-preview", "--parallel", "64"];
    expect(await stack.interruptWhileHeld(killedUp, { writes: [{ method: "POST", path, times: 2 }], env: { PULUMI_SKIP_CHECKPOINTS: "true" } })).toBe(true);
    // Checkpoints skipped: the state is the one from before the run, with no pending operation; the platform has what the run made.
    const killed = await stack.deployment();
    expect((killed.resources ?? []).filter((r) => r.type.includes("xads"))).toEqual([]);
    expect(killed.pending_operations ?? []).toEqual([]);
    expect(instruments()).toHaveLength(1);

    // The killed run's mark says it ran: the state cannot.
    expect(await tagsOf(stack)).toHaveProperty([FAST_RUN_TAG]);

    const recovered = await stack.xads(["recover", "--cancel"], { env: AFTER_HELD });
    expect({ code: recovered.code, stderr: recovered.stderr }).toMatchObject({ code: 0 });
    const up = next === "pulumi up"
      ? await stack.run(["up", "--yes", "--skip-preview", "--non-interactive"])
      : await stack.xads(["up", "--fast", "--", "--yes", "--skip-preview", "--non-interactive"]);
    expect({ code: up.code, output: output(up) }).toMatchObject({ code: 0 });

    expect(instruments()).toHaveLength(1);
    expect(campaigns().map((c) => c.name).sort()).toEqual([...names].sort());
    expect(lineItems().map((l) => l.name).sort()).toEqual([...names].sort());
    const held = (await stack.exported()).map((r) => r.id).sort();
    expect(held).toEqual([...instruments(), ...campaigns(), ...lineItems()].map((e) => String(e.id)).sort());
    expect(output(up)).toMatch(/is on the platform and in no state \(made by an earlier update whose state was not saved: checkpoints are skipped\): taken over, not created again/);
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
    // xads up clears the mark once its run finished; a plain pulumi up leaves it (the next xads up clears it).
    if (next === "pulumi up") expect(await tagsOf(stack)).toHaveProperty([FAST_RUN_TAG]);
    else expect(await tagsOf(stack)).not.toHaveProperty([FAST_RUN_TAG]);
  });
});

describe("two stacks of one account, with the same names, each run fast after the other", () => {
  const names = Array.from({ length: 4 }, (_, i) => `CAD twin ${i}`);
  const stacks: Stack[] = [];

  beforeAll(async () => {
    for (const name of ["twin-a", "twin-b"]) {
      const stack = e2e.stack(name);
      stack.writeProgram(programOf("CAD", names));
      await stack.init();
      stacks.push(stack);
    }
  });

  test("the second creates its own: nothing the first made is taken over, though it is alike and in no state of the second", async () => {
    for (const stack of stacks) {
      const up = await stack.xads(["up", "--fast", "--", "--yes", "--skip-preview", "--non-interactive"]);
      expect({ code: up.code, output: output(up) }).toMatchObject({ code: 0 });
      expect(output(up)).not.toMatch(/taken over/);
    }
    const [a, b] = await Promise.all(stacks.map((s) => s.exported()));
    const ids = (rs: { id?: string }[]) => rs.map((r) => r.id).filter(Boolean);
    expect(ids(a!)).toHaveLength(1 + 2 * names.length);
    expect(ids(b!).filter((id) => ids(a!).includes(id))).toEqual([]);
    expect(e2e.live("campaigns").filter((c) => names.includes(String(c.name)))).toHaveLength(2 * names.length);
  });
});
