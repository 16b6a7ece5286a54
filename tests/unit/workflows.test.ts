/**
 * The repository's GitHub workflows pass actionlint (built from its Go module
 * by tools/actionlint.sh, as make actionlint does), and the release workflow
 * (docs/releasing.md) runs on a version tag only, builds with make release and
 * publishes with secrets: nothing is published from a pull request.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

jest.setTimeout(300_000);

const ROOT = join(__dirname, "..", "..");
const WORKFLOWS = join(ROOT, ".github", "workflows");
let actionlint: string;

beforeAll(() => {
  // Built on first use (a few seconds from the module proxy), then cached.
  actionlint = execFileSync(join(ROOT, "tools", "actionlint.sh"), { encoding: "utf8" }).trim().split("\n").pop()!;
});

const lint = (files: string[]) => spawnSync(actionlint, ["-no-color", ...files], { cwd: ROOT, encoding: "utf8" });

test("every workflow of .github/workflows passes actionlint", () => {
  const files = readdirSync(WORKFLOWS).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(".github", "workflows", f));
  expect(files).toContain(join(".github", "workflows", "release.yml"));
  const r = lint(files);
  expect({ status: r.status, output: r.stdout + r.stderr }).toEqual({ status: 0, output: "" });
});

test("actionlint fails a workflow with a mistake, naming it", () => {
  const dir = mkdtempSync(join(tmpdir(), "xads-actionlint-"));
  try {
    const file = join(dir, "broken.yml");
    writeFileSync(file, "on: push\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github.nosuchcontext }}\n");
    const r = lint([file]);
    expect(r.status).not.toBe(0);
    expect(r.stdout).toContain("nosuchcontext");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("the release workflow", () => {
  const text = readFileSync(join(WORKFLOWS, "release.yml"), "utf8");

  test("runs on a pushed version tag only: no pull_request trigger, no branch push", () => {
    const on = text.slice(text.indexOf("\non:\n"), text.indexOf("\npermissions:"));
    expect(on).toContain("  push:\n    tags:\n");
    expect(on).not.toMatch(/pull_request|branches|workflow_dispatch/);
  });

  test("builds the tag's version with make release, attaches the plugin archives and publishes with the environment's secrets", () => {
    expect(text).toContain('make release VERSION="$VERSION"');
    expect(text).toContain("gh release create");
    expect(text).toContain(".work/release/pulumi-resource-xads-v\"$VERSION\"-*.tar.gz");
    expect(text).toContain("NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}");
    expect(text).toContain("password: ${{ secrets.PYPI_TOKEN }}");
  });
});
