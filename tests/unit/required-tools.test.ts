/**
 * Tests that cannot pass by accident: under CI a missing python3 or
 * PostgreSQL fails its files with the install line instead of skipping them
 * (tests/required-tools.ts), expected files are never rewritten by the run
 * that judges them, and the closing line of `make test` counts skipped
 * tests and files that failed to load (tools/test-summary.js).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decide, rewriteRequested, underCi } from "../required-tools";

const ROOT = join(__dirname, "..", "..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { summary } = require("../../tools/test-summary.js") as { summary: (r: Record<string, number>) => string };

/** A PATH with node alone on it: no python3, no initdb, no shell tools. */
let bare: string;
beforeAll(() => {
  bare = mkdtempSync(join(tmpdir(), "xads-bare-path-"));
  symlinkSync(process.execPath, join(bare, "node"));
});
afterAll(() => rmSync(bare, { recursive: true, force: true }));

describe("a missing tool", () => {
  test("python3 hidden under CI=true: a failure naming python3 and its install line, not a skip", () => {
    const d = decide("python3", "x.test.ts", "why", { PATH: bare, CI: "true" });
    expect(d).toEqual({ run: false, fail: true, message: expect.stringContaining("python3 is not installed (why)") });
    expect(d.run === false && d.fail && d.message).toMatch(/: apt-get install -y python3 python3-venv$/);
  });

  test("python3 hidden outside CI: a skip with a warning that says CI would fail", () => {
    for (const CI of [undefined, "", "false", "0"]) {
      expect(decide("python3", "x.test.ts", "why", { PATH: bare, CI })).toEqual({
        run: false, fail: false,
        warning: "x.test.ts: skipped, python3 is not installed (why); install it with apt-get install -y python3 python3-venv (under CI this fails)",
      });
    }
  });

  // tools/postgres.sh available cannot answer yes on a PATH without its shell tools: what CI decides then.
  test("PostgreSQL's check failing under CI: a failure with postgresql-15's install line", () => {
    const d = decide("postgresql", "gitops.test.ts", "why", { PATH: bare, CI: "1" });
    expect(d).toEqual({ run: false, fail: true, message: expect.stringContaining("PostgreSQL (initdb) is not installed") });
    expect(d.run === false && d.fail && d.message).toMatch(/apt-get install -y postgresql-15$/);
  });

  test("a present tool runs whatever CI says", () => {
    // A python3 that answers --version (node under that name) is python3 enough for the check.
    const withPython = join(bare, "with-python");
    mkdirSync(withPython);
    symlinkSync(process.execPath, join(withPython, "python3"));
    expect(decide("python3", "x.test.ts", "why", { PATH: withPython, CI: "true" })).toEqual({ run: true });
    expect(decide("python3", "x.test.ts", "why", { PATH: withPython })).toEqual({ run: true });
  });

  test("CI is any value but empty, 0 and false", () => {
    expect([undefined, "", "0", "false", "FALSE"].map((CI) => underCi({ CI }))).toEqual([false, false, false, false, false]);
    expect(["true", "1", "yes"].map((CI) => underCi({ CI }))).toEqual([true, true, true]);
  });

  // The acceptance check: a real jest run of a Python suite with python3
  // off PATH and CI=true fails, naming python3 and the line that installs it.
  test("jest on official-sdk.test.ts with python3 hidden under CI=true exits non-zero with one failed test naming python3 and its install line", () => {
    const out = join(bare, "results.json");
    const r = spawnSync(process.execPath, [join(ROOT, "node_modules", "jest", "bin", "jest.js"), "--ci", "--json", "--outputFile", out, "tests/integration/official-sdk.test.ts"], {
      cwd: ROOT, encoding: "utf8", env: { PATH: bare, CI: "true", HOME: process.env.HOME }, timeout: 120_000,
    });
    expect(r.status).toBe(1);
    const results = JSON.parse(readFileSync(out, "utf8")) as { numFailedTests: number; numPassedTests: number; numPendingTests: number; testResults: { assertionResults: { title: string; failureMessages: string[] }[] }[] };
    expect([results.numPassedTests, results.numFailedTests, results.numPendingTests]).toEqual([0, 1, 0]);
    const [failure] = results.testResults[0]!.assertionResults;
    expect(failure!.title).toBe("python3 is installed (required under CI)");
    expect(failure!.failureMessages.join("\n")).toContain("official-sdk.test.ts: python3 is not installed");
    expect(failure!.failureMessages.join("\n")).toContain("apt-get install -y python3 python3-venv");
  }, 150_000);
});

