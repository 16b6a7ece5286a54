/**
 * A create whose answer was lost, decided without a network: a platform in
 * memory, a fake clock, and a wait that only moves the clock. Looked up at
 * once; where nothing is found, looked up again once no request sent then
 * can commit, and sent again (only the items proven absent, together) at
 * most CREATE_SENDS times in all; a look-up that fails keeps the create
 * pending.
 */
import { AdsClient, Entity } from "../../provider/client";
import { MaybeCommittedError } from "../../provider/client/errors";
import { writeSettledAtMs } from "../../provider/client/retry";
import { CREATE_SENDS, createOnce, PendingCreateError, sendCreates, WritesInFlight } from "../../provider/resources/batch-create";

const T0 = Date.parse("2026-05-01T12:00:00Z");
const TIMEOUT_MS = 1500;

/** What a call meets: answered; lost before anything committed; lost after the call committed; lost, and its write commits only during the wait. */
type Fate = "answered" | "lost" | "lost-after-commit" | "lands-late";

class Platform {
  now = T0;
  live: Entity[] = [];
  /** The items of each call, in order. */
  calls: string[][] = [];
  waits: { sentAtMs: number; untilMs: number; what: string; then: string }[] = [];
  lookUps = 0;
  /** Look-ups (by their number, from 1) that fail. */
  failingLookUps = new Set<number>();
  private landLater: string[] = [];
  private nextId = 1;

  constructor(private fates: Fate[]) {}

  private make(name: string): Entity {
    const e = { id: `e${this.nextId++}`, name, created_at: new Date(this.now).toISOString(), deleted: false };
    this.live.push(e);
    return e;
  }

  send = async (items: string[]): Promise<Entity[]> => {
    this.calls.push(items);
    const fate = this.fates.shift() ?? "answered";
    this.now += 100;
    if (fate === "answered") return items.map((n) => this.make(n));
    if (fate === "lost-after-commit") items.forEach((n) => this.make(n));
    if (fate === "lands-late") this.landLater.push(...items);
    throw new MaybeCommittedError({ code: "NO_RESPONSE", message: "no answer (ETIMEDOUT); the write may have committed, so it is not sent again", method: "POST", path: "/12/accounts/a/campaigns" });
  };

  candidates = async (): Promise<Entity[]> => {
    this.lookUps++;
    if (this.failingLookUps.has(this.lookUps)) throw new Error("GET /12/accounts/a/campaigns: NETWORK_ERROR: no answer after 6 attempts");
    return [...this.live];
  };

  /** The client's wait, as a clock moved to its end: a write still on its way lands meanwhile. */
  inFlight: WritesInFlight = {
    clock: () => this.now,
    waitOutWrite: async (sentAtMs, what, then) => {
      const untilMs = writeSettledAtMs(sentAtMs, TIMEOUT_MS);
      this.waits.push({ sentAtMs, untilMs, what, then });
      this.now = Math.max(this.now, untilMs);
      this.landLater.splice(0).forEach((n) => this.make(n));
    },
  };

  spec = {
    what: (n: string) => `campaign "${n}"`,
    send: this.send,
    candidates: this.candidates,
    matches: (n: string, e: Entity) => e.name === n,
  };

  count(name: string): number {
    return this.live.filter((e) => e.name === name).length;
  }
}

const names = (results: (Entity | Error)[]) => results.map((r) => (r instanceof Error ? r.message : r.name));

