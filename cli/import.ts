/**
 * `xads import --account <id>`: lists an ads account's entities (the kinds
 * in import-kinds.ts that the registry has) and writes a TypeScript program
 * that adopts them (import-program.ts). Pulumi's own `import` cannot import
 * dynamic resources (docs/architecture.md rule 6), hence adoption; with
 * `--format pulumi-import` it writes instead the file `pulumi import --file`
 * reads, for programs that use the provider plugin (YAML, Python, pulumi-xads/native).
 */
import { exportedState, openStackConfig } from "./auth/stack-config";
import { StackProviders } from "./stack-providers";
import { packageInfo } from "../provider/package-info";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { Command } from "commander";
import { AdsClient, Entity } from "../provider/client/client";
import { redact } from "../provider/client/errors";
import { ConfigError, PRODUCTION_BASE_URL, resolveConfig, SANDBOX_BASE_URL, SETTINGS } from "../provider/config";
import { CliError } from "./errors";
import { IMPORT_KINDS, listQueries } from "./import-kinds";
import { ListedKind, packageSpecFor, writeImportFile, writeProgram } from "./import-program";

/** What `--format` takes: a TypeScript program that adopts (the default), or Pulumi's import file for the provider plugin. */
export const IMPORT_FORMATS = ["typescript", "pulumi-import"] as const;
type ImportFormat = (typeof IMPORT_FORMATS)[number];

interface ImportOptions {
  account: string;
  format?: string;
  out?: string;
  baseUrl?: string;
  sandbox?: boolean;
  project?: string;
  force?: boolean;
  /** Read the credentials and addresses from this stack's config (secrets decrypted in memory). */
  stack?: string;
  cwd?: string;
  /** Where the written package.json installs pulumi-xads from. */
  package?: string;
}

const PACKAGE = packageInfo();

/** The secret settings' values (the stack's, else the environment's): redacted from every message. */
function secretsOf(stackValues: Record<string, string | undefined>): string[] {
  return Object.values(SETTINGS).filter((s) => s.secret).map((s) => stackValues[s.key] ?? process.env[s.env]).filter((v): v is string => !!v);
}

/**
 * How the nearest package.json from `dir` up installs pulumi-xads (its
 * dependencies or devDependencies), and that file's folder: the source the
 * user installed from, which the written program installs from too.
 */
export function installedFrom(dir: string): { spec: string; dir: string } | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      const pkg = JSON.parse(readFileSync(join(at, "package.json"), "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
      const spec = pkg.dependencies?.[PACKAGE.name] ?? pkg.devDependencies?.[PACKAGE.name];
      if (spec) return { spec, dir: at };
    } catch {
      // no package.json here, or not JSON: look further up
    }
    if (dirname(at) === at) return undefined;
  }
}

/** The format asked for, refused (before any request) when unknown or given options only the other format takes. */
function formatOf(opts: ImportOptions): ImportFormat {
  const format = opts.format ?? "typescript";
  if (!(IMPORT_FORMATS as readonly string[]).includes(format)) throw new CliError(`--format must be one of ${IMPORT_FORMATS.join(", ")}, got "${format}"`);
  const programOnly = (["project", "package"] as const).filter((o) => opts[o] !== undefined);
  if (format === "pulumi-import" && programOnly.length > 0) {
    throw new CliError(`${programOnly.map((o) => `--${o}`).join(" and ")} apply to --format typescript (the program's Pulumi.yaml and package.json), not to --format pulumi-import, which writes one JSON file`);
  }
  return format as ImportFormat;
}

/** Where the written package.json installs pulumi-xads from: pulumi-xads is not on the npm registry, so a bare version would not install. */
function packageSource(opts: ImportOptions): { spec: string; dir: string } {
  const source = opts.package !== undefined ? { spec: opts.package, dir: process.cwd() } : installedFrom(opts.cwd ?? process.cwd());
  if (!source) {
    throw new CliError(
      "no package.json here or above depends on pulumi-xads, so the written package.json would not know where to install it from " +
        "(it is not on the npm registry): pass --package <the tarball path or URL you installed from>",
    );
  }
  return source;
}

/** The stack settings a program needs to reach what was imported: the account, and the sandbox and the address where they are not the defaults. */
export function stackSettings(accountId: string, sandbox: boolean, baseUrl: string): string[] {
  const set = (key: string, value: string) => `pulumi config set ${key} ${value}`;
  const lines = [set(SETTINGS.accountId.key, accountId)];
  if (sandbox) lines.push(set(SETTINGS.sandbox.key, "true"));
  if (baseUrl !== (sandbox ? SANDBOX_BASE_URL : PRODUCTION_BASE_URL)) lines.push(set((sandbox ? SETTINGS.sandboxBaseUrl : SETTINGS.baseUrl).key, baseUrl));
  return lines;
}

