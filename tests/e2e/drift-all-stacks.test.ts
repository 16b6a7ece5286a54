/**
 * `xads drift --all-stacks` with the real pulumi CLI against the emulator:
 * one project, one stack per ads account (docs/gitops.md "Many accounts").
 * - No edits: exit 0, every stack in the summary with no drift.
 * - A budget edited in the ads UI of one account: exit 1, one report whose
 *   summary names that stack alone as drifted and whose section shows the
 *   field; the other stack's section says it matches. The same while
 *   another run's update holds the stack's lock: a drift check takes none.
 * - A stack whose credentials the platform refuses: exit 2, the report still
 *   covers the other stacks and names the failure.
 * - The same ads-UI editor in two accounts is looked up once a run.
 * - A project without stacks: exit 2, saying how to make one.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();

describe("a project with one stack per ads account", () => {
  let stack: Stack;
  let otherAccount: string;
  const ids: Record<string, Record<string, string>> = {};

  const program: ProgramResource[] = [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "spring", args: { fundingInstrumentId: "${usd.id}", name: "Spring sale", dailyBudgetAmountLocalMicro: 50_000_000, deletionProtection: false } },
  ];

  /** `pulumi stack init` of a stack on `account`, its credentials as secrets (on stdin), then its `up`. */
  async function addStack(name: string, account: string): Promise<void> {
    await stack.must(["stack", "init", name]);
    for (const [key, value] of [["xads:accountId", account], ["xads:sandbox", "true"], ["xads:sandboxBaseUrl", e2e.emu.sandboxUrl]]) {
      await stack.must(["config", "set", "--stack", name, key!, value!]);
    }
    for (const [k, v] of Object.entries(e2e.creds)) await stack.must(["config", "set", "--stack", name, "--secret", `xads:${k}`], v);
    expect(await stack.run(["up", "--stack", name, "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
    ids[name] = JSON.parse((await stack.must(["stack", "output", "--stack", name, "--json"])).stdout);
  }

  beforeAll(async () => {
    stack = e2e.stack("drift-all-stacks");
    stack.writeProgram(program);
    otherAccount = e2e.emu.control.createAccount("sandbox", { name: "Globex" }).id;
    await addStack("acme", ACCOUNT_ID);
    await addStack("globex", otherAccount);
  });

  test("with no edit in any account it exits 0 and lists every stack with no drift", async () => {
    const r = await stack.xads(["drift", "--all-stacks", "--format", "json"]);
    expect(r).toMatchObject({ code: 0 });
    expect(JSON.parse(r.stdout)).toMatchObject({
      drift: false, notChecked: [],
      stacks: [
        { stack: "acme", status: "no drift", changed: 0, deleted: 0, inNoState: 0, report: { stack: "acme", drift: false } },
        { stack: "globex", status: "no drift", changed: 0, deleted: 0, inNoState: 0, report: { stack: "globex", drift: false } },
      ],
    });
  });

  test("a budget edited in one account's ads UI: exit 1, and one report names that stack alone as drifted, with the field", async () => {
    e2e.emu.control.edit("sandbox", otherAccount, "campaigns", ids.globex!.spring!, { daily_budget_amount_local_micro: 99_000_000 });
    const r = await stack.xads(["drift", "--all-stacks", "--output", "drift.md"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain([
      "| stack | drift | changed | deleted | in no state |",
      "|---|---|---|---|---|",
      "| `acme` | no | 0 | 0 | 0 |",
      "| `globex` | **yes** | 1 | 0 | 0 |",
    ].join("\n"));
    const globex = r.stdout.slice(r.stdout.indexOf("### Drift report of stack `globex`"));
    expect(globex).toContain("| `spring` (Campaign) | `dailyBudgetAmountLocalMicro` | `USD 50.00` | `USD 99.00` |");
    expect(r.stdout).toContain("### Drift report of stack `acme` (project `drift-all-stacks`)\n\nNo drift: every resource matches the platform.");
    expect(r.stderr).toContain("xads drift: stack globex (2 of 2)");
    // The file a workflow posts as an issue is the same report.
    expect(readFileSync(join(stack.dir, "drift.md"), "utf8")).toBe(r.stdout);
  });

  test("a stack locked by another run's update is still checked: a drift check takes no lock", async () => {
    // The lock file a running `pulumi up` of globex holds in the file backend (.pulumi/locks/<org>/<project>/<stack>/);
    // on another DIY backend the lock is the same key in its own store.
    const locks = join(stack.backend, ".pulumi", "locks", "organization", "drift-all-stacks", "globex");
    mkdirSync(locks, { recursive: true });
    writeFileSync(join(locks, "another-run.json"), JSON.stringify({ pid: 4242, username: "runner", hostname: "ci-apply", timestamp: new Date().toISOString() }));
    try {
      expect(output(await stack.run(["up", "--stack", "globex", "--yes", "--skip-preview"]))).toContain("the stack is currently locked by 1 lock(s)");
      const r = await stack.xads(["drift", "--all-stacks", "--format", "json"]);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).stacks.map((s: { stack: string; status: string }) => [s.stack, s.status])).toEqual([["acme", "no drift"], ["globex", "drift"]]);
    } finally {
      rmSync(locks, { recursive: true, force: true });
    }
  });

  test("a stack whose credentials the platform refuses: exit 2, the report covers the other stacks and names the failure", async () => {
    await addStack("initech", e2e.emu.control.createAccount("sandbox", { name: "Initech" }).id);
    await stack.must(["config", "set", "--stack", "initech", "--secret", "xads:accessTokenSecret"], "revoked-in-the-ads-ui");
    const r = await stack.xads(["drift", "--all-stacks", "--format", "text"]);
    expect(r.code).toBe(2);
    const [summary, ...lines] = r.stdout.split("\n");
    expect(summary).toBe("drift in 1 of 3 stacks of project drift-all-stacks; 1 could not be checked");
    expect(lines.slice(0, 3)).toEqual([
      "acme: no drift",
      "globex: drift (1 changed, 0 deleted, 0 in no state)",
      expect.stringMatching(/^initech: not checked: the refresh of stack initech failed: .*401/),
    ]);
    expect(r.stdout).toContain("changed: spring (Campaign, id " + ids.globex!.spring + ") dailyBudgetAmountLocalMicro: USD 50.00 -> USD 99.00\n");
    // Each stack's section is its own `xads drift` report, who and when from its account's history included.
    expect(r.stdout).toMatch(/dailyBudgetAmountLocalMicro: USD 50\.00 -> USD 99\.00\n  changed by @ads_ui_editor \(user \S+, ADS_UI\) at \S+\n/);
    expect(r.stdout + r.stderr).not.toContain("revoked-in-the-ads-ui");
  });

  test("the same editor in two accounts is looked up once a run: one users lookup (GET /2/users) for all stacks", async () => {
    e2e.emu.control.edit("sandbox", ACCOUNT_ID, "campaigns", ids.acme!.spring!, { daily_budget_amount_local_micro: 77_000_000 });
    e2e.emu.control.clearRequests();
    const r = await stack.xads(["drift", "--all-stacks", "--format", "json"]);
    const report = JSON.parse(r.stdout);
    const editors = (name: string) => report.stacks.find((s: { stack: string }) => s.stack === name).report.changed.flatMap((c: { history: { changes: { username?: string }[] } }) => c.history.changes.map((h) => h.username));
    expect(editors("acme")).toEqual(["ads_ui_editor"]);
    expect(editors("globex")).toEqual(["ads_ui_editor"]);
    expect(e2e.emu.control.requests().filter((q) => q.path === "/2/users").map((q) => [q.method, q.status])).toEqual([["GET", 200]]);
  });

  test("--stack beside --all-stacks is refused, naming both", async () => {
    const r = await stack.xads(["drift", "--stack", "acme", "--all-stacks"]);
    expect(r).toMatchObject({ code: 2, stdout: "" });
    expect(r.stderr).toContain("error: option '--all-stacks' cannot be used with option '-s, --stack <name>'");
  });
});

test("xads drift --all-stacks of a project without stacks exits 2, saying how to make one", async () => {
  const stack = e2e.stack("drift-all-none");
  stack.writeProgram([]);
  const r = await stack.xads(["drift", "--all-stacks"]);
  expect(r).toMatchObject({ code: 2, stdout: "", stderr: `xads: the project in ${stack.dir} has no stacks: make one per ads account (pulumi stack init <name>)\n` });
});
