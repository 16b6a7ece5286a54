/**
 * The fault campaign's check of a stack's state against the platform, both
 * ways (fault-campaign.ts): every live entity of the kinds its programs make
 * is held by a resource of the state (else an orphan), once (else a
 * duplicate), and every id the state holds names a live entity of its kind
 * (else dead: deleted, or never made). Pure: the entities as the emulator
 * stores them (deleted ones included) and the state's resources in, the
 * findings out; tests/unit/fault-campaign-check.test.ts breaks each way.
 */

/** A record as the emulator's store holds it: the wire fields, `deleted` among them. */
export type StoredRecord = { id: string } & Record<string, unknown>;

/** The entities of each collection the programs make, as stored, deleted ones included. */
export type Platform = Readonly<Record<Collection, readonly StoredRecord[]>>;

/** One xads resource of the state: its kind (provider/resources kindOfResource), its name and the id it holds. */
export interface HeldResource {
  kind: string;
  name: string;
  id: string;
}

export interface Findings {
  /** Live entities sharing what tells them apart (a campaign's name, a line item's campaign and name...). */
  duplicates: string[];
  /** Live entities no resource of the state holds. */
  orphans: string[];
  /** Resources of the state whose id names no live entity of their kind. */
  dead: string[];
}

export type Collection = "funding_instruments" | "campaigns" | "line_items" | "promoted_tweets";

/** The kinds the campaign's programs declare: where each lives, and what tells two apart. */
const KINDS: Readonly<Record<string, { collection: Collection; key: (e: StoredRecord) => string }>> = {
  FundingInstrument: { collection: "funding_instruments", key: (e) => `${e.currency}|${e.type}|${e.start_time}` },
  Campaign: { collection: "campaigns", key: (e) => `${e.funding_instrument_id}|${e.name}` },
  LineItem: { collection: "line_items", key: (e) => `${e.campaign_id}|${e.name}` },
  PromotedTweet: { collection: "promoted_tweets", key: (e) => `${e.line_item_id}|${e.tweet_id}` },
};

/** The live entities of each collection: not deleted, and a promoted Tweet only while its line item is (the platform keeps a dead one's record). */
function liveOf(platform: Platform): Record<Collection, StoredRecord[]> {
  const alive = (c: Collection) => platform[c].filter((e) => e.deleted !== true);
  const lineItems = new Set(alive("line_items").map((li) => li.id));
  return {
    funding_instruments: alive("funding_instruments"),
    campaigns: alive("campaigns"),
    line_items: alive("line_items"),
    promoted_tweets: alive("promoted_tweets").filter((p) => lineItems.has(String(p.line_item_id))),
  };
}

export function checkState(platform: Platform, state: readonly HeldResource[]): Findings {
  const live = liveOf(platform);
  const findings: Findings = { duplicates: [], orphans: [], dead: [] };
  for (const [kind, { collection, key }] of Object.entries(KINDS)) {
    // Held by a resource of its own kind: an id held as another kind holds nothing.
    const held = new Set(state.filter((r) => r.kind === kind).map((r) => r.id));
    const byKey = new Map<string, string[]>();
    for (const e of live[collection]) byKey.set(key(e), [...(byKey.get(key(e)) ?? []), e.id]);
    for (const [k, ids] of byKey) if (ids.length > 1) findings.duplicates.push(`${collection} ${k}: ${ids.join(", ")}`);
    for (const e of live[collection]) if (!held.has(e.id)) findings.orphans.push(`${collection} ${e.id} (${key(e)})`);
  }
  for (const r of state) {
    const kind = KINDS[r.kind];
    if (!kind) findings.dead.push(`${r.kind} ${r.name} (${r.id}): not a kind the campaign's programs make`);
    else if (!live[kind.collection].some((e) => e.id === r.id)) findings.dead.push(`${r.kind} ${r.name} (${r.id}): no live entity in ${kind.collection}`);
  }
  return findings;
}

/** The collections the check reads from the emulator. */
export const COLLECTIONS: readonly Collection[] = [...new Set(Object.values(KINDS).map((k) => k.collection))];
