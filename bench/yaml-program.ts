/**
 * The bench's program for the provider plugin: the shape and input
 * properties of bench/program/index.js (a funding instrument, N campaigns,
 * one line item on each), as a YAML program, which has no loop: written out
 * for each N. The campaigns' daily budget is the project's config `budget`
 * (make bench's budget change sets it).
 */

/** The Pulumi.yaml of a stack of the plugin at N, its plugin served from `pluginDir` (the packed install's bin). */
export function yamlProgram(n: number, accountId: string, pluginDir: string): string {
  const lines = [
    "name: bench-plugin",
    "runtime: yaml",
    "description: make bench (plugin)",
    "plugins:",
    "  providers:",
    "    - name: xads",
    `      path: ${pluginDir}`,
    "config:",
    "  budget:",
    "    type: integer",
    "    default: 1000000",
    "resources:",
    "  usd:",
    "    type: xads:index:FundingInstrument",
    "    properties:",
    `      accountId: "${accountId}"`,
    "      currency: USD",
    '      startTime: "2026-01-01T00:00:00Z"',
  ];
  for (let i = 0; i < n; i++) {
    lines.push(
      `  c${i}:`,
      "    type: xads:index:Campaign",
      "    properties:",
      `      accountId: "${accountId}"`,
      "      fundingInstrumentId: ${usd.id}",
      `      name: bench ${i}`,
      "      entityStatus: PAUSED",
      "      dailyBudgetAmountLocalMicro: ${budget}",
      "      deletionProtection: false",
      `  li${i}:`,
      "    type: xads:index:LineItem",
      "    properties:",
      `      accountId: "${accountId}"`,
      `      campaignId: \${c${i}.id}`,
      `      name: bench ${i}`,
      "      objective: WEBSITE_CLICKS",
      "      productType: PROMOTED_TWEETS",
      "      placements: [ALL_ON_TWITTER]",
      "      entityStatus: PAUSED",
    );
  }
  return `${lines.join("\n")}\n`;
}
