import { AdsClient } from "../../provider/client/client";
import { NotFoundError } from "../../provider/client/errors";
import { ProviderConfig } from "../../provider/config";
import { fundingInstrument } from "../../provider/resources/funding-instrument";
import { UNKNOWN } from "../../provider/resources/framework";
import { ENUMS } from "../../provider/limits";

const valid = () => ({ accountId: "18ce54d4x5t", currency: "USD", startTime: "2026-01-01T00:00:00Z" });
const reasons = (news: Record<string, unknown>) => (fundingInstrument.check({}, news).failures ?? []).map((f) => f.reason);

describe("FundingInstrument check: currency", () => {
  // ref fundamentals/currency.mdx lists the currencies the Ads API recognizes (limits.ts ENUMS.currency).
  test("a currency the reference lists passes, of each precision", () => {
    for (const currency of ["USD", "EUR", "JPY", "KWD"]) expect(reasons({ ...valid(), currency })).toEqual([]);
  });

  test("a currency of three capitals that the platform does not recognize is refused, naming the field, the value and the accepted list", () => {
    const failures = fundingInstrument.check({}, { ...valid(), currency: "XYZ" }).failures;
    expect(failures).toEqual([{
      property: "currency",
      reason: `currency must be one of the currencies the Ads API recognizes (ISO-4217): ${ENUMS.currency.join(", ")} (got "XYZ")`,
    }]);
    expect(failures![0]!.reason).toContain("AED, ARS, AUD");
  });

  test("a code in lower case, or not of three letters, is refused the same way", () => {
    expect(reasons({ ...valid(), currency: "usd" })).toEqual([expect.stringMatching(/^currency must be one of the currencies the Ads API recognizes \(ISO-4217\): AED, .*, VND \(got "usd"\)$/)]);
    expect(reasons({ ...valid(), currency: "USDT" })).toEqual([expect.stringMatching(/^currency must be one of the currencies .* \(got "USDT"\)$/)]);
  });

  test("a currency not known yet in a preview refuses nothing", () => {
    expect(reasons({ ...valid(), currency: UNKNOWN })).toEqual([]);
  });

  test("the list is the reference's: 35 codes, none twice", () => {
    expect(ENUMS.currency).toHaveLength(35);
    expect(new Set(ENUMS.currency).size).toBe(35);
    expect(ENUMS.currency).not.toContain("XYZ");
  });
});

describe("FundingInstrument destroy: the sandbox-only DELETE (ref campaign-management/reference.mdx, DELETE funding_instruments)", () => {
  const state = { ...valid(), type: "CREDIT_CARD" as const };
  /** A context whose client records the DELETEs it is asked to send (`fails`: the error each answers). */
  const contextOf = (sandbox: boolean, fails?: Error) => {
    const sent: string[] = [];
    const client = { delete: async (path: string) => { sent.push(path); if (fails) throw fails; return {}; } } as unknown as AdsClient;
    return { ctx: { client, config: { sandbox } as ProviderConfig }, sent };
  };
  const quietly = async <T>(run: () => Promise<T>): Promise<{ result: T; said: string }> => {
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const result = await run();
      return { result, said: stderr.mock.calls.map((c) => String(c[0])).join("") };
    } finally {
      stderr.mockRestore();
    }
  };

  test("in the sandbox destroy sends the DELETE of the instrument and says nothing of it staying", async () => {
    const { ctx, sent } = contextOf(true);
    const { said } = await quietly(() => fundingInstrument.delete(ctx, "hxt82", state));
    expect(sent).toEqual(["/12/accounts/18ce54d4x5t/funding_instruments/hxt82"]);
    expect(said).toBe("");
  });

  test("in the sandbox an instrument already deleted (404) counts as deleted, as for every kind", async () => {
    const { ctx, sent } = contextOf(true, new NotFoundError({ status: 404, code: "NOT_FOUND", message: "funding instrument hxt82 was not found", method: "DELETE", path: "/12/accounts/18ce54d4x5t/funding_instruments/hxt82" }));
    await expect(fundingInstrument.delete(ctx, "hxt82", state)).resolves.toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  test("in production destroy sends nothing: the instrument stays on the platform, and destroy says so", async () => {
    const { ctx, sent } = contextOf(false);
    const { said } = await quietly(() => fundingInstrument.delete(ctx, "lygyi", state));
    expect(sent).toEqual([]);
    expect(said).toBe("funding instrument lygyi stays on the platform: the Ads API cannot delete funding instruments outside the sandbox; it is only removed from the stack\n");
  });

  test("the declaration says what the conformance suites and xads drift read: the DELETE is called; no search for instruments in no state", () => {
    expect(fundingInstrument.collectionCalls).toEqual({ create: false, read: true, readOne: false, update: false, delete: true });
    // An instrument in no state may be one an earlier destroy left (production) or another project's: no drift (cli/untracked.ts).
    expect(fundingInstrument.findUntracked).toBeUndefined();
    expect(fundingInstrument.findCreated).toBeDefined();
  });
});
