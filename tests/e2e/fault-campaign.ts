/**
 * The fault campaign: what a CI pipeline lives through, against the
 * emulator with the real CLI. Rounds of `pulumi up` over a program of
 * campaigns, each with a line item and two promoted Tweets (each round
 * replaces a quarter of them and changes the budgets of another quarter),
 * while the emulator draws faults at random per request from a seed
 * (time-outs after commit, 503, 429, dropped connections, on single and
 * batch endpoints and look-ups alike), and the ups of every round lose the
 * answer of a campaign create and of a promoted Tweet create before anything
 * commits. In some rounds the first `up` is killed (SIGKILL) after a random
 * number of writes, and recovered as the docs/operations.md says (xads
 * recover --cancel, pulumi up). A failed `up` is run again, as a pipeline's
 * retry would, and counted with its first error;
 * a create whose answer was lost and that made nothing is sent again by the
 * same `up` (docs/architecture.md rule 7), so it fails none. At the end,
 * without faults: one more recovery and `up`, a `pulumi refresh`, and a
 * `pulumi preview --refresh` that must show no changes.
 *
 * Everything is counted from the emulator's state, not the provider's
 * output, after the refresh, both ways (fault-campaign-check.ts):
 * duplicates (live entities sharing what tells them apart: a campaign's
 * name, a line item's campaign and name, a promoted Tweet's line item and
 * Tweet), orphans (live entities no resource of the state holds), dead ids
 * (ids of the state no live entity has), pending operations left in the
 * state.
 *
 * `make test` runs a small campaign (fault-campaign.test.ts), `make soak` a
 * large one (soak.ts).
 */
import { seededRandom } from "../../emulator/faults";
import { kindOfResource } from "../../provider/resources";
import { checkState, COLLECTIONS, Platform } from "./fault-campaign-check";
import { ACCOUNT_ID, ProgramResource, RunResult, Stack, startStackEmulator, urnName } from "./harness";

export interface CampaignOptions {
  /** The stack's name (its folder under .work/consumer/stacks). */
  name: string;
  seed: number;
  rounds: number;
  /** Campaigns in the program, each with a line item and two promoted Tweets: 4 resources each, and the funding instrument. */
  campaigns: number;
  /** The chance of a fault for each request. */
  rate: number;
  /** How many rounds' first `up` is killed. */
  kills: number;
  log?: (line: string) => void;
}

export interface CampaignReport {
  resources: number;
  requests: number;
  /** Faults the emulator injected, by kind. */
  faults: Record<string, number>;
  kills: number;
  /** `pulumi up` runs, the killed ones included. */
  ups: number;
  /** The first error of each `up` that failed (killed ones aside), in order. */
  failedUps: string[];
  /** Failed ups that said a create got no answer and made nothing ("none was created"): a pipeline run lost to a lost answer. */
  upsFailedByLostAnswers: number;
  duplicates: string[];
  orphans: string[];
  /** xads resources in the final state (after the refresh). */
  held: number;
  /** Resources of the state whose id names no live entity. */
  dead: string[];
  pendingOperations: number;
  /** Whether the final, fault-free `pulumi up` succeeded. */
  finalUpSucceeded: boolean;
  /** Whether the `pulumi refresh` after it succeeded. */
  refreshSucceeded: boolean;
  /** Whether the final `pulumi preview --refresh --expect-no-changes` passed. */
  previewNoChanges: boolean;
}

/** The provider gives up on an answer after 1.5 s; a time-out after commit holds it 3 s. */
const REQUEST_TIMEOUT_MS = 1500;
const HOLD_MS = 3000;
/** Runs of a failed `up` with faults on before the round's last, fault-free one. */
const UPS_WITH_FAULTS = 4;
/** Ups a kill round starts to land its kill in one. */
const KILL_TRIES = 3;

