/** FundingInstrument against the emulator: sandbox-only creates, creates without an answer, destroy that leaves it. */
import { ProviderConfig } from "../../provider/config";
import { fundingInstrument } from "../../provider/resources/funding-instrument";
import { ACCOUNT, useEmulator } from "./fixtures";

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

test("production refuses the create before any request; destroy leaves the instrument on the platform and says so", async () => {
  const production = { client: client(), config: { sandbox: false } as ProviderConfig };
  await expect(fundingInstrument.create(production, inputs())).rejects.toThrow(/^funding instruments can only be created in the sandbox/);
  expect(emu().control.requests()).toEqual([]);
  const { id, outs } = await fundingInstrument.create(ctx(), inputs());
  const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    await fundingInstrument.delete(ctx(), id, outs);
    expect(String(stderr.mock.calls[0]?.[0])).toContain(`funding instrument ${id} stays on the platform: the Ads API cannot delete funding instruments`);
  } finally {
    stderr.mockRestore();
  }
  expect(instruments().map((fi) => fi.id)).toContain(id);
});