/**
 * The live entities of every kind import-kinds.ts lists, in its order: each
 * collection's list (per parent where the platform lists only so), deleted
 * ones left out; where the list's records lack fields (`readEach`: app
 * lists answer id and name only), each entity as its own GET answers it.
 * A failure names the collection, its message passed through `redacted`.
 */
export async function listAccount(
  client: Pick<AdsClient, "list" | "get">, account: string, progress: (line: string) => void, redacted: (text: string) => string = (t) => t,
): Promise<ListedKind[]> {
  const listed: ListedKind[] = [];
  for (const spec of IMPORT_KINDS) {
    const path = `/12/accounts/${account}/${spec.collection}`;
    progress(`xads import: listing ${spec.collection} of account ${account}...`);
    try {
      // A kind listed per parent (targeting criteria): one call per 200 of the parents listed before it.
      const parents = (kind: string) => listed.find((l) => l.spec.kind === kind)?.entities.map((e) => e.id) ?? [];
      let entities: Entity[] = [];
      for (const query of listQueries(spec, parents)) entities.push(...(await client.list<Entity>(path, query)).filter((e) => e.deleted !== true && (spec.where?.(e) ?? true)));
      // The client's queue and windows pace these reads; asking them together lets it run them side by side.
      if (spec.readEach) entities = await Promise.all(entities.map((e) => client.get<Entity>(`${path}/${e.id}`)));
      progress(`xads import: ${entities.length} ${spec.collection}`);
      listed.push({ spec, entities });
    } catch (err) {
      throw new CliError(`listing ${spec.collection} failed: ${redacted((err as Error).message)}`);
    }
  }
  return listed;
}

async function runImport(opts: ImportOptions, progress: (line: string) => void): Promise<void> {
  if (!/^[A-Za-z0-9_-]+$/.test(opts.account)) throw new CliError(`--account must be an ads account id (letters and digits), got "${opts.account}"`);
  const format = formatOf(opts);
  // With --stack or --cwd, a stack's config first (as the provider reads it), then the environment.
  const stack = opts.stack !== undefined || opts.cwd !== undefined ? await openStackConfig(opts.cwd ?? ".", opts.stack) : undefined;
  const stackValues = stack?.values ?? {};
  // A stack whose state manages --account through a provider of its own (xads.Provider, a YAML pulumi:providers:xads) reads it with that provider's settings.
  const provider = stack && !opts.sandbox ? new StackProviders(await exportedState(stack.workDir, stack.stackName), stackValues, () => {}).forAccount(opts.account) : undefined;
  let config;
  try {
    // As the provider does (provider/config.ts); the options win.
    config = provider?.ctx?.config ?? resolveConfig((key) => (key === SETTINGS.sandbox.key && opts.sandbox ? "true" : stackValues[key]));
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError([provider?.problem, err.message.replace(/ \(pulumi config set --secret [^)]*\) or/g, ":")].filter(Boolean).join("; "));
    throw err;
  }
  const baseUrl = (opts.baseUrl ?? config.baseUrl).replace(/\/$/, "");
  if (!/^https?:\/\/\S+$/.test(baseUrl)) throw new CliError(`--base-url must be an http(s) address, got "${baseUrl}"`);
  const out = resolve(opts.out ?? (format === "pulumi-import" ? `xads-${opts.account}.import.json` : `xads-${opts.account}`));
  const written = format === "pulumi-import" ? out : join(out, "index.ts");
  if (existsSync(written) && !opts.force) throw new CliError(`${written} exists: choose another --out, or pass --force to overwrite it`);
  // The program's package.json installs pulumi-xads from where the user did; the import file installs nothing.
  const target: { format: "pulumi-import" } | { format: "typescript"; source: { spec: string; dir: string } } =
    format === "typescript" ? { format, source: packageSource(opts) } : { format };

  const client = new AdsClient({ credentials: config.credentials, baseUrl, log: progress });
  const listed = await listAccount(client, opts.account, progress, (text) => redact(text, [...secretsOf(stackValues), ...Object.values(config.credentials)]));
  const countsOf = (counts: Record<string, number>) => Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(", ") || "no entities";

  if (target.format === "pulumi-import") {
    const file = writeImportFile(listed, opts.account);
    for (const s of file.skipped) progress(`xads import: skipped ${s}`);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, file.text);
    progress(`xads import: wrote ${out} (${countsOf(file.counts)}). Next, in a program that uses the provider plugin (pulumi-resource-xads) ` +
      `with ${stackSettings(opts.account, config.sandbox, baseUrl).join(" && ")} and its credentials: pulumi import --file ${out} --out <the code file>, then put that code in the program`);
    return;
  }

  const program = writeProgram(listed, {
    accountId: opts.account,
    project: opts.project ?? `xads-${opts.account}`,
    versions: {
      pulumiXads: packageSpecFor(target.source.spec, target.source.dir, out), pulumi: PACKAGE.dependencies["@pulumi/pulumi"]!, typescript: PACKAGE.devDependencies.typescript!,
      tsNode: PACKAGE.devDependencies["ts-node"]!, typesNode: PACKAGE.devDependencies["@types/node"]!,
    },
  });
  for (const s of program.skipped) progress(`xads import: skipped ${s}`);
  mkdirSync(out, { recursive: true });
  for (const [file, text] of Object.entries(program.files)) writeFileSync(join(out, file), text);
  progress(`xads import: wrote ${out}/index.ts (${countsOf(program.counts)}). Next: cd ${out} && npm install && pulumi stack init && ` +
    `${stackSettings(opts.account, config.sandbox, baseUrl).join(" && ")} && pulumi config set --secret xads:consumerKey ... (the four credentials) && pulumi up`);
}

