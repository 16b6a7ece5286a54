/**
 * A data source through the provider plugin's Invoke, with the real CLI and
 * a YAML program: `fn::invoke` of xads:index:getFundingInstrument (the
 * SDK's own function, with the stack's configuration) finds the one active
 * instrument of a currency, and its id feeds a campaign.
 */
import { ACCOUNT_ID, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();
let stack: Stack;
let jpy: string;

beforeAll(async () => {
  // An instrument made outside the program, the account's only one in JPY.
  jpy = (await e2e.api().post<{ id: string }>(`/12/accounts/${ACCOUNT_ID}/funding_instruments`, { currency: "JPY", start_time: "2026-01-01T00:00:00Z", type: "CREDIT_CARD" })).id;
  stack = e2e.stack("plugin-invoke");
  stack.writeYamlProgram(`variables:
  yen:
    fn::invoke:
      function: xads:index:getFundingInstrument
      arguments:
        currency: JPY
      return: result
resources:
  winter:
    type: xads:index:Campaign
    properties:
      fundingInstrumentId: \${yen.id}
      name: Winter sale
      dailyBudgetAmountLocalMicro: 1000000000
      deletionProtection: false
outputs:
  fundingInstrumentCurrency: \${yen.currency}
`);
  await stack.init();
});

test("fn::invoke of a data source through the plugin feeds a resource: the campaign is created on the instrument it found", async () => {
  const up = await stack.up();
  expect(up).toMatchObject({ code: 0 });
  expect(e2e.live("campaigns").map((c) => [c.name, c.funding_instrument_id])).toEqual([["Winter sale", jpy]]);
  expect((await stack.outputs()).fundingInstrumentCurrency).toBe("JPY");
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("a data source that fails fails the preview with its reason", async () => {
  await e2e.api().post(`/12/accounts/${ACCOUNT_ID}/funding_instruments`, { currency: "JPY", start_time: "2026-02-01T00:00:00Z", type: "CREDIT_CARD" });
  const preview = await stack.preview();
  expect(preview.code).not.toBe(0);
  expect(`${preview.stdout}\n${preview.stderr}`).toMatch(/getFundingInstrument: expected exactly one active instrument in JPY, found 2/);
  expect(await stack.run(["destroy", "--yes"])).toMatchObject({ code: 0 });
});
