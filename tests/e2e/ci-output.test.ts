/**
 * What a CI pipeline keeps of the GitOps workflows (examples/gitops, README
 * "GitOps"), with the real pulumi CLI, run as the workflows run them: the
 * credentials in the environment (XADS_*), an audience with members.
 * - Pull request: `pulumi preview --json` in both forms the README and the
 *   workflow use (the digest, and the event stream with the policy pack),
 *   written to preview.json, then `xads pr-summary` to summary.md; merge:
 *   `pulumi up --policy-pack`; a second pull request that changes the
 *   members, and its merge; nightly: `xads drift` to drift.md; a preview
 *   with `--debug`. No member hash, no raw identifier and no credential in
 *   any file the steps write (the program folder with the state backend,
 *   PULUMI_HOME with the CLI's automatic logs, gzip ones unpacked, TMPDIR)
 *   nor in anything the CLI and `xads` printed.
 * - `pulumi -v=9` prints no credential when they come from the environment
 *   (with credentials in the stack config it prints them: upstream, README).
 * - Rotation: refresh and destroy use what the environment holds now; with
 *   credentials in the stack config, the ones the last `up` saved, until
 *   `pulumi refresh --run-program`, and the 401 says so.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { randomCredentials, startEmulator } from "../../emulator";
import { ACCOUNT_ID, assertPrepared, CONSUMER, Credentials, Emulator, ResourceSpec, RunResult, Stack } from "./harness";

jest.setTimeout(300_000);

const LAUNCHER = join(CONSUMER, "node_modules", "pulumi-xads", "policy-pack", "run");
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

let emu: Emulator;
let creds: Credentials;
beforeAll(async () => {
  assertPrepared();
  // Made up for this run, so every file and every output can be searched for them.
  creds = randomCredentials();
  emu = await startEmulator({ port: 0, credentials: creds });
});
afterAll(async () => emu?.close());

/** The credentials as CI secrets: the XADS_* variables the provider (and the policy pack) read. */
const credentialEnv = (c: Credentials) => ({
  XADS_CONSUMER_KEY: c.consumerKey, XADS_CONSUMER_SECRET: c.consumerSecret, XADS_ACCESS_TOKEN: c.accessToken, XADS_ACCESS_TOKEN_SECRET: c.accessTokenSecret,
});

