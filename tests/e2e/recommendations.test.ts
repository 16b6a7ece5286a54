/**
 * `xads recommendations` with the real CLI: a TypeScript program whose
 * campaign's daily budget is a literal, an up, a recommendation the
 * platform (the emulator's control API) makes for the campaign's funding
 * instrument; the command prints the changes mapped onto the stack's
 * resources and writes a patch; applied with patch -p1, the next preview shows
 * exactly the recommended change.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, output, Stack, urnName, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

// Written here, not by writeProgram: its data-driven program holds no literals to patch.
const PROGRAM = `import * as xads from "pulumi-xads";

const usd = new xads.FundingInstrument("sandbox-usd", { currency: "USD", startTime: "2026-01-01T00:00:00Z" });

const campaign = new xads.Campaign("spring-sale", {
  fundingInstrumentId: usd.id,
  name: "Spring sale",
  entityStatus: "PAUSED",
  dailyBudgetAmountLocalMicro: 50_000_000,
  deletionProtection: false,
});

new xads.LineItem("timeline", {
  campaignId: campaign.id,
  name: "Timeline clicks",
  objective: "WEBSITE_CLICKS",
  productType: "PROMOTED_TWEETS",
  placements: ["TWITTER_TIMELINE"],
  bidStrategy: "MAX",
  bidAmountLocalMicro: 1_000_000 + 500_000,
});
`;

beforeAll(async () => {
  stack = e2e.stack("recommendations");
  writeFileSync(join(stack.dir, "Pulumi.yaml"), "name: recommendations\nruntime: nodejs\ndescription: xads recommendations e2e\n");
  writeFileSync(join(stack.dir, "package.json"), JSON.stringify({ name: "recommendations", private: true, main: "index.ts" }));
  writeFileSync(join(stack.dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, target: "ES2022", module: "commonjs", moduleResolution: "node", skipLibCheck: true }, files: ["index.ts"] }));
  writeFileSync(join(stack.dir, "index.ts"), PROGRAM);
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
});

test("the recommended changes are listed by resource name in USD, the literal one patched; the preview after the patch shows exactly it", async () => {
  const resources = await stack.exported();
  const id = (name: string) => resources.find((r) => urnName(r.urn) === name)!.id!;
  e2e.emu.control.addRecommendation("sandbox", ACCOUNT_ID, {
    funding_instrument_id: id("sandbox-usd"),
    message: "Spend more on what works",
    changes: [{
      entity_type: "campaigns", operation_type: "Update", params: { id: id("spring-sale"), daily_budget_amount_local_micro: 70_000_000 },
      dependent_entities: [
        { entity_type: "line_items", operation_type: "Update", params: { id: id("timeline"), bid_amount_local_micro: 1_750_000 }, dependent_entities: [] },
        { entity_type: "line_items", operation_type: "Create", params: { campaign_id: id("spring-sale"), name: "Search clicks", bid_amount_local_micro: 2_000_000 }, dependent_entities: [] },
        { entity_type: "line_items", operation_type: "Delete", params: { id: "gone1" }, dependent_entities: [] },
      ],
    }],
  });

  const r = await stack.xads(["recommendations", "--stack", "dev", "--patch", "rec.patch"]);
  expect(r).toMatchObject({ code: 0 });
  expect(r.stdout).toContain("- campaign `spring-sale`: daily budget USD 50.00 -> USD 70.00\n");
  expect(r.stdout).toContain("- line item `timeline`: bid USD 1.50 -> USD 1.75 (apply by hand: bidAmountLocalMicro is an expression, not a literal at index.ts:");
  expect(r.stdout).toContain('- new line item under campaign `spring-sale`: name "Search clicks", bid USD 2.00 (apply by hand: a new entity: declare it in the program)');
  expect(r.stdout).toContain("- delete line item gone1 (apply by hand: no resource of the stack holds it)");
  expect(r.stdout).toContain("rec.patch makes 1 change of the program; 3 are to apply by hand.");
  // Nothing of the credentials in what it prints.
  for (const secret of Object.values(e2e.creds)) expect(output(r)).not.toContain(secret);

  // patch -p1, not git apply: the stack's folder is inside this repository, where git apply skips paths outside the folder.
  const applied = spawnSync("patch", ["-p1", "-i", "rec.patch"], { cwd: stack.dir, encoding: "utf8" });
  expect(applied.stdout).toBe("patching file index.ts\n");
  expect(applied.status).toBe(0);
  expect(readFileSync(join(stack.dir, "index.ts"), "utf8")).toBe(PROGRAM.replace("dailyBudgetAmountLocalMicro: 50_000_000", "dailyBudgetAmountLocalMicro: 70_000_000"));

  const preview = await stack.preview("--diff");
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/~ dailyBudgetAmountLocalMicro\s*:\s*50000000 => 70000000/);
  expect(preview.stdout.match(/^\s*[~+-] \w+\s*:/gm)).toHaveLength(1);
  expect(preview.stdout).toMatch(/1 to update/);
  expect(preview.stdout).not.toMatch(/to create|to delete|to replace/);
});

test("a stack whose funding instruments have no recommendation gets none, and an empty patch", async () => {
  e2e.emu.control.reset();
  const r = await stack.xads(["recommendations", "--stack", "dev", "--patch", "none.patch"]);
  expect(r).toMatchObject({ code: 0 });
  expect(r.stdout).toContain("The platform has no recommendation for the stack's funding instruments.");
  expect(readFileSync(join(stack.dir, "none.patch"), "utf8")).toBe("");
});
