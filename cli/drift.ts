/**
 * `xads drift`: refreshes a stack in preview mode through the Automation API
 * (`pulumi refresh --preview-only --run-program`, nothing is written to the
 * state) and
 * reports every field edited and every entity deleted outside Pulumi, and
 * the live entities like the stack's resources that no state holds.
 * Exit codes: 0 no drift, 1 drift, 2 an error (e.g. the refresh failed).
 * `--all-stacks` runs `driftOfStack` for every stack of the project
 * (cli/drift-all.ts).
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { Command, Option } from "commander";
import { CliError } from "./errors";
import { buildDriftReport, DriftReport, renderDriftJson, renderDriftMarkdown, renderDriftText, withHistory } from "./drift-report";
import { ALL_STACKS_RENDER, allStacksExitCode, driftOfAllStacks, projectStackNames } from "./drift-all";
import { historyOf, historyUserIds, UsersLookupCaller, UsersLookups, withUsernames } from "./drift-history";
import { Deployment } from "./recover-plan";
import { findUntracked, markHeldByOtherStacks, platformBaseOf, platformClient, UntrackedEntity } from "./untracked";
import { contextsOf, StackProviders } from "./stack-providers";
import { redact } from "../provider/client/errors";

/**
 * The live entities like the stack's resources that its state does not hold
 * (cli/untracked.ts), each kind looked up through the providers its
 * resources were managed through, those held by another stack of the
 * project marked so.
 */
async function untrackedOf(providers: StackProviders, deployment: Deployment, cwd: string, stack: string, states: ProjectStates): Promise<UntrackedEntity[]> {
  let untracked: UntrackedEntity[];
  try {
    untracked = await findUntracked(deployment, contextsOf(providers));
  } catch (err) {
    if (err instanceof CliError) throw new CliError(`looking for live entities that no state holds: ${err.message} (--no-untracked skips this)`);
    throw new CliError(`looking for live entities that no state holds failed: ${redact(err instanceof Error ? err.message : String(err), providers.secrets())} (--no-untracked skips this)`);
  }
  return untracked.length === 0 ? untracked : markHeldByOtherStacks(untracked, otherStacks(await states(cwd), stack));
}

/**
 * The report with who changed each drifted resource outside Pulumi and when,
 * from the platform's account history (cli/drift-history.ts), asked through
 * each resource's own provider, the users by handle where the users lookup
 * answers (`users`: the run's lookups, so far): its calls never fail the
 * report, each resource says what the history gave.
 */
async function withDriftHistory(report: DriftReport, values: Record<string, string | undefined>, providers: StackProviders, deployment: Deployment, users: UsersLookups): Promise<DriftReport> {
  const drifted = [...report.changed, ...report.deleted];
  if (drifted.length === 0) return report;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const histories = await historyOf(drifted, deployment, contextsOf(providers));
  // The users lookup: with the credentials of the stack's config, else of the first drifted resource's provider that has them.
  const states = new Map((deployment.resources ?? []).map((r) => [r.urn, r]));
  const ctx = [providers.forAccount(undefined), ...drifted.flatMap((d) => (states.has(d.urn) ? [providers.of(states.get(d.urn)!)] : []))].find((p) => p.ctx)?.ctx;
  let caller: UsersLookupCaller | undefined;
  let why: string | undefined;
  try {
    if (!ctx) throw new Error("no provider of the stack has credentials here");
    caller = { client: platformClient(values, ctx.config, log), baseUrl: platformBaseOf(values), credentials: ctx.config.credentials };
  } catch (err) {
    why = err instanceof Error ? err.message : String(err);
  }
  const found = await users.usernamesOf(historyUserIds(histories.values()), caller, why);
  return withHistory(report, withUsernames(histories, found.usernames), found.note);
}

/** The states of every stack of the project in `cwd` (in the same backend), by name. */
export type ProjectStates = (cwd: string) => Promise<Map<string, Deployment>>;

export const projectStates: ProjectStates = async (cwd) => {
  const { LocalWorkspace } = require("@pulumi/pulumi/automation") as typeof import("@pulumi/pulumi/automation/index.js");
  try {
    const workspace = await LocalWorkspace.create({ workDir: cwd });
    const names = (await workspace.listStacks()).map((s) => s.name);
    const states = await Promise.all(names.map(async (n) => [n, (await workspace.exportStack(n)).deployment as Deployment] as const));
    return new Map(states);
  } catch (err) {
    throw new CliError(`reading the project's other stacks, to tell their entities from those in no state, failed: ${refreshFailure(err instanceof Error ? err.message : String(err))} (--no-untracked skips this)`);
  }
};

