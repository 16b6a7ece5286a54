/**
 * Targeting with the real pulumi CLI, beyond the walk of PromotedAccount,
 * LineItemCuratedCategory and TargetingCriterion (walk-table.ts): a data
 * source's answer as a stack output, and a content category targeted
 * without IAB_CATEGORY refused in preview with no write.
 */
import { DataSourceSpec, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const CONFIGURED_USER = "756201191646691328";

const e2e = useStackEmulator();
let stack: Stack;

const LINE_ITEM: ProgramResource[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  { type: "Campaign", name: "c", args: { fundingInstrumentId: "${usd.id}", name: "C", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
  { type: "LineItem", name: "tweets", args: { campaignId: "${c.id}", objective: "FOLLOWERS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
];
const DATA_SOURCES: DataSourceSpec[] = [{ name: "promotableUsers", fn: "getPromotableUsers" }];

beforeAll(async () => {
  stack = e2e.stack("targeting");
  stack.writeProgram(LINE_ITEM, DATA_SOURCES);
  await stack.init();
});

test("up exports a data source's answer as a stack output", async () => {
  expect(await stack.up()).toMatchObject({ code: 0 });
  const out = await stack.outputs() as unknown as Record<string, unknown>;
  expect(out.promotableUsers).toContainEqual(expect.objectContaining({ userId: CONFIGURED_USER, promotableUserType: "FULL" }));
});

test("a content category targeted without IAB_CATEGORY is refused in preview, naming targetingType, with no write", async () => {
  e2e.emu.control.clearRequests();
  // IAB17-12 is a content category: only IAB_CATEGORY may target it. (On a line item the
  // stack made already: check runs the rule once every input is known.)
  stack.writeProgram([...LINE_ITEM, { type: "TargetingCriterion", name: "tc", args: { lineItemId: "${tweets.id}", targetingType: "INTEREST", targetingValue: "IAB17-12" } }], DATA_SOURCES);
  const preview = await stack.preview();
  expect(preview.code).not.toBe(0);
  expect(output(preview)).toMatch(/targetingType must be IAB_CATEGORY to target the content category value IAB17-12 \(got INTEREST\)/);
  expect(e2e.writes()).toEqual([]);
});
