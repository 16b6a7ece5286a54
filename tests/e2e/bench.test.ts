/**
 * `make bench` runs (bench/engine.ts): the real CLI through every operation
 * for every provider at a tiny N, and its table has every column filled.
 * What it measures is not asserted: numbers, not tests.
 */
import { runBench } from "../../bench/engine";
import { assertPrepared } from "./harness";

jest.setTimeout(300_000);

test("the bench runs preview, up, refresh and destroy for both providers and prints every column", async () => {
  assertPrepared();
  const lines: string[] = [];
  const measurements = await runBench({ ns: [2], providers: ["noop", "xads"], latencyMs: 0, print: (l) => lines.push(l) });
  expect(measurements.map((m) => [m.op, m.provider, m.exitCode])).toEqual(
    ["up", "preview", "refresh", "destroy"].flatMap((op) => [[op, "noop", 0], [op, "xads", 0]]),
  );
  const rows = lines.join("\n").split("\n").filter((l) => l.startsWith("| 2 |")).map((l) => l.split("|").slice(1, -1).map((c) => c.trim()));
  const number = /^\d+(\.\d+)?$/;
  const pair = /^\d+ \/ \d+$/;
  expect(rows.map((r) => r[1])).toEqual(["preview", "up", "refresh", "destroy"]);
  for (const [, op, noopS, xadsS, ratio, calls, status429, stateKb, perResource, memory] of rows) {
    expect([noopS, xadsS, ratio, status429]).toEqual([expect.stringMatching(number), expect.stringMatching(number), expect.stringMatching(number), "0"]);
    expect(stateKb).toMatch(pair);
    // An empty stack (after destroy) has no bytes per resource; refresh and destroy run no program.
    expect(perResource).toMatch(op === "destroy" ? /^- \/ -$/ : pair);
    expect(memory).toMatch(op === "preview" || op === "up" ? pair : /^- \/ -$/);
    // A preview writes nothing: its one call is check's read-only access check of the account (provider/access.ts).
    expect(calls).toMatch(op === "preview" ? /^1: GET accounts\/:id 1$/ : /^\d+: /);
  }
  // Counted by the emulator, by endpoint: up created campaigns and line items.
  expect(rows[1]![5]).toMatch(/^\d+: .*POST (batch\/)?campaigns \d/);
  expect(rows[1]![5]).toMatch(/POST (batch\/)?line_items \d/);
});

test("the bench runs the provider plugin's YAML program beside them, with its own seconds, ratio to the floor, calls and state", async () => {
  assertPrepared();
  const lines: string[] = [];
  const measurements = await runBench({ ns: [2], providers: ["noop", "xads", "plugin"], latencyMs: 0, print: (l) => lines.push(l) });
  expect(measurements.filter((m) => m.provider === "plugin").map((m) => [m.op, m.exitCode])).toEqual([["up", 0], ["preview", 0], ["refresh", 0], ["destroy", 0]]);
  const rows = lines.join("\n").split("\n").filter((l) => l.startsWith("| 2 |")).map((l) => l.split("|").slice(1, -1).map((c) => c.trim()));
  const number = /^\d+(\.\d+)?$/;
  for (const [, op, , , pluginS, , pluginRatio, xadsCalls, pluginCalls, , , perResource] of rows) {
    expect([pluginS, pluginRatio]).toEqual([expect.stringMatching(number), expect.stringMatching(number)]);
    // One lifecycle code: the plugin calls the endpoints the dynamic provider calls (how many batches depends on the engine's timing).
    const endpoints = (calls: string) => calls.replace(/^\d+: ?/, "").split(", ").map((c) => c.replace(/ \d+$/, "")).sort();
    expect(endpoints(pluginCalls!)).toEqual(endpoints(xadsCalls!));
    expect(perResource).toMatch(op === "destroy" ? /^- \/ - \/ -$/ : /^\d+ \/ \d+ \/ \d+$/);
  }
  // The state by part: the dynamic providers' resources (the no-op floor is one too) carry it serialized, the plugin's none.
  const provider = /^\| serialized provider \| (\d+) \| (\d+) \| (\d+) \|$/m.exec(lines.join("\n"));
  expect(provider).not.toBeNull();
  const [noop, xads, plugin] = provider!.slice(1).map(Number);
  expect(noop).toBeGreaterThan(0);
  expect(xads).toBeGreaterThan(0);
  expect(plugin).toBe(0);
});
