/**
 * What a preview checks without writing, and how failures read, with the
 * real pulumi CLI: a wrong account id and a missing credential fail the
 * preview naming the setting, and the up writes nothing; each provider error
 * is in the CLI's Diagnostics once, under its resource, not doubled and not
 * under the stack; `pulumi refresh --run-program` shows no diff for the
 * provider's own inputs and the defaults it fills in; `xads drift` names
 * an entity another stack of the project holds with that stack.
 */
import { ACCOUNT_ID, diagnostics, output, ProgramResource, Stack, useStackEmulator } from "./harness";
import { seedFundingInstrument } from "../integration/fixtures";

jest.setTimeout(300_000);

const e2e = useStackEmulator();

const FI: ProgramResource = { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } };
const CAMPAIGN: ProgramResource = { type: "Campaign", name: "launch", args: { name: "Launch", fundingInstrumentId: "${usd.id}", dailyBudgetAmountLocalMicro: 5_000_000 } };
const AUDIENCE: ProgramResource = { type: "CustomAudience", name: "newsletter", args: { name: "Newsletter" } };

const count = (text: string, part: string) => text.split(part).length - 1;

describe("preview checks the credentials and the account before anything is written", () => {
  let stack: Stack;
  let n = 0;

  beforeEach(async () => {
    stack = e2e.stack(`preview-checks-${++n}`);
    stack.writeProgram([{ type: "SandboxAccount", name: "qa", args: { name: "QA" } }, FI, CAMPAIGN]);
    await stack.init();
    e2e.emu.control.clearRequests();
  });

  test("a wrong account id fails preview naming accountId and xads:accountId; up then writes nothing, not even the sandbox account", async () => {
    await stack.must(["config", "set", "xads:accountId", "wrongacct"]);
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toContain("accountId wrongacct is not an ads account these credentials can use (GET /12/accounts/wrongacct: 403 ACCOUNT_NOT_FOUND");
    expect(output(preview)).toContain("pulumi config set xads:accountId <id>, or XADS_ACCOUNT_ID");
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    expect(e2e.writes()).toEqual([]);
    expect(await stack.exported()).toEqual([]);
  });

  test("a missing credential fails preview naming xads:accessTokenSecret and XADS_ACCESS_TOKEN_SECRET; up then writes nothing", async () => {
    await stack.must(["config", "rm", "xads:accessTokenSecret"]);
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toContain("missing Ads API credentials: xads:accessTokenSecret (pulumi config set --secret xads:accessTokenSecret ...) or XADS_ACCESS_TOKEN_SECRET. Nothing was written");
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    expect(e2e.emu.control.requests()).toEqual([]);
    expect(await stack.exported()).toEqual([]);
  });
});

describe("errors once, and no false diffs", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = e2e.stack("errors-once");
    // Neither deletionProtection nor the funding instrument's type is declared: the defaults stand.
    stack.writeProgram([FI, CAMPAIGN, AUDIENCE]);
    await stack.init();
    expect((await stack.up()).code).toBe(0);
  });

  test("pulumi refresh --run-program shows no diff for the provider's own inputs and the defaults it fills in", async () => {
    e2e.emu.control.clearRequests();
    for (const args of [["refresh", "--run-program", "--preview-only"], ["refresh", "--run-program", "--yes", "--skip-preview"]]) {
      const refresh = await stack.run(args);
      expect(refresh.code).toBe(0);
      expect(output(refresh)).not.toContain("[diff:");
      expect(refresh.stdout).toMatch(/4 unchanged/);
    }
    expect(e2e.writes()).toEqual([]);
  });

  test("a refused delete's error is printed once in the Diagnostics, under its resource, with the id to find its URN by; never doubled, never under the stack", async () => {
    // protect set to false by the program: the provider, not the engine, refuses the delete (deletionProtection stays on).
    stack.writeProgram([FI, { ...CAMPAIGN, opts: { protect: false } }, AUDIENCE]);
    expect((await stack.up()).code).toBe(0);
    stack.writeProgram([FI]);
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    const [campaign] = await stack.exportedOf("Campaign");
    const message = `deleting Campaign ${campaign!.id}: campaign "Launch" (id ${campaign!.id}) was not deleted: deletionProtection is on`;
    const summary = diagnostics(up);
    expect(count(summary, message)).toBe(1);
    expect(summary).toContain(`pulumi state delete '<URN>', with the URN that pulumi stack --show-urns --show-ids prints above "ID: ${campaign!.id}"`);
    expect(summary).not.toMatch(/pulumi:pulumi:Stack \([^)]*\):\n\s+Error: deleting/);
    expect(output(up)).not.toContain(`.: ${message}`);
    // Where the message says, the URN is.
    const listed = await stack.must(["stack", "--show-urns", "--show-ids"]);
    expect(listed.stdout).toMatch(new RegExp(`URN: (urn:pulumi:\\S+::launch)\\n\\s+│?\\s*ID: ${campaign!.id}`));
  });

  test("budgets compared in check read in the funding instrument's currency with the micros beside them, once in the Diagnostics, with no value in scientific notation", async () => {
    stack.writeProgram([FI, { ...CAMPAIGN, args: { ...CAMPAIGN.args, dailyBudgetAmountLocalMicro: 2_000_000_000, totalBudgetAmountLocalMicro: 400_000_000 } }, AUDIENCE]);
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    const reason = "dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: USD 2,000.00 > USD 400.00 (2000000000 > 400000000 micros)";
    expect(count(diagnostics(preview), `resource 'launch' has a problem: ${reason}`)).toBe(1);
    expect(output(preview)).not.toMatch(/e\+\d/);
  });
});

test("xads drift names an entity of another stack of the project \"held by stack prod\", and that is no drift", async () => {
  const stack = e2e.stack("two-stacks");
  // Both stacks declare the same campaign under one funding instrument (made outside them): alike by their natural key.
  const fundingInstrumentId = await seedFundingInstrument(e2e.api());
  stack.writeProgram([{ ...CAMPAIGN, args: { ...CAMPAIGN.args, fundingInstrumentId } }]);
  await stack.init();
  expect((await stack.up()).code).toBe(0);
  // A second stack of the project, in the same backend and account.
  await stack.must(["stack", "init", "prod"]);
  for (const [key, value] of [["xads:accountId", ACCOUNT_ID], ["xads:sandbox", "true"], ["xads:sandboxBaseUrl", e2e.emu.sandboxUrl]]) await stack.must(["config", "set", key!, value!]);
  for (const [k, v] of Object.entries(e2e.creds)) await stack.must(["config", "set", "--secret", `xads:${k}`], v);
  expect((await stack.up()).code).toBe(0);
  const [prod] = await stack.exportedOf("Campaign");
  await stack.must(["stack", "select", "dev"]);
  const drift = await stack.xads(["drift", "--stack", "dev", "--format", "text"]);
  expect(drift.stdout).toBe([
    "no drift in stack dev: every resource matches the platform",
    `held by stack prod: Campaign ${prod!.id} "Launch", like launch`,
    "",
  ].join("\n"));
  expect(drift.code).toBe(0);
});
