/**
 * The GitOps commands and the policy pack on a YAML program (examples/yaml)
 * served by the provider plugin, whose resources are `xads:index:<Kind>`
 * where a TypeScript program's are dynamic: with the real pulumi CLI, the
 * YAML language host and the installed package against the emulator.
 * - pr-summary of a real preview shows the budget in money and the replace
 *   and its reason, as for the TypeScript program (tests/e2e/gitops.test.ts:
 *   both run the checks of tests/e2e/gitops-checks.ts);
 * - the policy pack refuses a campaign's budget over the configured cap;
 * - drift after a budget edited in the ads UI exits 1 naming the resource
 *   and the field.
 * Set XADS_UPDATE_FIXTURES=1 to write the preview and the state to
 * tests/unit/fixtures (the unit tests' plugin fixtures); refused under CI
 * (tests/required-tools.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { budgetCapViolation, expectDriftOfBudgetEdit, expectNoDrift, expectSummaryOfReviewedChange, ReviewedChange, writeBudgetCapConfig } from "./gitops-checks";
import { rewriteRequested } from "../required-tools";
import { ACCOUNT_ID, POLICY_PACK, pulumiDir, ROOT, Stack, urnName, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const FIXTURES = join(ROOT, "tests", "unit", "fixtures");
const UPDATE = rewriteRequested("XADS_UPDATE_FIXTURES");

const e2e = useStackEmulator();
let stack: Stack;
let program: string;
let ids: Record<string, string>;

/** The example with the change under review (tests/e2e/gitops-checks.ts): a raised budget and a line item whose placements (create-only) change. */
const changed = (p: string) => p
  .replace("dailyBudgetAmountLocalMicro: 50000000", "dailyBudgetAmountLocalMicro: 75000000")
  .replace("        - TWITTER_TIMELINE", "        - ALL_ON_TWITTER");

const change: ReviewedChange = {
  campaign: { resource: "spring-sale", name: "Spring sale", total: "none (unchanged)" },
  lineItem: { resource: "timeline", name: "Timeline clicks", placements: ["TWITTER_TIMELINE", "ALL_ON_TWITTER"] },
  dailyNet: "+USD 25.00",
};

/** Runs `fn` with the changed program, then puts the example back. */
async function withChange<T>(fn: () => Promise<T>): Promise<T> {
  const file = join(stack.dir, "Pulumi.yaml");
  writeFileSync(file, changed(program));
  try {
    return await fn();
  } finally {
    writeFileSync(file, program);
  }
}

beforeAll(async () => {
  if (!existsSync(join(pulumiDir(), "pulumi-language-yaml"))) throw new Error(`no pulumi-language-yaml in ${pulumiDir()}: run make pulumi (make test does)`);
  stack = e2e.stack("plugin-gitops");
  stack.copyProgram(join(ROOT, "examples", "yaml"));
  program = readFileSync(join(stack.dir, "Pulumi.yaml"), "utf8");
  expect(program).not.toBe(changed(program));
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
  ids = Object.fromEntries((await stack.exported()).map((r) => [urnName(r.urn), r.id!]));
  if (UPDATE) writeFileSync(join(FIXTURES, "plugin-state.json"), JSON.stringify(await stack.deployment(), null, 2) + "\n");
});

/** Ids change from run to run: summaries name them by resource. */
const normalise = (text: string) => Object.entries(ids).reduce((m, [name, id]) => m.split(id).join(`<${name}.id>`), text);

test("drift of the untouched stack exits 0", async () => {
  await expectNoDrift(stack);
});

test("pr-summary of a YAML program's preview shows the budget in money and the replace with its reason", async () => {
  const preview = await withChange(() => stack.preview("--json"));
  expect(preview).toMatchObject({ code: 0 });
  if (UPDATE) writeFileSync(join(FIXTURES, "plugin-preview.json"), normalise(preview.stdout));
  const r = await stack.xads(["pr-summary"], { input: preview.stdout });
  expect(r).toMatchObject({ code: 0, stderr: "" });
  const summary = normalise(r.stdout);
  expect(summary).toContain("**1** to update, **2** to replace");
  // The promoted Tweet on the replaced line item goes with it, and the summary says so.
  expect(summary).toContain("> - **replace** `timeline` (LineItem, id `<timeline.id>`) \"Timeline clicks\" replaces what belongs to it too: `launch-post` (PromotedTweet)");
  expectSummaryOfReviewedChange(summary, change);
});

test("the policy pack refuses a YAML program's campaign budget over the cap, naming the campaign, the budget and the cap", async () => {
  const config = writeBudgetCapConfig(stack, "mandatory");
  const refused = await withChange(() => stack.preview("--policy-pack", POLICY_PACK, "--policy-pack-config", config));
  expect(refused.code).not.toBe(0);
  expect(refused.stdout).toContain(budgetCapViolation("spring-sale"));
  // Within the cap (the example as committed), the same pack passes.
  expect(await stack.preview("--policy-pack", POLICY_PACK, "--policy-pack-config", config)).toMatchObject({ code: 0 });
});

test("drift after a budget edited in the ads UI exits 1 naming the resource, its kind and the field", async () => {
  e2e.emu.control.edit("sandbox", ACCOUNT_ID, "campaigns", ids["spring-sale"]!, { daily_budget_amount_local_micro: 99_000_000 });
  await expectDriftOfBudgetEdit(stack, "spring-sale");
});
