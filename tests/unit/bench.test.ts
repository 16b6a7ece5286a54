/**
 * What `make bench` reads and prints: endpoints named without their ids,
 * which node process below a pulumi command is the program, the table
 * of the providers side by side, fast mode apart from the checkpointed runs
 * and its summary, and the order of the phases.
 */
import { peakRssBytes, rolesBelow } from "../../bench/proc";
import { parseStat } from "../../provider/proc";
import { phasesOf } from "../../bench/engine";
import { countCalls, endpointOf, fastModeSummary, growthTable, Measurement, Mode, Operation, ProviderName, report, resultsTable, StateParts, statePartsOf, statePartsTable, writesOf } from "../../bench/report";
import { yamlProgram } from "../../bench/yaml-program";

test("calls are counted by method and endpoint, ids and the account left out", () => {
  expect([
    "/12/batch/accounts/18ce54d4x5t/campaigns",
    "/12/accounts/18ce54d4x5t/line_items/8yo8t",
    "/12/accounts/18ce54d4x5t/campaigns",
    "/12/accounts/18ce54d4x5t",
    "/12/content_categories",
  ].map(endpointOf)).toEqual(["batch/campaigns", "line_items/:id", "campaigns", "accounts/:id", "content_categories"]);
  expect(countCalls([
    { method: "GET", path: "/12/accounts/a/campaigns" },
    { method: "GET", path: "/12/accounts/b/campaigns" },
    { method: "DELETE", path: "/12/accounts/a/campaigns/jdhar" },
  ])).toEqual({ "GET campaigns": 2, "DELETE campaigns/:id": 1 });
});

test("the program is the language host's node child; other node processes below the command are the provider; others' processes are left out", () => {
  const procs = [
    "100 (pulumi) S 1 100", "101 (pulumi-language) S 100 100", "102 (node) S 101 100", "103 (node) S 100 100",
    "104 (pulumi-resource) S 100 100", "105 (node) S 104 100", "200 (node) S 1 200", "201 (my (odd) name) S 100 100",
  ].map((s) => parseStat(s)!);
  expect(procs[7]).toEqual({ pid: 201, comm: "my (odd) name", ppid: 100 });
  // A whole line (Linux proc(5)): field 22 is the process's start, which names a run with its pid (provider/engine.ts cliProcess).
  expect(parseStat("4242 (pulumi) S 1 4242 4242 0 -1 4194560 1 2 3 4 5 6 7 8 20 0 12 0 987654 100 200")).toMatchObject({ pid: 4242, ppid: 1, startTicks: 987654 });
  expect(rolesBelow(100, procs)).toEqual(new Map([[102, "program"], [103, "provider"], [105, "provider"]]));
  expect(peakRssBytes("Name:\tnode\nVmPeak:\t 9000 kB\nVmHWM:\t  1024 kB\n")).toBe(1024 * 1024);
});

test("the table puts the plugin beside the dynamic provider: seconds, ratio to the no-op floor, API calls and state bytes per resource of each", () => {
  const m = (provider: ProviderName, seconds: number, stateBytes: number): Measurement => ({
    provider, n: 100, op: "up", exitCode: 0, seconds, calls: provider === "noop" ? {} : { "POST batch/campaigns": 2 }, status429: 0,
    stateBytes, stateResources: 203, programPeakBytes: provider === "plugin" ? undefined : 100 * 2 ** 20,
  });
  const [header, , row] = resultsTable([m("noop", 10, 406_000), m("xads", 25, 203_000), m("plugin", 15, 304_500)]).split("\n");
  const cells = (l: string) => l.split("|").slice(1, -1).map((c) => c.trim());
  expect(cells(header!)).toEqual([
    "N", "operation", "no-op s", "xads s", "plugin s", "xads / no-op", "plugin / no-op",
    "xads API calls (method endpoint)", "plugin API calls (method endpoint)", "429s (xads / plugin)",
    "state KB (no-op / xads / plugin)", "state bytes per resource (no-op / xads / plugin)", "program peak MB (no-op / xads / plugin)",
  ]);
  expect(cells(row!)).toEqual(["100", "up", "10.0", "25.0", "15.0", "2.50", "1.50", "2: POST batch/campaigns 2", "2: POST batch/campaigns 2", "0 / 0", "396 / 198 / 297", "2000 / 1000 / 1500", "100 / 100 / -"]);
});