/**
 * `read`, called once: every later call answers the first call's states
 * (`--all-stacks` reads the project's states once, not once per stack; a
 * preview-only refresh changes none of them).
 */
export function readOnce(read: ProjectStates): ProjectStates {
  let states: ReturnType<ProjectStates> | undefined;
  return (cwd) => (states ??= read(cwd));
}

/** The states of the project's stacks but `stack`. */
function otherStacks(states: Map<string, Deployment>, stack: string): Map<string, Deployment> {
  return new Map([...states].filter(([n]) => n !== stack && !n.endsWith(`/${stack}`)));
}

export const DRIFT_FORMATS = ["markdown", "text", "json"] as const;
type Format = (typeof DRIFT_FORMATS)[number];

const RENDER: Record<Format, (r: DriftReport) => string> = {
  markdown: renderDriftMarkdown,
  text: renderDriftText,
  json: renderDriftJson,
};

/** The CLI's own error line from an Automation API failure (which carries all of stdout and stderr). */
export function refreshFailure(message: string): string {
  // CommandResult.toString(): "code: ...\n stdout: ...\n stderr: error: ...".
  const lines = message.split("\n").map((l) => l.trim().replace(/^(stdout|stderr): /, "")).filter(Boolean);
  const errors = lines.filter((l) => /^error: /.test(l) && !/^error: (preview|refresh|update) failed$/.test(l));
  const line = errors.at(-1) ?? lines.find((l) => /^error: /.test(l)) ?? lines.find((l) => !/^(code|err\?):/.test(l)) ?? "unknown error";
  return line.replace(/^error: /, "");
}

/**
 * The refresh preview's events, and what the search for untracked entities
 * needs from the same stack: its state, and (`withConfig`) its config values.
 */
async function refreshEvents(cwd: string, stackName: string | undefined, withConfig: boolean): Promise<{
  stack: string; events: Record<string, any>[]; deployment: Deployment; config: Record<string, string | undefined>;
}> {
  // Loaded here: the Automation API is large, and only this command needs it.
  const { LocalWorkspace } = require("@pulumi/pulumi/automation") as typeof import("@pulumi/pulumi/automation/index.js");
  let name = stackName;
  try {
    if (!name) {
      const current = await (await LocalWorkspace.create({ workDir: cwd })).stack();
      if (!current) throw new CliError(`no stack is selected in ${cwd}: pass --stack <name>`);
      name = current.name;
    }
    const stack = await LocalWorkspace.selectStack({ stackName: name, workDir: cwd });
    const events: Record<string, any>[] = [];
    // The program runs, so the provider gets the stack's configuration of now;
    // without it the engine configures it from the state (the last up's
    // addresses and credentials: provider/dispatch.ts STATE_CONFIGURATION_HINT).
    await stack.previewRefresh({ runProgram: true, onEvent: (e) => events.push(e as Record<string, any>) });
    // Secrets revealed (LocalWorkspace.exportStack passes --show-secrets), in memory only: the providers' settings are read of it.
    const deployment = (await stack.exportStack()).deployment as Deployment;
    const config = withConfig ? Object.fromEntries(Object.entries(await stack.getAllConfig()).map(([k, v]) => [k, v.value])) : {};
    return { stack: name!, events, deployment, config };
  } catch (err) {
    if (err instanceof CliError) throw err;
    const what = name ? `the refresh of stack ${name}` : `reading the stacks of ${cwd}`;
    throw new CliError(`${what} failed: ${refreshFailure(err instanceof Error ? err.message : String(err))}`);
  }
}

/**
 * One stack's drift report (`stack` undefined: the selected one of `cwd`):
 * the refresh preview, then, with `untracked`, the live entities that no
 * state holds, and with `history`, who changed each drifted resource and
 * when. `states` reads the project's stacks (`--all-stacks` reads
 * them once for all), and `users` is the run's users lookups (one for all
 * stacks too). Throws a CliError when the stack cannot be checked.
 */
export async function driftOfStack(cwd: string, stackName: string | undefined, options: { untracked: boolean; history: boolean; states?: ProjectStates; users?: UsersLookups }): Promise<DriftReport> {
  const { stack, events, deployment, config } = await refreshEvents(cwd, stackName, options.untracked || options.history);
  // The export's secrets are revealed (the Automation API's exportStack): each provider's settings, in memory only.
  const providers = new StackProviders(deployment, config, (line) => process.stderr.write(`${line}\n`));
  const untracked = options.untracked ? await untrackedOf(providers, deployment, cwd, stack, options.states ?? projectStates) : [];
  const found = { ...buildDriftReport(events, untracked), stack };
  return options.history ? withDriftHistory(found, config, providers, deployment, options.users ?? new UsersLookups()) : found;
}

