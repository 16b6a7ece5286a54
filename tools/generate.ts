/**
 * `npm run generate` (or `make generate`): writes the files made from the
 * registry (see tools/generated-files.ts). Runs from source with ts-node, so
 * it works while a stale generated file keeps the project from compiling.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { generatedFiles, repositoryRoot } from "./generated-files";

const root = repositoryRoot();
const { version, pulumi } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string; pulumi?: { server?: string } };
for (const file of generatedFiles(version, pulumi?.server)) {
  const path = join(root, file.path);
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  const next = file.render(current);
  if (next === current) continue;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, next);
  console.log(`${file.path} written`);
}
console.log(`generated files up to date (pulumi-xads ${version})`);