test("the plugin's program declares the shape of the dynamic one: a funding instrument, then each campaign and its line item", () => {
  const text = yamlProgram(2, "18ce54d4x5t", "/opt/xads/bin");
  expect(text).toMatch(/^runtime: yaml$/m);
  expect(text).toMatch(/^ {6}path: \/opt\/xads\/bin$/m);
  expect([...text.slice(text.indexOf("resources:")).matchAll(/^ {2}(\S+):\n {4}type: (\S+)$/gm)].map(([, name, type]) => `${name} ${type}`)).toEqual([
    "usd xads:index:FundingInstrument", "c0 xads:index:Campaign", "li0 xads:index:LineItem", "c1 xads:index:Campaign", "li1 xads:index:LineItem",
  ]);
  expect(text).toContain("      campaignId: ${c1.id}");
  // The daily budget is the project's config, so the budget change is a config change of the same program.
  expect(text).toMatch(/^config:\n {2}budget:\n {4}type: integer\n {4}default: 1000000$/m);
  expect(text).toContain("      dailyBudgetAmountLocalMicro: ${budget}");
});

test("a managed resource's state is split into its values, the serialized provider, the language host's source positions and the rest, per resource", () => {
  const provider = "exports.handler = require('pulumi-xads/dist/provider/dispatch.js')";
  const dynamic = {
    urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic:Resource::c0", type: "pulumi-nodejs:dynamic:Resource", id: "c0",
    inputs: { __provider: provider, name: "a" }, outputs: { __provider: provider, name: "a", servable: true },
    sourcePosition: "project:///index.ts#3", stackTrace: [{ sourcePosition: "project:///index.ts#3" }],
  };
  const stackAndProvider = [{ urn: "s", type: "pulumi:pulumi:Stack" }, { urn: "p", type: "pulumi:providers:xads", inputs: { accountId: "x" } }];
  const parts = statePartsOf([...stackAndProvider, dynamic, dynamic])!;
  const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
  expect(parts.provider).toBe(2 * bytes(provider));
  expect(parts.values).toBe(bytes(dynamic.inputs) + bytes(dynamic.outputs) - 2 * bytes(provider));
  expect(parts.sourcePositions).toBe(bytes(dynamic.sourcePosition) + bytes(dynamic.stackTrace));
  expect(parts.values + parts.provider + parts.sourcePositions + parts.other).toBe(bytes(dynamic));
  // A plugin's resource carries no serialized provider; a stack of only the stack and providers has no managed resource.
  const { __provider: _i, ...inputs } = dynamic.inputs;
  expect(statePartsOf([{ ...dynamic, type: "xads:index:Campaign", inputs, outputs: { name: "a" } }])!.provider).toBe(0);
  expect(statePartsOf(stackAndProvider)).toBeUndefined();

  const m = (provider: ProviderName, stateParts: StateParts): Measurement => ({ provider, n: 500, op: "up", exitCode: 0, seconds: 1, calls: {}, status429: 0, stateBytes: 1, stateResources: 3, stateParts });
  const table = statePartsTable([m("xads", { values: 900, provider: 1500, sourcePositions: 100, other: 200 }), m("plugin", { values: 900, provider: 0, sourcePositions: 1300, other: 300 })]);
  expect(table).toContain("| part | xads | plugin |");
  expect(table).toContain("| serialized provider | 1500 | 0 |");
  expect(table).toContain("| total | 2700 | 2500 |");
});

/** A measurement of the tests below: `calls` only where given. */
const made = (provider: ProviderName, n: number, op: Operation, mode: Mode, seconds: number, calls: Record<string, number> = {}): Measurement => ({
  provider, n, op, mode, parallel: mode === "fast" ? 160 : undefined, exitCode: 0, seconds, calls, status429: 0, stateBytes: 1000, stateResources: 2 * n + 3,
});

test("writes are every request but a GET", () => {
  expect(writesOf({ "GET campaigns": 7, "POST batch/campaigns": 100, "DELETE funding_instruments/:id": 1, "PUT campaigns/:id": 2 })).toBe(103);
  expect(writesOf({})).toBe(0);
});

