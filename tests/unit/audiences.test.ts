import { createHash } from "node:crypto";
import { describeApiPath } from "../../emulator/api-path";
import { queueKey } from "../../provider/client/client";
import { slidingWindowDelayMs, windowsOf } from "../../provider/client/rate-limit";
import { LIMITS, monthsAfter } from "../../provider/limits";
import { AdsClient } from "../../provider/client/client";
import { MaybeCommittedError } from "../../provider/client/errors";
import { backoffMs } from "../../provider/client/retry";
import { packageSchema } from "../../provider/schema";
import {
  CUSTOM_AUDIENCE_USER_FIELDS, chunkUploads, DO_NOT_REACH_USER_FIELDS, expiryFailures, hashUsers, UPLOAD_BACKOFF, uploadChunks, User,
} from "../../provider/resources/audience-users";
import { customAudience } from "../../provider/resources/custom-audience";
import { customAudienceMembers } from "../../provider/resources/custom-audience-members";
import { doNotReachList } from "../../provider/resources/do-not-reach-list";
import { doNotReachListMembers } from "../../provider/resources/do-not-reach-list-members";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const ACCOUNT = "18ce54d4x5t";
const hash = (users: User[]) => hashUsers(users, CUSTOM_AUDIENCE_USER_FIELDS, "CustomAudienceMembers \"m\"");
const reasons = (r: { failures?: { reason: string }[] }) => (r.failures ?? []).map((f) => f.reason);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

