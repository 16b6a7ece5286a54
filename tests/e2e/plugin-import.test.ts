/**
 * `pulumi import` through the provider plugin, with the real CLI and a YAML
 * program: a campaign made outside Pulumi is imported with no write to the
 * platform, the code the CLI writes names every value the campaign has
 * (its defaults included), and with that code in the program the next
 * preview shows no changes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { campaignMadeByHand, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

beforeAll(async () => {
  stack = e2e.stack("plugin-import");
  stack.writeYamlProgram("resources: {}\n");
  await stack.init();
});

test("a campaign made in the ads UI is imported with no write, and the code pulumi import writes previews no changes", async () => {
  const { fundingInstrumentId, campaignId } = await campaignMadeByHand(e2e.api());
  e2e.emu.control.clearRequests();

  const imported = await stack.run(["import", "xads:index:Campaign", "hand-made", campaignId, "--yes", "--out", "imported.yaml"]);
  expect(imported).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
  const code = readFileSync(join(stack.dir, "imported.yaml"), "utf8");
  expect(code).toContain(`fundingInstrumentId: ${fundingInstrumentId}`);
  expect(code).toContain("name: Made by hand");
  expect(code).toContain("deletionProtection: true");

  stack.writeYamlProgram(code);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
  expect(e2e.writes()).toEqual([]);
});
