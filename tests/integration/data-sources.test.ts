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
  // "live": an instrument deleted in the ads UI is not listed (the name promised it; the account had no deleted one).
  const gone = fixture.emu.control.insert("production", "18ce54d4x5t", "funding_instruments", { currency: "EUR", type: "CREDIT_CARD", entity_status: "ACTIVE" });
  fixture.emu.control.remove("production", "18ce54d4x5t", "funding_instruments", String(gone.id));
  expect(fixture.emu.control.entities("production", "18ce54d4x5t", "funding_instruments", { withDeleted: true }).map((f) => f.currency)).toContain("EUR");
  expect(await listFundingInstruments(ctx(), "18ce54d4x5t")).toEqual([
    expect.objectContaining({ currency: "USD", type: "CREDIT_CARD", entityStatus: "ACTIVE", accountId: "18ce54d4x5t" }),
  ]);
});
