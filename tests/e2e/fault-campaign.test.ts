/**
 * A small seeded fault campaign (fault-campaign.ts; `make soak` runs a
 * large one): random faults on every request, killed and recovered ups,
 * and in the end, after a refresh, every live entity once and held by the
 * state, every id of the state live, nothing pending, and a preview with
 * --refresh without changes; no `up` fails because a create lost its answer
 * and made nothing (it is sent again in the same run). Counted from the
 * emulator.
 */
import { renderReport, runFaultCampaign } from "./fault-campaign";

jest.setTimeout(900_000);

test("random faults and killed ups over three rounds leave, after a refresh, no duplicate, no orphan, no dead id in the state, nothing pending, no up failed by a lost answer, and an empty preview with --refresh", async () => {
  const report = await runFaultCampaign({ name: "fault-campaign", seed: 14, rounds: 3, campaigns: 5, rate: 0.15, kills: 2 });
  const text = renderReport(report);
  expect(report.kills).toBeGreaterThan(0);
  expect(Object.values(report.faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  // The state held every resource of the program: the check had ids to check.
  expect(report.held).toBe(report.resources);
  expect({
    duplicates: report.duplicates, orphans: report.orphans, dead: report.dead, pending: report.pendingOperations, lostAnswers: report.upsFailedByLostAnswers,
    finalUp: report.finalUpSucceeded, refresh: report.refreshSucceeded, previewNoChanges: report.previewNoChanges, text,
  }).toEqual({ duplicates: [], orphans: [], dead: [], pending: 0, lostAnswers: 0, finalUp: true, refresh: true, previewNoChanges: true, text });
});
