/**
 * What a CI pipeline keeps of the GitOps workflows (examples/gitops,
 * docs/gitops.md), with the real pulumi CLI, run as the workflows run them: the
 * credentials in the environment (XADS_*), an audience with members.
 * - Pull request: `pulumi preview --json` in both forms docs/gitops.md and the
 *   workflow use (the digest, and the event stream with the policy pack),
 *   written to preview.json, then `xads pr-summary` to summary.md; merge:
 *   `pulumi up --policy-pack`; a second pull request that changes the
 *   members, and its merge; nightly: `xads drift` to drift.md; a preview
 *   with `--debug`. No member hash, no raw identifier and no credential in
 *   any file the steps write (the program folder with the state backend,
 *   PULUMI_HOME with the CLI's automatic logs, gzip ones unpacked, TMPDIR)
 *   nor in anything the CLI and `xads` printed.
 * - `pulumi -v=9` prints no credential when they come from the environment
 *   (with credentials in the stack config it prints them: upstream, docs/operations.md).
 * - Rotation: refresh and destroy use what the environment holds now; with
 *   credentials in the stack config, the ones the last `up` saved, until
 *   `pulumi refresh --run-program`, and the 401 says so (an address changed
 *   in the stack config: tests/e2e/stack-config.test.ts).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, approveOnAuthorizePage, filesBelow, POLICY_PACK, ProgramResource, Stack, useStackEmulator, xadsEnv } from "./harness";

jest.setTimeout(300_000);

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

// Credentials made up for this run, so every file and every output can be searched for them.
const e2e = useStackEmulator();

describe("the GitOps workflows with audience members and credentials from the environment", () => {
  let stack: Stack;
  let home: string;
  const emails = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `Member.${from + i}@Example.org`);
  const optOuts = ["Opted.Out@Example.net", "+44 20 7946 0958"];
  const raws = [...emails(0, 12), ...optOuts];
  const hashes = [...emails(0, 12).map((e) => sha(e.toLowerCase())), sha("opted.out@example.net"), sha("442079460958")];

  const program = (members: [number, number]): ProgramResource[] => [
    { type: "CustomAudience", name: "newsletter", args: { name: "Newsletter", deletionProtection: false } },
    { type: "CustomAudienceMembers", name: "newsletterUsers", args: { customAudienceId: "${newsletter.id}", users: emails(...members).map((e) => ({ email: [e] })) } },
    { type: "DoNotReachList", name: "optOuts", args: { description: "Opt-outs" } },
    { type: "DoNotReachListMembers", name: "optOutUsers", args: { doNotReachListId: "${optOuts.id}", users: [{ email: [optOuts[0]] }, { phoneNumber: [optOuts[1]] }] } },
  ];

  /** The job's environment: CI secrets as XADS_*, the runner's own PULUMI_HOME and TMPDIR (so every file the CLI writes is found). */
  const ci = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...xadsEnv(e2e.creds), PULUMI_HOME: home, TMPDIR: join(stack.dir, "tmp"), ...extra });
  const pulumi = (args: string[], extra: NodeJS.ProcessEnv = {}) => stack.run(args, ci(extra));

  /** The pull request job: both preview forms to preview.json, each summarised to summary.md. */
  async function pullRequest(): Promise<string> {
    const digest = await pulumi(["preview", "--json"]);
    expect(digest).toMatchObject({ code: 0 });
    writeFileSync(join(stack.dir, "preview.json"), digest.stdout);
    expect(await stack.xads(["pr-summary", "preview.json", "--output", "summary.md"], { env: ci() })).toMatchObject({ code: 0 });
    const streamed = await pulumi(["preview", "--json", "--policy-pack", POLICY_PACK], { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" });
    expect(streamed).toMatchObject({ code: 0 });
    // The event stream carries the SDK's debug lines: the form that carried the hashes.
    expect(streamed.stdout).toContain('"prefix":"debug: "');
    writeFileSync(join(stack.dir, "preview.json"), streamed.stdout);
    expect(await stack.xads(["pr-summary", "preview.json", "--output", "summary.md"], { env: ci() })).toMatchObject({ code: 0 });
    return readFileSync(join(stack.dir, "summary.md"), "utf8");
  }

  beforeAll(async () => {
    stack = e2e.stack("ci-output");
    home = join(stack.dir, "pulumi-home");
    mkdirSync(join(stack.dir, "tmp"), { recursive: true });
    stack.writeProgram(program([0, 10]));
    // The committed Pulumi.<stack>.yaml holds the settings that are not secret; the credentials stay in CI secrets.
    for (const args of [["stack", "init", "dev"], ["config", "set", "xads:accountId", ACCOUNT_ID], ["config", "set", "xads:sandbox", "true"], ["config", "set", "xads:sandboxBaseUrl", e2e.emu.sandboxUrl]]) {
      expect(await pulumi(args)).toMatchObject({ code: 0 });
    }
  });

  test("pull request, merge, a pull request that changes the members, merge, nightly drift, a preview with --debug", async () => {
    expect(await pullRequest()).toContain("### Changes");
    expect(await pulumi(["up", "--yes", "--policy-pack", POLICY_PACK])).toMatchObject({ code: 0 });

    stack.writeProgram(program([2, 12]));
    const summary = await pullRequest();
    expect(summary).toContain("newsletterUsers");
    expect(await pulumi(["up", "--yes", "--policy-pack", POLICY_PACK])).toMatchObject({ code: 0 });

    expect(await stack.xads(["drift", "--stack", "dev", "--format", "markdown", "--output", "drift.md"], { env: ci() })).toMatchObject({ code: 0 });
    expect(await pulumi(["preview", "--debug"])).toMatchObject({ code: 0 });

    // The hashes looked for are the ones the platform holds.
    const { newsletterUsers } = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout) as Record<string, string>;
    const held = e2e.emu.control.members("sandbox", ACCOUNT_ID, "custom_audiences", newsletterUsers!).map((m) => m.user.email![0]);
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
      ...files.flatMap((f) => Object.entries(e2e.creds).filter(([, c]) => f.text.includes(c)).map(([k]) => `${f.path}: ${k}`)),
      ...stack.transcript.flatMap((t, i) => [
        ...[...hashes, ...Object.values(e2e.creds)].filter((s) => t.includes(s)),
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
    expect(Object.entries(e2e.creds).filter(([, c]) => (verbose.stdout + verbose.stderr).includes(c)).map(([k]) => k)).toEqual([]);
  });

  test("refresh and destroy use the credentials the environment holds now: a rotated secret needs nothing else", async () => {
    const stale = await pulumi(["refresh", "--yes"], { XADS_ACCESS_TOKEN_SECRET: "rotated-away" });
    expect(stale.code).not.toBe(0);
    expect(stale.stdout + stale.stderr).toMatch(/401/);
    expect(await pulumi(["refresh", "--yes"])).toMatchObject({ code: 0 });
    expect(await pulumi(["destroy", "--yes"])).toMatchObject({ code: 0 });
    expect(e2e.emu.control.entities("sandbox", ACCOUNT_ID, "custom_audiences")).toEqual([]);
  });
});

describe("a credential rotated in the stack config", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = e2e.stack("ci-rotation");
    stack.writeProgram([{ type: "CustomAudience", name: "newsletter", args: { name: "Rotation", deletionProtection: false } }]);
    await stack.init();
    await stack.must(["config", "set", "xads:platformBaseUrl", e2e.emu.url]);
    expect(await stack.up()).toMatchObject({ code: 0 });
    // The rotation: the old access token revoked (logout), a new one stored as stack secrets (login).
    expect(await stack.xads(["auth", "logout", "--stack", "dev"])).toMatchObject({ code: 0 });
    expect(await stack.xads(["auth", "login", "--stack", "dev"], { onUrl: (url) => approveOnAuthorizePage(e2e.emu, url) })).toMatchObject({ code: 0 });
  });

  test("refresh still signs with the revoked token the state saved at the last up, and the error says what to run", async () => {
    const refresh = await stack.run(["refresh", "--yes"]);
    expect(refresh.code).not.toBe(0);
    expect(refresh.stdout + refresh.stderr).toContain("401 89");
    expect(refresh.stdout + refresh.stderr).toContain("pulumi refresh and destroy do not run the program: the state holds the configuration "
      + "of the last pulumi up, and they use it. If the stack config has changed since (an address, rotated credentials), run pulumi refresh --run-program once");
    // pulumi up, the other way out, would replace nothing: the new configuration is no change of a resource.
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  });

  test("pulumi refresh --run-program once: later refreshes and destroy use the new token, and nothing is replaced", async () => {
    expect(await stack.run(["refresh", "--yes", "--run-program"])).toMatchObject({ code: 0 });
    expect(await stack.run(["refresh", "--yes"])).toMatchObject({ code: 0 });
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
    expect(await stack.run(["destroy", "--yes"])).toMatchObject({ code: 0 });
    expect(e2e.emu.control.entities("sandbox", ACCOUNT_ID, "custom_audiences").filter((a) => a.name === "Rotation")).toEqual([]);
  });
});
