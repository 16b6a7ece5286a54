/**
 * What every resource file shares: the shape of a resource (schema, check,
 * diff, create, read, update, delete) and the pure functions its check and
 * diff are made of. Side effects stay in create/read/update/delete, which get
 * the client through their Context.
 */
import { z } from "zod";
import { AdsClient } from "../client/client";
import { NotFoundError } from "../client/errors";
import { DEFAULT_MAX_BUDGET_MICRO, ProviderConfig, SETTINGS } from "../config";
import { Fields, field, isEmpty, leftToPlatform, sameField, sameValue } from "./fields";

/** The value the engine sends for an input not known yet (during preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export interface Context {
  client: AdsClient;
  config: ProviderConfig;
}

export interface CheckFailure {
  property: string;
  reason: string;
}

/**
 * What check may know of the provider configuration (configure runs before
 * check). Undefined where no provider runs (unit tests of pure validation).
 */
export interface CheckEnv {
  sandbox: boolean;
  /** The ceiling of amounts in micros (`xads:maxBudgetMicro`); DEFAULT_MAX_BUDGET_MICRO when not given. */
  maxBudgetMicro?: number;
  /**
   * The currency of the funding instrument the amounts are in (ISO 4217),
   * when the provider could read it: messages then say `USD 2,000.00`.
   */
  currency?: string;
  /** Reference data the platform serves, read at the edge (dispatch.ts) when the kind's `referenceNeeds` names it. */
  reference?: ReferenceData;
}

/**
 * Reference data rules may read. A rule that needs it is pure all the same:
 * it checks only when the data is given, and the platform decides otherwise.
 */
export interface ReferenceData {
  /** GET advertiser_business_categories: each category's name and iab_categories. */
  advertiserBusinessCategories?: readonly { name: string; iabCategories: readonly string[] }[];
}

export interface CheckResult<I> {
  inputs?: I;
  failures?: CheckFailure[];
}

export interface DiffResult {
  changes: boolean;
  replaces?: string[];
  stables?: string[];
  deleteBeforeReplace?: boolean;
}

export interface CreateResult<O> {
  id: string;
  outs: O;
}

/**
 * `undefined` from read: the entity is gone (deleted out of band). `inputs`:
 * what the state's inputs become (the dynamic provider passes them to the
 * engine); without them a refresh keeps the inputs it had.
 */
export type ReadResult<O> = { id: string; props: O; inputs?: Record<string, unknown> } | undefined;

/**
 * The lifecycle of a resource kind: what the dynamic provider calls
 * (dispatch.ts) for each resource. The registry holds each kind's as a
 * ResourceDefinition (define.ts).
 */
export interface Lifecycle<I extends object = any, O extends object = any> {
  check(olds: Partial<I>, news: Record<string, unknown>, env?: CheckEnv): CheckResult<I>;
  diff(id: string, olds: O, news: I): DiffResult;
  create(ctx: Context, inputs: I): Promise<CreateResult<O>>;
  read(ctx: Context, id: string, props: O): Promise<ReadResult<O>>;
  update(ctx: Context, id: string, olds: O, news: I): Promise<O>;
  delete(ctx: Context, id: string, props: O): Promise<void>;
}

// ---------------------------------------------------------------- check ---

/** True where a value, or anything inside it, is not known yet. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data;
  for (const p of path) v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("") || "(inputs)";
}

function show(v: unknown): string {
  // JSON has no NaN or Infinity: it would print them as null.
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? s.slice(0, 57) + "..." : s;
}

/**
 * A text's length as the platform counts characters: in code points, so an
 * emoji outside the Basic Multilingual Plane is one character, not the two
 * UTF-16 units of `String.length`.
 */
export function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/**
 * One zod issue as a sentence that names the field, the value's problem and
 * the limit, e.g. `name must be at most 255 characters (got 256)`.
 */
