/**
 * Custom audiences, their members and the do-not-reach list against the
 * emulator: the platform's rules (unique names, one list per account, upload
 * limits, hashes, expiry), the provider's lifecycle, chunked uploads retried
 * until the counts match, and the data sources.
 */
import { createHash } from "node:crypto";
import { AdsClient, Entity, ValidationError } from "../../provider/client";
import { LIMITS } from "../../provider/limits";
import { listAudienceTargeting, listCustomAudiences } from "../../provider/data-sources";
import { customAudience } from "../../provider/resources/custom-audience";
import { customAudienceMembers } from "../../provider/resources/custom-audience-members";
import { doNotReachList } from "../../provider/resources/do-not-reach-list";
import { doNotReachListMembers } from "../../provider/resources/do-not-reach-list-members";
import { CUSTOM_AUDIENCE_USER_FIELDS, DO_NOT_REACH_USER_FIELDS, hashUsers, User } from "../../provider/resources/audience-users";
import { ACCOUNT, seedLineItem, useEmulator } from "./fixtures";

jest.setTimeout(120_000);

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const emails = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ email: [` User${from + i}@Example.COM `] }));
const hashed = (users: User[], fields = CUSTOM_AUDIENCE_USER_FIELDS) => hashUsers(users, fields, "test");
const uploads = (suffix = "/users") => emu().control.requests().filter((r) => r.method === "POST" && r.path.endsWith(suffix));
const storedEmails = (collection: string, id: string) => emu().control.members("sandbox", ACCOUNT, collection, id).map((m) => m.user.email![0]).sort();
const expectedEmails = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => sha(`user${from + i}@example.com`)).sort();

async function audience(name = "Newsletter"): Promise<string> {
  const { id } = await customAudience.create(ctx(), customAudience.check({}, { accountId: ACCOUNT, name, deletionProtection: false }).inputs!);
  return id;
}

function memberInputs(customAudienceId: string, users: User[], extra: Record<string, unknown> = {}, olds: Record<string, unknown> = {}) {
  const result = customAudienceMembers.check(olds as never, { accountId: ACCOUNT, customAudienceId, users: hashed(users), ...extra });
  expect(result.failures ?? []).toEqual([]);
  return result.inputs!;
}

let stderr: jest.SpyInstance;
beforeEach(() => {
  // Progress lines go to the provider's stderr (the Pulumi CLI shows them): collected here.
  stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
});
afterEach(() => stderr.mockRestore());
const progress = () => stderr.mock.calls.map((c) => String(c[0])).filter((l) => /uploaded \d+\/\d+ chunks/.test(l));

