/**
 * The cache of `make pulumi` (tools/pulumi/build.sh) outlives clones: CI
 * clones fresh and keeps ~/.cache/pulumi-xads. The Node.js host proxy
 * (tools/pulumi/language-nodejs) is cached under a key of its sources
 * (tools/pulumi/source-key.sh), so a change to any of them, a file added
 * included, rebuilds it instead of serving the old proxy (one without
 * RunPlugin, say, which fails every `--policy-pack <folder>`).
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(__dirname, "..", "..");
const PROXY = join(ROOT, "tools", "pulumi", "language-nodejs");
const key = (dir: string) => execFileSync(join(ROOT, "tools", "pulumi", "source-key.sh"), [dir], { encoding: "utf8" }).trim();

const mkdir = (dir: string) => (mkdirSync(dir, { recursive: true }), dir);

let copy: string;
beforeEach(() => {
  copy = mkdtempSync(join(tmpdir(), "xads-proxy-key-"));
  cpSync(PROXY, copy, { recursive: true });
});
afterEach(() => rmSync(copy, { recursive: true, force: true }));

test("the proxy's key is that of its sources, whatever folder they are in", () => {
  expect(key(copy)).toMatch(/^[0-9a-f]{12}$/);
  expect(key(copy)).toBe(key(PROXY));
});

test.each(readdirSync(PROXY).filter((f) => f.endsWith(".go") || f === "go.mod" || f === "go.sum"))("a change to %s changes the key", (file) => {
  const before = key(copy);
  appendFileSync(join(copy, file), file.endsWith(".go") ? "\n// changed\n" : "\n");
  expect(key(copy)).not.toBe(before);
});

test("a .go file added changes the key", () => {
  const before = key(copy);
  writeFileSync(join(copy, "added.go"), "package main\n");
  expect(key(copy)).not.toBe(before);
});

/**
 * build.sh on a cache that holds everything, with a `go` that only writes the
 * file `-o` names and records where it ran: what gets built, without building.
 */
function runBuild(cache: string, bin: string): string[] {
  const calls = join(bin, "calls");
  writeFileSync(calls, "");
  execFileSync(join(ROOT, "tools", "pulumi", "build.sh"), [], {
    env: { PATH: `${bin}:/usr/bin:/bin`, HOME: cache, XADS_PULUMI_CACHE: cache, GO_CALLS: calls },
    stdio: "pipe",
  });
  return readFileSync(calls, "utf8").split("\n").filter(Boolean);
}

describe("build.sh on an existing cache", () => {
  let cache: string;
  let bin: string;
  beforeEach(() => {
    cache = join(copy, "cache");
    bin = join(copy, "bin");
    const files: Record<string, string> = {
      pulumi: "#!/bin/sh\necho v3.259.0\n",
      "pulumi-language-nodejs": "old proxy",
      "pulumi-language-nodejs-v3.68.0": "host",
      "pulumi-language-nodejs.version": "0123456789ab\n",
      "pulumi-resource-pulumi-nodejs": "shim",
      "pulumi-language-yaml": "yaml",
      "pulumi-language-yaml.version": `${/yaml_version=(\S+)/.exec(readFileSync(join(ROOT, "tools", "pulumi", "build.sh"), "utf8"))![1]}\n`,
      "pulumi-language-python": "python",
      "pulumi-language-python-exec": "python exec",
      "pulumi-language-go": "go",
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(mkdir(cache), name), text, { mode: 0o755 });
    // `go build ... -o <file> <package>`: writes <file> (executable, as go does), records the folder it ran in.
    writeFileSync(join(mkdir(bin), "go"), '#!/bin/sh\npwd >> "$GO_CALLS"\nwhile [ "$1" != "-o" ]; do shift; done\necho "new proxy" > "$2"\nchmod +x "$2"\n', { mode: 0o755 });
  });

  test("a proxy cached under another key (one made before a change to its sources) is rebuilt, then kept", () => {
    expect(runBuild(cache, bin)).toEqual([PROXY]);
    expect(readFileSync(join(cache, "pulumi-language-nodejs"), "utf8")).toBe("new proxy\n");
    expect(readFileSync(join(cache, "pulumi-language-nodejs.version"), "utf8").trim()).toBe(key(PROXY));
    expect(readFileSync(join(cache, "pulumi-language-nodejs-v3.68.0"), "utf8")).toBe("host");
    expect(runBuild(cache, bin)).toEqual([]);
  });
});
