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
