/**
 * A relative link of a tracked Markdown file names a file the repository
 * holds: a reader who follows one from the README or a generated page never
 * lands on a page that moved (anchors are not checked; addresses are).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const root = join(__dirname, "../..");
const markdown = execFileSync("git", ["ls-files", "*.md"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);

/** `[text](target)` targets of a page that are relative paths (no scheme, no bare anchor), outside code. */
export function relativeLinks(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/``[\s\S]*?``/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith("#"))
    .map((t) => decodeURIComponent(t.split("#")[0]!));
}

describe("relative links of the Markdown files", () => {
  test("the link finder keeps paths and drops addresses, anchors and code", () => {
    expect(relativeLinks("[a](docs/x.md#y) [b](https://x.org/a.md) [c](#top) `[d](e.md)` ``[h](i.md\n)`` [f](../g.md \"t\")")).toEqual(["docs/x.md", "../g.md"]);
  });

  test("every relative link names a file or folder of the repository", () => {
    const broken = markdown.flatMap((file) => relativeLinks(readFileSync(join(root, file), "utf8"))
      .filter((target) => !existsSync(normalize(join(root, dirname(file), target))))
      .map((target) => `${file}: ${target}`));
    expect(broken).toEqual([]);
  });
});