describe("normalization and hashing (in the program, by the SDK class)", () => {
  test("each identifier type is normalized as the platform publishes, then SHA-256 hashed", () => {
    expect(hash([{
      email: ["  Jane.Doe@Example.COM "], handle: [" @AdsAPI"], phoneNumber: ["+1 (415) 555-2671"],
      deviceId: ["4B61639E-47CC-4056-A16A-C8217E029462"], platformId: [" 143567 "], partnerUserId: [" CRM-1 "],
    }])).toEqual([{
      email: [sha("jane.doe@example.com")], handle: [sha("adsapi")], phoneNumber: [sha("14155552671")],
      deviceId: [sha("4b61639e-47cc-4056-a16a-c8217e029462")], platformId: [sha("143567")], partnerUserId: [" CRM-1 "],
    }]);
    // The platform's own example: @AdsAPI hashes to 49e0be2a...
    expect(hash([{ handle: ["@AdsAPI"] }])[0]!.handle).toEqual(["49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d"]);
  });

  test("international 00 prefixes and symbols are dropped from phone numbers", () => {
    expect(hash([{ phoneNumber: ["0044 20 7946 0958"] }])[0]!.phoneNumber).toEqual([sha("442079460958")]);
  });

  test("pre-hashed values are kept (lower-cased), and the same user twice is one member", () => {
    const h = sha("a@example.com");
    expect(hash([{ email: [h.toUpperCase()] }, { email: ["A@example.com"] }, { email: [h] }])).toEqual([{ email: [h] }]);
  });

  test("a bad identifier is refused naming its position and the rule, never the value", () => {
    expect(() => hash([{ email: ["ok@example.com"] }, { email: ["not-an-email"] }])).toThrow('CustomAudienceMembers "m": users[1].email[0] is not an e-mail address once normalized');
    expect(() => hash([{ phoneNumber: ["555-12"] }])).toThrow(/users\[0\]\.phoneNumber\[0\] is not a phone number with its country code \(7 to 15 digits, E.164\)/);
    expect(() => hash([{}])).toThrow(/users\[0\] has no identifier/);
    expect(() => hashUsers([{ handle: ["jack"] }], DO_NOT_REACH_USER_FIELDS, "x")).toThrow("x: users[0].handle is not a user field here (email, phoneNumber)");
    let refusal: unknown;
    try {
      hash([{ email: ["secret-person.example.com"] }]);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(Error);
    expect(String(refusal)).not.toContain("secret-person");
  });
});

describe("CustomAudience", () => {
  const valid = () => ({ accountId: ACCOUNT, name: "Newsletter", description: "Opted in" });

  test("valid inputs pass; an empty name is refused, naming the field", () => {
    expect(reasons(customAudience.check({}, valid()))).toEqual([]);
    expect(reasons(customAudience.check({}, { ...valid(), name: "" }))).toEqual(["name must not be empty"]);
  });

  test("name and description update in place; a new account replaces, only with deletionProtection off", () => {
    const state = { ...valid(), deletionProtection: true } as never;
    expect(customAudience.diff("a1", state, { ...valid(), name: "Renamed", deletionProtection: true } as never)).toMatchObject({ changes: true });
    expect(customAudience.diff("a1", state, { ...valid(), name: "Renamed", deletionProtection: true } as never).replaces).toBeUndefined();
    expect(customAudience.diff("a1", state, { ...valid(), description: undefined, deletionProtection: true } as never)).toMatchObject({ changes: true });
    expect(customAudience.diff("a1", state, { ...valid(), accountId: "other", deletionProtection: false } as never).replaces).toEqual(["accountId"]);
    expect(reasons(customAudience.check(state, { ...valid(), accountId: "other" }))).toEqual([expect.stringMatching(/^changing accountId replaces the custom audience .*Set deletionProtection: false/)]);
  });
});

describe("DoNotReachList", () => {
  test("a new description replaces the list, deleting the old one first (one per account)", () => {
    const state = { accountId: ACCOUNT, description: "a" } as never;
    expect(doNotReachList.diff("l1", state, { accountId: ACCOUNT, description: "b" } as never)).toMatchObject({ changes: true, replaces: ["description"], deleteBeforeReplace: true });
    expect(doNotReachList.diff("l1", state, { accountId: ACCOUNT, description: "a" } as never)).toMatchObject({ changes: false });
  });
});

describe("member lists", () => {
  const users = (n: number, from = 0) => hash(Array.from({ length: n }, (_, i) => ({ email: [`u${from + i}@example.com`] })));
  const members = (extra: Record<string, unknown> = {}) => ({ accountId: ACCOUNT, customAudienceId: "a1", users: users(3), ...extra });

  test("check plans counts, never identifiers: memberChanges says what is added and removed", () => {
    const first = customAudienceMembers.check({}, members());
    expect(reasons(first)).toEqual([]);
    expect(first.inputs!.memberChanges).toBe("+3 -0 (3 members)");
    const second = customAudienceMembers.check(first.inputs!, members({ users: users(3, 1) }));
    expect(second.inputs!.memberChanges).toBe("+1 -1 (3 members)");
  });

  test("a value that is not a hash is refused without echoing it", () => {
    const r = customAudienceMembers.check({}, members({ users: [{ email: ["jane@example.com"] }] }));
    expect(reasons(r)).toEqual([expect.stringMatching(/^users\[0\]\.email must hold SHA-256 hashes of normalized values \(64 lowercase hex characters\)/)]);
    expect(JSON.stringify(r)).not.toContain("jane@example.com");
    expect(reasons(customAudienceMembers.check({}, members({ users: [{ email: [sha("x")], twitter: [sha("y")] }] })))).toEqual([expect.stringMatching(/^users\[0\]\.twitter is not a user field here/)]);
  });

  test("expiresAt later than effectiveAt and at most 13 months after it", () => {
    const effectiveAt = "2030-01-31T00:00:00Z";
    expect(reasons(customAudienceMembers.check({}, members({ effectiveAt, expiresAt: "2031-02-28T00:00:00Z" })))).toEqual([]);
    expect(reasons(customAudienceMembers.check({}, members({ effectiveAt, expiresAt: "2031-03-01T00:00:00Z" })))).toEqual([
      "expiresAt must be at most 13 months after effectiveAt (2030-01-31T00:00:00Z): at the latest 2031-02-28T00:00:00.000Z (got 2031-03-01T00:00:00Z)",
    ]);
    expect(reasons(customAudienceMembers.check({}, members({ effectiveAt, expiresAt: "2030-01-30T00:00:00Z" })))).toEqual([
      "expiresAt must be later than effectiveAt (2030-01-31T00:00:00Z) (got 2030-01-30T00:00:00Z)",
    ]);
    expect(reasons(customAudienceMembers.check({}, members({ expiresAt: "not a time" })))).toEqual([expect.stringMatching(/^expiresAt must be an ISO 8601 date-time/)]);
  });

  test("do-not-reach expiry: later than now, at most 13 months ahead; no effectiveAt", () => {
    const dnr = (extra: Record<string, unknown>) => doNotReachListMembers.check({}, { accountId: ACCOUNT, doNotReachListId: "l1", users: users(1), ...extra });
    expect(reasons(dnr({ expiresAt: inDays(30) }))).toEqual([]);
    expect(reasons(dnr({ expiresAt: inDays(-1) }))).toEqual([expect.stringMatching(/^expiresAt must be later than now/)]);
    expect(reasons(dnr({ expiresAt: inDays(400) }))).toEqual([expect.stringMatching(/^expiresAt must be at most 13 months after now/)]);
    expect(reasons(dnr({ effectiveAt: inDays(1) }))).toEqual(["unknown input effectiveAt"]);
    expect(expiryFailures({ expiresAt: new Date(monthsAfter(Date.UTC(2030, 0, 1), 13)).toISOString() }, false, Date.UTC(2030, 0, 1))).toEqual([]);
  });

  test("an expiry that has passed does not fail an unchanged list (nothing is uploaded)", () => {
    const old = { ...members({ effectiveAt: "2020-01-01T00:00:00Z", expiresAt: "2020-06-01T00:00:00Z" }) };
    expect(reasons(customAudienceMembers.check({}, { ...old, effectiveAt: undefined }))).toEqual([expect.stringMatching(/later than now/)]);
    expect(reasons(customAudienceMembers.check(old as never, old))).toEqual([]);
  });

  test("diff: the set, not the order; new times update; a new audience replaces", () => {
    const state = { ...members(), memberChanges: "+3 -0 (3 members)" } as never;
    expect(customAudienceMembers.diff("a1", state, members({ users: [...users(3)].reverse() }) as never)).toMatchObject({ changes: false });
    expect(customAudienceMembers.diff("a1", state, members({ users: users(2) }) as never)).toMatchObject({ changes: true });
    expect(customAudienceMembers.diff("a1", state, members({ users: users(2) }) as never).replaces).toBeUndefined();
    expect(customAudienceMembers.diff("a1", state, members({ expiresAt: inDays(10) }) as never)).toMatchObject({ changes: true });
    expect(customAudienceMembers.diff("a1", state, members({ customAudienceId: "a2" }) as never).replaces).toEqual(["customAudienceId"]);
  });
});

describe("chunks", () => {
  const emails = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ email: [sha(`u${from + i}`)] }));
  const bytesOf = (chunk: unknown) => Buffer.byteLength(JSON.stringify(chunk));
  const usersOf = (chunk: { params: Record<string, unknown> }[]) => chunk.flatMap((item) => item.params.users as unknown[]);

  test("the platform counts operation objects, not users: one object per request holds as many users as 5,000,000 bytes allow", () => {
    expect(chunkUploads([{ type: "Update", users: emails(6000) }], {}).map((c) => c.map((item) => usersOf([item]).length))).toEqual([[6000]]);
    const chunks = chunkUploads([{ type: "Update", users: emails(100_000) }], { expires_at: "2030-01-01T00:00:00Z" });
    expect(chunks).toHaveLength(2);
    for (const c of chunks) {
      expect(c).toHaveLength(1);
      expect(bytesOf(c)).toBeLessThanOrEqual(LIMITS.audienceUpload.bodyBytes);
    }
    // The first request is full: the next user would not have fitted.
    expect(bytesOf(chunks[0]) + 1 + bytesOf({ email: [sha("u0")] })).toBeGreaterThan(LIMITS.audienceUpload.bodyBytes);
  });

  test("a request fills to the byte limit exactly, and not a byte beyond", () => {
    const users = emails(50);
    const body = chunkUploads([{ type: "Update", users }], { expires_at: "2030-01-01T00:00:00Z" });
    expect(body).toHaveLength(1);
    const exact = bytesOf(body[0]);
    expect(chunkUploads([{ type: "Update", users }], { expires_at: "2030-01-01T00:00:00Z" }, { operations: 2500, bytes: exact })).toHaveLength(1);
    expect(chunkUploads([{ type: "Update", users }], { expires_at: "2030-01-01T00:00:00Z" }, { operations: 2500, bytes: exact - 1 })).toHaveLength(2);
  });

  test("a Delete and an Update share a request as two operation objects, unless the operation limit leaves room for one", () => {
    const ops = [{ type: "Delete" as const, users: emails(3) }, { type: "Update" as const, users: emails(2, 3) }];
    expect(chunkUploads(ops, {}).map((c) => c.map((item) => [item.operation_type, usersOf([item]).length]))).toEqual([[["Delete", 3], ["Update", 2]]]);
    expect(chunkUploads(ops, {}, { operations: 1, bytes: 1_000_000 }).map((c) => c.map((item) => [item.operation_type, usersOf([item]).length])))
      .toEqual([[["Delete", 3]], [["Update", 2]]]);
  });

  test("every user sent is in exactly one request, in order, and every request keeps both limits", () => {
    const deleted: User[] = emails(700);
    const big = Array.from({ length: 300 }, (_, i) => ({ partnerUserId: [`${i}`.padEnd(1 + (i % 7) * 400, "x")] }));
    const updated: User[] = [...emails(900, 700), ...big];
    const wire = [...deleted, ...updated].map((u) => JSON.stringify(u.email ? { email: u.email } : { partner_user_id: u.partnerUserId }));
    for (const limits of [{ operations: 1, bytes: 20_000 }, { operations: 2, bytes: 7_919 }, { operations: 3, bytes: 250_000 }, { operations: 2500, bytes: 5_000_000 }]) {
      const chunks = chunkUploads([{ type: "Delete", users: deleted }, { type: "Update", users: updated }], { expires_at: "2030-01-01T00:00:00Z" }, limits);
      const sent = chunks.flatMap(usersOf).map((u) => JSON.stringify(u));
      expect([limits, sent]).toEqual([limits, wire]);
      expect([limits, chunks.filter((c) => c.length > limits.operations || bytesOf(c) > limits.bytes)]).toEqual([limits, []]);
    }
  });

  test("large user objects split earlier: at most 5,000,000 bytes a request", () => {
    const big = Array.from({ length: 2500 }, (_, i) => ({ partnerUserId: [`${i}`.padEnd(2500, "x")] }));
    const chunks = chunkUploads([{ type: "Update", users: big }], { expires_at: "2030-01-01T00:00:00Z" });
    expect(chunks.length).toBe(2);
    for (const c of chunks) expect(bytesOf(c)).toBeLessThanOrEqual(LIMITS.audienceUpload.bodyBytes);
    expect(() => chunkUploads([{ type: "Update", users: big }], {}, { operations: 2500, bytes: 2000 })).toThrow("a user object is larger than the 2000-byte request limit");
  });

  test("wire names and operation types: Update carries the times, Delete none", () => {
    const chunks = chunkUploads([{ type: "Delete", users: [{ phoneNumber: ["h1"] }] }, { type: "Update", users: [{ partnerUserId: ["p"] }] }], { effective_at: "e", expires_at: "x" });
    expect(chunks).toEqual([[
      { operation_type: "Delete", params: { users: [{ phone_number: ["h1"] }] } },
      { operation_type: "Update", params: { users: [{ partner_user_id: ["p"] }], effective_at: "e", expires_at: "x" } },
    ]]);
  });
});

