/**
 * Every fenced TypeScript block (```ts) of README.md and the markdown files below docs/
 * type-checks as a user's program would: a CommonJS module compiled with
 * the compilerOptions of the README's install section (its tsconfig.json
 * block), against the SDK's types ("pulumi-xads" is sdk/index.ts here,
 * "pulumi-xads/native" sdk/native/index.ts, and "pulumi-xads/dist/<path>" the
 * source at <path>, as the package lays out).
 *
 * The rule for a block (written in the markdown, on the line before its fence):
 * - each block is its own module, as if pasted below the imports of a program:
 *   `import * as pulumi from "@pulumi/pulumi"` and `import * as xads from
 *   "pulumi-xads"` are added when it does not import them itself;
 * - `<!-- ts-given: timeline: xads.LineItem; accountId: string -->`: names the
 *   block takes from the program around it (declared with those types);
 * - `<!-- ts-not-compiled: why -->`: a block that is not a program (an excerpt
 *   of the provider's own code). NOT_COMPILED below lists each one: a new one
 *   fails this test until it is added there, so none is skipped unseen.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as ts from "typescript";
import { type Block, blocksOf } from "../doc-blocks";

jest.setTimeout(180_000);

const ROOT = join(__dirname, "..", "..");

/** The blocks not compiled, by file, with the reason the markdown gives. */
const NOT_COMPILED = [
  "docs/architecture.md: an excerpt of provider/resources/tracking-tag.ts, the provider's own code, not a program",
];

/** The markdown files below a folder, with their paths from the root, sorted. */
function markdownIn(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? markdownIn(`${dir}/${e.name}`) : e.name.endsWith(".md") ? [`${dir}/${e.name}`] : []))
    .sort();
}

const MARKDOWN = ["README.md", ...markdownIn("docs")];
const BLOCKS = MARKDOWN.flatMap((file) => blocksOf(file, readFileSync(join(ROOT, file), "utf8")));
const isTs = (b: Block) => ["ts", "typescript", "tsx"].includes(b.lang);
const COMPILED = BLOCKS.filter((b) => isTs(b) && b.notCompiled === undefined);

/** The compilerOptions a user's program gets: the tsconfig.json block of the README's install section. */
function installTsconfig(): ts.CompilerOptions {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Install in your own project"));
  const json = /`tsconfig\.json`[^\n]*(?:\n[^\n`]+)*\n\n```json\n([\s\S]*?)\n```/.exec(section.slice(0, section.indexOf("\n## ", 3)));
  if (!json) throw new Error("README.md: the install section has no tsconfig.json block");
  const { options, errors } = ts.convertCompilerOptionsFromJson(JSON.parse(json[1]!).compilerOptions, ROOT);
  if (errors.length > 0) throw new Error(`README.md's tsconfig.json: ${errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, " ")).join("; ")}`);
  return options;
}

/** The module a block is checked as, and how many lines come before its code. */
function moduleOf(b: Block): { text: string; offset: number } {
  const head = [
    ...(/import \* as pulumi\b/.test(b.code) ? [] : ['import * as pulumi from "@pulumi/pulumi";']),
    ...(/import \* as xads\b/.test(b.code) ? [] : ['import * as xads from "pulumi-xads";']),
    ...(b.given ?? "").split(";").map((d) => d.trim()).filter(Boolean).map((d) => `declare const ${d};`),
  ];
  // `export {}` keeps a block without imports or exports a module, as a program's file is.
  return { text: [...head, b.code, "export {};", ""].join("\n"), offset: head.length };
}

/** Where a block's module lives: a path below the repository (never written), so node_modules resolves as for a program here. */
const pathOf = (b: Block) => join(ROOT, ".work", "doc-blocks", `${b.where.replace(/[/:.]/g, "_")}.ts`);

let diagnostics: Map<string, string[]>;

beforeAll(() => {
  const options: ts.CompilerOptions = {
    ...installTsconfig(),
    noEmit: true,
    baseUrl: ROOT,
    paths: { "pulumi-xads": ["sdk/index.ts"], "pulumi-xads/native": ["sdk/native/index.ts"], "pulumi-xads/dist/*": ["*"] },
  };
  const modules = new Map(COMPILED.map((b) => [pathOf(b), moduleOf(b)]));
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (file, version, ...rest) => {
    const m = modules.get(file);
    return m ? ts.createSourceFile(file, m.text, version) : getSourceFile.call(host, file, version, ...rest);
  };
  host.fileExists = (file) => modules.has(file) || fileExists.call(host, file);
  host.readFile = (file) => modules.get(file)?.text ?? readFile.call(host, file);
  const program = ts.createProgram([...modules.keys()], options, host);
  diagnostics = new Map(COMPILED.map((b) => {
    const file = program.getSourceFile(pathOf(b))!;
    const offset = modules.get(pathOf(b))!.offset;
    return [b.where, ts.getPreEmitDiagnostics(program, file).map((d) => {
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line - offset + 1 : 0;
      return `line ${line} of the block: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
    })];
  }));
});

describe("the TypeScript blocks of README.md and docs/", () => {
  test("there are blocks to compile, the install section's program among them", () => {
    expect(COMPILED.length).toBeGreaterThan(10);
    expect(COMPILED.some((b) => b.code.includes('new xads.FundingInstrument("sandbox-usd"'))).toBe(true);
  });

  test.each(COMPILED.map((b) => [b.where, b] as const))("%s type-checks as a CommonJS program", (_where, block) => {
    expect(diagnostics.get(block.where)).toEqual([]);
  });

  test("the blocks not compiled are exactly the ones listed here, each with its reason", () => {
    expect(BLOCKS.filter((b) => b.notCompiled !== undefined).map((b) => `${b.where.split(":")[0]}: ${b.notCompiled}`)).toEqual(NOT_COMPILED);
  });

  test("markers sit only on TypeScript blocks", () => {
    expect(BLOCKS.filter((b) => !isTs(b) && (b.given !== undefined || b.notCompiled !== undefined)).map((b) => b.where)).toEqual([]);
  });
});
