/**
 * Every resource page (docs/resources/<Kind>.md) shows its example in
 * TypeScript, YAML, Python and Go, each of the same walk row
 * (tools/example-programs.ts). Without a network or an SDK: the YAML is
 * parsed and each resource checked against schema.json (its type token, its
 * properties the token's inputs, of their types, every required one given)
 * and against the walk row's values; the Python compiles (python3
 * py_compile). The TypeScript compiles in docs-compile.test.ts; the Python is
 * type-checked against the generated SDK in tests/integration/python-sdk.test.ts
 * and the Go compiled on the generated SDK in tests/integration/go-sdk.test.ts.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pluginTypeToken } from "../../provider/resources";
import { exampleModel } from "../../tools/example-programs";
import { EXAMPLE_LANGUAGES, KINDS, pageBlocks, ROOT } from "../doc-blocks";
import { requireTool } from "../required-tools";

// js-yaml: the YAML parser @pulumi/pulumi itself depends on (a devDependency here, pinned to the same version).
const { load } = require("js-yaml") as { load(text: string): unknown };

type JsonSchema = Record<string, unknown>;
const schema = JSON.parse(readFileSync(join(ROOT, "schema.json"), "utf8")) as {
  resources: Record<string, { inputProperties: Record<string, JsonSchema>; requiredInputs: string[] }>;
};

interface YamlProgram {
  name?: string;
  runtime?: string;
  config?: Record<string, { type?: string }>;
  resources?: Record<string, { type?: string; properties?: Record<string, unknown> }>;
  outputs?: Record<string, unknown>;
}

const REFERENCE = /^\$\{([A-Za-z][\w-]*)(\.id)?\}$/;

/** Where a value does not fit its schema property: JSON Schema's types as Pulumi's schema has them (Any takes anything). */
function mismatches(value: unknown, p: JsonSchema, path: string, refs: { resources: string[]; config: string[] }): string[] {
  if (typeof value === "string") {
    const ref = REFERENCE.exec(value);
    if (ref) {
      const known = ref[2] ? refs.resources : refs.config;
      if (!known.includes(ref[1]!)) return [`${path}: ${value} names no ${ref[2] ? "resource" : "config"} of the program`];
      return p.type === "string" || p.$ref !== undefined ? [] : [`${path}: a reference where the schema has ${String(p.type)}`];
    }
  }
  if (p.$ref === "pulumi.json#/Any") return [];
  switch (p.type) {
    case "string":
      return typeof value === "string" && (!Array.isArray(p.enum) || p.enum.includes(value)) ? [] : [`${path}: ${JSON.stringify(value)} is not a string of the schema`];
    case "integer":
      return Number.isInteger(value) ? [] : [`${path}: ${JSON.stringify(value)} is not an integer`];
    case "number":
      return typeof value === "number" ? [] : [`${path}: ${JSON.stringify(value)} is not a number`];
    case "boolean":
      return typeof value === "boolean" ? [] : [`${path}: ${JSON.stringify(value)} is not a boolean`];
    case "array":
      return Array.isArray(value) ? value.flatMap((v, i) => mismatches(v, p.items as JsonSchema, `${path}[${i}]`, refs)) : [`${path}: not an array`];
  }
  return [`${path}: the schema's ${JSON.stringify(p)} is not checked here`];
}

/** What is wrong with a YAML program against schema.json: empty when every resource is one of its types with its inputs. */
function yamlProblems(program: YamlProgram): string[] {
  const resources = program.resources ?? {};
  const refs = { resources: Object.keys(resources), config: Object.keys(program.config ?? {}) };
  const problems: string[] = [];
  if (program.runtime !== "yaml") problems.push(`runtime ${String(program.runtime)}, not yaml`);
  for (const [name, c] of Object.entries(program.config ?? {})) if (c.type !== "string") problems.push(`config ${name}: type ${String(c.type)}`);
  for (const [name, r] of Object.entries(resources)) {
    const type = schema.resources[r.type ?? ""];
    if (!type) {
      problems.push(`${name}: type ${String(r.type)} is no resource of schema.json`);
      continue;
    }
    const properties = r.properties ?? {};
    for (const [key, value] of Object.entries(properties)) {
      const p = type.inputProperties[key];
      problems.push(...(p ? mismatches(value, p, `${name}.${key}`, refs) : [`${name}.${key}: no input of ${r.type}`]));
    }
    for (const required of type.requiredInputs) if (!(required in properties)) problems.push(`${name}: the required input ${required} is missing`);
  }
  for (const [key, value] of Object.entries(program.outputs ?? {})) problems.push(...mismatches(value, { type: "string" }, `outputs.${key}`, refs));
  return problems;
}

describe("the examples of the resource pages", () => {
  test.each(KINDS)("%s's page has one example in each language", (kind) => {
    expect(Object.fromEntries(EXAMPLE_LANGUAGES.map((lang) => [lang, pageBlocks(kind, lang).length]))).toEqual({ ts: 1, yaml: 1, python: 1, go: 1 });
  });

  test.each(KINDS)("%s's YAML declares the schema's types with their inputs, the walk row's values", (kind) => {
    const program = load(pageBlocks(kind, "yaml")[0]!.code) as YamlProgram;
    expect(yamlProblems(program)).toEqual([]);
    // One source of values: the resources are the walk row's declarations, as the TypeScript example has them.
    const model = exampleModel(kind);
    expect(program.resources).toEqual(Object.fromEntries(model.declarations.map((d) => [d.name, { type: pluginTypeToken(d.kind), properties: d.args }])));
    expect(Object.keys(program.config ?? {})).toEqual(model.given);
  });

  test("the YAML check finds an unknown type, an unknown or mistyped input, a missing required one and a dangling reference", () => {
    const program: YamlProgram = {
      runtime: "yaml",
      resources: {
        a: { type: "xads:index:Nope" },
        b: { type: "xads:index:Campaign", properties: { name: 3, budget: 1, dailyBudgetAmountLocalMicro: "${c.id}" } },
      },
    };
    expect(yamlProblems(program)).toEqual([
      "a: type xads:index:Nope is no resource of schema.json",
      "b.name: 3 is not a string of the schema",
      "b.budget: no input of xads:index:Campaign",
      "b.dailyBudgetAmountLocalMicro: ${c.id} names no resource of the program",
      "b: the required input fundingInstrumentId is missing",
    ]);
  });
});

// Without python3: skipped with a warning, or under CI a failure with the install line (tests/required-tools.ts).
if (requireTool("python3", "docs-examples.test.ts", "the pages' Python examples are compiled by python3")) {
  test("each page's Python compiles (python3 -m py_compile)", () => {
    const dir = join(ROOT, ".work", "doc-examples-py-compile");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = KINDS.map((kind) => {
      const file = join(dir, `${kind}.py`);
      writeFileSync(file, `${pageBlocks(kind, "python")[0]?.code ?? ""}\n`);
      return file;
    });
    // One python3 for every page; a syntax error names the file (the kind's) and its line.
    const r = spawnSync("python3", ["-m", "py_compile", ...files], { encoding: "utf8" });
    expect({ status: r.status, output: r.stderr }).toEqual({ status: 0, output: "" });
  });
}