describe("resends", () => {
  const chunk = (n: number) => [{ operation_type: "Update" as const, params: { users: Array.from({ length: n }, (_, i) => ({ email: [sha(`u${i}`)] })) } }];

  test("a short count or a lost answer sends the chunk again after the shared back-off, until the counts match", async () => {
    const answers: (() => unknown)[] = [
      () => ({ success_count: 2, total_count: 3 }),
      () => { throw new MaybeCommittedError({ code: "NO_RESPONSE", message: "no answer", method: "POST", path: "/users" }); },
      () => ({ success_count: 3, total_count: 3 }),
    ];
    const client = { post: async () => answers.shift()!() } as unknown as AdsClient;
    const waits: number[] = [];
    const log: string[] = [];
    await uploadChunks(client, "/users", [chunk(3)], "audience a1", { sleep: async (ms) => void waits.push(ms), random: () => 0.5, log: (l) => log.push(l) });
    expect(waits).toEqual([1, 2].map((attempt) => backoffMs(attempt, { ...UPLOAD_BACKOFF, random: () => 0.5 })));
    expect(log.at(-1)).toBe("audience a1: uploaded 1/1 chunks (3 of 3 users)");
  });

  test("after 5 attempts without the full count, the upload fails saying it is safe to run again", async () => {
    const client = { post: async () => ({ success_count: 0, total_count: 3 }) } as unknown as AdsClient;
    await expect(uploadChunks(client, "/users", [chunk(3)], "audience a1", { sleep: async () => {}, log: () => {} }))
      .rejects.toThrow("audience a1: chunk 1/1 was not fully accepted after 5 attempts (success_count 0 and total_count 3 for 3 users sent); run pulumi up again (uploads are idempotent)");
  });
});

