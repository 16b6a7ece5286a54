/**
 * The Pulumi package schema of every resource, made from the zod schemas of
 * the registry: inputs, outputs, which inputs force replacement and which
 * values are secret. `npm run generate` writes it to schema.json; a unit
 * test fails when the committed file is stale.
 */
import { z } from "zod";
import { pluginFunctionToken, pluginTypeToken, RESOURCES, typeToken } from "./resources";
import { SETTINGS } from "./config";
import { metaOf } from "./resources/fields";
import { DATA_SOURCES, DataSourceDoc } from "./data-sources-table";

type JsonSchema = Record<string, unknown>;

/** What a create-only input's description says of it, written here from the declaration (never typed beside a field). */
export const CREATE_ONLY_NOTE = "Create-only.";

/** A field's JSON Schema as zod writes it (its type, limits and description): what the reference pages read. */
export function fieldJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete json.$schema;
  return json;
}

const ANY = { $ref: "pulumi.json#/Any" };

/**
 * A JSON Schema as a Pulumi type, which SDK generators (tools/pysdk) bind:
 * Pulumi's type system has primitives, arrays and maps inline, but no inline
 * object with named fields, no union of objects and no local `$defs`, so
 * such a value is Any there (its shape is in the field's description and
 * reference page; the provider validates it). Limits (pattern, minLength...)
 * stay: Pulumi ignores them.
 */
function pulumiType(json: JsonSchema): JsonSchema {
  const { $defs: _defs, propertyNames: _names, ...rest } = json;
  const keep = (({ description, default: dflt }) => ({ ...(description !== undefined ? { description } : {}), ...(dflt !== undefined ? { default: dflt } : {}) }))(rest);
  if (rest.$ref !== undefined || rest.oneOf !== undefined || rest.anyOf !== undefined) return { ...keep, ...ANY };
  if (rest.type === "array") return { ...rest, items: pulumiType((rest.items ?? {}) as JsonSchema) };
  if (rest.type === "object") {
    const values = rest.additionalProperties;
    if (rest.properties !== undefined || typeof values !== "object" || values === null) return { ...keep, ...ANY };
    return { ...rest, additionalProperties: pulumiType(values as JsonSchema) };
  }
  if (rest.type === undefined) return { ...keep, ...ANY };
  return rest;
}

function property(schema: z.ZodType, replaceOnChanges: boolean): JsonSchema {
  const json = pulumiType(fieldJsonSchema(schema));
  const described = typeof json.description === "string" ? json.description : undefined;
  return {
    ...json,
    ...(replaceOnChanges ? { description: described ? `${described} ${CREATE_ONLY_NOTE}` : CREATE_ONLY_NOTE, replaceOnChanges: true } : {}),
    ...(metaOf(schema).secret ? { secret: true } : {}),
  };
}

/** The type of a data source's argument, from the TypeScript type its docs entry names (a type of the SDK's own is Any). */
function argType(type: string): JsonSchema {
  const scalar = (t: string): JsonSchema => (["string", "number", "boolean"].includes(t) ? { type: t } : /^"/.test(t) ? { type: "string" } : ANY);
  return type.endsWith("[]") ? { type: "array", items: scalar(type.slice(0, -2)) } : scalar(type);
}

/**
 * The data sources as functions `xads:index:<name>` (the plugin's Invoke
 * runs the SDK's own): inputs from their docs entries (./data-sources-table.ts),
 * and one output, `result`, the SDK function's answer (a list or an object).
 */
export function functionSchemas(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, doc] of Object.entries(DATA_SOURCES) as [string, DataSourceDoc][]) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const arg of doc.args) {
      const argName = arg.name.replace(/\?$/, "");
      properties[argName] = { ...argType(arg.type), description: arg.limits ? `${arg.description} ${arg.limits}.` : arg.description };
      if (!arg.name.endsWith("?")) required.push(argName);
    }
    // An answer is an object (or a list of them) whose fields a program reads by name: a map of Any, as the SDK's types are not in the schema.
    const object: JsonSchema = { type: "object", additionalProperties: ANY };
    const result: JsonSchema = doc.returns.endsWith("[]") ? { type: "array", items: object } : object;
    out[pluginFunctionToken(name)] = {
      description: `${doc.summary} (${doc.endpoint}.)`,
      inputs: { properties, ...(required.length ? { required } : {}) },
      outputs: { properties: { result: { ...result, description: `What ${name} answers: ${doc.returns}.` } }, required: ["result"] },
    };
  }
  return out;
}

