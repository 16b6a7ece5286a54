/**
 * `xads pr-summary` fails (exit 1, "The preview failed" at the top of the
 * summary and on stderr) for every preview that failed or did not finish,
 * and for a preview whose `up` would fail on a protected delete: the
 * command as a user runs it (cli/index.ts main), on real previews captured
 * from CLI 3.259 with a YAML program (a misspelled type token, as the YAML
 * host reports it: severity `info#err`) and on small synthetic ones.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../cli/index";

const fixture = (f: string) => readFileSync(join(__dirname, "fixtures", f), "utf8");

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "xads-pr-summary-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `xads pr-summary <preview> --output summary.md --no-reach` and what it wrote. */
async function prSummary(preview: string, ...extra: string[]): Promise<{ code: number; stderr: string[]; summary?: string }> {
  const input = join(dir, "preview.json");
  const output = join(dir, "summary.md");
  writeFileSync(input, preview);
  const stderr: string[] = [];
  const code = await main(["pr-summary", input, "--output", output, "--no-reach", ...extra], (l) => stderr.push(l));
  return { code, stderr, summary: existsSync(output) ? readFileSync(output, "utf8") : undefined };
}

const STACK = "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev";
const CAMPAIGN = "xads:index:Campaign";
const urn = (name: string) => `urn:pulumi:dev::p::${CAMPAIGN}::${name}`;
/** A digest that plans no change to the stack, with these diagnostics. */
const digest = (diagnostics: { severity: string; message: string }[], steps: unknown[] = []) => JSON.stringify({
  steps: [{ op: "same", urn: STACK, oldState: { urn: STACK, type: "pulumi:pulumi:Stack" }, newState: { urn: STACK, type: "pulumi:pulumi:Stack" } }, ...steps],
  diagnostics, changeSummary: { same: 1 },
});
/** The event stream of the same preview; `summary` false leaves out its summary event (a stream cut off). */
const stream = (diagnostics: { severity: string; message: string }[], result: string | undefined) => [
  { sequence: 0, preludeEvent: { config: {} } },
  { sequence: 1, resourcePreEvent: { metadata: { op: "same", urn: STACK, type: "pulumi:pulumi:Stack", old: { urn: STACK, type: "pulumi:pulumi:Stack" }, new: { urn: STACK, type: "pulumi:pulumi:Stack" } } } },
  ...diagnostics.map((d, i) => ({ sequence: 2 + i, diagnosticEvent: { ...d, color: "never" } })),
  ...(result === undefined ? [] : [{ sequence: 9, summaryEvent: { resourceChanges: { same: 1 }, PolicyPacks: {}, isPreview: true, result } }, { sequence: 10, cancelEvent: {} }]),
].map((e) => JSON.stringify(e)).join("\n") + "\n";

