/**
 * The README's "Install in your own project", exactly as written, in a
 * folder outside the repository: the files it shows are written, and every
 * line of its shell blocks runs, in order, in one bash (as pasted into a
 * terminal), with npm's registry a local one (tests/e2e/local-registries.ts)
 * where this version's `make release` package is published, so
 * `npm install pulumi-xads` installs it by name (its dependencies through to
 * npm's own registry), and one substitution: a free port for 8787 (the
 * machine may run another emulator there). It starts `npx xads emulator`
 * itself, then previews and ups against it with the real pulumi CLI. Then
 * `xads import` in that project writes a program whose package.json installs.
 */
import { execFile, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ACCOUNT_ID, pulumiDir, ROOT, WORK } from "./harness";
import { LocalRegistries, startLocalRegistries } from "./local-registries";

jest.setTimeout(900_000);

const { version: VERSION } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
const RELEASE = join(WORK, "release");
const TARBALL = join(RELEASE, `pulumi-xads-${VERSION}.tgz`);

interface Section {
  /** File name -> content, from each block whose paragraph before it starts with the file's name in backquotes and ends with ":". */
  files: Record<string, string>;
  /** Every line of the section's sh blocks, in order. */
  commands: string[];
}

function installSection(): Section {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("## Install in your own project\n");
  if (start < 0) throw new Error('README.md has no "## Install in your own project" section');
  const rest = readme.slice(start + 3);
  const section = rest.slice(0, rest.search(/^## /m));
  const files: Record<string, string> = {};
  const commands: string[] = [];
  const lines = section.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const lang = /^```(\w+)$/.exec(lines[i]!)?.[1];
    if (!lang) continue;
    const end = lines.indexOf("```", i + 1);
    const body = lines.slice(i + 1, end);
    if (lang === "sh") commands.push(...body);
    else {
      // The paragraph before the fence (a blank line between).
      let top = i - 2;
      while (top > 0 && lines[top - 1]!.trim() !== "") top--;
      const paragraph = lines.slice(top, i - 1).join("\n");
      const file = /^`([^`]+)`[\s\S]*:$/.exec(paragraph)?.[1];
      if (!file) throw new Error(`README.md install section: a ${lang} block with no file name before it ("\`name\`...:"), after: ${paragraph}`);
      files[file] = `${body.join("\n")}\n`;
    }
    i = end;
  }
  return { files, commands };
}

/** Whether a listener can bind `port` on loopback now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once("error", () => done(false));
    server.listen(port, "127.0.0.1", () => server.close(() => done(true)));
  });
}

/**
 * A free port for the section's emulator, which binds it only after the
 * section's npm installs: one below the system's ephemeral range
 * (ip_local_port_range), so no listener on port 0 (the other test files'
 * emulators, plugins and language hosts) is handed it meanwhile, as one
 * was when this took a port-0 number.
 */
async function freePort(): Promise<number> {
  const range = "/proc/sys/net/ipv4/ip_local_port_range";
  const ephemeralLow = existsSync(range) ? Number(readFileSync(range, "utf8").trim().split(/\s+/)[0]) : 32768;
  const low = 10_000;
  const high = Math.max(low + 1000, Math.min(ephemeralLow, 32768));
  for (;;) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await canListen(port)) return port;
  }
}

/** The environment of a user's shell: pulumi on PATH, a backend and its passphrase, npm's registry the local one; nothing of this repository's npm or XADS_* settings. */
function userEnv(home: string): NodeJS.ProcessEnv {
  return { ...shellEnv(home), npm_config_registry: registries.npmUrl };
}

function shellEnv(home: string): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(XADS_|npm_|PULUMI_)/i.test(k)));
  return {
    ...inherited,
    PATH: `${pulumiDir()}:${process.env.PATH}`,
    PULUMI_HOME: join(home, "pulumi-home"),
    PULUMI_BACKEND_URL: `file://${join(home, "state")}`,
    PULUMI_CONFIG_PASSPHRASE: "install-test-passphrase",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    NO_COLOR: "1",
  };
}

/**
 * Runs a bash script in its own process group, its output to a file (a
 * background job keeps a pipe open after bash ends); resolves on bash's exit.
 */
