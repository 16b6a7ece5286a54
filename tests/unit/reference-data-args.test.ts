import { checkArgs, dataSourceArgs } from "../../provider/data-sources";

const codes = (n: number) => Array.from({ length: n }, () => "US");

describe("reference-data source arguments are checked before any request", () => {
  test("getCuratedCategories: 1 to 200 two-letter country codes", () => {
    const check = (countryCodes: unknown) => () => checkArgs("getCuratedCategories", dataSourceArgs.curatedCategories, { accountId: "a1", countryCodes });
    expect(check(codes(200))()).toMatchObject({ countryCodes: codes(200) });
    expect(check(codes(201))).toThrow("getCuratedCategories: countryCodes must have at most 200 items (got 201)");
    expect(check([])).toThrow("getCuratedCategories: countryCodes must have at least 1 items (got 0)");
    expect(check(["USA"])).toThrow('getCuratedCategories: countryCodes[0] must be a two-letter ISO country code, e.g. US (got "USA")');
    expect(check(undefined)).toThrow("getCuratedCategories: countryCodes is required");
  });

  test("getBiddingRules: an optional currency, one the Ads API recognizes (ref fundamentals/currency.mdx)", () => {
    const check = (currency: unknown) => () => checkArgs("getBiddingRules", dataSourceArgs.biddingRules, { currency });
    expect(check("EUR")()).toEqual({ currency: "EUR" });
    expect(check(undefined)()).toEqual({});
    expect(check("EURO")).toThrow(/^getBiddingRules: currency must be one of the currencies the Ads API recognizes \(ISO-4217\): AED, .*, VND \(got "EURO"\)$/);
    expect(check("XYZ")).toThrow(/^getBiddingRules: currency must be one of the currencies the Ads API recognizes \(ISO-4217\): AED, .*, USD, .* \(got "XYZ"\)$/);
  });

  test("getFundingInstruments and getFundingInstrument: a currency filter no instrument can have is refused", () => {
    const check = (currency: unknown) => () => checkArgs("getFundingInstrument", dataSourceArgs.fundingInstruments, { accountId: "a1", currency });
    expect(check("JPY")()).toEqual({ accountId: "a1", currency: "JPY" });
    expect(check(undefined)()).toEqual({ accountId: "a1" });
    expect(check("XYZ")).toThrow(/^getFundingInstrument: currency must be one of the currencies the Ads API recognizes \(ISO-4217\): AED, .* \(got "XYZ"\)$/);
  });

  test("getPlacements: an optional product type of the platform's three", () => {
    expect(() => checkArgs("getPlacements", dataSourceArgs.placements, { productType: "VIDEO" }))
      .toThrow('getPlacements: productType must be one of MEDIA, PROMOTED_ACCOUNT, PROMOTED_TWEETS (got "VIDEO")');
  });
});
