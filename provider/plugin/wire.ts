/**
 * What the provider plugin (./server.ts) converts between the engine's
 * messages and provider/dispatch.ts, as pure functions tested without an
 * engine: property structs to plain values and back, the kind of a type
 * token, the configuration of Configure, and the detailed diff.
 *
 * Values travel as @pulumi/pulumi's runtime sends them to a provider
 * (runtime/rpc.ts): a value not known yet is the string `unknownValue`
 * (dispatch and the kinds test for it: framework.ts containsUnknown), a
 * secret an object `{ [specialSigKey]: specialSecretSig, value }`.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { specialSecretSig as SECRET_SIG, specialSigKey as SIG_KEY } from "@pulumi/pulumi/runtime/rpc";
import { SETTINGS, Setting, settingProblems, settingsOfProperties } from "../config";
import { UNKNOWN, type DiffResult } from "../resources/framework";
import { PENDING_KEY } from "../resources/pending";

export { SECRET_SIG, SIG_KEY, UNKNOWN };

export type Props = Record<string, unknown>;

/** Whether a value is a secret as the engine sends it. */
export function isSecret(value: unknown): value is { value: unknown } {
  return value !== null && typeof value === "object" && (value as Props)[SIG_KEY] === SECRET_SIG;
}

/** A value with every secret replaced by what it holds (the kinds read plain values). */
export function unwrapSecrets(value: unknown): unknown {
  if (isSecret(value)) return unwrapSecrets(value.value);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSecrets(v)]));
  return value;
}

export function secret(value: unknown): Props {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** The plain properties of a struct of the engine, secrets unwrapped. */
export function fromStruct(struct: Struct | undefined): Props {
  return struct ? (unwrapSecrets(struct.toJavaScript()) as Props) : {};
}

/**
 * A struct of properties: an undefined value is left out (Struct cannot
 * hold one), as is a key whose value is; `secrets` names top-level keys sent
 * as secrets.
 */
export function toStruct(props: Props, secrets: readonly string[] = []): Struct {
  const defined = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : defined(x)));
    if (v !== null && typeof v === "object") {
      return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, defined(x)]));
    }
    return v;
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined) continue;
    out[k] = secrets.includes(k) && !isSecret(v) ? secret(defined(v)) : defined(v);
  }
  return Struct.fromJavaScript(out as Parameters<typeof Struct.fromJavaScript>[0]);
}

/** The data source a function token `xads:index:get<Name>` names, undefined for any other. */
export function functionOfToken(tok: string): string | undefined {
  return /^xads:index:(get[A-Z][A-Za-z0-9]*)$/.exec(tok)?.[1];
}

/**
 * The `xads:*` settings of Configure's arguments (config.ts
 * settingsOfProperties, as `xads` commands read a provider of the state); a
 * value not known yet (in a preview) is left unset.
 */
export function settingsOf(args: Props): Record<string, string | undefined> {
  const known = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, unwrapSecrets(v)]).filter(([, v]) => v !== UNKNOWN));
  return settingsOfProperties(known);
}

/** A failure of CheckConfig: the provider's property and why (the setting's key and its limit). */
export interface ConfigFailure {
  property: string;
  reason: string;
}

/**
 * CheckConfig's failures: each setting of the provider's properties (or,
 * unset, of the environment) that breaks a rule Configure would refuse it
 * for (config.ts settingProblems, the rules of the dynamic provider too). A
 * value not known yet is not judged; missing credentials are not either:
 * like the dynamic provider's, a preview needs none, and the first request
 * says which are missing.
 */
export function configFailures(args: Props, env: Record<string, string | undefined> = process.env): ConfigFailure[] {
  const settings = settingsOf(args);
  const unknown = new Set(Object.keys(SETTINGS).filter((name) => unwrapSecrets(args[name]) === UNKNOWN));
  const problems = settingProblems((key) => settings[key], env);
  return problems.filter((p) => !unknown.has(p.setting)).map((p) => ({ property: p.setting, reason: p.message }));
}

