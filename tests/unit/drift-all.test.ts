/**
 * `xads drift --all-stacks` without a network: the stacks' reports combined
 * into one (a summary table first, a section per stack), the one exit code
 * for the whole, a stack that cannot be checked, and the refusal of
 * `--stack` beside `--all-stacks`.
 */
import { buildDriftReport, DriftReport } from "../../cli/drift-report";
import {
  allStacksExitCode, combineDriftReports, driftOfAllStacks, renderAllStacksJson, renderAllStacksMarkdown, renderAllStacksText, stackDrift,
} from "../../cli/drift-all";
import { readOnce } from "../../cli/drift";
import { CliError } from "../../cli/errors";
import { main } from "../../cli/index";

const CAMPAIGN = "pulumi-nodejs:dynamic/xads:Campaign";
const URN = (stack: string, name: string) => `urn:pulumi:${stack}::agency::${CAMPAIGN}::${name}`;

/** The refresh preview's events of a stack: its campaign "spring" unchanged, or its daily budget edited in the ads UI. */
function reportOf(stack: string, edited: boolean, untracked: DriftReport["untracked"] = []): DriftReport {
  const state = (budget: number) => ({ type: CAMPAIGN, urn: URN(stack, "spring"), id: `c-${stack}`, inputs: {}, outputs: { currency: "USD", dailyBudgetAmountLocalMicro: budget } });
  const events = [{ resOutputsEvent: { metadata: { op: edited ? "update" : "same", urn: URN(stack, "spring"), type: CAMPAIGN, old: state(50_000_000), new: state(edited ? 99_000_000 : 50_000_000) } } }];
  return { ...buildDriftReport(events, untracked), stack };
}

const REFUSED = "the refresh of stack initech failed: invalid credentials (HTTP 401 UNAUTHORIZED_ACCESS)";

