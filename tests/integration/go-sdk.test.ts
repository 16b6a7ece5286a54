/**
 * The Go SDK generated from schema.json (tools/gosdk, `make go-sdk`) as a Go
 * user gets it: the module in .work/go-sdk (its go.mod tidied, so a program
 * requiring it builds with modules from the proxy), compiled whole by the
 * test of tests/go, whose programs' resources register through Pulumi's mocks
 * (pulumi.WithMocks) with the schema's tokens and property names, and the
 * Go example of every resource page (docs/resources/<Kind>.md) compiled on
 * it. The Go program's `pulumi up` is tests/e2e/go-plugin.test.ts.
 */
import { execFile, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { GO_SDK, goEnv, prepareGoSdk, ROOT, WORK } from "../e2e/harness";
import { KINDS, pageBlocks, pageOf } from "../doc-blocks";

const run = promisify(execFile);
const env = () => ({ ...process.env, ...goEnv() });

beforeAll(async () => {
  await prepareGoSdk();
}, 1_200_000);

test("the module's go.mod requires the pulumi Go SDK of the CLI's version, and the package carries the schema's version", () => {
  const goMod = readFileSync(join(GO_SDK, "go.mod"), "utf8");
  expect(goMod).toMatch(/^module pulumi-xads\/sdk$/m);
  expect(goMod).toMatch(/^\tgithub\.com\/pulumi\/pulumi\/sdk\/v3 v3\.259\.0$/m);
  const plugin = JSON.parse(readFileSync(join(GO_SDK, "go", "xads", "pulumi-plugin.json"), "utf8"));
  // toMatchObject: a pluginDownloadURL in the schema adds its server here.
  expect(plugin).toMatchObject({ resource: true, name: "xads", version: (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version });
});

test("go vet passes on the generated module: every package compiles", async () => {
  // Throws with go's output when a package does not compile.
  await run("go", ["vet", "./..."], { cwd: GO_SDK, env: env(), timeout: 900_000 });
}, 1_000_000);

test("a Go program's resources register through Pulumi's mocks with the schema's tokens and property names", () => {
  const r = spawnSync("go", ["test", "-json", "./..."], { cwd: join(ROOT, "tests", "go"), env: env(), encoding: "utf8", timeout: 900_000 });
  // go test -json: one event a line; a test's last is its pass or fail.
  const results: Record<string, string> = {};
  for (const line of r.stdout.split("\n").filter((l) => l.startsWith("{"))) {
    const e = JSON.parse(line) as { Action: string; Test?: string };
    if (e.Test && (e.Action === "pass" || e.Action === "fail" || e.Action === "skip")) results[e.Test] = e.Action;
  }
  const output = r.status === 0 ? "" : r.stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => (JSON.parse(l) as { Output?: string }).Output ?? "").join("") + r.stderr;
  // One comparison, so a build error shows with the missing results.
  expect({ results, status: r.status, output }).toEqual({
    results: {
      TestACampaignWithoutItsFundingInstrumentIsRefusedNamingIt: "pass",
      TestAnExplicitProviderRegistersAsTheXadsProviderWithItsSettings: "pass",
      TestCampaignAndLineItemRegisterWithTheirTokensAndTheSchemaPropertyNames: "pass",
    },
    status: 0,
    output: "",
  });
}, 1_000_000);

test("every resource page's Go example is in gofmt's layout and compiles on the generated SDK", async () => {
  // One module of a package a page (each a program, package main), vetted by one go command: the
  // SDK's packages compile once. Two levels below the root, as tests/go, so its go.mod's replace holds.
  const module = join(WORK, "doc-examples-go");
  rmSync(module, { recursive: true, force: true });
  const goMod = readFileSync(join(ROOT, "tests", "go", "go.mod"), "utf8").replace(/^module .*$/m, "module pulumi-xads/doc-examples");
  mkdirSync(module, { recursive: true });
  writeFileSync(join(module, "go.mod"), goMod);
  copyFileSync(join(ROOT, "tests", "go", "go.sum"), join(module, "go.sum"));
  const missing: string[] = [];
  for (const kind of KINDS) {
    const blocks = pageBlocks(kind, "go");
    if (blocks.length !== 1) missing.push(`${pageOf(kind)}: ${blocks.length} go blocks`);
    mkdirSync(join(module, kind.toLowerCase()));
    writeFileSync(join(module, kind.toLowerCase(), "main.go"), `${blocks[0]?.code ?? ""}\n`);
  }
  expect(missing).toEqual([]);
  // gofmt -l names each file whose layout gofmt would change.
  const gofmt = spawnSync("gofmt", ["-l", "."], { cwd: module, env: env(), encoding: "utf8" });
  expect({ status: gofmt.status, unformatted: gofmt.stdout, stderr: gofmt.stderr }).toEqual({ status: 0, unformatted: "", stderr: "" });
  const vet = spawnSync("go", ["vet", "./..."], { cwd: module, env: env(), encoding: "utf8", timeout: 900_000 });
  expect({ status: vet.status, output: vet.status === 0 ? "" : vet.stderr }).toEqual({ status: 0, output: "" });
}, 1_000_000);
