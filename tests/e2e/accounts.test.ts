/**
 * Accounts with the real pulumi CLI: a sandbox account, its features, tax
 * and user settings in one stack (create, no-change preview, in-place
 * updates and a replace, drift found by refresh, destroy that deletes the
 * account and leaves the settings), and a production stack whose preview
 * refuses the sandbox-only kinds before any write.
 */
import { AdsClient } from "../../provider/client";
import { ACCOUNT_ID, Credentials, Emulator, ResourceSpec, RunResult, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

let emu: Emulator;
let creds: Credentials;
beforeAll(async () => ({ emu, creds } = await startStackEmulator()));
afterAll(async () => emu?.close());

const USER = "756201191646691328";
const output = (r: RunResult) => r.stdout + r.stderr;
const writes = () => emu.control.requests().filter((r) => r.method !== "GET");

interface Version { name: string; features: string[]; taxCategory: string; userAccount: string }

function program(v: Version): ResourceSpec[] {
  return [
    { type: "SandboxAccount", name: "acct", args: { name: v.name, industryType: "RETAIL" } },
    { type: "AccountFeatures", name: "features", args: { accountId: "${acct.id}", featureKeys: v.features } },
    { type: "TaxSettings", name: "tax", args: { accountId: ACCOUNT_ID, taxCategory: v.taxCategory, taxId: "FR1" } },
    { type: "UserSettings", name: "me", args: { accountId: v.userAccount, notificationEmail: "ads@example.com", subscribeEmailTypes: ["ACCOUNT_PERFORMANCE"] } },
  ];
}

describe("a sandbox account with its features and settings", () => {
  let stack: Stack;
  let acct: string;
  const tax = () => emu.control.entities("sandbox", ACCOUNT_ID, "tax_settings")[0];
  const sandboxAccount = () => new AdsClient({ credentials: creds, baseUrl: emu.sandboxUrl, log: () => {} }).get(`/12/accounts/${acct}`, { with_deleted: true });

  beforeAll(async () => {
    stack = new Stack("accounts", emu, creds);
    stack.writeProgram(program({ name: "Spring shop", features: ["AGE_TARGETING", "CONVERSATION_CARD"], taxCategory: "BUSINESS_WITH_VAT", userAccount: ACCOUNT_ID }));
    await stack.init();
  });

  test("up creates the account, its features and the settings; a second preview has no changes", async () => {
    expect(await stack.up()).toMatchObject({ code: 0 });
    acct = (await stack.outputs()).acct!;
    expect(await sandboxAccount()).toMatchObject({ name: "Spring shop", industry_type: "RETAIL", business_id: "business-1", deleted: false });
    expect(emu.control.features("sandbox", acct).sort()).toEqual(["AGE_TARGETING", "CONVERSATION_CARD"]);
    expect(tax()).toMatchObject({ tax_category: "BUSINESS_WITH_VAT", tax_id: "FR1" });
    expect(emu.control.entities("sandbox", ACCOUNT_ID, "user_settings")).toEqual([expect.objectContaining({ user_id: USER, notification_email: "ads@example.com" })]);
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/5 unchanged/) });
    for (const secret of Object.values(creds)) {
      expect(stack.stateFileText()).not.toContain(secret);
      expect(stack.transcript.join("\n")).not.toContain(secret);
    }
  });

  test("name, a feature added and one removed, and a tax field update in place; user settings moved to the new account replace", async () => {
    stack.writeProgram(program({ name: "Summer shop", features: ["CONVERSATION_CARD", "DR_TAP"], taxCategory: "BUSINESS_NO_VAT", userAccount: "${acct.id}" }));
    const preview = await stack.preview("--diff");
    expect(preview.code).toBe(0);
    expect(preview.stdout).toMatch(/~ pulumi-nodejs:dynamic\/xads:SandboxAccount: \(update\)[\s\S]*~ name\s*: "Spring shop" => "Summer shop"/);
    // The key set shows each key added and removed.
    expect(preview.stdout).toMatch(/~ featureKeySet\s*: \{[^}]*- AGE_TARGETING\s*: true[^}]*\+ DR_TAP\s*: true/);
    expect(preview.stdout).toMatch(/~ taxCategory\s*: "BUSINESS_WITH_VAT" => "BUSINESS_NO_VAT"/);
    expect(preview.stdout).toMatch(/\+-pulumi-nodejs:dynamic\/xads:UserSettings: \(replace\)[\s\S]*~ accountId\s*: "18ce54d4x5t" => "(output<string>|[a-z0-9]{11})"/);
    expect(preview.stdout).toMatch(/~ 3 to update\s+\+-1 to replace/);

    expect(await stack.up()).toMatchObject({ code: 0 });
    expect((await stack.outputs()).acct).toBe(acct);
    expect(await sandboxAccount()).toMatchObject({ name: "Summer shop" });
    expect(emu.control.features("sandbox", acct).sort()).toEqual(["CONVERSATION_CARD", "DR_TAP"]);
    expect(tax()).toMatchObject({ tax_category: "BUSINESS_NO_VAT", tax_id: "FR1" });
    expect(emu.control.entities("sandbox", acct, "user_settings")).toEqual([expect.objectContaining({ user_id: USER, notification_email: "ads@example.com" })]);
  });

  test("a tax field edited and a feature removed in the UI are found by refresh and put back by up --refresh", async () => {
    emu.control.edit("sandbox", ACCOUNT_ID, "tax_settings", ACCOUNT_ID, { tax_id: "EDITED" });
    emu.control.setFeatures("sandbox", acct, { remove: ["DR_TAP"] });
    const drift = await stack.run(["refresh", "--preview-only", "--expect-no-changes", "--diff"]);
    expect(drift.code).not.toBe(0);
    expect(drift.stdout).toMatch(/~ taxId\s*: "FR1" => "EDITED"/);
    expect(drift.stdout).toMatch(/- DR_TAP\s*: true/);
    expect(await stack.run(["up", "--refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
    expect(tax()).toMatchObject({ tax_id: "FR1" });
    expect(emu.control.features("sandbox", acct).sort()).toEqual(["CONVERSATION_CARD", "DR_TAP"]);
  });

  test("destroy deletes the sandbox account and leaves the settings, saying so", async () => {
    const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
    expect(destroy.code).toBe(0);
    expect(await sandboxAccount()).toMatchObject({ deleted: true });
    expect(tax()).toMatchObject({ tax_category: "BUSINESS_NO_VAT", tax_id: "FR1" });
    expect(output(destroy)).toMatch(/tax settings of account 18ce54d4x5t stay on the platform as they are/);
  });
});

describe("a production stack", () => {
  // AccountFeatures is refused the same way (unit and integration tests):
  // the engine stops a preview at the first failed check.
  test("preview refuses a SandboxAccount with the reason, and writes nothing", async () => {
    const stack = new Stack("accounts-production", emu, creds);
    stack.writeProgram([
      { type: "SandboxAccount", name: "acct", args: { name: "Prod shop" } },
      { type: "TaxSettings", name: "tax", args: { taxId: "FR1" } },
    ]);
    await stack.init();
    await stack.must(["config", "set", "xads:sandbox", "false"]);
    await stack.must(["config", "set", "xads:baseUrl", emu.url]);
    emu.control.clearRequests();
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toMatch(/SandboxAccount works only in the sandbox: the Ads API creates and deletes accounts only at the sandbox address, and this stack is configured for production \(xads:sandbox is not true\)/);
    expect(writes()).toEqual([]);
  });
});
