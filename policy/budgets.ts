/**
 * The organisation's budget caps per campaign (a guardrail). The platform's
 * rules between budget fields (ref campaign-management/reference.mdx, POST campaigns) are the campaign's own
 * check, which xads-resource-checks runs.
 */
import { StackValidationPolicy } from "@pulumi/policy";
import { Finding, forStack, reportFindings } from "./define";
import { num, Stack, subject, text, XadsResource } from "./resources";

/** `_local_micro` amounts are millionths of the funding instrument's currency unit (ref fundamentals/currency.mdx). */
const MICROS_PER_UNIT = 1_000_000;

export interface BudgetCapsConfig {
  /** Currency code -> the highest daily budget of one campaign, in units of that currency. */
  maxDailyBudget: Record<string, number>;
  /** Currency code -> the highest total budget of one campaign, in units of that currency. */
  maxTotalBudget: Record<string, number>;
}

const capsSchema = (which: string) => ({
  type: "object" as const,
  additionalProperties: { type: "number" as const, minimum: 0 },
  default: {},
  description: `Per currency (ISO-4217 code), the highest ${which} budget of one campaign, in units of that currency, e.g. {"USD": 5000}.`,
});

/**
 * A campaign's currency: its own once created (`currency` output), else that
 * of the FundingInstrument of the stack its fundingInstrumentId comes from.
 */
export function currencyOf(stack: Stack, campaign: XadsResource): string | undefined {
  const instrument = stack.sourceOf(campaign, "fundingInstrumentId", "FundingInstrument");
  return text(campaign, "currency") ?? (instrument && text(instrument, "currency"));
}

/** Amounts as a reviewer reads them: whole units, decimals only where there are some. */
export function units(micros: number): string {
  return String(micros / MICROS_PER_UNIT);
}

export const campaignBudgetCaps: StackValidationPolicy = {
  name: "xads-campaign-budget-caps",
  description: "A campaign's daily and total budgets stay within the organisation's caps, per currency of its funding instrument.",
  enforcementLevel: "advisory",
  configSchema: { properties: { maxDailyBudget: capsSchema("daily"), maxTotalBudget: capsSchema("total") } },
  validateStack: forStack<BudgetCapsConfig>((stack, config, report) => {
    const caps = [
      { field: "dailyBudgetAmountLocalMicro", label: "daily", key: "maxDailyBudget", cap: config.maxDailyBudget ?? {} },
      { field: "totalBudgetAmountLocalMicro", label: "total", key: "maxTotalBudget", cap: config.maxTotalBudget ?? {} },
    ];
    const findings: Finding[] = [];
    for (const campaign of stack.ofKind("Campaign")) {
      const currency = currencyOf(stack, campaign);
      if (currency === undefined) continue;
      for (const { field, label, key, cap } of caps) {
        const amount = num(campaign, field);
        const max = cap[currency];
        if (amount === undefined || max === undefined || amount <= max * MICROS_PER_UNIT) continue;
        findings.push({ resource: campaign, message: `${subject(campaign)} ${label} budget is ${units(amount)} ${currency}; the organisation's cap is ${max} ${currency} (${key}.${currency})` });
      }
    }
    // Many campaigns over a cap (a cap lowered) report once (define.ts reportFindings).
    reportFindings(report, findings, (count, names) => `${count} campaigns have a budget above the organisation's caps (${names}); the caps are maxDailyBudget ${JSON.stringify(config.maxDailyBudget ?? {})}, maxTotalBudget ${JSON.stringify(config.maxTotalBudget ?? {})}`);
  }),
};
