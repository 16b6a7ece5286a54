/**
 * The emulator's JSON writer: JSON.stringify, except that a bigint is
 * written as a bare integer. The platform answers some ids as JSON numbers
 * beyond 2^53 (a Tweet's author `user.id`, tests/conformance corpus), which
 * a JS number cannot hold; the emulator keeps them as bigints and writes
 * their digits exactly.
 */
const MARK = "\u0000bigint:";

export function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `${MARK}${v}` : v));
  // JSON.stringify escapes the NUL of the mark, so only marked values match.
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, "$1");
}
