/**
 * The one poll of the tests (tests/integration/fixtures.ts waitFor): a
 * condition that never comes fails naming what was awaited, where a bare
 * `while` loop hung until jest's time-out. No test polls otherwise.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { waitFor } from "../integration/fixtures";

const ROOT = join(__dirname, "..", "..");

test("resolves once the condition holds", async () => {
  let polls = 0;
  await expect(waitFor(() => ++polls >= 3, "the third poll", 60_000, 1)).resolves.toBeUndefined();
  expect(polls).toBe(3);
});

test("a condition that never holds fails after the deadline, naming what it waited for", async () => {
  await expect(waitFor(() => false, "the first POST to reach the emulator", 30, 5)).rejects.toThrow("waited 30 ms for the first POST to reach the emulator, in vain");
});

test("no test polls with a bare loop: every `while (` that sleeps, and every `for (` that sleeps a timer, is waitFor's own", () => {
  // A loop that awaits a timer is a poll; waitFor is the only one allowed to hold it.
  const grep = spawnSync("grep", ["-rnE", "--include=*.ts", "while \\(.*(setTimeout|await)|for \\(.*\\) *\\{? *await new Promise\\(.*setTimeout", "tests"], { cwd: ROOT, encoding: "utf8" });
  expect(grep.stdout.split("\n").filter(Boolean)).toEqual([]);
});
