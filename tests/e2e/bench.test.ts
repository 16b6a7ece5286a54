/**
 * `make bench` runs (bench/engine.ts): the real CLI through every operation
 * for every provider at a tiny N, checkpointed and in fast mode, and the
 * onboarding of an account; its tables have every column filled.
 * What it measures is not asserted: numbers, not tests.
 */
import { runBench } from "../../bench/engine";
import { writesOf } from "../../bench/report";
import { assertPrepared } from "./harness";

jest.setTimeout(600_000);

const rowsOf = (text: string, n: number) => text.split("\n").filter((l) => l.startsWith(`| ${n} |`)).map((l) => l.split("|").slice(1, -1).map((c) => c.trim()));
const number = /^\d+(\.\d+)?$/;

test("the bench runs up, preview, a budget change, refresh and destroy checkpointed for both providers and prints every column", async () => {
  assertPrepared();
  const lines: string[] = [];
  const measurements = await runBench({ ns: [2], providers: ["noop", "xads"], modes: ["checkpointed"], latencyMs: 0, print: (l) => lines.push(l) });
  expect(measurements.map((m) => [m.op, m.provider, m.mode, m.exitCode])).toEqual(
    ["up", "preview", "budget", "refresh", "destroy"].flatMap((op) => [[op, "noop", "checkpointed", 0], [op, "xads", "checkpointed", 0]]),
  );
  const text = lines.join("\n");
  expect(text).toContain("### Checkpointed");
  expect(text).not.toContain("### Fast mode");
  const rows = rowsOf(text, 2);
  {
    const pair = /^\d+ \/ \d+$/;
    expect(rows.map((r) => r[1])).toEqual(["preview", "up", "budget", "refresh", "destroy"]);
    for (const [, op, noopS, xadsS, ratio, calls, status429, stateKb, perResource, memory] of rows) {
      expect([noopS, xadsS, ratio, status429]).toEqual([expect.stringMatching(number), expect.stringMatching(number), expect.stringMatching(number), "0"]);
      expect(stateKb).toMatch(pair);
      // An empty stack (after destroy) has no bytes per resource; refresh and destroy run no program.
      expect(perResource).toMatch(op === "destroy" ? /^- \/ -$/ : pair);
      expect(memory).toMatch(["preview", "up", "budget"].includes(op!) ? pair : /^- \/ -$/);
      // A preview writes nothing: its one call is check's read-only access check of the account (provider/access.ts).
      expect(calls).toMatch(op === "preview" ? /^1: GET accounts\/:id 1$/ : /^\d+: /);
    }
  }
  // Counted by the emulator, by endpoint: up created campaigns and line items; the budget change updated both campaigns in one batch.
  expect(rows[1]![5]).toMatch(/^\d+: .*POST (batch\/)?campaigns \d/);
  expect(rows[1]![5]).toMatch(/POST (batch\/)?line_items \d/);
  expect(writesOf(measurements.find((m) => m.provider === "xads" && m.op === "budget")!.calls)).toBe(1);
});

test("fast mode runs the plugin's YAML program beside them at the same --parallel, and the onboarding adopts an account with no write", async () => {
  assertPrepared();
  const lines: string[] = [];
  const measurements = await runBench({ ns: [2], providers: ["noop", "xads", "plugin"], modes: ["fast"], ops: ["up", "budget", "refresh", "destroy"], onboardN: 2, latencyMs: 0, print: (l) => lines.push(l) });
  expect(measurements.filter((m) => m.provider === "plugin").map((m) => [m.op, m.mode, m.exitCode])).toEqual([["up", "fast", 0], ["budget", "fast", 0], ["refresh", "fast", 0], ["destroy", "fast", 0]]);
  // The floor runs the same way: one --parallel for every provider of fast mode.
  expect(new Set(measurements.map((m) => m.parallel))).toEqual(new Set([measurements[0]!.parallel]));
  expect(measurements[0]!.parallel).toBeGreaterThan(8);
  const text = lines.join("\n");
  const fast = text.slice(text.indexOf("### Fast mode"));
  const rows = rowsOf(fast, 2);
  for (const [, op, , , pluginS, , pluginRatio, xadsCalls, pluginCalls, , , perResource] of rows.filter((r) => !["import", "adopt"].includes(r[1]!))) {
    expect([pluginS, pluginRatio]).toEqual([expect.stringMatching(number), expect.stringMatching(number)]);
    // One lifecycle code: the plugin calls the endpoints the dynamic provider calls (how many batches depends on the engine's timing).
    const endpoints = (calls: string) => calls.replace(/^\d+: ?/, "").split(", ").map((c) => c.replace(/ \d+$/, "")).sort();
    expect(endpoints(pluginCalls!)).toEqual(endpoints(xadsCalls!));
    expect(perResource).toMatch(op === "destroy" ? /^- \/ - \/ -$/ : /^\d+ \/ \d+ \/ \d+$/);
  }
  // The budget change on both campaigns: one batch write each.
  for (const provider of ["xads", "plugin"]) expect(writesOf(measurements.find((m) => m.provider === provider && m.op === "budget")!.calls)).toBe(1);
  // The onboarding: xads import read the account, the adopting up wrote nothing and holds the funding instrument, 2 campaigns and 2 line items.
  const adopt = measurements.find((m) => m.op === "adopt")!;
  expect(measurements.find((m) => m.op === "import")).toMatchObject({ exitCode: 0, calls: expect.objectContaining({ "GET campaigns": 1, "GET line_items": 1 }) });
  expect(adopt).toMatchObject({ exitCode: 0, provider: "xads", mode: "fast" });
  expect(writesOf(adopt.calls)).toBe(0);
  expect(adopt.calls["GET campaigns"]).toBeGreaterThan(0);
  expect(adopt.stateResources).toBe(5 + 2);
  expect(rows.map((r) => r[1])).toEqual(["up", "budget", "refresh", "destroy", "import", "adopt"]);
  // Fast mode's summary names the budget change's writes.
  expect(fast).toMatch(/^\| xads \| \d+\.\d \| \d+\.\d\d \| 1 \|$/m);
  // The state by part: the dynamic providers' resources (the no-op floor is one too) carry it serialized, the plugin's none.
  const provider = /^\| serialized provider \| (\d+) \| (\d+) \| (\d+) \|$/m.exec(text);
  expect(provider).not.toBeNull();
  const [noop, xads, plugin] = provider!.slice(1).map(Number);
  expect(noop).toBeGreaterThan(0);
  expect(xads).toBeGreaterThan(0);
  expect(plugin).toBe(0);
});