/** The program of round `round`: slot i's campaign is replaced in the rounds where (i + round) % 4 == 0. */
export function roundProgram(campaigns: number, round: number): ProgramResource[] {
  const resources: ProgramResource[] = [{ type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } }];
  for (let i = 0; i < campaigns; i++) {
    // Generations so far: the rounds 1..round in which this slot was replaced.
    const generation = Array.from({ length: round }, (_, r) => r + 1).filter((r) => (i + r) % 4 === 0).length;
    const budgetStep = Array.from({ length: round }, (_, r) => r + 1).filter((r) => (i + r) % 4 === 1).length;
    const id = `${i}g${generation}`;
    const name = `Slot ${i} generation ${generation}`;
    resources.push(
      { type: "Campaign", name: `c${id}`, args: { fundingInstrumentId: "${usd.id}", name, dailyBudgetAmountLocalMicro: 1_000_000 + budgetStep * 10_000, deletionProtection: false } },
      { type: "LineItem", name: `li${id}`, args: { campaignId: `\${c${id}.id}`, name, objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
      ...[0, 1].map((k) => ({ type: "PromotedTweet", name: `pt${id}k${k}`, args: { lineItemId: `\${li${id}.id}`, tweetId: String(1_600_000_000_000_000_000n + BigInt(i * 2 + k)) } })),
    );
  }
  return resources;
}

export async function runFaultCampaign(opts: CampaignOptions): Promise<CampaignReport> {
  const log = opts.log ?? (() => {});
  const random = seededRandom(opts.seed);
  const { emu, creds } = await startStackEmulator();
  const stack = new Stack(opts.name, emu, creds);
  const report: CampaignReport = {
    resources: 0, requests: 0, faults: {}, kills: 0, ups: 0, failedUps: [], upsFailedByLostAnswers: 0, duplicates: [], orphans: [], held: 0, dead: [], pendingOperations: 0,
    finalUpSucceeded: false, refreshSucceeded: false, previewNoChanges: false,
  };
  const killRounds = new Set(shuffled(Array.from({ length: opts.rounds }, (_, r) => r), random).slice(0, opts.kills));
  try {
    stack.writeProgram(roundProgram(opts.campaigns, 0));
    await stack.init();
    await stack.must(["config", "set", "xads:requestTimeoutMs", String(REQUEST_TIMEOUT_MS)]);
    for (let round = 0; round < opts.rounds; round++) {
      const program = roundProgram(opts.campaigns, round);
      report.resources = Math.max(report.resources, program.length);
      stack.writeProgram(program);
      emu.control.randomFaults({ seed: opts.seed * 1000 + round, rate: opts.rate, delayMs: HOLD_MS });
      // Killed after 1 to one write a campaign: anywhere from the first write to deep into the update. An up
      // that ends first (faults fail it early) is followed by another try.
      for (let tries = 0; killRounds.has(round) && tries < KILL_TRIES; tries++) {
        const writes = 1 + Math.floor(random() * opts.campaigns);
        report.ups++;
        if (!(await killAfterWrites(stack, writes))) {
          log(`round ${round}: up ended before ${writes} writes`);
          continue;
        }
        report.kills++;
        log(`round ${round}: up killed after ${writes} writes`);
        await recover(stack, () => emu.control.clearFaults(), log);
        break;
      }
      // Every round's ups lose the answer of a campaign create and of a promoted Tweet create, before anything commits.
      for (const collection of ["campaigns", "promoted_tweets"]) emu.control.fault({ method: "POST", path: `/${collection}$`, kind: "drop", name: "lost create" });
      for (let attempt = 0; ; attempt++) {
        if (attempt === UPS_WITH_FAULTS) emu.control.clearFaults();
        const r = await stack.up();
        report.ups++;
        if (r.code === 0) break;
        report.failedUps.push(firstError(r));
        if (/so none was created/.test(r.stdout + r.stderr)) report.upsFailedByLostAnswers++;
        log(`round ${round}: up failed (${firstError(r)}), run again`);
        if (attempt > UPS_WITH_FAULTS) throw new Error(`round ${round}: up fails without faults:\n${r.stdout}\n${r.stderr}`);
      }
      emu.control.clearFaults();
      log(`round ${round}: converged`);
    }
    // The last pipeline run: nothing injected.
    await recover(stack, () => {}, log);
    const last = await stack.up();
    report.ups++;
    report.finalUpSucceeded = last.code === 0;
    if (!report.finalUpSucceeded) log(`final up failed: ${firstError(last)}`);
    // The state as the platform has it now: an id of a dead entity goes (and then shows as a create in the preview).
    const refresh = await stack.run(["refresh", "--yes", "--skip-preview"]);
    report.refreshSucceeded = refresh.code === 0;
    if (!report.refreshSucceeded) log(`refresh failed: ${firstError(refresh)}`);
    const state = await stack.deployment();
    report.pendingOperations = (state.pending_operations ?? []).length;
    const held = state.resources.flatMap((r) => {
      const kind = kindOfResource(r.type, r.inputs);
      return kind ? [{ kind, name: urnName(r.urn), id: r.id ?? "" }] : [];
    });
    const platform = Object.fromEntries(COLLECTIONS.map((c) => [c, emu.control.entities("sandbox", ACCOUNT_ID, c, { withDeleted: true })])) as unknown as Platform;
    report.held = held.length;
    Object.assign(report, checkState(platform, held));
    report.previewNoChanges = (await stack.preview("--refresh", "--expect-no-changes")).code === 0;
    const requests = emu.control.requests();
    report.requests = requests.length;
    for (const r of requests) if (r.fault) report.faults[r.fault] = (report.faults[r.fault] ?? 0) + 1;
    return report;
  } finally {
    await emu.close();
  }
}

/** Starts `pulumi up` and SIGKILLs it once `writes` more writes reached the emulator; false when it ended first. */
async function killAfterWrites(stack: Stack, writes: number): Promise<boolean> {
  const writesSoFar = () => stack.emu.control.requests().filter((r) => r.method !== "GET").length;
  const target = writesSoFar() + writes;
  return stack.killWhen(["up", "--yes", "--skip-preview"], () => writesSoFar() >= target);
}

/**
 * The documented recovery: xads recover --cancel (the killed update's lock
 * released), run again until it could decide every pending create (its
 * look-ups meet faults too); `quiet` stops the faults when it keeps failing.
 */
async function recover(stack: Stack, quiet: () => void, log: (line: string) => void): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (attempt === 3) quiet();
    const r = await stack.xads(["recover", "--cancel"]);
    if (r.code === 0) return;
    log(`xads recover failed (${r.stderr.trim().split("\n")[0]}), run again`);
    if (attempt > 5) throw new Error(`xads recover keeps failing:\n${r.stderr}`);
  }
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function firstError(r: RunResult): string {
  return (r.stdout + r.stderr).split("\n").map((l) => l.trim()).find((l) => l.startsWith("error:") && !/update failed/.test(l)) ?? `exit ${r.code}`;
}

