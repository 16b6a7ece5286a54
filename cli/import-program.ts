/**
 * What `xads import` writes: pure functions of the listed entities. The
 * program (the default format): each entity becomes a resource that adopts
 * it (`adoptId`) with its live values as inputs, so the first `pulumi up`
 * reads instead of creating and the next preview shows no changes.
 * References between entities are variables (`campaignId: springSale.id`);
 * names come from the entities' names, made unique. The import file
 * (`--format pulumi-import`): the same resources, names and order for
 * `pulumi import --file` through the provider plugin.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { Entity } from "../provider/client/client";
import { toSnake } from "../provider/names";
import { definitionOf, pluginTypeToken } from "../provider/resources";
import { ImportKind } from "./import-kinds";

export interface ListedKind {
  spec: ImportKind;
  entities: Entity[];
}

export interface ProgramOptions {
  accountId: string;
  project: string;
  /**
   * What package.json installs: pulumi-xads's npm spec (packageSpecFor:
   * where the user installed it from, since a bare version is a registry
   * 404 while it is not published) and the other packages' versions.
   */
  versions: { pulumiXads: string; pulumi: string; typescript: string; tsNode: string; typesNode: string };
}

export interface WrittenProgram {
  files: Record<string, string>;
  /** Resources declared, per kind. */
  counts: Record<string, number>;
  /** Entities left out, and why. */
  skipped: string[];
}

const RESERVED = new Set([
  "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum", "export",
  "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null", "return", "super",
  "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with", "let", "static", "yield", "await",
  "implements", "interface", "package", "private", "protected", "public", "xads", "pulumi", "accountId",
]);

/** A Pulumi resource name: lower case words joined by dashes. */
export function slug(text: string): string {
  const s = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return s.slice(0, 60).replace(/-+$/, "") || "entity";
}

/** A variable name from a resource name: camelCase, never a reserved word or a leading digit. */
export function variableName(name: string, kind: string): string {
  const camel = name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return /^[0-9]/.test(camel) || RESERVED.has(camel) ? kind[0]!.toLowerCase() + kind.slice(1) + camel[0]!.toUpperCase() + camel.slice(1) : camel;
}