describe("a batch whose answer was lost", () => {
  test("that made nothing: the items are looked up, looked up again after the wait, and sent again as one call; each is created once", async () => {
    const p = new Platform(["lost"]);
    const results = await sendCreates(p.inFlight, p.spec, ["A", "B", "C"]);
    expect(names(results)).toEqual(["A", "B", "C"]);
    expect(p.calls).toEqual([["A", "B", "C"], ["A", "B", "C"]]);
    expect(p.lookUps).toBe(2);
    for (const n of ["A", "B", "C"]) expect(p.count(n)).toBe(1);
  });

  test("the send again waits until twice the request time-out after the lost send, and says what waits", async () => {
    const p = new Platform(["lost"]);
    await sendCreates(p.inFlight, p.spec, ["A", "B", "C", "D"]);
    expect(p.waits).toEqual([{
      sentAtMs: T0, untilMs: T0 + 2 * TIMEOUT_MS,
      what: 'the create of campaign "A", campaign "B", campaign "C" and 1 more got no answer, and nothing it made is found yet',
      then: `then looking again, and sending it again where nothing is found (send 2 of at most ${CREATE_SENDS})`,
    }]);
  });

  test("that committed: every item is taken at once, with no wait and no second call", async () => {
    const p = new Platform(["lost-after-commit"]);
    const results = await sendCreates(p.inFlight, p.spec, ["A", "B"]);
    expect(names(results)).toEqual(["A", "B"]);
    expect(p.calls).toHaveLength(1);
    expect(p.waits).toEqual([]);
  });

  test("whose write lands during the wait: the look-up after it takes the entities, and nothing is sent again", async () => {
    const p = new Platform(["lands-late"]);
    const results = await sendCreates(p.inFlight, p.spec, ["A", "B"]);
    expect(names(results)).toEqual(["A", "B"]);
    expect(p.calls).toHaveLength(1);
    expect(p.waits).toHaveLength(1);
    expect([p.count("A"), p.count("B")]).toEqual([1, 1]);
  });

  test("items found are taken and only the items proven absent are sent again, together", async () => {
    const p = new Platform(["lost"]);
    // "B" was made by an earlier call of the same batch that committed (a batch is atomic: here, another call's answer).
    p.live.push({ id: "b0", name: "B", created_at: new Date(T0 + 50).toISOString(), deleted: false });
    const results = await sendCreates(p.inFlight, p.spec, ["A", "B", "C"]);
    expect(names(results)).toEqual(["A", "B", "C"]);
    expect((results[1] as Entity).id).toBe("b0");
    expect(p.calls).toEqual([["A", "B", "C"], ["A", "C"]]);
    expect(p.waits.map((w) => w.what)).toEqual(['the create of campaign "A", campaign "C" got no answer, and nothing it made is found yet']);
  });

  test(`is sent at most ${CREATE_SENDS} times: once every send is spent, each item fails saying none was created, after a last wait and look-up`, async () => {
    const p = new Platform(Array(CREATE_SENDS + 1).fill("lost"));
    const results = await sendCreates(p.inFlight, p.spec, ["A", "B"]);
    expect(p.calls).toHaveLength(CREATE_SENDS);
    expect(p.waits).toHaveLength(CREATE_SENDS);
    expect(p.waits[CREATE_SENDS - 1]!.then).toBe("then looking again");
    expect(names(results)).toEqual(["A", "B"].map((n) => `campaign "${n}" was sent ${CREATE_SENDS} times (the most a create is sent in one up), and none got an answer `
      + "(the last: POST /12/accounts/a/campaigns: NO_RESPONSE: no answer (ETIMEDOUT); the write may have committed, so it is not sent again); "
      + "once none of them could still commit, none was found, so none was created; run pulumi up again once the API answers."));
    expect(p.live).toEqual([]);
  });

  test("whose send again lands during its own wait is taken: one entity per item over all the sends", async () => {
    const p = new Platform(["lost", "lands-late"]);
    const results = await sendCreates(p.inFlight, p.spec, ["A"]);
    expect(names(results)).toEqual(["A"]);
    expect(p.calls).toHaveLength(2);
    expect(p.count("A")).toBe(1);
  });

  test("whose first look-up fails: each item is pending, with the time of the send, and nothing is sent again", async () => {
    const p = new Platform(["lost"]);
    p.failingLookUps.add(1);
    const results = await sendCreates(p.inFlight, p.spec, ["A", "B"]);
    expect(results.map((r) => r instanceof PendingCreateError && [r.what, r.sentAtMs])).toEqual([['campaign "A"', T0], ['campaign "B"', T0]]);
    expect(p.calls).toHaveLength(1);
    expect(p.waits).toEqual([]);
  });

  test("whose look-up after the wait fails: pending with the first send's time, never sent again", async () => {
    const p = new Platform(["lost", "lost"]);
    p.failingLookUps.add(4);
    const results = await sendCreates(p.inFlight, p.spec, ["A"]);
    expect(p.calls).toHaveLength(2);
    expect(results.map((r) => r instanceof PendingCreateError && r.sentAtMs)).toEqual([T0]);
  });

  test("two items alike: an entity the look-up gave one is never given to the other after the wait", async () => {
    const p = new Platform(["lost"]);
    p.live.push({ id: "a0", name: "A", created_at: new Date(T0 + 50).toISOString(), deleted: false });
    const results = await sendCreates(p.inFlight, p.spec, ["A", "A"]);
    expect(results.map((r) => (r as Entity).id)).toEqual(["a0", expect.not.stringMatching(/^a0$/)]);
    expect(p.calls).toEqual([["A", "A"], ["A"]]);
    expect(p.count("A")).toBe(2);
  });

  test("a send again that fails outright fails its items only: an item found keeps its entity", async () => {
    const p = new Platform(["lost"]);
    p.live.push({ id: "b0", name: "B", created_at: new Date(T0 + 50).toISOString(), deleted: false });
    const send = p.send;
    const spec = { ...p.spec, send: (items: string[]) => (p.calls.length === 0 ? send(items) : Promise.reject(new Error("the engine is gone: nothing more is sent"))) };
    const results = await sendCreates(p.inFlight, spec, ["A", "B"]);
    expect(names(results)).toEqual(["the engine is gone: nothing more is sent", "B"]);
  });

  test("a lone item goes through the kind's single POST, the first time and when it is sent again", async () => {
    const p = new Platform(["lost"]);
    const single = jest.fn(async (n: string) => (await p.send([n]))[0]!);
    const batch = jest.fn(p.send);
    const [made] = await sendCreates(p.inFlight, { ...p.spec, send: batch, single }, ["A"]);
    expect(made).toMatchObject({ name: "A" });
    expect(single).toHaveBeenCalledTimes(2);
    expect(batch).not.toHaveBeenCalled();
  });
});