function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv, log: string): Promise<{ code: number; pid: number }> {
  const fd = openSync(log, "w");
  const child = spawn("bash", ["-c", script], { cwd, env, stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  return new Promise((done, fail) => {
    child.once("error", fail);
    child.once("exit", (code) => done({ code: code ?? -1, pid: child.pid! }));
  });
}

let home: string;
let project: string;
let port: number;
let group: number | undefined;
let ran: { code: number; output: string };
let registries: LocalRegistries;
const section = installSection();

beforeAll(async () => {
  if (!existsSync(join(pulumiDir(), "pulumi"))) throw new Error(`no pulumi CLI in ${pulumiDir()}: run make pulumi (make test does)`);
  if (!existsSync(TARBALL)) throw new Error(`no ${TARBALL}: run make release (make test does)`);
  // Outside the repository: nothing above it resolves pulumi-xads or its tools.
  home = mkdtempSync(join(tmpdir(), "xads-install-"));
  const upstream = (await promisify(execFile)("npm", ["config", "get", "registry"], { env: shellEnv(home) })).stdout.trim();
  registries = await startLocalRegistries({ pythonDir: join(home, "python-index"), pluginsDir: RELEASE, upstream });
  await registries.publishNpm(TARBALL, home, shellEnv(home));
  project = join(home, "spring-ads");
  mkdirSync(project);
  mkdirSync(join(home, "state"));
  port = await freePort();
  for (const [file, text] of Object.entries(section.files)) writeFileSync(join(project, file), text);
  const script = ["set -euo pipefail", ...section.commands.map((c) => c.replace(/\b8787\b/g, String(port)))].join("\n");
  const log = join(home, "install.log");
  const r = await runScript(script, project, userEnv(home), log);
  group = r.pid;
  ran = { code: r.code, output: readFileSync(log, "utf8") };
});

afterAll(async () => {
  await registries?.close();
  // The emulator the README started in the background, and anything else of that shell.
  if (group !== undefined) {
    try {
      process.kill(-group, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (home) rmSync(home, { recursive: true, force: true });
});

test("the install section writes Pulumi.yaml, package.json, tsconfig.json and index.ts, and installs pulumi-xads by name", () => {
  expect(Object.keys(section.files).sort()).toEqual(["Pulumi.yaml", "index.ts", "package.json", "tsconfig.json"]);
  expect(section.commands).toEqual(expect.arrayContaining([expect.stringMatching(/^npm install pulumi-xads /), expect.stringMatching(/^npx xads emulator\b/)]));
});

test("npm installed the package published to the registry, this version", () => {
  expect(registries.requests).toEqual(expect.arrayContaining([{ method: "GET", path: "/npm/pulumi-xads", status: 200 }]));
  expect(JSON.parse(readFileSync(join(project, "node_modules", "pulumi-xads", "package.json"), "utf8")).version).toBe(VERSION);
});

test("every command of the section succeeds: install, npx xads emulator, the stack's config, preview and up", () => {
  expect({ code: ran.code, output: ran.output }).toMatchObject({ code: 0 });
});

test("npx xads emulator printed the config lines the section pastes, at its address", () => {
  expect(ran.output).toContain(`pulumi config set xads:sandboxBaseUrl http://127.0.0.1:${port}/sandbox`);
  expect(ran.output).toContain(`pulumi config set xads:platformBaseUrl http://127.0.0.1:${port}\n`);
  expect(ran.output).toContain('pulumi config set --secret xads:consumerKey "$XADS_CONSUMER_KEY"');
  expect(ran.output).toContain(`PATCH  http://127.0.0.1:${port}/_emulator/sandbox/accounts/${ACCOUNT_ID}/campaigns/<id>`);
});

test("the program's campaign is created in the emulator's sandbox account, and its id is a stack output", async () => {
  const res = await fetch(`http://127.0.0.1:${port}/_emulator/sandbox/accounts/${ACCOUNT_ID}/campaigns`);
  const { data } = (await res.json()) as { data: { id: string; name: string; entity_status: string }[] };
  expect(data).toEqual([expect.objectContaining({ name: "Spring sale", entity_status: "PAUSED" })]);
  expect(ran.output).toMatch(new RegExp(`campaignId\\s*:\\s*"${data[0]!.id}"`));
});

test("xads import in that project writes a package.json that installs pulumi-xads by name, as the project did", async () => {
  const env = {
    ...userEnv(home),
    XADS_CONSUMER_KEY: "emulator-key", XADS_CONSUMER_SECRET: "emulator-secret", XADS_ACCESS_TOKEN: "emulator-token", XADS_ACCESS_TOKEN_SECRET: "emulator-token-secret",
    XADS_SANDBOX: "true", XADS_SANDBOX_BASE_URL: `http://127.0.0.1:${port}/sandbox`,
  };
  const log = join(home, "import.log");
  const r = await runScript(`set -euo pipefail\nnpx xads import --account ${ACCOUNT_ID} --out imported\ncd imported && npm install --no-audit --no-fund`, project, env, log);
  expect({ code: r.code, output: readFileSync(log, "utf8") }).toMatchObject({ code: 0 });
  const pkg = JSON.parse(readFileSync(join(project, "imported", "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const projectSpec = (JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies["pulumi-xads"];
  expect(pkg.dependencies["pulumi-xads"]).toBe(projectSpec);
  expect(projectSpec).toBe(`^${VERSION}`);
  expect(existsSync(join(project, "imported", "node_modules", "pulumi-xads", "package.json"))).toBe(true);
  expect(readFileSync(join(project, "imported", "index.ts"), "utf8")).toContain('name: "Spring sale"');
});
