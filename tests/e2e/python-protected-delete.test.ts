/**
 * A protected campaign removed from a Python program (the generated SDK in a
 * virtual environment, the provider plugin: as python-plugin.test.ts runs
 * examples/python), through the real CLI against the emulator. A Python
 * program sets no `protect`, so the engine's preview passes the delete
 * (docs/gitops.md "Protected deletes: the preview of a YAML or Python
 * program passes"): `xads pr-summary` is what refuses it, exiting 1 naming
 * the campaign, and `pulumi up` run anyway fails on the provider's refusal.
 * Neither writes anything; the campaign stays live and in the state.
 */
import { requireTool } from "../required-tools";
import { ExportedResource, preparePythonSdk, pythonEnv, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

/** A funding instrument and two campaigns: `guarded` leaves deletionProtection to its default (true), `loose` turns it off. */
const program = (campaigns: ("guarded" | "loose")[]) => `import pulumi_xads as xads

usd = xads.FundingInstrument("usd", currency="USD", start_time="2026-01-01T00:00:00Z")
${campaigns.map((name) => `
xads.Campaign("${name}", funding_instrument_id=usd.id, name="${name}", daily_budget_amount_local_micro=10_000_000${name === "loose" ? ", deletion_protection=False" : ""})
`).join("")}`;

// Without python3: skipped with a warning, or under CI a failure with the install line (tests/required-tools.ts).
if (requireTool("python3", "python-protected-delete.test.ts", "the program runs in a python3 virtual environment")) {
  const e2e = useStackEmulator();
  let stack: Stack;
  let guarded: ExportedResource;

  beforeAll(async () => {
    await preparePythonSdk();
    stack = e2e.stack("python-protected-delete");
    stack.writePythonProgram(program(["guarded", "loose"]));
    await stack.init();
    const up = await stack.run(["up", "--yes", "--skip-preview"], pythonEnv());
    expect({ code: up.code, output: up.code === 0 ? "" : `${up.stdout}\n${up.stderr}` }).toEqual({ code: 0, output: "" });
    guarded = (await stack.exportedOf("Campaign")).find((r) => r.urn.endsWith("::guarded"))!;
    // The provider's check fills in the default: the state says the campaign is protected.
    expect(guarded.inputs?.deletionProtection).toBe(true);
    stack.writePythonProgram(program(["loose"]));
  }, 1_200_000);

  test.each(["digest", "stream"] as const)("the preview (%s) passes the delete, and xads pr-summary exits 1 naming the campaign; nothing is written", async (form) => {
    e2e.emu.control.clearRequests();
    const { preview, summary, markdown } = await stack.previewAndSummary(form, pythonEnv(), "--preview-exit-code", "0");
    // The engine does not refuse it: a Python program sets no protect.
    expect(preview.code).toBe(0);
    expect(summary.code).toBe(1);
    expect(summary.stderr).toMatch(new RegExp(`^xads: pulumi up would fail: it deletes 1 protected resource: guarded \\(Campaign, id ${guarded.id}\\) "guarded": deletionProtection is on\\. `));
    expect(markdown).toContain(`> - **delete** \`guarded\` (Campaign, id \`${guarded.id}\`) "guarded": refused, deletionProtection is on`);
    expect(e2e.writes()).toEqual([]);
  });

  test("pulumi up run anyway fails on the provider's refusal: nothing is written, the campaign stays live and in the state", async () => {
    e2e.emu.control.clearRequests();
    const up = await stack.run(["up", "--yes", "--skip-preview"], pythonEnv());
    expect(up.code).not.toBe(0);
    expect(`${up.stdout}\n${up.stderr}`).toContain(`error: deleting Campaign ${guarded.id}: campaign "guarded" (id ${guarded.id}) was not deleted: deletionProtection is on`);
    expect(e2e.writes()).toEqual([]);
    expect(e2e.live("campaigns").map((c) => [c.id, c.name])).toEqual(expect.arrayContaining([[guarded.id, "guarded"]]));
    expect((await stack.exportedOf("Campaign")).map((r) => r.id)).toContain(guarded.id);
  });
}
