/**
 * Injected faults and the request log (docs/architecture.md rule 9). The time-out
 * after commit runs against a listening emulator with a client time-out,
 * as the provider's client would meet it.
 */
import { ACCOUNT, CREDS, TestApi, authorization, encodeQuery } from "./emulator-helpers";
import { RunningEmulator, startEmulator } from "../../emulator";
import { waitFor } from "./fixtures";

const api = new TestApi();
let fi: string;
beforeEach(async () => {
  api.control.reset();
  fi = await api.seededFundingInstrument();
  api.control.clearRequests();
});
afterAll(() => api.app.close());

const path = `/12/accounts/${ACCOUNT}/campaigns`;
const params = () => ({ funding_instrument_id: fi, name: "Faulted", daily_budget_amount_local_micro: 1_000_000 });
const stored = (env: "production" | "sandbox" = "production") => api.control.entities(env, ACCOUNT, "campaigns");

/** `fn` with an emulator listening on a port (a connection it can drop, as the provider's client meets one), closed after. */
async function listening(fn: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ port: 0, credentials: CREDS });
  try {
    await fn(emu);
  } finally {
    await emu.close();
  }
}

/** A campaign POST to a listening emulator, signed, under its seeded funding instrument. */
function postCampaign(emu: RunningEmulator, name: string, signal?: AbortSignal): Promise<Response> {
  const fiId = emu.control.entities("production", ACCOUNT, "funding_instruments")[0].id;
  const query = encodeQuery({ funding_instrument_id: fiId, name, daily_budget_amount_local_micro: 1_000_000 });
  const url = `${emu.url}${path}`;
  return fetch(`${url}?${new URLSearchParams(query)}`, { method: "POST", headers: { authorization: authorization(CREDS, "POST", url, query) }, signal });
}

describe("faults", () => {
  test("a status fault answers 503 before handling: nothing is committed, and the log shows it", async () => {
    api.control.fault({ kind: "status", status: 503, method: "POST", path: "/campaigns$" });
    const res = await api.post(path, params());
    expect(res.status).toBe(503);
    expect(res.body.errors).toEqual([{ code: "SERVICE_UNAVAILABLE", message: expect.any(String) }]);
    expect(stored()).toEqual([]);
    expect(api.control.requests()).toEqual([expect.objectContaining({ method: "POST", path, status: 503, fault: "status" })]);
  });

  test("a fault hits only `times` matching requests", async () => {
    api.control.fault({ kind: "status", method: "POST", times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.post(path, params())).status);
    expect(statuses).toEqual([503, 503, 201]);
    expect(stored()).toHaveLength(1);
  });

  test("a fault matches on environment, method and path", async () => {
    api.control.fault({ kind: "status", env: "sandbox", method: "GET", path: /line_items/ });
    expect((await api.get(`/12/accounts/${ACCOUNT}/line_items`)).status).toBe(200);
    expect((await api.get(`/sandbox/12/accounts/${ACCOUNT}/campaigns`)).status).toBe(200);
    expect((await api.get(`/sandbox/12/accounts/${ACCOUNT}/line_items`)).status).toBe(503);
  });

  test("a 429 fault says when to come back", async () => {
    api.control.fault({ kind: "status", status: 429, headers: { "x-rate-limit-reset": "2000000000" } });
    const res = await api.get(path);
    expect(res.status).toBe(429);
    expect(res.body.errors[0].code).toBe("TOO_MANY_REQUESTS");
    expect(res.headers).toMatchObject({ "x-rate-limit-remaining": "0", "x-rate-limit-reset": "2000000000" });
  });

  test("a dropped connection commits nothing and is logged with no status", async () => {
    api.control.fault({ kind: "drop", method: "POST", name: "lost POST" });
    await expect(api.post(path, params())).rejects.toThrow();
    expect(stored()).toEqual([]);
    expect(api.control.requests()).toEqual([expect.objectContaining({ method: "POST", status: null, fault: "lost POST" })]);
  });

  test("the request log records env, relative path, query and JSON body, in order", async () => {
    await api.get(`/sandbox/12/accounts/${ACCOUNT}/campaigns`, { count: 5 });
    await api.batch([], "/sandbox");
    expect(api.control.requests()).toEqual([
      { seq: expect.any(Number), receivedAt: expect.any(Number), env: "sandbox", method: "GET", path, query: { count: "5" }, body: null, status: 200, fault: null },
      { seq: expect.any(Number), receivedAt: expect.any(Number), env: "sandbox", method: "POST", path: `/12/batch/accounts/${ACCOUNT}/campaigns`, query: {}, body: [], status: 400, fault: null },
    ]);
  });

  test("a held response commits the write, then drops: the client times out though the campaign exists", async () => {
    await listening(async (emu) => {
      emu.control.fault({ kind: "timeout-after-commit", method: "POST", delayMs: 60_000 });
      // The client gives up once the write is committed and the answer held
      // (the log has its status once the answer is ready): a fixed
      // time-out would race the commit on a loaded machine.
      const giveUp = new AbortController();
      const sent = postCampaign(emu, "Committed", giveUp.signal);
      // Below the test's 5 s time-out, so a commit that never comes is named.
      await waitFor(() => emu.control.requests()[0]?.status != null, "the held POST to be committed (its status in the request log)", 4_000, 10);
      giveUp.abort();
      await expect(sent).rejects.toThrow();
      expect(emu.control.entities("production", ACCOUNT, "campaigns")).toEqual([expect.objectContaining({ name: "Committed" })]);
      expect(emu.control.requests()).toEqual([expect.objectContaining({ method: "POST", status: 201, fault: "timeout-after-commit" })]);
    });
  });
});

