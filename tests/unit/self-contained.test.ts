/**
 * The repository is self-contained: a clone has no files beside it, so
 * nothing tracked may send a reader to one (the shared folder above the
 * repository, a design document outside it) or to an issue tracker's
 * number, which means nothing to a user. The project's rules are in docs/architecture.md; platform facts
 * cite the public reference (docs/architecture.md rule 11, "Citations"), never a section of the
 * contract the project was first written from ("seed" and a section number), which a clone does not have.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..", "..");
const OUTSIDE = new RegExp(["\\.\\./shared", "DESIGN\\.md", "\\bissue [0-9]+"].join("|"));
/** A section of that contract: "seed", an optional document number or "section", and the section's number. */
const SEED_SECTION = /\bseed (?:\d{3} )?(?:sections? )?\d/i;

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

test("no tracked .ts or .md file cites a section of the contract the project was first written from", () => {
  const found: string[] = [];
  for (const file of trackedText().filter((f) => /\.(ts|md)$/.test(f))) {
    const lines = readFileSync(join(ROOT, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (SEED_SECTION.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  expect(found).toEqual([]);
});

test("the pattern finds each kind of outside reference", () => {
  // Put together here, so this file does not hold what it looks for.
  for (const bad of [["see ..", "/shared/seeds/001.txt"], ["(DESIGN", ".md rule 3)"], ["the notes of iss", "ue 13"]]) expect(OUTSIDE.test(bad.join(""))).toBe(true);
  expect(OUTSIDE.test("docs/architecture.md rule 3")).toBe(false);
  for (const bad of [["(se", "ed 4.12)"], ["(Se", "ed 000 section 7)"], ["se", "ed section 8"], ["se", "ed 2 and 4.3"]]) expect(SEED_SECTION.test(bad.join(""))).toBe(true);
  // The emulator's seeded state and the fault generator's seed are not citations.
  for (const fine of ["the seeded state", "randomFaults({ seed: 7 })", "the same seed draws the same faults", "ref audiences/reference.mdx"]) expect(SEED_SECTION.test(fine)).toBe(false);
});
