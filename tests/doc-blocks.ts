/**
 * The fenced code blocks of the project's markdown, for the docs tests:
 * tests/unit/docs-compile.test.ts compiles the TypeScript ones, and the
 * resource pages' examples in YAML, Python and Go are checked by
 * tests/unit/docs-examples.test.ts and, against the generated SDKs,
 * tests/integration/python-sdk.test.ts and go-sdk.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RESOURCES, ResourceKind } from "../provider/resources";

export const ROOT = join(__dirname, "..");

export interface Block {
  /** file:line of the block's first line of code. */
  where: string;
  lang: string;
  code: string;
  /** `<!-- ts-given: ... -->` on the line before the fence: names a TypeScript block takes from the program around it. */
  given?: string;
  /** `<!-- ts-not-compiled: why -->`: a TypeScript block that is not a program. */
  notCompiled?: string;
}

const MARKER = /^\s*<!--\s*(ts-[a-z-]+):\s*(.*?)\s*-->\s*$/;

/** The fenced blocks of a markdown file, with the marker on the line before each. */
export function blocksOf(file: string, text: string): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, lang] = open;
    const end = lines.findIndex((l, j) => j > i && l.trim() === "```");
    if (end < 0) throw new Error(`${file}:${i + 1}: a fence that is never closed`);
    const block: Block = { where: `${file}:${i + 2}`, lang: lang!, code: lines.slice(i + 1, end).map((l) => l.slice(indent!.length)).join("\n") };
    const marker = MARKER.exec(lines[i - 1] ?? "");
    if (marker) {
      if (marker[1] === "ts-given") block.given = marker[2];
      else if (marker[1] === "ts-not-compiled") block.notCompiled = marker[2];
      else throw new Error(`${file}:${i}: unknown marker ${marker[1]} (ts-given or ts-not-compiled)`);
    }
    blocks.push(block);
    i = end;
  }
  return blocks;
}

/** The languages of a resource page's example, by their fences. */
export const EXAMPLE_LANGUAGES = ["ts", "yaml", "python", "go"] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

export const KINDS = Object.keys(RESOURCES) as ResourceKind[];

/** A kind's page, docs/resources/<Kind>.md, from the root. */
export const pageOf = (kind: ResourceKind) => `docs/resources/${kind}.md`;

/** The blocks of a kind's page in one language of its example. */
export function pageBlocks(kind: ResourceKind, lang: ExampleLanguage): Block[] {
  return blocksOf(pageOf(kind), readFileSync(join(ROOT, pageOf(kind)), "utf8")).filter((b) => b.lang === lang);
}
