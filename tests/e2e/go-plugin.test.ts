/**
 * A Go program (examples/go) on the generated SDK (make go-sdk), built by the
 * Go language host (make pulumi: sdk/v3 v3.62.0's pulumi-language-go, from
 * the module proxy) with modules from the proxy, through the real CLI and
 * the provider plugin pulumi-resource-xads of the installed package, against
 * the emulator: up, a second preview with no changes, destroy; the state
 * holds no credential.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expectNoCredentialsIn, goEnv as env, prepareGoSdk, pulumiDir, ROOT, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;
const made = (collection: string, options: { withDeleted?: boolean } = {}) => e2e.live(collection, options);

beforeAll(async () => {
  if (!existsSync(join(pulumiDir(), "pulumi-language-go"))) throw new Error(`no pulumi-language-go in ${pulumiDir()}: run make pulumi (make test does)`);
  await prepareGoSdk();
  stack = e2e.stack("go-plugin");
  stack.copyProgram(join(ROOT, "examples", "go"));
  await stack.init();
}, 1_200_000);

test("up builds the program and creates each declared entity once through the plugin, as resources of the xads package", async () => {
  const fundingBefore = made("funding_instruments").length;
  const up = await stack.run(["up", "--yes", "--skip-preview"], env());
  expect({ code: up.code, output: up.code === 0 ? "" : `${up.stdout}\n${up.stderr}` }).toEqual({ code: 0, output: "" });
  expect((await stack.exported()).map((r) => r.type).sort()).toEqual(["xads:index:Campaign", "xads:index:FundingInstrument", "xads:index:LineItem"]);
  expect(made("funding_instruments")).toHaveLength(fundingBefore + 1);
  expect(made("campaigns").map((c) => [c.name, c.entity_status, c.daily_budget_amount_local_micro])).toEqual([["Spring sale", "PAUSED", 50_000_000]]);
  expect(made("line_items").map((l) => [l.name, l.placements, l.bid_amount_local_micro])).toEqual([["Timeline clicks", ["TWITTER_TIMELINE"], 1_500_000]]);
  const outputs = await stack.outputs();
  expect(outputs.campaignId).toBe(made("campaigns")[0]!.id);
  expect(outputs.lineItemId).toBe(made("line_items")[0]!.id);
});

test("a second preview plans no change", async () => {
  const preview = await stack.run(["preview", "--expect-no-changes", "--diff"], env());
  expect({ code: preview.code, output: preview.code === 0 ? "" : `${preview.stdout}\n${preview.stderr}` }).toEqual({ code: 0, output: "" });
});

test("destroy deletes the campaign and line item", async () => {
  expect(await stack.run(["destroy", "--yes"], env())).toMatchObject({ code: 0 });
  expect(made("campaigns")).toEqual([]);
  expect(made("line_items")).toEqual([]);
});

test("neither the state nor any output of the CLI holds a credential in plain text", async () => {
  await expectNoCredentialsIn(stack);
});
