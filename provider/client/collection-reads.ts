/**
 * Reads by id of one collection, served from few calls (DESIGN.md rule 8).
 *
 * The engine reads a stack's entities a few at a time (`--parallel`, 8 on
 * 2 cores), so coalescing the reads in flight together makes about N/8
 * calls for N entities, whatever the ids filter's 200 allows. The whole
 * collection, listed with `count` 1,000, is ceil(M/1000) calls for an
 * account of M entities: far fewer when the stack manages most of them,
 * far more when it manages 5 of 8,000 campaigns. Neither N nor M is known
 * when the first reads arrive, so the choice is made as the reads come
 * ("rent, then buy"):
 *
 * - reads go by id (coalesced) at first;
 * - each wave of reads by id (the reads gathered until they stop coming)
 *   that held more than one id (the engine reading many entities of the
 *   collection, not a lone read) buys one page
 *   of the listing, once two such waves have been read: the listing is never
 *   more than one page ahead of the calls by id it saves, so the reads cost
 *   at most about twice the cheaper of the two ways, and a stack that reads
 *   its entities in one wave never lists;
 * - a read of an id the pages hold is answered from them; one the complete
 *   listing lacks is gone; while a page is on its way, reads wait for it.
 *
 * The listing serves one operation (the provider process runs one pulumi
 * command): it lives `lifetimeMs` at most, and any write in the account
 * drops it and starts the count over, so no read answers an entity older
 * than a write this process made.
 */
import type { Entity } from "./client";

export interface ListingPage {
  data: Entity[];
  next_cursor?: string | null;
}

/** Whether one more page of the listing is worth its call: the pages stay one fewer than the waves of many ids read so far. */
export function listNextPage(manyIdsWaves: number, pagesTaken: number): boolean {
  return manyIdsWaves >= pagesTaken + 2;
}

interface Listing {
  byId: Map<string, Entity>;
  cursor?: string;
  complete: boolean;
  fetching?: Promise<void>;
  takenAtMs: number;
}

export type Served = { found: Entity } | { gone: true } | undefined;

/** The reads of one collection (and query) in this process. */
export class CollectionReads {
  private manyIdsWaves = 0;
  private pages = 0;
  private listing?: Listing;

  constructor(
    /** The account the collection is in (`""` outside accounts): writes there drop the listing. */
    readonly scope: string,
    private readonly fetchPage: (cursor: string | undefined) => Promise<ListingPage>,
    private readonly now: () => number,
    private readonly lifetimeMs: number,
  ) {}

  /** The answer the listing has for `id`: found, gone, or nothing known (read it by id); waits for a page on its way. */
  async serve(id: string): Promise<Served> {
    for (;;) {
      const listing = this.fresh();
      if (!listing) return undefined;
      const hit = listing.byId.get(id);
      if (hit) return { found: hit };
      if (listing.complete) return { gone: true };
      if (!listing.fetching) return undefined;
      await listing.fetching;
    }
  }

  /** A wave of reads by id (one flush of the coalesced reads) is being read for `ids` distinct ids: it may buy the next page. */
  calledByIds(ids: number): void {
    if (ids < 2) return;
    this.manyIdsWaves++;
    if (!listNextPage(this.manyIdsWaves, this.pages)) return;
    const listing: Listing = this.fresh() ?? (this.listing = { byId: new Map(), complete: false, takenAtMs: this.now() });
    if (listing.complete || listing.fetching) return;
    listing.fetching = this.fetchPage(listing.cursor).then((page) => {
      // Dropped by a write while the page was on its way: it may predate the write.
      if (this.listing !== listing) return;
      for (const e of page.data) listing.byId.set(String(e.id), e);
      listing.cursor = page.next_cursor ?? undefined;
      listing.complete = listing.cursor === undefined;
      this.pages++;
    }, () => {
      // The page failed: reads go by id, as before any listing.
      if (this.listing === listing) this.listing = undefined;
    }).finally(() => {
      listing.fetching = undefined;
    });
  }

  /** A write in the collection's account: what was listed may have changed. */
  invalidate(): void {
    this.listing = undefined;
    this.manyIdsWaves = 0;
    this.pages = 0;
  }

  private fresh(): Listing | undefined {
    if (this.listing && this.now() - this.listing.takenAtMs >= this.lifetimeMs) this.invalidate();
    return this.listing;
  }
}

/** The account a path is in (`""` outside accounts), the scope a write invalidates. */
export function accountScope(path: string): string {
  const parts = path.split("/").filter(Boolean);
  const at = parts.indexOf("accounts");
  return at >= 0 && parts[at + 1] !== undefined ? parts[at + 1]! : "";
}
