/**
 * The Reach section of `xads pr-summary`, pure part: which line items of a
 * preview change their targeting (or are new), and their targeting criteria
 * before and after. A criterion belongs to a line item by its `lineItemId`
 * input, or, where that id is not known yet in a preview (a new or replaced
 * line item), by the line item's URN among the criterion's dependencies.
 * The estimates themselves are asked at the edge (reach-estimates.ts).
 */
import { PreviewModel, PreviewStep } from "./preview-input";
import { kindOfUrn, nameOf, Props, UNKNOWN } from "./properties";

/** One targeting criterion, named as the TargetingCriterion resource's inputs. */
export interface Criterion {
  targetingType: string;
  targetingValue: string;
  operatorType: string;
}

/** A line item whose reach the summary shows. */
export interface ReachLineItem {
  /** The resource's name in the program (of its step, or of a criterion's dependency on it), else the line item's id. */
  name: string;
  /** The line item's id on the platform before this change (none for a new one). */
  id?: string;
  /** The account its estimate is asked in, where the preview says. */
  accountId?: string;
  /** Created by this change: nothing before. */
  isNew: boolean;
  /** The criteria the preview's old state has for it (undefined when new). */
  before?: Criterion[];
  /** The criteria it will have; undefined where a value is known only after apply (`unknownAfter`). */
  after?: Criterion[];
  unknownAfter?: string;
  /** Ids of its criteria that the preview shows (the unchanged ones it leaves out are read live). */
  shown: string[];
}

const LINE_ITEM = "LineItem";
const CRITERION = "TargetingCriterion";
/** Ops whose step holds the resource's old state / new state. */
const HAS_OLD = new Set(["same", "update", "replace", "delete"]);
const HAS_NEW = new Set(["same", "update", "replace", "create", "import"]);

const known = (v: unknown): string | undefined => (typeof v === "string" && v !== "" && v !== UNKNOWN ? v : undefined);

function criterionOf(inputs: Props): Criterion | undefined {
  const c = { targetingType: inputs.targetingType, targetingValue: inputs.targetingValue, operatorType: inputs.operatorType ?? "EQ" };
  return [c.targetingType, c.targetingValue, c.operatorType].every((v) => typeof v === "string" && v !== UNKNOWN) ? (c as Criterion) : undefined;
}

/** A criterion as one line: `LOCATION 96683cc9126741d1`, `NE BROAD_KEYWORD tech`. */
export function showCriterion(c: Criterion): string {
  return `${c.operatorType === "EQ" ? "" : `${c.operatorType} `}${c.targetingType} ${c.targetingValue}`;
}

const keyOf = (c: Criterion) => `${c.operatorType}\u0000${c.targetingType}\u0000${c.targetingValue}`;

/** What changes between two sets of criteria: those added and those removed (a set: order does not count). */
export function criteriaChange(before: readonly Criterion[], after: readonly Criterion[]): { added: Criterion[]; removed: Criterion[] } {
  const count = (cs: readonly Criterion[]) => cs.reduce((m, c) => m.set(keyOf(c), (m.get(keyOf(c)) ?? 0) + 1), new Map<string, number>());
  const minus = (a: readonly Criterion[], b: readonly Criterion[]) => {
    const left = count(b);
    return a.filter((c) => {
      const n = left.get(keyOf(c)) ?? 0;
      if (n > 0) left.set(keyOf(c), n - 1);
      return n === 0;
    });
  };
  return { added: minus(after, before), removed: minus(before, after) };
}

