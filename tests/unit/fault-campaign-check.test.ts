/**
 * The fault campaign's check of the state against the platform
 * (tests/e2e/fault-campaign-check.ts) fails each way it is meant to: a live
 * entity the state lacks (orphan), an id of the state no live entity has
 * (deleted, never made, or a promoted Tweet of a deleted line item), two
 * live entities where the program declares one; and finds nothing when the
 * state and the platform agree.
 */
import { checkState, HeldResource, Platform, StoredRecord } from "../e2e/fault-campaign-check";

const record = (id: string, fields: Record<string, unknown>, deleted = false): StoredRecord => ({ id, ...fields, deleted });

/** A funding instrument, a campaign, its line item and a promoted Tweet of it, live, and their resources. */
function agreeing(): { platform: Record<keyof Platform, StoredRecord[]>; state: HeldResource[] } {
  return {
    platform: {
      funding_instruments: [record("fi1", { currency: "USD", type: "CREDIT_CARD", start_time: "2026-01-01T00:00:00Z" })],
      campaigns: [record("c1", { funding_instrument_id: "fi1", name: "Slot 0" })],
      line_items: [record("li1", { campaign_id: "c1", name: "Slot 0" })],
      promoted_tweets: [record("pt1", { line_item_id: "li1", tweet_id: "16" })],
    },
    state: [
      { kind: "FundingInstrument", name: "usd", id: "fi1" },
      { kind: "Campaign", name: "c0", id: "c1" },
      { kind: "LineItem", name: "li0", id: "li1" },
      { kind: "PromotedTweet", name: "pt0", id: "pt1" },
    ],
  };
}

test("a state and a platform that agree: no finding", () => {
  const { platform, state } = agreeing();
  expect(checkState(platform, state)).toEqual({ duplicates: [], orphans: [], dead: [] });
});

test("a live entity no resource holds is an orphan", () => {
  const { platform, state } = agreeing();
  platform.campaigns.push(record("c2", { funding_instrument_id: "fi1", name: "Slot 1" }));
  expect(checkState(platform, state)).toEqual({ duplicates: [], orphans: ["campaigns c2 (fi1|Slot 1)"], dead: [] });
});

test("an id of the state whose entity is deleted, or was never made, is dead", () => {
  const { platform, state } = agreeing();
  platform.campaigns[0] = { ...platform.campaigns[0]!, deleted: true };
  state.push({ kind: "LineItem", name: "li9", id: "nowhere" });
  // The line item of the deleted campaign is live on its own: only the campaign is dead.
  expect(checkState(platform, state).dead).toEqual(["Campaign c0 (c1): no live entity in campaigns", "LineItem li9 (nowhere): no live entity in line_items"]);
});

test("a promoted Tweet of a deleted line item is dead, though its record is not marked deleted", () => {
  const { platform, state } = agreeing();
  platform.line_items[0] = { ...platform.line_items[0]!, deleted: true };
  expect(checkState(platform, state)).toEqual({
    duplicates: [], orphans: [], dead: ["LineItem li0 (li1): no live entity in line_items", "PromotedTweet pt0 (pt1): no live entity in promoted_tweets"],
  });
});

test("an id held as another kind is dead as that kind, and its entity an orphan", () => {
  const { platform, state } = agreeing();
  state[1] = { kind: "LineItem", name: "c0", id: "c1" };
  expect(checkState(platform, state)).toEqual({ duplicates: [], orphans: ["campaigns c1 (fi1|Slot 0)"], dead: ["LineItem c0 (c1): no live entity in line_items"] });
});

test("two live entities where the program declares one are duplicates (and the one the state lacks an orphan)", () => {
  const { platform, state } = agreeing();
  platform.campaigns.push(record("c2", { funding_instrument_id: "fi1", name: "Slot 0" }));
  expect(checkState(platform, state)).toEqual({ duplicates: ["campaigns fi1|Slot 0: c1, c2"], orphans: ["campaigns c2 (fi1|Slot 0)"], dead: [] });
});
