/**
 * A program with a provider per ads account, as an agency runs it, through
 * the real CLI and the provider plugin: two accounts on two platforms (two
 * emulators: two addresses, 8 credentials), one provider's credentials from
 * secret stack config, the other's from the environment, no `xads:*`
 * credential in the stack config. Once as a TypeScript program on
 * `pulumi-xads/native` (the environment's credentials passed to
 * `xads.Provider` as plain strings), once as a YAML program (a provider with
 * no credentials, which reads `XADS_*` as the plugin's environment has
 * them).
 *
 * `pulumi up` is SIGKILLed while a campaign batch of each account is in
 * flight (the emulators commit it and hold the answer until the kill has
 * landed: Stack.interruptWhileHeld; the providers set no requestTimeoutMs,
 * so they wait for it as long), then the documented
 * recovery (docs/operations.md, "When an update is interrupted": `xads
 * recover --cancel`, `pulumi up`): each pending create is looked up through
 * its own provider, so every declared entity exists once in each account
 * (counted from the emulators' state) and no pending operation is left.
 * Where a provider's credentials came from the environment, `xads recover`
 * without them names that provider and its variables and changes nothing
 * (the lock kept). Then `xads drift` exits 0, and 1 with a duplicate
 * planted in the second account; no credential is printed or stored.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AdsClient } from "../../provider/client";
import { ACCOUNT_ID, AFTER_HELD, CAMPAIGN_BATCHES, CREDENTIAL_KEYS, Credentials, Emulator, expectNoCredentialsIn, output, Stack, startStackEmulator, useStackEmulator } from "./harness";

jest.setTimeout(900_000);

const e2e = useStackEmulator();
/** The second platform (its own address and credentials) and its account. */
let globex: { emu: Emulator; creds: Credentials; accountId: string };

beforeAll(async () => {
  const started = await startStackEmulator();
  globex = { ...started, accountId: started.emu.control.createAccount("sandbox").id };
});
afterAll(async () => globex?.emu.close());

const CAMPAIGNS = 12;
const names = (account: string) => Array.from({ length: CAMPAIGNS }, (_, i) => `${account} sale ${i}`);

/** The second provider's credentials as the environment of the CLI (and of `xads`) holds them. */
const VARIABLES = { consumerKey: "XADS_CONSUMER_KEY", consumerSecret: "XADS_CONSUMER_SECRET", accessToken: "XADS_ACCESS_TOKEN", accessTokenSecret: "XADS_ACCESS_TOKEN_SECRET" } as const;
const nativeEnv = () => Object.fromEntries(CREDENTIAL_KEYS.map((k) => [`GLOBEX_${k}`, globex.creds[k]]));
const xadsVariables = () => Object.fromEntries(CREDENTIAL_KEYS.map((k) => [VARIABLES[k], globex.creds[k]]));

/**
 * Each program's funding instruments have a currency of their own: a
 * funding instrument is found by its currency, so after a crash one program's
 * could be taken for the other's by a look-up (xads drift no longer looks for
 * instruments in no state: cli/untracked.ts).
 */
function nativeProgram(currency = "USD"): string {
  return `import * as pulumi from "@pulumi/pulumi";
import * as xads from "pulumi-xads/native";

const config = new pulumi.Config();
const credentials = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;
const accounts = [
  { name: "acme", accountId: ${JSON.stringify(ACCOUNT_ID)}, url: ${JSON.stringify(e2e.emu.sandboxUrl)}, credential: (k: string) => config.requireSecret(\`acme_\${k}\`) },
  { name: "globex", accountId: ${JSON.stringify(globex.accountId)}, url: ${JSON.stringify(globex.emu.sandboxUrl)}, credential: (k: string) => process.env[\`GLOBEX_\${k}\`]! },
];
for (const a of accounts) {
  const provider = new xads.Provider(a.name, {
    sandbox: true, sandboxBaseUrl: a.url, accountId: a.accountId,
    ...Object.fromEntries(credentials.map((k) => [k, a.credential(k)])),
  });
  const funding = new xads.FundingInstrument(\`\${a.name}-funding\`, { currency: ${JSON.stringify(currency)}, startTime: "2026-01-01T00:00:00Z" }, { provider });
  for (let i = 0; i < ${CAMPAIGNS}; i++) {
    new xads.Campaign(\`\${a.name}-c\${i}\`, { fundingInstrumentId: funding.id, name: \`\${a.name} sale \${i}\`, dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false }, { provider });
  }
}
`;
}