/** The same criteria in one order, for a cache key and a stable request. */
export function canonical(cs: readonly Criterion[]): Criterion[] {
  return [...cs].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

/**
 * The line items whose targeting changes (a criterion created, deleted or
 * replaced for it) or that are new, each with its criteria before and
 * after as the preview shows them. Line items deleted are left out.
 */
export function reachPlan(model: PreviewModel): ReachLineItem[] {
  const lineItems = model.steps.filter((s) => s.kind === LINE_ITEM);
  const byUrn = new Map(lineItems.map((s) => [s.urn, s]));
  // The line item an old id names: its URN when the preview has a step of it.
  const urnOfId = new Map(lineItems.filter((s) => s.op !== "create" && s.id).map((s) => [s.id!, s.urn]));
  const keyOfId = (id: string) => urnOfId.get(id) ?? `id:${id}`;

  interface Entry { before: Criterion[]; after: Criterion[]; unknownAfter?: string; shown: string[]; changed: boolean; accountId?: string; dependency?: string }
  const entries = new Map<string, Entry>();
  const entry = (key: string) => {
    if (!entries.has(key)) entries.set(key, { before: [], after: [], shown: [], changed: false });
    return entries.get(key)!;
  };

  for (const s of model.steps.filter((x) => x.kind === CRITERION)) {
    const changes = s.op !== "same";
    const oldLineItem = HAS_OLD.has(s.op) ? known(s.oldInputs?.lineItemId) : undefined;
    if (oldLineItem && s.oldInputs) {
      const e = entry(keyOfId(oldLineItem));
      const c = criterionOf(s.oldInputs);
      if (c) e.before.push(c);
      if (s.id) e.shown.push(s.id);
      e.changed ||= changes;
      e.accountId ??= known(s.oldInputs.accountId);
    }
    if (HAS_NEW.has(s.op) && s.newInputs) {
      const id = known(s.newInputs.lineItemId);
      const dependencies = s.propertyDependencies?.lineItemId ?? [];
      const key = id !== undefined ? keyOfId(id) : dependencies.find((u) => byUrn.has(u));
      if (key === undefined) continue;
      const e = entry(key);
      // The line item's resource, which names it where the preview has no step of it (unchanged).
      e.dependency ??= dependencies.find((u) => kindOfUrn(u) === "LineItem");
      const c = criterionOf(s.newInputs);
      if (c) e.after.push(c);
      else e.unknownAfter ??= `a criterion of ${s.name} has a value known only after apply`;
      e.changed ||= changes;
      e.accountId ??= known(s.newInputs.accountId);
    }
  }
  // A new line item is shown even without criteria (it targets everyone); a replaced one only if its criteria change (they are replaced with it).
  for (const s of lineItems) if (s.op === "create") entry(s.urn).changed = true;

  const out: ReachLineItem[] = [];
  for (const [key, e] of entries) {
    const step: PreviewStep | undefined = byUrn.get(key);
    if (!e.changed || step?.op === "delete") continue;
    const isNew = step?.op === "create";
    const id = step ? (isNew ? undefined : step.id) : key.slice("id:".length);
    const accountId = known(step?.newInputs?.accountId) ?? known(step?.oldInputs?.accountId) ?? e.accountId;
    out.push({
      name: step?.name ?? (e.dependency ? nameOf(e.dependency) : id!),
      ...(id !== undefined ? { id } : {}),
      ...(accountId !== undefined ? { accountId } : {}),
      isNew,
      ...(isNew ? {} : { before: e.before }),
      ...(e.unknownAfter ? { unknownAfter: e.unknownAfter } : { after: e.after }),
      shown: e.shown,
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

// ------------------------------------------------------------ estimates ---

/** One side's estimate: the platform's range, why there is none, or no side at all (a new line item). */
export type SideEstimate =
  | { size: { min: number; max: number } }
  | { unavailable: string }
  | { none: string };

/** A line item's row: its criteria before and after (unchanged ones read live included) and their estimates. */
export interface ReachRow {
  lineItem: ReachLineItem;
  before?: Criterion[];
  after?: Criterion[];
  beforeEstimate: SideEstimate;
  afterEstimate: SideEstimate;
}

/** What the summary says of reach: the rows, or why there are none (e.g. what to set to see them). */
export type ReachReport = { rows: ReachRow[] } | { note: string; lineItems: number };
