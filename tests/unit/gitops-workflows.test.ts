/**
 * The GitOps workflows of examples/gitops, one stack per ads account: the
 * scripts they run, run here (the stack listing in bash, the pull-request
 * comment in Node as actions/github-script runs it), and what keeps two
 * runs of one stack apart (one job per stack, a concurrency group keyed by
 * the stack, applies that wait for the stack's lock).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const WORKFLOWS = join(__dirname, "..", "..", "examples", "gitops", ".github", "workflows");
const workflow = (name: string) => readFileSync(join(WORKFLOWS, `${name}.yml`), "utf8");

/** The block scalar (`run: |`, `script: |`) of the step named `step`, dedented. */
function block(text: string, step: string, key: "run" | "script"): string {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.includes(`name: ${step}`));
  if (at < 0) throw new Error(`no step named ${step}`);
  const start = lines.findIndex((l, i) => i > at && new RegExp(`^\\s*${key}: \\|$`).test(l));
  const indent = /^\s*/.exec(lines[start]!)![0].length;
  const body: string[] = [];
  for (const l of lines.slice(start + 1)) {
    if (l.trim() !== "" && /^\s*/.exec(l)![0].length <= indent) break;
    body.push(l);
  }
  const margin = Math.min(...body.filter((l) => l.trim() !== "").map((l) => /^\s*/.exec(l)![0].length));
  return body.map((l) => l.slice(margin)).join("\n");
}

