/**
 * The id `pulumi import` takes for a kind (its declaration's `importId`):
 * the entity's own id, or, where the platform reads the entity only under
 * a parent, the parent's id before it, `:`-separated (`<lineItemId>:<id>`),
 * as Pulumi providers name nested entities. The state keeps the entity's own
 * id, as a create records it. Pure: dispatch's import read and `xads import`
 * read it.
 */

const SEPARATOR = ":";

/** The form of a kind's import id: `<id>`, `<lineItemId>:<id>`. */
export function importIdForm(parts: readonly string[]): string {
  return [...parts, "id"].map((p) => `<${p}>`).join(SEPARATOR);
}

/**
 * The entity's own id and the inputs an import id carries, or an error
 * naming the form it must have. A kind whose import id carries nothing
 * takes the id as it is.
 */
export function splitImportId(noun: string, parts: readonly string[], importId: string): { id: string; values: Record<string, string> } {
  if (parts.length === 0) return { id: importId, values: {} };
  const pieces = importId.split(SEPARATOR);
  if (pieces.length !== parts.length + 1 || pieces.some((p) => p.trim() === "")) {
    throw new Error(`the import id of a ${noun} must be ${importIdForm(parts)} (got ${JSON.stringify(importId)}): `
      + `the platform reads a ${noun} only with its ${parts.join(" and ")}, so its own id alone cannot name it`);
  }
  return { id: pieces.at(-1)!, values: Object.fromEntries(parts.map((p, i) => [p, pieces[i]!])) };
}

/** The import id of an entity whose parents' ids are `values` (the inverse of splitImportId). */
export function joinImportId(parts: readonly string[], values: Record<string, unknown>, id: string): string {
  const missing = parts.filter((p) => typeof values[p] !== "string" || values[p] === "");
  if (missing.length > 0) throw new Error(`import id ${importIdForm(parts)} of ${id}: no ${missing.join(" and ")}`);
  return [...parts.map((p) => values[p] as string), id].join(SEPARATOR);
}
