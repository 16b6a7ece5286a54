/**
 * The Python SDK generated from schema.json (tools/pysdk, `make python-sdk`)
 * as a Python user gets it: pip installs it into a fresh virtual environment
 * (tests/python/venv.sh, beside the pinned pulumi Python SDK), `import
 * pulumi_xads` finds it there, mypy reads its types, and its resources
 * register through Pulumi's mocks (tests/python/test_pulumi_xads.py); mypy
 * checks the Python example of every resource page against its types, and
 * each registers the walk row's values through the mocks. No
 * Python language host is built here (README, "Python"), so no `pulumi up`.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { pluginTypeToken, ResourceKind } from "../../provider/resources";
import { exampleModel } from "../../tools/example-programs";
import { KINDS, pageBlocks } from "../doc-blocks";
import { requireTool } from "../required-tools";

const run = promisify(execFile);
const ROOT = join(__dirname, "..", "..");
const HERE = join(ROOT, "tests", "python");
const SDK = join(ROOT, ".work", "python-sdk");
const VENV = join(ROOT, ".work", "venv-python-sdk");
const python = join(VENV, "bin", "python");
const mypy = (...files: string[]) =>
  spawnSync(join(VENV, "bin", "mypy"), ["--cache-dir", join(ROOT, ".work", "mypy-cache"), "--no-error-summary", "--hide-error-context", ...files], { cwd: ROOT, encoding: "utf8" });

/** The Python example of each resource page (docs/resources/<Kind>.md), a module each in .work/doc-examples-python: its path from the root, by kind. */
function pagePrograms(): Record<ResourceKind, string> {
  const dir = join(".work", "doc-examples-python");
  rmSync(join(ROOT, dir), { recursive: true, force: true });
  mkdirSync(join(ROOT, dir), { recursive: true });
  return Object.fromEntries(KINDS.map((kind) => {
    const blocks = pageBlocks(kind, "python");
    if (blocks.length !== 1) throw new Error(`docs/resources/${kind}.md has ${blocks.length} python blocks, not 1`);
    writeFileSync(join(ROOT, dir, `${kind}.py`), `${blocks[0]!.code}\n`);
    return [kind, join(dir, `${kind}.py`)];
  })) as Record<ResourceKind, string>;
}

// Without python3: skipped with a warning, or under CI a failure with the install line (tests/required-tools.ts).
if (requireTool("python3", "python-sdk.test.ts", "the generated SDK is installed in a python3 virtual environment")) {
  beforeAll(async () => {
    await run(join(ROOT, "tools", "pysdk", "build.sh"), [join(ROOT, "schema.json"), SDK], { cwd: ROOT, timeout: 600_000 });
    await run(join(HERE, "venv.sh"), [VENV, SDK], { timeout: 600_000 });
  }, 1_200_000);

  test("pip installs the generated package: import pulumi_xads finds it in the virtual environment, at the project's version", async () => {
    // From another folder, so the import cannot find a source tree beside it.
    const { stdout } = await run(python, ["-c", "import importlib.metadata, json, pulumi_xads; print(json.dumps([pulumi_xads.__file__, importlib.metadata.version('pulumi_xads')]))"], { cwd: "/" });
    const [file, version] = JSON.parse(stdout) as [string, string];
    expect(file.startsWith(join(VENV, "lib"))).toBe(true);
    expect(version).toBe((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version);
  });

  test("a Python program's resources register through Pulumi's mocks with the schema's tokens and property names", () => {
    const r = spawnSync(python, ["-m", "unittest", "-v", "tests/python/test_pulumi_xads.py"], { cwd: ROOT, encoding: "utf8" });
    // unittest -v writes one line per test: `name (module.Class.name) ... ok`.
    const results = Object.fromEntries([...r.stderr.matchAll(/^(test_\w+) \(.*\) \.\.\. (.*)$/gm)].map((m) => [m[1], m[2]]));
    expect(Object.keys(results)).toEqual(expect.arrayContaining([
      "test_campaign_registers_with_its_token_and_the_schema_property_names",
      "test_campaign_outputs_read_back_under_snake_case_attributes",
      "test_a_campaign_without_its_funding_instrument_is_refused_naming_it",
      "test_card_components_pass_through_as_written",
      "test_an_explicit_provider_registers_as_the_xads_provider_with_its_settings",
    ]));
    expect({ results, status: r.status, output: r.status === 0 ? "" : r.stderr }).toEqual({
      results: Object.fromEntries(Object.keys(results).map((k) => [k, "ok"])), status: 0, output: "",
    });
  });

  test("mypy checks a program against the SDK's types: a correct one passes, each mistake is reported on its line", () => {
    const clean = mypy("tests/python/test_pulumi_xads.py");
    expect({ status: clean.status, output: clean.stdout }).toEqual({ status: 0, output: "" });
    const file = "tests/python/mistyped.py";
    const marked = readFileSync(join(ROOT, file), "utf8").split("\n").flatMap((line, i) => (line.endsWith("# mypy: error") ? [i + 1] : []));
    const wrong = mypy(file);
    const reported = [...new Set([...wrong.stdout.matchAll(/^tests\/python\/mistyped\.py:(\d+): error:/gm)].map((m) => Number(m[1])))];
    expect(marked.length).toBeGreaterThan(0);
    expect(reported).toEqual(marked);
    expect(wrong.stdout).toContain('Unexpected keyword argument "daily_budget"');
  });

  test("mypy checks the Python example of every resource page against the SDK's types: argument names and types", () => {
    // One mypy run for all (its cache keeps the SDK's types between runs).
    const r = mypy(...Object.values(pagePrograms()));
    expect({ status: r.status, output: r.stdout + r.stderr }).toEqual({ status: 0, output: "" });
  });

  test("the Python example of every resource page registers, through Pulumi's mocks, the walk row's resources with its values", () => {
    const files = pagePrograms();
    // One python for every page (tests/python/doc_examples.py): an id is `<name>-id`, a given name's config `given-<name>`.
    const r = spawnSync(python, [join(HERE, "doc_examples.py"), ...Object.values(files)], { cwd: ROOT, encoding: "utf8" });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
    const registered = JSON.parse(r.stdout) as Record<string, Record<string, { type: string; inputs: Record<string, unknown> }>>;
    const resolve = (v: unknown): unknown => {
      if (typeof v === "string") return v.replace(/^\$\{(\w+)\.id\}$/, "$1-id").replace(/^\$\{(\w+)\}$/, "given-$1");
      if (Array.isArray(v)) return v.map(resolve);
      if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
      return v;
    };
    for (const kind of KINDS) {
      const program = registered[files[kind]]!;
      const { declarations } = exampleModel(kind);
      // Each declared resource once, of its token, with the row's values (the SDK adds the schema's defaults).
      expect({ kind, names: Object.keys(program).sort() }).toEqual({ kind, names: declarations.map((d) => d.name).sort() });
      for (const d of declarations) {
        expect({ kind, name: d.name, ...program[d.name] }).toMatchObject({ kind, name: d.name, type: pluginTypeToken(d.kind), inputs: resolve(d.args) });
      }
    }
  });
}
