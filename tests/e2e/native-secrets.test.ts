/**
 * No credential and no audience member, raw or hashed, in anything a stack
 * of the provider plugin leaves behind or prints (docs/operations.md,
 * "Secrets in CI output"), whichever language declares it: a TypeScript
 * program on `pulumi-xads/native` and a YAML program, each with two explicit
 * providers for two accounts on two emulators (8 credentials in all): one
 * provider's credentials reach it as plain strings from the environment
 * (`process.env` in TypeScript; in YAML a provider without credential
 * properties, which reads XADS_*), the other's from secret stack config. An
 * audience's members (raw e-mails in TypeScript, hashed in the program as
 * the dynamic class does; hashes in YAML, which cannot hash) change between
 * updates. Every command a pipeline may run: preview, up, `--diff`,
 * `--debug`, both `preview --json` forms, refresh, destroy; then the state
 * with its backups and history, PULUMI_HOME (gzip logs unpacked), TMPDIR,
 * `pulumi stack export`, Pulumi.<stack>.yaml and everything printed are
 * searched (the YAML stack on the PostgreSQL backend: its rows).
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import {
  ACCOUNT_ID, CREDENTIAL_KEYS, Credentials, Emulator, ExportedResource, filesBelow, output, postgres, usePostgres, RunResult, Stack, startStackEmulator, urnName, useStackEmulator, xadsEnv,
} from "./harness";

jest.setTimeout(900_000);

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const CIPHERTEXT = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", ciphertext: expect.any(String) };

// The YAML stack's state is on the PostgreSQL backend (scenario): without it the file is skipped, under CI failed.
usePostgres();
// acme: the harness's emulator, credentials as plain strings from the environment.
const e2e = useStackEmulator();
// globex: a second emulator with credentials of its own, from secret stack config.
let globex: { emu: Emulator; creds: Credentials; accountId: string };
beforeAll(async () => {
  const started = await startStackEmulator();
  globex = { ...started, accountId: started.emu.control.createAccount("sandbox").id };
});
afterAll(async () => globex?.emu.close());

/** The members of version [from, to): raw e-mails, as a CRM exports them (mixed case, spaces). */
const emails = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ` Member.${from + i}@Example.org`);
const OPT_OUT = { email: "Opted.Out@Example.net", phoneNumber: "+44 20 7946 0958" };
const RAWS = [...emails(0, 7).map((e) => e.trim()), OPT_OUT.email, OPT_OUT.phoneNumber];
const HASHES = [...emails(0, 7).map((e) => sha(e.trim().toLowerCase())), sha("opted.out@example.net"), sha("442079460958")];
const credentialsOfBoth = () => [...Object.entries(e2e.creds).map(([k, v]) => [`acme ${k}`, v]), ...Object.entries(globex.creds).map(([k, v]) => [`globex ${k}`, v])] as [string, string][];

/** The TypeScript program: a provider per account (acme's credentials from process.env as plain strings, globex's from secret config). */
function nativeProgram(members: [number, number]): string {
  return `import * as pulumi from "@pulumi/pulumi";
import * as xads from "pulumi-xads/native";

const config = new pulumi.Config();
const keys = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;
const acme = new xads.Provider("acme", {
  sandbox: true, sandboxBaseUrl: ${JSON.stringify(e2e.emu.sandboxUrl)}, accountId: ${JSON.stringify(ACCOUNT_ID)},
  ...Object.fromEntries(keys.map((k) => [k, process.env[\`E2E_ACME_\${k}\`]!])),
});
const globex = new xads.Provider("globex", {
  sandbox: true, sandboxBaseUrl: ${JSON.stringify(globex.emu.sandboxUrl)}, accountId: ${JSON.stringify(globex.accountId)},
  ...Object.fromEntries(keys.map((k) => [k, config.requireSecret(\`globex_\${k}\`)])),
});
for (const [name, provider] of [["acme", acme], ["globex", globex]] as const) {
  const funding = new xads.FundingInstrument(\`\${name}-funding\`, { currency: "USD", startTime: "2026-01-01T00:00:00Z" }, { provider });
  new xads.Campaign(\`\${name}-campaign\`, { fundingInstrumentId: funding.id, name: \`Sale of \${name}\`, dailyBudgetAmountLocalMicro: 10_000_000, deletionProtection: false }, { provider });
}
const newsletter = new xads.CustomAudience("newsletter", { name: "Newsletter", deletionProtection: false }, { provider: acme });
new xads.CustomAudienceMembers("newsletter-users", {
  customAudienceId: newsletter.id,
  users: ${JSON.stringify(emails(...members))}.map((e) => ({ email: [e] })),
}, { provider: acme });
const optOuts = new xads.DoNotReachList("opt-outs", { description: "Opt-outs" }, { provider: globex });
new xads.DoNotReachListMembers("opt-out-users", {
  doNotReachListId: optOuts.id,
  users: [{ email: [${JSON.stringify(OPT_OUT.email)}] }, { phoneNumber: [${JSON.stringify(OPT_OUT.phoneNumber)}] }],
}, { provider: globex });
`;
}

