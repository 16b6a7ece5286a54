import { parseJson } from "../../provider/client/json";

describe("the client's JSON reader", () => {
  test("reads an integer beyond 2^53 as its exact digits, where JSON.parse rounds it", () => {
    const text = '{"id": 878479925472251906, "id_str": "878479925472251906", "user": {"id": 756201191646691328}}';
    expect(BigInt((JSON.parse(text) as { id: number }).id)).not.toBe(878479925472251906n);
    expect(parseJson(text)).toEqual({ id: "878479925472251906", id_str: "878479925472251906", user: { id: "756201191646691328" } });
  });

  test("leaves safe numbers, decimals, exponents and digits inside strings as JSON.parse reads them", () => {
    const text = '{"a": 9007199254740991, "b": -12.5, "c": 1e21, "d": "99999999999999999999", "e": "say \\"12345678901234567890\\"", "f": [1, -99999999999999999999]}';
    expect(parseJson(text)).toEqual({ ...(JSON.parse(text) as object), f: [1, "-99999999999999999999"] });
  });

  test("hands big integers to the caller's reader (bigint for the conformance corpus)", () => {
    expect(parseJson("[12345678901234567890]", BigInt)).toEqual([12345678901234567890n]);
  });
});
