/**
 * The repository is self-contained: a clone has no files beside it, so
 * nothing tracked may send a reader to one (the shared folder above the
 * repository, a design document outside it) or to an issue tracker's
 * number, which means nothing to a user. The project's rules are in docs/architecture.md; platform facts
 * cite the public reference (docs/architecture.md rule 11).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const OUTSIDE = new RegExp(["\\.\\./shared", "DESIGN\\.md", "\\bissue [0-9]+"].join("|"));

/** Text files of the repository: what git tracks, lockfile and recorded corpus aside (they quote others' words). */
function trackedText(): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  return files.filter((f) => /\.(ts|js|md|json|ya?ml|sh|py|txt)$|(^|\/)Makefile$/.test(f) && f !== "package-lock.json" && !f.startsWith("tests/conformance/corpus/"));
}

test("no tracked file refers to a file outside the repository or to an issue number", () => {
  const found: string[] = [];
  for (const file of trackedText()) {
    const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (OUTSIDE.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  expect(found).toEqual([]);
});

test("the pattern finds each kind of outside reference", () => {
  // Put together here, so this file does not hold what it looks for.
  for (const bad of [["see ..", "/shared/seeds/001.txt"], ["(DESIGN", ".md rule 3)"], ["the notes of iss", "ue 13"]]) expect(OUTSIDE.test(bad.join(""))).toBe(true);
  expect(OUTSIDE.test("docs/architecture.md rule 3")).toBe(false);
});
