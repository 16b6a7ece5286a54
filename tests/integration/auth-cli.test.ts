/**
 * `xads auth app-token` run in process (main(argv)) against the emulator,
 * and the getWebhooks data source's reads: the bearer token is cached in a
 * 0600 file, reused, refused when asked for too often, revoked.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../cli";
import { BEARER_MIN_INTERVAL_MS } from "../../emulator/tokens";
import { listWebhooks } from "../../provider/data-sources";
import { gotTransport, Transport } from "../../provider/client/client";
import { bearerCachePath } from "../../provider/platform-auth";
import { setProcessEnv, useEmulator, xadsEnv } from "./fixtures";

const fixture = useEmulator();
const { creds } = fixture;
let cache: string;
let restoreEnv: () => void;

beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), "xads-auth-"));
  // The app's keys only, and the emulator's addresses (the CLI in process reads XADS_*).
  restoreEnv = setProcessEnv({ XDG_CACHE_HOME: cache, ...xadsEnv({ consumerKey: creds.consumerKey, consumerSecret: creds.consumerSecret }, fixture.emu) });
});
afterEach(() => {
  restoreEnv();
  rmSync(cache, { recursive: true, force: true });
});

const app = () => ({ consumerKey: creds.consumerKey, consumerSecret: creds.consumerSecret, baseUrl: fixture.emu.url });

/** Runs the CLI in process: exit code, stdout and the stderr lines. */
async function xads(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string[] }> {
  const stderr: string[] = [];
  let stdout = "";
  const spy = jest.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  try {
    const code = await main(argv, (line) => stderr.push(line));
    return { code, stdout, stderr };
  } finally {
    spy.mockRestore();
  }
}

async function liveBearer(): Promise<string> {
  return (await xads("auth", "app-token", "--show")).stdout.trim();
}

