/**
 * The plugin-backed TypeScript SDK (`pulumi-xads/native`) through the real
 * CLI and the provider plugin: a TypeScript program with an `xads.Provider`
 * per account, each with its own credentials, creates a campaign in each
 * account, and a data source through each provider reads its account; the
 * state holds neither account's credentials in plain text, those the
 * program passed as plain strings included; the program type-checks
 * against the installed package; and a second preview shows no changes.
 */
import { ACCOUNT_ID, CREDENTIAL_KEYS, Credentials, expectProvidersHoldCredentialsAsCiphertext, ExportedResource, loginAnotherToken, output, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;
let second: { accountId: string; creds: Credentials };

/** The second account's credentials reach the program as plain strings (environment variables), not as secret config. */
const SECOND_ENV = (creds: Credentials) => Object.fromEntries(CREDENTIAL_KEYS.map((k) => [`E2E_SECOND_${k}`, creds[k]]));

/**
 * The program: a provider per account, each with a funding instrument and a
 * campaign through it. The first account's credentials come from secret
 * config, the second's from the environment as plain strings: the
 * provider class makes both secret.
 */
function program(sandboxBaseUrl: string, secondAccountId: string): string {
  return `import * as pulumi from "@pulumi/pulumi";
import * as xads from "pulumi-xads/native";

const config = new pulumi.Config();
const credentials = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;
const accounts = [
  { name: "first", accountId: ${JSON.stringify(ACCOUNT_ID)}, secret: (k: string) => config.requireSecret(\`first_\${k}\`) },
  { name: "second", accountId: ${JSON.stringify(secondAccountId)}, secret: (k: string) => process.env[\`E2E_SECOND_\${k}\`]! },
];

export const campaignIds: Record<string, pulumi.Output<string>> = {};
export const accountIds: Record<string, pulumi.Output<string>> = {};
for (const a of accounts) {
  const provider = new xads.Provider(a.name, {
    sandbox: true,
    sandboxBaseUrl: ${JSON.stringify(sandboxBaseUrl)},
    accountId: a.accountId,
    ...Object.fromEntries(credentials.map((k) => [k, a.secret(k)])),
  });
  const funding = new xads.FundingInstrument(\`\${a.name}-funding\`, { currency: "USD", startTime: "2026-01-01T00:00:00Z" }, { provider });
  const campaign = new xads.Campaign(\`\${a.name}-campaign\`, {
    fundingInstrumentId: funding.id,
    name: \`Sale of \${a.name}\`,
    dailyBudgetAmountLocalMicro: 10_000_000,
    deletionProtection: false,
  }, { provider });
  campaignIds[a.name] = campaign.id;
  // A data source through the same provider reads that provider's account.
  accountIds[a.name] = pulumi.output(xads.getAccount({}, { provider })).apply((account) => account.id);
}
`;
}

const campaignsOf = (account: string) => e2e.live("campaigns", { account });
const env = () => SECOND_ENV(second.creds);

beforeAll(async () => {
  second = { accountId: e2e.emu.control.createAccount("sandbox").id, creds: { ...e2e.creds, ...(await loginAnotherToken(e2e.emu, e2e.creds)) } };
  stack = e2e.stack("native-providers");
  // The plugin is named in Pulumi.yaml, as a YAML program names it: the engine starts it for the xads:index:* resources.
  stack.writeNativeProgram(program(e2e.emu.sandboxUrl, second.accountId));
  await stack.must(["stack", "init", "dev"]);
  for (const k of CREDENTIAL_KEYS) await stack.must(["config", "set", "--secret", `first_${k}`], e2e.creds[k]);
});

test("the program type-checks against the installed package: pulumi-xads/native resolves to its classes and xads.Provider", () => {
  expect(() => stack.typeCheck()).not.toThrow();
});

test("two providers for two accounts with different credentials create a campaign in each; a data source through each reads its account", async () => {
  expect(second.creds.accessToken).not.toBe(e2e.creds.accessToken);
  const up = await stack.run(["up", "--yes", "--skip-preview"], env());
  expect({ code: up.code, output: output(up) }).toMatchObject({ code: 0 });
  expect(campaignsOf(ACCOUNT_ID).map((c) => c.name)).toEqual(["Sale of first"]);
  expect(campaignsOf(second.accountId).map((c) => c.name)).toEqual(["Sale of second"]);
  const outputs = await stack.outputs();
  expect(outputs.campaignIds).toEqual({ first: campaignsOf(ACCOUNT_ID)[0]!.id, second: campaignsOf(second.accountId)[0]!.id });
  expect(outputs.accountIds).toEqual({ first: ACCOUNT_ID, second: second.accountId });
  const preview = await stack.run(["preview", "--expect-no-changes"], env());
  expect({ code: preview.code, output: output(preview) }).toMatchObject({ code: 0 });
});

test("the state holds neither account's credentials in plain text: each provider's are secret ciphertext", async () => {
  const resources = await expectProvidersHoldCredentialsAsCiphertext(stack, { first: ACCOUNT_ID, second: second.accountId }, [second.creds]);
  // Each campaign is the plugin's resource, through its account's provider.
  const campaigns = resources.filter((r) => r.type === "xads:index:Campaign") as (ExportedResource & { provider?: string })[];
  expect(campaigns).toHaveLength(2);
  for (const c of campaigns) expect(c.provider).toContain(`pulumi:providers:xads::${c.urn.endsWith("::first-campaign") ? "first" : "second"}::`);
});

test("destroy deletes the campaign of each account through its provider", async () => {
  const destroy = await stack.run(["destroy", "--yes"], env());
  expect({ code: destroy.code, output: output(destroy) }).toMatchObject({ code: 0 });
  expect(campaignsOf(ACCOUNT_ID)).toEqual([]);
  expect(campaignsOf(second.accountId)).toEqual([]);
});