describe("CustomAudience", () => {
  test("create, read, name and description updated in place, idempotent delete", async () => {
    const inputs = customAudience.check({}, { accountId: ACCOUNT, name: "Buyers", description: "2025", deletionProtection: false }).inputs!;
    const { id, outs } = await customAudience.create(ctx(), inputs);
    expect(outs).toMatchObject({ name: "Buyers", description: "2025", isOwner: true });
    const updated = await customAudience.update(ctx(), id, outs, { ...inputs, name: "Buyers 2026", description: undefined });
    expect(updated).toMatchObject({ name: "Buyers 2026" });
    expect(updated.description).toBeUndefined();
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audiences")).toEqual([expect.objectContaining({ id, name: "Buyers 2026", description: null })]);
    expect((await customAudience.read(ctx(), id, updated))?.props.name).toBe("Buyers 2026");
    await customAudience.delete(ctx(), id, updated);
    await customAudience.delete(ctx(), id, updated);
    expect(await customAudience.read(ctx(), id, updated)).toBeUndefined();
  });

  test("an update keeps the owner its PUT does not answer (is_owner without owner_account_id, ref audiences/reference.mdx PUT custom_audiences)", async () => {
    const inputs = customAudience.check({}, { accountId: ACCOUNT, name: "Owned", deletionProtection: false }).inputs!;
    const { id, outs } = await customAudience.create(ctx(), inputs);
    const owner = { isOwner: true, ownerAccountId: ACCOUNT, permissionLevel: "READ_WRITE" };
    expect(outs).toMatchObject(owner);
    const put = await client().put(`/12/accounts/${ACCOUNT}/custom_audiences/${id}`, { description: "the PUT's answer" });
    expect(put).toMatchObject({ is_owner: true });
    expect(put).not.toHaveProperty("owner_account_id");
    const updated = await customAudience.update(ctx(), id, outs, { ...inputs, name: "Owned 2026" });
    expect(updated).toMatchObject({ name: "Owned 2026", ...owner });
  });

  test("a duplicate name is refused by the platform, naming name, on POST and PUT", async () => {
    await audience("Same");
    const other = await audience("Other");
    const post = await client().post(`/12/accounts/${ACCOUNT}/custom_audiences`, { name: "Same" }).catch((e: unknown) => e);
    expect(post).toBeInstanceOf(ValidationError);
    expect(post).toMatchObject({ status: 400, parameter: "name" });
    const put = await client().put(`/12/accounts/${ACCOUNT}/custom_audiences/${other}`, { name: "Same" }).catch((e: unknown) => e);
    expect(put).toMatchObject({ status: 400, parameter: "name" });
  });

  test("a create whose answer never came is looked up by name and adopted, never sent twice", async () => {
    emu().control.fault({ method: "POST", path: "/custom_audiences$", kind: "timeout-after-commit", delayMs: 3000 });
    const inputs = customAudience.check({}, { accountId: ACCOUNT, name: "Timed out" }).inputs!;
    const { id } = await customAudience.create(ctx(client(500)), inputs);
    expect(uploads("/custom_audiences")).toHaveLength(1);
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audiences").map((a) => a.id)).toEqual([id]);
  });

  test("the list filters by q and custom_audience_ids; SHARED lists audiences other accounts granted", async () => {
    const mine = await audience("Mine A");
    await audience("Mine B");
    const c = client();
    expect((await c.list<Entity>(`/12/accounts/${ACCOUNT}/custom_audiences`, { q: "mine a" })).map((a) => a.id)).toEqual([mine]);
    expect((await c.list<Entity>(`/12/accounts/${ACCOUNT}/custom_audiences`, { custom_audience_ids: [mine] })).map((a) => a.name)).toEqual(["Mine A"]);
    const owner = emu().control.createAccount("sandbox", { name: "Owner" });
    const theirs = emu().control.insert("sandbox", owner.id, "custom_audiences", { account_id: owner.id, name: "Theirs", description: null });
    emu().control.insert("sandbox", owner.id, "custom_audience_permissions", { custom_audience_id: theirs.id, granted_account_id: ACCOUNT, permission_level: "READ_ONLY" });
    expect((await listCustomAudiences(ctx(), ACCOUNT, "SHARED")).map((a) => [a.name, a.isOwner])).toEqual([["Theirs", false]]);
    expect((await listCustomAudiences(ctx(), ACCOUNT)).map((a) => a.name)).toEqual(["Mine A", "Mine B"]);
    const bad = await c.list(`/12/accounts/${ACCOUNT}/custom_audiences`, { permission_scope: "ALL" }).catch((e: unknown) => e);
    expect(bad).toMatchObject({ status: 400, parameter: "permission_scope" });
  });

  test("targeted lists the line items targeting the audience; with_active false adds those that cannot serve", async () => {
    const id = await audience();
    const active = await seedLineItem(client());
    const paused = await seedLineItem(client());
    emu().control.edit("sandbox", ACCOUNT, "line_items", paused, { entity_status: "PAUSED" });
    for (const lineItem of [active, paused]) {
      emu().control.insert("sandbox", ACCOUNT, "targeting_criteria", { line_item_id: lineItem, targeting_type: "CUSTOM_AUDIENCE", targeting_value: id, operator_type: "EQ" });
    }
    const lineItems = (rows: Awaited<ReturnType<typeof listAudienceTargeting>>) => rows.flatMap((r) => r.lineItems.map((l) => [l.id, l.servable])).sort();
    expect(lineItems(await listAudienceTargeting(ctx(), ACCOUNT, id))).toEqual([[active, true]]);
    expect(lineItems(await listAudienceTargeting(ctx(), ACCOUNT, id, false))).toEqual([[active, true], [paused, false]].sort());
  });
});