describe("a single create whose answer was lost (createOnce, the same mechanism)", () => {
  const once = (p: Platform) => createOnce(p.inFlight, 'campaign "A"', async () => (await p.send(["A"]))[0]!, p.candidates);

  test("that made nothing is sent again after the wait, and created once", async () => {
    const p = new Platform(["lost"]);
    expect(await once(p)).toMatchObject({ name: "A" });
    expect(p.calls).toHaveLength(2);
    expect(p.count("A")).toBe(1);
  });

  test("that committed is taken, with no wait and no second POST", async () => {
    const p = new Platform(["lost-after-commit"]);
    expect(await once(p)).toMatchObject({ name: "A" });
    expect(p.calls).toHaveLength(1);
    expect(p.waits).toEqual([]);
  });

  test("whose look-up fails throws the pending create", async () => {
    const p = new Platform(["lost"]);
    p.failingLookUps.add(1);
    await expect(once(p)).rejects.toBeInstanceOf(PendingCreateError);
    expect(p.calls).toHaveLength(1);
  });
});

describe("the client's wait for a write without an answer", () => {
  const client = (now: number, lines: string[], slept: number[]) => new AdsClient({
    credentials: { consumerKey: "k", consumerSecret: "s", accessToken: "t", accessTokenSecret: "ts" },
    baseUrl: "http://127.0.0.1:1", timeoutMs: TIMEOUT_MS,
    now: () => now, log: (l) => lines.push(l), sleep: async (ms) => void slept.push(ms),
  });

  test("lasts until twice the request time-out after the send, and the log says what waits, how long and what follows", async () => {
    const lines: string[] = [];
    const slept: number[] = [];
    await client(T0 + 400, lines, slept).waitOutWrite(T0, 'the create of campaign "A" got no answer', "then looking again");
    expect(slept).toEqual([2 * TIMEOUT_MS - 400]);
    expect(lines).toEqual(['the create of campaign "A" got no answer: waiting 3 s, until a request sent then can no longer commit (twice the request time-out of 1500 ms), then looking again']);
  });

  test("is none once that time has passed", async () => {
    const lines: string[] = [];
    const slept: number[] = [];
    await client(T0 + 2 * TIMEOUT_MS, lines, slept).waitOutWrite(T0, "x", "y");
    expect([lines, slept]).toEqual([[], []]);
  });
});
