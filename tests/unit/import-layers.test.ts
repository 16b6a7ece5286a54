/**
 * The sources import one way (docs/architecture.md, "Layers"): no module
 * imports itself back through others, each top folder imports only the
 * folders its row allows, and each emulator module only its layer and those
 * below it. A circle leaves no file a newcomer can read first, and at run
 * time makes load order decide what a module sees (an import still
 * `undefined` while its file runs).
 *
 * Every way a file names another is an edge, `import type` included:
 * TypeScript erases a type-only import, so it loads nothing, but a module
 * that needs the types of a layer above it is not below that layer.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import * as ts from "typescript";

const ROOT = resolve(__dirname, "..", "..");
const FOLDERS = ["provider", "sdk", "cli", "emulator", "policy", "tools"];

/** The folders each top folder may import (besides itself). */
const MAY_IMPORT: Record<string, string[]> = {
  emulator: [],
  provider: [],
  sdk: ["provider"],
  policy: ["provider"],
  cli: ["provider", "emulator"],
  // The repository's own scripts (generators): on top, imported by no folder.
  tools: ["provider", "sdk", "cli", "emulator", "policy"],
};

/**
 * The emulator's layers from the top; a file is in the first whose pattern
 * matches it (the state, the bottom, holds every other module).
 */
const EMULATOR_LAYERS: Array<[string, RegExp]> = [
  ["the app", /^emulator\/(app|index|main)\.ts$/],
  ["the control API", /^emulator\/(routes\/)?control\.ts$/],
  ["the routes", /^emulator\/(routes\/[^/]+|audience-users|seed)\.ts$/],
  ["request handling", /^emulator\/(context|http|resource|batch|plugins\/[^/]+)\.ts$/],
  ["the state", /^emulator\//],
];
const emulatorLayer = (file: string) => EMULATOR_LAYERS.findIndex(([, pattern]) => pattern.test(file));

/**
 * The relative module paths a source names: in `import` and `export ... from`
 * (`type` ones included), `import x = require()`, `require()`, `import()`
 * and `typeof import()`.
 */
function namedModules(source: string, fileName = "file.ts"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isLiteralTypeNode(node)) node = node.literal;
    if (node && ts.isStringLiteral(node) && node.text.startsWith(".")) found.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node)) literal(node.argument);
    else if (ts.isCallExpression(node) && node.arguments.length === 1 && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))) literal(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The circles of a graph, written `a.ts -> b.ts -> a.ts` from their first
 * name in sort order: for each edge that closes a circle, the shortest one
 * through it. So every import that has to go shows in some circle, and a
 * graph of many circles needs no enumeration of all of them.
 */
function findCycles(graph: Map<string, string[]>): string[] {
  /** The shortest path from `from` to `to` (both ends included), or undefined. */
  const path = (from: string, to: string): string[] | undefined => {
    const previous = new Map<string, string>([[from, from]]);
    const queue = [from];
    for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
      if (node === to) {
        const found = [to];
        while (found[0] !== from) found.unshift(previous.get(found[0])!);
        return found;
      }
      for (const next of [...(graph.get(node) ?? [])].sort()) {
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return undefined;
  };
  const cycles = new Set<string>();
  for (const [from, targets] of graph) {
    for (const to of new Set(targets)) {
      const back = from === to ? [to] : path(to, from);
      if (!back) continue;
      const circle = from === to ? [from] : back;
      const first = circle.indexOf([...circle].sort()[0]);
      const turned = [...circle.slice(first), ...circle.slice(0, first)];
      cycles.add([...turned, turned[0]].join(" -> "));
    }
  }
  return [...cycles].sort();
}

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The repository's import graph: file -> files it loads, paths relative to the root. */
function importGraph(): Map<string, string[]> {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile).config;
  const options = ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
  const graph = new Map<string, string[]>();
  for (const path of FOLDERS.flatMap((folder) => sources(join(ROOT, folder)))) {
    const targets = namedModules(readFileSync(path, "utf8"), path).map((spec) => {
      const resolved = ts.resolveModuleName(spec, path, options, ts.sys).resolvedModule;
      if (!resolved) throw new Error(`${relative(ROOT, path)}: import "${spec}" does not resolve to a file`);
      return relative(ROOT, resolved.resolvedFileName);
    });
    graph.set(relative(ROOT, path), targets);
  }
  return graph;
}

const graph = importGraph();

test("no source file imports itself back through others", () => {
  expect(findCycles(graph)).toEqual([]);
});

test("each top folder imports only the folders its row of the layers allows", () => {
  const crossings: string[] = [];
  for (const [from, targets] of graph) {
    const folder = from.split("/")[0];
    for (const to of targets) {
      const target = to.split("/")[0];
      if (target !== folder && !MAY_IMPORT[folder].includes(target)) crossings.push(`${from} -> ${to} (${folder}/ may import ${MAY_IMPORT[folder].map((f) => f + "/").join(", ") || "nothing outside it"})`);
    }
  }
  expect(crossings).toEqual([]);
});

test("the emulator's modules import only their layer and those below it", () => {
  const upward: string[] = [];
  for (const [from, targets] of graph) {
    if (!from.startsWith("emulator/")) continue;
    for (const to of targets.filter((target) => target.startsWith("emulator/"))) {
      const [mine, theirs] = [emulatorLayer(from), emulatorLayer(to)];
      if (theirs < mine) upward.push(`${from} (${EMULATOR_LAYERS[mine][0]}) -> ${to} (${EMULATOR_LAYERS[theirs][0]}, above it)`);
    }
  }
  expect(upward).toEqual([]);
});

test("the walk reads the sources (it finds imports across folders)", () => {
  expect(graph.get("sdk/index.ts")).toContain("provider/limits.ts");
  expect(graph.get("cli/emulator.ts")).toContain("emulator/index.ts");
});

test("the cycle finder names each circle once, from its first file", () => {
  const circle = new Map([
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts", "d.ts"]],
    ["a.ts", ["b.ts"]],
    ["d.ts", ["d.ts"]],
    ["e.ts", ["a.ts"]],
  ]);
  expect(findCycles(circle)).toEqual(["a.ts -> b.ts -> c.ts -> a.ts", "d.ts -> d.ts"]);
  // Two circles through one import: each is named, so each import to remove shows.
  const shared = new Map([["a.ts", ["b.ts"]], ["b.ts", ["a.ts", "c.ts"]], ["c.ts", ["a.ts"]]]);
  expect(findCycles(shared)).toEqual(["a.ts -> b.ts -> a.ts", "a.ts -> b.ts -> c.ts -> a.ts"]);
  expect(findCycles(new Map([["a.ts", ["b.ts"]], ["b.ts", []]]))).toEqual([]);
});

test("every way a source names another module is an edge, `import type` included", () => {
  const source = [
    'import type { A } from "./type-only";',
    'import { type B, C } from "./value";',
    'export type { D } from "./type-export";',
    'import "./side-effect";',
    'export * from "./re-export";',
    'import G = require("./import-equals");',
    'const h = require("./required");',
    'const i = import("./later");',
    'let j: typeof import("./typeof-import");',
    'import { z } from "zod";',
  ].join("\n");
  expect(namedModules(source)).toEqual(["./type-only", "./value", "./type-export", "./side-effect", "./re-export", "./import-equals", "./required", "./later", "./typeof-import"]);
});
