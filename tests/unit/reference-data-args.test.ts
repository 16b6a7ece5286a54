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

  test("getBiddingRules: an optional ISO-4217 currency of 3 letters", () => {
    const check = (currency: unknown) => () => checkArgs("getBiddingRules", dataSourceArgs.biddingRules, { currency });
    expect(check("EUR")()).toEqual({ currency: "EUR" });
    expect(check(undefined)()).toEqual({});
    expect(check("EURO")).toThrow('getBiddingRules: currency must be an ISO-4217 currency code of 3 capital letters, e.g. USD (got "EURO")');
  });

  test("getPlacements: an optional product type of the platform's three", () => {
    expect(() => checkArgs("getPlacements", dataSourceArgs.placements, { productType: "VIDEO" }))
      .toThrow('getPlacements: productType must be one of MEDIA, PROMOTED_ACCOUNT, PROMOTED_TWEETS (got "VIDEO")');
  });
});
