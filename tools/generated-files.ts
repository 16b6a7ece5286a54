/**
 * The files made from the registry (provider/resources/index.ts), as pure
 * functions of it: schema.json, the SDK classes (sdk/resources.ts and the
 * plugin-backed sdk/native/index.ts), the
 * resource table of docs/resources-guide.md and the reference pages of docs/ (resources and
 * data sources, tools/resource-docs.ts), and the emulator's list of route
 * modules (emulator/routes/index.ts, from the files of that folder).
 * `npm run generate` writes them; a unit test fails while a committed copy
 * differs from what they render.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { definitionOf, pluginTypeToken, RESOURCES, ResourceKind } from "../provider/resources";
import { packageSchema, renderSchema } from "../provider/schema";
import { DATA_SOURCES, DataSourceDoc } from "../provider/data-sources-table";
import * as overrides from "../sdk/overrides";
import { MEMBER_LIST_FIELDS } from "../sdk/program-secrets";
import { DATA_SOURCE_NAMES, renderDataSourceIndex, renderDataSourcePage, renderResourceIndex, renderResourcePage } from "./resource-docs";

export const GENERATE_COMMAND = "npm run generate (or make generate)";

export interface GeneratedFile {
  /** Relative to the repository's root. */
  path: string;
  /** The file's content, from the current one (the resource table's page keeps what lies outside its markers). */
  render(current: string): string;
}

/** The page that holds the table of every kind, between its markers. */
export const RESOURCE_TABLE_PAGE = "docs/resources-guide.md";

/** The page whose table of differences the resource pages quote, each the rows of its kind. */
export const REAL_PLATFORM_PAGE = "docs/real-platform.md";

/** `pluginDownloadURL`: package.json's `pulumi.server` (provider/package-info.ts), written into schema.json. */
export function generatedFiles(version: string, pluginDownloadURL?: string): GeneratedFile[] {
  const realPlatform = () => readFileSync(join(repositoryRoot(), REAL_PLATFORM_PAGE), "utf8");
  return [
    { path: "schema.json", render: () => renderSchema(version, pluginDownloadURL) },
    { path: "sdk/resources.ts", render: () => renderSdk() },
    { path: NATIVE_SDK, render: () => renderNativeSdk(version) },
    { path: RESOURCE_TABLE_PAGE, render: (current) => renderResourceTable(current, version) },
    { path: "docs/resources/README.md", render: () => renderResourceIndex(GENERATE_COMMAND) },
    ...KINDS.map((kind) => ({ path: `docs/resources/${kind}.md`, render: () => renderResourcePage(kind, version, realPlatform(), GENERATE_COMMAND) })),
    { path: "docs/data-sources/README.md", render: () => renderDataSourceIndex(GENERATE_COMMAND) },
    ...DATA_SOURCE_NAMES.map((name) => ({ path: `docs/data-sources/${name}.md`, render: () => renderDataSourcePage(name, GENERATE_COMMAND) })),
    { path: ROUTE_INDEX, render: () => renderRouteIndex(readRouteModules()) },
    { path: CONFORMANCE_README, render: (current) => renderEndpointTables(current) },
  ];
}

/** The repository's root, from tools/ or from its compiled copy in dist/tools/. */
export function repositoryRoot(): string {
  let root = dirname(__dirname);
  while (!existsSync(join(root, "package.json"))) root = dirname(root);
  return root;
}

const KINDS = Object.keys(RESOURCES) as ResourceKind[];

