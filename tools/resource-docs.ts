/**
 * The reference pages made from the registry, as Pulumi's and Terraform's
 * providers have them: docs/resources/<Kind>.md (what the kind is, an
 * example, every input with its type, limits and what it is, every output,
 * adoption, the real platform's notes), their index, and
 * docs/data-sources/ (from provider/data-sources-table.ts). Pure functions of
 * the registry, the examples and the real-platform page's table; written by
 * `npm run generate` (tools/generated-files.ts).
 */
import { z } from "zod";
import { IMPORT_KINDS } from "../cli/import-kinds";
import { pluginTypeToken, RESOURCES, ResourceKind } from "../provider/resources";
import { importIdForm } from "../provider/resources/import-id";
import { fieldJsonSchema, packageSchema } from "../provider/schema";
import { DATA_SOURCES, DataSourceDoc } from "../provider/data-sources-table";
import { exampleProgram, goProgram, pythonProgram, yamlProgram } from "./example-programs";

export { exampleProgram, literal } from "./example-programs";

type JsonSchema = Record<string, unknown>;

const KINDS = Object.keys(RESOURCES) as ResourceKind[];
/** The largest safe integer: zod's bound of every integer, not a limit of the platform's. */
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

const GENERATED = (source: string, command: string) =>
  `<!-- generated from ${source} by ${command}: edit the source, not this page -->`;

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

// ------------------------------------------------------------- types ---

/** A JSON schema's type as TypeScript reads it, shortened where it is a whole object. */
export function typeOf(p: JsonSchema): string {
  if (Array.isArray(p.enum)) return (p.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
  if (p.const !== undefined) return JSON.stringify(p.const);
  const union = (p.oneOf ?? p.anyOf) as JsonSchema[] | undefined;
  if (union) {
    // Objects told apart by a constant `type` (a card's components): name them by it.
    const tags = union.map((u) => ((u.properties as Record<string, JsonSchema> | undefined)?.type?.const as string | undefined));
    if (tags.every((t) => t !== undefined)) return `{ type: ${tags.map((t) => JSON.stringify(t)).join(" | ")}, ... }`;
    return union.map(typeOf).join(" | ");
  }
  if (p.$ref !== undefined) return "object";
  if (p.type === "object" && p.properties !== undefined) {
    // A small object reads as its fields; a large one (a segment tree) as `object`, its description saying more.
    const required = (p.required ?? []) as string[];
    const fields = Object.entries(p.properties as Record<string, JsonSchema>).map(([k, v]) => `${k}${required.includes(k) ? "" : "?"}: ${typeOf(v)}`);
    const text = `{ ${fields.join("; ")} }`;
    return text.length <= 80 ? text : "object";
  }
  if (p.type === "array") {
    const item = typeOf((p.items ?? {}) as JsonSchema);
    return / \| /.test(item) && !item.startsWith("{") ? `(${item})[]` : `${item}[]`;
  }
  if (p.type === "integer") return "number (integer)";
  if (typeof p.type === "string") return p.type;
  return "any";
}

/** The limits a value is held to, in words. */
export function limitsOf(p: JsonSchema, amount: boolean): string {
  const parts: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    const lo = typeof min === "number" ? min : undefined;
    const hi = typeof max === "number" && max !== SAFE_MAX ? max : undefined;
    if (lo !== undefined && hi !== undefined) parts.push(lo === hi ? `exactly ${lo} ${unit}` : `${lo} to ${hi} ${unit}`);
    else if (hi !== undefined) parts.push(`at most ${hi} ${unit}`);
    else if (lo === 1 && unit !== "") parts.push(unit === "items" ? "at least 1 item" : "not empty");
    else if (lo !== undefined && lo > 0) parts.push(`at least ${lo} ${unit}`);
  };
  range(p.minLength, p.maxLength, "characters");
  range(p.minItems, p.maxItems, "items");
  if (typeof p.minimum === "number" || typeof p.maximum === "number") {
    const hi = typeof p.maximum === "number" && p.maximum !== SAFE_MAX ? p.maximum : undefined;
    if (p.minimum === 0 && hi === undefined) parts.push("not negative");
    else range(p.minimum, p.maximum, "");
  }
  if (amount) parts.push("at most `xads:maxBudgetMicro`");
  return parts.map((s) => s.trim()).join("; ");
}

// -------------------------------------------------------------- pages ---