export function registerDrift(program: Command): void {
  program
    .command("drift")
    .summary("report what was changed or deleted outside Pulumi (exit 1 on drift)")
    .description(
      "Refreshes the stack in preview mode (`pulumi refresh --preview-only --run-program` through the Automation API: the " +
        "state is not changed; the program runs, so the stack's current configuration is used, not the one the last " +
        "pulumi up saved) and reports, by resource name, every field whose live value differs from the state and every entity " +
        "deleted outside Pulumi, e.g. edited by hand in the ads UI. It then looks, kind by kind, for live entities that match " +
        "a resource of the stack by its natural key (a campaign's name and funding instrument, a promoted Tweet's line item and " +
        "Tweet...) but that no resource holds: the duplicate a killed pulumi up leaves, or one made by hand (kinds destroy may leave on " +
        "the platform, published Tweets and funding instruments, are not looked for: the Ads API cannot remove them, or not " +
        "outside the sandbox, and one may be an earlier destroy's or another project's). For each changed or " +
        "deleted campaign, line item, promoted Tweet or account and targeting criterion, the platform's account history (in " +
        "beta: allow-listed accounts) says who changed it and when; the users are named by handle where the credentials can " +
        "read it (one X API users lookup, GET /2/users on xads:platformBaseUrl), else by id with one note.\n\n" +
        "With --all-stacks it checks every stack of the project in turn (`pulumi stack ls`: e.g. one stack per ads account) and " +
        "writes one report, a table of the stacks first (drift yes/no, the counts) then each stack's section; a stack that cannot " +
        "be checked is named with the reason and the others are still checked.\n\n" +
        "Exit codes: 0 no drift, 1 drift found, 2 error (with --all-stacks: 0 no drift in any stack, 1 drift in one or more, " +
        "2 when any stack could not be checked). Needs the `pulumi` CLI on PATH, the program's dependencies " +
        "installed, and the stack's backend and credentials (PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE, the xads:* stack config or XADS_* variables). " +
        "Each resource is read through its own provider: an explicit provider's (xads.Provider, a YAML pulumi:providers:xads) account, " +
        "address and credentials come from the state, revealed in memory only; a setting it lacks from XADS_*, as it read them.",
    )
    .option("-s, --stack <name>", "the stack to check (default: the selected stack of --cwd)")
    .addOption(new Option("--all-stacks", "check every stack of the project (e.g. one per ads account) in turn: one report, a summary table first; " +
      "exit 2 when any stack could not be checked (the report covers the others and says why), else 1 when any drifted").conflicts("stack"))
    .option("-C, --cwd <dir>", "the Pulumi project folder", ".")
    .addOption(new Option("-f, --format <format>", "the report's format").choices(DRIFT_FORMATS).default("markdown"))
    .option("-o, --output <file>", "also write the report to this file (e.g. an issue body)")
    .option("--no-history", "do not ask the platform's account history who changed each drifted resource and when (one call per drifted campaign, line item, promoted Tweet or account, targeting criterion, and one users lookup for their handles)")
    .option("--no-untracked", "do not look for live entities that no state holds (one list call per kind and 200 resources; per resource for kinds without a batch endpoint)")
    .action(async (opts: { stack?: string; allStacks?: true; cwd: string; format: Format; output?: string; untracked: boolean; history: boolean }) => {
      const cwd = resolve(opts.cwd);
      let text: string;
      if (opts.allStacks) {
        const states = readOnce(projectStates);
        const users = new UsersLookups();
        const all = await driftOfAllStacks(await projectStackNames(cwd), (stack) => driftOfStack(cwd, stack, { untracked: opts.untracked, history: opts.history, states, users }),
          (line) => process.stderr.write(`${line}\n`));
        text = ALL_STACKS_RENDER[opts.format](all);
        process.exitCode = allStacksExitCode(all);
      } else {
        const report = await driftOfStack(cwd, opts.stack, opts);
        text = RENDER[opts.format](report);
        process.exitCode = report.drift ? 1 : 0;
      }
      process.stdout.write(text);
      if (opts.output) writeFileSync(opts.output, text);
    });
}
