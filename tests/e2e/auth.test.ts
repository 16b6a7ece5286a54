/**
 * `xads auth` as a user runs it (the installed package's bin, the real
 * pulumi CLI through the Automation API) against the emulator: login with a
 * PIN stores the credentials as stack secrets, `pulumi up` works with them
 * (and getWebhooks with the app-only token), a wrong PIN and an expired
 * request token leave the config byte for byte, logout revokes the token.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AdsClient, AdsApiError } from "../../provider/client";
import { REQUEST_TOKEN_LIFETIME_MS } from "../../emulator/tokens";
import { approveOnAuthorizePage, RunResult, Stack, useStackEmulator, xadsEnv } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;
let cache: string;
const HOOK = "https://hooks.example.com/xads";

beforeAll(async () => {
  stack = e2e.stack("auth");
  cache = mkdtempSync(join(tmpdir(), "xads-e2e-auth-"));
  writeFileSync(join(stack.dir, "Pulumi.yaml"), "name: auth\nruntime: nodejs\ndescription: xads auth e2e\n");
  writeFileSync(join(stack.dir, "index.js"), [
    `const xads = require("pulumi-xads");`,
    `const usd = new xads.FundingInstrument("usd", { currency: "USD", startTime: "2026-01-01T00:00:00Z" });`,
    `exports.usd = usd.id;`,
    `exports.webhookValid = xads.getWebhooks({ url: ${JSON.stringify(HOOK)} }).then((h) => h.length === 1 && h[0].valid);`,
  ].join("\n"));
  // No credential in the config yet: login brings them.
  await stack.init({ credentials: false });
  await stack.must(["config", "set", "xads:platformBaseUrl", e2e.emu.url]);
});
afterAll(() => {
  if (cache) rmSync(cache, { recursive: true, force: true });
});

const configFile = () => join(stack.dir, "Pulumi.dev.yaml");

/**
 * `xads ...` as in a user's shell (pulumi on PATH, the backend, the app's
 * keys in XADS_*, a private cache), in the stack's folder. With `onUrl`, the
 * authorize URL it prints is passed on and what it answers is typed in as
 * the PIN.
 */
function xads(args: string[], onUrl?: (url: string) => Promise<string>): Promise<RunResult> {
  const appKeys = xadsEnv({ consumerKey: e2e.creds.consumerKey, consumerSecret: e2e.creds.consumerSecret });
  return stack.xads(args, { env: { XDG_CACHE_HOME: cache, ...appKeys }, onUrl });
}

/** The user approves on the authorize page: the PIN it shows. */
const approve = (url: string) => approveOnAuthorizePage(e2e.emu, url);

async function configValue(key: string): Promise<string> {
  return (await stack.must(["config", "get", key])).stdout.trim();
}

/** `xads auth login --no-wait`, then the approval: the authorize URL's PIN. */
async function startLogin(): Promise<string> {
  const started = await xads(["auth", "login", "--stack", "dev", "--no-wait"]);
  expect(started).toMatchObject({ code: 0, stdout: expect.stringContaining("--pin <PIN>") });
  return approve(/(http\S+\/oauth\/authorize\?\S+)/.exec(started.stdout)![1]);
}

test("login with a PIN stores the token and the app's keys as secrets: only ciphertext in Pulumi.dev.yaml", async () => {
  const res = await xads(["auth", "login", "--stack", "dev"], approve);
  expect(res).toMatchObject({ code: 0, stdout: expect.stringContaining("Logged in as @xads_demo") });
  const yaml = readFileSync(configFile(), "utf8");
  const token = await configValue("xads:accessToken");
  const secret = await configValue("xads:accessTokenSecret");
  expect(token).toMatch(/^756201191646691328-/);
  for (const key of ["accessToken", "accessTokenSecret", "consumerKey", "consumerSecret"]) {
    expect(yaml).toMatch(new RegExp(`xads:${key}:\\n\\s+secure: v1:`));
  }
  for (const plain of [token, secret, e2e.creds.consumerKey, e2e.creds.consumerSecret]) {
    expect(yaml).not.toContain(plain);
    expect(res.stdout + res.stderr).not.toContain(plain);
  }
});

test("pulumi up works with the stored credentials, and getWebhooks sees the registered webhook", async () => {
  e2e.emu.control.addWebhook({ url: HOOK });
  // Stack.env() carries no XADS_* credential: everything comes from the stack's config.
  const up = await stack.run(["up", "--yes", "--skip-preview"], { XDG_CACHE_HOME: cache });
  expect(up).toMatchObject({ code: 0 });
  const outputs = await stack.outputs();
  expect(outputs.webhookValid).toBe(true);
  expect(e2e.live("funding_instruments").map((f) => f.id)).toContain(outputs.usd);
  expect(stack.stateFileText()).not.toContain(await configValue("xads:accessTokenSecret"));
});

test("a wrong PIN: one line, non-zero exit, the config file unchanged byte for byte", async () => {
  const before = readFileSync(configFile());
  const pin = await startLogin();
  const res = await xads(["auth", "login", "--stack", "dev", "--pin", pin === "0000000" ? "1111111" : "0000000"]);
  expect(res.code).toBe(2);
  expect(res.stderr).toBe("xads: the PIN was not accepted: check it (the digits on the authorize page), or run xads auth login again for a new one\n");
  expect(readFileSync(configFile()).equals(before)).toBe(true);
});

test("an expired request token: one line, non-zero exit, the config file unchanged byte for byte", async () => {
  const before = readFileSync(configFile());
  const pin = await startLogin();
  e2e.emu.control.advanceAuthClock(REQUEST_TOKEN_LIFETIME_MS / 1000 + 1);
  const res = await xads(["auth", "login", "--stack", "dev", "--pin", pin]);
  expect(res.code).toBe(2);
  expect(res.stderr).toBe("xads: the request token expired or was already used: run xads auth login again for a new authorize URL and PIN\n");
  expect(readFileSync(configFile()).equals(before)).toBe(true);
});

test("logout revokes the token and removes it from the config; the old token then gets 401 code 89", async () => {
  const old = { ...e2e.creds, accessToken: await configValue("xads:accessToken"), accessTokenSecret: await configValue("xads:accessTokenSecret") };
  const res = await xads(["auth", "logout", "--stack", "dev"]);
  expect(res).toMatchObject({ code: 0, stdout: expect.stringContaining("Revoked the access token") });
  const yaml = readFileSync(configFile(), "utf8");
  expect(yaml).not.toMatch(/xads:accessToken/);
  expect(yaml).toMatch(/xads:consumerKey:\n\s+secure:/);
  const client = new AdsClient({ credentials: old, baseUrl: e2e.emu.sandboxUrl, log: () => {} });
  const err = await client.get("/12/accounts").catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AdsApiError);
  expect(err).toMatchObject({ status: 401, code: 89 });
});
