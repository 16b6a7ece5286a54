/**
 * Two bugs of hand-kept field lists, with the real pulumi CLI:
 * a rule between fields waited for every input to be known, so a preview of
 * a new campaign's line item let a MAX bid without an amount through; and an
 * empty childSegments beside segments was lost from the state, so every up
 * replaced the flexible audience.
 */
import { output, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();

test("a MAX bid without an amount, under a campaign of the same program, fails preview naming bidAmountLocalMicro, and nothing is written", async () => {
  const stack = e2e.stack("declared-rules");
  stack.writeProgram([
    { type: "FundingInstrument", name: "fi", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "launch", args: { fundingInstrumentId: "${fi.id}", name: "Launch", dailyBudgetAmountLocalMicro: 5_000_000 } },
    {
      type: "LineItem", name: "clicks",
      args: { campaignId: "${launch.id}", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], bidStrategy: "MAX" },
    },
  ]);
  await stack.init();
  e2e.emu.control.clearRequests();
  const preview = await stack.preview();
  expect(preview.code).not.toBe(0);
  expect(output(preview)).toMatch(/bidAmountLocalMicro is required when bidStrategy is MAX/);
  expect(e2e.writes()).toEqual([]);
});

test("a FlexibleAudience with childSegments: [] beside segments shows no changes on the second preview", async () => {
  const stack = e2e.stack("declared-empty-list");
  stack.writeProgram([
    { type: "CustomAudience", name: "installers", args: { name: "Installers (empty list)", deletionProtection: false } },
    {
      type: "FlexibleAudience", name: "flex",
      args: {
        name: "Installers, by segments", childSegments: [], deletionProtection: false,
        segments: { booleanOperator: "AND", childSegments: [{ customAudienceId: "${installers.id}", lookbackWindow: 7 }] },
      },
    },
  ]);
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
  const second = await stack.preview("--expect-no-changes");
  expect(second.code).toBe(0);
  expect(second.stdout).toMatch(/3 unchanged/);
});
