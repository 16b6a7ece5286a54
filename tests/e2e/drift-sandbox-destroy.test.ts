/**
 * A sandbox stack's funding instrument through destroy and `xads drift`,
 * with the real pulumi CLI against the emulator:
 * - destroy deletes the instrument with the sandbox-only DELETE
 *   (ref campaign-management/reference.mdx, DELETE funding_instruments:
 *   "SANDBOX ONLY"), beside the campaign it funds;
 * - up again, then `xads drift`: exit 0. Before, the instrument the destroy
 *   left matched the new one (an instrument has no name: same currency, type
 *   and start) and drift listed it "in no state", with advice (pause or
 *   delete it in the ads UI) that cannot be followed for an instrument;
 * - an instrument of the same currency, type and start that another project
 *   made in the account is no drift of this stack either: nothing the Ads API
 *   offers this stack removes it (it is not looked for).
 */
import { ACCOUNT_ID, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
const instruments = (withDeleted = false) => e2e.live("funding_instruments", { withDeleted });

describe("a sandbox stack's funding instrument: destroy, up again, drift", () => {
  let stack: Stack;
  let first: string;

  const program: ProgramResource[] = [
    { type: "FundingInstrument", name: "sandbox-usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "spring", args: { fundingInstrumentId: "${sandbox-usd.id}", name: "Spring sale", dailyBudgetAmountLocalMicro: 50_000_000, deletionProtection: false } },
  ];

  beforeAll(async () => {
    stack = e2e.stack("drift-sandbox-destroy");
    stack.writeProgram(program);
    await stack.init();
  });

  test("up creates the instrument and the campaign it funds", async () => {
    expect(await stack.up()).toMatchObject({ code: 0 });
    const [fi] = await stack.exportedOf("FundingInstrument");
    first = fi!.id!;
    expect(instruments().map((e) => e.id)).toEqual([first]);
  });

  test("destroy deletes the instrument on the platform (the sandbox-only DELETE), and does not say it stays", async () => {
    e2e.emu.control.clearRequests();
    const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
    expect(destroy).toMatchObject({ code: 0 });
    expect(instruments()).toEqual([]);
    expect(instruments(true).map((e) => [e.id, e.deleted])).toEqual([[first, true]]);
    expect(e2e.writes().filter((r) => r.method === "DELETE").map((r) => [r.env, r.path, r.status]))
      .toContainEqual(["sandbox", `/12/accounts/${ACCOUNT_ID}/funding_instruments/${first}`, 200]);
    expect(output(destroy)).not.toMatch(/funding instrument \w+ stays on the platform/);
  });

  test("up again, then xads drift: exit 0, nothing in no state", async () => {
    expect(await stack.up()).toMatchObject({ code: 0 });
    const drift = await stack.xads(["drift", "--format", "text"]);
    expect(drift.stdout).not.toContain("in no state: FundingInstrument");
    expect(drift.stdout).toMatch(/^no drift in stack dev/);
    expect(drift).toMatchObject({ code: 0 });
    expect(instruments().map((e) => e.id)).not.toContain(first);
  });

  test("an instrument like the stack's that another project made in the account is no drift of this stack", async () => {
    await e2e.api().post(`/12/accounts/${ACCOUNT_ID}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z", type: "CREDIT_CARD" });
    expect(instruments()).toHaveLength(2);
    const drift = await stack.xads(["drift", "--format", "json"]);
    expect(JSON.parse(drift.stdout)).toMatchObject({ drift: false, untracked: [] });
    expect(drift).toMatchObject({ code: 0 });
  });
});
