import { AdsClient } from "../../provider/client";
import { listAccounts, listFundingInstruments } from "../../provider/data-sources";
import { ProviderConfig } from "../../provider/config";
import { startEmulator } from "../../emulator";
import { randomCredentials } from "../e2e/harness";

const creds = randomCredentials();
let emu: Awaited<ReturnType<typeof startEmulator>>;
beforeAll(async () => (emu = await startEmulator({ port: 0, credentials: creds })));
afterAll(async () => emu.close());

const ctx = () => ({
  client: new AdsClient({ credentials: creds, baseUrl: emu.url, log: () => {} }),
  config: { sandbox: false } as ProviderConfig,
});

test("getAccounts lists the accounts the credentials reach, in SDK names", async () => {
  expect(await listAccounts(ctx())).toEqual([expect.objectContaining({ id: "18ce54d4x5t", name: "Demo account", businessId: "business-1" })]);
  expect(await listAccounts(ctx(), "Nope")).toEqual([]);
});

test("getFundingInstruments lists the account's live instruments with their currency", async () => {
  expect(await listFundingInstruments(ctx(), "18ce54d4x5t")).toEqual([
    expect.objectContaining({ currency: "USD", type: "CREDIT_CARD", entityStatus: "ACTIVE", accountId: "18ce54d4x5t" }),
  ]);
});
