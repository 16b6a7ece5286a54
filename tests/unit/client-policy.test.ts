import { backoffMs, CLIENT_BACKOFF, decide } from "../../provider/client/retry";
import { admission, observe, othersSpent, parseRateLimits, retryAfterMs, windowsOf } from "../../provider/client/rate-limit";
import { encodeQuery, queueKey } from "../../provider/client/client";
import { redact } from "../../provider/client/errors";

describe("retry decisions never double-spend", () => {
  test("a POST without an answer may have committed and is not resent", () => {
    expect(decide("POST", { kind: "no-response" }, 0)).toBe("maybe-committed");
  });
  test("a POST answered 500 may have committed too", () => {
    expect(decide("POST", { kind: "response", status: 500 }, 0)).toBe("maybe-committed");
  });
  test("a POST refused with 429 or 503 did nothing and is retried", () => {
    expect(decide("POST", { kind: "response", status: 429 }, 0)).toBe("retry");
    expect(decide("POST", { kind: "response", status: 503 }, 0)).toBe("retry");
  });
  test("a POST not sent because the name server did not answer (EAI_AGAIN) is retried", () => {
    expect(decide("POST", { kind: "not-sent" }, 0)).toBe("retry");
  });
  test("a request to an address where nothing listens, or to a host that does not exist, fails at once, whatever the method", () => {
    for (const m of ["GET", "POST", "PUT", "DELETE"]) expect(decide(m, { kind: "unreachable" }, 0)).toBe("fail");
  });
  test("a POST that writes nothing (an audience estimate) is retried after a lost answer or a 500, as a GET is", () => {
    expect(decide("POST", { kind: "no-response" }, 0, true)).toBe("retry");
    expect(decide("POST", { kind: "response", status: 500 }, 0, true)).toBe("retry");
    expect(decide("POST", { kind: "response", status: 400 }, 0, true)).toBe("fail");
  });
  test("GET, PUT and DELETE are retried after a lost answer", () => {
    for (const m of ["GET", "PUT", "DELETE"]) expect(decide(m, { kind: "no-response" }, 0)).toBe("retry");
  });
  test("a 400 is never retried", () => {
    expect(decide("GET", { kind: "response", status: 400 }, 0)).toBe("fail");
  });
  test("retries stop after the last attempt", () => {
    expect(decide("GET", { kind: "response", status: 503 }, 5)).toBe("fail");
  });
});