/** The YAML program: acme without credential properties (the plugin reads XADS_*), globex's from secret config; members as hashes. */
function yamlProgram(members: [number, number]): string {
  const resource = (name: string, type: string, provider: string, properties: string) => `  ${name}:
    type: ${type}
    properties:
${properties.split("\n").map((l) => `      ${l}`).join("\n")}
    options:
      provider: \${${provider}}`;
  const accounts = ["acme", "globex"].map((a) => [
    resource(`${a}-funding`, "xads:index:FundingInstrument", a, `currency: USD\nstartTime: "2026-01-01T00:00:00Z"`),
    resource(`${a}-campaign`, "xads:index:Campaign", a, `fundingInstrumentId: \${${a}-funding.id}\nname: Sale of ${a}\ndailyBudgetAmountLocalMicro: 10000000\ndeletionProtection: false`),
  ].join("\n")).join("\n");
  const users = emails(...members).map((e) => `  - email: [${sha(e.trim().toLowerCase())}]`).join("\n");
  return `config:
${CREDENTIAL_KEYS.map((k) => `  globex_${k}:\n    type: string\n    secret: true`).join("\n")}
resources:
  acme:
    type: pulumi:providers:xads
    properties:
      sandbox: true
      sandboxBaseUrl: ${e2e.emu.sandboxUrl}
      accountId: ${ACCOUNT_ID}
  globex:
    type: pulumi:providers:xads
    properties:
      sandbox: true
      sandboxBaseUrl: ${globex.emu.sandboxUrl}
      accountId: ${globex.accountId}
${CREDENTIAL_KEYS.map((k) => `      ${k}: \${globex_${k}}`).join("\n")}
${accounts}
${resource("newsletter", "xads:index:CustomAudience", "acme", "name: Newsletter\ndeletionProtection: false")}
${resource("newsletter-users", "xads:index:CustomAudienceMembers", "acme", `customAudienceId: \${newsletter.id}\nusers:\n${users}`)}
${resource("opt-outs", "xads:index:DoNotReachList", "globex", "description: Opt-outs")}
${resource("opt-out-users", "xads:index:DoNotReachListMembers", "globex", `doNotReachListId: \${opt-outs.id}\nusers:\n  - email: [${sha("opted.out@example.net")}]\n  - phoneNumber: [${sha("442079460958")}]`)}
`;
}

interface Scenario {
  stack: Stack;
  /** The program's own source, which declares the members (raw in TypeScript, hashed in YAML). */
  source: string[];
  /** What `pulumi stack export` showed along the way (the last one is empty: after destroy). */
  exports: string[];
  /** The state's resources after the first up. */
  deployed: ExportedResource[];
  /** The streamed `preview --json` (the event stream a pull request keeps). */
  streamed: string;
  debug: string;
  /** `preview --diff` of the first change of the members. */
  diff: string;
  /** The hashes the platform held after the third version was applied. */
  held: string[];
}

/**
 * Runs every command of the scenario on a stack of `kind`: preview, up, a
 * change of the members previewed with --diff and applied with up --diff,
 * another previewed and applied with --debug, a third previewed with both
 * --json forms, refresh, destroy. `env` is acme's credentials as the
 * program or plugin reads them.
 */
