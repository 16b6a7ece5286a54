/**
 * A resource page's example in each language a program is written in: the
 * same declarations (the walk row's values, tools/resource-examples.ts, and
 * the support resources they refer to) rendered as TypeScript (the dynamic
 * SDK, which the e2e walk runs), and as a YAML, Python and Go program of the
 * provider plugin (type tokens `xads:index:<Kind>`, the schema's property
 * names; the Python and Go SDKs generated from schema.json). A string
 * `${name.id}` is the resource `name`'s id, `${given}` a string the program is
 * given (stack config in YAML, Python and Go; a declared name in TypeScript).
 * Pure: the docs tests compile what these write (tests/unit/docs-examples.test.ts,
 * tests/integration/python-sdk.test.ts, go-sdk.test.ts).
 */
import { pluginTypeToken, ResourceKind } from "../provider/resources";
import { Example, examples, supportResources } from "./resource-examples";

type JsonSchema = Record<string, unknown>;

/** One resource of an example program. */
export interface Declaration {
  kind: ResourceKind;
  name: string;
  args: Record<string, unknown>;
}

/** An example program: the resources it declares, in order (the kind's own last), and the names it is given. */
export interface ExampleModel {
  declarations: Declaration[];
  given: string[];
}

const REFERENCE = /^\$\{([A-Za-z]\w*)(\.id)?\}$/;

/** A whole-string reference: to a resource's id, or to a name the program is given. */
function referenceOf(value: string): { name: string; id: boolean } | undefined {
  const m = REFERENCE.exec(value);
  if (m) return { name: m[1]!, id: m[2] !== undefined };
  // A reference inside a longer string would be interpolated by YAML and nothing else: none is written so.
  if (value.includes("${")) throw new Error(`an example's string ${JSON.stringify(value)} holds a reference that is not the whole string`);
  return undefined;
}

/** The names an example's arguments refer to: resources (`x.id`) and given names. */
function referencesOf(args: unknown): { resources: string[]; given: string[] } {
  const text = JSON.stringify(args);
  const all = [...text.matchAll(/\$\{([A-Za-z]\w*)(\.id)?\}/g)];
  return {
    resources: [...new Set(all.filter((m) => m[2]).map((m) => m[1]!))],
    given: [...new Set(all.filter((m) => !m[2]).map((m) => m[1]!))],
  };
}

/** A kind's example: the support resources it refers to (and theirs), in the walk's order, then its own. */
export function exampleModel(kind: ResourceKind, example: Example = examples()[kind]): ExampleModel {
  const prerequisites = supportResources();
  const needed = new Set<string>();
  const given = new Set<string>();
  const visit = (args: unknown) => {
    const refs = referencesOf(args);
    refs.given.forEach((g) => given.add(g));
    for (const name of refs.resources) {
      if (needed.has(name)) continue;
      const support = prerequisites.find((s) => s.name === name);
      if (!support) throw new Error(`the example of ${kind} refers to ${name}, which is not among the walk's support resources (tests/e2e/walk-table.ts support)`);
      needed.add(name);
      visit(support.args);
    }
  };
  visit(example.args);
  return {
    declarations: [...prerequisites.filter((s) => needed.has(s.name)), { kind, name: example.name, args: example.args }],
    given: [...given],
  };
}

/** The example's own resource: the last declared. */
const own = (model: ExampleModel) => model.declarations[model.declarations.length - 1]!;

/** The output every example exports: its resource's id. */
const outputName = (model: ExampleModel) => `${own(model).name}Id`;

/** A large integer with `_` between thousands (TypeScript, Python and Go all read it). */
function integer(value: number): string {
  return Number.isSafeInteger(value) && Math.abs(value) >= 10_000 ? value.toLocaleString("en-US").replace(/,/g, "_") : String(value);
}

// --------------------------------------------------------- TypeScript ---

