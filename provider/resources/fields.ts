/**
 * What each field of a resource is, declared once beside its zod type
 * (docs/architecture.md rule 5): `field(z.string()..., { createOnly: true })`. Check,
 * diff, outputs, update bodies, adoption and schema.json read the lists that
 * `fieldsOf` derives from these declarations; no resource keeps its own.
 */
import { z } from "zod";
import { keysToCamel, keysToSnake, toSnake } from "../names";

export interface FieldMeta {
  /** A change replaces the entity: the platform cannot change it in place. */
  createOnly?: boolean;
  /** The platform fills it in when the program does not: unset in the program is not managed, so not drift. */
  computed?: boolean;
  /** Removing it from the program sends an empty value, which clears it on the platform. */
  clearable?: boolean;
  /**
   * What it holds to a limit, in words ("daily spend"), for a budget or a
   * bid: clearing it lifts the limit, which `xads pr-summary` cautions of
   * (not a saving).
   */
  limits?: string;
  /** An empty list or string is a value of its own, not the same as unset (e.g. "unsubscribe from all"). */
  emptyIsValue?: boolean;
  /** Its wire name, where it is not the snake_case of the SDK name. */
  wire?: string;
  /** Secret in the state and in schema.json. */
  secret?: boolean;
  /** Sent, never read back: the outputs keep the declared value. */
  writeOnly?: boolean;
  /** The resource's own (accountId, adoptId, deletionProtection): never sent as an entity field. */
  local?: boolean;
  /** A platform value carried in the entity's path (the audience a permission belongs to), not as a field. */
  inPath?: boolean;
  /** An instant: the platform answers its own format, so the declared text is kept when both are the same instant. */
  instant?: boolean;
  /** When two values are the same, where equal JSON is not the test (a set: its order is no change). */
  same?: (a: unknown, b: unknown) => boolean;
}

/** The registry of field declarations (zod 4's own registry: keyed by schema instance). */
const declared = z.registry<FieldMeta>();

/**
 * Declares what a field is. Wrap the field's final schema (after
 * `.optional()`, `.describe()`): a schema made from it afterwards is another
 * instance and carries no declaration.
 */
export function field<T extends z.ZodType>(schema: T, meta: FieldMeta): T {
  declared.add(schema, { ...declared.get(schema), ...meta });
  return schema;
}

export function metaOf(schema: z.ZodType): FieldMeta {
  return declared.get(schema) ?? {};
}

/** The schemas of amounts in micros (common.ts `localMicro`): a field made from one is held to the provider's ceiling. */
const amountSchemas = new WeakSet<z.ZodType>();

/** Declares a base schema an amount in micros; fields made from it (optional, described, clearable) are amounts too. */
export function amount<T extends z.ZodType>(schema: T): T {
  amountSchemas.add(schema);
  return schema;
}

/** Whether a field is made from an amount schema: through its wrappers (optional, default) and the copies zod makes (describe). */
function isAmount(schema: z.ZodType | undefined): boolean {
  if (schema === undefined) return false;
  if (amountSchemas.has(schema)) return true;
  const { def, parent } = schema._zod as { def: { innerType?: z.ZodType }; parent?: z.ZodType };
  return isAmount(def.innerType) || isAmount(parent);
}

type Predicate = (m: FieldMeta, input: boolean) => boolean | undefined;

/** The field lists of a kind, each the fields whose declaration it takes. */
const LISTS = {
  /** Every input, in declaration order. */
  inputs: (_m, input) => input,
  /** Inputs sent to the platform on create. */
  api: (m, input) => input && !m.local && !m.inPath,
  createOnly: (m, input) => input && m.createOnly,
  /** Platform fields that an update may change. */
  updatable: (m, input) => input && !m.local && !m.inPath && !m.createOnly,
  computed: (m, input) => input && m.computed,
  clearable: (m, input) => input && m.clearable,
  emptyIsValue: (m) => m.emptyIsValue,
  secret: (m) => m.secret,
  writeOnly: (m) => m.writeOnly,
  local: (m, input) => input && m.local,
  /** Platform values the path carries: kept from the declaration, never sent as fields. */
  inPath: (m, input) => input && m.inPath,
  instants: (m) => m.instant,
  /** What the outputs take from the live entity: platform inputs read back, and output-only fields. */
  live: (m) => !m.local && !m.inPath && !m.writeOnly,
} satisfies Record<string, Predicate>;

/** The field lists of one kind, derived from its declarations. */
export type Fields = { readonly [L in keyof typeof LISTS]: readonly string[] } & {
  /** Inputs that are amounts in micros (made from `amount`), held to the provider's ceiling in check. */
  readonly amounts: readonly string[];
  /** The value check gives an input the program leaves out, where its schema has a default (entityStatus ACTIVE). */
  readonly defaults: Readonly<Record<string, unknown>>;
  /** The wire name of a field. */
  wire(field: string): string;
  /** A field's own test of sameness, where it declares one. */
  sameness(field: string): ((a: unknown, b: unknown) => boolean) | undefined;
};

