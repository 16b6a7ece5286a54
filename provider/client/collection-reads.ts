/**
 * Reads by id of one collection, served from few calls (docs/architecture.md rule 8).
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
 *   collection, not a lone read) buys one page of the listing, once two
 *   such waves have been read; a wave sent because every worker of the
 *   engine waits on the provider (steps.ts) counts as two, since the engine
 *   has at least as much to read as it can ask at once, and so the listing
 *   starts one round trip sooner. The pages never outnumber the waves of
 *   reads by id, so the reads cost at most about twice the cheaper of the
 *   two ways, and a stack that reads its entities in one wave that leaves
 *   an engine worker free never lists;
 * - a read of an id the pages hold is answered from them; one the complete
 *   listing lacks is gone; while a page is on its way, reads wait for it.
 *
 * The listing serves one operation (the provider process runs one pulumi
 * command): it lives `lifetimeMs` at most, and any write in the account
 * drops it and starts the count over, so no read answers an entity older
 * than a write this process made.
 */
import type { Entity } from "./entity";

export interface ListingPage {
  data: Entity[];
  next_cursor?: string | null;
}

/** Whether one more page of the listing is worth its call: the pages stay one fewer than the waves of many ids read so far. */
export function listNextPage(manyIdsWaves: number, pagesTaken: number): boolean {
  return manyIdsWaves >= pagesTaken + 2;
}

/**
 * Why a gathered wave of reads was sent (client.ts `collect`): `full`, it
 * reached the most ids a call takes and the rest of the wave follows;
 * `engine`, every worker of the engine waits on the provider; `quiet`, the
 * reads stopped coming.
 */
export type WaveSent = "full" | "engine" | "quiet";

/** What a wave of `ids` distinct ids, sent as `sent` says, adds to the count of waves of many ids. */
export function wavesOf(ids: number, sent: WaveSent): number {
  if (ids < 2 || sent === "full") return 0;
  return sent === "engine" ? 2 : 1;
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
  calledByIds(ids: number, sent: WaveSent = "quiet"): void {
    const waves = wavesOf(ids, sent);
    if (waves === 0) return;
    this.manyIdsWaves += waves;
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

/**
 * Reads of a list that filters by parent and cannot be listed whole
 * (targeting criteria: `line_item_ids` required, count 1,000). Each call
 * takes up to 200 parents; the engine's waves bring 8 or so. So, by the same
 * rule as the listing (after two waves of many parents, or one that holds
 * every engine worker), a call's filter is
 * filled up to 200 with parents this process has read (the line items of
 * the account, in the order it read them) whose children it has not read
 * yet: their children come in the same call, and later reads of them are
 * answered from it (found, or gone). A read whose parent is in a call on
 * its way waits for that call. Writes in the account and the lifetime
 * drop what was read, as for the listing.
 */
export class ParentReads {
  private manyIdsWaves = 0;
  private generation = 0;
  private readonly read = new Map<string, { atMs: number; byId: Map<string, Entity> }>();
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    readonly scope: string,
    /** The children's field naming their parent, e.g. `line_item_id`. */
    private readonly parentField: string,
    /** The parents this process has read, in the order it read them. */
    private readonly known: () => Iterable<string>,
    private readonly now: () => number,
    private readonly lifetimeMs: number,
  ) {}

  /** The answer the calls so far have for child `id` of `parent`; waits for a call on its way. */
  async serve(id: string, parent: string): Promise<Served> {
    for (;;) {
      const children = this.fresh(parent);
      if (children) {
        const hit = children.get(id);
        return hit ? { found: hit } : { gone: true };
      }
      const pending = this.pending.get(parent);
      if (!pending) return undefined;
      await pending;
    }
  }

  /**
   * A wave of reads for `parents`, sent as `sent` says: the parents to
   * filter by, and `done`, which records the children the call answered
   * (undefined when it failed).
   */
  wave(parents: readonly string[], sent: WaveSent, max: number): { filter: string[]; done: (found: Entity[] | undefined) => void } {
    this.manyIdsWaves += wavesOf(parents.length, sent);
    const filter = [...parents];
    if (listNextPage(this.manyIdsWaves, 0)) {
      const chosen = new Set(filter);
      for (const p of this.known()) {
        if (chosen.size >= max) break;
        if (!chosen.has(p) && !this.fresh(p) && !this.pending.has(p)) chosen.add(p);
      }
      filter.splice(0, filter.length, ...chosen);
    }
    let release!: () => void;
    const pending = new Promise<void>((resolve) => (release = resolve));
    for (const p of filter) this.pending.set(p, pending);
    const generation = this.generation;
    return {
      filter,
      done: (found) => {
        for (const p of filter) if (this.pending.get(p) === pending) this.pending.delete(p);
        // A write since the call was sent: what it answered may predate the write.
        if (found && generation === this.generation) {
          const byParent = new Map(filter.map((p) => [p, new Map<string, Entity>()]));
          for (const e of found) byParent.get(String(e[this.parentField]))?.set(String(e.id), e);
          for (const [p, byId] of byParent) this.read.set(p, { atMs: this.now(), byId });
        }
        release();
      },
    };
  }

  /** A write in the account: what was read may have changed. */
  invalidate(): void {
    this.read.clear();
    this.manyIdsWaves = 0;
    this.generation++;
  }

  private fresh(parent: string): Map<string, Entity> | undefined {
    const r = this.read.get(parent);
    if (r && this.now() - r.atMs >= this.lifetimeMs) this.read.delete(parent);
    return this.read.get(parent)?.byId;
  }
}

/** The account a path is in (`""` outside accounts), the scope a write invalidates. */
export function accountScope(path: string): string {
  const parts = path.split("/").filter(Boolean);
  const at = parts.indexOf("accounts");
  return at >= 0 && parts[at + 1] !== undefined ? parts[at + 1]! : "";
}