/** Runs the installed `xads` in the stack's folder; what it printed joins the stack's transcript. */
function xads(stack: Stack, args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(CONSUMER, "node_modules", ".bin", "xads"), args, { cwd: stack.dir, env: { ...stack.env(), ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      stack.transcript.push(`${stdout}\n${stderr}`);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** Every file below `dir`, as text: gzip files (the CLI's automatic logs before a stack is known) unpacked. */
function filesBelow(dir: string, skip: (path: string) => boolean = () => false): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (skip(path)) return [];
    if (statSync(path).isDirectory()) return filesBelow(path, skip);
    const bytes = readFileSync(path);
    const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
    return [{ path, text: (gzip ? gunzipSync(bytes) : bytes).toString("utf8") }];
  });
}

describe("the GitOps workflows with audience members and credentials from the environment", () => {
  let stack: Stack;
  let home: string;
  const emails = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `Member.${from + i}@Example.org`);
  const optOuts = ["Opted.Out@Example.net", "+44 20 7946 0958"];
  const raws = [...emails(0, 12), ...optOuts];
  const hashes = [...emails(0, 12).map((e) => sha(e.toLowerCase())), sha("opted.out@example.net"), sha("442079460958")];

  const program = (members: [number, number]): ResourceSpec[] => [
    { type: "CustomAudience", name: "newsletter", args: { name: "Newsletter", deletionProtection: false } },
    { type: "CustomAudienceMembers", name: "newsletterUsers", args: { customAudienceId: "${newsletter.id}", users: emails(...members).map((e) => ({ email: [e] })) } },
    { type: "DoNotReachList", name: "optOuts", args: { description: "Opt-outs" } },
    { type: "DoNotReachListMembers", name: "optOutUsers", args: { doNotReachListId: "${optOuts.id}", users: [{ email: [optOuts[0]] }, { phoneNumber: [optOuts[1]] }] } },
  ];

  /** The job's environment: CI secrets as XADS_*, the runner's own PULUMI_HOME and TMPDIR (so every file the CLI writes is found). */
  const ci = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...credentialEnv(creds), PULUMI_HOME: home, TMPDIR: join(stack.dir, "tmp"), ...extra });
  const pulumi = (args: string[], extra: NodeJS.ProcessEnv = {}) => stack.run(args, ci(extra));

  /** The pull request job: both preview forms to preview.json, each summarised to summary.md. */
  async function pullRequest(): Promise<string> {
    const digest = await pulumi(["preview", "--json"]);
    expect(digest).toMatchObject({ code: 0 });
    writeFileSync(join(stack.dir, "preview.json"), digest.stdout);
    expect(await xads(stack, ["pr-summary", "preview.json", "--output", "summary.md"], ci())).toMatchObject({ code: 0 });
    const streamed = await pulumi(["preview", "--json", "--policy-pack", LAUNCHER], { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" });
    expect(streamed).toMatchObject({ code: 0 });
    // The event stream carries the SDK's debug lines: the form that carried the hashes.
    expect(streamed.stdout).toContain('"prefix":"debug: "');
    writeFileSync(join(stack.dir, "preview.json"), streamed.stdout);
    expect(await xads(stack, ["pr-summary", "preview.json", "--output", "summary.md"], ci())).toMatchObject({ code: 0 });
    return readFileSync(join(stack.dir, "summary.md"), "utf8");
  }

  beforeAll(async () => {
    stack = new Stack("ci-output", emu, creds);
    home = join(stack.dir, "pulumi-home");
    mkdirSync(join(stack.dir, "tmp"), { recursive: true });
    stack.writeProgram(program([0, 10]));
    // The committed Pulumi.<stack>.yaml holds the settings that are not secret; the credentials stay in CI secrets.
    for (const args of [["stack", "init", "dev"], ["config", "set", "xads:accountId", ACCOUNT_ID], ["config", "set", "xads:sandbox", "true"], ["config", "set", "xads:sandboxBaseUrl", emu.sandboxUrl]]) {
      expect(await pulumi(args)).toMatchObject({ code: 0 });
    }
  });

  test("pull request, merge, a pull request that changes the members, merge, nightly drift, a preview with --debug", async () => {
    expect(await pullRequest()).toContain("### Changes");
    expect(await pulumi(["up", "--yes", "--policy-pack", LAUNCHER])).toMatchObject({ code: 0 });

    stack.writeProgram(program([2, 12]));
    const summary = await pullRequest();
    expect(summary).toContain("newsletterUsers");
    expect(await pulumi(["up", "--yes", "--policy-pack", LAUNCHER])).toMatchObject({ code: 0 });

    expect(await xads(stack, ["drift", "--stack", "dev", "--format", "markdown", "--output", "drift.md"], ci())).toMatchObject({ code: 0 });
    expect(await pulumi(["preview", "--debug"])).toMatchObject({ code: 0 });

    // The hashes looked for are the ones the platform holds.
    const { newsletterUsers } = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout) as Record<string, string>;
    const held = emu.control.members("sandbox", ACCOUNT_ID, "custom_audiences", newsletterUsers!).map((m) => m.user.email![0]);
    expect(held.sort()).toEqual(emails(2, 12).map((e) => sha(e.toLowerCase())).sort());
  });

  test("no file the steps wrote and nothing they printed holds a member hash, a raw identifier or a credential", () => {
    // The program's own source declares the raw identifiers (they are hashed in the program): only its hashes are looked for there.
    const source = new Set(["index.js", "spec.json"].map((f) => join(stack.dir, f)));
    const files = filesBelow(stack.dir);
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(["preview.json", "summary.md", "drift.md"].map((f) => join(stack.dir, f))));
    expect(files.filter((f) => f.path.startsWith(join(home, "logs"))).length).toBeGreaterThan(0);
    const leaks = [
      ...files.flatMap((f) => hashes.filter((h) => f.text.includes(h)).map((h) => `${f.path}: hash ${h.slice(0, 12)}...`)),
      ...files.filter((f) => !source.has(f.path)).flatMap((f) => raws.filter((r) => f.text.toLowerCase().includes(r.toLowerCase())).map((r) => `${f.path}: ${r}`)),
      ...files.flatMap((f) => Object.entries(creds).filter(([, c]) => f.text.includes(c)).map(([k]) => `${f.path}: ${k}`)),
      ...stack.transcript.flatMap((t, i) => [
        ...[...hashes, ...Object.values(creds)].filter((s) => t.includes(s)),
        ...raws.filter((r) => t.toLowerCase().includes(r.toLowerCase())),
      ].map((s) => `output of command ${i}: ${s.slice(0, 12)}...`)),
    ];
    expect(leaks).toEqual([]);
    // The state keeps no credential at all: none was in the stack config.
    expect(stack.stateFileText()).not.toMatch(/xads:(consumerKey|consumerSecret|accessToken|accessTokenSecret)/);
  });

  test("pulumi -v=9 prints no credential when they come from the environment", async () => {
    const verbose = await pulumi(["preview", "-v=9", "--logtostderr"]);
    expect(verbose).toMatchObject({ code: 0 });
    expect(verbose.stderr.length).toBeGreaterThan(10_000);
    expect(Object.entries(creds).filter(([, c]) => (verbose.stdout + verbose.stderr).includes(c)).map(([k]) => k)).toEqual([]);
  });

  test("refresh and destroy use the credentials the environment holds now: a rotated secret needs nothing else", async () => {
    const stale = await pulumi(["refresh", "--yes"], { XADS_ACCESS_TOKEN_SECRET: "rotated-away" });
    expect(stale.code).not.toBe(0);
    expect(stale.stdout + stale.stderr).toMatch(/401/);
    expect(await pulumi(["refresh", "--yes"])).toMatchObject({ code: 0 });
    expect(await pulumi(["destroy", "--yes"])).toMatchObject({ code: 0 });
    expect(emu.control.entities("sandbox", ACCOUNT_ID, "custom_audiences")).toEqual([]);
  });
});

