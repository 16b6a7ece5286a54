/**
 * Accounts with the real pulumi CLI, beyond the walk of SandboxAccount,
 * AccountFeatures, TaxSettings and UserSettings (walk-table.ts): the preview
 * of a feature set shows each key added and removed, and a production
 * stack's preview refuses the sandbox-only kinds before any write.
 */
import { ACCOUNT_ID, output, ProgramResource, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();

const features = (featureKeys: string[]): ProgramResource[] => [{ type: "AccountFeatures", name: "features", args: { accountId: ACCOUNT_ID, featureKeys } }];

test("the preview of a new feature set shows each key added and removed", async () => {
  const stack = e2e.stack("accounts");
  stack.writeProgram(features(["AGE_TARGETING", "CONVERSATION_CARD"]));
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
  stack.writeProgram(features(["CONVERSATION_CARD", "DR_TAP"]));
  const preview = await stack.preview("--diff");
  expect(preview.code).toBe(0);
  expect(preview.stdout).toMatch(/~ featureKeySet\s*: \{[^}]*- AGE_TARGETING\s*: true[^}]*\+ DR_TAP\s*: true/);
});

describe("a production stack", () => {
  // AccountFeatures is refused the same way (unit and integration tests):
  // the engine stops a preview at the first failed check.
  test("preview refuses a SandboxAccount with the reason, and writes nothing", async () => {
    const stack = e2e.stack("accounts-production");
    stack.writeProgram([
      { type: "SandboxAccount", name: "acct", args: { name: "Prod shop" } },
      { type: "TaxSettings", name: "tax", args: { taxId: "FR1" } },
    ]);
    await stack.init();
    await stack.must(["config", "set", "xads:sandbox", "false"]);
    await stack.must(["config", "set", "xads:baseUrl", e2e.emu.url]);
    e2e.emu.control.clearRequests();
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toMatch(/SandboxAccount works only in the sandbox: the Ads API creates and deletes accounts only at the sandbox address, and this stack is configured for production \(xads:sandbox is not true\)/);
    expect(e2e.writes()).toEqual([]);
  });
});
