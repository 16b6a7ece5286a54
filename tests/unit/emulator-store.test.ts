/**
 * The in-memory store, the list engine over it, and the small pure parts
 * (paths, rate-limit windows, fault matching).
 */
import { describeApiPath } from "../../emulator/api-path";
import { ApiError } from "../../emulator/errors";
import { Faults } from "../../emulator/faults";
import { listPage, ListSpec } from "../../emulator/lists";
import { RateLimiter } from "../../emulator/rate-limit";
import { AnyEntity, Store } from "../../emulator/store";

describe("Store", () => {
  test("entities get unique ids, timestamps and deleted false; collections are created by name", () => {
    const account = new Store().env("sandbox").createAccount({ id: "acc" });
    const things = account.collection("anything_new");
    const a = things.insert({ name: "a" });
    const b = things.insert({ name: "b" });
    expect(a).toEqual({ id: expect.stringMatching(/^[0-9a-z]{5}$/), name: "a", created_at: expect.any(String), updated_at: a.created_at, deleted: false });
    expect(a.id).not.toBe(b.id);
    expect(things.all().map((e) => e.name)).toEqual(["a", "b"]);
  });

  test("environments hold separate accounts", () => {
    const store = new Store();
    store.env("production").createAccount({ id: "acc" });
    expect(store.env("sandbox").account("acc")).toBeUndefined();
  });

  test("atomically puts every collection back when the function throws", () => {
    const account = new Store().env("production").createAccount({ id: "acc" });
    const campaigns = account.collection("campaigns");
    const kept = campaigns.insert({ name: "kept" });
    expect(() => account.atomically(() => {
      campaigns.update(kept.id, { name: "changed" });
      campaigns.insert({ name: "new" });
      account.collection("line_items").insert({ name: "li" });
      throw new Error("item 3 failed");
    })).toThrow("item 3 failed");
    expect(campaigns.all()).toEqual([kept]);
    expect(account.collection("line_items").all()).toEqual([]);
  });
});

describe("listPage", () => {
  const store = new Store();
  const items = store.env("production").createAccount({ id: "acc" }).collection("items");
  for (const name of ["beta", "Alpha", "gamma", "alpine"]) items.insert({ name, entity_status: name === "gamma" ? "DRAFT" : "ACTIVE" });
  const spec: ListSpec<AnyEntity> = {
    ids: [{ param: "item_ids", value: (e) => e.id }],
    search: (e) => String(e.name),
    isDraft: (e) => e.entity_status === "DRAFT",
    sortable: ["name"],
  };
  const names = (page: { data: AnyEntity[] }) => page.data.map((e) => e.name);

  test("pages follow next_cursor to the end", () => {
    const first = listPage(items.all(), { count: "2" }, spec);
    expect(names(first)).toEqual(["beta", "Alpha"]);
    const second = listPage(items.all(), { count: "2", cursor: first.next_cursor! }, spec);
    expect(names(second)).toEqual(["alpine"]);
    expect(second.next_cursor).toBeNull();
  });

  test("q is a case-insensitive prefix; drafts need with_draft; sort_by sorts", () => {
    expect(names(listPage(items.all(), { q: "al" }, spec))).toEqual(["Alpha", "alpine"]);
    expect(names(listPage(items.all(), { with_draft: "true", sort_by: "name-asc" }, spec))).toEqual(["Alpha", "alpine", "beta", "gamma"]);
  });

  test("with_total_count counts every match", () => {
    expect(listPage(items.all(), { count: "1", with_total_count: "true" }, spec)).toMatchObject({ total_count: 3 });
  });

  test("a cursor of another list is refused", () => {
    expect(() => listPage(items.all(), { cursor: Buffer.from("after:zzzzz").toString("base64url") }, spec)).toThrow(ApiError);
  });
});

describe("describeApiPath", () => {
  test.each([
    ["/12/accounts", { env: "production", path: "/12/accounts", family: "accounts", accountId: undefined }],
    ["/12/accounts/abc?x=1", { env: "production", path: "/12/accounts/abc", family: "accounts", accountId: "abc" }],
    ["/sandbox/12/accounts/abc/line_items/x", { env: "sandbox", path: "/12/accounts/abc/line_items/x", family: "line_items", accountId: "abc" }],
    ["/12/batch/accounts/abc/campaigns", { env: "production", path: "/12/batch/accounts/abc/campaigns", family: "batch_campaigns", accountId: "abc" }],
    ["/5/accounts/abc/tailored_audiences/t/permissions", { env: "production", path: "/5/accounts/abc/tailored_audiences/t/permissions", family: "tailored_audiences", accountId: "abc" }],
  ])("%s", (url, expected) => {
    expect(describeApiPath(url)).toEqual(expected);
  });

  test("paths outside /12 and /5 are not API paths", () => {
    expect(describeApiPath("/_emulator/requests")).toBeUndefined();
    expect(describeApiPath("/sandbox/_emulator")).toBeUndefined();
  });
});

describe("RateLimiter", () => {
  test("counts per user and account in a fixed window that starts over after it ends", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    limiter.setLimit("campaigns", 2, 60);
    expect(limiter.take("campaigns", "u", "a")).toMatchObject({ allowed: true, user: { limit: 2, remaining: 1, reset: 1060 }, account: { remaining: 1 } });
    limiter.take("campaigns", "u", "a");
    expect(limiter.take("campaigns", "u", "a")).toMatchObject({ allowed: false, user: { remaining: 0 } });
    expect(limiter.take("campaigns", "u", "other-account")).toMatchObject({ allowed: false, account: { remaining: 2 } });
    now += 60_000;
    expect(limiter.take("campaigns", "u", "a")).toMatchObject({ allowed: true, user: { remaining: 1, reset: 1120 } });
  });
});

describe("Faults", () => {
  test("the first matching fault is used up, then the next", () => {
    const faults = new Faults();
    faults.add({ kind: "status", method: "post", path: /campaigns/g, times: 2, name: "first" });
    faults.add({ kind: "drop", name: "second" });
    expect(faults.take("production", "GET", "/12/accounts")?.name).toBe("second");
    expect(faults.take("production", "POST", "/12/accounts/a/campaigns")?.name).toBe("first");
    expect(faults.take("sandbox", "POST", "/12/accounts/a/campaigns")?.name).toBe("first");
    expect(faults.take("sandbox", "POST", "/12/accounts/a/campaigns")).toBeUndefined();
  });
});
