/**
 * `make soak`: a large fault campaign (fault-campaign.ts), not a test run by
 * default. At least 1,000 faults and 20 kills over programs of 241
 * resources (60 campaigns, each with a line item and two promoted Tweets).
 * Prints faults by kind, kills, duplicates, orphans, dead ids of the state,
 * pending operations left and whether the final refresh succeeded and the
 * preview (--refresh) shows no changes; exits 1 unless there is no
 * duplicate, no orphan, no dead id, nothing pending, a refresh, an empty
 * preview, and the campaign reached its 1,000 faults and 20 kills.
 *
 * XADS_SOAK_SEED, XADS_SOAK_ROUNDS, XADS_SOAK_CAMPAIGNS, XADS_SOAK_RATE and
 * XADS_SOAK_KILLS change its size.
 */
import { renderReport, runFaultCampaign } from "./fault-campaign";

const MIN_FAULTS = 1000;
const MIN_KILLS = 20;

function setting(name: string, fallback: number): number {
  const raw = process.env[`XADS_SOAK_${name}`];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(n)) throw new Error(`XADS_SOAK_${name} must be a number, got "${raw}"`);
  return n;
}

async function main(): Promise<number> {
  const options = {
    name: "soak",
    seed: setting("SEED", 1),
    rounds: setting("ROUNDS", 26),
    campaigns: setting("CAMPAIGNS", 60),
    rate: setting("RATE", 0.35),
    kills: setting("KILLS", 22),
  };
  const started = Date.now();
  process.stdout.write(`soak: ${JSON.stringify(options)}\n`);
  const report = await runFaultCampaign({ ...options, log: (line) => process.stdout.write(`  ${line}\n`) });
  process.stdout.write(`\n${renderReport(report)}\ntook ${Math.round((Date.now() - started) / 60_000)} min\n`);
  const faults = Object.values(report.faults).reduce((a, b) => a + b, 0);
  const short = [
    ...(faults < MIN_FAULTS ? [`${faults} faults, fewer than ${MIN_FAULTS}`] : []),
    ...(report.kills < MIN_KILLS ? [`${report.kills} kills, fewer than ${MIN_KILLS}`] : []),
  ];
  for (const s of short) process.stdout.write(`too small a campaign: ${s}\n`);
  const clean = report.duplicates.length === 0 && report.orphans.length === 0 && report.dead.length === 0 && report.pendingOperations === 0
    && report.finalUpSucceeded && report.refreshSucceeded && report.previewNoChanges;
  return clean && short.length === 0 ? 0 : 1;
}

main().then((code) => process.exit(code), (err: unknown) => {
  process.stderr.write(`soak: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(2);
});
