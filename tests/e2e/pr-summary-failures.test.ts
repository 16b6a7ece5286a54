/**
 * `xads pr-summary` fails the pull request's check where the preview of a
 * YAML program (served by the provider plugin) failed or would apply half:
 * the real CLI, the YAML language host and the installed `xads` against the
 * emulator.
 * - A misspelled type token, an unknown property and a budget written as a
 *   string: `pulumi preview --json` exits 1 and reports them only as
 *   `info#err` diagnostics (the digest records no exit code; the stream's
 *   summary event says `failed`). pr-summary of either form exits 1 and its
 *   summary starts with "The preview failed" and the host's error (for the
 *   token, with the kind it likely meant: "did you mean").
 * - A protected campaign removed from the program: the engine lets the
 *   delete through the preview (a YAML program sets no `protect`), and `up`
 *   would apply the rest before the provider refuses it. pr-summary exits 1
 *   naming the campaign and the cure; an unprotected campaign removed passes.
 * Nothing is written to the platform meanwhile.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pulumiDir, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;
let ids: Record<string, string>;

const usd = `  usd:
    type: xads:index:FundingInstrument
    properties:
      currency: USD
      startTime: "2026-01-01T00:00:00Z"
`;
/** A campaign; deletionProtection left out is its default, true. */
const campaign = (name: string, extra = "", type = "xads:index:Campaign") => `  ${name}:
    type: ${type}
    properties:
      fundingInstrumentId: \${usd.id}
      name: ${name}
      dailyBudgetAmountLocalMicro: 10000000
${extra}`;
const guarded = campaign("guarded");
const loose = campaign("loose", "      deletionProtection: false\n");
const program = (...resources: string[]) => stack.writeYamlProgram(`resources:\n${resources.join("")}`);

/** pulumi preview --json saved to preview.json, then xads pr-summary of it (Stack.previewAndSummary). */
const previewAndSummary = (form: "digest" | "stream", ...summaryArgs: string[]) => stack.previewAndSummary(form, {}, ...summaryArgs);

beforeAll(async () => {
  if (!existsSync(join(pulumiDir(), "pulumi-language-yaml"))) throw new Error(`no pulumi-language-yaml in ${pulumiDir()}: run make pulumi (make test does)`);
  stack = e2e.stack("pr-summary-failures");
  program(usd, guarded, loose);
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
  ids = Object.fromEntries((await stack.exported()).map((r) => [r.urn.split("::").pop()!, r.id!]));
  expect(Object.keys(ids).sort()).toEqual(["guarded", "loose", "usd"]);
});

describe.each([
  // The host's words, then the kind it likely meant (cli/pr-summary-render.ts withKindHint).
  ["a misspelled type token", campaign("spring", "", "xads:index:Campaing"), 'unable to find resource type "xads:index:Campaing" in resource provider "xads"; did you mean xads:index:Campaign?'],
  ["an unknown property on a campaign", campaign("spring", "      colour: red\n"), "Property colour does not exist on 'xads:index:Campaign'"],
  ["a budget written as a string", campaign("spring").replace("dailyBudgetAmountLocalMicro: 10000000", "dailyBudgetAmountLocalMicro: ten"), "xads:index:Campaign is not assignable from"],
])("%s", (_what, broken, error) => {
  test.each(["digest", "stream"] as const)("pr-summary of the failed preview (%s) exits 1 and its summary starts with 'The preview failed' and the error", async (form) => {
    program(usd, guarded, loose, broken);
    e2e.emu.control.clearRequests();
    const { preview, summary, markdown } = await previewAndSummary(form);
    expect(preview.code).toBe(1);
    expect(summary.code).toBe(1);
    expect(summary.stderr).toBe(`xads: the preview failed: ${markdown.split("\n")[3]!.replace("**The preview failed**: ", "")}\n`);
    expect(summary.stderr).toContain(error);
    const [marker, title, , failed] = markdown.split("\n");
    expect([marker, title]).toEqual(["<!-- xads-pr-summary -->", "### Pulumi preview of stack `dev` (project `pr-summary-failures`)"]);
    expect(failed).toMatch(/^\*\*The preview failed\*\*: /);
    expect(failed).toContain(error);
    // The line of the program the host names, for the reviewer.
    expect(markdown).toMatch(/on Pulumi\.yaml line \d+:/);
    expect(e2e.writes()).toEqual([]);
  });
});

describe("a protected campaign removed from the program", () => {
  beforeAll(() => program(usd, loose));

  test.each(["digest", "stream"] as const)("passes the engine's preview (%s), and pr-summary exits 1 naming it and the cure; nothing is written", async (form) => {
    e2e.emu.control.clearRequests();
    const { preview, summary, markdown } = await previewAndSummary(form, "--preview-exit-code", "0");
    // The engine does not refuse it: a YAML program sets no protect.
    expect(preview.code).toBe(0);
    expect(summary.code).toBe(1);
    expect(summary.stderr).toBe(
      `xads: pulumi up would fail: it deletes 1 protected resource: guarded (Campaign, id ${ids.guarded}) "guarded": deletionProtection is on. ` +
      "The provider refuses the delete at up, after applying the other changes; to delete it, set deletionProtection: false on it and run pulumi up, " +
      "then remove it in a second update; to stop managing it without deleting it, pulumi state delete (the summary gives the command).\n",
    );
    expect(markdown).toContain("> **`pulumi up` will fail: 1 delete refused.**");
    expect(markdown).toContain(`> - **delete** \`guarded\` (Campaign, id \`${ids.guarded}\`) "guarded": refused, deletionProtection is on`);
    expect(markdown).not.toContain("The preview failed");
    expect(e2e.writes()).toEqual([]);
    expect(e2e.live("campaigns").map((c) => c.name).sort()).toEqual(["guarded", "loose"]);
  });

  test("an unprotected campaign removed passes, with its irreversible caution", async () => {
    program(usd, guarded);
    const { preview, summary, markdown } = await previewAndSummary("stream");
    expect(preview.code).toBe(0);
    expect(summary).toMatchObject({ code: 0, stderr: "" });
    expect(markdown).toContain(`> - **delete** \`loose\` (Campaign, id \`${ids.loose}\`) "loose"`);
    expect(markdown).not.toContain("will fail");
  });
});