describe("CustomAudienceMembers", () => {
  test("6,000 members upload in one request of one operation object; removing 1,000 leaves exactly the expected hashed set", async () => {
    const id = await audience();
    const first = memberInputs(id, emails(0, 6000));
    expect(first.memberChanges).toBe("+6000 -0 (6000 members)");
    const { outs } = await customAudienceMembers.create(ctx(), first);
    expect(uploads().map((r) => (r.body as { params: { users: unknown[] } }[]).map((op) => op.params.users.length))).toEqual([[6000]]);
    expect(progress()).toEqual([expect.stringMatching(/uploaded 1\/1 chunks \(6000 of 6000 users\)/)]);
    expect(storedEmails("custom_audiences", id)).toEqual(expectedEmails(0, 6000));

    emu().control.clearRequests();
    const second = memberInputs(id, emails(1000, 6000), {}, first);
    expect(second.memberChanges).toBe("+0 -1000 (5000 members)");
    expect(customAudienceMembers.diff(id, outs, second)).toMatchObject({ changes: true });
    await customAudienceMembers.update(ctx(), id, outs, second);
    expect(uploads().map((r) => (r.body as { operation_type: string }[])[0]!.operation_type)).toEqual(["Delete"]);
    expect(storedEmails("custom_audiences", id)).toEqual(expectedEmails(1000, 6000));
  });

  test("a chunk answered with a lower success_count is sent again, and the set ends right without duplicates", async () => {
    const id = await audience();
    emu().control.fault({ method: "POST", path: "/users$", kind: "short-count", shortBy: 7 });
    await customAudienceMembers.create(ctx(), memberInputs(id, emails(0, 6000)));
    const posts = uploads();
    expect(posts).toHaveLength(2);
    const shorted = posts.find((p) => p.fault === "short-count")!;
    // Only the short chunk went again, the same users.
    expect(posts.filter((p) => JSON.stringify(p.body) === JSON.stringify(shorted.body))).toHaveLength(2);
    const members = emu().control.members("sandbox", ACCOUNT, "custom_audiences", id);
    expect(members).toHaveLength(6000);
    expect(storedEmails("custom_audiences", id)).toEqual(expectedEmails(0, 6000));
  });

  test("100,000 members upload in 2 requests under 5,000,000 bytes each, with a progress line per chunk", async () => {
    const id = await audience();
    await customAudienceMembers.create(ctx(), memberInputs(id, emails(0, 100_000)));
    expect(uploads()).toHaveLength(2);
    expect(uploads().filter((r) => Buffer.byteLength(JSON.stringify(r.body)) > LIMITS.audienceUpload.bodyBytes)).toEqual([]);
    expect(progress()).toHaveLength(2);
    expect(progress()[1]).toMatch(/uploaded 2\/2 chunks \(100000 of 100000 users\)/);
    expect(emu().control.members("sandbox", ACCOUNT, "custom_audiences", id)).toHaveLength(100_000);
  });

  test("a new expiry sends every member again with it; destroy removes them all", async () => {
    const id = await audience();
    const first = memberInputs(id, [{ email: ["a@example.com"], phoneNumber: ["+1 (415) 555-2671"] }, { partnerUserId: ["crm-1"] }]);
    const { outs } = await customAudienceMembers.create(ctx(), first);
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const second = memberInputs(id, [{ email: ["a@example.com"], phoneNumber: ["14155552671"] }, { partnerUserId: ["crm-1"] }], { expiresAt }, first);
    expect(second.memberChanges).toBe("+0 -0 (2 members)");
    expect(customAudienceMembers.diff(id, outs, second)).toMatchObject({ changes: true });
    const updated = await customAudienceMembers.update(ctx(), id, outs, second);
    const stored = emu().control.members("sandbox", ACCOUNT, "custom_audiences", id);
    expect(stored.map((m) => Date.parse(m.expires_at))).toEqual([Math.floor(Date.parse(expiresAt) / 1000) * 1000, Math.floor(Date.parse(expiresAt) / 1000) * 1000]);
    expect(stored.map((m) => m.user)).toContainEqual({ email: [sha("a@example.com")], phone_number: [sha("14155552671")] });
    expect(stored.map((m) => m.user)).toContainEqual({ partner_user_id: ["crm-1"] });
    await customAudienceMembers.delete(ctx(), id, updated);
    expect(emu().control.members("sandbox", ACCOUNT, "custom_audiences", id)).toEqual([]);
  });

  test("members of a deleted audience are gone on read, and their delete is a no-op", async () => {
    const id = await audience();
    const { outs } = await customAudienceMembers.create(ctx(), memberInputs(id, emails(0, 3)));
    emu().control.remove("sandbox", ACCOUNT, "custom_audiences", id);
    expect(await customAudienceMembers.read(ctx(), id, outs)).toBeUndefined();
    await customAudienceMembers.delete(ctx(), id, outs);
  });
});