describe("the report of every stack of the project", () => {
  const acme = stackDrift("acme", { report: reportOf("acme", true) });
  const globex = stackDrift("globex", { report: reportOf("globex", false) });
  const initech = stackDrift("initech", { error: REFUSED });

  test("exits 0 when no stack drifted, 1 when any did, 2 when any could not be checked whatever the others show", () => {
    expect(allStacksExitCode(combineDriftReports([globex]))).toBe(0);
    expect(allStacksExitCode(combineDriftReports([acme, globex]))).toBe(1);
    expect(allStacksExitCode(combineDriftReports([globex, initech]))).toBe(2);
    expect(allStacksExitCode(combineDriftReports([acme, globex, initech]))).toBe(2);
  });

  test("counts each stack's changed, deleted and in-no-state entities; one held by another stack is no drift", () => {
    const held = stackDrift("globex", { report: reportOf("globex", false, [{ kind: "Campaign", id: "c-acme", name: "Spring", like: "spring", heldBy: "acme" }]) });
    const loose = stackDrift("hooli", { report: reportOf("hooli", false, [{ kind: "Campaign", id: "c9", name: "Spring", like: "spring" }]) });
    expect(combineDriftReports([acme, held, loose, initech])).toMatchObject({
      project: "agency", drift: true, notChecked: ["initech"],
      stacks: [
        { stack: "acme", status: "drift", changed: 1, deleted: 0, inNoState: 0 },
        { stack: "globex", status: "no drift", changed: 0, deleted: 0, inNoState: 0 },
        { stack: "hooli", status: "drift", changed: 0, deleted: 0, inNoState: 1 },
        { stack: "initech", status: "not checked", error: REFUSED },
      ],
    });
  });

  test("Markdown: a summary table of the stacks first, then each stack's own report, and the reason a stack was not checked", () => {
    const md = renderAllStacksMarkdown(combineDriftReports([acme, globex, initech]));
    expect(md).toMatch(/^## Drift report of 3 stacks \(project `agency`\)\n\n\*\*1\*\* of 3 stacks drifted; \*\*1\*\* could not be checked \(its section says why\)\.\n\n/);
    expect(md).toContain([
      "| stack | drift | changed | deleted | in no state |",
      "|---|---|---|---|---|",
      "| `acme` | **yes** | 1 | 0 | 0 |",
      "| `globex` | no | 0 | 0 | 0 |",
      "| `initech` | **not checked** | | | |",
    ].join("\n"));
    const sections = ["### Drift report of stack `acme`", "### Drift report of stack `globex`", "### Stack `initech`: not checked"].map((h) => md.indexOf(h));
    expect(sections.every((at, i) => at > md.indexOf("| `initech` |") && (i === 0 || at > sections[i - 1]!))).toBe(true);
    expect(md).toContain("| `spring` (Campaign) | `dailyBudgetAmountLocalMicro` | `USD 50.00` | `USD 99.00` |");
    expect(md).toContain(`### Stack \`initech\`: not checked\n\nxads drift could not check it: ${REFUSED}\n`);
  });

  test("text: one line per stack, then each checked stack's own report", () => {
    expect(renderAllStacksText(combineDriftReports([acme, globex, initech]))).toBe([
      "drift in 1 of 3 stacks of project agency; 1 could not be checked",
      "acme: drift (1 changed, 0 deleted, 0 in no state)",
      "globex: no drift",
      `initech: not checked: ${REFUSED}`,
      "",
      "drift in stack acme: 1 changed, 0 deleted outside Pulumi, 0 in no state",
      "changed: spring (Campaign, id c-acme) dailyBudgetAmountLocalMicro: USD 50.00 -> USD 99.00",
      "",
      "no drift in stack globex: every resource matches the platform",
      "",
    ].join("\n"));
    expect(renderAllStacksText(combineDriftReports([globex, stackDrift("hooli", { report: reportOf("hooli", false) })]))).toMatch(/^no drift in the 2 stacks of project agency\n/);
  });

  test("JSON: the whole verdict, and each stack's row with its report as `xads drift --format json` gives it", () => {
    const json = JSON.parse(renderAllStacksJson(combineDriftReports([acme, initech])));
    expect(json).toEqual({
      project: "agency", drift: true, notChecked: ["initech"],
      stacks: [
        { stack: "acme", status: "drift", changed: 1, deleted: 0, inNoState: 0, report: JSON.parse(JSON.stringify(acme.report)) },
        { stack: "initech", status: "not checked", changed: 0, deleted: 0, inNoState: 0, error: REFUSED },
      ],
    });
  });
});

describe("checking every stack", () => {
  test("a stack that cannot be checked is named with the reason, and the stacks after it are still checked", async () => {
    const checked: string[] = [];
    const progress: string[] = [];
    const all = await driftOfAllStacks(["acme", "initech", "zeta"], async (stack) => {
      checked.push(stack);
      if (stack === "initech") throw new CliError(REFUSED);
      return reportOf(stack, stack === "zeta");
    }, (line) => progress.push(line));
    expect(checked).toEqual(["acme", "initech", "zeta"]);
    expect(all.stacks.map((s) => [s.stack, s.status])).toEqual([["acme", "no drift"], ["initech", "not checked"], ["zeta", "drift"]]);
    expect(all.stacks[1]!.error).toBe(REFUSED);
    expect(allStacksExitCode(all)).toBe(2);
    expect(progress).toEqual(["xads drift: stack acme (1 of 3)", "xads drift: stack initech (2 of 3)", "xads drift: stack zeta (3 of 3)"]);
  });

  test("the project's states (to tell an entity another stack holds) are read once for all stacks", async () => {
    let reads = 0;
    const states = readOnce(async () => (reads++, new Map([["acme", { resources: [] }]])));
    const all = await driftOfAllStacks(["acme", "globex"], async (stack) => (await states("/infra"), reportOf(stack, false)), () => {});
    expect(all.stacks).toHaveLength(2);
    expect(reads).toBe(1);
  });

  test("--stack and --all-stacks together are refused, naming both, with exit code 2 and no check", async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    try {
      expect(await main(["drift", "--stack", "acme", "--all-stacks"], () => {})).toBe(2);
    } finally {
      spy.mockRestore();
    }
    expect(written.join("")).toContain("error: option '--all-stacks' cannot be used with option '-s, --stack <name>'");
  });
});