/** A value as TypeScript source. */
export function literal(value: unknown, indent = ""): string {
  if (typeof value === "string") {
    const ref = referenceOf(value);
    return ref ? `${ref.name}${ref.id ? ".id" : ""}` : JSON.stringify(value);
  }
  if (typeof value === "number") return integer(value);
  if (Array.isArray(value)) {
    const flat = `[${value.map((v) => literal(v)).join(", ")}]`;
    if (flat.length + indent.length <= 100) return flat;
    return `[\n${value.map((v) => `${indent}  ${literal(v, `${indent}  `)},`).join("\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    const flat = `{ ${entries.map(([k, v]) => `${k}: ${literal(v)}`).join(", ")} }`;
    if (flat.length + indent.length <= 100) return flat;
    return `{\n${entries.map(([k, v]) => `${indent}  ${k}: ${literal(v, `${indent}  `)},`).join("\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** The TypeScript program (the dynamic SDK, `xads` imported by the page's reader) and the names it takes as given. */
export function exampleProgram(kind: ResourceKind, example?: Example): { code: string; given: string[] } {
  const model = exampleModel(kind, example);
  const lines = [
    ...model.declarations.map((d) => `const ${d.name} = new xads.${d.kind}(${JSON.stringify(d.name)}, ${literal(d.args)});`),
    "",
    `export const ${outputName(model)} = ${own(model).name}.id;`,
  ];
  return { code: lines.join("\n"), given: model.given };
}

// --------------------------------------------------------------- YAML ---

/** YAML 1.1 reads these plain words as booleans or null (Pulumi YAML's parser among them): quoted. */
const YAML_WORDS = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;

/** A string as a YAML scalar: plain when it is a word or a reference, else double-quoted (JSON's quoting is YAML's). */
function yamlString(value: string): string {
  if (referenceOf(value) !== undefined) return value;
  return /^[A-Za-z][A-Za-z0-9_ .-]*$/.test(value) && !/[ .]$/.test(value) && !YAML_WORDS.test(value) ? value : JSON.stringify(value);
}

/** A mapping's entries as YAML block lines at `indent`. */
function yamlEntries(entries: [string, unknown][], indent: string): string[] {
  return entries.flatMap(([key, value]) => {
    const scalar = yamlScalar(value);
    return scalar !== undefined ? [`${indent}${key}: ${scalar}`] : [`${indent}${key}:`, ...yamlBlock(value, `${indent}  `)];
  });
}

function yamlScalar(value: unknown): string | undefined {
  if (typeof value === "string") return yamlString(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  return undefined;
}

/** An array or object as YAML block lines at `indent`. */
function yamlBlock(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      const scalar = yamlScalar(item);
      if (scalar !== undefined) return [`${indent}- ${scalar}`];
      // An item's first line goes after its dash, the rest two columns in.
      const [first, ...rest] = yamlBlock(item, `${indent}  `);
      return [`${indent}- ${first!.slice(indent.length + 2)}`, ...rest];
    });
  }
  return yamlEntries(Object.entries(value as Record<string, unknown>), indent);
}

/** The YAML program (a whole Pulumi.yaml): the given names as string config, the resources by their plugin tokens. */
export function yamlProgram(kind: ResourceKind, example?: Example): string {
  const model = exampleModel(kind, example);
  return [
    `name: xads-${kind.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}`,
    "runtime: yaml",
    ...(model.given.length > 0 ? ["config:", ...model.given.flatMap((g) => [`  ${g}:`, "    type: string"])] : []),
    "resources:",
    ...model.declarations.flatMap((d) => [`  ${d.name}:`, `    type: ${pluginTypeToken(d.kind)}`, "    properties:", ...yamlEntries(Object.entries(d.args), "      ")]),
    "outputs:",
    `  ${outputName(model)}: \${${own(model).name}.id}`,
  ].join("\n");
}

// ------------------------------------------------------------- Python ---

/** A schema name in snake_case, as Pulumi's Python codegen names arguments (and as a program names its variables). */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z])([A-Z][a-z])/g, "$1_$2").toLowerCase();
}