/** The summary starts with the marker, the title, then the failure. */
function expectFailedAtTop(summary: string | undefined, reason: string | RegExp): void {
  expect(summary).toBeDefined();
  const [marker, title, blank, failed] = summary!.split("\n");
  expect([marker, title, blank]).toEqual(["<!-- xads-pr-summary -->", expect.stringMatching(/^### Pulumi preview/), ""]);
  expect(failed).toMatch(/^\*\*The preview failed\*\*: /);
  if (typeof reason === "string") expect(failed).toContain(reason);
  else expect(failed).toMatch(reason);
}

describe("a preview that failed", () => {
  test("a YAML program's misspelled type token (the digest: info#err diagnostics, no exit code) fails the summary, with the error's text", async () => {
    const r = await prSummary(fixture("preview-yaml-failed.json"));
    expect(r.code).toBe(1);
    // The closest kind of the registry is added (cli/pr-summary-render.ts withKindHint).
    const reason = 'error resolving type of resource spring: unable to find resource type "xads:index:Campaing" in resource provider "xads"; did you mean xads:index:Campaign?';
    expect(r.stderr).toEqual([`xads: the preview failed: ${reason}`]);
    expectFailedAtTop(r.summary, reason);
    expect(r.summary).not.toContain("No changes");
    // What the host said, ANSI colours taken out, where the reviewer reads it.
    expect(r.summary).toContain("  on Pulumi.yaml line 14:");
    expect(r.summary).toContain("  14:     type: xads:index:Campaing");
    expect(r.summary).not.toContain("\u001b[");
  });

  test("the same preview streamed (summary event: result failed) fails the summary too", async () => {
    const r = await prSummary(fixture("preview-yaml-failed.jsonl"));
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([expect.stringContaining('xads: the preview failed: error resolving type of resource spring: unable to find resource type "xads:index:Campaing" in resource provider "xads"; did you mean xads:index:Campaign?')]);
    expectFailedAtTop(r.summary, '"xads:index:Campaing" in resource provider "xads"; did you mean xads:index:Campaign?');
  });

  test.each(["error", "info#err", "warning#err", "error#err"])("a diagnostic of severity %s fails the digest's summary", async (severity) => {
    const r = await prSummary(digest([{ severity, message: "error: something went wrong\n" }]));
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual(["xads: the preview failed: something went wrong"]);
    expectFailedAtTop(r.summary, "something went wrong");
  });

  test("an error diagnostic fails the summary even where the stream's summary says succeeded", async () => {
    const r = await prSummary(stream([{ severity: "error", message: "error: the engine failed\n" }], "succeeded"));
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual(["xads: the preview failed: the engine failed"]);
  });

  test("a stream whose summary event says failed, with no error diagnostic, fails the summary", async () => {
    const r = await prSummary(stream([], "failed"));
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([expect.stringMatching(/^xads: the preview failed: .*summary event.*failed/)]);
    expectFailedAtTop(r.summary, /summary event/);
  });

  test("an error diagnostic's first line names the resource, and a line ending in a colon takes the next", async () => {
    const r = await prSummary(JSON.stringify({
      steps: [], changeSummary: {},
      diagnostics: [{ severity: "error", urn: urn("spring"), message: "error: Running program failed with an unhandled exception:\nError: boom\n    at Object.<anonymous>\n" }],
    }));
    expect(r.stderr).toEqual(["xads: the preview failed: spring: Running program failed with an unhandled exception: Error: boom"]);
  });
});

describe("a preview that did not finish", () => {
  test("an empty preview fails, and the summary says so", async () => {
    const r = await prSummary("");
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([expect.stringMatching(/^xads: the preview failed: the preview is empty/)]);
    expectFailedAtTop(r.summary, "the preview is empty");
  });

  test("a digest cut in the middle of its JSON fails, and the summary says so", async () => {
    const whole = fixture("preview-digest.json");
    const r = await prSummary(whole.slice(0, Math.floor(whole.length / 2)));
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([expect.stringMatching(/^xads: the preview failed: the preview ends in the middle of its JSON/)]);
    expectFailedAtTop(r.summary, "ends in the middle of its JSON");
  });

  test("a stream without its summary event (cut between two events) fails, and what it holds is still shown", async () => {
    const events = fixture("preview-events.jsonl").split("\n").filter((l) => l && !l.includes('"summaryEvent"') && !l.includes('"cancelEvent"'));
    const r = await prSummary(events.join("\n") + "\n");
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([expect.stringMatching(/^xads: the preview failed: the event stream ends before its summary event/)]);
    expectFailedAtTop(r.summary, "ends before its summary event");
    expect(r.summary).toContain("#### ~ update `spring`");
  });

  test("a stream cut in the middle of an event fails", async () => {
    const text = fixture("preview-events.jsonl");
    const r = await prSummary(text.slice(0, text.indexOf('"summaryEvent"')));
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([expect.stringMatching(/^xads: the preview failed: the event stream ends (in the middle of an event|before its summary event)/)]);
  });

  test("input that is no preview at all is still exit 2, one line", async () => {
    const r = await prSummary('{"hello": "world"}');
    expect(r).toMatchObject({ code: 2, stderr: ["xads: the JSON is not a Pulumi preview: it has no `steps` (pass the output of `pulumi preview --json`)"] });
  });
});

describe("--preview-exit-code", () => {
  test("a digest with no error diagnostic fails when pulumi preview exited non-zero", async () => {
    const r = await prSummary(digest([]), "--preview-exit-code", "255");
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([expect.stringMatching(/^xads: the preview failed: pulumi preview exited 255, and no error diagnostic says why/)]);
    expectFailedAtTop(r.summary, "pulumi preview exited 255");
  });

  test("with exit code 0, what the program printed on stderr (info#err) is no failure; without it, it is", async () => {
    const printed = [{ severity: "info#err", message: "(node:1) [DEP0040] DeprecationWarning: The punycode module is deprecated.\n\n" }];
    const ok = await prSummary(digest(printed), "--preview-exit-code", "0");
    expect(ok).toMatchObject({ code: 0, stderr: [] });
    expect(ok.summary).not.toContain("The preview failed");
    expect(ok.summary).toContain("DeprecationWarning");
    // The digest alone cannot tell a program's stderr from a YAML host's error: it fails, saying what to pass.
    const unsure = await prSummary(digest(printed));
    expect(unsure.code).toBe(1);
    expect(unsure.stderr).toEqual([expect.stringContaining("(node:1) [DEP0040] DeprecationWarning")]);
    // The stream says itself that the preview succeeded.
    expect(await prSummary(stream(printed, "succeeded"))).toMatchObject({ code: 0, stderr: [] });
  });

  test("an error diagnostic fails even with exit code 0; an exit code that is no number is a usage error", async () => {
    expect((await prSummary(digest([{ severity: "error", message: "error: bad" }]), "--preview-exit-code", "0")).code).toBe(1);
    expect(await prSummary(digest([]), "--preview-exit-code", "x")).toMatchObject({ code: 2, stderr: [expect.stringContaining("--preview-exit-code")] });
  });
});

describe("a delete up will refuse (deletionProtection, which the engine does not check for YAML and Python programs)", () => {
  test("a YAML program's protected campaign removed: the preview succeeded, the summary fails naming it and the cure", async () => {
    const r = await prSummary(fixture("preview-yaml-protected-delete.json"), "--preview-exit-code", "0");
    expect(r.code).toBe(1);
    expect(r.stderr).toHaveLength(1);
    expect(r.stderr[0]).toMatch(/^xads: pulumi up would fail: it deletes 1 protected resource: guarded \(Campaign, id uebr5\) "Guarded": deletionProtection is on\./);
    expect(r.stderr[0]).toContain("set deletionProtection: false on it and run pulumi up, then remove it");
    expect(r.summary).toContain("> **`pulumi up` will fail: 1 delete refused.**");
    expect(r.summary).toContain("> - **delete** `guarded` (Campaign, id `uebr5`) \"Guarded\": refused, deletionProtection is on");
    expect(r.summary).not.toContain("The preview failed");
  });

  test("a replacement of a protected campaign that the program does not allow is refused too; one it allows is not", async () => {
    const old = { urn: urn("c"), type: CAMPAIGN, id: "c1", inputs: { name: "C", fundingInstrumentId: "f1", deletionProtection: true } };
    const replace = (deletionProtection: boolean) => digest([], [
      { op: "replace", urn: urn("c"), oldState: old, newState: { urn: urn("c"), type: CAMPAIGN, inputs: { name: "C", fundingInstrumentId: "f2", deletionProtection } }, replaceReasons: ["fundingInstrumentId"] },
    ]);
    const refused = await prSummary(replace(true), "--preview-exit-code", "0");
    expect(refused.code).toBe(1);
    expect(refused.stderr[0]).toMatch(/^xads: pulumi up would fail: it replaces 1 protected resource: c \(Campaign, id c1\) "C"/);
    expect(await prSummary(replace(false), "--preview-exit-code", "0")).toMatchObject({ code: 0, stderr: [] });
  });

  test("an unprotected delete passes, with its irreversible caution", async () => {
    const r = await prSummary(digest([], [
      { op: "delete", urn: urn("old"), oldState: { urn: urn("old"), type: CAMPAIGN, id: "o1", inputs: { name: "Old", deletionProtection: false } } },
    ]), "--preview-exit-code", "0");
    expect(r).toMatchObject({ code: 0, stderr: [] });
    expect(r.summary).toContain("> - **delete** `old` (Campaign, id `o1`) \"Old\"");
    expect(r.summary).not.toContain("will fail");
  });
});