describe("a credential rotated in the stack config", () => {
  let stack: Stack;

  /** The user approves on the emulator's authorize page (its form, no browser): the PIN it shows. */
  async function approve(url: string): Promise<string> {
    const token = new URL(url).searchParams.get("oauth_token")!;
    const res = await fetch(`${emu.url}/oauth/authorize`, { method: "POST", body: new URLSearchParams({ oauth_token: token, allow: "Authorize app" }) });
    return /<code id="oauth_pin">(\d+)<\/code>/.exec(await res.text())![1]!;
  }

  beforeAll(async () => {
    stack = new Stack("ci-rotation", emu, creds);
    stack.writeProgram([{ type: "CustomAudience", name: "newsletter", args: { name: "Rotation", deletionProtection: false } }]);
    await stack.init();
    await stack.must(["config", "set", "xads:platformBaseUrl", emu.url]);
    expect(await stack.up()).toMatchObject({ code: 0 });
    // The rotation: the old access token revoked (logout), a new one stored as stack secrets (login).
    expect(await xads(stack, ["auth", "logout", "--stack", "dev"])).toMatchObject({ code: 0 });
    const started = await xads(stack, ["auth", "login", "--stack", "dev", "--no-wait"]);
    const pin = await approve(/(http\S+\/oauth\/authorize\?\S+)/.exec(started.stdout)![1]!);
    expect(await xads(stack, ["auth", "login", "--stack", "dev", "--pin", pin])).toMatchObject({ code: 0 });
  });

  test("refresh still signs with the revoked token the state saved at the last up, and the error says what to run", async () => {
    const refresh = await stack.run(["refresh", "--yes"]);
    expect(refresh.code).not.toBe(0);
    expect(refresh.stdout + refresh.stderr).toContain("401 89");
    expect(refresh.stdout + refresh.stderr).toContain("If the credentials were rotated in the stack config since the last pulumi up: "
      + "refresh and destroy use the ones the state saved then. Run pulumi refresh --run-program (or pulumi up) once");
    // pulumi up, the other way out, would replace nothing: the new configuration is no change of a resource.
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  });

  test("pulumi refresh --run-program once: later refreshes and destroy use the new token, and nothing is replaced", async () => {
    expect(await stack.run(["refresh", "--yes", "--run-program"])).toMatchObject({ code: 0 });
    expect(await stack.run(["refresh", "--yes"])).toMatchObject({ code: 0 });
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
    expect(await stack.run(["destroy", "--yes"])).toMatchObject({ code: 0 });
    expect(emu.control.entities("sandbox", ACCOUNT_ID, "custom_audiences").filter((a) => a.name === "Rotation")).toEqual([]);
  });
});
