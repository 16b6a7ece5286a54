/**
 * The kind a misspelled type token meant: `xads:index:Campaing` is
 * `xads:index:Campaign`. The engine says only `unable to find resource type
 * "xads:index:Campaing"` (a YAML program's preview; docs/gitops.md, xads
 * pr-summary "The preview failed"), and the plugin, asked about a token it
 * does not serve, says as little; both add the closest kind of the registry
 * (RESOURCES) by edit distance.
 */
import { pluginTypeToken, RESOURCES, ResourceKind } from "./index";

/**
 * Edit distance, case-insensitive: insertions, deletions, substitutions and
 * a swap of two neighbouring letters (optimal string alignment) count one
 * each, so the usual slip of a swapped pair (`Campaing`) is one edit, not two.
 */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

/**
 * The registry's kind closest to `name`, when it is close enough to be the
 * one meant: at most a third of the kind's length in edits (2 at least), so
 * `Campaing`, `campaign` and `LineItems` find theirs and `Bucket` finds none.
 * Ties go to the registry's order. Undefined for a kind of the registry itself.
 */
export function closestKind(name: string): ResourceKind | undefined {
  if (Object.hasOwn(RESOURCES, name)) return undefined;
  let best: { kind: ResourceKind; distance: number } | undefined;
  for (const kind of Object.keys(RESOURCES) as ResourceKind[]) {
    const distance = editDistance(name, kind);
    if (distance <= Math.max(2, Math.floor(kind.length / 3)) && (!best || distance < best.distance)) best = { kind, distance };
  }
  return best?.kind;
}

/** `did you mean xads:index:Campaign?` for a type token `xads:index:<X>` whose X is close to a kind; undefined otherwise. */
export function didYouMean(token: string): string | undefined {
  const name = /^xads:index:(\w+)$/.exec(token)?.[1];
  const kind = name === undefined ? undefined : closestKind(name);
  return kind === undefined ? undefined : `did you mean ${pluginTypeToken(kind)}?`;
}