function yamlProgram(currency = "EUR"): string {
  const account = (name: string, accountId: string, url: string, credentials: string) => `  ${name}:
    type: pulumi:providers:xads
    properties:
      sandbox: true
      sandboxBaseUrl: ${url}
      accountId: ${accountId}
${credentials}  ${name}-funding:
    type: xads:index:FundingInstrument
    properties:
      currency: ${currency}
      startTime: "2026-01-01T00:00:00Z"
    options:
      provider: \${${name}}
${names(name).map((n, i) => `  ${name}-c${i}:
    type: xads:index:Campaign
    properties:
      fundingInstrumentId: \${${name}-funding.id}
      name: ${n}
      dailyBudgetAmountLocalMicro: 1000000
      deletionProtection: false
    options:
      provider: \${${name}}
`).join("")}`;
  return `config:
${CREDENTIAL_KEYS.map((k) => `  acme_${k}:\n    type: string\n    secret: true`).join("\n")}
resources:
${account("acme", ACCOUNT_ID, e2e.emu.sandboxUrl, CREDENTIAL_KEYS.map((k) => `      ${k}: \${acme_${k}}\n`).join(""))}${account("globex", globex.accountId, globex.emu.sandboxUrl, "")}`;
}

const acmeLive = (collection: string) => e2e.emu.control.entities("sandbox", ACCOUNT_ID, collection);
const globexLive = (collection: string) => globex.emu.control.entities("sandbox", globex.accountId, collection);