/**
 * The field lists of a kind. `immutable`: the platform has no update for
 * the kind, so every input it keeps is create-only, whatever the field
 * declares; the resource's own inputs (adoptId, deletionProtection) stay as
 * declared, as changing them sends nothing.
 */
export function fieldsOf(inputs: z.ZodObject, outputs: Record<string, z.ZodType> = {}, { immutable = false } = {}): Fields {
  const inputMeta = (s: z.ZodType): FieldMeta => {
    const meta = metaOf(s);
    return immutable && !meta.local ? { ...meta, createOnly: true } : meta;
  };
  const entries = [
    ...Object.entries(inputs.shape as Record<string, z.ZodType>).map(([name, s]) => ({ name, meta: inputMeta(s), input: true })),
    ...Object.entries(outputs).map(([name, s]) => ({ name, meta: metaOf(s), input: false })),
  ];
  const wireNames = new Map(entries.map((e) => [e.name, e.meta.wire ?? toSnake(e.name)]));
  const samenesses = new Map(entries.map((e) => [e.name, e.meta.same]));
  const lists = Object.fromEntries(Object.entries(LISTS).map(([list, taken]: [string, Predicate]) =>
    [list, entries.filter((e) => taken(e.meta, e.input)).map((e) => e.name)])) as { [L in keyof typeof LISTS]: string[] };
  return {
    ...lists,
    amounts: Object.entries(inputs.shape as Record<string, z.ZodType>).filter(([, s]) => isAmount(s)).map(([name]) => name),
    defaults: Object.fromEntries(Object.entries(inputs.shape as Record<string, z.ZodType>)
      .map(([name, s]) => [name, s.safeParse(undefined)] as const)
      .filter(([, parsed]) => parsed.success && parsed.data !== undefined)
      .map(([name, parsed]) => [name, parsed.data])),
    wire: (f) => wireNames.get(f) ?? toSnake(f),
    sameness: (f) => samenesses.get(f),
  };
}

// ------------------------------------------------------------------ wire ---

/**
 * The API parameters of some inputs, in wire names (nested keys in
 * snake_case too): unset values left out unless `fields.clearable` lists
 * them (sent empty, which clears them).
 */
export function toWire(fields: Fields, inputs: Record<string, unknown>, names: readonly string[] = fields.api, clear = true): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of names) {
    if (inputs[f] !== undefined) out[fields.wire(f)] = keysToSnake(inputs[f]);
    else if (clear && fields.clearable.includes(f)) out[fields.wire(f)] = "";
  }
  return out;
}

/** An empty list or string: the platform's way of answering "unset". */
export function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
}

/** Equal as the platform sees them: an empty list or string is unset, unless it is a value of its own. */
export function sameValue(a: unknown, b: unknown, emptyIsValue = false): boolean {
  const norm = (v: unknown) => (!emptyIsValue && isEmpty(v) ? null : v ?? null);
  return canonical(norm(a)) === canonical(norm(b));
}

/** The same value of field `f`: by its own test where it declares one (a set). */
export function sameField(fields: Fields, f: string, a: unknown, b: unknown): boolean {
  return fields.sameness(f)?.(a, b) ?? sameValue(a, b, fields.emptyIsValue.includes(f));
}

/** A computed field the program leaves unset: the platform's to choose, so not managed (no change, nothing sent, no edit to keep). */
export function leftToPlatform(fields: Fields, f: string, news: Record<string, unknown>): boolean {
  return news[f] === undefined && fields.computed.includes(f);
}

/** JSON with object keys sorted: the platform answers nested objects in its own key order. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x);
}

function sameInstant(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && !Number.isNaN(Date.parse(a)) && Date.parse(a) === Date.parse(b);
}

/**
 * Outputs: the live entity's fields (SDK names) over the inputs that are the
 * resource's own and those never read back. The same function for create,
 * read and update, so a refresh without changes shows no difference.
 */
export function toOutputs<O>(fields: Fields, declared: Record<string, unknown>, entity: Record<string, unknown>): O {
  const out: Record<string, unknown> = {};
  for (const f of [...fields.local, ...fields.inPath, ...fields.writeOnly]) if (declared[f] !== undefined) out[f] = declared[f];
  for (const f of fields.live) {
    const raw = entity[fields.wire(f)];
    // The platform answers an unset list as [] or null: the same as not declared, unless [] is a value of its own.
    if (raw === undefined || raw === null || (isEmpty(raw) && !fields.emptyIsValue.includes(f))) continue;
    const v = keysToCamel(raw);
    out[f] = fields.instants.includes(f) && sameInstant(declared[f], v) ? declared[f] : v;
  }
  return out as O;
}