describe("rate limits are planned from the headers", () => {
  const now = 1_700_000_000_000;
  const window = (remaining: number, resetInMs = 60_000, limit = 10) => ({ limit, remaining, resetAtMs: now + resetInMs });

  test("an answer describes the ad account's window and the user's", () => {
    expect(parseRateLimits({
      "x-account-rate-limit-limit": "10", "x-account-rate-limit-remaining": "0", "x-account-rate-limit-reset": "1700000060",
      "x-rate-limit-limit": "100", "x-rate-limit-remaining": "99", "x-rate-limit-reset": "1700000900",
    })).toEqual({ account: { limit: 10, remaining: 0, resetAtMs: 1_700_000_060_000 }, user: { limit: 100, remaining: 99, resetAtMs: 1_700_000_900_000 } });
    expect(parseRateLimits({ "x-rate-limit-limit": "450", "x-rate-limit-remaining": "449" })).toEqual({});
  });

  test.each([
    ["GET", "/12/accounts/abc/campaigns", { account: "accounts/abc/campaigns", user: "GET campaigns" }],
    ["GET", "/12/accounts/abc/campaigns?count=5", { account: "accounts/abc/campaigns", user: "GET campaigns" }],
    ["GET", "/12/accounts/abc/line_items/l1", { account: "accounts/abc/line_items", user: "GET line_items" }],
    ["GET", "/12/accounts/abc", { account: "accounts/abc/accounts", user: "GET accounts" }],
    ["GET", "/12/accounts", { user: "GET accounts" }],
    ["POST", "/12/batch/accounts/abc/campaigns", { user: "writes" }],
    ["DELETE", "/12/accounts/abc/line_items/l1", { user: "writes" }],
    ["POST", "/12/accounts/abc/custom_audiences/a1/users", { user: "custom_audiences/users" }],
    ["GET", "/12/accounts/abc/targeting_criteria", { user: "targeting_criteria" }],
    ["GET", "/12/content_categories", { user: "GET content_categories" }],
    ["GET", "/12/line_items/placements", { user: "GET line_items/placements" }],
  ])("%s %s counts in the windows of the reference's chart", (method, path, expected) => {
    const w = windowsOf(method, path);
    expect({ ...(w.account ? { account: w.account.key } : {}), user: w.user.key }).toEqual(expected);
  });

  const minutes = (m: number) => m * 60_000;
  test.each([
    ["GET", "/12/accounts/abc/campaigns", { limit: 10_000, windowMs: minutes(15) }, undefined],
    ["GET", "/12/accounts/abc/line_items/l1", { limit: 10_000, windowMs: minutes(15) }, undefined],
    ["GET", "/12/accounts/abc/cards", { limit: 2000, windowMs: minutes(15) }, undefined],
    ["GET", "/12/accounts", undefined, { limit: 10_000, windowMs: minutes(15) }],
    ["POST", "/12/batch/accounts/abc/campaigns", undefined, { limit: 450, windowMs: minutes(1) }],
    ["POST", "/12/accounts/abc/custom_audiences/a1/users", undefined, { limit: 1500, windowMs: minutes(1) }],
    ["GET", "/12/accounts/abc/targeting_criteria", undefined, { limit: 400, windowMs: minutes(15) }],
    ["GET", "/12/content_categories", undefined, { limit: 5, windowMs: minutes(15) }],
    ["GET", "/12/advertiser_business_categories", undefined, { limit: 5, windowMs: minutes(15) }],
    ["GET", "/12/insights/keywords/search?granularity=DAY", undefined, { limit: 500, windowMs: minutes(15) }],
  ])("%s %s: the published limits of its windows (the account's, the user's)", (method, path, account, user) => {
    const w = windowsOf(method, path);
    expect(w.account?.published).toEqual(account);
    expect(w.user.published).toEqual(user);
  });

  test("a window whose answers carry no headers is counted by the client against its published limit, in a window that slides", () => {
    const published = { limit: 3, windowMs: 60_000 };
    expect(admission({ published, inFlight: 2, sentAtMs: [now - 10, now - 5] }, now)).toEqual({ kind: "go" });
    expect(admission({ published, inFlight: 3, sentAtMs: [now - 10, now - 5, now] }, now)).toEqual({ kind: "wait", ms: 59_990 });
    expect(admission({ published, inFlight: 0, sentAtMs: [now - 60_000, now - 5, now] }, now)).toEqual({ kind: "go" });
    // The application's quota of a read below an account has no number: not limited until an answer reports it.
    expect(admission({ inFlight: 500, sentAtMs: [] }, now)).toEqual({ kind: "go" });
  });

  test("requests go while the remaining ones exceed those in flight: the limit is never met, let alone passed", () => {
    const sentAtMs: number[] = [];
    expect(admission({ state: window(3), inFlight: 2, sentAtMs }, now)).toEqual({ kind: "go" });
    expect(admission({ state: window(3), inFlight: 3, sentAtMs }, now)).toEqual({ kind: "answer" });
    expect(admission({ state: window(0), inFlight: 0, sentAtMs }, now)).toEqual({ kind: "wait", ms: 60_250 });
    // What the platform reports wins over the published number.
    expect(admission({ state: window(1), published: { limit: 10_000, windowMs: 900_000 }, inFlight: 1, sentAtMs }, now)).toEqual({ kind: "answer" });
  });

  test("a window not heard of yet, or whose reset the client waited out, takes one request, until its answer tells how much is left", () => {
    // Other processes of the user token may have used it: the published 450 is not this process's to spend at once.
    expect(admission({ unheard: true, published: { limit: 450, windowMs: 60_000 }, inFlight: 0, sentAtMs: [] }, now)).toEqual({ kind: "go" });
    expect(admission({ unheard: true, published: { limit: 450, windowMs: 60_000 }, inFlight: 1, sentAtMs: [now] }, now)).toEqual({ kind: "answer" });
  });

  test("in a window other processes use, the client keeps at most half of what is left in flight, and leaves a last one to the reset", () => {
    expect(admission({ state: window(10), shared: true, inFlight: 4, sentAtMs: [] }, now)).toEqual({ kind: "go" });
    expect(admission({ state: window(10), shared: true, inFlight: 5, sentAtMs: [] }, now)).toEqual({ kind: "answer" });
    expect(admission({ state: window(1), shared: true, inFlight: 0, sentAtMs: [] }, now)).toEqual({ kind: "wait", ms: 60_250 });
    // Alone in it, all of it.
    expect(admission({ state: window(1), inFlight: 0, sentAtMs: [] }, now)).toEqual({ kind: "go" });
  });

  test("an answer shows others in the window when the remaining count fell by more than the client's requests in flight", () => {
    expect(othersSpent(window(10), window(7), 3)).toBe(false);
    expect(othersSpent(window(10), window(6), 3)).toBe(true);
    // Out of order, the first answer, or a new window: nothing to tell.
    expect(othersSpent(window(5), window(9), 1)).toBe(false);
    expect(othersSpent(undefined, window(0), 1)).toBe(false);
    expect(othersSpent(window(400), window(2, 120_000), 1)).toBe(false);
  });

  test("past its reset a window has its whole limit again", () => {
    expect(admission({ state: window(0, -1), inFlight: 9, sentAtMs: [] }, now)).toEqual({ kind: "go" });
    expect(admission({ state: window(0, -1), inFlight: 10, sentAtMs: [] }, now)).toEqual({ kind: "answer" });
  });

  test("answers out of order: the remaining count of a window only falls; a later window replaces it", () => {
    expect(observe(window(5), window(7))).toEqual(window(5));
    expect(observe(window(5), window(2))).toEqual(window(2));
    expect(observe(window(0), window(9, 120_000))).toEqual(window(9, 120_000));
    expect(observe(window(9, 120_000), window(0))).toEqual(window(9, 120_000));
    expect(observe(undefined, window(4))).toEqual(window(4));
  });

  test("a 429 is waited out until retry-after, else until the reset of the exhausted window", () => {
    expect(retryAfterMs({ "retry-after": "3" }, now, 0)).toBe(3000);
    expect(retryAfterMs({ "x-rate-limit-limit": "1", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String((now + 2000) / 1000) }, now, 0)).toBe(2250);
    expect(retryAfterMs({
      "x-account-rate-limit-limit": "10", "x-account-rate-limit-remaining": "4", "x-account-rate-limit-reset": String((now + 2000) / 1000),
      "x-rate-limit-limit": "100", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String((now + 9000) / 1000),
    }, now, 0)).toBe(9250);
  });

  test("without either, it falls back to the client's back-off: 2 s at the third attempt, half of it random", () => {
    expect(retryAfterMs({}, now, 2, () => 0)).toBe(1000);
    expect(retryAfterMs({}, now, 2, () => 0.999_999)).toBe(2000);
  });
});