test("fast mode's summary: up's growth between the two largest N, its ratio to the floor at the largest, and the budget change's writes against ⌈N/40⌉", () => {
  const ms = [
    made("noop", 1000, "up", "fast", 20), made("noop", 2000, "up", "fast", 40), made("noop", 4000, "up", "fast", 80),
    made("xads", 1000, "up", "fast", 25), made("xads", 2000, "up", "fast", 50), made("xads", 4000, "up", "fast", 100),
    made("xads", 4000, "budget", "fast", 90, { "GET campaigns": 5, "POST batch/campaigns": 100 }),
    // Checkpointed runs are not fast mode's: left out.
    made("xads", 4000, "up", "checkpointed", 9999),
  ];
  const lines = fastModeSummary(ms).split("\n");
  const cells = (l: string) => l.split("|").slice(1, -1).map((c) => c.trim());
  const header = cells(lines.find((l) => l.startsWith("| provider"))!);
  expect(header).toEqual(["provider", "up s at N = 2000", "up s at N = 4000", "up growth (N x2.0)", "up / no-op at N = 4000", "budget change writes at N = 4000 (⌈N/40⌉ = 100 a collection)"]);
  expect(cells(lines.find((l) => l.startsWith("| xads"))!)).toEqual(["xads", "50.0", "100.0", "x2.00", "1.25", "100"]);
  expect(cells(lines.find((l) => l.startsWith("| no-op"))!)).toEqual(["no-op", "40.0", "80.0", "x2.00", "1.00", "-"]);
  // At one N there is no growth to tell; with no fast run, no summary.
  expect(fastModeSummary(ms.filter((m) => m.n === 4000))).toContain("| provider | up s at N = 4000 | up / no-op at N = 4000 |");
  expect(fastModeSummary(ms.filter((m) => m.mode === "checkpointed"))).toBe("");
});

test("the report has a section for each mode measured, each with its own table and growth; the ratios are to the floor of the same mode", () => {
  const ms = [
    made("noop", 1000, "up", "fast", 20), made("xads", 1000, "up", "fast", 30), made("noop", 4000, "up", "fast", 80), made("xads", 4000, "up", "fast", 90),
    made("noop", 1000, "up", "checkpointed", 400), made("xads", 1000, "up", "checkpointed", 200),
    made("xads", 2000, "import", "fast", 3, { "GET campaigns": 2 }), made("xads", 2000, "adopt", "fast", 60, { "GET campaigns": 4 }),
  ];
  const text = report(ms);
  const fast = text.indexOf("### Fast mode");
  const checkpointed = text.indexOf("### Checkpointed");
  expect(fast).toBeGreaterThanOrEqual(0);
  expect(checkpointed).toBeGreaterThan(fast);
  expect(text.slice(fast, checkpointed)).toContain("(--parallel 160)");
  expect(text.slice(checkpointed)).toContain("(--parallel default)");
  const row = (section: string, start: string) => cells(section.split("\n").find((l) => l.startsWith(start))!);
  const cells = (l: string) => l.split("|").slice(1, -1).map((c) => c.trim());
  // N, operation, no-op s, xads s, xads / no-op.
  expect(row(text.slice(fast, checkpointed), "| 1000 | up |").slice(0, 5)).toEqual(["1000", "up", "20.0", "30.0", "1.50"]);
  expect(row(text.slice(checkpointed), "| 1000 | up |").slice(0, 5)).toEqual(["1000", "up", "400.0", "200.0", "0.50"]);
  // The onboarding has no floor: its rows have xads alone.
  expect(row(text.slice(fast, checkpointed), "| 2000 | adopt |").slice(0, 6)).toEqual(["2000", "adopt", "-", "60.0", "-", "4: GET campaigns 4"]);
  // Growth from 1,000 to 4,000 in fast mode; checkpointed ran at one N: no growth table of its own.
  expect(text.slice(fast, checkpointed)).toContain("| up | x4.00 / x3.00 |");
  expect(text.slice(checkpointed)).not.toContain("Growth from");
});

test("the growth table leaves out the operations not measured at both ends", () => {
  const table = growthTable([made("xads", 1000, "up", "fast", 10), made("xads", 2000, "up", "fast", 21), made("xads", 2000, "adopt", "fast", 60)]);
  expect(table).toContain("| up | x2.10 |");
  expect(table).not.toContain("| adopt |");
});

test("the bench runs fast mode at every N first, then the onboarding, then the checkpointed runs only up to --checkpointed-max (the smallest N by default)", () => {
  expect(phasesOf({ ns: [4000, 1000, 2000], onboardN: 2000 })).toEqual([
    { kind: "stacks", n: 1000, mode: "fast" }, { kind: "stacks", n: 2000, mode: "fast" }, { kind: "stacks", n: 4000, mode: "fast" },
    { kind: "onboard", n: 2000 }, { kind: "stacks", n: 1000, mode: "checkpointed" },
  ]);
  expect(phasesOf({ ns: [100, 500, 1000], checkpointedMax: 1000 }).filter((p) => p.kind === "stacks" && p.mode === "checkpointed").map((p) => p.n)).toEqual([100, 500, 1000]);
  expect(phasesOf({ ns: [2], modes: ["checkpointed"] })).toEqual([{ kind: "stacks", n: 2, mode: "checkpointed" }]);
});