/** The report as the lines `make soak` prints. */
export function renderReport(r: CampaignReport): string {
  const faults = Object.entries(r.faults).sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k} ${n}`).join(", ");
  const total = Object.values(r.faults).reduce((a, b) => a + b, 0);
  return [
    `resources in the program: ${r.resources}`,
    `requests: ${r.requests}`,
    `faults: ${total} (${faults || "none"})`,
    `kills: ${r.kills}`,
    `pulumi up runs: ${r.ups}`,
    `failed ups: ${r.failedUps.length}${r.failedUps.map((e) => `\n  ${e}`).join("")}`,
    `ups failed by a lost answer that made nothing: ${r.upsFailedByLostAnswers}`,
    `duplicates: ${r.duplicates.length}${r.duplicates.map((d) => `\n  ${d}`).join("")}`,
    `orphans: ${r.orphans.length}${r.orphans.map((o) => `\n  ${o}`).join("")}`,
    `resources in the final state: ${r.held}`,
    `dead ids in the state: ${r.dead.length}${r.dead.map((d) => `\n  ${d}`).join("")}`,
    `pending operations left: ${r.pendingOperations}`,
    `final up succeeded: ${r.finalUpSucceeded ? "yes" : "no"}`,
    `refresh succeeded: ${r.refreshSucceeded ? "yes" : "no"}`,
    `final preview (--refresh) shows no changes: ${r.previewNoChanges ? "yes" : "no"}`,
  ].join("\n");
}
