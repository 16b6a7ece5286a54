/**
 * Request parameters as the platform receives them: query-string (or form)
 * values, all strings. Each endpoint declares its parameters as a zod schema
 * built from the `param` helpers below; `parseParams` turns every problem
 * into a platform error that names the parameter, the limit and the value.
 */
import { z } from "zod";
import { LIMITS } from "./platform";
import { tweetWeight } from "./tweet-text";
import { ApiError, PlatformError } from "./errors";

/** Parameters of one request (or one batch item), by name. */
export type WireParams = Record<string, string>;

const DIGITS = /^\d+$/;

/**
 * The words the platform reads as booleans: `true`/`false` (the Ruby SDK's
 * form) and `True`/`False`, the Python SDK's: its requests library writes
 * Python booleans so, and the SDK sends them unconverted in list filters
 * (twitterdev/twitter-python-ads-sdk tests/test_targeted_audiences.py
 * records GET custom_audiences/:id/targeted?with_active=True answered 200;
 * twitter_ads/account.py reload sends with_deleted=True).
 */
const BOOLEAN_WORDS = { true: true, false: false, True: true, False: false } as const;
type BooleanWord = keyof typeof BOOLEAN_WORDS;

/** Whether a wire value is one of the words for true (an absent or other value is not). */
export function isTrue(value: unknown): boolean {
  return typeof value === "string" && Object.hasOwn(BOOLEAN_WORDS, value) && BOOLEAN_WORDS[value as BooleanWord];
}

/** A comma-separated value as a list (IDS and enum lists). */
const csv = z.string().transform((s) => (s === "" ? [] : s.split(",").map((v) => v.trim())));

/** Characters as the platform counts them: code points (an emoji is one, two UTF-16 units). */
export function codePoints(text: string): number {
  return Array.from(text).length;
}

/**
 * The reference gives lengths in characters; the real platform counts code points
 * (an emoji is one) and refuses control characters: tabs and line breaks
 * are text, others (NUL, escape) are not; a name takes none at all.
 */
function characters(max: number | undefined, min: number, refused: RegExp, what: string) {
  return z.string().superRefine((v, ctx) => {
    const n = codePoints(v);
    if (max !== undefined && n > max) ctx.addIssue({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: v });
    else if (n < min) ctx.addIssue({ code: "too_small", origin: "string", minimum: min, inclusive: true, input: v });
    const bad = refused.exec(v);
    if (bad) {
      const at = codePoints(v.slice(0, bad.index)) + 1;
      ctx.addIssue({ code: "custom", input: v, message: `must not contain ${what} (U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} at character ${at})` });
    }
  });
}

export const param = {
  /** Free text of `min` to `max` code points; tabs and line breaks allowed, other control characters refused. */
  text: (max?: number, min = 1) => characters(max, min, /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/, "control characters other than tabs and line breaks"),
  /** A name: `min` to `max` code points, no control character at all. */
  name: (max?: number, min = 1) => characters(max, min, /\p{Cc}/u, "control characters"),
  /** A Tweet's text: at most LIMITS.tweetText.maxWeightedLength weighted characters (tweetWeight). */
  tweetText: () => param.text().superRefine((v, ctx) => {
    const weight = tweetWeight(v);
    const { maxWeightedLength } = LIMITS.tweetText;
    if (weight > maxWeightedLength) ctx.addIssue({ code: "custom", input: v, message: `must be at most ${maxWeightedLength} weighted characters (links count 23, emoji 2)`, params: { got: String(weight) } });
  }),
  /** An amount in micros: a long of at most LIMITS.maxAmountLocalMicro. */
  micros: () => param.long().pipe(z.number().max(LIMITS.maxAmountLocalMicro)),
  /** An entity id: base-36 on the platform; letters, digits, - and _ accepted. */
  id: () => z.string().regex(/^[A-Za-z0-9_-]+$/, "must be an id (letters, digits, - and _)"),
  /**
   * A long (amounts in micros): decimal digits only. Kept as a JS number; the
   * platform's amounts stay far below 2^53.
   */
  long: () => z.string().regex(DIGITS, "must be a whole number in decimal digits").transform(Number),
  int: (min: number, max: number) =>
    z.string().regex(DIGITS, "must be a whole number in decimal digits").transform(Number).pipe(z.number().min(min).max(max)),
  /** Booleans are the words true and false, in the forms the official SDKs send (BOOLEAN_WORDS). */
  bool: () => z.enum(Object.keys(BOOLEAN_WORDS) as [BooleanWord, ...BooleanWord[]]).transform((v) => BOOLEAN_WORDS[v]),
  oneOf: <const T extends readonly string[]>(values: T) => z.enum(values),
  /** IDS: comma-separated identifiers, at most LIMITS.idsPerFilter (ref campaign-management/reference.mdx, the list GETs' id filters). */
  ids: () => csv.pipe(z.array(z.string().min(1)).min(1).max(LIMITS.idsPerFilter)),
  /** A comma-separated list of enum values. */
  listOf: <const T extends readonly string[]>(values: T, min: number, max: number) =>
    csv.pipe(z.array(z.enum(values)).min(min).max(max)),
  /** A comma-separated list of free strings. */
  list: (min: number, max: number) => csv.pipe(z.array(z.string().min(1)).min(min).max(max)),
  time: () => z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2026-12-01T00:00:00Z" }),
};

