/**
 * `make test-kind KIND=<Kind>`: every test `make test` runs that can tell
 * this kind is wrong, so that a kind green here is green there
 * (CONTRIBUTING.md, "Testing one kind"). The unit and conformance projects
 * run whole (every test there reads the registry one way or another: the
 * generated files, the wiring, the corpus, the requests, the emulator's
 * shapes, the replay; a minute or two); of the integration and e2e
 * projects, every file that mentions the kind (its name, its module, its
 * collection) or goes over every kind (the registry, the walk table, the
 * import kinds, the corpus), with XADS_KIND=<Kind> so those that go over
 * every kind take this one alone (the walk, the adoption table).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { RESOURCES } from "../provider/resources";
import { kebab } from "./new-kind";

const ROOT = join(__dirname, "..");

/** Names a source uses to go over every kind: what a new kind is in without being named. */
export const EVERY_KIND = /\b(RESOURCES|ROWS|IMPORT_KINDS|CALLED_ENDPOINTS|RESOURCE_CASES|resourceEndpoints|generatedFiles|corpus\(\))\b/;

/** What names the kind in a test's text: its name, its declaration's module, its collection. */
export function mentions(text: string, kind: string): boolean {
  const collection = (RESOURCES as Record<string, { collection?: string }>)[kind]?.collection;
  return new RegExp(`\\b${kind}\\b`).test(text) || text.includes(`resources/${kebab(kind)}"`)
    || (collection !== undefined && new RegExp(`["'\`/]${collection}(?![\\w])`).test(text));
}

/** One jest run: whole projects, or files of one project; with the kind in XADS_KIND. */
export interface JestRun {
  projects: string[];
  files?: string[];
}

/** The test files of a folder and below, relative to the root. */
export function testFiles(dir: string): string[] {
  const at = join(ROOT, dir);
  if (!existsSync(at)) return [];
  return readdirSync(at, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".test.ts")).map((f) => relative(ROOT, join(at, f))).sort();
}

/** The jest runs of one kind. */
export function kindTests(kind: string): JestRun[] {
  if (!(kind in RESOURCES)) throw new Error(`${kind} is not a kind of the registry (provider/resources/index.ts): ${Object.keys(RESOURCES).join(", ")}`);
  const selected = (dir: string) => testFiles(dir).filter((f) => {
    const text = readFileSync(join(ROOT, f), "utf8");
    return mentions(text, kind) || EVERY_KIND.test(text);
  });
  return [
    { projects: ["unit", "conformance"] },
    { projects: ["integration"], files: selected("tests/integration") },
    { projects: ["e2e"], files: selected("tests/e2e") },
  ];
}

/** The arguments of `npx jest` for one run: the files before `--selectProjects`, which takes every word after it as a project. */
export const jestArgs = (run: JestRun): string[] => ["jest", "--ci", "--maxWorkers=1", ...(run.files ?? []), "--selectProjects", ...run.projects];

function main(): void {
  const kind = process.argv[2];
  if (!kind) {
    console.error("make test-kind KIND=<Kind>");
    process.exit(2);
  }
  const pulumiDir = join(ROOT, ".work/pulumi-dir");
  const env = {
    ...process.env, XADS_KIND: kind,
    ...(existsSync(pulumiDir) ? { XADS_PULUMI_DIR: readFileSync(pulumiDir, "utf8").trim() } : {}),
  };
  let failed = 0;
  for (const run of kindTests(kind)) {
    if (run.files?.length === 0) continue;
    console.log(`\n${kind}: npx ${jestArgs(run).join(" ")}`);
    const { status } = spawnSync("npx", jestArgs(run), { cwd: ROOT, env, stdio: "inherit" });
    if (status !== 0) failed++;
  }
  console.log(failed === 0 ? `\n${kind}: every suite passed` : `\n${kind}: ${failed} of the runs failed`);
  process.exit(failed === 0 ? 0 : 1);
}

if (require.main === module) main();