describe("one back-off for the client and the audience upload", () => {
  const base = { baseMs: 250, capMs: 10_000 };
  test("the step doubles each attempt up to the cap", () => {
    const steps = [0, 1, 2, 3, 4, 5, 6].map((a) => backoffMs(a, { ...base, random: () => 0.999_999 }));
    expect(steps).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000]);
    expect(backoffMs(40, { ...CLIENT_BACKOFF, random: () => 0.999_999 })).toBe(30_000);
  });
  test("equal jitter: at least half the step, the other half random", () => {
    expect(backoffMs(3, { ...base, random: () => 0 })).toBe(1000);
    expect(backoffMs(3, { ...base, random: () => 0.5 })).toBe(1500);
    const draws = Array.from({ length: 200 }, () => backoffMs(3, base));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...draws)).toBeLessThanOrEqual(2000);
    expect(new Set(draws).size).toBeGreaterThan(1);
  });
});

describe("requests", () => {
  test("queue per account and endpoint family", () => {
    expect(queueKey("/12/accounts/abc/campaigns/c1")).toBe("accounts/abc/campaigns");
    expect(queueKey("/12/accounts/abc/campaigns")).toBe("accounts/abc/campaigns");
    expect(queueKey("/12/batch/accounts/abc/campaigns")).toBe("batch/accounts/abc/campaigns");
  });
  test("lists are sent comma-separated and unset values left out", () => {
    expect(encodeQuery({ campaign_ids: ["a", "b"], with_deleted: true, q: undefined, count: 5 })).toEqual({
      campaign_ids: "a,b", with_deleted: "true", count: "5",
    });
  });
  test("secrets are redacted from messages", () => {
    expect(redact("token abcd1234 and key zz", ["abcd1234", "zz"])).toBe("token [redacted] and key zz");
  });
});