describe("the hashed users are secret", () => {
  test("declared once: secret in schema.json, never read back, for both member kinds", () => {
    const resources = packageSchema("0.0.0").resources as Record<string, { inputProperties: Record<string, { secret?: boolean }> }>;
    for (const def of [customAudienceMembers, doNotReachListMembers]) {
      expect(def.fields.secret).toEqual(["users"]);
      expect(def.fields.writeOnly).toContain("users");
      expect(resources[`xads:index:${def.kind}`]!.inputProperties.users!.secret).toBe(true);
    }
  });
});

describe("upload rate limits", () => {
  test("uploads have their own queue and family, with the 1,500-a-minute cap planned", () => {
    expect(queueKey("/12/accounts/abc/custom_audiences/a1/users")).toBe("accounts/abc/custom_audiences/users");
    expect(queueKey("/12/accounts/abc/custom_audiences/a1")).toBe("accounts/abc/custom_audiences");
    expect(queueKey("/12/batch/accounts/abc/do_not_reach_lists/l1/users")).toBe("batch/accounts/abc/do_not_reach_lists/users");
    expect(windowsOf("POST", "/12/accounts/abc/custom_audiences/a1/users").user).toEqual({ key: "custom_audiences/users", published: { limit: 1500, windowMs: 60_000 }, byToken: true });
    expect(windowsOf("POST", "/12/accounts/abc/custom_audiences/a1").user.key).toBe("writes");
    expect(describeApiPath("/sandbox/12/accounts/abc/custom_audiences/a1/users")?.family).toBe("custom_audience_users");
    expect(describeApiPath("/12/batch/accounts/abc/do_not_reach_lists/l1/users")?.family).toBe("batch_do_not_reach_list_users");
  });

  test("the sliding window waits only once the cap is used up, until the oldest leaves it", () => {
    expect(slidingWindowDelayMs([1000, 2000], 3000, 3, 60_000)).toBe(0);
    expect(slidingWindowDelayMs([1000, 2000, 2500], 3000, 3, 60_000)).toBe(58_000);
    expect(slidingWindowDelayMs([1000, 2000, 2500], 62_000, 3, 60_000)).toBe(0);
  });

  test("13 months is calendar months, clamped to the month's end", () => {
    expect(new Date(monthsAfter(Date.UTC(2030, 0, 31), 13)).toISOString()).toBe("2031-02-28T00:00:00.000Z");
    expect(new Date(monthsAfter(Date.UTC(2030, 5, 15, 12), 13)).toISOString()).toBe("2031-07-15T12:00:00.000Z");
  });
});
