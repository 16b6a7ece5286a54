/**
 * When reads by id are served from a listing of the collection ("rent, then
 * buy": provider/client/collection-reads.ts), with a page source that
 * counts its calls.
 */
import { accountScope, CollectionReads, ListingPage, listNextPage, ParentReads, wavesOf } from "../../provider/client/collection-reads";

const entity = (id: string) => ({ id, name: `n${id}` });

/** A collection of `ids`, `perPage` a page, and the cursors asked for. */
function source(ids: string[], perPage = 1000) {
  const asked: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined): Promise<ListingPage> => {
    asked.push(cursor);
    const from = cursor === undefined ? 0 : Number(cursor);
    const next = from + perPage;
    return { data: ids.slice(from, next).map(entity), next_cursor: next < ids.length ? String(next) : null };
  };
  return { asked, fetchPage };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("rent, then buy", () => {
  test("a page is worth its call once the waves of many ids read are two more than the pages taken", () => {
    expect([0, 1, 2, 3].map((calls) => listNextPage(calls, 0))).toEqual([false, false, true, true]);
    expect(listNextPage(2, 1)).toBe(false);
    expect(listNextPage(3, 1)).toBe(true);
  });

  test("a wave that holds every engine worker counts as two, a lone read or a full call (the rest of its wave follows) as none", () => {
    expect(wavesOf(8, "quiet")).toBe(1);
    expect(wavesOf(7, "engine")).toBe(2);
    expect(wavesOf(1, "engine")).toBe(0);
    expect(wavesOf(200, "full")).toBe(0);
  });

  test("a first wave that holds every engine worker takes the first page with it", async () => {
    const { asked, fetchPage } = source(["a", "b", "c"]);
    const reads = new CollectionReads("acc", fetchPage, () => 0, 60_000);
    reads.calledByIds(7, "engine");
    expect(await reads.serve("c")).toEqual({ found: entity("c") });
    expect(asked).toEqual([undefined]);
  });

  test("lone reads and a first wave of many ids list nothing", async () => {
    const { asked, fetchPage } = source(["a", "b"]);
    const reads = new CollectionReads("acc", fetchPage, () => 0, 60_000);
    reads.calledByIds(1);
    reads.calledByIds(1);
    reads.calledByIds(5);
    await settle();
    expect(asked).toEqual([]);
    expect(await reads.serve("a")).toBeUndefined();
  });

  test("the second wave of many ids takes the first page: its ids are served, and a complete listing says the others are gone", async () => {
    const { asked, fetchPage } = source(["a", "b", "c"]);
    const reads = new CollectionReads("acc", fetchPage, () => 0, 60_000);
    reads.calledByIds(8);
    reads.calledByIds(8);
    // A read while the page is on its way waits for it.
    expect(await reads.serve("b")).toEqual({ found: entity("b") });
    expect(await reads.serve("zz")).toEqual({ gone: true });
    expect(asked).toEqual([undefined]);
  });

  test("an incomplete listing answers what it holds and leaves the rest to reads by id; each later wave buys the next page", async () => {
    const { asked, fetchPage } = source(["a", "b", "c", "d", "e"], 2);
    const reads = new CollectionReads("acc", fetchPage, () => 0, 60_000);
    reads.calledByIds(8);
    reads.calledByIds(8);
    expect(await reads.serve("a")).toEqual({ found: entity("a") });
    expect(await reads.serve("e")).toBeUndefined();
    reads.calledByIds(8);
    expect(await reads.serve("c")).toEqual({ found: entity("c") });
    expect(asked).toEqual([undefined, "2"]);
  });

  test("a write in the account drops the listing, a page on its way included, and the count starts over", async () => {
    const { fetchPage } = source(["a"]);
    const reads = new CollectionReads("acc", fetchPage, () => 0, 60_000);
    reads.calledByIds(8);
    reads.calledByIds(8);
    reads.invalidate();
    expect(await reads.serve("a")).toBeUndefined();
    reads.calledByIds(8);
    await settle();
    expect(await reads.serve("a")).toBeUndefined();
  });

  test("a listing serves for its lifetime only", async () => {
    let now = 0;
    const { fetchPage } = source(["a"]);
    const reads = new CollectionReads("acc", fetchPage, () => now, 60_000);
    reads.calledByIds(8);
    reads.calledByIds(8);
    expect(await reads.serve("a")).toEqual({ found: entity("a") });
    now = 60_000;
    expect(await reads.serve("a")).toBeUndefined();
  });

  test("a page that fails leaves the reads to go by id", async () => {
    const reads = new CollectionReads("acc", async () => { throw new Error("503"); }, () => 0, 60_000);
    reads.calledByIds(8);
    reads.calledByIds(8);
    expect(await reads.serve("a")).toBeUndefined();
  });

  test("writes invalidate the listings of their account", () => {
    expect(accountScope("/12/accounts/abc/line_items")).toBe("abc");
    expect(accountScope("/12/accounts/abc/campaigns/c1")).toBe("abc");
    expect(accountScope("/12/batch/accounts/abc/campaigns")).toBe("abc");
    expect(accountScope("/12/accounts")).toBe("");
  });
});