describe("the emulator's upload rules", () => {
  const user = () => ({ email: [sha("x@example.com")] });
  const post = (c: AdsClient, id: string, body: unknown) => c.post(`/12/accounts/${ACCOUNT}/custom_audiences/${id}/users`, undefined, body).catch((e: unknown) => e);

  test("operation objects are counted, not users: one operation of 3,000 users is taken; 2,501 operations are refused as a batch over its size", async () => {
    const id = await audience();
    const users = Array.from({ length: 3000 }, (_, i) => ({ email: [sha(`u${i}@example.com`)] }));
    expect(await post(client(), id, [{ operation_type: "Update", params: { users } }])).toEqual({ success_count: 3000, total_count: 3000 });
    const operations = users.slice(0, 2501).map((user) => ({ operation_type: "Update", params: { users: [user] } }));
    expect(await post(client(), id, operations.slice(0, 2500))).toEqual({ success_count: 2500, total_count: 2500 });
    const refused = await post(client(), id, operations);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused).toMatchObject({ status: 400, code: "INVALID_PARAMETER", message: expect.stringContaining("a batch must have at most 2500 items, got 2501") });
    expect((refused as ValidationError).parameter).toBeUndefined();
  });

  test("a body over 5,000,000 bytes is refused with 413 naming the limit", async () => {
    const id = await audience();
    const users = Array.from({ length: 2000 }, (_, i) => ({ partner_user_id: [`${i}`.padEnd(2600, "x")] }));
    expect(await post(client(), id, [{ operation_type: "Update", params: { users } }])).toMatchObject({ status: 413, message: expect.stringMatching(/at most 5000000 bytes/) });
  });

  test("unhashed identifiers are refused without echoing them; partner ids pass as given", async () => {
    const id = await audience();
    const err = await post(client(), id, [{ operation_type: "Update", params: { users: [{ email: ["raw@example.com"] }] } }]) as Error;
    expect(err).toMatchObject({ status: 400, parameter: "users", message: expect.stringMatching(/SHA-256/) });
    expect(err.message).not.toContain("raw@example.com");
    expect(await post(client(), id, [{ operation_type: "Update", params: { users: [{ partner_user_id: ["crm-7"] }] } }])).toEqual({ success_count: 1, total_count: 1 });
  });

  test("expires_at must be later than effective_at and at most 13 months after it", async () => {
    const id = await audience();
    const item = (effective_at: string, expires_at: string) => [{ operation_type: "Update", params: { users: [user()], effective_at, expires_at } }];
    expect(await post(client(), id, item("2030-01-01T00:00:00Z", "2029-12-31T00:00:00Z"))).toMatchObject({ status: 400, parameter: "expires_at", message: expect.stringMatching(/later than effective_at/) });
    expect(await post(client(), id, item("2030-01-01T00:00:00Z", "2031-02-02T00:00:00Z"))).toMatchObject({ status: 400, parameter: "expires_at", message: expect.stringMatching(/at most 13 months/) });
    expect(await post(client(), id, item("2030-01-01T00:00:00Z", "2031-02-01T00:00:00Z"))).toEqual({ success_count: 1, total_count: 1 });
  });
});

