/**
 * Parameter parsing: every refusal names the parameter, the limit and what
 * was sent.
 */
import { z } from "zod";
import { ApiError } from "../../emulator/errors";
import { clearable, isTrue, param, paramsRecord, parseParams, sameAsStored, toWireParams } from "../../emulator/wire";

function errors(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err.errors;
    throw err;
  }
  throw new Error("did not throw");
}

const schema = z.object({
  name: param.text(5),
  count: param.int(1, 10).optional(),
  amount: clearable(param.long()),
  ids: param.ids().optional(),
  status: param.oneOf(["ACTIVE", "PAUSED"] as const).optional(),
  flag: param.bool().optional(),
  at: param.time().optional(),
});

describe("parseParams", () => {
  test("converts wire strings to numbers, booleans, lists and null for an empty clearable value", () => {
    expect(parseParams(schema, { name: "abc", count: "3", amount: "", ids: "a,b", flag: "true", at: "2026-01-01T00:00:00Z" }))
      .toEqual({ name: "abc", count: 3, amount: null, ids: ["a", "b"], flag: true, at: "2026-01-01T00:00:00Z" });
  });

  test("a missing required parameter is MISSING_PARAMETER", () => {
    expect(errors(() => parseParams(schema, {}))).toEqual([{ code: "MISSING_PARAMETER", parameter: "name", message: "name is required" }]);
  });

  test("each bad parameter gets one error naming it, its limit and the value given, with the reason in short as details", () => {
    expect(errors(() => parseParams(schema, {
      name: "abcdef", count: "11", amount: "-1", ids: Array.from({ length: 201 }, (_, i) => i).join(","), status: "DRAFT", flag: "1", at: "tomorrow",
    }))).toEqual([
      { code: "INVALID_PARAMETER", parameter: "name", message: "name must be at most 5 characters, got 6", value: "abcdef", details: "must be at most 5 characters" },
      { code: "INVALID_PARAMETER", parameter: "count", message: "count must be at most 10, got 11", value: "11", details: "must be at most 10" },
      { code: "INVALID_PARAMETER", parameter: "amount", message: 'amount must be a whole number in decimal digits, got "-1"', value: "-1", details: "must be a whole number in decimal digits" },
      { code: "INVALID_PARAMETER", parameter: "ids", message: "ids must be at most 200 values, got 201", value: Array.from({ length: 201 }, (_, i) => i).join(","), details: "must be at most 200 values" },
      { code: "INVALID_PARAMETER", parameter: "status", message: 'status must be one of ACTIVE, PAUSED, got "DRAFT"', value: "DRAFT", details: "must be one of ACTIVE, PAUSED" },
      { code: "INVALID_PARAMETER", parameter: "flag", message: 'flag must be one of true, false, True, False, got "1"', value: "1", details: "must be one of true, false, True, False" },
      { code: "INVALID_PARAMETER", parameter: "at", message: 'at must be an ISO 8601 date-time, e.g. 2026-12-01T00:00:00Z, got "tomorrow"', value: "tomorrow", details: "must be an ISO 8601 date-time, e.g. 2026-12-01T00:00:00Z" },
    ]);
  });
});