test("one decision: no test file checks for python3 or skips on its own, every file that runs python3 asks requireTool first", () => {
  // A file with its own check (as python-protected-delete.test.ts had, merged beside this) would skip under CI.
  const own = spawnSync("grep", ["-rlE", "--include=*.ts", 'spawnSync\\("python3"|hasPython', "tests"], { cwd: ROOT, encoding: "utf8" });
  // The decision itself and this test's pattern aside, a file that runs python3 asks requireTool first and has no check of its own.
  const running = own.stdout.split("\n").filter(Boolean).filter((f) => !["tests/required-tools.ts", "tests/unit/required-tools.test.ts"].includes(f));
  for (const file of running) {
    const text = readFileSync(join(ROOT, file), "utf8");
    expect({ file, asks: text.includes('requireTool("python3"'), ownCheck: text.includes("hasPython") }).toEqual({ file, asks: true, ownCheck: false });
  }
  const python = spawnSync("grep", ["-rlE", "--include=*.test.ts", "preparePythonSdk|venv\\.sh", "tests"], { cwd: ROOT, encoding: "utf8" });
  const files = python.stdout.split("\n").filter(Boolean);
  expect(files.length).toBeGreaterThanOrEqual(4);
  for (const file of files) expect({ file, asks: readFileSync(join(ROOT, file), "utf8").includes('requireTool("python3"') }).toEqual({ file, asks: true });
});

describe("rewriting expected files", () => {
  test("XADS_UPDATE_GOLDEN / XADS_UPDATE_FIXTURES under CI: refused, naming the variable", () => {
    for (const variable of ["XADS_UPDATE_GOLDEN", "XADS_UPDATE_FIXTURES"]) {
      expect(() => rewriteRequested(variable, { [variable]: "1", CI: "true" })).toThrow(new RegExp(`^${variable}=1 rewrites .* refused under CI`));
    }
  });

  test("outside CI the variable asks for the rewrite; unset, nothing is rewritten (CI or not)", () => {
    expect(rewriteRequested("XADS_UPDATE_GOLDEN", { XADS_UPDATE_GOLDEN: "1" })).toBe(true);
    expect(rewriteRequested("XADS_UPDATE_GOLDEN", {})).toBe(false);
    expect(rewriteRequested("XADS_UPDATE_GOLDEN", { CI: "true" })).toBe(false);
  });

  test("the two files that rewrite read their variable through rewriteRequested, nowhere else", () => {
    const grep = spawnSync("grep", ["-rn", "--include=*.ts", "XADS_UPDATE_\\(GOLDEN\\|FIXTURES\\)", "tests"], { cwd: ROOT, encoding: "utf8" });
    const reads = grep.stdout.split("\n").filter((l) => /process\.env|env\[|env\./.test(l) && !l.startsWith("tests/required-tools.ts") && !l.startsWith("tests/unit/required-tools.test.ts"));
    expect(reads).toEqual([]);
    expect(grep.stdout).toContain('rewriteRequested("XADS_UPDATE_GOLDEN")');
    expect(grep.stdout).toContain('rewriteRequested("XADS_UPDATE_FIXTURES")');
  });
});

describe("the closing line of make test", () => {
  const results = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 3, numTodoTests: 0, numRuntimeErrorTestSuites: 0 };

  test("counts skipped tests after the passed and failed, in the form CI reads", () => {
    expect(summary(results)).toBe("10 passed, 0 failed, 3 skipped");
    expect(summary(results)).toMatch(/^\d+ passed, \d+ failed(, \d+ skipped)?$/);
  });

  test("a file that failed to load counts as a failure, so a red run never reads `0 failed`", () => {
    expect(summary({ ...results, numRuntimeErrorTestSuites: 1 })).toBe("10 passed, 1 failed, 3 skipped");
  });

  test("the Makefile prints it last from jest's results", () => {
    const file = join(bare, "jest-results.json");
    writeFileSync(file, JSON.stringify({ ...results, numFailedTests: 2 }));
    expect(spawnSync(process.execPath, [join(ROOT, "tools", "test-summary.js"), file], { encoding: "utf8" }).stdout).toBe("10 passed, 2 failed, 3 skipped\n");
    const make = readFileSync(join(ROOT, "Makefile"), "utf8") as string;
    expect(make).toContain('node tools/test-summary.js $(WORK)/jest-results.json || echo "0 passed, 1 failed"');
  });
});
