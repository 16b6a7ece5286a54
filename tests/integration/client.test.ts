/**
 * The client against the emulator: signing, errors, retries that cannot
 * double-spend, rate limits, pagination, batches and coalesced reads.
 */
import { AdsClient, AuthError, ClientOptions, gotTransport, UnreachableError, ValidationError } from "../../provider/client";
import { campaign } from "../../provider/resources/campaign";
import { ProviderConfig } from "../../provider/config";
import { ACCOUNT, deadAddress, seedFundingInstrument as fundingInstrument, useEmulator } from "./fixtures";

const fixture = useEmulator();
const { creds } = fixture;
const client = (options: Partial<ClientOptions> = {}) => fixture.client(undefined, options);

const campaigns = `/12/accounts/${ACCOUNT}/campaigns`;
const requestsTo = (method: string, pattern: RegExp) =>
  fixture.emu.control.requests().filter((r) => r.method === method && pattern.test(r.path));

describe("signing", () => {
  test("a signed request with query parameters is accepted", async () => {
    const accounts = await client().list("/12/accounts", { q: "Demo" });
    expect(accounts.map((a) => a.id)).toEqual([ACCOUNT]);
  });

  test("a request signed with the wrong secret is refused with 401 UNAUTHORIZED_ACCESS, and the message holds no credential", async () => {
    const wrong = client({ credentials: { ...creds, consumerSecret: "not-the-secret" } });
    const err = await wrong.get("/12/accounts").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err).toMatchObject({ status: 401, code: "UNAUTHORIZED_ACCESS", method: "GET", path: "/12/accounts" });
    for (const secret of Object.values(creds)) expect(String((err as Error).message)).not.toContain(secret);
  });
});

describe("retries never double-spend", () => {
  test("a campaign POST whose answer never came is not sent twice: the committed campaign is found and adopted", async () => {
    const c = client({ timeoutMs: 500 });
    const fi = await fundingInstrument(c);
    fixture.emu.control.fault({ method: "POST", path: "/campaigns$", kind: "timeout-after-commit", delayMs: 3000 });
    const inputs = campaign.check({}, { accountId: ACCOUNT, fundingInstrumentId: fi, name: "Timed out", dailyBudgetAmountLocalMicro: 1_000_000 }).inputs!;
    const config = { sandbox: true } as ProviderConfig;
    const created = await campaign.create({ client: c, config }, inputs);
    expect(requestsTo("POST", /\/campaigns$/)).toHaveLength(1);
    expect(fixture.emu.control.entities("sandbox", ACCOUNT, "campaigns", { withDeleted: true }).map((e) => e.id)).toEqual([created.id]);
  });

  test("a POST refused with 503 did nothing and is sent again: one campaign", async () => {
    const c = client({ sleep: async () => {} });
    const fi = await fundingInstrument(c);
    fixture.emu.control.fault({ method: "POST", path: "/campaigns$", kind: "status", status: 503 });
    await c.post(campaigns, { funding_instrument_id: fi, name: "After 503", daily_budget_amount_local_micro: 1_000_000 });
    expect(requestsTo("POST", /\/campaigns$/).map((r) => r.status)).toEqual([503, 201]);
    expect(fixture.emu.control.entities("sandbox", ACCOUNT, "campaigns", {})).toHaveLength(1);
  });

  test("a GET whose connection dropped is sent again", async () => {
    const c = client({ sleep: async () => {} });
    fixture.emu.control.fault({ method: "GET", path: "^/12/accounts$", kind: "drop" });
    expect((await c.list("/12/accounts")).length).toBe(1);
    expect(requestsTo("GET", /^\/12\/accounts$/)).toHaveLength(2);
  });

  test("a 429 is waited out until the reset the headers give, then the request succeeds", async () => {
    const waits: number[] = [];
    const c = client({ sleep: async (ms) => void waits.push(ms) });
    const reset = Math.ceil(Date.now() / 1000) + 5;
    fixture.emu.control.fault({
      method: "GET", path: "/campaigns$", kind: "status", status: 429,
      headers: { "x-rate-limit-limit": "10", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(reset) },
    });
    expect(await c.list(campaigns)).toEqual([]);
    expect(requestsTo("GET", /\/campaigns$/).map((r) => r.status)).toEqual([429, 200]);
    expect(waits).toHaveLength(1);
    // Until the reset: at least the whole seconds left before it.
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
  });
});