/**
 * An optional field that an empty value clears: `name=` on a PUT sets it
 * back to null. For campaigns and line items, the real platform
 * unsets optional values given with no value (ref creatives/reference.mdx, PUT draft_tweets shows it for draft Tweets).
 */
export function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === "" ? null : v), schema.nullable().optional());
}

/** Validates and converts, or throws one 400 with an error per bad parameter. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.output<T> {
  const result = schema.safeParse(params, { reportInput: true });
  if (result.success) return result.data;
  throw new ApiError(400, platformErrors(result.error.issues));
}

/**
 * One error per parameter (the first problem found with it). `nameOf` names
 * the parameter of a path: the first segment for flat parameters; JSON
 * bodies (cards) name the whole path, e.g. `components[1].media_keys`.
 */
export function platformErrors(
  issues: readonly z.core.$ZodIssue[],
  nameOf: (path: readonly PropertyKey[]) => string = (path) => String(path[0] ?? "params"),
): PlatformError[] {
  const seen = new Set<string>();
  const out: PlatformError[] = [];
  for (const issue of issues) {
    const parameter = nameOf(issue.path);
    if (seen.has(parameter)) continue;
    seen.add(parameter);
    out.push(describeIssue(issue, parameter));
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue, parameter: string): PlatformError {
  // A required enum left out is an invalid_value of undefined in zod 4: missing too.
  if ((issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined) {
    return { code: "MISSING_PARAMETER", message: `${parameter} is required`, parameter };
  }
  const [reason, got] = refusal(issue);
  // The real platform (tests/conformance corpus) adds the value refused and the reason in short.
  const input = issue.input;
  const given = Array.isArray(input) ? input.join(",") : typeof input === "string" || typeof input === "number" || typeof input === "boolean" ? String(input) : undefined;
  const value = given === undefined ? {} : { value: given };
  return { code: "INVALID_PARAMETER", message: `${parameter} ${reason}, got ${got}`, parameter, ...value, details: reason };
}

/** Why a value is refused (`must be at most 255 characters`) and what was given. */
function refusal(issue: z.core.$ZodIssue): [reason: string, got: string] {
  switch (issue.code) {
    case "invalid_type":
      return [`must be a ${issue.expected}`, show(issue.input)];
    case "too_big":
      return [`must be at most ${issue.maximum}${unit(issue.origin, issue.maximum)}`, measure(issue.input)];
    case "too_small":
      return [`must be at least ${issue.minimum}${unit(issue.origin, issue.minimum)}`, measure(issue.input)];
    case "invalid_value":
      return [`must be one of ${issue.values.join(", ")}`, show(issue.input)];
    case "custom": {
      // A check that measures (a Tweet's weighted length) says what it measured.
      const measured = (issue.params as { got?: string } | undefined)?.got;
      return [issue.message, measured ?? show(issue.input)];
    }
    default:
      return [issue.message, show(issue.input)];
  }
}

function unit(origin: string, n: number | bigint): string {
  const s = n === 1 ? "" : "s";
  if (origin === "string") return ` character${s}`;
  if (origin === "array") return ` value${s}`;
  return "";
}

/** Lengths for texts (in code points) and lists, the value itself for numbers. */
function measure(input: unknown): string {
  if (typeof input === "string") return String(codePoints(input));
  if (Array.isArray(input)) return String(input.length);
  return show(input);
}

function show(input: unknown): string {
  if (typeof input === "string") return input.length > 60 ? `${JSON.stringify(input.slice(0, 60))}...` : JSON.stringify(input);
  return String(input);
}

/**
 * Batch item params arrive as JSON values; the platform reads them as it
 * reads query values, so they are turned into wire strings first: numbers
 * and booleans as text, lists comma-separated, null as "" (unset).
 */
export function toWireParams(json: Record<string, unknown>): WireParams {
  const out: WireParams = {};
  for (const [k, v] of Object.entries(json)) {
    if (v === undefined) continue;
    if (v === null) out[k] = "";
    else if (Array.isArray(v)) out[k] = v.map(String).join(",");
    else if (typeof v === "object") throw ApiError.invalid(k, `${k} must be a string, number, boolean or list, got an object`);
    else out[k] = String(v);
  }
  return out;
}

/**
 * Whether a wire value says what a stored field already holds: the same
 * text, number or boolean word, "" for null, a list with the same values
 * (in any order). A field the record lacks is never the same.
 */
export function sameAsStored(wire: string, stored: unknown): boolean {
  if (stored === undefined) return false;
  if (stored === null) return wire === "";
  if (typeof stored === "boolean") return Object.hasOwn(BOOLEAN_WORDS, wire) && BOOLEAN_WORDS[wire as BooleanWord] === stored;
  if (typeof stored === "number") return DIGITS.test(wire) && Number(wire) === stored;
  if (Array.isArray(stored)) {
    const values = wire === "" ? [] : wire.split(",").map((v) => v.trim());
    return values.length === stored.length && stored.every((v) => values.includes(String(v)));
  }
  return typeof stored === "string" && wire === stored;
}

/**
 * Flat parameters from decoded pairs (query string, form body). A repeated
 * name is joined with commas, the platform's list form.
 */
export function paramsRecord(pairs: Iterable<readonly [string, string]>): WireParams {
  const out: WireParams = {};
  for (const [k, v] of pairs) out[k] = k in out ? `${out[k]},${v}` : v;
  return out;
}