function unique(base: string, taken: Set<string>, join: string): string {
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base}${join}${i}`;
  taken.add(candidate);
  return candidate;
}

function byCreation(a: Entity, b: Entity): number {
  return String(a.created_at ?? "").localeCompare(String(b.created_at ?? "")) || a.id.localeCompare(b.id);
}

/**
 * pulumi-xads's npm spec for a package.json in `outDir`, from a spec read in
 * (or given relative to) `specDir`: a local path (`file:` or not) is made
 * relative to `outDir`, so the written program installs the same tarball
 * or folder; a URL, git or registry spec is kept as it is.
 */
export function packageSpecFor(spec: string, specDir: string, outDir: string): string {
  const local = spec.startsWith("file:") ? spec.slice("file:".length) : /^(\.{1,2}([/\\]|$)|\/|[A-Za-z]:\\)/.test(spec) ? spec : undefined;
  if (local === undefined) return spec;
  if (isAbsolute(local)) return `file:${local}`;
  return `file:${relative(outDir, resolve(specDir, local)).split(sep).join("/") || "."}`;
}

/** One entity the import declares: its kind, its resource name, its variable and its inputs (references as the variables' ids). */
interface Declared {
  kind: string;
  id: string;
  /** The id pulumi import takes (`<lineItemId>:<id>` for a targeting criterion: ResourceDefinition.importIdOf). */
  importId: string;
  name: string;
  variable: string;
  /** Input -> its value as TypeScript: a literal, or `<variable>.id` for a reference. */
  inputs: [string, string][];
  /** Why the live entity would not pass the resource's check, if it would not. */
  failures: string[];
}

interface Planned {
  /** The declarations, each after those it refers to. */
  order: Declared[];
  counts: Record<string, number>;
  skipped: string[];
}

/**
 * What both formats declare, and in which order: each listed entity (by
 * creation within its kind) with a unique name, made from the entity's or
 * its parent's name, and its live inputs; an entity whose parent is not a
 * live entity of the account is skipped.
 */
function plan(listed: ListedKind[], accountId: string): Planned {
  const names = new Set<string>();
  const variables = new Set<string>();
  /** kind -> entity id -> its declaration. */
  const declared = new Map<string, Map<string, Declared>>();
  const skipped: string[] = [];
  const order: Declared[] = [];
  const counts: Record<string, number> = {};
  const present = new Set(listed.map((l) => l.spec.kind));

  for (const { spec, entities } of listed) {
    const mine = new Map<string, Declared>();
    declared.set(spec.kind, mine);
    const def = definitionOf(spec.kind);
    for (const e of [...entities].sort(byCreation)) {
      const refs = Object.entries(spec.refs ?? {});
      const missing = refs.find(([field, kind]) => present.has(kind) && !declared.get(kind)?.has(String(e[toSnake(field)])));
      if (missing) {
        skipped.push(`${spec.kind} ${e.id}: its ${missing[0]} ${String(e[toSnake(missing[0])])} is not a live ${missing[1]} of the account`);
        continue;
      }
      const target = (field: string) => declared.get(spec.refs![field]!)?.get(String(e[toSnake(field)]));
      const name = unique(slug(spec.name(e, (field) => target(field)?.name ?? String(e[toSnake(field)]))), names, "-");
      const variable = unique(variableName(name, spec.kind), variables, "");
      const inputs: [string, string][] = [["accountId", "accountId"], ["adoptId", JSON.stringify(e.id)]];
      const checked: Record<string, unknown> = { accountId, adoptId: e.id };
      for (const [f, v] of Object.entries(def.importedInputs(e))) {
        const ref = spec.refs?.[f] ? target(f) : undefined;
        inputs.push([f, ref ? `${ref.variable}.id` : JSON.stringify(v)]);
        checked[f] = v;
      }
      const failures = (def.check({}, checked).failures ?? []).map((f) => f.reason);
      const d: Declared = { kind: spec.kind, id: e.id, importId: def.importIdOf(e), name, variable, inputs, failures };
      mine.set(e.id, d);
      order.push(d);
      counts[spec.kind] = (counts[spec.kind] ?? 0) + 1;
    }
  }
  return { order, counts, skipped };
}

/** Writes index.ts, Pulumi.yaml, package.json and tsconfig.json. */
export function writeProgram(listed: ListedKind[], options: ProgramOptions): WrittenProgram {
  const { order, counts, skipped } = plan(listed, options.accountId);
  const lines = (d: Declared) => [
    ...d.failures.map((reason) => `// xads import: the live entity would not pass check: ${reason}`),
    `const ${d.variable} = new xads.${d.kind}(${JSON.stringify(d.name)}, {`,
    ...d.inputs.map(([k, v]) => (k === v ? `  ${k},` : `  ${k}: ${v},`)),
    "});",
  ];
  const summary = Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(", ") || "nothing";
  const index = [
    `// Written by \`xads import --account ${options.accountId}\`: ${summary}.`,
    "//",
    "// Every resource adopts its live entity (adoptId): the first `pulumi up` reads it",
    "// instead of creating one, and refuses, field by field, if it no longer matches.",
    "// The inputs are the live values at import time; change them here from now on.",
    "// Campaigns keep deletionProtection on (the default): deleting one cannot be undone.",
    'import * as xads from "pulumi-xads";',
    "",
    `const accountId = ${JSON.stringify(options.accountId)};`,
    "",
    ...order.flatMap((d) => [...lines(d), ""]),
    "export const ids = {",
    ...order.map((d) => `  ${JSON.stringify(d.name)}: ${d.variable}.id,`),
    "};",
    "",
  ].join("\n");

  const v = options.versions;
  const files: Record<string, string> = {
    "index.ts": index,
    "Pulumi.yaml": `name: ${options.project}\nruntime: nodejs\ndescription: Ads account ${options.accountId}, adopted by xads import.\n`,
    "package.json": JSON.stringify({
      name: options.project, private: true, main: "index.ts",
      dependencies: { "@pulumi/pulumi": v.pulumi, "pulumi-xads": v.pulumiXads },
      devDependencies: { "@types/node": v.typesNode, "ts-node": v.tsNode, typescript: v.typescript },
    }, null, 2) + "\n",
    "tsconfig.json": JSON.stringify({
      compilerOptions: { strict: true, target: "ES2022", module: "commonjs", moduleResolution: "node", skipLibCheck: true, types: ["node"] },
      files: ["index.ts"],
    }, null, 2) + "\n",
  };
  return { files, counts, skipped };
}

/** One resource of Pulumi's import file (pulumi/pulumi pkg/cmd/pulumi/operations/import.go, importSpec). */
export interface ImportSpec {
  type: string;
  name: string;
  id: string;
}

export interface WrittenImportFile {
  /** The file `pulumi import --file` reads: `{ "resources": [...] }`. */
  text: string;
  resources: ImportSpec[];
  counts: Record<string, number>;
  skipped: string[];
}

/**
 * The import file of the same entities, names and order as the program
 * (`plan`), for `pulumi import --file` through the provider plugin: each
 * resource by the plugin's type token (`xads:index:Campaign`), its name and
 * the id pulumi import takes (a targeting criterion's with its line item's).
 * The plugin's read of each takes the stack's account and the live values
 * (definition importRead), so the code the CLI writes from it declares what
 * this program would.
 */
export function writeImportFile(listed: ListedKind[], accountId: string): WrittenImportFile {
  const { order, counts, skipped } = plan(listed, accountId);
  const resources = order.map((d) => ({ type: pluginTypeToken(d.kind), name: d.name, id: d.importId }));
  return { text: JSON.stringify({ resources }, null, 2) + "\n", resources, counts, skipped };
}