describe("an address that does not answer fails at once, naming it", () => {
  test("a GET to a port with nothing listening is sent once, not retried, and says the address and that nothing was sent", async () => {
    const address = await deadAddress();
    let sent = 0;
    let waits = 0;
    const dead = client({ baseUrl: address, transport: (r) => { sent++; return gotTransport(r); }, sleep: async () => { waits++; } });
    const err = await dead.get(campaigns).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnreachableError);
    expect(err).toMatchObject({ address, method: "GET", path: campaigns });
    expect((err as Error).message).toBe(`GET ${campaigns}: UNREACHABLE: nothing answers at ${address} (ECONNREFUSED); the request was not sent`);
    expect([sent, waits]).toEqual([1, 0]);
  });

  test("a POST to a host that does not exist is sent once and says the host; EAI_AGAIN (no answer from the name server) is retried", async () => {
    let sent = 0;
    const refusing = (code: string) => client({
      baseUrl: "https://ads-api.example.invalid", sleep: async () => {},
      transport: () => { sent++; return Promise.reject(Object.assign(new Error(code), { code })); },
    });
    const err = await refusing("ENOTFOUND").post(campaigns, { name: "x" }).catch((e: unknown) => e);
    expect((err as Error).message).toBe(`POST ${campaigns}: UNREACHABLE: no host is named ads-api.example.invalid (https://ads-api.example.invalid: ENOTFOUND); the request was not sent`);
    expect(sent).toBe(1);
    sent = 0;
    expect(await refusing("EAI_AGAIN").get(campaigns).catch((e: Error) => e.message)).toMatch(/NETWORK_ERROR: no answer after 6 attempts/);
    expect(sent).toBe(6);
  });
});

describe("rate limits are planned, not hit", () => {
  // The emulator's windows here are far below the published ones, which the
  // client assumes until an answer reports a window: a first request learns it.
  test("reads wait before the account's window is used up: once a read reports a window of 3 a second, 8 more meet no 429", async () => {
    fixture.emu.control.setRateLimit("campaigns", 3, 1);
    const c = client();
    await c.get(campaigns, { q: "first" });
    await Promise.all(Array.from({ length: 8 }, (_, i) => c.get(campaigns, { q: `read ${i}` })));
    expect(requestsTo("GET", /\/campaigns$/).map((r) => r.status)).toEqual(Array(9).fill(200));
  });

  test("writes are one window whatever the endpoint: once a write reports 3 a second, 8 more to two endpoints meet no 429", async () => {
    fixture.emu.control.setRateLimit("writes", 3, 1);
    const c = client();
    const paths = Array.from({ length: 9 }, (_, i) => `/12/accounts/${ACCOUNT}/${i % 2 ? "campaigns" : "line_items"}/gone-${i}`);
    const remove = (p: string) => c.delete(p).then(() => "deleted", (e: { status?: number }) => e.status);
    const outcomes = [await remove(paths[0]!), ...await Promise.all(paths.slice(1).map(remove))];
    expect(outcomes).toEqual(Array(9).fill(404));
    expect(fixture.emu.control.requests().map((r) => r.status)).toEqual(Array(9).fill(404));
  });
});

