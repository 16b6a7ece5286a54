/**
 * Installs by name, as a user outside this repository does, from the release
 * artefacts of `make release` (.work/release/, this package's version)
 * published to registries on loopback (./local-registries.ts): the npm
 * package with `npm publish`, the wheel and sdist added to a PEP 503 index,
 * the plugin archives served as a plugin server. Then, in folders below
 * os.tmpdir(), with the real CLI and the emulator, each program's stack goes
 * up, previews with no change and is destroyed:
 *
 * - a TypeScript program on `pulumi-xads` (dynamic resources), after
 *   `npm install pulumi-xads` by name;
 * - an ESM TypeScript program (`"type": "module"`) importing
 *   `pulumi-xads/native`, from the same install: the CLI downloads the
 *   plugin the SDK asks for (its version, package.json's pulumi.server)
 *   from the plugin server, through a mirror override of that URL
 *   (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, docs/installation-and-configuration.md);
 * - a Python program, after `pip install pulumi_xads` by name from the index
 *   in a venv of .work/: the plugin downloaded the same way;
 * - a YAML program whose resources name the plugin server as their
 *   pluginDownloadURL.
 *
 * Each plugin-backed program has a PULUMI_HOME of its own, empty, and no
 * pulumi-resource-xads on PATH: the plugin it runs is the one the CLI downloaded.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { requireTool } from "../required-tools";
import { LocalRegistries, startLocalRegistries } from "./local-registries";
import { pulumiDir, ROOT, Stack, useStackEmulator, WORK } from "./harness";

jest.setTimeout(900_000);

const run = promisify(execFile);
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; pulumi: { server: string }; dependencies: Record<string, string>; devDependencies: Record<string, string> };
const VERSION = PKG.version;
const RELEASE = join(WORK, "release");
/** The venv pulumi_xads is pip-installed in by name (its other requirements from tests/python/requirements.txt, hashes checked). */
const VENV = join(WORK, "venv-by-name");
const ARCH: Record<string, string> = { x64: "amd64", arm64: "arm64" };
const PLUGIN_ARCHIVE = `pulumi-resource-xads-v${VERSION}-${process.platform}-${ARCH[process.arch]}.tar.gz`;

/** A user's environment: no npm_* of the jest run, no XADS_* or PULUMI_*; node and the CLI folder (its language hosts) on PATH, nothing else of this repository. */
function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(XADS_|npm_|PULUMI_)/i.test(k)));
  return { ...inherited, PATH: `${pulumiDir()}:${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`, ...extra };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

