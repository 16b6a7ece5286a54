/**
 * The program `xads import` writes: a pure function of the listed entities.
 * Each entity becomes a resource that adopts it (`adoptId`) with its live
 * values as inputs, so the first `pulumi up` reads instead of creating and
 * the next preview shows no changes. References between entities are
 * variables (`campaignId: springSale.id`); names come from the entities'
 * names, made unique.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { Entity } from "../provider/client/client";
import { keysToCamel, toSnake } from "../provider/names";
import { definitionOf } from "../provider/resources";
import { isEmpty } from "../provider/resources/fields";
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
 * The inputs an imported program declares: every platform field of the
 * kind that the next up manages, so adoption finds nothing it would clear
 * or change (provider/resources/framework.ts `adoptionRefusals`). Left out:
 * the resource's own (accountId, adoptId: written apart), values in the
 * path, and computed ones the platform fills in (a line item's pay_by, a
 * campaign's budget optimization), which adoption does not compare and a
 * program leaves to the platform unless it means to manage them: the
 * platform answers values its own parameters do not take (pay_by
 * ENGAGEMENT), which an imported program could not declare.
 */
function inputFields(kind: string): readonly string[] {
  const { fields } = definitionOf(kind);
  return fields.inputs.filter((f) => !fields.local.includes(f) && !fields.inPath.includes(f) && !fields.computed.includes(f));
}

/**
 * The live value of each input, in SDK names: what adoption compares (the
 * kind's outputs of the entity, wire names and answer shapes as read does).
 * A field read never gives back (writeOnly: a flexible audience's segment
 * tree) is taken from the listed record where the list shows it.
 */
function liveInputs(kind: string, e: Entity): Record<string, unknown> {
  const def = definitionOf(kind);
  const listed = keysToCamel(e) as Record<string, unknown>;
  const adopted = def.adoptedOf({}, e);
  return Object.fromEntries(def.fields.inputs.map((f) => [f, def.fields.writeOnly.includes(f) ? listed[f] : adopted[f]]));
}

/** What the program declares of a listed entity besides accountId and adoptId (references as the live ids): every managed field with a live value. */
export function importedInputs(kind: string, e: Entity): Record<string, unknown> {
  const live = liveInputs(kind, e);
  return Object.fromEntries(inputFields(kind).filter((f) => !isEmpty(live[f])).map((f) => [f, live[f]]));
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

interface Declared {
  kind: string;
  name: string;
  variable: string;
  lines: string[];
}

/** Writes index.ts, Pulumi.yaml, package.json and tsconfig.json. */
export function writeProgram(listed: ListedKind[], options: ProgramOptions): WrittenProgram {
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
      const checked: Record<string, unknown> = { accountId: options.accountId, adoptId: e.id };
      for (const [f, v] of Object.entries(importedInputs(spec.kind, e))) {
        const ref = spec.refs?.[f] ? target(f) : undefined;
        inputs.push([f, ref ? `${ref.variable}.id` : JSON.stringify(v)]);
        checked[f] = v;
      }
      const failures = definitionOf(spec.kind).check({}, checked).failures ?? [];
      const d: Declared = {
        kind: spec.kind, name, variable,
        lines: [
          ...failures.map((f) => `// xads import: the live entity would not pass check: ${f.reason}`),
          `const ${variable} = new xads.${spec.kind}(${JSON.stringify(name)}, {`,
          ...inputs.map(([k, v]) => (k === v ? `  ${k},` : `  ${k}: ${v},`)),
          "});",
        ],
      };
      mine.set(e.id, d);
      order.push(d);
      counts[spec.kind] = (counts[spec.kind] ?? 0) + 1;
    }
  }

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
    ...order.flatMap((d) => [...d.lines, ""]),
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
