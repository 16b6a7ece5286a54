/** Writes stop when the engine is gone: where the provider finds the engine, and how it decides it is gone. */
import { engineAddress, EngineGoneError, engineParallel, EngineWatch, ProbeResult, writeGuard } from "../../provider/engine";

const PROVIDER = "/home/ci/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

describe("the engine's address", () => {
  test("is the dynamic provider's last argument, after any logging flags", () => {
    expect(engineAddress(["node", PROVIDER, "127.0.0.1:41234"])).toEqual({ host: "127.0.0.1", port: 41234 });
    expect(engineAddress(["node", PROVIDER, "--logtostderr", "-v=9", "--tracing", "127.0.0.1:9411", "127.0.0.1:41234"])).toEqual({ host: "127.0.0.1", port: 41234 });
    expect(engineAddress(["node", PROVIDER, "[::1]:41234"])).toEqual({ host: "::1", port: 41234 });
  });

  test("is the provider plugin's argument (bin/pulumi-resource-xads runs sdk/plugin.js), so its writes stop with the engine too", () => {
    const plugin = "/home/ci/app/node_modules/pulumi-xads/dist/sdk/plugin.js";
    expect(engineAddress(["node", plugin, "127.0.0.1:41234"])).toEqual({ host: "127.0.0.1", port: 41234 });
  });

  test("is none in any other process (tests, the xads command, a user's program)", () => {
    expect(engineAddress(["node", "/usr/bin/xads", "import", "127.0.0.1:8787"])).toBeUndefined();
    expect(engineAddress(["node", PROVIDER])).toBeUndefined();
  });
});

describe("the engine watch", () => {
  function watchOf(results: ProbeResult[]) {
    let t = 0;
    const probes: number[] = [];
    const watch = new EngineWatch(async () => {
      probes.push(t);
      return results.shift() ?? "up";
    }, () => t, 250);
    return { watch, probes, advance: (ms: number) => (t += ms) };
  }

  test("an engine that answered is trusted for a quarter of a second, then asked again", async () => {
    const { watch, probes, advance } = watchOf(["up", "up"]);
    expect(await watch.alive()).toBe(true);
    advance(100);
    expect(await watch.alive()).toBe(true);
    advance(200);
    expect(await watch.alive()).toBe(true);
    expect(probes).toEqual([0, 300]);
  });

  test("a refused connection is gone for good; an unclear answer is not", async () => {
    const { watch, probes, advance } = watchOf(["unknown", "gone", "up"]);
    expect(await watch.alive()).toBe(true);
    expect(await watch.alive()).toBe(false);
    advance(10_000);
    expect(await watch.alive()).toBe(false);
    expect(probes).toHaveLength(2);
  });

  test("the write guard refuses, naming the write and what to do", async () => {
    const { watch } = watchOf(["gone"]);
    const err = await writeGuard(watch)("POST", "/12/batch/accounts/abc/campaigns").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineGoneError);
    expect((err as Error).message).toBe(
      'POST /12/batch/accounts/abc/campaigns was not sent: the pulumi update that asked for it is gone (interrupted), so nothing more is written. Recover as docs/operations.md says under "When an update is interrupted" (xads recover, then pulumi up).',
    );
  });
});

describe("the engine's --parallel, read from the CLI's command line", () => {
  const cli = (...args: string[]) => ["/home/ci/.pulumi/bin/pulumi", ...args];

  test("the flag in each of its forms", () => {
    for (const args of [["up", "--parallel", "64"], ["up", "--parallel=64"], ["up", "-p", "64"], ["up", "-p64"], ["up", "-p=64"], ["up", "--yes", "-p", "64", "--skip-preview"]]) {
      expect(engineParallel(cli(...args), { PULUMI_PARALLEL: "3" }, 2)).toBe(64);
    }
  });

  test("without the flag: PULUMI_PARALLEL, else GOMAXPROCS x 4, else processors x 4", () => {
    expect(engineParallel(cli("up", "--yes"), { PULUMI_PARALLEL: "16" }, 2)).toBe(16);
    expect(engineParallel(cli("up"), { GOMAXPROCS: "3" }, 2)).toBe(12);
    expect(engineParallel(cli("preview"), {}, 2)).toBe(8);
    // A program argument after "--" is not the CLI's.
    expect(engineParallel(cli("up", "--", "-p", "64"), {}, 2)).toBe(8);
  });

  test("unknown when the CLI's command line is, or the value is not a count (every group then waits out its window)", () => {
    expect(engineParallel(undefined, { PULUMI_PARALLEL: "16" }, 2)).toBeUndefined();
    expect(engineParallel(cli("up", "--parallel", "many"), {}, 2)).toBeUndefined();
    expect(engineParallel(cli("up", "-p", "0"), {}, 2)).toBeUndefined();
  });
});
