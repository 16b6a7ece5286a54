/**
 * Explicit providers of the provider plugin (pulumi:providers:xads) through
 * the real CLI and a YAML program: two providers for two accounts, each
 * with its own credentials from secret config, create a campaign in each
 * account; the state holds the providers' credentials as ciphertext only;
 * new credentials, or another provider setting (requestTimeoutMs), update a
 * provider (its DiffConfig), replace nothing and write nothing to the
 * platform; and `preview --diff` of a changed create-only field prints
 * [forces replacement] on that property and plans the replacement.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, CREDENTIAL_KEYS, Credentials, expectNoCredentialsIn, expectProvidersHoldCredentialsAsCiphertext, loginAnotherToken, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;
let second: { accountId: string; creds: Credentials };

/** A new access token of the demo user for the stack's application (harness.ts loginAnotherToken). */
const login = () => loginAnotherToken(e2e.emu, e2e.creds);


/** The program's sections: a provider per account (`first`, `second`, with its other `settings`), each with a funding instrument and a campaign through it. */
function program(accounts: { name: string; accountId: string; currency: string; settings?: Record<string, number> }[]): string {
  const config = accounts.flatMap((a) => CREDENTIAL_KEYS.map((k) => `  ${a.name}_${k}:\n    type: string\n    secret: true`)).join("\n");
  const resources = accounts.map((a) => `  ${a.name}:
    type: pulumi:providers:xads
    properties:
      sandbox: true
      sandboxBaseUrl: ${e2e.emu.sandboxUrl}
      accountId: ${a.accountId}
${Object.entries(a.settings ?? {}).map(([k, v]) => `      ${k}: ${v}\n`).join("")}${CREDENTIAL_KEYS.map((k) => `      ${k}: \${${a.name}_${k}}`).join("\n")}
  ${a.name}-funding:
    type: xads:index:FundingInstrument
    properties:
      currency: ${a.currency}
      startTime: "2026-01-01T00:00:00Z"
    options:
      provider: \${${a.name}}
  ${a.name}-campaign:
    type: xads:index:Campaign
    properties:
      fundingInstrumentId: \${${a.name}-funding.id}
      name: Sale of ${a.name}
      dailyBudgetAmountLocalMicro: 10000000
      deletionProtection: false
    options:
      provider: \${${a.name}}`).join("\n");
  return `config:
${config}
resources:
${resources}
`;
}

const ACCOUNTS = () => [
  { name: "first", accountId: ACCOUNT_ID, currency: "USD" },
  { name: "second", accountId: second.accountId, currency: "USD" },
];

const campaignsOf = (account: string) => e2e.live("campaigns", { account });

beforeAll(async () => {
  second = { accountId: e2e.emu.control.createAccount("sandbox").id, creds: { ...e2e.creds, ...(await login()) } };
  stack = e2e.stack("plugin-providers");
  stack.writeYamlProgram(program(ACCOUNTS()));
  await stack.must(["stack", "init", "dev"]);
  for (const k of CREDENTIAL_KEYS) {
    await stack.must(["config", "set", "--secret", `first_${k}`], e2e.creds[k]);
    await stack.must(["config", "set", "--secret", `second_${k}`], second.creds[k]);
  }
});

test("two providers for two accounts with different credentials create a campaign in each", async () => {
  expect(second.creds.accessToken).not.toBe(e2e.creds.accessToken);
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(campaignsOf(ACCOUNT_ID).map((c) => c.name)).toEqual(["Sale of first"]);
  expect(campaignsOf(second.accountId).map((c) => c.name)).toEqual(["Sale of second"]);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("the state holds neither account's credentials in plain text: each provider's are secret ciphertext", async () => {
  await expectProvidersHoldCredentialsAsCiphertext(stack, { first: ACCOUNT_ID, second: second.accountId }, [second.creds]);
});

test("new credentials of one provider update it and replace none of its resources", async () => {
  const rotated = await login();
  for (const k of ["accessToken", "accessTokenSecret"] as const) await stack.must(["config", "set", "--secret", `second_${k}`], rotated[k]);
  const before = campaignsOf(second.accountId).map((c) => c.id);
  const preview = await stack.preview("--diff");
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/~ pulumi:providers:xads: \(update\)/);
  expect(preview.stdout).not.toMatch(/replace/);
  e2e.emu.control.clearRequests();
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
  expect(campaignsOf(second.accountId).map((c) => c.id)).toEqual(before);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  await expectNoCredentialsIn(stack, [second.creds, rotated]);
});

test("preview --diff of a changed create-only field prints [forces replacement] on that property and plans its replacement, and that of what hangs on it", async () => {
  const file = join(stack.dir, "Pulumi.yaml");
  const before = readFileSync(file, "utf8");
  stack.writeYamlProgram(program(ACCOUNTS().map((a) => (a.name === "second" ? { ...a, currency: "EUR" } : a))));
  const preview = await stack.preview("--diff");
  const json = await stack.preview("--json");
  writeFileSync(file, before);
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/\+-\s*xads:index:FundingInstrument: \(replace\)[\s\S]*?~ currency\s*:\s*"USD" => "EUR"/);
  // The property the replacement comes from is marked, under the resource it replaces (provider/plugin/wire.ts replacementNotes).
  // (The --diff display prints what a provider says on stderr, apart from the resource: the line names it.)
  expect(preview.stderr).toContain("second-funding: currency [forces replacement]: the platform cannot change it on an existing FundingInstrument");
  expect(preview.stderr).toContain("second-campaign: fundingInstrumentId [forces replacement]");
  // The engine's plan: the funding instrument replaced because of currency, with that property's diff an update-replace.
  const steps = (JSON.parse(json.stdout) as { steps: { op: string; urn: string; replaceReasons?: string[]; detailedDiff?: Record<string, { kind: string }> }[] }).steps;
  const funding = steps.find((s) => s.urn.endsWith("::second-funding") && s.op === "replace")!;
  expect(funding.replaceReasons).toEqual(["currency"]);
  expect(funding.detailedDiff?.currency?.kind).toBe("update-replace");
  expect(steps.find((s) => s.urn.endsWith("::second-campaign"))?.op).toBe("replace");
  expect(steps.filter((s) => s.urn.includes("first")).every((s) => s.op === "same")).toBe(true);
});

test("another setting of one provider (requestTimeoutMs) previews as an update of that provider alone, and its up writes nothing to the platform", async () => {
  stack.writeYamlProgram(program(ACCOUNTS().map((a) => (a.name === "first" ? { ...a, settings: { requestTimeoutMs: 20000 } } : a))));
  const preview = await stack.preview("--json");
  expect(preview).toMatchObject({ code: 0 });
  const steps = (JSON.parse(preview.stdout) as { steps: { op: string; urn: string; detailedDiff?: Record<string, { kind: string }> }[] }).steps;
  expect(steps.filter((s) => s.op !== "same").map((s) => [s.op, s.urn.split("::").pop(), s.detailedDiff])).toEqual([["update", "first", { requestTimeoutMs: expect.objectContaining({ kind: "add" }) }]]);
  const before = campaignsOf(ACCOUNT_ID).map((c) => c.id);
  e2e.emu.control.clearRequests();
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
  expect(campaignsOf(ACCOUNT_ID).map((c) => c.id)).toEqual(before);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("destroy deletes the campaign of each account through its provider", async () => {
  expect(await stack.run(["destroy", "--yes"])).toMatchObject({ code: 0 });
  expect(campaignsOf(ACCOUNT_ID)).toEqual([]);
  expect(campaignsOf(second.accountId)).toEqual([]);
});
