/**
 * The checks of the GitOps flow (docs/gitops.md: xads drift, xads pr-summary
 * of a preview, the policy pack's budget cap) on a stack, whatever its
 * program: tests/e2e/gitops.test.ts runs them on a TypeScript program
 * (dynamic resources), tests/e2e/plugin-gitops.test.ts on a YAML program
 * served by the provider plugin (xads:index:<Kind>). Both programs are
 * reviewed with the same change, so a change of the flow is made here once.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Stack } from "./harness";

/**
 * The change under review, named as the program names its resources: a
 * campaign's daily budget raised from USD 50 to USD 75, and a line item
 * replaced because its placements (create-only) change.
 */
export interface ReviewedChange {
  /** The campaign's resource name, its name, and its total budget as the summary's budget table shows it. */
  campaign: { resource: string; name: string; total: string };
  /** The line item's resource name, its name, and its placements before and after. */
  lineItem: { resource: string; name: string; placements: [string, string] };
  /** The USD row's net change of daily budgets (other changes of the program count in it). */
  dailyNet: string;
}

/** `xads drift` of the stack with no edit outside Pulumi: exit 0, no drift. */
export async function expectNoDrift(stack: Stack): Promise<void> {
  const r = await stack.xads(["drift", "--stack", "dev", "--format", "json"]);
  expect(r).toMatchObject({ code: 0 });
  expect(JSON.parse(r.stdout)).toMatchObject({ stack: "dev", drift: false, changed: [], deleted: [] });
}

/**
 * What a reviewer must see in pr-summary's summary of the change (ids
 * written `<resource.id>`): the budget in money, the replacement with its
 * reason and the property that forces it; resources named by kind, never
 * by a type token.
 */
export function expectSummaryOfReviewedChange(summary: string, change: ReviewedChange): void {
  const { campaign, lineItem } = change;
  expect(summary).toContain(`| \`${campaign.resource}\` "${campaign.name}" | update | USD 50.00 -> USD 75.00 | ${campaign.total} |`);
  expect(summary).toContain(`| USD | ${change.dailyNet} | USD 0.00 |`);
  expect(summary).toContain(`#### +- replace \`${lineItem.resource}\` (LineItem, id \`<${lineItem.resource}.id>\`) "${lineItem.name}"`);
  expect(summary).toContain("Replaced because `placements` cannot change in place");
  expect(summary).toContain(`| \`placements\` | \`["${lineItem.placements[0]}"]\` | \`["${lineItem.placements[1]}"]\` | forces replacement |`);
  expect(summary).not.toMatch(/pulumi-nodejs:dynamic|xads:index:/);
}

/** The policy pack's configuration (written in the stack's folder; its path answered): a daily budget cap of USD 60, at `enforcementLevel` (the pack's default, advisory, when undefined). */
export function writeBudgetCapConfig(stack: Stack, enforcementLevel?: "advisory" | "mandatory"): string {
  const config = join(stack.dir, "policy-config.json");
  writeFileSync(config, JSON.stringify({
    "xads-campaign-budget-caps": { ...(enforcementLevel ? { enforcementLevel } : {}), maxDailyBudget: { USD: 60 } },
    "xads-active-campaigns-per-account": { countUnmanagedCampaigns: false },
  }));
  return config;
}

/** The pack's violation of the reviewed change's budget (USD 75) over writeBudgetCapConfig's cap. */
export const budgetCapViolation = (campaign: string): string =>
  `Campaign "${campaign}" daily budget is 75 USD; the organisation's cap is 60 USD (maxDailyBudget.USD)`;

/**
 * `xads drift` after the campaign's daily budget was edited from USD 50 to
 * USD 99 in the ads UI (and `deleted` deleted there): exit 1, the JSON
 * report and the markdown one name the resource, its kind and the field.
 * Answers the markdown report, for a test's own checks.
 */
export async function expectDriftOfBudgetEdit(stack: Stack, campaign: string, deleted: { resource: string; kind: string; id: string }[] = []): Promise<string> {
  const json = await stack.xads(["drift", "--stack", "dev", "--format", "json"]);
  expect(json).toMatchObject({ code: 1 });
  const report = JSON.parse(json.stdout);
  expect(report).toMatchObject({ drift: true, deleted });
  expect(report.changed).toEqual([expect.objectContaining({
    resource: campaign, kind: "Campaign", fields: [{ field: "dailyBudgetAmountLocalMicro", state: 50_000_000, live: 99_000_000 }],
  })]);
  const markdown = await stack.xads(["drift", "--cwd", stack.dir]);
  expect(markdown.code).toBe(1);
  expect(markdown.stdout).toContain(`| \`${campaign}\` (Campaign) | \`dailyBudgetAmountLocalMicro\` | \`USD 50.00\` | \`USD 99.00\` |`);
  for (const d of deleted) expect(markdown.stdout).toContain(`- \`${d.resource}\` (${d.kind}, id \`${d.id}\`)`);
  return markdown.stdout;
}
