/**
 * An ads account as a whole one looks to `xads import`: a funding
 * instrument, N campaigns and a line item on each, put in the emulator
 * through its control API (as the ads UI would have made them, no request
 * counted). The first campaign and line item are made through the API, so
 * that every one has the fields the platform answers for it; the others are
 * copies of them with their own names (and each line item its campaign).
 */
import type { RunningEmulator } from "../emulator";
import type { AdsClient, Entity } from "../provider/client";

export interface SeededAccount {
  fundingInstrumentId: string;
  campaignIds: string[];
  lineItemIds: string[];
}

/** Strips what the store assigns to a new entity (its id). */
const withoutId = ({ id: _id, ...rest }: Entity): Record<string, unknown> => rest;

export async function seedAccount(emu: RunningEmulator, client: AdsClient, accountId: string, n: number): Promise<SeededAccount> {
  const path = (collection: string) => `/12/accounts/${accountId}/${collection}`;
  const fi = await client.post<Entity>(path("funding_instruments"), { currency: "USD", start_time: "2026-01-01T00:00:00Z" });
  const campaign = await client.post<Entity>(path("campaigns"), {
    funding_instrument_id: fi.id, name: "onboarded 0", entity_status: "PAUSED", daily_budget_amount_local_micro: 1_000_000,
  });
  const lineItem = await client.post<Entity>(path("line_items"), {
    campaign_id: campaign.id, name: "onboarded 0", objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: "ALL_ON_TWITTER", entity_status: "PAUSED",
  });
  // Copied as the store holds them (the answers are their wire form).
  const stored = (collection: string, id: unknown) => emu.control.entities("sandbox", accountId, collection).find((e) => e.id === id)! as Entity;
  const [campaignStored, lineItemStored] = [stored("campaigns", campaign.id), stored("line_items", lineItem.id)];
  const campaignIds = [String(campaign.id)];
  const lineItemIds = [String(lineItem.id)];
  for (let i = 1; i < n; i++) {
    const c = emu.control.insert("sandbox", accountId, "campaigns", { ...withoutId(campaignStored), name: `onboarded ${i}` });
    const li = emu.control.insert("sandbox", accountId, "line_items", { ...withoutId(lineItemStored), name: `onboarded ${i}`, campaign_id: c.id });
    campaignIds.push(String(c.id));
    lineItemIds.push(String(li.id));
  }
  return { fundingInstrumentId: String(fi.id), campaignIds, lineItemIds };
}
