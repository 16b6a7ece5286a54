/**
 * `pulumi import` into a TypeScript program through the provider plugin,
 * with the real CLI: a campaign made outside Pulumi is imported with no
 * write to the platform, the code the CLI writes imports pulumi-xads/native
 * and names every value the campaign has (its defaults included), it
 * type-checks against the installed package, and with it in the program the
 * next preview shows no changes. The Node.js language host make pulumi
 * builds generates the code through tools/pulumi/language-nodejs.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, campaignMadeByHand, output, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

beforeAll(async () => {
  stack = e2e.stack("native-import");
  stack.writeNativeProgram('import * as xads from "pulumi-xads/native";\n\nvoid xads;\n');
  await stack.init();
});

test("a campaign made in the ads UI is imported with no write, and the TypeScript pulumi import writes compiles and previews no changes", async () => {
  const { fundingInstrumentId, campaignId } = await campaignMadeByHand(e2e.api());
  e2e.emu.control.clearRequests();

  const imported = await stack.run(["import", "xads:index:Campaign", "hand-made", campaignId, "--yes", "--out", "imported.ts"]);
  expect({ code: imported.code, output: output(imported) }).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
  expect(existsSync(join(stack.dir, "imported.ts"))).toBe(true);
  const code = readFileSync(join(stack.dir, "imported.ts"), "utf8");
  expect(code).toContain('import * as xads from "pulumi-xads/native";');
  expect(code).toContain('new xads.Campaign("hand-made", {');
  expect(code).toContain(`fundingInstrumentId: "${fundingInstrumentId}"`);
  expect(code).toContain('name: "Made by hand"');
  expect(code).toContain("dailyBudgetAmountLocalMicro: 30000000");
  // Every value the campaign has is written, its default deletionProtection included.
  expect(code).toContain("deletionProtection: true");
  expect(code).toContain('entityStatus: "PAUSED"');
  expect(code).toContain(`accountId: "${ACCOUNT_ID}"`);

  stack.writeNativeProgram(code);
  expect(() => stack.typeCheck()).not.toThrow();
  const preview = await stack.preview("--expect-no-changes");
  expect({ code: preview.code, output: output(preview) }).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
});