export function describeIssue(issue: z.core.$ZodIssue, data: unknown): CheckFailure {
  const property = fieldName(issue.path);
  const value = valueAt(data, issue.path);
  const reason = ((): string => {
    switch (issue.code) {
      case "too_big":
        if (issue.origin === "string") return `${property} must be at most ${issue.maximum} characters (got ${characters(String(value))})`;
        if (issue.origin === "array") return `${property} must have at most ${issue.maximum} items (got ${(value as unknown[]).length})`;
        return `${property} must be at most ${issue.maximum} (got ${show(value)})`;
      case "too_small":
        if (issue.origin === "string") {
          return issue.minimum === 1 ? `${property} must not be empty` : `${property} must be at least ${issue.minimum} characters (got ${characters(String(value))})`;
        }
        if (issue.origin === "array") return `${property} must have at least ${issue.minimum} items (got ${(value as unknown[]).length})`;
        return `${property} must be at least ${issue.minimum} (got ${show(value)})`;
      case "invalid_type":
        if (typeof value === "number" && !Number.isFinite(value)) return `${property} must be a finite number (got ${value})`;
        return value === undefined ? `${property} is required` : `${property} must be ${issue.expected === "int" ? "an integer" : `a ${issue.expected}`} (got ${show(value)})`;
      case "invalid_value":
        return `${property} must be one of ${issue.values.map((v) => String(v)).join(", ")} (got ${show(value)})`;
      case "invalid_format":
        return `${property} ${issue.message} (got ${show(value)})`;
      case "invalid_union": {
        // A discriminated union (card components): name the accepted types.
        const options = (issue as { options?: unknown }).options;
        if (Array.isArray(options)) return `${property} must be one of ${options.map(String).join(", ")} (got ${show(value)})`;
        return `${property} ${issue.message}`;
      }
      case "unrecognized_keys":
        if (issue.path.length > 0) return `${property} has unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
        return `unknown input${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
      case "custom": {
        // A check of this project's own (tweetText) says what is wrong in a phrase; the field is named here.
        const phrase = (issue.params as { phrase?: string } | undefined)?.phrase;
        return phrase === undefined ? issue.message : `${property} ${phrase}`;
      }
      default:
        return issue.message;
    }
  })();
  return { property, reason };
}

/**
 * A rule between fields. It declares the fields it reads, and runs whenever
 * those are known, whatever else is still unknown (docs/architecture.md rule 5): a
 * preview of a new campaign's line item still refuses a MAX bid without an
 * amount, although the campaign's id is unknown until the update.
 */
export interface Rule<I> {
  readonly fields: readonly (keyof I & string)[];
  readonly check: (inputs: I, env?: CheckEnv) => CheckFailure[];
  /**
   * The rule reads the structure of its fields, never the values inside them
   * that may be unknown (a flexible audience's segment tree, whose leaf ids
   * come from audiences not created yet): it runs unless a field is unknown as a whole.
   */
  readonly structural?: boolean;
}

export function rule<I>(fields: readonly (keyof I & string)[], check: (inputs: I, env?: CheckEnv) => CheckFailure[], opts: { structural?: boolean } = {}): Rule<I> {
  return { fields, check, ...opts };
}

/**
 * Validates inputs against a schema plus cross-field rules. Issues about
 * values not known yet (preview) are dropped: they are checked again when the
 * values are known. A rule runs when the fields it declares are known and
 * valid. Never throws: failures are data.
 */
export function validate<I>(
  schema: z.ZodType<I>,
  news: Record<string, unknown>,
  given: readonly Rule<I>[] | ((inputs: I) => CheckFailure[]) = [],
  env?: CheckEnv,
): CheckResult<I> {
  const { __provider: _, ...data } = news;
  // A bare function reads every field (kinds not yet declaring their rules' fields).
  const rules = typeof given === "function" ? [rule<I>(Object.keys(data) as (keyof I & string)[], given)] : given;
  const parsed = schema.safeParse(data);
  const issues = parsed.success ? [] : parsed.error.issues;
  const refused = issues.filter((i) => !containsUnknown(valueAt(data, i.path)));
  const failures = refused.map((i) => describeIssue(i, data));
  const topFields = (of: z.core.$ZodIssue[]) => new Set<string>(of.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys : [String(i.path[0] ?? "")])));
  // Fields a rule cannot read: unknown ones, and those the parse refused. A
  // value not known yet refuses nothing: a structural rule still reads the
  // field around it as given (a list of media keys, one of them unknown).
  const blocked = topFields(refused);
  const loosened = topFields(issues);
  const unknown = new Set(Object.keys(data).filter((k) => containsUnknown(data[k])));
  const inputs = parsed.success ? parsed.data : lenientParse(schema, data, loosened);
  if (inputs !== undefined && !loosened.has("")) {
    for (const r of rules) {
      const readable = r.fields.every((f) => !blocked.has(f) && (r.structural ? data[f] !== UNKNOWN : !unknown.has(f)));
      if (readable) failures.push(...r.check(inputs, env));
    }
  }
  // Defaults cannot be filled in where the parse failed: pass the inputs on
  // as given; check runs again once they are known.
  const out = (parsed.success ? parsed.data : data) as I;
  return failures.length > 0 ? { inputs: out, failures } : { inputs: out };
}

