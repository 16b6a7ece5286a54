/**
 * What a test file needs from the machine beyond node (python3, PostgreSQL),
 * and the one decision about a missing one: on a developer's machine the
 * file is skipped with a warning; under CI (`CI` set, as every CI service
 * sets it) it fails, naming the tool and the line that installs it. A skip
 * under CI would let whole suites vanish from a green run: the count CI
 * reads would only be smaller.
 *
 * The same rule holds for the variables that make a test rewrite its own
 * expected files (XADS_UPDATE_GOLDEN, XADS_UPDATE_FIXTURES): under CI a
 * test that wrote what it then compares against could not fail.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(__dirname, "..");

export type ToolName = "python3" | "postgresql";

interface Tool {
  /** As messages name it. */
  label: string;
  /** What installs it on the Debian image CI runs (docs: CONTRIBUTING.md "The test levels"). */
  install: string;
  present(env: NodeJS.ProcessEnv): boolean;
}

export const TOOLS: Record<ToolName, Tool> = {
  python3: {
    label: "python3",
    install: "apt-get install -y python3 python3-venv",
    // spawnSync looks the command up on env.PATH when env is given.
    present: (env) => !spawnSync("python3", ["--version"], { env, stdio: "ignore" }).error,
  },
  postgresql: {
    label: "PostgreSQL (initdb)",
    install: "apt-get install -y postgresql-15",
    // tools/postgres.sh finds the server's programs (PG_BIN, Debian's folders, PATH), or installs them as root.
    present: (env) => spawnSync(join(ROOT, "tools", "postgres.sh"), ["available"], { env, stdio: "ignore" }).status === 0,
  },
};

/** CI services set CI (GitHub Actions, GitLab: "true"); an empty value, "0" or "false" is not CI. */
export function underCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = (env.CI ?? "").trim().toLowerCase();
  return ci !== "" && ci !== "0" && ci !== "false";
}

export type Decision =
  | { run: true }
  | { run: false; fail: false; warning: string }
  | { run: false; fail: true; message: string };

/**
 * Whether a file that needs `tool` runs: yes when the tool is present; else
 * a skip with a warning, or under CI a failure naming the tool and its
 * install line.
 */
export function decide(tool: ToolName, file: string, why: string, env: NodeJS.ProcessEnv = process.env): Decision {
  const t = TOOLS[tool];
  if (t.present(env)) return { run: true };
  if (underCi(env)) {
    return { run: false, fail: true, message: `${file}: ${t.label} is not installed (${why}); under CI a missing tool fails the run instead of skipping it: ${t.install}` };
  }
  return { run: false, fail: false, warning: `${file}: skipped, ${t.label} is not installed (${why}); install it with ${t.install} (under CI this fails)` };
}

/**
 * At the top of a test file: true when the file's tests can run. Otherwise
 * it has registered the file's one test, failing under CI with the install
 * line, else skipped (and warned: jest names no test of a file whose tests
 * are all skipped, so the reason goes to the output too).
 */
export function requireTool(tool: ToolName, file: string, why: string): boolean {
  const d = decide(tool, file, why);
  if (d.run) return true;
  if (d.fail) {
    const message = d.message;
    test(`${TOOLS[tool].label} is installed (required under CI)`, () => {
      throw new Error(message);
    });
  } else {
    console.warn(d.warning);
    test.skip(`${file} (skipped: ${TOOLS[tool].label} is not installed)`, () => {});
  }
  return false;
}

/**
 * Turns every test, describe and hook the file registers after this call
 * into a skipped one (or nothing): for a file whose need is declared by a
 * shared fixture (the harness's postgres backend) rather than by an `if`
 * around its tests. jest gives each test file its own globals, so only
 * this file is affected; its tests are still listed, as skipped.
 */
export function skipRestOfFile(): void {
  const g = globalThis as unknown as Record<string, unknown>;
  const noHook = () => {};
  g.test = test.skip;
  g.it = it.skip;
  g.describe = describe.skip;
  for (const hook of ["beforeAll", "afterAll", "beforeEach", "afterEach"]) g[hook] = noHook;
}

/**
 * Whether `variable` (XADS_UPDATE_GOLDEN, XADS_UPDATE_FIXTURES) asks the
 * test to rewrite its expected files. Under CI it throws, naming the
 * variable: the files must come from the commit, not from the run they judge.
 */
export function rewriteRequested(variable: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[variable] !== "1") return false;
  if (underCi(env)) throw new Error(`${variable}=1 rewrites this test's expected files from its own run: refused under CI (CI=${env.CI}); rewrite them locally and commit them`);
  return true;
}
