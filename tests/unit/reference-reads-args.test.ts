import { checkKeywordInsightsArgs, KeywordInsightsArgs } from "../../provider/reference-reads";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const args = (more: Partial<KeywordInsightsArgs> = {}): KeywordInsightsArgs =>
  ({ granularity: "DAY", keywords: ["developers"], startTime: "2026-03-01", endTime: "2026-03-08", ...more });
const check = (more: Partial<KeywordInsightsArgs>) => () => checkKeywordInsightsArgs(args(more), NOW);

describe("getKeywordInsights arguments are checked before any request", () => {
  test("up to the limits is taken: 10 keywords and negative keywords together, 7 days, a country's targeting value", () => {
    const ten = { keywords: ["a", "b", "c", "d", "e", "f", "g"], negativeKeywords: ["h", "i", "j"], location: "96683cc9126741d1" };
    expect(check(ten)()).toMatchObject(ten);
    expect(check({ startTime: "2026-03-01T00:00:00Z", endTime: "2026-03-08T00:00:00Z" })()).toMatchObject({ granularity: "DAY" });
  });

  test("11 keywords and negative keywords together are refused, naming both and the limit", () => {
    expect(check({ keywords: ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"], negativeKeywords: ["k", "l"] }))
      .toThrow("getKeywordInsights: keywords and negativeKeywords together must be at most 10 (got 12)");
    expect(check({ keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) })).toThrow("at most 10 (got 11)");
  });

  test("a range over 7 days is refused, with endTime given or defaulting to now", () => {
    expect(check({ endTime: "2026-03-08T01:00:00Z" }))
      .toThrow("getKeywordInsights: the range from startTime to endTime must be at most 7 days (got 7.04 days: 2026-03-01 to endTime (2026-03-08T01:00:00Z))");
    expect(check({ startTime: "2026-03-03", endTime: undefined }))
      .toThrow("getKeywordInsights: the range from startTime to now must be at most 7 days (got 7.50 days: 2026-03-03 to now (endTime not given: 2026-03-10T12:00:00.000Z))");
    expect(check({ startTime: "2026-03-04", endTime: undefined })()).toMatchObject({ startTime: "2026-03-04" });
  });

  test("a start not before the end (or now) is refused", () => {
    expect(check({ endTime: "2026-03-01" })).toThrow("getKeywordInsights: startTime (2026-03-01) must be before endTime (2026-03-01)");
    expect(check({ startTime: "2026-03-11", endTime: undefined })).toThrow("getKeywordInsights: startTime (2026-03-11) must be before now");
  });

  test("required arguments and forms name the argument", () => {
    expect(() => checkKeywordInsightsArgs({ keywords: ["a"] } as unknown as KeywordInsightsArgs, NOW))
      .toThrow("getKeywordInsights: granularity must be one of DAY, HOUR (got undefined); startTime is required");
    expect(check({ granularity: "MINUTE" as "DAY" })).toThrow('granularity must be one of DAY, HOUR (got "MINUTE")');
    expect(check({ keywords: [" "] })).toThrow("keywords[0] must not be empty");
    expect(check({ negativeKeywords: ["x,y"] })).toThrow('negativeKeywords[0] must not contain a comma (keywords are sent comma-separated) (got "x,y")');
    expect(check({ startTime: "yesterday" })).toThrow('startTime must be an ISO 8601 date or date-time, e.g. 2026-12-01 or 2026-12-01T00:00:00Z (got "yesterday")');
    expect(check({ location: "United States" }))
      .toThrow('location must be a targeting value of GET targeting_criteria/locations (16 hexadecimal digits, e.g. 96683cc9126741d1), a country\'s (got "United States")');
  });
});
