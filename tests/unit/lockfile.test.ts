/**
 * The committed lockfile is complete: every package it locks finds each of
 * its dependencies (optional ones, such as the platform bindings of other
 * systems, included) where Node would look for it. `make install` runs
 * `npm ci`, which refuses a lockfile with a gap; `npm install` would fill
 * the gap and leave package-lock.json changed in a clean clone.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");

interface Locked {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  link?: boolean;
}

/** Each `package -> dependency` the lockfile declares but does not hold where Node resolves it. */
function missingFromLockfile(packages: Record<string, Locked>): string[] {
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (entry.link) continue;
    const names = Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...(path === "" ? entry.devDependencies : {}) });
    for (const name of names) {
      // node_modules/a/node_modules/b looks in its own node_modules, then in each folder above it.
      let from = path;
      let found = false;
      for (;;) {
        if (packages[(from ? from + "/" : "") + "node_modules/" + name]) {
          found = true;
          break;
        }
        if (!from) break;
        const up = from.lastIndexOf("/node_modules/");
        from = up < 0 ? "" : from.slice(0, up);
      }
      if (!found) missing.push(`${path || "(root)"} -> ${name}`);
    }
  }
  return missing.sort();
}

test("the lockfile holds every dependency of every package it locks, optional ones included", () => {
  const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, Locked> };
  expect(missingFromLockfile(lock.packages)).toEqual([]);
});

test("a dependency is found in the package's own node_modules or in a folder above it, and named when it is in neither", () => {
  const packages: Record<string, Locked> = {
    "": { dependencies: { a: "1" }, devDependencies: { jest: "30" } },
    "node_modules/a": { dependencies: { b: "1", c: "1" }, optionalDependencies: { "binding-win32": "1" } },
    "node_modules/a/node_modules/b": { dependencies: { c: "1" } },
    "node_modules/c": {},
    "node_modules/jest": {},
  };
  expect(missingFromLockfile(packages)).toEqual(["node_modules/a -> binding-win32"]);
});