describe("text, names, Tweet text and amounts, as the platform counts them", () => {
  const wire = z.object({
    name: param.name(5).optional(),
    note: param.text(5).optional(),
    text: param.tweetText().optional(),
    budget: param.micros().optional(),
  });

  test("lengths are counted in code points: 5 emoji pass a limit of 5, 6 are refused with 6", () => {
    expect(parseParams(wire, { name: "🚀".repeat(5) })).toEqual({ name: "🚀".repeat(5) });
    expect(errors(() => parseParams(wire, { name: "🚀".repeat(6) }))).toEqual([
      { code: "INVALID_PARAMETER", parameter: "name", message: "name must be at most 5 characters, got 6", value: "🚀".repeat(6), details: "must be at most 5 characters" },
    ]);
  });

  test("a control character in a name is refused with its code point and place; text takes tabs and line breaks, not NUL", () => {
    expect(errors(() => parseParams(wire, { name: "ab\u0000c" }))).toEqual([{
      code: "INVALID_PARAMETER", parameter: "name", message: 'name must not contain control characters (U+0000 at character 3), got "ab\\u0000c"',
      value: "ab\u0000c", details: "must not contain control characters (U+0000 at character 3)",
    }]);
    expect(errors(() => parseParams(wire, { name: "a\tb" }))[0]).toMatchObject({ message: 'name must not contain control characters (U+0009 at character 2), got "a\\tb"' });
    expect(parseParams(wire, { note: "a\tb\nc" })).toEqual({ note: "a\tb\nc" });
    expect(errors(() => parseParams(wire, { note: "a\u001bb" }))[0]).toMatchObject({
      message: 'note must not contain control characters other than tabs and line breaks (U+001B at character 2), got "a\\u001bb"',
    });
  });

  test("a Tweet's text is at most 280 weighted characters: a link 23, an emoji or a CJK character 2", () => {
    const at = `${"x".repeat(256)} https://example.com/${"p".repeat(300)}`;
    expect(parseParams(wire, { text: at })).toEqual({ text: at });
    const over = `${"x".repeat(257)} https://example.com/${"p".repeat(300)}`;
    expect(errors(() => parseParams(wire, { text: over }))).toEqual([{
      code: "INVALID_PARAMETER", parameter: "text", message: "text must be at most 280 weighted characters (links count 23, emoji 2), got 281",
      value: over, details: "must be at most 280 weighted characters (links count 23, emoji 2)",
    }]);
    expect(errors(() => parseParams(wire, { text: "x".repeat(10_000) }))[0]).toMatchObject({ message: "text must be at most 280 weighted characters (links count 23, emoji 2), got 10000" });
    expect(parseParams(wire, { text: "👩‍👩‍👧‍👦".repeat(140) })).toEqual({ text: "👩‍👩‍👧‍👦".repeat(140) });
    expect(errors(() => parseParams(wire, { text: "日".repeat(141) }))[0]).toMatchObject({ message: expect.stringMatching(/got 282$/) });
  });

  test("an amount above 10^15 micros is refused: 2^53-1 is no budget", () => {
    expect(parseParams(wire, { budget: "1000000000000000" })).toEqual({ budget: 1e15 });
    expect(errors(() => parseParams(wire, { budget: "9007199254740991" }))).toEqual([{
      code: "INVALID_PARAMETER", parameter: "budget", message: "budget must be at most 1000000000000000, got 9007199254740991",
      value: "9007199254740991", details: "must be at most 1000000000000000",
    }]);
  });
});

describe("wire forms", () => {
  test("batch JSON params become wire strings", () => {
    expect(toWireParams({ a: 1, b: true, c: ["X", "Y"], d: null, e: undefined, f: "s" })).toEqual({ a: "1", b: "true", c: "X,Y", d: "", f: "s" });
    expect(() => toWireParams({ nested: { x: 1 } })).toThrow(/nested must be a string, number, boolean or list/);
  });

  test("a repeated query parameter is joined with commas", () => {
    expect(paramsRecord(new URLSearchParams("ids=a&ids=b&q=x+y"))).toEqual({ ids: "a,b", q: "x y" });
  });

  test("booleans are true and false, or True and False as the Python SDK writes them; nothing else", () => {
    const flag = z.object({ flag: param.bool() });
    expect(["true", "True", "false", "False"].map((v) => parseParams(flag, { flag: v }).flag)).toEqual([true, true, false, false]);
    expect(["true", "True", "false", "TRUE", "1", undefined].map(isTrue)).toEqual([true, true, false, false, false, false]);
  });

  test("a wire value is the same as a stored field when it says the same: text, number, boolean word, empty for null, a list in any order", () => {
    const same: Array<[string, unknown]> = [
      ["abc", "abc"], ["1000000", 1_000_000], ["True", true], ["false", false], ["", null], ["B,A", ["A", "B"]], ["", []],
    ];
    const changed: Array<[string, unknown]> = [
      ["abd", "abc"], ["1e6", 1_000_000], ["1000001", 1_000_000], ["False", true], ["x", null], ["A", ["A", "B"]], ["A,C", ["A", "B"]], ["x", undefined],
    ];
    expect(same.map(([wire, stored]) => sameAsStored(wire, stored))).toEqual(same.map(() => true));
    expect(changed.map(([wire, stored]) => sameAsStored(wire, stored))).toEqual(changed.map(() => false));
  });
});