describe("DoNotReachList and its members", () => {
  const dnrInputs = (users: User[], extra: Record<string, unknown> = {}, olds: Record<string, unknown> = {}) => (doNotReachListId: string) => {
    const result = doNotReachListMembers.check(olds as never, { accountId: ACCOUNT, doNotReachListId, users: hashUsers(users, DO_NOT_REACH_USER_FIELDS, "test"), ...extra });
    expect(result.failures ?? []).toEqual([]);
    return result.inputs!;
  };

  test("one list per account: a second POST is refused, and create names the live list to adopt", async () => {
    const inputs = doNotReachList.check({}, { accountId: ACCOUNT, description: "Opt-outs" }).inputs!;
    const { id, outs } = await doNotReachList.create(ctx(), inputs);
    expect(outs).toMatchObject({ description: "Opt-outs" });
    await expect(doNotReachList.create(ctx(), inputs)).rejects.toThrow(`already has do-not-reach list ${id}, and an account has at most 1: take it over with adoptId: "${id}"`);
    const adopted = await doNotReachList.create(ctx(), { ...inputs, adoptId: id });
    expect(adopted.id).toBe(id);
    expect((await doNotReachList.read(ctx(), id, outs))?.props.description).toBe("Opt-outs");
    const put = await client().put(`/12/accounts/${ACCOUNT}/do_not_reach_lists/${id}`, { description: "x" }).catch((e: unknown) => e);
    expect(put).toMatchObject({ status: 405 });
    await doNotReachList.delete(ctx(), id, outs);
    await doNotReachList.delete(ctx(), id, outs);
    expect(await doNotReachList.read(ctx(), id, outs)).toBeUndefined();
  });

  test("members upload through the batch path, e-mails and phone numbers only, removals by Delete", async () => {
    const { id } = await doNotReachList.create(ctx(), doNotReachList.check({}, { accountId: ACCOUNT }).inputs!);
    const first = dnrInputs([...emails(0, 3000), { phoneNumber: ["+44 20 7946 0958"] }])(id);
    const { outs } = await doNotReachListMembers.create(ctx(), first);
    // One operation object of 3,001 users: the platform counts operations, not users.
    expect(uploads().map((r) => [r.path, (r.body as { params: { users: unknown[] } }[]).map((op) => op.params.users.length)]))
      .toEqual([[`/12/batch/accounts/${ACCOUNT}/do_not_reach_lists/${id}/users`, [3001]]]);
    expect(emu().control.members("sandbox", ACCOUNT, "do_not_reach_lists", id)).toHaveLength(3001);
    const second = dnrInputs(emails(0, 2000), {}, first)(id);
    expect(second.memberChanges).toBe("+0 -1001 (2000 members)");
    await doNotReachListMembers.update(ctx(), id, outs, second);
    expect(storedEmails("do_not_reach_lists", id)).toEqual(expectedEmails(0, 2000));
    const effective = await client().post(`/12/batch/accounts/${ACCOUNT}/do_not_reach_lists/${id}/users`, undefined,
      [{ operation_type: "Update", params: { users: [{ email: [sha("a@b.c")] }], effective_at: "2030-01-01T00:00:00Z" } }]).catch((e: unknown) => e);
    expect(effective).toMatchObject({ status: 400, parameter: "effective_at" });
    const handle = await client().post(`/12/batch/accounts/${ACCOUNT}/do_not_reach_lists/${id}/users`, undefined,
      [{ operation_type: "Update", params: { users: [{ handle: [sha("jack")] }] } }]).catch((e: unknown) => e);
    expect(handle).toMatchObject({ status: 400, parameter: "users" });
  });
});
