/**
 * Writes stop when the engine that asked for them is gone: the provider
 * process outlives a SIGKILLed `pulumi up`, and what it had queued or
 * gathered into a batch must not be sent (nobody would record it).
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { AddressInfo } from "node:net";
import { EngineWatch, ProbeResult, tcpProbe, writeGuard } from "../../provider/engine";
import { campaign } from "../../provider/resources/campaign";
import { fundingInstrument } from "../../provider/resources/funding-instrument";
import { ACCOUNT, seedFundingInstrument, useEmulator, waitFor } from "./fixtures";

const fixture = useEmulator();
const emu = () => fixture.emu;
const posts = () => emu().control.requests().filter((r) => r.method === "POST");

/** A client whose engine is there until `kill()`. */
function clientWithEngine(options: { concurrency?: number } = {}) {
  let engine: ProbeResult = "up";
  const watch = new EngineWatch(async () => engine, Date.now, 0);
  const client = fixture.client(5000, { ...options, collectWindowMs: 200, beforeWrite: writeGuard(watch) });
  return { ctx: fixture.ctx(client), client, kill: () => (engine = "gone") };
}

test("a probe finds the engine while it listens, and gone once it stopped", async () => {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const probe = tcpProbe({ host: "127.0.0.1", port: (server.address() as AddressInfo).port });
  expect(await probe()).toBe("up");
  await new Promise((r) => server.close(r));
  expect(await probe()).toBe("gone");
});

test("campaigns gathered for a batch when the engine dies are not sent: each create fails saying so", async () => {
  const { ctx, client, kill } = clientWithEngine();
  const fi = await seedFundingInstrument(client);
  emu().control.clearRequests();
  const inputs = (name: string) => campaign.check({}, { accountId: ACCOUNT, fundingInstrumentId: fi, name, dailyBudgetAmountLocalMicro: 1_000_000 }).inputs!;
  const creates = Promise.allSettled(["K1", "K2", "K3"].map((n) => campaign.create(ctx, inputs(n))));
  kill();
  const results = await creates;
  expect(results.map((r) => r.status === "rejected" && String(r.reason.message))).toEqual(["K1", "K2", "K3"].map(() =>
    expect.stringMatching(/^POST \/12\/batch\/accounts\/\w+\/campaigns was not sent: the pulumi update that asked for it is gone/)));
  expect(posts()).toEqual([]);
  expect(emu().control.entities("sandbox", ACCOUNT, "campaigns")).toEqual([]);
});

test("a write queued behind one in flight when the engine dies is not sent; the one in flight is still looked up", async () => {
  const { ctx, kill } = clientWithEngine({ concurrency: 1 });
  emu().control.fault({ method: "POST", path: "/funding_instruments$", kind: "timeout-after-commit", delayMs: 1500 });
  const inputs = (currency: string) => fundingInstrument.check({}, { accountId: ACCOUNT, currency, startTime: "2026-03-01T00:00:00Z" }).inputs!;
  const first = fundingInstrument.create(ctx, inputs("EUR"));
  // Below the test's 5 s time-out (the first POST is answered 1.5 s after it arrives, then looked up).
  await waitFor(() => posts().length > 0, "the first funding instrument's POST to reach the emulator", 3_000);
  const second = fundingInstrument.create(ctx, inputs("JPY")).catch((e: Error) => e);
  kill();
  expect(await first).toMatchObject({ outs: { currency: "EUR" } });
  expect(String(await second)).toMatch(/POST \/12\/accounts\/\w+\/funding_instruments was not sent: the pulumi update that asked for it is gone/);
  expect(posts()).toHaveLength(1);
  expect(emu().control.entities("sandbox", ACCOUNT, "funding_instruments").map((f) => f.currency)).toEqual(["EUR"]);
});

test("the provider plugin ends by itself once its engine is gone, though it never wrote (a killed CLI leaves no plugin running)", async () => {
  // The engine: a listener at the address the plugin is given, as the CLI's gRPC server is.
  const engine = createServer().listen(0, "127.0.0.1");
  await new Promise((r) => engine.once("listening", r));
  const plugin = spawn(process.execPath, [join(__dirname, "..", "..", "dist", "sdk", "plugin.js"), `127.0.0.1:${(engine.address() as AddressInfo).port}`], { stdio: ["ignore", "pipe", "pipe"] });
  let exited = false;
  plugin.once("exit", () => (exited = true));
  // It serves: its port on the first line of stdout.
  const port = await new Promise<string>((r) => plugin.stdout!.once("data", (d: Buffer) => r(d.toString().trim())));
  expect(port).toMatch(/^\d+$/);
  await new Promise((r) => engine.close(r));
  try {
    await waitFor(() => exited, "the plugin to end after its engine stopped listening", 8_000);
  } finally {
    plugin.kill("SIGKILL");
  }
}, 20_000);
