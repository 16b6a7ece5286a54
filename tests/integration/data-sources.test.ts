import { listAccounts, listFundingInstruments } from "../../provider/data-sources";
import { ProviderConfig } from "../../provider/config";
import { useEmulator } from "./fixtures";

const fixture = useEmulator();
// Production: the seeded account's funding instrument lives there.
const ctx = () => ({ client: fixture.client(undefined, { baseUrl: fixture.emu.url }), config: { sandbox: false } as ProviderConfig });

test("getAccounts lists the accounts the credentials reach, in SDK names", async () => {
  expect(await listAccounts(ctx())).toEqual([expect.objectContaining({ id: "18ce54d4x5t", name: "Demo account", businessId: "business-1" })]);
  expect(await listAccounts(ctx(), "Nope")).toEqual([]);
});

test("getFundingInstruments lists the account's live instruments with their currency", async () => {
  expect(await listFundingInstruments(ctx(), "18ce54d4x5t")).toEqual([
    expect.objectContaining({ currency: "USD", type: "CREDIT_CARD", entityStatus: "ACTIVE", accountId: "18ce54d4x5t" }),
  ]);
});