function shapeOf(kind: ResourceKind): Record<string, z.ZodType> {
  return (RESOURCES[kind].inputs as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
}

/** What an input is, in the words of its declaration (fields.ts). */
function propertiesOf(kind: ResourceKind, name: string, required: boolean): string {
  const f = RESOURCES[kind].fields;
  const words: string[] = [];
  if (required) words.push("required");
  if (name in f.defaults) words.push(`default \`${JSON.stringify(f.defaults[name])}\``);
  if (name === "accountId") words.push("default `xads:accountId`");
  if (f.createOnly.includes(name)) words.push("create-only (a change replaces)");
  // adoptId is declared computed only so that dropping it is no change: it is the resource's own, not the platform's.
  if (f.computed.includes(name) && !f.local.includes(name)) words.push("computed (the platform's when unset)");
  if (f.clearable.includes(name)) words.push("clearable (removing it clears it)");
  if (f.writeOnly.includes(name)) words.push("write-only (kept as declared)");
  if (f.secret.includes(name)) words.push("secret");
  if (f.local.includes(name) && name !== "accountId") words.push("the resource's own (never sent)");
  return words.join("; ");
}

/** The rows of the real platform's table (docs/real-platform.md) that name a kind in their first cell. */
export function platformNotes(realPlatform: string, name: string): string[] {
  return realPlatform.split("\n").filter((line) => {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? "";
    return first.includes(`\`${name}\``);
  });
}

/** docs/resources/<Kind>.md. */
export function renderResourcePage(kind: ResourceKind, version: string, realPlatform: string, command: string): string {
  const resources = packageSchema(version).resources as Record<string, { inputProperties: Record<string, JsonSchema>; requiredInputs: string[]; properties: Record<string, JsonSchema> }>;
  const schema = resources[pluginTypeToken(kind)]!;
  const def = RESOURCES[kind];
  const { code, given } = exampleProgram(kind);
  // The field's own description: the column before says what it is (schema.json's adds that it is create-only).
  const shape = shapeOf(kind);
  // Types and limits from the fields' JSON Schema: schema.json has Pulumi's types, where an object of named fields is Any.
  const inputs = Object.keys(schema.inputProperties).map((name) => {
    const p = fieldJsonSchema(shape[name]!);
    return `| \`${name}\` | ${cell(`\`${typeOf(p)}\``)} | ${cell(propertiesOf(kind, name, schema.requiredInputs.includes(name)))} | ${cell(limitsOf(p, def.fields.amounts.includes(name)))} | ${cell(shape[name]?.description ?? "")} |`;
  });
  const outputs = Object.entries(def.outputs as Record<string, z.ZodType>).map(([name, s]) =>
    `| \`${name}\` | ${cell(`\`${typeOf(fieldJsonSchema(s))}\``)} | ${cell(s.description ?? "")}${def.fields.secret.includes(name) ? " (secret)" : ""} |`);
  const adoptable = "adoptId" in shapeOf(kind);
  const imported = IMPORT_KINDS.some((k) => k.kind === kind);
  // The id pulumi import takes through the provider plugin: the parents the kind's import id carries, then its own.
  const { importId } = RESOURCES[kind];
  const pluginImport = `With the provider plugin (YAML, Python), \`pulumi import ${pluginTypeToken(kind)} <name> ${importIdForm(importId)}\` takes a live entity of the stack's account with no write and prints the code that manages it as it is ([\`pulumi import\`](../resources-guide.md#pulumi-import-the-provider-plugin))`
    + (importId.length > 0 ? `: the id carries its ${importId.join(" and ")}, which the platform reads it under; the state keeps its own id.` : ".");
  const notes = platformNotes(realPlatform, kind);
  return [
    GENERATED("provider/resources, the walk rows of tests/e2e/walk-table.ts and docs/real-platform.md", command),
    `# ${kind}`,
    "",
    def.description,
    "",
    `Type token \`pulumi-nodejs:dynamic/xads:${kind}\`; in TypeScript \`new xads.${kind}(name, args, opts?)\`. Through the [provider plugin](../plugin.md) (YAML, Python, Go, \`pulumi-xads/native\`): \`${pluginTypeToken(kind)}\`.`,
    "",
    "## Example",
    "",
    `The program of this kind's row in the e2e walk (\`tests/e2e/walk-table.ts\`), which a real \`pulumi up\` runs against the emulator, then the same values in each language of the plugin${given.length > 0 ? ` (there, ${given.map((g) => `\`${g}\``).join(" and ")} ${given.length > 1 ? "are" : "is"} stack config)` : ""}. The docs tests check each: the TypeScript and Go compile (the Go on the generated Go SDK), the YAML's properties are the schema's inputs, and the Python type-checks and runs through Pulumi's mocks on the generated Python SDK.`,
    "",
    "### TypeScript",
    "",
    ...(given.length > 0 ? [`<!-- ts-given: ${given.map((g) => `${g}: string`).join("; ")} -->`] : []),
    "```ts",
    code,
    "```",
    "",
    "### YAML",
    "",
    "```yaml",
    yamlProgram(kind),
    "```",
    "",
    "### Python",
    "",
    "```python",
    pythonProgram(kind),
    "```",
    "",
    "### Go",
    "",
    "```go",
    goProgram(kind, (k) => resources[pluginTypeToken(k)]!.inputProperties, (packageSchema(version).language as { go: { importBasePath: string } }).go.importBasePath),
    "```",
    "",
    "## Inputs",
    "",
    "Every input is also an output. Amounts are in micros of the funding instrument's currency.",
    "",
    "| input | type | what it is | limits | description |",
    "|---|---|---|---|---|",
    ...inputs,
    "",
    "## Outputs",
    "",
    ...(outputs.length > 0
      ? ["Besides the inputs:", "", "| output | type | description |", "|---|---|---|", ...outputs]
      : ["The inputs, as the platform holds them; nothing else."]),
    "",
    "## Import",
    "",
    ...(adoptable
      ? [
        `Pulumi cannot import dynamic resources: declare the live entity with \`adoptId: "<id>"\` and the values it has. The create reads it and takes it over without a write, or the preview names each field that differs (see [adopting live entities](../resources-guide.md#adopting-live-entities)).`,
        ...(imported ? ["", `\`xads import --account <id>\` writes such declarations for the account's live ${kind} entities ([gitops.md](../gitops.md#xads-import---account-id)).`] : []),
        ...(RESOURCES[kind].notImported ? ["", `\`xads import\` does not write them: ${RESOURCES[kind].notImported}.`] : []),
        "",
        pluginImport,
      ]
      : ["No `adoptId`: " + (["AccountFeatures", "TaxSettings", "UserSettings"].includes(kind)
        ? "the record always exists, and create takes over what the account has."
        : kind === "SandboxAccount"
          ? "a sandbox account is created by its program."
          : "the platform cannot read the users of a list back; a create uploads the declared users (uploads are idempotent).")]),
    "",
    "## Real platform",
    "",
    ...(notes.length > 0
      ? ["Where today's platform differs from the documents this provider was built from ([real-platform.md](../real-platform.md)):", "",
        "| resource | today's platform, where it differs | what the provider does |", "|---|---|---|", ...notes]
      : ["No difference known from the documents this provider was built from ([real-platform.md](../real-platform.md))."]),
    "",
  ].join("\n");
}

