import { campaignBudgetCaps, units } from "../budgets";
import { campaign, fundingInstrument } from "./fixtures";
import { stackViolations, unknown } from "./util";

describe("xads-campaign-budget-caps", () => {
  const policy = campaignBudgetCaps;
  const caps = { maxDailyBudget: { USD: 100 }, maxTotalBudget: { USD: 5000, EUR: 1 } };
  const usd = fundingInstrument();
  const underUsd = (props: Record<string, unknown> = {}) =>
    campaign({ fundingInstrumentId: unknown, ...props }, { sources: { fundingInstrumentId: ["usd"] } });

  test("budgets within the caps of the funding instrument's currency pass", async () => {
    expect(await stackViolations(policy, [usd, underUsd({ dailyBudgetAmountLocalMicro: 100_000_000, totalBudgetAmountLocalMicro: 5_000_000_000 })], { config: caps })).toEqual([]);
  });

  test("a daily and a total budget above the caps fail, in the currency's units, naming the config key", async () => {
    const over = underUsd({ dailyBudgetAmountLocalMicro: 150_500_000, totalBudgetAmountLocalMicro: 6_000_000_000 });
    expect(await stackViolations(policy, [usd, over], { config: caps })).toEqual([
      'Campaign "spring-sale" daily budget is 150.5 USD; the organisation\'s cap is 100 USD (maxDailyBudget.USD)',
      'Campaign "spring-sale" total budget is 6000 USD; the organisation\'s cap is 5000 USD (maxTotalBudget.USD)',
    ]);
  });

  test("a created campaign's own currency output is used", async () => {
    const created = campaign({ currency: "EUR", totalBudgetAmountLocalMicro: 2_000_000 });
    expect(await stackViolations(policy, [created], { config: caps })).toEqual([
      'Campaign "spring-sale" total budget is 2 EUR; the organisation\'s cap is 1 EUR (maxTotalBudget.EUR)',
    ]);
  });

  test("no caps by default, and no cap for a currency without one", async () => {
    const big = underUsd({ dailyBudgetAmountLocalMicro: 10 ** 12, totalBudgetAmountLocalMicro: 10 ** 13 });
    expect(await stackViolations(policy, [usd, big])).toEqual([]);
    expect(await stackViolations(policy, [fundingInstrument({ currency: "JPY" }), big], { config: caps })).toEqual([]);
  });

  test("a currency or an amount not known during preview is skipped", async () => {
    const over = underUsd({ dailyBudgetAmountLocalMicro: 10 ** 12 });
    expect(await stackViolations(policy, [fundingInstrument({ currency: unknown }), over], { config: caps })).toEqual([]);
    expect(await stackViolations(policy, [usd, underUsd({ dailyBudgetAmountLocalMicro: unknown })], { config: caps })).toEqual([]);
    // A funding instrument outside the stack (a data source): no currency to compare in.
    expect(await stackViolations(policy, [campaign({ dailyBudgetAmountLocalMicro: 10 ** 12 })], { config: caps })).toEqual([]);
  });

  test("amounts read as whole units with the decimals they have", () => {
    expect([units(50_000_000), units(1_500_000), units(1)]).toEqual(["50", "1.5", "0.000001"]);
  });
});
