/**
 * `pulumi import` into a TypeScript program through the provider plugin,
 * with the real CLI: a campaign made outside Pulumi is imported with no
 * write to the platform, the code the CLI writes imports pulumi-xads/native
 * and names every value the campaign has (its defaults included), it
 * type-checks against the installed package, and with it in the program the
 * next preview shows no changes. The Node.js language host make pulumi
 * builds generates the code through tools/pulumi/language-nodejs.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Entity } from "../../provider/client";
import { ACCOUNT_ID, CONSUMER, output, PLUGIN_DIR, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

const TSCONFIG = {
  compilerOptions: { strict: true, target: "ES2022", module: "commonjs", moduleResolution: "node", skipLibCheck: true, types: ["node"] },
  files: ["index.ts"],
};

beforeAll(async () => {
  stack = e2e.stack("native-import");
  writeFileSync(join(stack.dir, "Pulumi.yaml"), `name: native-import\nruntime: nodejs\nplugins:\n  providers:\n    - name: xads\n      path: ${PLUGIN_DIR}\n`);
  writeFileSync(join(stack.dir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, 2));
  writeFileSync(join(stack.dir, "index.ts"), 'import * as xads from "pulumi-xads/native";\n\nvoid xads;\n');
  await stack.init();
});

test("a campaign made in the ads UI is imported with no write, and the TypeScript pulumi import writes compiles and previews no changes", async () => {
  const api = e2e.api();
  const base = `/12/accounts/${ACCOUNT_ID}`;
  const fi = await api.post<Entity>(`${base}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z", type: "CREDIT_CARD" });
  const campaign = await api.post<Entity>(`${base}/campaigns`, {
    funding_instrument_id: fi.id, name: "Made by hand", entity_status: "PAUSED", daily_budget_amount_local_micro: 30_000_000,
  });
  e2e.emu.control.clearRequests();

  const imported = await stack.run(["import", "xads:index:Campaign", "hand-made", String(campaign.id), "--yes", "--out", "imported.ts"]);
  expect({ code: imported.code, output: output(imported) }).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
  expect(existsSync(join(stack.dir, "imported.ts"))).toBe(true);
  const code = readFileSync(join(stack.dir, "imported.ts"), "utf8");
  expect(code).toContain('import * as xads from "pulumi-xads/native";');
  expect(code).toContain('new xads.Campaign("hand-made", {');
  expect(code).toContain(`fundingInstrumentId: "${fi.id}"`);
  expect(code).toContain('name: "Made by hand"');
  expect(code).toContain("dailyBudgetAmountLocalMicro: 30000000");
  // Every value the campaign has is written, its default deletionProtection included.
  expect(code).toContain("deletionProtection: true");
  expect(code).toContain('entityStatus: "PAUSED"');
  expect(code).toContain(`accountId: "${ACCOUNT_ID}"`);

  writeFileSync(join(stack.dir, "index.ts"), code);
  const tsc = join(CONSUMER, "node_modules", ".bin", "tsc");
  expect(() => execFileSync(tsc, ["--noEmit", "-p", stack.dir], { encoding: "utf8", stdio: "pipe" })).not.toThrow();
  const preview = await stack.preview("--expect-no-changes");
  expect({ code: preview.code, output: output(preview) }).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
});