/** docs/resources/README.md: every kind with its page. */
export function renderResourceIndex(command: string): string {
  return [
    GENERATED("provider/resources", command),
    "# Resources",
    "",
    "One page per resource kind: an example, every input with its type and limits, every output, adoption and the real platform's notes. How they work together is in [resources-guide.md](../resources-guide.md); the data sources are in [data-sources/](../data-sources/README.md).",
    "",
    "| resource | what it is |",
    "|---|---|",
    ...KINDS.map((kind) => `| [\`${kind}\`](${kind}.md) | ${cell(RESOURCES[kind].description)} |`),
    "",
  ].join("\n");
}

/** The data sources the SDK exports, in the order the index lists them. */
export const DATA_SOURCE_NAMES = Object.keys(DATA_SOURCES) as (keyof typeof DATA_SOURCES)[];

/** docs/data-sources/<name>.md: one `get*` function of the SDK. */
export function renderDataSourcePage(name: keyof typeof DATA_SOURCES, command: string): string {
  const d: DataSourceDoc = DATA_SOURCES[name];
  return [
    GENERATED("provider/data-sources-table.ts", command),
    `# ${name}`,
    "",
    d.summary,
    "",
    `Reads \`${d.endpoint}\`. Returns \`${d.returns}\`. It reads the provider's configuration (\`xads:*\` stack settings, or the \`XADS_*\` variables); \`accountId\` defaults to \`xads:accountId\`. [All data sources](README.md).`,
    "",
    "## Arguments",
    "",
    ...(d.args.length > 0
      ? ["| argument | type | what it is | limits |", "|---|---|---|---|",
        ...d.args.map((a) => `| \`${a.name}\` | ${cell(`\`${a.type}\``)} | ${cell(a.description)} | ${cell(a.limits ?? "")} |`)]
      : ["No arguments."]),
    ...(d.example ? ["", "## Example", "", ...(d.given ? [`<!-- ts-given: ${d.given} -->`] : []), "```ts", d.example, "```"] : []),
    "",
  ].join("\n");
}

/** docs/data-sources/README.md: every `get*` function of the SDK, each with its page. */
export function renderDataSourceIndex(command: string): string {
  return [
    GENERATED("provider/data-sources-table.ts", command),
    "# Data sources",
    "",
    "Functions of the SDK that read the platform while the program runs (in preview too): each returns a promise. They read the provider's configuration (`xads:*` stack settings, or the `XADS_*` variables); `accountId` defaults to `xads:accountId`. Arguments are checked before any request: a bad one fails with the argument, its problem and its limit. One page per function: its arguments with their limits, the endpoint it reads, and an example.",
    "",
    "| data source | what it answers |",
    "|---|---|",
    ...DATA_SOURCE_NAMES.map((n) => `| [\`${n}\`](${n}.md) | ${cell(DATA_SOURCES[n].summary.split(/(?<=\.)\s/)[0]!)} |`),
    "",
  ].join("\n");
}