/** A value as Python source: an object (an input of pulumi's Any type) keeps the schema's camelCase keys. */
function python(value: unknown, indent: string): string {
  if (typeof value === "string") {
    const ref = referenceOf(value);
    return ref ? `${snakeCase(ref.name)}${ref.id ? ".id" : ""}` : JSON.stringify(value);
  }
  if (typeof value === "number") return integer(value);
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null || value === undefined) return "None";
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    const flat = `[${value.map((v) => python(v, inner)).join(", ")}]`;
    if (!flat.includes("\n") && flat.length + indent.length <= 100) return flat;
    return `[\n${value.map((v) => `${inner}${python(v, inner)},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const flat = `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${python(v, inner)}`).join(", ")}}`;
  if (!flat.includes("\n") && flat.length + indent.length <= 100) return flat;
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${python(v, inner)},`).join("\n")}\n${indent}}`;
}

/** The Python program (`pulumi_xads`, the SDK generated from schema.json): keyword arguments in snake_case. */
export function pythonProgram(kind: ResourceKind, example?: Example): string {
  const model = exampleModel(kind, example);
  const declare = (d: Declaration) => {
    const args = [JSON.stringify(d.name), ...Object.entries(d.args).map(([k, v]) => `${snakeCase(k)}=${python(v, "    ")}`)];
    const flat = `${snakeCase(d.name)} = xads.${d.kind}(${args.join(", ")})`;
    return !flat.includes("\n") && flat.length <= 100 ? flat : `${snakeCase(d.name)} = xads.${d.kind}(\n${args.map((a) => `    ${a},`).join("\n")}\n)`;
  };
  return [
    "import pulumi",
    "import pulumi_xads as xads",
    "",
    ...(model.given.length > 0 ? ["config = pulumi.Config()", ...model.given.map((g) => `${snakeCase(g)} = config.require(${JSON.stringify(g)})`), ""] : []),
    ...model.declarations.map(declare),
    "",
    `pulumi.export(${JSON.stringify(outputName(model))}, ${snakeCase(own(model).name)}.id)`,
  ].join("\n");
}

// ----------------------------------------------------------------- Go ---

/** The inputs of each kind as schema.json declares them (their Pulumi types choose the Go SDK's input types). */
export type InputsOf = (kind: ResourceKind) => Record<string, JsonSchema>;

const ANY = "pulumi.json#/Any";

/** The Go SDK's field of a schema property: the name with its first letter upper-cased (Pulumi's Go codegen). */
const goField = (name: string) => name[0]!.toUpperCase() + name.slice(1);

/** A composite literal `type{...}`: on one line when every element is and it fits, else one element a line, keys aligned as gofmt aligns them. */
function goComposite(type: string, elements: { key?: string; value: string }[], indent: string, multiline = false): string {
  const one = (e: { key?: string; value: string }) => (e.key === undefined ? e.value : `${e.key}: ${e.value}`);
  const flat = `${type}{${elements.map(one).join(", ")}}`;
  if (!multiline && !flat.includes("\n") && indent.length * 4 + flat.length <= 100) return flat;
  // gofmt aligns the values of consecutive one-line key: value elements; an element over several lines stands alone.
  const lines: string[] = [];
  let run: { key: string; value: string }[] = [];
  const flush = () => {
    const width = Math.max(...run.map((e) => e.key.length));
    lines.push(...run.map((e) => `${indent}\t${`${e.key}:`.padEnd(width + 2)}${e.value},`));
    run = [];
  };
  for (const e of elements) {
    if (e.key !== undefined && !e.value.includes("\n")) {
      run.push({ key: e.key, value: e.value });
      continue;
    }
    if (run.length > 0) flush();
    lines.push(`${indent}\t${one(e)},`);
  }
  if (run.length > 0) flush();
  return `${type}{\n${lines.join("\n")}\n${indent}}`;
}

/** A reference as Go: a resource's id (an IDOutput, a StringInput), or a given string. */
const goReference = (ref: { name: string; id: boolean }) => (ref.id ? `${ref.name}.ID()` : `pulumi.String(${ref.name})`);

/** A value of an input of Pulumi's Any type: maps and arrays of inputs. */
function goAny(value: unknown, indent: string): string {
  const inner = `${indent}\t`;
  if (typeof value === "string") {
    const ref = referenceOf(value);
    return ref ? goReference(ref) : `pulumi.String(${JSON.stringify(value)})`;
  }
  if (typeof value === "number") return Number.isInteger(value) ? `pulumi.Int(${integer(value)})` : `pulumi.Float64(${value})`;
  if (typeof value === "boolean") return `pulumi.Bool(${value})`;
  if (Array.isArray(value)) {
    const strings = value.every((v) => typeof v === "string");
    return goComposite(strings ? "pulumi.StringArray" : "pulumi.Array", value.map((v) => ({ value: goAny(v, inner) })), indent);
  }
  if (value !== null && typeof value === "object") {
    return goComposite("pulumi.Map", Object.entries(value).map(([k, v]) => ({ key: JSON.stringify(k), value: goAny(v, inner) })), indent);
  }
  throw new Error(`an example's value ${JSON.stringify(value)} has no Go input`);
}