/** The inputs with defaults filled in, taking the fields the parse did not take as they are (for the rules that may read them). */
function lenientParse<I>(schema: z.ZodType<I>, data: Record<string, unknown>, loosened: Set<string>): I | undefined {
  if (!(schema instanceof z.ZodObject) || loosened.has("")) return undefined;
  const loose = schema.extend(Object.fromEntries([...loosened].map((k) => [k, z.unknown()])));
  const again = loose.safeParse(data);
  return again.success ? (again.data as I) : undefined;
}

/**
 * Refuses (as a check failure) a resource that only the sandbox has, when
 * the provider is configured for production: preview fails before any request.
 */
export function sandboxOnlyFailures(kind: string, what: string, env: CheckEnv | undefined): CheckFailure[] {
  if (!env || env.sandbox) return [];
  return [{
    property: "",
    reason: `${kind} works only in the sandbox: the Ads API ${what} only at the sandbox address, and this stack is configured for production (xads:sandbox is not true). Use it in a sandbox stack (pulumi config set xads:sandbox true), or remove it from this program.`,
  }];
}

/** An amount in micros as people read it: `USD 2,000.00`, or `2,000.00 in the funding instrument's currency` when that is not known. */
export function amountIn(micros: number, currency: string | undefined): string {
  return currency ? `${currency} ${unitsOf(micros)}` : `${unitsOf(micros)} ${IN_THE_CURRENCY}`;
}

/** What a message says of an amount whose currency check does not know. */
export const IN_THE_CURRENCY = "in the funding instrument's currency";

/** Micros in units of the currency: `2,000.00`, `0.000001`. */
export function unitsOf(micros: number): string {
  return (micros / 1e6).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 });
}

/**
 * Refuses (as check failures) amounts in micros above the ceiling: the
 * default, or what the stack raised it to. The message says how to raise it
 * when the amount is meant. The ceiling is a setting of the stack: without
 * its configuration (the policy pack, which cannot see it) nothing is refused.
 */
export function budgetCeilingFailures(amounts: readonly string[], inputs: Record<string, unknown>, env: CheckEnv | undefined): CheckFailure[] {
  if (!env) return [];
  const ceiling = env.maxBudgetMicro ?? DEFAULT_MAX_BUDGET_MICRO;
  const { key, env: variable } = SETTINGS.maxBudgetMicro;
  return amounts
    // A value the schema refused (NaN, Infinity) has its own failure already.
    .filter((f) => Number.isFinite(inputs[f]) && (inputs[f] as number) > ceiling)
    .map((f) => ({
      property: f,
      reason: `${f} must be at most ${ceiling} micros (${amountIn(ceiling, env.currency)}; got ${inputs[f] as number}). `
        + `That ceiling guards against typos; if the amount is meant, raise it for the stack: pulumi config set ${key} <micros> (or ${variable})`,
    }));
}

/**
 * For settings that are only PUT (tax, user settings): a resource that
 * declares none of `fields` would manage nothing, so it is refused.
 */
export function declaresSomething(fields: readonly string[]) {
  return (inputs: Record<string, unknown>): CheckFailure[] =>
    fields.some((f) => inputs[f] !== undefined) ? [] : [{ property: "", reason: `declare at least one of ${fields.join(", ")}` }];
}

// --------------------------------------------------- deletion protection ---

/**
 * Entities whose replacement this process's diff approved (the new inputs set
 * `deletionProtection: false`). The engine deletes the old entity with its
 * old state, which still says protected; this set lets that one delete
 * through. It lives in the provider process, shared by all resources.
 */
const approvedDeletions = new Set<string>();

/** Deletion protection inputs, for resources whose deletion is irreversible. */
export const deletionProtectionInput = field(z
  .boolean()
  .default(true)
  .describe("Deleting this entity is irreversible. While true (the default), `pulumi destroy`, removing it from the program, and a change that replaces it are refused. Set false, and run `pulumi up`, to allow them."),
{ local: true });

/**
 * Refuses (as check failures) a change of create-only fields of a protected
 * entity: it would replace it, deleting the old one irreversibly.
 */
export function protectReplacement(
  kind: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  createOnly: readonly string[],
): CheckFailure[] {
  if (Object.keys(olds).length === 0 || news.deletionProtection === false) return [];
  return createOnly
    .filter((f) => f in olds && (containsUnknown(news[f]) || !sameValue(olds[f], news[f])))
    .map((f) => ({
      property: f,
      reason: `changing ${f} replaces the ${kind} (the platform cannot change it in place), and the old ${kind} would be deleted, which cannot be undone. Set deletionProtection: false on this resource to allow the replacement.`,
    }));
}

/** Called by diff when it plans a replacement the inputs allow. */
export function approveDeletion(id: string, diff: DiffResult, news: Record<string, unknown>): DiffResult {
  if (diff.replaces && diff.replaces.length > 0 && news.deletionProtection === false) approvedDeletions.add(id);
  return diff;
}

