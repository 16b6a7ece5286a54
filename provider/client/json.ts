/**
 * JSON of the platform's answers, read without rounding any id.
 *
 * The platform answers a published Tweet's `id` (and its author's
 * `user.id`) as a JSON number beyond 2^53, with `id_str` beside it
 * (tests/conformance corpus, POST accounts/:id/tweet). JSON.parse rounds
 * such a number (878479925472251906 becomes 878479925472251900), and an id
 * that is off by a few is another Tweet. So the client reads every integer
 * literal beyond Number.MAX_SAFE_INTEGER as the string of its digits: an id
 * is a string of digits everywhere in the provider, whichever form the
 * platform sent it in. Other numbers (amounts in micros, counts) stay
 * numbers; no amount the platform answers comes near 2^53.
 */

/**
 * JSON.parse, except that integer literals beyond Number.MAX_SAFE_INTEGER
 * become `big(digits)` (by default the digits as a string). The text is
 * scanned once: outside strings, such literals are quoted with a marker
 * that a reviver turns into `big(...)`; a string that holds digits is left
 * alone, since it is inside quotes.
 */
export function parseJson(text: string, big: (digits: string) => unknown = (digits) => digits): unknown {
  const marker = "\u0000big:";
  let out = "";
  let inString = false;
  let marked = false;
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (inString) {
      if (c === "\\") {
        out += text.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (c === '"') inString = false;
      out += c;
      i++;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      i++;
      continue;
    }
    const literal = c === "-" || (c >= "0" && c <= "9") ? /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400)) : null;
    if (literal) {
      const whole = literal[1] === undefined && literal[2] === undefined;
      if (whole && !Number.isSafeInteger(Number(literal[0]))) {
        out += JSON.stringify(marker + literal[0]);
        marked = true;
      } else {
        out += literal[0];
      }
      i += literal[0].length;
      continue;
    }
    out += c;
    i++;
  }
  // Most answers hold no such number: no reviver to run over them.
  if (!marked) return JSON.parse(out);
  return JSON.parse(out, (_key, value: unknown) =>
    typeof value === "string" && value.startsWith(marker) ? big(value.slice(marker.length)) : value);
}
