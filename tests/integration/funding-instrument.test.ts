/** FundingInstrument against the emulator: sandbox-only creates, creates without an answer, destroy that deletes it in the sandbox and leaves it in production, the emulator's sandbox-only DELETE. */
import { Entity } from "../../provider/client/client";
import { AdsApiError, NotFoundError } from "../../provider/client/errors";
import { ProviderConfig } from "../../provider/config";
import { fundingInstrument } from "../../provider/resources/funding-instrument";
import { ACCOUNT, seedFundingInstrument, useEmulator } from "./fixtures";

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;
const inputs = (news: Record<string, unknown> = {}) =>
  fundingInstrument.check({}, { accountId: ACCOUNT, currency: "EUR", startTime: "2026-03-01T00:00:00Z", ...news }).inputs!;
const instruments = () => emu().control.entities("sandbox", ACCOUNT, "funding_instruments", {});
const posts = () => emu().control.requests().filter((r) => r.method === "POST" && r.path.endsWith("/funding_instruments"));

beforeEach(() => emu().control.clearRequests());

test("a create whose answer never came is not sent twice: the committed instrument is found by currency, type and start", async () => {
  const before = instruments().map((fi) => fi.id);
  emu().control.fault({ method: "POST", path: "/funding_instruments$", kind: "timeout-after-commit", delayMs: 3000 });
  const { id, outs } = await fundingInstrument.create(ctx(client(500)), inputs());
  expect(posts()).toHaveLength(1);
  expect(instruments().map((fi) => fi.id).filter((x) => !before.includes(x))).toEqual([id]);
  // The platform answers its own time format: the declared text stays.
  expect(outs).toMatchObject({ currency: "EUR", type: "CREDIT_CARD", startTime: "2026-03-01T00:00:00Z" });
});

test("a create whose connection dropped before anything committed is sent again once the wait proved it made nothing: one instrument", async () => {
  const before = instruments().map((fi) => fi.id);
  emu().control.fault({ method: "POST", path: "/funding_instruments$", kind: "drop" });
  const { id } = await fundingInstrument.create(ctx(client(500)), inputs({ currency: "JPY" }));
  expect(posts().map((p) => p.status)).toEqual([null, 201]);
  expect(instruments().map((fi) => fi.id).filter((x) => !before.includes(x))).toEqual([id]);
});

test("production refuses the create before any request", async () => {
  const production = { client: client(), config: { sandbox: false } as ProviderConfig };
  await expect(fundingInstrument.create(production, inputs())).rejects.toThrow(/^funding instruments can only be created in the sandbox/);
  expect(emu().control.requests()).toEqual([]);
});

describe("destroy (ref campaign-management/reference.mdx, DELETE funding_instruments is SANDBOX ONLY)", () => {
  const deletes = () => emu().control.requests().filter((r) => r.method === "DELETE");

  test("in the sandbox it deletes the instrument with the sandbox-only DELETE; a second delete of the gone instrument counts as done", async () => {
    const { id, outs } = await fundingInstrument.create(ctx(), inputs());
    emu().control.clearRequests();
    await fundingInstrument.delete(ctx(), id, outs);
    expect(deletes().map((r) => [r.env, r.path, r.status])).toEqual([["sandbox", `/12/accounts/${ACCOUNT}/funding_instruments/${id}`, 200]]);
    expect(instruments().map((fi) => fi.id)).not.toContain(id);
    expect(emu().control.entities("sandbox", ACCOUNT, "funding_instruments", { withDeleted: true }).find((fi) => fi.id === id)).toMatchObject({ deleted: true });
    // Idempotent, as every kind's delete: the platform's 404 for a deleted entity is "deleted".
    await fundingInstrument.delete(ctx(), id, outs);
    expect(deletes().map((r) => r.status)).toEqual([200, 404]);
  });

  test("in production it sends nothing, leaves the instrument on the platform and says so", async () => {
    const { id, outs } = await fundingInstrument.create(ctx(), inputs());
    emu().control.clearRequests();
    const production = { client: client(), config: { sandbox: false } as ProviderConfig };
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      await fundingInstrument.delete(production, id, outs);
      expect(String(stderr.mock.calls[0]?.[0])).toContain(`funding instrument ${id} stays on the platform: the Ads API cannot delete funding instruments outside the sandbox`);
    } finally {
      stderr.mockRestore();
    }
    expect(emu().control.requests()).toEqual([]);
    expect(instruments().map((fi) => fi.id)).toContain(id);
  });
});

describe("the emulator's DELETE of a funding instrument", () => {
  test("the sandbox answers the deleted instrument as the reference's example does: deleted, able_to_fund false, reasons_not_able_to_fund DELETED", async () => {
    const id = await seedFundingInstrument(client());
    const answer = await client().delete<Entity>(`/12/accounts/${ACCOUNT}/funding_instruments/${id}`);
    expect(answer).toMatchObject({ id, deleted: true, able_to_fund: false, reasons_not_able_to_fund: ["DELETED"], entity_status: "ACTIVE" });
    // Gone from reads without with_deleted; a second DELETE is 404, as for every deleted entity.
    await expect(client().get(`/12/accounts/${ACCOUNT}/funding_instruments/${id}`)).rejects.toBeInstanceOf(NotFoundError);
    expect(await client().get<Entity>(`/12/accounts/${ACCOUNT}/funding_instruments/${id}`, { with_deleted: true })).toMatchObject({ id, deleted: true });
    await expect(client().delete(`/12/accounts/${ACCOUNT}/funding_instruments/${id}`)).rejects.toBeInstanceOf(NotFoundError);
  });

  test("the production base refuses it (the DELETE is sandbox only: 404 ROUTE_NOT_FOUND, no instrument gone), and the instrument stays", async () => {
    const production = client(30_000, { baseUrl: emu().url });
    const [instrument] = emu().control.entities("production", ACCOUNT, "funding_instruments", {});
    expect(instrument).toBeDefined();
    const refused = await production.delete(`/12/accounts/${ACCOUNT}/funding_instruments/${instrument!.id}`).then(() => undefined, (err: unknown) => err);
    // Read as gone, an idempotent delete would have taken the refusal for done.
    expect(refused).toBeInstanceOf(AdsApiError);
    expect(refused).not.toBeInstanceOf(NotFoundError);
    expect(refused).toMatchObject({ status: 404, code: "ROUTE_NOT_FOUND" });
    expect(String((refused as Error).message)).toMatch(/is sandbox only/);
    expect(emu().control.entities("production", ACCOUNT, "funding_instruments", {}).map((fi) => fi.id)).toContain(instrument!.id);
  });
});
