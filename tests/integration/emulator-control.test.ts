/**
 * The control API over HTTP (unauthenticated, JSON), and the emulator as a
 * listening server and as a process.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { ACCOUNT, CREDS, TestApi } from "./emulator-helpers";
import { startEmulator } from "../../emulator";
import { withoutCredentials } from "./fixtures";

const api = new TestApi();
beforeEach(() => api.control.reset());
afterAll(() => api.app.close());

async function control(method: string, url: string, body?: unknown) {
  const res = await api.app.inject({ method: method as "GET", url: `/_emulator${url}`, ...(body === undefined ? {} : { payload: body as object }) });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
}

describe("the control API over HTTP", () => {
  test("accounts, limits, out-of-band edits and deletes, and entity lists", async () => {
    const created = await control("POST", "/sandbox/accounts", { name: "Second", businessId: "business-2" });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Second", business_id: "business-2" });
    expect((await control("PUT", `/sandbox/accounts/${ACCOUNT}/active-campaign-limit`, { limit: 8000 })).status).toBe(200);

    const campaign = await api.campaign({}, "/sandbox");
    const edited = await control("PATCH", `/sandbox/accounts/${ACCOUNT}/campaigns/${campaign.id}`, { name: "Edited in the UI" });
    expect(edited.body.data).toMatchObject({ id: campaign.id, name: "Edited in the UI" });
    expect((await api.get(`/sandbox/12/accounts/${ACCOUNT}/campaigns/${campaign.id}`)).body.data.name).toBe("Edited in the UI");

    expect((await control("DELETE", `/sandbox/accounts/${ACCOUNT}/campaigns/${campaign.id}`)).body.data).toMatchObject({ deleted: true });
    expect((await control("GET", `/sandbox/accounts/${ACCOUNT}/campaigns`)).body.data).toEqual([]);
    expect((await control("GET", `/sandbox/accounts/${ACCOUNT}/campaigns?with_deleted=true`)).body.data).toEqual([expect.objectContaining({ id: campaign.id })]);
  });

  test("an account's store: dumped, then put back verbatim after a reset (same ids, times and fields); an id it already holds is refused", async () => {
    const campaign = await api.campaign({}, "/sandbox");
    await control("PATCH", `/sandbox/accounts/${ACCOUNT}/features`, { add: ["PROMOTED_VIDEO_IN_HOME"] });
    const dump = (await control("GET", `/sandbox/accounts/${ACCOUNT}/store`)).body.data;
    expect(dump.collections.campaigns).toEqual([expect.objectContaining({ id: campaign.id, created_at: campaign.created_at })]);
    expect(dump.features).toEqual(["PROMOTED_VIDEO_IN_HOME"]);

    await control("POST", "/reset");
    const { account_history: _history, promotable_users: _seeded, ...made } = dump.collections;
    expect((await control("PUT", `/sandbox/accounts/${ACCOUNT}/store`, { features: dump.features, collections: made })).status).toBe(204);
    // As the platform answered it before: same id, same times, same fields.
    expect((await api.get(`/sandbox/12/accounts/${ACCOUNT}/campaigns/${campaign.id}`)).body.data).toEqual(campaign);
    expect(api.control.features("sandbox", ACCOUNT)).toEqual(["PROMOTED_VIDEO_IN_HOME"]);

    const again = await control("PUT", `/sandbox/accounts/${ACCOUNT}/store`, { features: [], collections: { campaigns: dump.collections.campaigns } });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain(`campaigns entity ${campaign.id} already exists`);
  });

  test("faults, the request log and rate limits", async () => {
    expect((await control("POST", "/faults", { kind: "status", status: 503, path: "^/12/accounts$" })).status).toBe(201);
    expect((await api.get("/12/accounts")).status).toBe(503);
    expect((await control("GET", "/requests")).body.data).toEqual([expect.objectContaining({ path: "/12/accounts", status: 503 })]);
    expect((await control("DELETE", "/requests")).status).toBe(204);
    expect((await control("GET", "/requests")).body.data).toEqual([]);

    await control("POST", "/faults", { kind: "drop" });
    expect((await control("DELETE", "/faults")).status).toBe(204);
    expect((await api.get("/12/accounts")).status).toBe(200);

    expect((await control("PUT", "/rate-limits", { family: "accounts", limit: 0, windowSeconds: 60 })).status).toBe(200);
    expect((await api.get("/12/accounts")).status).toBe(429);
    expect((await control("POST", "/reset")).status).toBe(204);
    expect((await api.get("/12/accounts")).status).toBe(200);
  });

  test("latency: set, read back, refused when negative, restored by a reset", async () => {
    expect((await control("GET", "/latency")).body.data).toEqual({ ms: 0 });
    expect((await control("PUT", "/latency", { ms: 150, jitterMs: 20 })).body.data).toEqual({ ms: 150, jitterMs: 20 });
    expect(api.control.latency()).toEqual({ ms: 150, jitterMs: 20 });
    expect((await control("PUT", "/latency", { ms: -1 })).status).toBe(400);
    await control("POST", "/reset");
    expect(api.control.latency()).toEqual({ ms: 0 });
  });

  test("bad control input is refused in the platform's error shape", async () => {
    const env = await control("POST", "/staging/accounts", {});
    expect(env.status).toBe(400);
    expect(env.body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "env" });
    const missing = await control("PATCH", `/production/accounts/${ACCOUNT}/campaigns/nope`, { name: "x" });
    expect(missing.status).toBe(404);
  });
});

describe("the platform's clock (POST /_emulator/clock)", () => {
  // A plain clock that stands still: what the emulator writes depends on the control API alone. Requests are signed
  // with the real time, within the 300 s the plain clock allows.
  const plain = Date.now();
  const timed = new TestApi(CREDS, { clock: () => plain });
  const clock = (body?: unknown) => timed.app.inject({ method: body === undefined ? "GET" : "POST", url: "/_emulator/clock", ...(body === undefined ? {} : { payload: body as object }) })
    .then((res) => ({ status: res.statusCode, body: JSON.parse(res.body) }));
  const historyTimes = async (id: string) => (await timed.get(`/12/accounts/${ACCOUNT}/account_history`, {
    entity_type: "CAMPAIGN", entity_id: id, start_time: "2026-05-01T12:00:00Z", end_time: "2026-05-01T14:00:00Z",
  })).body.data.map((e: { change_type: string; change_time: string }) => [e.change_type, e.change_time]);
  beforeEach(() => timed.control.reset());
  afterAll(() => timed.app.close());

  test("set, then advanced: created_at, updated_at and the account history's change_time come from it; signatures keep the plain clock", async () => {
    expect((await clock()).body.data).toEqual({ now: new Date(plain).toISOString() });
    expect((await clock({ time: "2026-05-01T12:00:00Z" })).body.data).toEqual({ now: "2026-05-01T12:00:00.000Z" });
    const campaign = await timed.campaign();
    expect([campaign.created_at, campaign.updated_at]).toEqual(["2026-05-01T12:00:00Z", "2026-05-01T12:00:00Z"]);

    expect((await clock({ advanceMs: 90_000 })).body.data).toEqual({ now: "2026-05-01T12:01:30.000Z" });
    const updated = (await timed.put(`/12/accounts/${ACCOUNT}/campaigns/${campaign.id}`, { name: "Later" })).body.data;
    expect([updated.created_at, updated.updated_at]).toEqual(["2026-05-01T12:00:00Z", "2026-05-01T12:01:30Z"]);
    timed.control.advanceClock(1000);
    expect(timed.control.edit("production", ACCOUNT, "campaigns", campaign.id, { name: "In the UI" }).updated_at).toBe("2026-05-01T12:01:31Z");
    expect(await historyTimes(campaign.id)).toEqual([["CREATE", "2026-05-01T12:00:00Z"], ["UPDATE", "2026-05-01T12:01:30Z"], ["UPDATE", "2026-05-01T12:01:31Z"]]);
  });

  test("a reset puts it back to real time (the plain clock)", async () => {
    timed.control.setClock("2030-01-01T00:00:00Z");
    timed.control.reset();
    expect(timed.control.now()).toBe(new Date(plain).toISOString());
  });

  test("refuses a time that is not ISO 8601, a step that is not forward, and both at once", async () => {
    expect((await clock({ time: "tomorrow" })).body.errors[0]).toMatchObject({ code: "INVALID_PARAMETER", parameter: "time" });
    expect((await clock({ advanceMs: 0 })).status).toBe(400);
    expect((await clock({ advanceMs: 1, time: "2026-05-01T12:00:00Z" })).status).toBe(400);
    expect(timed.control.now()).toBe(new Date(plain).toISOString());
  });
});

describe("the emulator as a server", () => {
  test("startEmulator answers on its production and sandbox bases", async () => {
    const emu = await startEmulator({ port: 0 });
    try {
      expect(emu.url).toBe(`http://127.0.0.1:${emu.port}`);
      expect(emu.sandboxUrl).toBe(`${emu.url}/sandbox`);
      const res = await fetch(`${emu.url}/12/accounts`);
      expect(res.status).toBe(401);
      expect(emu.control.requests()).toEqual([expect.objectContaining({ env: "production", path: "/12/accounts", status: 401 })]);
    } finally {
      await emu.close();
    }
  });

  test("startEmulator takes a latency, which a reset keeps", async () => {
    const emu = await startEmulator({ port: 0, latencyMs: 5, latencyJitterMs: 1 });
    try {
      expect(emu.control.latency()).toEqual({ ms: 5, jitterMs: 1 });
      emu.control.setLatency({ ms: 0 });
      emu.control.reset();
      expect(emu.control.latency()).toEqual({ ms: 5, jitterMs: 1 });
    } finally {
      await emu.close();
    }
  });

  test("main refuses a latency that is not a number of milliseconds, with the usage", async () => {
    const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", join(__dirname, "../../emulator/main.ts"), "--latency-ms", "fast"], { stdio: ["ignore", "pipe", "pipe"] });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/^emulator: --latency-ms must be a number of milliseconds of at least 0, got fast$/m);
    expect(err).toMatch(/--latency-jitter-ms/);
  }, 30_000);

  test("main prints made-up credentials as export lines, then the listening line, and stops on SIGTERM", async () => {
    const env = withoutCredentials(process.env);
    const child = spawn(process.execPath, ["-r", "ts-node/register/transpile-only", join(__dirname, "../../emulator/main.ts"), "--port", "0"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", () => out.includes("emulator listening on") && resolve());
      child.on("exit", (code) => reject(new Error(`main exited ${code} before listening: ${out}`)));
    });
    expect(out).toMatch(/^export XADS_CONSUMER_KEY=\S+$/m);
    expect(out).toMatch(/^export XADS_ACCESS_TOKEN_SECRET=\S+$/m);
    expect(out).toMatch(/^sandbox base: +http:\/\/127\.0\.0\.1:\d+\/sandbox$/m);
    expect(out).toMatch(/^emulator listening on http:\/\/127\.0\.0\.1:\d+$/m);
    const code = await new Promise<number | null>((resolve) => {
      child.removeAllListeners("exit");
      child.on("exit", resolve);
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
  }, 30_000);
});