describe("a window shared by several processes of one user token", () => {
  // Writes are one window of the token whatever the account (ref fundamentals/rate-limiting.mdx): two clients here are two `up`s of one token.
  const deleteNothing = (c: AdsClient, i: number) => c.delete(`${campaigns}/gone-${i}`).then(() => "deleted", (e: { status?: number }) => e.status);

  test("a client's first write learns what others left of the window before it sends more: 8 of 10 used by another, 5 writes meet no 429 and say the wait once", async () => {
    fixture.emu.control.setRateLimit("writes", 10, 2);
    const other = client();
    for (let i = 0; i < 8; i++) await deleteNothing(other, i);
    const said: string[] = [];
    const late = client({ log: (line) => said.push(line) });
    expect(await Promise.all(Array.from({ length: 5 }, (_, i) => deleteNothing(late, 10 + i)))).toEqual(Array(5).fill(404));
    expect(fixture.emu.control.requests().map((r) => r.status)).toEqual(Array(13).fill(404));
    expect(said).toEqual([expect.stringMatching(/^writes: the 10 requests of its rate-limit window are used: waiting \d+ s for its reset$/)]);
  });

  test("requests refused with 429 for one reset wait it out and say so once, not once each", async () => {
    // The client's clock moves on by each wait, as it would have.
    let skipped = 0;
    const waits: number[] = [];
    const said: string[] = [];
    const c = client({ now: () => Date.now() + skipped, sleep: async (ms) => { waits.push(ms); skipped = Math.max(skipped, ms); }, log: (line) => said.push(line) });
    await deleteNothing(c, 0);
    const reset = String(Math.ceil(Date.now() / 1000) + 5);
    fixture.emu.control.fault({ method: "DELETE", kind: "status", status: 429, times: 5, headers: { "x-rate-limit-limit": "450", "x-rate-limit-remaining": "0", "x-rate-limit-reset": reset } });
    expect(await Promise.all(Array.from({ length: 5 }, (_, i) => deleteNothing(c, 1 + i)))).toEqual(Array(5).fill(404));
    expect(fixture.emu.control.requests().map((r) => r.status)).toEqual([404, 429, 429, 429, 429, 429, 404, 404, 404, 404, 404]);
    // Each refused request waited, the first until the reset the headers gave (the others then found the clock past it).
    expect(waits).toHaveLength(5);
    expect(waits[0]).toBeGreaterThanOrEqual(3000);
    expect(said).toEqual([expect.stringMatching(/^DELETE \/12\/accounts\/\w+\/campaigns\/gone-\d: rate limited \(429\) in writes, .*: waiting \d+ s for the reset/)]);
  });
});

describe("lists and batches", () => {
  async function seedCampaigns(c: AdsClient, n: number): Promise<void> {
    const fi = await fundingInstrument(c);
    for (let i = 0; i < n; i += 40) {
      const items = Array.from({ length: Math.min(40, n - i) }, (_, k) => ({
        operation_type: "Create" as const,
        params: { funding_instrument_id: fi, name: `c${i + k}`, entity_status: "PAUSED", daily_budget_amount_local_micro: 1_000_000 },
      }));
      await c.batch(`/12/batch/accounts/${ACCOUNT}/campaigns`, items, 40);
    }
  }

  test("a list of 1,050 campaigns is read to the end through the cursor", async () => {
    const c = client();
    await seedCampaigns(c, 1050);
    fixture.emu.control.clearRequests();
    const all = await c.list(campaigns);
    expect(all).toHaveLength(1050);
    expect(new Set(all.map((x) => x.id)).size).toBe(1050);
    expect(requestsTo("GET", /\/campaigns$/)).toHaveLength(2);
  });

  test("a batch of 41 is refused by the client before sending, naming the limit", async () => {
    const items = Array.from({ length: 41 }, () => ({ operation_type: "Create" as const, params: {} }));
    const err = await client().batch(`/12/batch/accounts/${ACCOUNT}/campaigns`, items, 40).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toMatch(/at most 40 items \(got 41\)/);
    expect(fixture.emu.control.requests()).toEqual([]);
  });

  test("a batch of 41 sent anyway is refused by the platform under errors", async () => {
    const items = Array.from({ length: 41 }, () => ({ operation_type: "Create" as const, params: {} }));
    const err = await client().request({ method: "POST", path: `/12/batch/accounts/${ACCOUNT}/campaigns`, json: items }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ status: 400 });
  });

  test("250 concurrent reads by id are coalesced into two list calls of at most 200 ids", async () => {
    const c = client();
    await seedCampaigns(c, 250);
    const ids = fixture.emu.control.entities("sandbox", ACCOUNT, "campaigns", {}).map((e) => e.id);
    fixture.emu.control.clearRequests();
    const read = await Promise.all(ids.map((id) => c.getById({ collectionPath: campaigns, idsParam: "campaign_ids", id, query: { with_deleted: true, with_draft: true } })));
    expect(read.map((r) => r.id)).toEqual(ids);
    const calls = requestsTo("GET", /\/campaigns$/);
    expect(calls.map((r) => String(r.query.campaign_ids).split(",").length)).toEqual([200, 50]);
  });
});