describe.each([
  { path: "native TypeScript", runEnv: nativeEnv, recoverEnv: () => AFTER_HELD },
  { path: "YAML", runEnv: xadsVariables, recoverEnv: () => ({ ...xadsVariables(), ...AFTER_HELD }) },
])("$path: a provider per account, SIGKILL during the campaign batches", ({ path, runEnv, recoverEnv }) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = e2e.stack(path === "YAML" ? "providers-recovery-yaml" : "providers-recovery-native");
    if (path === "YAML") stack.writeYamlProgram(yamlProgram());
    else stack.writeNativeProgram(nativeProgram());
    await stack.must(["stack", "init", "dev"]);
    for (const k of CREDENTIAL_KEYS) await stack.must(["config", "set", "--secret", `acme_${k}`], e2e.creds[k]);
  });

  test("the documented recovery looks each pending create up through its own provider: every entity once in each account, no pending operation", async () => {
    // Only the funding instruments made from here on count (an earlier test's may still be in the account).
    const earlier = new Set([...acmeLive("funding_instruments"), ...globexLive("funding_instruments")].map((f) => f.id));
    const made = (live: (c: string) => { id: string }[]) => live("funding_instruments").filter((f) => !earlier.has(f.id));
    // Killed once each account's campaign batch has committed, its answer held.
    const killedUp = ["up", "--yes", "--skip-preview", "--parallel", "64"];
    expect(await stack.interruptWhileHeld(killedUp, { writes: [CAMPAIGN_BATCHES], emus: [e2e.emu, globex.emu], env: runEnv() })).toBe(true);

    const interrupted = await stack.deployment();
    const pending = (interrupted.pending_operations ?? []).filter((op) => op.type === "creating").map((op) => op.resource.urn);
    // Campaigns of both accounts were in flight, and made.
    expect(pending.some((urn) => urn.includes("::acme-c"))).toBe(true);
    expect(pending.some((urn) => urn.includes("::globex-c"))).toBe(true);
    expect(acmeLive("campaigns").length).toBeGreaterThan(0);
    expect(globexLive("campaigns").length).toBeGreaterThan(0);

    if (path === "YAML") {
      // The provider whose credentials came from the environment cannot be read without them: named, with its variables, and nothing changed.
      const refused = await stack.xads(["recover", "--cancel"]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(/provider "globex" \(pulumi:providers:xads\) \(account \w+\) has no consumerKey, consumerSecret, accessToken, accessTokenSecret in the state/);
      expect(refused.stderr).toContain("XADS_CONSUMER_KEY, XADS_CONSUMER_SECRET, XADS_ACCESS_TOKEN, XADS_ACCESS_TOKEN_SECRET");
      expect(refused.stderr).toMatch(/nothing was changed \(the lock of the interrupted update is kept\)/);
      expect(stack.locks().length).toBe(1);
      expect(((await stack.deployment()).pending_operations ?? []).length).toBe((interrupted.pending_operations ?? []).length);
    }

    const recovered = await stack.xads(["recover", "--cancel"], { env: recoverEnv() });
    expect({ code: recovered.code, stderr: recovered.stderr }).toMatchObject({ code: 0, stderr: expect.stringMatching(/no pending operation left\. Next: pulumi up/) });
    expect(recovered.stderr).not.toMatch(/none was created/);
    expect(stack.locks()).toEqual([]);
    const up = await stack.run(["up", "--yes", "--skip-preview"], runEnv());
    expect({ code: up.code, output: output(up) }).toMatchObject({ code: 0 });

    // Every declared entity once in each account, counted on the platforms.
    expect(acmeLive("campaigns").map((c) => c.name).sort()).toEqual(names("acme").sort());
    expect(globexLive("campaigns").map((c) => c.name).sort()).toEqual(names("globex").sort());
    expect(made(acmeLive).length).toBe(1);
    expect(made(globexLive).length).toBe(1);
    expect((await stack.deployment()).pending_operations ?? []).toEqual([]);
    const held = (await stack.exportedOf("Campaign")).map((r) => r.id).sort();
    expect(held).toEqual([...acmeLive("campaigns"), ...globexLive("campaigns")].map((c) => c.id).sort());
    expect(await stack.run(["preview", "--expect-no-changes"], runEnv())).toMatchObject({ code: 0 });
  });

  test("xads drift reads each account through its provider: 0 when nothing changed, 1 with a duplicate planted in the second account", async () => {
    const clean = await stack.xads(["drift", "--format", "text"], { env: runEnv() });
    expect({ code: clean.code, output: output(clean) }).toEqual({ code: 0, output: expect.stringContaining("no drift") });

    // A duplicate made in the second account (as a killed up without recovery, or a hand in the ads UI, would leave).
    const api = new AdsClient({ credentials: globex.creds, baseUrl: globex.emu.sandboxUrl, log: () => {} });
    const [declared] = globexLive("campaigns");
    const duplicate = await api.post<{ id: string }>(`/12/accounts/${globex.accountId}/campaigns`, {
      funding_instrument_id: String(declared!.funding_instrument_id), name: String(declared!.name), daily_budget_amount_local_micro: 1_000_000,
    });
    const drifted = await stack.xads(["drift", "--format", "text"], { env: runEnv() });
    expect({ code: drifted.code, stdout: drifted.stdout }).toMatchObject({ code: 1, stdout: expect.stringContaining(String(duplicate.id)) });
    await api.delete(`/12/accounts/${globex.accountId}/campaigns/${duplicate.id}`);
  });

  test("xads import --stack reads the second account through its provider (its address and credentials), not the stack's config", async () => {
    const out = join(stack.dir, "globex.import.json");
    const imported = await stack.xads(["import", "--stack", "dev", "--account", globex.accountId, "--format", "pulumi-import", "--out", out], { env: runEnv() });
    expect({ code: imported.code, stderr: imported.stderr }).toMatchObject({ code: 0 });
    const ids = (JSON.parse(readFileSync(out, "utf8")) as { resources: { type: string; id: string }[] }).resources.filter((r) => r.type === "xads:index:Campaign").map((r) => r.id).sort();
    expect(ids).toEqual(globexLive("campaigns").map((c) => c.id).sort());
  });

  test("no credential of either provider is stored or printed", async () => {
    await expectNoCredentialsIn(stack, [globex.creds]);
  });

  afterAll(async () => {
    await stack?.run(["destroy", "--yes", "--skip-preview"], runEnv());
  });
});