describe("the stacks the workflows run on", () => {
  const list = block(workflow("xads-stacks"), "List the stacks", "run");
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "xads-stacks-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The listing step, run in an infra/ folder holding `files`, as the runner runs it (bash -e). */
  function listStacks(files: string[]) {
    for (const f of files) writeFileSync(join(dir, f), "config: {}\n");
    const output = join(dir, "github-output");
    writeFileSync(output, "");
    const r = spawnSync("bash", ["-e", "-c", list], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, GITHUB_OUTPUT: output }, encoding: "utf8" });
    return { code: r.status, stdout: r.stdout, output: readFileSync(output, "utf8") };
  }

  test("are one per committed Pulumi.<stack>.yaml, as the JSON array the matrix reads", () => {
    const r = listStacks(["Pulumi.yaml", "Pulumi.acme.yaml", "Pulumi.globex.prod.yaml", "index.ts"]);
    expect(r.code).toBe(0);
    expect(r.output).toBe('stacks=["acme","globex.prod"]\n');
    expect(JSON.parse(r.output.slice("stacks=".length))).toEqual(["acme", "globex.prod"]);
  });

  test("with no stack file the job fails, saying how to add an account", () => {
    const r = listStacks(["Pulumi.yaml"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("::error::no Pulumi.<stack>.yaml in infra/: make one stack per ads account (pulumi stack init <name>) and commit its file\n");
    expect(r.output).toBe("");
  });

  test("a file whose name is no stack name fails the job, naming the file", () => {
    const r = listStacks(["Pulumi.acme corp.yaml"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Pulumi.acme corp.yaml: a stack name has only letters, digits, '-', '_' and '.'");
  });
});

describe("each workflow", () => {
  test.each(["xads-preview", "xads-apply", "xads-drift"])("%s runs one job per listed stack; one stack's failure cancels no other", (name) => {
    const text = workflow(name);
    expect(text).toContain("    uses: ./.github/workflows/xads-stacks.yml\n");
    expect(text).toContain("        stack: ${{ fromJSON(needs.stacks.outputs.stacks) }}\n");
    expect(text).toMatch(/\n      fail-fast: false\b/);
    expect(text).toContain("      PULUMI_STACK: ${{ matrix.stack }}\n");
  });

  test("serializes per stack, in a group of its own: a queued run of one workflow never replaces a waiting run of another", () => {
    const groups = Object.fromEntries(["xads-preview", "xads-apply", "xads-drift"].map((name) => {
      const job = /\n    concurrency:\n      group: (.+)\n      cancel-in-progress: (true|false)\n/.exec(workflow(name));
      return [name, { group: job?.[1], cancelInProgress: job?.[2] }];
    }));
    expect(groups).toEqual({
      "xads-preview": { group: "xads-preview-${{ github.event.pull_request.number }}-${{ matrix.stack }}", cancelInProgress: "true" },
      // An apply is never cancelled midway: a half-applied update leaves entities the next run must adopt.
      "xads-apply": { group: "xads-apply-${{ matrix.stack }}", cancelInProgress: "false" },
      "xads-drift": { group: "xads-drift-${{ matrix.stack }}", cancelInProgress: "false" },
    });
  });

  test("preview hands pr-summary the preview's exit code, and fails the stack's job when either failed", () => {
    const preview = workflow("xads-preview");
    const summary = block(preview, "xads pr-summary", "run");
    expect(summary).toContain('npx xads pr-summary preview.json --output summary.md --preview-exit-code "${{ steps.preview.outputs.exit-code }}"\n');
    // Its exit code is kept (the summary is uploaded whatever it is) and read by the comment.
    expect(summary).toMatch(/^set \+e\n/);
    expect(summary).toContain('echo "$code" > summary-exit-code\n');
    expect(preview).toContain("            infra/summary-exit-code\n");
    expect(preview).toContain("        if: steps.preview.outputs.exit-code != '0' || steps.summary.outputs.exit-code != '0'\n        run: exit 1\n");
  });

  test("apply runs pulumi up through xads up --wait-lock, with the stack and the policy pack", () => {
    const up = block(workflow("xads-apply"), "pulumi up with the policy pack", "run");
    expect(up.replace(/\\\n\s*/g, "")).toBe('npx xads up --wait-lock 10m -- --stack "$PULUMI_STACK" --non-interactive --yes --policy-pack node_modules/pulumi-xads/policy-pack\n');
  });

  test("every workflow passes the policy pack as its folder in the installed package, the form tests/e2e runs (POLICY_PACK)", () => {
    const packs = readdirSync(WORKFLOWS).flatMap((f) => [...readFileSync(join(WORKFLOWS, f), "utf8").matchAll(/--policy-pack\s+(\S+)/g)].map((m) => `${f}: ${m[1]}`));
    expect(packs).toEqual(["xads-apply.yml: node_modules/pulumi-xads/policy-pack", "xads-preview.yml: node_modules/pulumi-xads/policy-pack"]);
    // The folder the CLI loads: its PulumiPolicy.yaml names the Node.js runtime, whose host runs it.
    expect(readFileSync(join(__dirname, "..", "..", "policy-pack", "PulumiPolicy.yaml"), "utf8")).toMatch(/^runtime: nodejs$/m);
  });
});

describe("the pull request's comment", () => {
  const script = block(workflow("xads-preview"), "Post or update the comment", "script");
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "xads-comment-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const summary = (stack: string, counts: string, body = "") =>
    `<!-- xads-pr-summary -->\n### Pulumi preview of stack \`${stack}\` (project \`ads\`)\n\n${counts}\n${body}`;

  /** The downloaded artifacts of the preview jobs: stack -> [summary.md, preview exit code, pr-summary's exit code]. */
  function artifacts(previews: Record<string, [string?, string?, string?]>): void {
    for (const [stack, [md, code, summaryCode]] of Object.entries(previews)) {
      const at = join(dir, "previews", `xads-preview-${stack}`);
      mkdirSync(at, { recursive: true });
      if (md !== undefined) writeFileSync(join(at, "summary.md"), md);
      if (code !== undefined) writeFileSync(join(at, "preview-exit-code"), `${code}\n`);
      if (summaryCode !== undefined) writeFileSync(join(at, "summary-exit-code"), `${summaryCode}\n`);
    }
  }

  /** Runs the script as actions/github-script does (an async function body), against a fake GitHub. */
  async function post(stacks: string[], existing: { id: number; body: string; user: { type: string } }[] = []) {
    const calls: { method: string; args: Record<string, unknown> }[] = [];
    const record = (method: string) => async (args: Record<string, unknown>) => void calls.push({ method, args });
    const github = {
      paginate: async () => existing,
      rest: { issues: { listComments: {}, updateComment: record("updateComment"), createComment: record("createComment") } },
    };
    const context = { serverUrl: "https://github.com", runId: 7, repo: { owner: "agency", repo: "ads" }, payload: { pull_request: { number: 12 } } };
    const fs = { readFileSync: (path: string, encoding: BufferEncoding) => readFileSync(join(dir, path), encoding) };
    const run = new Function("github", "context", "require", "process", `return (async () => {\n${script}\n})();`);
    await run(github, context, (name: string) => (name === "fs" ? fs : require(name)), { env: { STACKS: JSON.stringify(stacks) } });
    return calls;
  }

  test("is a table of every stack, then the summary of each stack that changes or failed; a stack without changes is in the table only", async () => {
    artifacts({
      acme: [summary("acme", "**1** to update; 2 unchanged.", "\n### Budgets\n\n| campaign | change |\n"), "0"],
      globex: [summary("globex", "No changes (3 unchanged)."), "0"],
      initech: [summary("initech", "**1** to create; 0 unchanged.", "\n### Errors\n\n- a mandatory policy\n"), "255"],
      hooli: [],
    });
    const [call, ...more] = await post(["acme", "globex", "hooli", "initech"]);
    expect(more).toEqual([]);
    expect(call).toMatchObject({ method: "createComment", args: { owner: "agency", repo: "ads", issue_number: 12 } });
    expect(call!.args.body).toBe([
      "<!-- xads-pr-summary-stacks -->",
      "## Pulumi preview of 4 stacks",
      "",
      "| stack | preview | changes |",
      "|---|---|---|",
      "| `acme` | ok | **1** to update; 2 unchanged. |",
      "| `globex` | ok | No changes (3 unchanged). |",
      "| `hooli` | **no summary**: see [the run's log](https://github.com/agency/ads/actions/runs/7) | |",
      "| `initech` | **preview failed** | **1** to create; 0 unchanged. |",
      "",
      "### Pulumi preview of stack `acme` (project `ads`)\n\n**1** to update; 2 unchanged.\n\n### Budgets\n\n| campaign | change |",
      "",
      "### Pulumi preview of stack `initech` (project `ads`)\n\n**1** to create; 0 unchanged.\n\n### Errors\n\n- a mandatory policy",
      "",
    ].join("\n"));
  });

  test("a stack whose summary says the preview failed, or whose up would fail on a protected delete, is marked so and shown", async () => {
    artifacts({
      // The preview exited 0 in the job's shell, yet its JSON says it failed (pr-summary found it).
      acme: [summary("acme", "No changes (1 unchanged).").replace("\n\nNo changes", "\n\n**The preview failed**: unable to find resource type\n\nNo changes"), "0", "1"],
      // A YAML program's protected campaign removed: the engine's preview passed, pr-summary refused it.
      globex: [summary("globex", "**1** to delete; 2 unchanged.", "\n> **`pulumi up` will fail: 1 delete refused.**\n"), "0", "1"],
      initech: [summary("initech", "No changes (3 unchanged)."), "0", "0"],
    });
    const body = String((await post(["acme", "globex", "initech"]))[0]!.args.body);
    expect(body).toContain("| `acme` | **preview failed** | No changes (1 unchanged). |\n");
    expect(body).toContain("| `globex` | **up would fail** | **1** to delete; 2 unchanged. |\n");
    expect(body).toContain("| `initech` | ok | No changes (3 unchanged). |\n");
    expect(body).toContain("**The preview failed**: unable to find resource type");
    expect(body).toContain("> **`pulumi up` will fail: 1 delete refused.**");
    expect(body).not.toContain("### Pulumi preview of stack `initech`");
  });

  test("a later push updates the same comment instead of adding one", async () => {
    artifacts({ acme: [summary("acme", "No changes (3 unchanged)."), "0"] });
    const calls = await post(["acme"], [
      { id: 1, body: "<!-- xads-pr-summary -->\nthe single-stack comment", user: { type: "Bot" } },
      { id: 2, body: "<!-- xads-pr-summary-stacks -->\n## Pulumi preview of 1 stack", user: { type: "Bot" } },
    ]);
    expect(calls).toEqual([{ method: "updateComment", args: expect.objectContaining({ comment_id: 2, body: expect.stringContaining("## Pulumi preview of 1 stack\n") }) }]);
  });

  test("sections beyond a comment's 65,536 characters are left to the run's artifacts, and the comment says so", async () => {
    const big = "| `x` | y |\n".repeat(2_000);
    artifacts(Object.fromEntries(["a", "b", "c", "d"].map((s) => [s, [summary(s, "**1** to update; 0 unchanged.", big), "0"]])));
    const [call] = await post(["a", "b", "c", "d"]);
    const body = call!.args.body as string;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain("### Pulumi preview of stack `b`");
    expect(body).not.toContain("### Pulumi preview of stack `d`");
    expect(body).toMatch(/\n\d more stack section\(s\) did not fit in a comment: see the summaries in \[the run's artifacts\]\(https:\/\/github\.com\/agency\/ads\/actions\/runs\/7\)\.\n$/);
  });
});

describe("the nightly drift check of a stack", () => {
  const drift = workflow("xads-drift");
  const open = block(drift, "Open or update the stack's drift issue", "run");
  const close = block(drift, "Close the stack's drift issue once the account matches again", "run");
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "xads-drift-issue-"));
    // A gh that answers `issue list` from issues.json and records every other call.
    writeFileSync(join(dir, "gh"), '#!/usr/bin/env bash\nif [ "$1 $2" = "issue list" ]; then cat "$FAKE_GH/issues.json"; else echo "$*" >> "$FAKE_GH/calls"; fi\n', { mode: 0o755 });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A step's script for `stack`, with these open issues labelled xads-drift; the gh calls it made. */
  function step(script: string, stack: string, issues: { number: number; title: string }[]): string[] {
    writeFileSync(join(dir, "issues.json"), JSON.stringify(issues));
    writeFileSync(join(dir, "calls"), "");
    const env = { PATH: `${dir}:${process.env.PATH}`, HOME: dir, FAKE_GH: dir, ISSUE_LABEL: "xads-drift", ISSUE_TITLE: `Drift in the ads account of stack ${stack}` };
    const r = spawnSync("bash", ["-e", "-c", script], { cwd: dir, env, encoding: "utf8" });
    expect({ code: r.status, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
    return readFileSync(join(dir, "calls"), "utf8").split("\n").filter(Boolean);
  }

  const issues = [{ number: 4, title: "Drift in the ads account of stack acme" }, { number: 9, title: "Drift in the ads account of stack globex" }];

  test("drift comments on the stack's own open issue, never on another stack's", () => {
    expect(step(open, "globex", issues).filter((c) => c.startsWith("issue"))).toEqual(["issue comment 9 --body-file drift.md"]);
  });

  test("drift in a stack without an open issue opens one titled with the stack", () => {
    expect(step(open, "initech", issues).filter((c) => c.startsWith("issue"))).toEqual([
      "issue create --title Drift in the ads account of stack initech --label xads-drift --body-file drift.md",
    ]);
  });

  test("no drift closes the stack's own issue and leaves the others open", () => {
    expect(step(close, "acme", issues)).toEqual([expect.stringMatching(/^issue close 4 --comment No drift in the run of /)]);
    expect(step(close, "hooli", issues)).toEqual([]);
  });
});
