/**
 * The one place where SDK names (camelCase) and wire names (snake_case) meet.
 * Resources declare their fields in camelCase; the client sends snake_case.
 */

export function toSnake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => "_" + c.toLowerCase());
}

export function toCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

type Plain = Record<string, unknown>;

/** Converts the keys of an object (deeply) from camelCase to snake_case. */
export function keysToSnake(value: unknown): unknown {
  return mapKeys(value, toSnake);
}

/** Converts the keys of an object (deeply) from snake_case to camelCase. */
export function keysToCamel(value: unknown): unknown {
  return mapKeys(value, toCamel);
}

function mapKeys(value: unknown, f: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => mapKeys(v, f));
  if (value !== null && typeof value === "object") {
    const out: Plain = {};
    for (const [k, v] of Object.entries(value as Plain)) out[f(k)] = mapKeys(v, f);
    return out;
  }
  return value;
}