describe("xads auth app-token", () => {
  test("obtains the bearer token, caches it in a 0600 file, prints it only with --show", async () => {
    const first = await xads("auth", "app-token");
    expect(first.code).toBe(0);
    const path = bearerCachePath(app());
    expect(first.stdout).toContain(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, "..")).mode & 0o777).toBe(0o700);
    const token = JSON.parse(readFileSync(path, "utf8")).access_token;
    expect(first.stdout).not.toContain(token);
    // Reused from the cache: no second request, so not "too often".
    const shown = await xads("auth", "app-token", "--show");
    expect(shown).toEqual({ code: 0, stdout: `${token}\n`, stderr: [] });
    // The file name is a hash: the consumer key is in no file name.
    expect(readdirSync(join(path, "..")).join()).not.toContain(creds.consumerKey);
  });

  test("asked for twice too fast: one line with code 99, exit 2, the cache unchanged; later the same token", async () => {
    const token = await liveBearer();
    const before = readFileSync(bearerCachePath(app()), "utf8");
    const again = await xads("auth", "app-token", "--renew");
    expect(again.code).toBe(2);
    expect(again.stderr).toHaveLength(1);
    expect(again.stderr[0]).toMatch(/^xads: the platform could not verify the application's credentials \(code 99\): check the consumer key and secret .*wait a minute and retry$/);
    expect(readFileSync(bearerCachePath(app()), "utf8")).toBe(before);
    fixture.emu.control.advanceAuthClock(BEARER_MIN_INTERVAL_MS / 1000);
    expect((await xads("auth", "app-token", "--renew", "--show")).stdout.trim()).toBe(token);
  });

  test("wrong consumer secret: code 99 line, nothing cached", async () => {
    setProcessEnv(xadsEnv({ consumerSecret: "not-the-secret" }));
    const res = await xads("auth", "app-token");
    expect([res.code, res.stderr.length]).toEqual([2, 1]);
    expect(res.stderr[0]).toMatch(/code 99/);
    expect(res.stderr[0]).not.toContain("not-the-secret");
    expect(existsSync(bearerCachePath(app()))).toBe(false);
  });

  test("--revoke invalidates it and empties the cache; the old token gets 401 code 89, a new one differs", async () => {
    const token = await liveBearer();
    const revoke = await xads("auth", "app-token", "--revoke");
    expect(revoke.code).toBe(0);
    expect(revoke.stdout).toMatch(/Revoked/);
    expect(() => statSync(bearerCachePath(app()))).toThrow();
    const ads = await fetch(`${fixture.emu.url}/12/accounts`, { headers: { authorization: `Bearer ${token}` } });
    expect([ads.status, ((await ads.json()) as { errors: { code: number }[] }).errors[0]!.code]).toEqual([401, 89]);
    fixture.emu.control.advanceAuthClock(BEARER_MIN_INTERVAL_MS / 1000);
    expect(await liveBearer()).not.toBe(token);
  });

  test("no consumer key anywhere: one line saying where to put it", async () => {
    setProcessEnv(xadsEnv({ consumerKey: undefined }));
    const res = await xads("auth", "app-token");
    expect(res).toMatchObject({ code: 2, stderr: [expect.stringMatching(/^xads: the application's consumer key and secret are needed: XADS_CONSUMER_KEY/)] });
  });

  test("--help documents every option", async () => {
    let help = "";
    const spy = jest.spyOn(process.stdout, "write").mockImplementation((c) => ((help += String(c)), true));
    try {
      for (const cmd of ["login", "logout", "app-token"]) await main(["auth", cmd, "--help"], () => {});
    } finally {
      spy.mockRestore();
    }
    for (const option of ["--stack", "--cwd", "--base-url", "--consumer-key", "--consumer-secret", "--pin", "--no-wait", "--force-login", "--screen-name", "--show", "--renew", "--revoke"]) {
      expect(help).toContain(option);
    }
  });
});

describe("getWebhooks reads (listWebhooks)", () => {
  test("lists the webhooks with the app-only token, in SDK names, and caches the token", async () => {
    const hook = fixture.emu.control.addWebhook({ url: "https://hooks.example.com/xads" });
    expect(await listWebhooks(app())).toEqual([{ id: hook.id, url: "https://hooks.example.com/xads", valid: true, createdAt: hook.created_at }]);
    expect(statSync(bearerCachePath(app())).mode & 0o777).toBe(0o600);
    // A second read reuses the cached token: no "too often".
    expect(await listWebhooks(app())).toHaveLength(1);
  });

  test("a cached token revoked elsewhere is replaced once", async () => {
    const revoked = await liveBearer();
    await fetch(`${fixture.emu.url}/oauth2/invalidate_token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${creds.consumerKey}:${creds.consumerSecret}`).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ access_token: JSON.parse(readFileSync(bearerCachePath(app()), "utf8")).access_token }),
    });
    fixture.emu.control.advanceAuthClock(BEARER_MIN_INTERVAL_MS / 1000);
    // What the read sends (the emulator's log holds the Ads API's requests, not these).
    const sent: string[] = [];
    const transport: Transport = async (request) => {
      const res = await gotTransport(request);
      sent.push(`${request.method} ${new URL(request.url).pathname} ${res.statusCode}`);
      return res;
    };
    expect(await listWebhooks({ ...app(), transport })).toEqual([]);
    // Replaced: the cache holds a new token, and it is the one the read used.
    const cached = JSON.parse(readFileSync(bearerCachePath(app()), "utf8")).access_token as string;
    expect(cached).not.toBe(revoked);
    // Once: one new token asked for, and the read refused once (the revoked token), then answered.
    expect(sent).toEqual(["GET /2/webhooks 401", "POST /oauth2/token 200", "GET /2/webhooks 200"]);
  });

  test("wrong keys: the code 99 line, no secret in it", async () => {
    const message = await listWebhooks({ ...app(), consumerSecret: "nope-nope" }).then(() => "listed", (e: Error) => e.message);
    expect(message).toMatch(/^the platform could not verify the application's credentials \(code 99\)/);
    // The name promised no secret in it: neither the wrong secret given nor the key beside it.
    expect(message).not.toContain("nope-nope");
    expect(message).not.toContain(creds.consumerKey);
    expect(message).not.toContain(creds.consumerSecret);
  });
});