/** The Go array type of a schema array's items. */
function goArrayType(items: JsonSchema): string {
  if (items.$ref === ANY) return "pulumi.Array";
  const element = { string: "String", integer: "Int", number: "Float64", boolean: "Bool" }[items.type as string];
  if (element) return `pulumi.${element}Array`;
  if (items.type === "array" && (items.items as JsonSchema | undefined)?.$ref === ANY) return "pulumi.ArrayArray";
  throw new Error(`no Go array type for items ${JSON.stringify(items)}`);
}

/** A value as the Go SDK's input of its schema property. */
function goValue(value: unknown, schema: JsonSchema, indent: string): string {
  if (typeof value === "string") {
    const ref = referenceOf(value);
    if (ref) return goReference(ref);
  }
  if (schema.$ref === ANY) return goAny(value, indent);
  switch (schema.type) {
    case "string":
      return `pulumi.String(${JSON.stringify(value)})`;
    case "integer":
      return `pulumi.Int(${integer(value as number)})`;
    case "number":
      return `pulumi.Float64(${String(value)})`;
    case "boolean":
      return `pulumi.Bool(${String(value)})`;
    case "array": {
      const items = schema.items as JsonSchema;
      return goComposite(goArrayType(items), (value as unknown[]).map((v) => ({ value: goValue(v, items, `${indent}\t`) })), indent);
    }
  }
  throw new Error(`no Go input for ${JSON.stringify(value)} of schema ${JSON.stringify(schema)}`);
}

/** Names a Go example cannot give a variable: its imports and its own. */
const GO_TAKEN = new Set(["ctx", "err", "pulumi", "config", "xads", "main"]);

/**
 * The Go program (package main, the SDK generated from schema.json, imported
 * from `importPath`): `xads.New<Kind>(ctx, name, &xads.<Kind>Args{...})`,
 * gofmt's layout.
 */
export function goProgram(kind: ResourceKind, inputsOf: InputsOf, importPath: string, example?: Example): string {
  const model = exampleModel(kind, example);
  for (const name of [...model.given, ...model.declarations.map((d) => d.name)]) {
    if (GO_TAKEN.has(name)) throw new Error(`the example of ${kind} names a variable ${name}, which its Go program uses otherwise`);
  }
  const declare = (d: Declaration) => {
    const inputs = inputsOf(d.kind);
    const fields = Object.entries(d.args).map(([k, v]) => {
      if (!inputs[k]) throw new Error(`the example of ${kind}: ${d.kind} has no input ${k} in schema.json`);
      return { key: goField(k), value: goValue(v, inputs[k]!, "\t\t\t") };
    });
    return [
      `\t\t${d.name}, err := xads.New${d.kind}(ctx, ${JSON.stringify(d.name)}, &${goComposite(`xads.${d.kind}Args`, fields, "\t\t", true)})`,
      "\t\tif err != nil {",
      "\t\t\treturn err",
      "\t\t}",
    ];
  };
  return [
    "package main",
    "",
    "import (",
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ...(model.given.length > 0 ? ['\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"'] : []),
    "",
    `\t${JSON.stringify(importPath)}`,
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
    ...model.given.map((g) => `\t\t${g} := config.Require(ctx, ${JSON.stringify(g)})`),
    ...model.declarations.flatMap(declare),
    `\t\tctx.Export(${JSON.stringify(outputName(model))}, ${own(model).name}.ID())`,
    "\t\treturn nil",
    "\t})",
    "}",
  ].join("\n");
}
