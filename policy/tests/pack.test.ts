/**
 * The pack as a whole: its policy list, the folder the CLI runs, and the
 * README that documents every rule.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Policy, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { GUARDRAILS, PLATFORM_LIMITS, POLICIES } from "../policies";
import { HAPPY_CONFIG, HAPPY_PATH } from "./fixtures";
import { resourceViolations, stackViolations } from "./util";

const ROOT = resolve(__dirname, "..", "..");
const PACK = join(ROOT, "policy-pack");
const readme = readFileSync(join(PACK, "README.md"), "utf8");
const configKeys = (p: Policy) => Object.keys(p.configSchema?.properties ?? {});
const isStackPolicy = (p: Policy): p is StackValidationPolicy => "validateStack" in p;

describe("the policy list", () => {
  test("names are unique and prefixed xads-", () => {
    const names = POLICIES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^xads-[a-z0-9-]+$/);
  });

  test("platform limits are mandatory and guardrails advisory by default", () => {
    expect(PLATFORM_LIMITS.map((p) => p.enforcementLevel)).toEqual(PLATFORM_LIMITS.map(() => "mandatory"));
    expect(GUARDRAILS.map((p) => p.enforcementLevel)).toEqual(GUARDRAILS.map(() => "advisory"));
  });

  test("every happy-path resource passes every policy, alone and all in one stack", async () => {
    const declared = HAPPY_PATH.map((make) => make());
    for (const policy of POLICIES) {
      const config = HAPPY_CONFIG[policy.name];
      if (isStackPolicy(policy)) {
        expect([policy.name, await stackViolations(policy, declared, { config })]).toEqual([policy.name, []]);
      } else {
        for (const d of declared) {
          expect([policy.name, d.kind, await resourceViolations(policy as ResourceValidationPolicy, d, config)]).toEqual([policy.name, d.kind, []]);
        }
      }
    }
  });
});

describe("the README", () => {
  /** The table row of a policy: `| \`name\` | checks | level | keys |`. */
  const row = (name: string) => readme.split("\n").find((l) => l.startsWith(`| \`${name}\` |`));

  test.each(POLICIES.map((p) => [p.name, p] as const))("lists %s with its default enforcement and config keys", (name, policy) => {
    const line = row(name);
    expect(line).toBeDefined();
    const cells = line!.split(" | ");
    expect(cells[2]).toBe(policy.enforcementLevel);
    const keys = configKeys(policy);
    if (keys.length === 0) expect(cells[3]).toBe("none |");
    for (const key of keys) expect(cells[3]).toContain(`\`${key}\``);
  });

  test("runs the pack as its folder, installed or in a clone, never through the retired launcher", () => {
    expect(readme).toContain("pulumi preview --policy-pack node_modules/pulumi-xads/policy-pack\n");
    expect(readme).toContain("`--policy-pack policy-pack`");
    expect(readme).not.toContain("policy-pack/run");
  });
});

describe("the folder the CLI runs", () => {
  const manifest = JSON.parse(readFileSync(join(PACK, "package.json"), "utf8")) as { version: string; main: string };

  test("its program is the compiled policy/index.ts", () => {
    expect(resolve(PACK, manifest.main)).toBe(join(ROOT, "dist", "policy", "index.js"));
    expect(readFileSync(join(PACK, "PulumiPolicy.yaml"), "utf8")).toMatch(/^runtime: nodejs$/m);
  });

  test("its version is the package's (the engine reports the pack as xads@<version>)", () => {
    const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; files: string[] };
    expect(manifest.version).toBe(root.version);
    expect(root.files).toContain("policy-pack/");
  });

  test("the example config names real policies and their keys only", () => {
    const example = JSON.parse(readFileSync(join(PACK, "config.example.json"), "utf8")) as Record<string, Record<string, unknown>>;
    const byName = new Map(POLICIES.map((p) => [p.name, p]));
    for (const [name, settings] of Object.entries(example)) {
      expect(byName.has(name)).toBe(true);
      for (const key of Object.keys(settings)) expect(["enforcementLevel", ...configKeys(byName.get(name)!)]).toContain(key);
    }
  });
});
