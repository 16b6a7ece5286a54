/**
 * `xads recommendations`: the platform's campaign recommendations for the
 * funding instruments of a stack's resources, mapped onto those resources
 * by id (cli/recommendations-map.ts), and with --patch a unified diff of
 * the program that makes the changes whose value is a literal there. The
 * stack's state is read (`pulumi stack export`), nothing is written to it
 * and nothing is changed on the platform.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { listFundingInstruments } from "../provider/data-sources";
import { listRecommendations, RecommendationInfo } from "../provider/recommendations";
import { exportedState, openStackConfig } from "./auth/stack-config";
import { CliError } from "./errors";
import { Deployment, kindOfState } from "./recover-plan";
import { mapRecommendations, renderRecommendations, unifiedDiff } from "./recommendations-map";
import { stackClient } from "./untracked";

/** The accounts and funding instruments the stack's resources name (their inputs, or the FundingInstrument resources themselves). */
export function fundingInstrumentsOf(d: Deployment, defaultAccount: string | undefined): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of d.resources ?? []) {
    const kind = kindOfState(r);
    if (!kind || r.delete) continue;
    const account = (r.inputs?.accountId as string | undefined) ?? defaultAccount;
    const fi = kind === "FundingInstrument" ? r.id : (r.inputs?.fundingInstrumentId as string | undefined);
    if (!account || !fi) continue;
    out.set(account, (out.get(account) ?? new Set()).add(fi));
  }
  return out;
}

/** The stack's state and config values (the selected stack of `cwd` without a name). */
async function stackState(cwd: string, stackName: string | undefined): Promise<{ stack: string; deployment: Deployment; config: Record<string, string | undefined> }> {
  const { stackName: stack, workDir, values } = await openStackConfig(cwd, stackName);
  return { stack, deployment: await exportedState<Deployment>(workDir, stack), config: values };
}

/** The compiler API, from the project's node_modules or this package's. */
function typescript(cwd: string): typeof import("typescript") {
  for (const from of [cwd, __dirname]) {
    try {
      return require(require.resolve("typescript", { paths: [from] })) as typeof import("typescript");
    } catch {
      // next place
    }
  }
  throw new CliError("finding the program's resources needs the typescript package: npm install --save-dev typescript in the project folder");
}

export function registerRecommendations(program: Command): void {
  program
    .command("recommendations")
    .summary("map the platform's campaign recommendations onto a stack's resources; --patch writes the program's changes")
    .description(
      "Reads the platform's campaign recommendations (a closed beta: GET 5/accounts/:id/recommendations, at most one per " +
        "funding instrument) for the funding instruments the stack's resources name, and maps each suggested change onto " +
        "the stack's resources by id, as a Markdown list (\"campaign `spring-sale`: daily budget USD 50.00 -> USD 70.00\"), new " +
        "entities under their parent, deletes, and entities no resource of the stack holds. Amounts are in the funding " +
        "instrument's currency.\n\n" +
        "With --patch, the changes whose value is a literal in the program (the resource's `new xads.Kind(...)` call, found " +
        "from the source position the state records) are written as a unified diff of paths in the project folder: apply it " +
        "there with `patch -p1 < <file>` (or `git apply <file>` where the project folder is the repository's root), then review it with `pulumi preview --diff`. Changes that are not a literal " +
        "there (an expression, a computed field, a new or deleted entity) are listed as \"apply by hand\", never guessed.\n\n" +
        "Nothing is changed: the state is only read. Exit codes: 0 done, 2 error. Needs the `pulumi` CLI on PATH, the stack's backend " +
        "and credentials (PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE, the xads:* stack config or XADS_* variables).",
    )
    .option("-s, --stack <name>", "the stack (default: the selected stack of --cwd)")
    .option("-C, --cwd <dir>", "the Pulumi project folder", ".")
    .option("-p, --patch <file>", "write the program's changes as a unified diff to this file")
    .action(async (opts: { stack?: string; cwd: string; patch?: string }) => {
      const cwd = resolve(opts.cwd);
      const { stack, deployment, config } = await stackState(cwd, opts.stack);
      const ctx = stackClient(config, (line) => process.stderr.write(`${line}\n`));
      const recommendations: RecommendationInfo[] = [];
      const currencies = new Map<string, string>();
      try {
        for (const [accountId, instruments] of fundingInstrumentsOf(deployment, ctx.config.accountId)) {
          const found = (await listRecommendations(ctx, { accountId })).filter((r) => instruments.has(r.fundingInstrumentId));
          if (found.length === 0) continue;
          recommendations.push(...found);
          for (const f of await listFundingInstruments(ctx, accountId)) currencies.set(f.id, f.currency);
        }
      } catch (err) {
        throw new CliError(`reading the recommendations failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      const read = (file: string) => {
        const path = join(cwd, file);
        return existsSync(path) ? readFileSync(path, "utf8") : undefined;
      };
      const map = mapRecommendations(recommendations, deployment, { currencyOf: (id) => currencies.get(id), read, ts: () => typescript(cwd) });
      process.stdout.write(renderRecommendations(stack, map, opts.patch));
      if (opts.patch) writeFileSync(opts.patch, unifiedDiff(map.edits, read));
    });
}