describe("holds the control API releases (a test orders events instead of racing a delay)", () => {
  const holds = (method: "GET" | "POST", url: string) => api.app.inject({ method, url: `/_emulator/holds${url}` }).then((r) => JSON.parse(r.body).data);

  test("a hold fault keeps the request before it is handled: nothing is committed until it is released, then it is handled as any other", async () => {
    api.control.fault({ kind: "hold", method: "POST", path: "/campaigns$", delayMs: 600_000 });
    const sent = api.post(path, params());
    await waitFor(() => api.control.held() === 1, "the POST to be held", 4_000, 10);
    expect(stored()).toEqual([]);
    expect(await holds("GET", "")).toEqual({ held: 1 });
    expect(await holds("POST", "/release")).toEqual({ released: 1 });
    expect((await sent).status).toBe(201);
    expect(stored()).toEqual([expect.objectContaining({ name: "Faulted" })]);
    expect(api.control.held()).toBe(0);
    expect(api.control.requests()).toEqual([expect.objectContaining({ method: "POST", status: 201, fault: "hold" })]);
  });

  test("a held answer (timeout-after-commit) released early drops its connection then: the write is committed", async () => {
    await listening(async (emu) => {
      emu.control.fault({ kind: "timeout-after-commit", method: "POST", delayMs: 600_000 });
      const sent = postCampaign(emu, "Committed").then(() => "answered", () => "dropped");
      await waitFor(() => emu.control.held() === 1, "the answer to be held", 4_000, 10);
      expect(emu.control.entities("production", ACCOUNT, "campaigns")).toEqual([expect.objectContaining({ name: "Committed" })]);
      expect(emu.control.releaseHeld()).toBe(1);
      expect(await sent).toBe("dropped");
    });
  });
});

describe("random faults (a fault campaign)", () => {
  /** The fault (or none) each of `n` GETs met, in order. */
  async function draws(n: number): Promise<(string | null)[]> {
    for (let i = 0; i < n; i++) await api.get(path).catch(() => undefined);
    return api.control.requests().map((r) => r.fault);
  }

  test("a bad random-fault or latency setting is refused naming its own field", () => {
    const parameters = (set: () => void) => {
      try {
        set();
      } catch (err) {
        return (err as { errors: { parameter: string }[] }).errors.map((e) => e.parameter);
      }
      return [];
    };
    expect(parameters(() => api.control.randomFaults({ seed: 1, rate: 0.5, kinds: [] }))).toEqual(["kinds"]);
    expect(parameters(() => api.control.randomFaults({ seed: 1, rate: 2 }))).toEqual(["rate"]);
    expect(parameters(() => api.control.setLatency({ ms: 5, jitterMs: -1 }))).toEqual(["jitterMs"]);
  });

  test("the same seed draws the same faults for the same requests; another seed others", async () => {
    api.control.randomFaults({ seed: 7, rate: 0.5, kinds: ["503", "429", "drop"] });
    const first = await draws(40);
    api.control.clearRequests();
    api.control.randomFaults({ seed: 7, rate: 0.5, kinds: ["503", "429", "drop"] });
    expect(await draws(40)).toEqual(first);
    api.control.clearRequests();
    api.control.randomFaults({ seed: 8, rate: 0.5, kinds: ["503", "429", "drop"] });
    expect(await draws(40)).not.toEqual(first);
    expect(new Set(first)).toEqual(new Set([null, "503", "429", "drop"]));
  });

  test("each kind is the fault of its name: 503 and 429 answered before handling, drop without an answer", async () => {
    for (const [kind, status] of [["503", 503], ["429", 429], ["drop", null]] as const) {
      api.control.clearRequests();
      api.control.randomFaults({ seed: 1, rate: 1, kinds: [kind] });
      await api.post(path, params()).catch(() => undefined);
      expect(api.control.requests()).toEqual([expect.objectContaining({ method: "POST", status, fault: kind })]);
    }
    expect(stored()).toEqual([]);
  });

  test("only the methods named are hit, armed faults come first, and clearFaults stops the campaign", async () => {
    api.control.randomFaults({ seed: 3, rate: 1, kinds: ["503"], methods: ["POST"] });
    api.control.fault({ kind: "drop", method: "POST", name: "armed" });
    await api.post(path, params()).catch(() => undefined);
    expect((await api.get(path)).status).toBe(200);
    expect((await api.post(path, params())).status).toBe(503);
    api.control.clearFaults();
    expect((await api.post(path, params())).status).toBe(201);
    expect(api.control.requests().map((r) => r.fault)).toEqual(["armed", null, "503", null]);
  });

  test("over HTTP: a rate outside 0 to 1 or an unknown kind is refused naming the field", async () => {
    const put = (body: unknown) => api.app.inject({ method: "PUT", url: "/_emulator/faults/random", payload: body as object });
    expect((await put({ seed: 1, rate: 0.1, kinds: ["drop"] })).statusCode).toBe(200);
    const bad = await put({ seed: 1, rate: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/rate/);
    expect((await put({ seed: 1, rate: 0.1, kinds: ["boom"] })).body).toMatch(/kinds/);
  });
});