/**
 * The pulumi Python SDK releases pulumi_xads asks for: the ones it is tested
 * with (3.259.x, the CLI tools/pulumi builds and tests/python/requirements.txt
 * pins). ">=3.231.0,<4" (codegen/python's MinimumValidSDKVersion) let pip
 * pick the newest pulumi, one this package was never run with.
 */
export const PYTHON_PULUMI = ">=3.259.0,<3.260.0";

/**
 * What Pulumi's Python codegen (tools/pysdk) needs beyond the types: the
 * package's name, the version written into it (the schema's, not 0.0.0), a
 * pyproject.toml, and the pulumi Python SDK it depends on (PYTHON_PULUMI).
 */
const PYTHON = {
  packageName: "pulumi_xads",
  respectSchemaVersion: true,
  pyproject: { enabled: true },
  requires: { pulumi: PYTHON_PULUMI },
  readme: "Python SDK of pulumi-xads: the Ads API's campaigns, line items, cards, audiences and the rest as Pulumi resources of the pulumi-resource-xads provider plugin. Generated from its schema.json.",
};

/**
 * What Pulumi's Go codegen (tools/gosdk) needs: the import path of the
 * package (pulumi-xads/sdk/go/xads, in the module pulumi-xads/sdk whose root
 * holds go/, as a Pulumi provider's sdk folder does: the Go language host
 * finds pulumi-plugin.json there) and the version written into it (the
 * schema's, not the module's).
 */
const GO = {
  importBasePath: "pulumi-xads/sdk/go/xads",
  respectSchemaVersion: true,
};

/**
 * What Pulumi's Node.js program codegen (pkg/v3 codegen/nodejs, which writes
 * the TypeScript of `pulumi import` and `pulumi convert`) imports the
 * resources from: the package's plugin-backed SDK, whose classes are the
 * schema's resources under the same names and properties
 * (`import * as xads from "pulumi-xads/native"`), instead of
 * `@pulumi/xads`.
 */
const NODEJS = { packageName: "pulumi-xads/native" };

/**
 * The package's schema at `version`; with `pluginDownloadURL` (package.json's
 * `pulumi.server`), where the CLI downloads the plugin for a program whose
 * SDK registers it (the Python SDK's generated defaults, pulumi-xads/native)
 * and `pulumi plugin install` finds it.
 */
export function packageSchema(version: string, pluginDownloadURL?: string): JsonSchema {
  const resources: Record<string, JsonSchema> = {};
  for (const [kind, def] of Object.entries(RESOURCES)) {
    const shape = (def.inputs as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    const inputProperties: Record<string, JsonSchema> = {};
    const requiredInputs: string[] = [];
    for (const [name, s] of Object.entries(shape)) {
      inputProperties[name] = property(s, def.createOnly.includes(name));
      if (!s.safeParse(undefined).success && name !== "accountId") requiredInputs.push(name);
    }
    const properties: Record<string, JsonSchema> = { ...inputProperties };
    for (const [name, s] of Object.entries(def.outputs)) properties[name] = property(s, false);
    resources[pluginTypeToken(kind)] = {
      description: def.description,
      "x-dynamicTypeToken": typeToken(kind),
      inputProperties,
      requiredInputs,
      properties,
    };
  }
  const variables: Record<string, JsonSchema> = {};
  for (const [name, s] of Object.entries(SETTINGS)) {
    variables[name] = {
      type: name === "sandbox" ? "boolean" : name === "requestTimeoutMs" ? "integer" : "string",
      ...(s.secret ? { secret: true } : {}),
      description: `Stack config ${s.key}, or the environment variable ${s.env}.`,
    };
  }
  // The provider's own inputs (an explicit provider resource, or a plugin's default one): the same settings.
  const provider = { description: "The provider's configuration: the same settings as the stack config xads:*.", inputProperties: variables, properties: variables };
  return {
    name: "xads",
    displayName: "Ads API (pulumi-xads)",
    version,
    ...(pluginDownloadURL ? { pluginDownloadURL } : {}),
    description: "Campaigns, line items and the rest of the Ads API as Pulumi resources: dynamic resources in TypeScript programs, or the pulumi-resource-xads provider plugin.",
    config: { variables },
    language: { go: GO, nodejs: NODEJS, python: PYTHON },
    provider,
    resources,
    functions: functionSchemas(),
  };
}

export function renderSchema(version: string, pluginDownloadURL?: string): string {
  return JSON.stringify(packageSchema(version, pluginDownloadURL), null, 2) + "\n";
}