async function scenario(kind: "native" | "yaml"): Promise<Scenario> {
  // The YAML stack on the shared PostgreSQL backend a team's pipelines use (its rows searched below), the native one on a file backend.
  if (kind === "yaml") postgres("start", "--owner", "harness");
  const stack = kind === "yaml" ? new Stack(`secrets-${kind}`, e2e.emu, e2e.creds, "postgres") : e2e.stack(`secrets-${kind}`);
  const home = join(stack.dir, "pulumi-home");
  mkdirSync(join(stack.dir, "tmp"), { recursive: true });
  const acmeEnv = kind === "native"
    ? Object.fromEntries(CREDENTIAL_KEYS.map((k) => [`E2E_ACME_${k}`, e2e.creds[k]]))
    : xadsEnv(e2e.creds);
  // The runner's own PULUMI_HOME and TMPDIR, so every file the CLI writes is searched.
  const env = { ...acmeEnv, PULUMI_HOME: home, TMPDIR: join(stack.dir, "tmp") };
  const write = (members: [number, number]) => (kind === "native" ? stack.writeNativeProgram(nativeProgram(members)) : stack.writeYamlProgram(yamlProgram(members)));
  const must = async (args: string[], extra: NodeJS.ProcessEnv = {}): Promise<RunResult> => {
    const r = await stack.run(args, { ...env, ...extra });
    expect({ command: args.join(" "), code: r.code, output: r.code === 0 ? "" : output(r) }).toEqual({ command: args.join(" "), code: 0, output: "" });
    return r;
  };
  const exports: string[] = [];
  const exported = async () => exports.push((await must(["stack", "export"])).stdout);

  write([0, 4]);
  await must(["stack", "init", "dev"]);
  for (const k of CREDENTIAL_KEYS) {
    const r = await stack.run(["config", "set", "--secret", `globex_${k}`], env, globex.creds[k]);
    expect(r.code).toBe(0);
  }
  await must(["preview"]);
  await must(["up", "--yes", "--skip-preview"]);
  await exported();
  const deployed = (JSON.parse(exports[0]!).deployment.resources ?? []) as ExportedResource[];
  await must(["preview", "--diff", "--expect-no-changes"]);

  write([1, 5]);
  const diff = output(await must(["preview", "--diff"]));
  await must(["up", "--yes", "--diff"]);
  await exported();

  write([2, 6]);
  const debug = output(await must(["preview", "--debug"]));
  await must(["up", "--yes", "--debug"]);
  const audienceId = deployed.find((r) => urnName(r.urn) === "newsletter")!.id!;
  const held = e2e.emu.control.members("sandbox", ACCOUNT_ID, "custom_audiences", audienceId).map((m) => m.user.email![0]!);

  write([3, 7]);
  const digest = await must(["preview", "--json"]);
  writeFileSync(join(stack.dir, "preview.json"), digest.stdout);
  const streamed = (await must(["preview", "--json"], { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" })).stdout;
  writeFileSync(join(stack.dir, "preview-stream.json"), streamed);
  await must(["refresh", "--yes"]);
  await exported();
  await must(["destroy", "--yes"]);
  await exported();
  return { stack, source: [join(stack.dir, kind === "native" ? "index.ts" : "Pulumi.yaml")], exports, deployed, streamed, debug, held, diff };
}

/** Every row of a postgres backend's database (the stack, its backups, its history, locks), decoded: the backend stores each file base64-encoded. */
function backendRows(stack: Stack): { place: string; text: string }[] {
  if (stack.backendKind !== "postgres") return [];
  const rows = postgres("psql", stack.database, "-At", "-F", "\t", "-c", "SELECT key, data->>'data' FROM pulumi_state").split("\n").filter(Boolean);
  return rows.map((row) => {
    const [key, data] = row.split("\t");
    const bytes = Buffer.from(data ?? "", "base64");
    return { place: `postgres row ${key}`, text: (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString("utf8") };
  });
}

/** Where a secret is in plain text: each place named with what it holds (never the value). */
function leaks(s: Scenario): string[] {
  const places: { place: string; text: string; source?: boolean }[] = [
    ...filesBelow(s.stack.dir).map((f) => ({ place: f.path.slice(s.stack.dir.length + 1), text: f.text, source: s.source.includes(f.path) })),
    ...backendRows(s.stack),
    ...s.exports.map((text, i) => ({ place: `pulumi stack export ${i}`, text })),
    ...s.stack.transcript.map((text, i) => ({ place: `output of command ${i}`, text })),
  ];
  const found: string[] = [];
  for (const { place, text, source } of places) {
    for (const [name, value] of credentialsOfBoth()) if (text.includes(value)) found.push(`${place}: ${name}`);
    // The program's source declares the members: only elsewhere are they looked for.
    if (source) continue;
    HASHES.forEach((h, i) => { if (text.includes(h)) found.push(`${place}: hash of member ${i}`); });
    RAWS.forEach((r, i) => { if (text.toLowerCase().includes(r.toLowerCase())) found.push(`${place}: raw member ${i}`); });
  }
  return found;
}

function expectCiphertextState(resources: ExportedResource[]): void {
  const byName = (name: string) => resources.find((r) => urnName(r.urn) === name)!;
  for (const name of ["newsletter-users", "opt-out-users"]) {
    expect({ name, users: byName(name).inputs?.users }).toEqual({ name, users: CIPHERTEXT });
    if (byName(name).outputs?.users !== undefined) expect({ name, users: byName(name).outputs!.users }).toEqual({ name, users: CIPHERTEXT });
  }
  for (const k of CREDENTIAL_KEYS) expect({ k, value: byName("globex").inputs?.[k] }).toEqual({ k, value: CIPHERTEXT });
}

describe.each(["native", "yaml"] as const)("a %s program with two providers, one with credentials as plain strings from the environment", (kind) => {
  let run: Scenario;

  beforeAll(async () => {
    if (kind === "native") expect(new Set(credentialsOfBoth().map(([, v]) => v)).size).toBe(8);
    run = await scenario(kind);
  });

  test("every command succeeds; each provider's resources are in its own account and the members the platform held were the hashes", () => {
    expect(run.deployed.filter((r) => r.type === "xads:index:Campaign").map((r) => urnName(r.urn)).sort()).toEqual(["acme-campaign", "globex-campaign"]);
    expect(run.held.sort()).toEqual(emails(2, 6).map((e) => sha(e.trim().toLowerCase())).sort());
    // Destroy removed them.
    expect(e2e.live("campaigns")).toEqual([]);
    expect(globex.emu.control.entities("sandbox", globex.accountId, "campaigns")).toEqual([]);
  });

  test("the state holds the members and the secret-config credentials as ciphertext", () => {
    expectCiphertextState(run.deployed);
    if (kind === "native") for (const k of CREDENTIAL_KEYS) expect(run.deployed.find((r) => urnName(r.urn) === "acme")!.inputs?.[k]).toEqual(CIPHERTEXT);
  });

  test("preview --diff shows a change of the members as counts, the users as [secret]", () => {
    expect(run.diff).toMatch(/~ xads:index:CustomAudienceMembers: \(update\)[\s\S]*?~ memberChanges\s*: "\+4 -0 \(4 members\)" => "\+1 -1 \(4 members\)"/);
    expect(run.diff).toMatch(/~ users\s*: \[secret\] => \[secret\]/);
  });

  test("no credential, no member hash and no raw member in any file, state backup, log, export or output", () => {
    if (kind === "native") {
      // The forms that carried them: the SDK's debug lines, in the event stream and with --debug.
      expect(run.streamed).toContain('"prefix":"debug: "');
      expect(run.debug).toContain("RegisterResource RPC finished");
    }
    // The state's history is searched too: a file backend's folder, or the postgres backend's rows.
    const history = [...filesBelow(run.stack.dir).map((f) => f.path), ...backendRows(run.stack).map((r) => r.place)].filter((p) => p.includes(".pulumi/history/"));
    expect(history.length).toBeGreaterThan(0);
    expect(leaks(run)).toEqual([]);
  });
});
