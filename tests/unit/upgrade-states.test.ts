/**
 * The recorded stacks of the upgrade test (tests/e2e/upgrade-states.ts,
 * docs/upgrades.md) as files: complete, free of credentials and of the
 * address of the emulator that recorded them; and their recorder refused
 * under CI. tests/e2e/upgrade.test.ts runs them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { record, RECORDED_CREDENTIALS, recordings, UPGRADE_DIR } from "../e2e/upgrade-states";

describe("the recorded upgrade stacks", () => {
  test("every version folder holds both paths, each with its program, config, state, store and origin", () => {
    const versions = readdirSync(UPGRADE_DIR).filter((v) => v !== "programs");
    expect(versions.length).toBeGreaterThan(0);
    expect(recordings().map((r) => `${r.version}/${r.path}`)).toEqual(versions.flatMap((v) => [`${v}/dynamic`, `${v}/plugin`]));
    for (const r of recordings()) {
      const files = readdirSync(r.dir);
      expect({ dir: r.dir, files: files.filter((f) => ["Pulumi.yaml", "Pulumi.dev.yaml", "state.json", "store.json", "recorded.json"].includes(f)).sort() })
        .toEqual({ dir: r.dir, files: ["Pulumi.dev.yaml", "Pulumi.yaml", "recorded.json", "state.json", "store.json"] });
      expect(JSON.parse(readFileSync(join(r.dir, "recorded.json"), "utf8"))).toMatchObject({ version: r.version, path: r.path, commit: expect.not.stringMatching(/dirty/) });
    }
  });

  test("no recorded file holds a credential in clear or the recording emulator's address", () => {
    for (const r of recordings()) {
      for (const f of readdirSync(r.dir)) {
        const text = readFileSync(join(r.dir, f), "utf8");
        for (const value of Object.values(RECORDED_CREDENTIALS)) expect({ file: `${r.dir}/${f}`, holds: text.includes(value) }).toEqual({ file: `${r.dir}/${f}`, holds: false });
        expect({ file: `${r.dir}/${f}`, address: /127\.0\.0\.1|localhost/.exec(text)?.[0] }).toEqual({ file: `${r.dir}/${f}`, address: undefined });
      }
    }
  });

  test("recording is refused under CI, before anything runs", async () => {
    const ci = process.env.CI;
    process.env.CI = "true";
    try {
      await expect(record("dynamic")).rejects.toThrow("make record-upgrade-states writes the states the upgrade test then imports: refused under CI (CI=true)");
    } finally {
      if (ci === undefined) delete process.env.CI;
      else process.env.CI = ci;
    }
  });
});
