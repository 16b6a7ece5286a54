/**
 * The files made from the registry are committed; these tests fail when one
 * of them differs from what `npm run generate` writes, naming the file, the
 * first line that differs and the command that mends it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RESOURCES } from "../../provider/resources";
import { GENERATE_COMMAND, generatedFiles, renderResourceTable, RESOURCE_TABLE_PAGE } from "../../tools/generated-files";
import * as sdk from "../../sdk";

const root = join(__dirname, "../..");
const { version, pulumi } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string; pulumi?: { server?: string } };

/** Empty when up to date, else what is stale and how to mend it. */
function staleness(path: string, committed: string, generated: string): string {
  if (committed === generated) return "";
  const a = committed.split("\n");
  const b = generated.split("\n");
  let line = 0;
  while (a[line] === b[line]) line++;
  return `${path} is stale (line ${line + 1}: committed ${JSON.stringify(a[line] ?? "<end of file>")}, generated ${JSON.stringify(b[line] ?? "<end of file>")}): run ${GENERATE_COMMAND}`;
}

describe("generated files", () => {
  test.each(generatedFiles(version, pulumi?.server).map((f) => [f.path, f] as const))("%s is what the generator writes from the registry", (path, file) => {
    const committed = readFileSync(join(root, path), "utf8");
    expect(staleness(path, committed, file.render(committed))).toBe("");
  });

  test("a stale file is reported with its name, the line and the command", () => {
    expect(staleness("sdk/resources.ts", "a\nb\n", "a\nc\n")).toBe(
      `sdk/resources.ts is stale (line 2: committed "b", generated "c"): run ${GENERATE_COMMAND}`,
    );
  });

  test("the resource table's page keeps what lies outside the table's markers", () => {
    const readme = renderResourceTable("intro\n<!-- resources:start -->\nold table\n<!-- resources:end -->\nrest\n", version);
    expect(readme.startsWith("intro\n<!-- resources:start -->\n")).toBe(true);
    expect(readme.endsWith("\n<!-- resources:end -->\nrest\n")).toBe(true);
    expect(readme).not.toContain("old table");
    expect(readme).toContain("| `Campaign` | An advertising campaign");
    expect(() => renderResourceTable("no markers\n", version)).toThrow(`${RESOURCE_TABLE_PAGE} has no <!-- resources:start --> ... <!-- resources:end --> markers`);
  });

  test("the SDK has a class of every kind in the registry, hand-written or generated", () => {
    const missing = Object.keys(RESOURCES).filter((kind) => typeof (sdk as Record<string, unknown>)[kind] !== "function");
    expect(missing).toEqual([]);
  });
});