describe("reads by parent: calls filled up to 200 parents once the engine reads many", () => {
  const child = (id: string, parent: string) => ({ id, line_item_id: parent });
  const parents = (n: number) => Array.from({ length: n }, (_, i) => `li${i}`);

  test("the first two waves filter by their own parents; from the second, known parents fill the call", () => {
    const reads = new ParentReads("acc", "line_item_id", () => parents(300), () => 0, 60_000);
    expect(reads.wave(["li0", "li1"], "quiet", 200).filter).toEqual(["li0", "li1"]);
    const second = reads.wave(["li5", "li2"], "quiet", 200).filter;
    expect(second.slice(0, 2)).toEqual(["li5", "li2"]);
    expect(second).toHaveLength(200);
    expect(new Set(second).size).toBe(200);
  });

  test("a first wave that holds every engine worker fills its own call", () => {
    const reads = new ParentReads("acc", "line_item_id", () => parents(300), () => 0, 60_000);
    expect(reads.wave(["li7", "li3"], "engine", 200).filter).toHaveLength(200);
  });

  test("a lone read never fills a call", () => {
    const reads = new ParentReads("acc", "line_item_id", () => parents(300), () => 0, 60_000);
    for (let i = 0; i < 5; i++) expect(reads.wave([`li${i}`], "quiet", 200).filter).toEqual([`li${i}`]);
  });

  test("the children a call answered serve later reads of its parents: found, or gone; a read waits for a call on its way", async () => {
    const reads = new ParentReads("acc", "line_item_id", () => [], () => 0, 60_000);
    const { done } = reads.wave(["li0", "li1"], "quiet", 200);
    const waiting = reads.serve("tc1", "li1");
    done([child("tc0", "li0"), child("tc1", "li1")]);
    expect(await waiting).toEqual({ found: child("tc1", "li1") });
    expect(await reads.serve("tc9", "li0")).toEqual({ gone: true });
    expect(await reads.serve("tc5", "li7")).toBeUndefined();
  });

  test("a failed call, a write in the account and the lifetime leave reads to their own calls", async () => {
    let now = 0;
    const reads = new ParentReads("acc", "line_item_id", () => [], () => now, 60_000);
    reads.wave(["li0", "li1"], "quiet", 200).done(undefined);
    expect(await reads.serve("tc0", "li0")).toBeUndefined();
    reads.wave(["li0", "li1"], "quiet", 200).done([child("tc0", "li0")]);
    reads.invalidate();
    expect(await reads.serve("tc0", "li0")).toBeUndefined();
    const afterWrite = reads.wave(["li0", "li1"], "quiet", 200);
    reads.invalidate();
    afterWrite.done([child("tc0", "li0")]);
    expect(await reads.serve("tc0", "li0")).toBeUndefined();
    reads.wave(["li0", "li1"], "quiet", 200).done([child("tc0", "li0")]);
    now = 60_000;
    expect(await reads.serve("tc0", "li0")).toBeUndefined();
  });
});
