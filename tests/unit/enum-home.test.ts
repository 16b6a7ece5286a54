/**
 * Where a kind's enums live (CONTRIBUTING.md, "Enums and limits"): in
 * provider/limits.ts, which tests/unit/platform-tables.test.ts compares
 * with the emulator's own table; never a list of values inline in a
 * declaration, where no comparison would see it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = join(__dirname, "../../provider/resources");

/** `file:line` of each enum a source spells out as values rather than naming a table of provider/limits.ts. */
function inlineEnums(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, text]) => text.split("\n").flatMap((line, i) =>
    [...line.matchAll(/z\.enum\(\s*([^)\s,]+)/g)].some(([, arg]) => !/^(ENUMS|ACCOUNT_SETTINGS)\./.test(arg!)) || /z\.union\(\[\s*z\.literal\("/.test(line)
      ? [`${file}:${i + 1}`] : []));
}

test("every enum of a declaration is a table of provider/limits.ts (ENUMS, ACCOUNT_SETTINGS)", () => {
  const files = Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => [`provider/resources/${f}`, readFileSync(join(dir, f), "utf8")]));
  expect(inlineEnums(files)).toEqual([]);
});

test("an enum spelled out in a declaration is named with its line", () => {
  expect(inlineEnums({
    "x.ts": 'a: z.enum(ENUMS.objective),\nb: z.enum(["GO_TO", "SHOP"]),\nc: z.union([z.literal("A"), z.literal("B")]),\nd: z.enum(ACCOUNT_SETTINGS.taxCategory),',
  })).toEqual(["x.ts:2", "x.ts:3"]);
});
