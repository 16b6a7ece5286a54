/**
 * The in-memory store, the list engine over it, and the small pure parts
 * (paths, rate-limit windows, fault matching).
 */
import { describeApiPath } from "../../emulator/api-path";
import { ApiError } from "../../emulator/errors";
import { Faults } from "../../emulator/faults";
import { listPage, ListSpec } from "../../emulator/lists";
import { classify, RateLimiter } from "../../emulator/rate-limit";
import { checkLatency, latencyDelayMs } from "../../emulator/latency";
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

describe("classify: the row of the reference's rate limit chart a request counts in", () => {
  test.each([
    ["POST", "/12/accounts/abc/campaigns", { kind: "writes", bucket: "writes", perAccount: false }],
    ["DELETE", "/12/accounts/abc/line_items/x", { kind: "writes", bucket: "writes", perAccount: false }],
    ["POST", "/12/batch/accounts/abc/campaigns", { kind: "writes", bucket: "writes", perAccount: false }],
    ["POST", "/12/accounts/abc/custom_audiences/a/users", { kind: "audienceUploads", bucket: "custom_audience_users", perAccount: false }],
    ["POST", "/12/batch/accounts/abc/do_not_reach_lists/l/users", { kind: "audienceUploads", bucket: "batch_do_not_reach_list_users", perAccount: false }],
    ["GET", "/12/accounts/abc/campaigns", { kind: "coreEntityReads", bucket: "campaigns", perAccount: true }],
    ["GET", "/12/accounts/abc/line_items/x", { kind: "coreEntityReads", bucket: "line_items", perAccount: true }],
    ["GET", "/12/accounts/abc", { kind: "coreEntityReads", bucket: "accounts", perAccount: true }],
    ["GET", "/12/accounts", { kind: "coreEntityReads", bucket: "accounts", perAccount: false }],
    ["GET", "/12/accounts/abc/cards", { kind: "otherAccountReads", bucket: "cards", perAccount: true }],
    ["GET", "/12/accounts/abc/targeting_criteria", { kind: "targetingCriteriaReads", bucket: "targeting_criteria", perAccount: false }],
    ["GET", "/12/content_categories", { kind: "globalReads", bucket: "content_categories", perAccount: false }],
    ["GET", "/12/line_items/placements", { kind: "globalReads", bucket: "line_items/placements", perAccount: false }],
    ["GET", "/12/advertiser_business_categories", { kind: "globalReads", bucket: "advertiser_business_categories", perAccount: false }],
    ["GET", "/12/insights/keywords/search", { kind: "keywordInsights", bucket: "insights/keywords/search", perAccount: false }],
  ])("%s %s", (method, url, expected) => {
    expect(classify(method, describeApiPath(url)!)).toEqual(expected);
  });
});

describe("RateLimiter", () => {
  const campaigns = { family: "campaigns", accountId: "a" };

  test("counts per user and account in a fixed window that starts over after it ends", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    limiter.setLimit("campaigns", 2, 60);
    expect(limiter.take("GET", campaigns, "u", "a")).toMatchObject({ allowed: true, user: { limit: 2, remaining: 1, reset: 1060 }, account: { remaining: 1 } });
    limiter.take("GET", campaigns, "u", "a");
    expect(limiter.take("GET", campaigns, "u", "a")).toMatchObject({ allowed: false, refusedBy: "campaigns", user: { remaining: 0 } });
    expect(limiter.take("GET", campaigns, "u", "other-account")).toMatchObject({ allowed: false, account: { remaining: 2 } });
    now += 60_000;
    expect(limiter.take("GET", campaigns, "u", "a")).toMatchObject({ allowed: true, user: { remaining: 1, reset: 1120 } });
  });

  test("the published limits: an account's core entity reads 10,000, its other reads 2,000, the user's writes 450 a minute across endpoints", () => {
    const limiter = new RateLimiter(() => 1_000_000);
    expect(limiter.take("GET", campaigns, "u", "a").account).toMatchObject({ limit: 10_000, remaining: 9999 });
    expect(limiter.take("GET", { family: "cards", accountId: "a" }, "u", "a").account).toMatchObject({ limit: 2000 });
    for (let i = 0; i < 449; i++) limiter.take("POST", campaigns, "u", "a");
    const last = limiter.take("PUT", { family: "line_items", accountId: "b" }, "u", "b");
    expect(last).toMatchObject({ allowed: true, user: { limit: 450, remaining: 0, reset: 1060 } });
    expect(last.account).toBeUndefined();
    expect(limiter.take("DELETE", { family: "cards", accountId: "c" }, "u", "c")).toMatchObject({ allowed: false, refusedBy: "writes" });
    expect(limiter.take("POST", campaigns, "another user", "a").allowed).toBe(true);
  });

  test("global reads: 5 per 15 minutes per endpoint", () => {
    const limiter = new RateLimiter(() => 1_000_000);
    const categories = { family: "content_categories" };
    const answers = Array.from({ length: 6 }, () => limiter.take("GET", categories, "u", undefined));
    expect(answers.map((a) => a.allowed)).toEqual([true, true, true, true, true, false]);
    expect(answers[5]!.user).toEqual({ limit: 5, remaining: 0, reset: 1900 });
    expect(limiter.take("GET", { family: "bidding_rules" }, "u", undefined).allowed).toBe(true);
  });
});

describe("latency", () => {
  test("one wait is the latency plus or minus up to the jitter, a tenth of it by default, never below 0", () => {
    expect(latencyDelayMs({ ms: 150, jitterMs: 30 }, () => 0)).toBe(120);
    expect(latencyDelayMs({ ms: 150, jitterMs: 30 }, () => 0.5)).toBe(150);
    expect(latencyDelayMs({ ms: 150, jitterMs: 30 }, () => 0.999999)).toBe(180);
    expect(latencyDelayMs({ ms: 150 }, () => 0)).toBe(135);
    expect(latencyDelayMs({ ms: 10, jitterMs: 50 }, () => 0)).toBe(0);
  });

  test("a negative latency or jitter is refused, naming it", () => {
    expect(() => checkLatency({ ms: -1 })).toThrow("latency ms must be a number of at least 0, got -1");
    expect(() => checkLatency({ ms: 1, jitterMs: Number.NaN })).toThrow(/^latency jitterMs must be/);
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
