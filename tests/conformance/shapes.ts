/**
 * Shape comparison of a JSON answer against the corpus's (docs/architecture.md rule
 * 11): the same keys with the same JSON types, recursively. Values are not
 * compared: ids, names and times differ between any two recordings.
 *
 * Types: string, number, big number (an integer beyond 2^53 in the JSON
 * text: JSON.parse rounds it, so it is a type of its own; parseLossless
 * reads it as a bigint), boolean, null, object, array.
 *
 * Null is a value, not a type: the platform answers `null` for a field with
 * nothing set. A corpus `null` therefore matches another type only where the
 * corpus shows that same field of the same records with that type (the
 * reference documents the field as optional and an example shows it set),
 * and an answered `null` matches a corpus value only where the corpus shows
 * that field `null` somewhere. Anything else must be `null` exactly like the
 * recording, which the suites make likely by sending the recording's own
 * request.
 */
import type { CorpusEntry } from "./corpus";

export type JsonType = "string" | "number" | "big number" | "boolean" | "null" | "object" | "array";

export function jsonType(v: unknown): JsonType {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "bigint") return "big number";
  if (typeof v === "number") return Number.isSafeInteger(v) || !Number.isInteger(v) ? "number" : "big number";
  if (typeof v === "string" || typeof v === "boolean" || typeof v === "object") return typeof v as JsonType;
  throw new Error(`not a JSON value: ${String(v)}`);
}

const article = (t: JsonType) => (t === "null" ? "null" : `${/^[aeiou]/.test(t) ? "an" : "a"} ${t}`);

/**
 * The records an endpoint answers: its path without `/batch` and without a
 * last `/:param`, so `GET .../campaigns/:campaign_id`, `POST
 * /12/batch/.../campaigns` and `GET .../campaigns` all answer campaigns.
 */
export function family(endpoint: string): string {
  const path = endpoint.split(" ")[1] ?? endpoint;
  return path.replace("/batch/", "/").replace(/\/:\w+$/, "");
}

/** A path with indices dropped and a leading `data` / `data[]` removed: where a field sits in its record. */
export function recordPath(path: string): string {
  return path.replace(/\[\d+\]/g, "[]").replace(/^data(\[\])?(\.|$)/, "");
}

/** What the corpus shows of each field, by family and record path: the types, and one value of each. */
export class FieldIndex {
  private readonly seen = new Map<string, Map<JsonType, unknown>>();

  constructor(entries: readonly CorpusEntry[]) {
    for (const e of entries) if (e.response.body !== undefined) this.add(family(e.endpoint), "", e.response.body);
  }

  /**
   * Adds a kind of value the corpus does not show for a field but the
   * reference gives it (null for an optional one, the type of a set one).
   */
  declare(fam: string, path: string, type: "string" | "number" | "null"): void {
    this.add(fam, path, type === "null" ? null : type === "number" ? 0 : "");
  }

  /** The values the corpus shows at this field of these records, by type. */
  types(fam: string, path: string): ReadonlyMap<JsonType, unknown> {
    return this.seen.get(`${fam} ${recordPath(path)}`) ?? new Map();
  }

  private add(fam: string, path: string, v: unknown): void {
    const key = `${fam} ${recordPath(path)}`;
    const byType = this.seen.get(key) ?? new Map<JsonType, unknown>();
    this.seen.set(key, byType);
    const t = jsonType(v);
    if (!byType.has(t)) byType.set(t, v);
    if (t === "array") (v as unknown[]).forEach((x, i) => this.add(fam, `${path}[${i}]`, x));
    if (t === "object") for (const [k, x] of Object.entries(v as object)) this.add(fam, path ? `${path}.${k}` : k, x);
  }
}

export interface CompareOptions {
  /** The corpus endpoint, e.g. `GET /12/accounts/:account_id/campaigns`. */
  endpoint: string;
  index: FieldIndex;
  /** Paths (record paths) compared as a JSON type only, not key by key. */
  opaque?: (recordPath: string) => boolean;
  /** Paths (record paths) of objects keyed by values, not names (an id, a media key): each answered entry is compared with the platform's first. */
  keyedByValue?: (recordPath: string) => boolean;
}

/**
 * Every difference of shape between the platform's value and the answered
 * one, each naming the JSON path, e.g. `data[0].id is a string, platform
 * sends a big number`. Array elements are compared with the platform's
 * element of the same index, or its first; an empty platform array says
 * nothing of its elements.
 */
export function shapeDifferences(platform: unknown, answered: unknown, options: CompareOptions): string[] {
  const fam = family(options.endpoint);
  const out: string[] = [];
  const walk = (p: unknown, a: unknown, path: string): void => {
    const pt = jsonType(p);
    const at = jsonType(a);
    const where = path || "the body";
    // An id the platform recorded below 2^53 may be beyond it elsewhere: a big number is a number (not the other way round).
    if (pt !== at && !(pt === "number" && at === "big number")) {
      const shown = options.index.types(fam, path);
      if (at === "null" && shown.has("null")) return;
      if (pt === "null" && shown.has(at)) return walk(shown.get(at), a, path);
      out.push(`${where} is ${article(at)}, platform sends ${article(pt)}`);
      return;
    }
    if (pt === "array") {
      // Element i against the platform's element i where it has one (card components differ by type), else its first.
      const ps = p as unknown[];
      if (ps.length > 0) (a as unknown[]).forEach((x, i) => walk(ps[i] ?? ps[0], x, `${path}[${i}]`));
      return;
    }
    if (pt !== "object" || options.opaque?.(recordPath(path))) return;
    const po = p as Record<string, unknown>;
    const ao = a as Record<string, unknown>;
    if (options.keyedByValue?.(recordPath(path))) {
      // As an array's elements: an empty platform object says nothing of its entries.
      const first = Object.values(po)[0];
      if (first !== undefined) for (const [k, x] of Object.entries(ao)) walk(first, x, `${path}.${k}`);
      return;
    }
    for (const [k, v] of Object.entries(po)) {
      const child = path ? `${path}.${k}` : k;
      if (k in ao) walk(v, ao[k], child);
      else out.push(`${child} is missing (platform sends ${article(jsonType(v))})`);
    }
    for (const k of Object.keys(ao)) {
      const child = path ? `${path}.${k}` : k;
      if (!(k in po)) out.push(`${child} is not sent by the platform (answered ${article(jsonType(ao[k]))})`);
    }
  };
  walk(platform, answered, "");
  // One message per field: array elements repeat their first element's differences.
  const seen = new Set<string>();
  return out.filter((m) => {
    const key = m.replace(/\[\d+\]/g, "[]");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