/**
 * The command that stops managing an entity without deleting it. The
 * provider is not told the resource's URN (the dynamic provider host does
 * not pass it to read or delete), so it says where the URN is printed.
 */
export function stateDeleteCommand(id: string): string {
  return `pulumi state delete '<URN>', with the URN that pulumi stack --show-urns --show-ids prints above "ID: ${id}"`;
}

/** Throws, before any request, when a protected entity is about to be deleted. */
export function assertDeletable(kind: string, id: string, props: Record<string, unknown>): void {
  if (props.deletionProtection === false || approvedDeletions.has(id)) return;
  const name = typeof props.name === "string" ? ` "${props.name}"` : "";
  throw new Error(
    `${kind}${name} (id ${id}) was not deleted: deletionProtection is on, and deleting a ${kind} cannot be undone. ` +
      `To delete it, set deletionProtection: false, run pulumi up, then remove it. ` +
      `To stop managing it without deleting it, run ${stateDeleteCommand(id)}.`,
  );
}

// ------------------------------------------------------------- adoption ---

/**
 * The inputs whose value in the program (news) differs from the state
 * (olds): what diff reports as changes. An input not known yet differs; a
 * computed one the program leaves unset is not managed, so it does not.
 */
export function differingInputs(fields: Fields, olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  return fields.inputs.filter((f) =>
    !leftToPlatform(fields, f, news)
    && (containsUnknown(news[f]) || !sameField(fields, f, olds[f], news[f])));
}

/**
 * Adoption of a live entity (`adoptId`): Pulumi cannot import dynamic
 * resources (pulumi/pulumi#16175), so create reads the entity instead of
 * creating one. It is refused where the next `up` would change it: the
 * kind's diff between the state adoption writes (`adopted`: the outputs,
 * with the live values `adoptCompares` names) and the program's inputs. A
 * live value the program leaves out is a difference too (a clearable field
 * would be sent empty), not only a declared one; what the platform fills in
 * (computed) and never answers back (writeOnly, kept as declared) is not.
 * One failure per field, named with its live value and what to declare.
 */
export function adoptionRefusals(noun: string, fields: Fields, inputs: Record<string, unknown>, adopted: Record<string, unknown>): CheckFailure[] {
  return differingInputs(fields, adopted, inputs)
    // A value not known yet (preview) is compared once it is: create compares again.
    .filter((f) => !containsUnknown(inputs[f]))
    .map((f) => {
      const live = adopted[f];
      const declared = inputs[f];
      const replaces = fields.createOnly.includes(f);
      const effect = replaces ? `replace the ${noun}` : isEmpty(declared) && fields.clearable.includes(f) ? "clear it" : "change it";
      const reason = isEmpty(live)
        ? `${f} is not set on the platform and ${show(declared)} in the program: the next up would ${replaces ? effect : "set it"}; leave it out to adopt`
        : declared === undefined
          ? `${f} is ${show(live)} on the platform and not declared: the next up would ${effect}; declare it`
          : f in fields.defaults && sameValue(declared, fields.defaults[f])
            ? `${f} is ${show(live)} on the platform and not declared: its default ${show(declared)} would ${effect}; declare it as ${show(live)}`
            : `${f} is ${show(live)} on the platform and ${show(declared)} in the program: the next up would ${effect}; declare it as ${show(live)} to adopt, and change it afterwards`;
      return { property: f, reason };
    });
}

/** The error of a refused adoption: every field, and that nothing was written. */
export function adoptionError(noun: string, id: string, refusals: readonly CheckFailure[]): Error {
  return new Error(`${noun} ${id} was not adopted, and nothing was written: ${refusals.map((r) => r.reason).join("; ")}`);
}

/**
 * The entity of an answer about one entity, which the platform sends as a
 * one-item list on some endpoints (tests/conformance corpus: PUT and
 * DELETE cards/:card_id, POST accounts).
 */
export function oneRecord<T>(answer: T | T[]): T {
  return Array.isArray(answer) ? answer[0]! : answer;
}

/** Read helper: undefined for a deleted or missing entity. */
export async function readLive<T extends { deleted?: boolean }>(get: () => Promise<T>): Promise<T | undefined> {
  try {
    const entity = await get();
    return entity.deleted ? undefined : entity;
  } catch (err) {
    if (err instanceof NotFoundError) return undefined;
    throw err;
  }
}

/** Delete helper: a 404 means it is already gone, which is what was asked. */
export async function deleteIdempotent(del: () => Promise<unknown>): Promise<void> {
  try {
    await del();
  } catch (err) {
    if (!(err instanceof NotFoundError)) throw err;
  }
}