/**
 * DiffConfig: the settings that changed between the provider's old and new
 * properties, each an update (or an addition, a deletion), never a
 * replacement: new credentials or a new address reach the same entities,
 * and a resource's account is its own create-only input (the stack's
 * account fills it at check), so a changed xads:accountId replaces the
 * resources that took it, through their own diffs, not every resource of
 * the provider. Values are compared, never returned.
 */
export function configDiff(olds: Props, news: Props): DetailedDiff {
  const detailed: Record<string, PropertyDiffKind> = {};
  for (const name of Object.keys(SETTINGS) as Setting[]) {
    const o = unwrapSecrets(olds[name]);
    const n = unwrapSecrets(news[name]);
    if (n !== UNKNOWN && JSON.stringify(o) === JSON.stringify(n)) continue;
    detailed[name] = o === undefined ? "ADD" : n === undefined ? "DELETE" : "UPDATE";
  }
  const diffs = Object.keys(detailed);
  return { changes: diffs.length > 0, diffs, replaces: [], stables: [], deleteBeforeReplace: false, detailed };
}

/** A detailed diff entry: what changes in one top-level property (the engine's PropertyDiff.Kind names). */
export type PropertyDiffKind = "ADD" | "ADD_REPLACE" | "DELETE" | "DELETE_REPLACE" | "UPDATE" | "UPDATE_REPLACE";

export interface DetailedDiff {
  changes: boolean;
  /** The top-level keys that differ. */
  diffs: string[];
  replaces: string[];
  stables: string[];
  deleteBeforeReplace: boolean;
  detailed: Record<string, PropertyDiffKind>;
}

/**
 * The engine's diff of one resource from the kind's (`result`) and the
 * inputs it found different (`differing`): each of those, and each key it
 * replaces on (a pending create's marker), as added, deleted or updated,
 * with _REPLACE where the kind replaces on it. `olds` are the state's
 * outputs, as the kind's diff compares them. `shownWith`: outputs check
 * writes into the inputs for the preview (a member list's `memberChanges`,
 * the counts shown in place of its secret users), listed where the
 * resource changes and they differ: the CLI prints only what a detailed
 * diff names, and the users alone print as `[secret] => [secret]`.
 */
export function detailedDiff(result: DiffResult, differing: readonly string[], olds: Props, news: Props, shownWith: readonly string[] = []): DetailedDiff {
  const replaces = result.replaces ?? [];
  const shown = shownWith.filter((key) => news[key] !== undefined && JSON.stringify(olds[key]) !== JSON.stringify(news[key]));
  const diffs = [...new Set([...differing, ...replaces, ...(differing.length > 0 ? shown : [])])];
  const detailed: Record<string, PropertyDiffKind> = {};
  for (const key of diffs) {
    const base = olds[key] === undefined ? "ADD" : news[key] === undefined ? "DELETE" : "UPDATE";
    detailed[key] = (replaces.includes(key) ? `${base}_REPLACE` : base) as PropertyDiffKind;
  }
  return {
    changes: result.changes,
    diffs: result.changes ? diffs : [],
    replaces,
    stables: result.stables ? [...result.stables] : [],
    deleteBeforeReplace: result.deleteBeforeReplace === true,
    detailed: result.changes ? detailed : {},
  };
}

/**
 * A line for each property a replacement comes from, which the plugin says
 * about the resource: the CLI's `pulumi preview --diff` marks the resource
 * `+-` and prints the property's change, but no mark on the property that
 * forces it (pulumi/pulumi pkg/backend/display/object_diff.go at v3.259.0
 * prints an update-replace as an update). The line names the resource, as
 * the --diff display prints diagnostics apart from it (on stderr). A
 * pending create's marker is no property of the program and gets no line.
 */
export function replacementNotes(name: string, kind: string, d: DetailedDiff): string[] {
  return d.replaces
    .filter((key) => key !== PENDING_KEY)
    .map((key) => `${name}: ${key} [forces replacement]: the platform cannot change it on an existing ${kind}`);
}