function shapeOf(kind: ResourceKind): Record<string, z.ZodType> {
  return (RESOURCES[kind].inputs as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
}

/** Kinds whose SDK class is hand-written in sdk/overrides.ts: those it exports a class for. */
export function overriddenKinds(): ResourceKind[] {
  return KINDS.filter((kind) => typeof (overrides as Record<string, unknown>)[kind] === "function");
}

// ------------------------------------------------------------------ sdk ---

/** A doc comment, words wrapped to 100 columns. */
function docComment(text: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.replace(/\*\//g, "*\\/").split(/\s+/)) {
    if (line !== "" && 3 + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  lines.push(line);
  return ["/**", ...lines.map((l) => ` * ${l}`), " */"].join("\n");
}

/**
 * The arguments type of a kind, as both SDKs (the dynamic one and
 * `pulumi-xads/native`) declare it: the registry's inputs through
 * sdk/resource.ts's ResourceArgs (UnscopedArgs for a kind outside any
 * account), the fields with a default optional. `optional`: no input is
 * required, so the arguments may be left out.
 */
function argsTypeOf(kind: ResourceKind): { type: string; optional: boolean } {
  const shape = shapeOf(kind);
  // Fields the schema fills in when not given: optional in the arguments.
  const defaulted = Object.entries(shape)
    .filter(([, s]) => {
      const parsed = s.safeParse(undefined);
      return parsed.success && parsed.data !== undefined;
    })
    .map(([name]) => JSON.stringify(name));
  // A kind outside any account (SandboxAccount) takes no accountId; with no required input, no arguments at all.
  const scoped = "accountId" in shape;
  const noneRequired = Object.values(shape).every((s) => s.safeParse(undefined).success);
  return {
    type: `${scoped ? "ResourceArgs" : "UnscopedArgs"}<"${kind}"${defaulted.length > 0 ? `, ${defaulted.join(" | ")}` : ""}>`,
    optional: !scoped && noneRequired,
  };
}

function sdkClass(kind: ResourceKind): string {
  const args = argsTypeOf(kind);
  return [
    `export type ${kind}Args = ${args.type};`,
    docComment(RESOURCES[kind].description),
    `export class ${kind} extends XadsResource {`,
    `  constructor(name: string, args: ${kind}Args${args.optional ? " = {}" : ""}, opts?: pulumi.CustomResourceOptions) {`,
    `    super("${kind}", name, args, opts);`,
    "  }",
    "}",
    `export interface ${kind} extends ResourceOutputs<"${kind}"> {}`,
  ].join("\n");
}

/** sdk/resources.ts: one class per kind, but those sdk/overrides.ts writes by hand. */
export function renderSdk(): string {
  const skipped = overriddenKinds();
  const kinds = KINDS.filter((kind) => !skipped.includes(kind));
  const unscoped = kinds.some((kind) => !("accountId" in shapeOf(kind)));
  const header = [
    docComment(
      "One class per resource kind, generated from the registry (provider/resources/index.ts) by " +
        `tools/generate.ts: do not edit. After a change to the registry, run ${GENERATE_COMMAND}; a unit ` +
        "test fails while this file is stale. Each class is a thin shell: its arguments and outputs are " +
        "the registry's inputs and outputs of its kind, and the provider does the work. The classes " +
        `that need code of their own (${skipped.join(", ")}) are written by hand in ./overrides.ts, ` +
        "skipped here, and re-exported.",
    ),
    'import * as pulumi from "@pulumi/pulumi";',
    `import { ResourceArgs, ResourceOutputs, ${unscoped ? "UnscopedArgs, " : ""}XadsResource } from "./resource";`,
    "",
    'export * from "./overrides";',
  ].join("\n");
  return [header, ...kinds.map(sdkClass)].join("\n\n") + "\n";
}

// ----------------------------------------------------------- native sdk ---

/**
 * The plugin-backed SDK, `pulumi-xads/native`: package.json's `exports`
 * names its compiled file for Node (CommonJS and ESM programs) and
 * TypeScript's node16/nodenext/bundler resolution; native/package.json at the
 * package's root does the same for resolvers that read no `exports`
 * (TypeScript's moduleResolution node). The `exports` map keeps every
 * `dist/` path a require resolved before, with or without its extension,
 * and each folder by its index.js (tests/unit/package-exports.test.ts).
 */
export const NATIVE_SDK = "sdk/native/index.ts";

/** A field's TypeScript type from its type in the schema's provider configuration. */
const SCHEMA_TS_TYPES: Record<string, string> = { string: "string", boolean: "boolean", integer: "number", number: "number" };

const list = (names: readonly string[]) => `[${names.map((n) => JSON.stringify(n)).join(", ")}]`;

function nativeClass(kind: ResourceKind): string {
  const args = argsTypeOf(kind);
  // A kind whose dynamic class is written by hand takes that class's arguments (raw identifiers of a member list).
  const argsType = overriddenKinds().includes(kind) ? `dynamic.${kind}Args` : args.type;
  // A member list's users are hashed in the program and secret, as the dynamic class does (sdk/program-secrets.ts).
  const given = kind in MEMBER_LIST_FIELDS ? `withHashedUsers("${kind}", name, args)` : "args";
  const shape = shapeOf(kind);
  const outputs = RESOURCES[kind].outputs as Record<string, z.ZodType>;
  // The kind's secret fields (the registry's), secret in the state even when the program passes them plain.
  const secret = definitionOf(kind).fields.secret;
  const withSecrets = secret.length > 0 ? `secretOutputs(opts, ${list(secret)})` : "opts";
  // deletionProtection is the engine's protect too, its default included (what check fills in), as in the dynamic SDK.
  const protection = shape.deletionProtection;
  const fallback = protection?.safeParse(undefined).data;
  const options = protection
    ? `protectedAsDeclared(args.deletionProtection${fallback === undefined ? "" : ` ?? ${JSON.stringify(fallback)}`}, ${withSecrets})`
    : withSecrets;
  return [
    `export type ${kind}Args = ${argsType};`,
    docComment(RESOURCES[kind].description),
    `export class ${kind} extends pulumi.CustomResource {`,
    `  constructor(name: string, args: ${kind}Args${args.optional ? " = {}" : ""}, opts?: pulumi.CustomResourceOptions) {`,
    `    super("${pluginTypeToken(kind)}", name, properties(${list(Object.keys(shape))}, ${list(Object.keys(outputs))}, ${given}), withPlugin(${options}));`,
    "  }",
    "}",
    `export interface ${kind} extends ResourceOutputs<"${kind}"> {}`,
  ].join("\n");
}

/** The explicit provider: the schema's provider configuration as its arguments, the secret ones secret. */
function nativeProvider(version: string): string {
  const config = (packageSchema(version).provider as { inputProperties: Record<string, { type: string; secret?: boolean; description: string }> }).inputProperties;
  const secret = Object.keys(config).filter((name) => config[name]!.secret);
  return [
    "/** The configuration of an explicit provider: the settings of the stack config `xads:*`, each optional as there. */",
    "export interface ProviderArgs {",
    ...Object.entries(config).flatMap(([name, p]) => [
      `  /** ${p.description}${p.secret ? " Secret: the state holds it as ciphertext." : ""} */`,
      `  ${name}?: pulumi.Input<${SCHEMA_TS_TYPES[p.type]}>;`,
    ]),
    "}",
    docComment(
      "A provider of package xads (`pulumi:providers:xads`): the plugin pulumi-resource-xads with this configuration. " +
        "A resource given it as its `provider` option is managed with these credentials, in this accountId unless it names its own; " +
        "one per account serves several accounts, or several sets of credentials, in one program.",
    ),
    "export class Provider extends pulumi.ProviderResource {",
    "  constructor(name: string, args: ProviderArgs = {}, opts?: pulumi.ResourceOptions) {",
    `    const secret = ${list(secret)};`,
    '    super("xads", name, secretSettings(args, secret), withPlugin(secretOutputs(opts, secret)));',
    "  }",
    "}",
  ].join("\n");
}

/**
 * A data source as the plugin serves it (its function `xads:index:<name>`,
 * the dynamic SDK's own function run by the plugin with the provider's
 * configuration): the dynamic function's arguments and answer, through the
 * provider of `opts` (the default one without).
 */
function nativeDataSource(name: string, doc: DataSourceDoc): string {
  const optional = doc.args.every((a) => a.name.endsWith("?"));
  return [
    docComment(`${doc.summary} (${doc.endpoint}.) Through the plugin: the provider of \`opts.provider\`, its credentials and account.`),
    `export function ${name}(args: ArgsOf<typeof dynamic.${name}>${optional ? " = {}" : ""}, opts?: pulumi.InvokeOptions): ReturnType<typeof dynamic.${name}> {`,
    `  return invoke("${name}", args, opts);`,
    "}",
  ].join("\n");
}

/** sdk/native/index.ts: a class of every kind, of the plugin's type token, the explicit provider and the data sources. */
export function renderNativeSdk(version: string): string {
  const unscoped = KINDS.some((kind) => !("accountId" in shapeOf(kind)));
  const header = [
    docComment(
      "pulumi-xads/native: the resources of the provider plugin pulumi-resource-xads (`xads:index:<Kind>`) as " +
        "TypeScript classes, `Provider` for explicit providers, and the data sources as the plugin's functions. Generated from the registry " +
        `(provider/resources/index.ts) by tools/generate.ts: do not edit; run ${GENERATE_COMMAND}. ` +
        "The arguments and outputs are the types the dynamic SDK (../resources.ts) derives from the registry; " +
        "the plugin does the work, so this module loads no provider code but the hashing of a member list's users " +
        "(../program-secrets.ts, shared with the dynamic classes, which also keeps secrets out of the SDK's debug log) " +
        "and the package's own package.json (its version and the plugin's download URL). " +
        "docs/plugin.md, " +
        "\"TypeScript through the plugin\", says how the engine finds the plugin.",
    ),
    'import * as pulumi from "@pulumi/pulumi";',
    'import type * as dynamic from "../index";',
    'import { protectedAsDeclared } from "../protection";',
    "// Before any registration: secrets out of the SDK's debug log, and the helpers that keep them secret.",
    'import { secretOutputs, secretSettings, withHashedUsers } from "../program-secrets";',
    'import { packageInfo, pluginDownloadURL } from "../../provider/package-info";',
    `import type { ResourceArgs, ResourceOutputs${unscoped ? ", UnscopedArgs" : ""} } from "../resource";`,
    "",
    "/** Every input and output of the kind registered (unset: undefined), so each is an output of the resource. */",
    "function properties(inputs: readonly string[], outputs: readonly string[], args: object): pulumi.Inputs {",
    "  const given = args as Record<string, unknown>;",
    "  const props: pulumi.Inputs = {};",
    "  for (const key of [...inputs, ...outputs]) props[key] = given[key];",
    "  return props;",
    "}",
    "",
    "/**",
    " * The plugin of this package's version and where the engine downloads it when it is not installed",
    " * (package.json's pulumi.server, schema.json's pluginDownloadURL), on every registration and invoke",
    " * as Pulumi's generated SDKs pass them: a program needs the plugin neither on PATH nor in Pulumi.yaml.",
    " * A program's own options win (a plugins.providers path in Pulumi.yaml wins over both).",
    " */",
    "const PLUGIN = { version: packageInfo().version, pluginDownloadURL: pluginDownloadURL() };",
    "function withPlugin<T extends pulumi.ResourceOptions | pulumi.InvokeOptions>(opts: T | undefined): T {",
    "  return { ...PLUGIN, ...opts } as T;",
    "}",
    "",
    "/** The arguments of a dynamic data source (none: an empty object). */",
    "type ArgsOf<F extends (...args: never[]) => unknown> = Parameters<F> extends [] ? Record<string, never> : NonNullable<Parameters<F>[0]>;",
    "",
    "/** Runs the plugin's function of a data source; its answer is the function's `result` (provider/schema.ts functionSchemas). */",
    "async function invoke<T>(name: string, args: object, opts: pulumi.InvokeOptions | undefined): Promise<T> {",
    '  const answer = await pulumi.runtime.invoke(`xads:index:${name}`, args as pulumi.Inputs, withPlugin(opts));',
    "  return answer.result as T;",
    "}",
  ].join("\n");
  const dataSources = Object.entries(DATA_SOURCES as Record<string, DataSourceDoc>).map(([name, doc]) => nativeDataSource(name, doc));
  return [header, nativeProvider(version), ...KINDS.map(nativeClass), ...dataSources].join("\n\n") + "\n";
}

// -------------------------------------------------------- resource table ---

export const TABLE_START = "<!-- resources:start -->";
export const TABLE_END = "<!-- resources:end -->";

const code = (names: readonly string[]) => (names.length > 0 ? names.map((n) => `\`${n}\``).join(", ") : "(none)");
const cell = (text: string) => text.replace(/\|/g, "\\|");

/** The table of resource kinds: what each is, which inputs replace it, what it outputs. */
export function renderTable(version: string): string {
  // Create-only inputs as schema.json declares them (replaceOnChanges): one source for both.
  const resources = packageSchema(version).resources as Record<string, { inputProperties: Record<string, { replaceOnChanges?: boolean }> }>;
  const rows = KINDS.map((kind) => {
    const inputs = resources[pluginTypeToken(kind)]!.inputProperties;
    const createOnly = Object.keys(inputs).filter((name) => inputs[name]!.replaceOnChanges);
    return `| \`${kind}\` | ${cell(RESOURCES[kind].description)} | ${code(createOnly)} | ${code(Object.keys(RESOURCES[kind].outputs))} |`;
  });
  return [
    `<!-- generated from provider/resources by ${GENERATE_COMMAND}: edit the registry, not this table -->`,
    "| resource | what it is | create-only inputs (a change replaces) | outputs besides the inputs |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** The resource table's page with the table, between its markers, rendered again. */
export function renderResourceTable(current: string, version: string): string {
  const start = current.indexOf(TABLE_START);
  const end = current.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${RESOURCE_TABLE_PAGE} has no ${TABLE_START} ... ${TABLE_END} markers for the resource table`);
  return `${current.slice(0, start + TABLE_START.length)}\n${renderTable(version)}\n${current.slice(end)}`;
}

// -------------------------------------------------------- emulator routes ---

/** The emulator's list of API route modules: a new kind's route file is registered by `make generate`, not by an edit of emulator/app.ts. */
export const ROUTE_INDEX = "emulator/routes/index.ts";

/** A module of emulator/routes/ by file name (without `.ts`), and its source. */
export interface RouteModule {
  name: string;
  source: string;
}

function readRouteModules(): RouteModule[] {
  const dir = join(repositoryRoot(), "emulator/routes");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .map((f) => ({ name: f.slice(0, -3), source: readFileSync(join(dir, f), "utf8") }));
}

/**
 * The plugins a module exports for both API bases (production and the
 * sandbox prefix): those typed `FastifyPluginAsync<RouteOptions>` (the
 * options carry the base's environment) or made by `resourceRoutes(...)`.
 * The control API, OAuth, webhook and users lookup plugins take no RouteOptions: app.ts
 * registers them once, by name.
 */
export function apiRoutePlugins(source: string): string[] {
  return [...source.matchAll(/^export const (\w+Routes)(?:: FastifyPluginAsync<RouteOptions> = |\s*=\s*resourceRoutes\()/gm)].map((m) => m[1]!);
}

/** emulator/routes/index.ts: every API route plugin of the folder, modules in file name order. */
export function renderRouteIndex(modules: readonly RouteModule[]): string {
  const sorted = [...modules].sort((a, b) => (a.name < b.name ? -1 : 1)).map((m) => ({ ...m, plugins: apiRoutePlugins(m.source) })).filter((m) => m.plugins.length > 0);
  return [
    docComment(
      `The emulator's API routes, one module of this folder each, generated by tools/generate.ts from the files of emulator/routes/: do not edit. ` +
        `A module is listed when it exports a FastifyPluginAsync<RouteOptions> or a resourceRoutes(...) plugin; app.ts registers each under both bases. ` +
        `After adding a route file, run ${GENERATE_COMMAND}; a unit test fails while this file is stale.`,
    ),
    'import { FastifyPluginAsync } from "fastify";',
    'import { RouteOptions } from "../context";',
    ...sorted.map((m) => `import { ${m.plugins.join(", ")} } from "./${m.name}";`),
    "",
    "export const API_ROUTES: ReadonlyArray<FastifyPluginAsync<RouteOptions>> = [",
    ...sorted.flatMap((m) => m.plugins.map((p) => `  ${p},`)),
    "];",
    "",
  ].join("\n");
}

// ------------------------------------------------- conformance endpoints ---

/** The corpus's README: its tables of the endpoints the project calls and of those recorded but not called. */
export const CONFORMANCE_README = "tests/conformance/README.md";

interface CorpusModule {
  CALLED_ENDPOINTS: readonly { endpoint: string; usedBy: readonly string[] }[];
  RECORDED_NOT_CALLED: readonly { endpoint: string; why: string }[];
  corpus(): { endpoint: string; variant?: string; file: string; source: string[]; synthesized?: true }[];
}

/**
 * tests/conformance/corpus.ts, required by its path: a static import would
 * compile the tests into the package's dist/ (tools/*.ts are built). The
 * generator runs under ts-node and the tests under jest, which both load it.
 */
function corpusModule(): CorpusModule {
  return require(join(repositoryRoot(), "tests/conformance/corpus")) as CorpusModule;
}

/** `xdevplatform/docs:x-ads-api/a.mdx` -> `docs:x-ads-api/a.mdx`; the SDKs' fixtures by file name. */
function shortSource(source: string): string {
  return source
    .replace(/^xdevplatform\/docs:/, "docs:")
    .replace(/^twitterdev\/twitter-python-ads-sdk:tests\/fixtures\//, "py-sdk:")
    .replace(/^twitterdev\/twitter-ruby-ads-sdk:spec\/fixtures\//, "rb-sdk:");
}

/** The rows of a table of endpoints: method, path, what (used by, or why not called), the fixtures, the sources. */
function endpointRows(rows: readonly { endpoint: string; what: string }[], corpus: CorpusModule): string[] {
  const entries = corpus.corpus();
  return rows.map(({ endpoint, what }) => {
    const [method, path] = endpoint.split(" ");
    const own = entries.filter((e) => e.endpoint === endpoint).sort((a, b) => (a.variant === undefined ? -1 : b.variant === undefined ? 1 : a.variant < b.variant ? -1 : 1));
    const fixtures = own.map((e) => `[${e.variant ?? "plain"}](corpus/${e.file})${e.synthesized ? " (synthesized)" : ""}`).join(", ");
    const sources = [...new Set(own.flatMap((e) => e.source).map(shortSource))].join(", ");
    return `| ${method} | \`${path}\` | ${cell(what)} | ${fixtures} | ${sources} |`;
  });
}

/** The README's two endpoint tables, each between its markers, from corpus.ts (CALLED_ENDPOINTS, RECORDED_NOT_CALLED) and the fixtures. */
export function renderEndpointTables(current: string, corpus: CorpusModule = corpusModule()): string {
  const note = `<!-- generated from tests/conformance/corpus.ts and corpus/ by ${GENERATE_COMMAND}: edit those, not this table -->`;
  const called = [
    note,
    "| method | path | used by | fixtures | source |",
    "|---|---|---|---|---|",
    ...endpointRows(corpus.CALLED_ENDPOINTS.map((c) => ({ endpoint: c.endpoint, what: c.usedBy.join("; ") })), corpus),
  ].join("\n");
  const recorded = [
    note,
    "| method | path | why not called | fixtures | source |",
    "|---|---|---|---|---|",
    ...endpointRows(corpus.RECORDED_NOT_CALLED.map((c) => ({ endpoint: c.endpoint, what: c.why })), corpus),
  ].join("\n");
  return between(between(current, "<!-- endpoints:start -->", "<!-- endpoints:end -->", called), "<!-- recorded:start -->", "<!-- recorded:end -->", recorded);
}

function between(current: string, start: string, end: string, table: string): string {
  const a = current.indexOf(start);
  const b = current.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${CONFORMANCE_README} has no ${start} ... ${end} markers`);
  return `${current.slice(0, a + start.length)}\n${table}\n${current.slice(b)}`;
}