export function registerImport(program: Command): void {
  program
    .command("import")
    .summary("write a Pulumi program that adopts an ads account's live entities (or pulumi import's file of them)")
    .description(
      "Lists an ads account's entities of every resource kind with a collection of the account (funding instruments, campaigns, line items, " +
        "tracking tags, promoted Tweets and accounts, scheduled promotions, media creatives, cards, custom and flexible audiences; each kind's " +
        "reference page says whether it is imported) and writes a TypeScript Pulumi program (index.ts, Pulumi.yaml, package.json, tsconfig.json) " +
        "that declares each with `adoptId` and its live values. The first `pulumi up` of that program reads the entities " +
        "instead of creating them (nothing is recreated: deletion cannot be undone), and the next preview shows no changes.\n\n" +
        "Credentials come from a stack's config with --stack (e.g. after xads auth login), else from XADS_CONSUMER_KEY, " +
        "XADS_CONSUMER_SECRET, XADS_ACCESS_TOKEN and XADS_ACCESS_TOKEN_SECRET; the address from xads:sandbox / " +
        "xads:sandboxBaseUrl / xads:baseUrl or XADS_SANDBOX / XADS_SANDBOX_BASE_URL / XADS_BASE_URL, as the provider reads them, " +
        "or --base-url. Deleted " +
        "entities are left out. Progress goes to stderr.\n\n" +
        "--format pulumi-import writes instead the import file of the same resources (names and order) for " +
        "`pulumi import --file <file> --out <code file>` in a program that uses the provider plugin (YAML, Python, TypeScript on pulumi-xads/native: " +
        "pulumi-resource-xads, type tokens xads:index:<Kind>) with xads:accountId set to the account: Pulumi reads each entity " +
        "with no write and writes its code, every value the resource manages included, which previews no changes once in the program.",
    )
    .requiredOption("-a, --account <id>", "the ads account to import")
    .option("--format <format>", `what to write: ${IMPORT_FORMATS.join(" or ")} (default: typescript, a program that adopts; ` +
      "pulumi-import: the file pulumi import --file reads, for the provider plugin)")
    .option("-o, --out <path>", "the folder to write the program to (default: ./xads-<account>); with --format pulumi-import, the file " +
      "(default: ./xads-<account>.import.json)")
    .option("--base-url <url>", "the Ads API address (default: from XADS_* as the provider reads it)")
    .option("--sandbox", "use the sandbox address (as XADS_SANDBOX=true)")
    .option("--project <name>", "the Pulumi project name (default: xads-<account>; --format typescript only)")
    .option("--force", "overwrite an existing index.ts in --out (or the import file)")
    .option("--package <spec>", "where the written package.json installs pulumi-xads from (--format typescript only): a tarball path or URL " +
      "(default: as the package.json of the current folder, or the nearest one above, installs it; a relative path is rewritten for --out)")
    .option("--stack <name>", "read the credentials and addresses from this stack's config (secrets decrypted in memory only)")
    .option("--cwd <dir>", "the Pulumi program of --stack, and where --package's default is looked for (default: the current folder)")
    .action(async (opts: ImportOptions) => {
      await runImport(opts, (line) => process.stderr.write(`${line}\n`));
    });
}
