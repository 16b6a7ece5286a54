/**
 * package.json's `exports` (docs/upgrades.md): ESM and CommonJS programs
 * import `pulumi-xads` and `pulumi-xads/native`, and every `dist/` path a
 * require resolved before the map existed still resolves to the same file:
 * with its extension (the state entry point, `pulumi-xads/dist/provider/state-entry.js`),
 * without it (`pulumi-xads/dist/provider/client`, which docs name), and a
 * folder by its index.js (`pulumi-xads/dist/emulator`). Resolved by Node
 * from a folder whose node_modules/pulumi-xads is this package (built: make build).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const ROOT = join(__dirname, "..", "..");
const DIST = join(ROOT, "dist");

let home: string;
beforeAll(() => {
  if (!existsSync(join(DIST, "sdk", "native", "index.js"))) throw new Error("no dist/: run make build (make test does)");
  home = mkdtempSync(join(tmpdir(), "xads-exports-"));
  mkdirSync(join(home, "node_modules"));
  symlinkSync(ROOT, join(home, "node_modules", "pulumi-xads"), "dir");
});
afterAll(() => home && rmSync(home, { recursive: true, force: true }));

/** Node's own resolution (jest's require.resolve is its own resolver), from `home`: each request's file, or null. */
function resolveFromHome(requests: string[]): (string | null)[] {
  const script = "const out = JSON.parse(process.argv[1]).map((r) => { try { return require.resolve(r); } catch { return null; } }); process.stdout.write(JSON.stringify(out));";
  return JSON.parse(execFileSync(process.execPath, ["-e", script, JSON.stringify(requests)], { cwd: home, encoding: "utf8" })) as (string | null)[];
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** What a require of `pulumi-xads/<path>` found before the map: the file, the file with .js, a folder's index.js. */
function deepPaths(): [string, string][] {
  const js = filesBelow(DIST).filter((f) => f.endsWith(".js"));
  const byFile = js.flatMap((f): [string, string][] => {
    const rel = relative(ROOT, f);
    return [[rel, f], [rel.replace(/\.js$/, ""), f]];
  });
  const byFolder = js.filter((f) => f.endsWith("/index.js")).map((f): [string, string] => [relative(ROOT, join(f, "..")), f]);
  return [...byFile, ...byFolder];
}

test("every dist/ path resolves to the file it resolved to without the exports map", () => {
  const paths = deepPaths();
  const resolved = resolveFromHome(paths.map(([request]) => `pulumi-xads/${request}`));
  expect(paths.length).toBeGreaterThan(100);
  expect(paths.filter(([, file], i) => resolved[i] !== file).map(([request]) => request)).toEqual([]);
});

test("the package, pulumi-xads/native, package.json and schema.json resolve for CommonJS", () => {
  expect(resolveFromHome(["pulumi-xads", "pulumi-xads/native", "pulumi-xads/package.json", "pulumi-xads/schema.json"])).toEqual([
    join(DIST, "sdk", "index.js"), join(DIST, "sdk", "native", "index.js"), join(ROOT, "package.json"), join(ROOT, "schema.json"),
  ]);
});

test("an ES module imports the classes of pulumi-xads/native and pulumi-xads by name", () => {
  const script = [
    'import { Campaign, Provider } from "pulumi-xads/native";',
    'import * as dynamic from "pulumi-xads";',
    'console.log([typeof Campaign, typeof Provider, typeof dynamic.Campaign].join(" "));',
  ].join("\n");
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: home, encoding: "utf8" });
  expect(out.trim()).toBe("function function function");
});
