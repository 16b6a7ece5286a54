/**
 * Parameter parsing: every refusal names the parameter, the limit and what
 * was sent.
 */
import { z } from "zod";
import { ApiError } from "../../emulator/errors";
import { clearable, field, paramsRecord, parseParams, toWireParams } from "../../emulator/wire";

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
  name: field.text(5),
  count: field.int(1, 10).optional(),
  amount: clearable(field.long()),
  ids: field.ids().optional(),
  status: field.oneOf(["ACTIVE", "PAUSED"] as const).optional(),
  flag: field.bool().optional(),
  at: field.time().optional(),
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
      { code: "INVALID_PARAMETER", parameter: "flag", message: 'flag must be one of true, false, got "1"', value: "1", details: "must be one of true, false" },
      { code: "INVALID_PARAMETER", parameter: "at", message: 'at must be an ISO 8601 date-time, e.g. 2026-12-01T00:00:00Z, got "tomorrow"', value: "tomorrow", details: "must be an ISO 8601 date-time, e.g. 2026-12-01T00:00:00Z" },
    ]);
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
});
