/**
 * Pure helpers shared by `xads pr-summary` and `xads drift`: what a
 * resource is (kind, name) from the engine's JSON, which properties differ
 * between two property maps, and how a value is shown (secrets stay
 * `[secret]`, unknowns are "known after apply", budgets are money).
 */

import { containsUnknown, UNKNOWN } from "../provider/resources/framework";
import { kindOfResource, nameOfUrn, type ResourceKind, typeOfUrn } from "../provider/resources";

/** The value the engine uses for a property not known until apply (the provider's own constant). */
export { UNKNOWN };
/** The key that marks a serialized secret (Pulumi's secret signature). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

export type Props = Record<string, unknown>;

/** Kinds whose deletion cannot be undone (docs/architecture.md rule 5). */
export const IRREVERSIBLE_KINDS = ["Campaign", "CustomAudience", "FlexibleAudience"] as const satisfies readonly ResourceKind[];

/** Properties of every dynamic resource that are not the entity's (a plugin resource has none). */
const INTERNAL = new Set(["__provider"]);

/** The xads kind of a resource, whatever its type token (provider/resources kindOfResource). */
export const kindOf = kindOfResource;

/** The resource's name in the program: the URN's last segment. */
export const nameOf = nameOfUrn;

/** The xads kind a URN names (`urn:pulumi:<stack>::<project>::<parent$...$type>::<name>`), undefined for any other. */
export function kindOfUrn(urn: string): string | undefined {
  return kindOf(typeOfUrn(urn));
}

/** Stack and project from a URN (`urn:pulumi:<stack>::<project>::...`). */
export function stackOf(urn: string): { stack: string; project: string } | undefined {
  const m = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn);
  return m ? { stack: m[1]!, project: m[2]! } : undefined;
}

function isSecret(v: unknown): boolean {
  return v === "[secret]" || (v !== null && typeof v === "object" && SECRET_SIG in (v as Props));
}

/** A value as it should be shown: secrets blinded, inner secrets too. */
export function blind(v: unknown): unknown {
  if (isSecret(v)) return "[secret]";
  if (Array.isArray(v)) return v.map(blind);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v as Props).map(([k, x]) => [k, blind(x)]));
  return v;
}

/** One value, short, for a table cell or a line. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null) return "(none)";
  if (isSecret(v)) return "[secret]";
  if (v === UNKNOWN) return "(known after apply)";
  if (typeof v === "string") return JSON.stringify(v);
  const s = JSON.stringify(blind(v)).split(JSON.stringify(UNKNOWN)).join("(known after apply)");
  return s.length > 120 ? s.slice(0, 117) + "..." : s;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

/**
 * The properties that differ between two maps, sorted by name. A secret on
 * both sides cannot be compared here: the engine blinds both, so it shows
 * as unchanged unless its presence changed.
 */
export function changedFields(olds: Props | undefined, news: Props | undefined): FieldChange[] {
  const o = olds ?? {};
  const n = news ?? {};
  const keys = [...new Set([...Object.keys(o), ...Object.keys(n)])].filter((k) => !INTERNAL.has(k)).sort();
  return keys
    .filter((k) => containsUnknown(n[k]) || !same(blind(o[k]), blind(n[k])))
    .map((k) => ({ field: k, old: o[k], new: n[k] }));
}

/** The properties of one map that carry a value, sorted (for creates and deletes). */
export function presentFields(props: Props | undefined): [string, unknown][] {
  return Object.entries(props ?? {})
    .filter(([k, v]) => !INTERNAL.has(k) && v !== undefined && v !== null)
    .sort(([a], [b]) => a.localeCompare(b));
}

// ------------------------------------------------------------- money ---

/** Budgets and bids: amounts in micros (millionths) of the currency. */
export function isMicroField(field: string): boolean {
  return /LocalMicro$/.test(field);
}

/** Micros as money: `USD 1,234.50`; more decimals only when the amount has them. */
export function money(micros: number, currency: string | undefined): string {
  const sign = micros < 0 ? "-" : "";
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / 1_000_000);
  let frac = String(abs % 1_000_000).padStart(6, "0").replace(/0+$/, "");
  if (frac.length < 2) frac = frac.padEnd(2, "0");
  return `${sign}${currency ?? "(currency unknown)"} ${whole.toLocaleString("en-US")}.${frac}`;
}

/** A signed change of money: `+USD 25.00`, `-USD 10.00`, `USD 0.00`. */
export function moneyDelta(micros: number, currency: string | undefined): string {
  return micros > 0 ? `+${money(micros, currency)}` : money(micros, currency);
}

/** A property value, as money where it is an amount in micros. */
export function showField(field: string, v: unknown, currency: string | undefined): string {
  if (isMicroField(field) && typeof v === "number") return money(v, currency);
  return showValue(v);
}