if (requireTool("python3", "install-by-name.test.ts", "the Python journey installs pulumi_xads in a python3 virtual environment")) {
  const e2e = useStackEmulator();
  let home: string;
  let registries: LocalRegistries;
  /** The folder `npm install pulumi-xads` ran in: the TypeScript programs' stacks are below it. */
  let nodeProject: string;

  /**
   * The environment of a plugin-backed program's commands: its own empty
   * PULUMI_HOME, automatic plugin installs on (the harness turns them off),
   * and, with `mirror`, the package's download URL sent to the plugin server
   * as a mirror's override does.
   */
  const pluginEnv = (journey: string, mirror: boolean, path = userEnv().PATH): NodeJS.ProcessEnv => ({
    PULUMI_HOME: join(home, `pulumi-home-${journey}`),
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
    PATH: path,
    ...(mirror ? { PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${escapeRegExp(PKG.pulumi.server)}$=${registries.pluginsUrl}` } : {}),
  });

  /** The plugins the CLI installed in a journey's PULUMI_HOME (their folders). */
  const installedPlugins = (journey: string) =>
    readdirSync(join(home, `pulumi-home-${journey}`, "plugins"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  /** How many times the plugin server has served this machine's plugin archive. */
  const archivesServed = () => registries.requests.filter((r) => r.path === `/plugins/${PLUGIN_ARCHIVE}` && r.status === 200).length;

  /** A plugin-backed journey: its stack's up, preview and destroy, after which the CLI has downloaded the plugin once, into the journey's PULUMI_HOME. */
  async function pluginJourney(stack: Stack, journey: string, env: NodeJS.ProcessEnv, campaign: string): Promise<void> {
    const served = archivesServed();
    await upPreviewDestroy(stack, env, campaign);
    expect({ installed: installedPlugins(journey), downloads: archivesServed() - served }).toEqual({ installed: [`resource-xads-v${VERSION}`], downloads: 1 });
  }

  /** up, a preview with no change, destroy: each must succeed (its output shown when not). */
  async function upPreviewDestroy(stack: Stack, env: NodeJS.ProcessEnv, campaign: string): Promise<void> {
    const must = async (args: string[]) => {
      // The stack by name: the selection init made is kept in the harness's PULUMI_HOME, not the journey's.
      const r = await stack.run([...args, "--stack", "dev"], env);
      expect({ command: args.join(" "), code: r.code, output: r.code === 0 ? "" : `${r.stdout}\n${r.stderr}` }).toEqual({ command: args.join(" "), code: 0, output: "" });
    };
    await must(["up", "--yes", "--skip-preview"]);
    expect(e2e.live("campaigns").filter((c) => c.name === campaign).map((c) => c.entity_status)).toEqual(["PAUSED"]);
    expect((await stack.outputs()).campaignId).toBe(e2e.live("campaigns").find((c) => c.name === campaign)!.id);
    await must(["preview", "--expect-no-changes"]);
    await must(["destroy", "--yes"]);
    expect(e2e.live("campaigns").filter((c) => c.name === campaign)).toEqual([]);
    expect(await stack.exported()).toEqual([]);
  }

  const campaignProgram = (name: string) => `const usd = new xads.FundingInstrument("sandbox-usd", { currency: "USD", startTime: "2026-01-01T00:00:00Z" });
const campaign = new xads.Campaign("campaign", {
  fundingInstrumentId: usd.id,
  name: ${JSON.stringify(name)},
  entityStatus: "PAUSED",
  dailyBudgetAmountLocalMicro: 50_000_000,
  deletionProtection: false,
});
export const campaignId = campaign.id;
`;

  beforeAll(async () => {
    for (const file of [`pulumi-xads-${VERSION}.tgz`, `pulumi_xads-${VERSION}-py3-none-any.whl`, `pulumi_xads-${VERSION}.tar.gz`, PLUGIN_ARCHIVE]) {
      if (!existsSync(join(RELEASE, file))) throw new Error(`no ${join(RELEASE, file)}: run make release (make test does)`);
    }
    // Outside the repository: nothing above these folders resolves pulumi-xads or its tools.
    home = mkdtempSync(join(tmpdir(), "xads-by-name-"));
    const upstream = (await run("npm", ["config", "get", "registry"], { env: userEnv() })).stdout.trim();
    registries = await startLocalRegistries({ pythonDir: join(home, "python-index"), pluginsDir: RELEASE, upstream });

    // Published as a maintainer does: npm publish with the registry's token; the wheel and sdist added to the index.
    await registries.publishNpm(join(RELEASE, `pulumi-xads-${VERSION}.tgz`), home, userEnv());
    registries.publishPython(join(RELEASE, `pulumi_xads-${VERSION}-py3-none-any.whl`));
    registries.publishPython(join(RELEASE, `pulumi_xads-${VERSION}.tar.gz`));

    // npm install by name from the local registry (its dependencies through to the upstream one), with the TypeScript tools.
    nodeProject = join(home, "node");
    mkdirSync(nodeProject);
    writeFileSync(join(nodeProject, "package.json"), JSON.stringify({ name: "ads-programs", private: true }, null, 2));
    const tools = ["@pulumi/pulumi", "typescript", "ts-node", "@types/node"].map((n) => `${n}@${PKG.dependencies[n] ?? PKG.devDependencies[n]}`);
    await run("npm", ["install", "--no-audit", "--no-fund", "--registry", registries.npmUrl, `pulumi-xads@${VERSION}`, ...tools], { cwd: nodeProject, env: userEnv(), timeout: 600_000 });

    // pip install by name from the local index, in a venv whose other requirements are pinned with hashes.
    await run(join(ROOT, "tests", "python", "venv.sh"), [VENV, "-"], { timeout: 600_000 });
    const pip = join(VENV, "bin", "pip");
    await run(pip, ["uninstall", "--yes", "--quiet", "pulumi_xads"]);
    await run(pip, ["install", "--quiet", "--disable-pip-version-check", "--no-cache-dir", "--index-url", registries.pythonIndexUrl, `pulumi_xads==${VERSION}`], { env: userEnv() });
    await run(pip, ["check"]);
  }, 1_200_000);

  afterAll(async () => {
    await registries?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  test("npm install pulumi-xads by name got the package from the local registry, the one published there", () => {
    expect(registries.requests).toEqual(expect.arrayContaining([
      { method: "PUT", path: "/npm/pulumi-xads", status: 201 },
      { method: "GET", path: "/npm/pulumi-xads", status: 200 },
    ]));
    // The tarball itself may come from npm's cache (its integrity is the packument's): the one released, by its package.json.
    const installed = JSON.parse(readFileSync(join(nodeProject, "node_modules", "pulumi-xads", "package.json"), "utf8")) as typeof PKG;
    expect({ version: installed.version, server: installed.pulumi.server }).toEqual({ version: VERSION, server: PKG.pulumi.server });
    // One version everywhere: the command's and the schema's are the package's.
    const schema = JSON.parse(readFileSync(join(nodeProject, "node_modules", "pulumi-xads", "schema.json"), "utf8")) as { version: string; pluginDownloadURL: string };
    expect({ version: schema.version, pluginDownloadURL: schema.pluginDownloadURL }).toEqual({ version: VERSION, pluginDownloadURL: PKG.pulumi.server });
  });

  test("xads --version of the installed package is the release's version", async () => {
    const { stdout } = await run(join(nodeProject, "node_modules", ".bin", "xads"), ["--version"], { env: userEnv() });
    expect(stdout.trim()).toBe(VERSION);
  });

  test("pulumi plugin install resource xads <version> --server <the plugin server> installs the plugin", async () => {
    const env = userEnv({ PULUMI_HOME: join(home, "pulumi-home-install"), PULUMI_SKIP_UPDATE_CHECK: "true" });
    await run(join(pulumiDir(), "pulumi"), ["plugin", "install", "resource", "xads", VERSION, "--server", registries.pluginsUrl], { env });
    const { stdout } = await run(join(pulumiDir(), "pulumi"), ["plugin", "ls", "--json"], { env });
    expect((JSON.parse(stdout) as { name: string; kind: string; version: string }[]).map((p) => [p.kind, p.name, p.version])).toEqual([["resource", "xads", VERSION]]);
  });

  test("pip install pulumi_xads by name got it from the local index, with the pulumi it is tested with", async () => {
    expect(registries.requests).toEqual(expect.arrayContaining([
      { method: "GET", path: "/simple/pulumi-xads/", status: 200 },
      { method: "GET", path: `/python-files/pulumi_xads-${VERSION}-py3-none-any.whl`, status: 200 },
    ]));
    const { stdout } = await run(join(VENV, "bin", "python"), ["-c", "import importlib.metadata as m; print(m.version('pulumi_xads'), m.version('pulumi'))"]);
    expect(stdout.trim()).toBe(`${VERSION} 3.259.0`);
  });

  test("a TypeScript program on pulumi-xads: up, a preview with no change, destroy", async () => {
    const stack = e2e.stack("dynamic", nodeProject);
    writeFileSync(join(stack.dir, "Pulumi.yaml"), "name: by-name-dynamic\nruntime: nodejs\n");
    writeFileSync(join(stack.dir, "package.json"), JSON.stringify({ name: "by-name-dynamic", private: true, main: "index.ts" }, null, 2));
    writeFileSync(join(stack.dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "commonjs", moduleResolution: "node", skipLibCheck: true, types: ["node"] }, files: ["index.ts"] }, null, 2));
    writeFileSync(join(stack.dir, "index.ts"), `import * as xads from "pulumi-xads";\n\n${campaignProgram("By name: dynamic")}`);
    await stack.init();
    await upPreviewDestroy(stack, { PATH: userEnv().PATH }, "By name: dynamic");
  });

  test("an ESM TypeScript program importing pulumi-xads/native type-checks, and the CLI downloads the plugin it asks for: up, a preview with no change, destroy", async () => {
    const stack = e2e.stack("esm-native", nodeProject);
    writeFileSync(join(stack.dir, "Pulumi.yaml"), "name: by-name-esm\nruntime: nodejs\n");
    writeFileSync(join(stack.dir, "package.json"), JSON.stringify({ name: "by-name-esm", private: true, type: "module", main: "index.ts" }, null, 2));
    writeFileSync(join(stack.dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "nodenext", moduleResolution: "nodenext", skipLibCheck: true, types: ["node"] }, files: ["index.ts"] }, null, 2));
    writeFileSync(join(stack.dir, "index.ts"), `import * as xads from "pulumi-xads/native";\n\n${campaignProgram("By name: ESM native")}`);
    await run(join(nodeProject, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", stack.dir]);
    await stack.init();
    await pluginJourney(stack, "esm", pluginEnv("esm", true), "By name: ESM native");
  });

  test("a Python program on pulumi_xads: the CLI downloads the plugin; up, a preview with no change, destroy", async () => {
    const stack = e2e.stack("python", home);
    writeFileSync(join(stack.dir, "Pulumi.yaml"), "name: by-name-python\nruntime: python\n");
    writeFileSync(join(stack.dir, "__main__.py"), `import pulumi
import pulumi_xads as xads

usd = xads.FundingInstrument("sandbox-usd", currency="USD", start_time="2026-01-01T00:00:00Z")
campaign = xads.Campaign(
    "campaign",
    funding_instrument_id=usd.id,
    name="By name: Python",
    entity_status="PAUSED",
    daily_budget_amount_local_micro=50_000_000,
    deletion_protection=False,
)
pulumi.export("campaignId", campaign.id)
`);
    await stack.init();
    await pluginJourney(stack, "python", pluginEnv("python", true, `${join(VENV, "bin")}:${userEnv().PATH}`), "By name: Python");
  });

  test("a YAML program whose resources name the plugin server as their pluginDownloadURL: up, a preview with no change, destroy", async () => {
    const stack = e2e.stack("yaml", home);
    const options = `    options:\n      version: ${VERSION}\n      pluginDownloadURL: ${registries.pluginsUrl}\n`;
    writeFileSync(join(stack.dir, "Pulumi.yaml"), `name: by-name-yaml
runtime: yaml
resources:
  sandbox-usd:
    type: xads:index:FundingInstrument
    properties:
      currency: USD
      startTime: "2026-01-01T00:00:00Z"
${options}  campaign:
    type: xads:index:Campaign
    properties:
      fundingInstrumentId: \${sandbox-usd.id}
      name: "By name: YAML"
      entityStatus: PAUSED
      dailyBudgetAmountLocalMicro: 50000000
      deletionProtection: false
${options}outputs:
  campaignId: \${campaign.id}
`);
    await stack.init();
    await pluginJourney(stack, "yaml", pluginEnv("yaml", false), "By name: YAML");
  });
}
