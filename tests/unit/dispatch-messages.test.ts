/**
 * What the engine prints of the provider's failures: each error once, and
 * check failures whose values it would print in Go's notation (`{2e+09}`,
 * `{<nil>}`) as their reasons alone, the amounts in units beside the micros.
 */
import { check, read, remove } from "../../provider/dispatch";
import { withoutCredentials } from "../integration/fixtures";

// What reaches the provider's stderr (the engine shows it under the stack), from before the first error.
const printed: string[] = [];
const print = console.error;
beforeAll(() => {
  console.error = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
});
afterAll(() => {
  console.error = print;
});

/** A provider object as configure leaves it with no credential in the stack config (and none in XADS_*: see the env below). */
const unconfigured = () => ({ xadsSettings: { "xads:accountId": "18ce54d4x5t", "xads:sandbox": "true" } });

const env = process.env;
beforeEach(() => {
  process.env = withoutCredentials(env);
});
afterEach(() => {
  process.env = env;
});

test("a read's or a delete's error is printed once: the dynamic provider host's own print of it (`Error: X: X`) is dropped, other prints are not", async () => {
  printed.length = 0;
  const errors = [
    await read(unconfigured(), "Campaign", "c1", {}).then(() => undefined, (e: Error) => e),
    await remove(unconfigured(), "Campaign", "c1", { deletionProtection: false }).then(() => undefined, (e: Error) => e),
  ];
  expect(errors.map((e) => e?.message)).toEqual([
    expect.stringMatching(/^reading Campaign c1: missing Ads API credentials: xads:consumerKey/),
    expect.stringMatching(/^deleting Campaign c1: missing Ads API credentials: xads:consumerKey/),
  ]);
  // As @pulumi/pulumi cmd/dynamic-provider prints them before it answers the engine.
  for (const e of errors) console.error(`${e}: ${e!.stack}`);
  console.error("pulumi-xads: something else the provider says");
  expect(printed).toEqual(["pulumi-xads: something else the provider says"]);
});

test("a budget comparison names both fields and gives the amounts in units with the micros beside them; the engine gets no property whose number it would print as {2e+09}", async () => {
  const campaign = { accountId: "18ce54d4x5t", fundingInstrumentId: "fi1", name: "Launch", dailyBudgetAmountLocalMicro: 2_000_000_000, totalBudgetAmountLocalMicro: 400_000_000 };
  expect((await check("Campaign", {}, campaign)).failures).toEqual([{
    property: "",
    reason: "dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: 2,000.00 > 400.00 in the funding instrument's currency (2000000000 > 400000000 micros)",
  }]);
});

test("a failure of a text field keeps its property (the engine prints the text as it is); one of a missing field is its reason alone", async () => {
  const failures = (await check("Campaign", {}, { accountId: "18ce54d4x5t", fundingInstrumentId: "fi1", name: "n".repeat(256) })).failures;
  expect(failures).toEqual([{ property: "name", reason: "name must be at most 255 characters (got 256)" }]);
  expect((await check("Campaign", {}, { accountId: "18ce54d4x5t", name: "No instrument" })).failures).toEqual([
    { property: "", reason: "fundingInstrumentId is required" },
  ]);
});
