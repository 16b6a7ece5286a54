/**
 * Flexible audiences and audience sharing permissions against the emulator:
 * the batch endpoint's rules (leaf count, lookback windows, boolean
 * operators, usable leaves, unique names, immutability, all or nothing),
 * creates of one `pulumi up` sharing batch POSTs, and the permissions'
 * rules (owner only, same business unless SHARE_AUDIENCE_OUTSIDE_BUSINESS,
 * no PUT), on /12 and /5, with the SHARED listing of the granted account.
 */
import { AdsApiError, Entity } from "../../provider/client";
import { BatchItem } from "../../provider/client/client";
import { listCustomAudiences } from "../../provider/data-sources";
import { customAudience } from "../../provider/resources/custom-audience";
import { customAudiencePermission } from "../../provider/resources/custom-audience-permission";
import { flexibleAudience, FlexibleAudienceInputs } from "../../provider/resources/flexible-audience";
import { toWire } from "../../provider/resources/fields";
import { tailoredAudiencePermission } from "../../provider/resources/tailored-audience-permission";
import { getCustomAudiences } from "../../sdk/data-sources";
import { ACCOUNT, setProcessEnv, useEmulator, xadsEnv } from "./fixtures";

jest.setTimeout(120_000);

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;

const BATCH = `/12/batch/accounts/${ACCOUNT}/custom_audiences`;
const batchPosts = () => emu().control.requests().filter((r) => r.method === "POST" && r.path === BATCH);
const writes = () => emu().control.requests().filter((r) => r.method !== "GET");

async function audience(name: string, accountId = ACCOUNT): Promise<string> {
  const result = customAudience.check({}, { accountId, name, deletionProtection: false });
  return (await customAudience.create(ctx(), result.inputs!)).id;
}

const leaf = (customAudienceId: string, lookbackWindow = 7) => ({ customAudienceId, lookbackWindow });

function flexible(name: string, childSegments: unknown[], extra: Record<string, unknown> = {}): FlexibleAudienceInputs {
  const result = flexibleAudience.check({}, { accountId: ACCOUNT, name, booleanOperator: "AND", childSegments, deletionProtection: false, ...extra });
  expect(result.failures ?? []).toEqual([]);
  return result.inputs!;
}

/** A batch POST; its records as a list (the platform answers one item's record as one object: the client reads it as a list of one). */
async function rawBatch(items: BatchItem[] | Record<string, unknown>[]): Promise<Entity[] | AdsApiError> {
  return client().batch<Entity>(BATCH, items as BatchItem[], 100).catch((e: AdsApiError) => e);
}

const wireItem = (params: Record<string, unknown>) => ({ operation_type: "Create", params: { audience_type: "FLEXIBLE", boolean_operator: "AND", ...params } });
const wireLeaf = (id: string, lookback = 7) => ({ custom_audience_id: id, lookback_window: lookback });

describe("FlexibleAudience", () => {
  test("create through the batch endpoint stores the tree with the platform's defaults; read gives the same outputs; delete is idempotent", async () => {
    const [a, b] = [await audience("App installers"), await audience("Buyers")];
    const inputs = flexible("Installers not buyers", [leaf(a, 30), { customAudienceId: b, lookbackWindow: 7, negate: false, frequency: 2, frequencyComparator: "NUM_GT" }]);
    const { id, outs } = await flexibleAudience.create(ctx(), inputs);
    expect(batchPosts()).toHaveLength(1);
    const record = emu().control.entities("sandbox", ACCOUNT, "custom_audiences").find((e) => e.id === id);
    expect(record).toMatchObject({
      name: "Installers not buyers", audience_type: "FLEXIBLE", boolean_operator: "AND",
      child_segments: [
        { custom_audience_id: a, lookback_window: 30, frequency: 1, frequency_comparator: "NUM_GTE", negate: true },
        { custom_audience_id: b, lookback_window: 7, frequency: 2, frequency_comparator: "NUM_GT", negate: false },
      ],
    });
    const read = await flexibleAudience.read(ctx(), id, outs);
    // The batch answer names no owner (as the platform's); the read does.
    expect(read?.props).toEqual({ ...outs, isOwner: true, ownerAccountId: ACCOUNT, permissionLevel: "READ_WRITE" });
    expect(flexibleAudience.diff(id, read!.props, inputs)).toMatchObject({ changes: false });
    await flexibleAudience.delete(ctx(), id, outs);
    await flexibleAudience.delete(ctx(), id, outs);
    expect(await flexibleAudience.read(ctx(), id, outs)).toBeUndefined();
  });

  test("childSegments: [] beside segments goes out as an empty list (a JSON body), is created, and reads back as no change", async () => {
    const a = await audience("Segment users");
    const inputs = flexible("By segments", [], { booleanOperator: undefined, segments: { booleanOperator: "AND", childSegments: [leaf(a)] } });
    const { id, outs } = await flexibleAudience.create(ctx(), inputs);
    expect(batchPosts()[0]!.body).toEqual([expect.objectContaining({ params: expect.objectContaining({ child_segments: [] }) })]);
    const read = await flexibleAudience.read(ctx(), id, outs);
    expect(flexibleAudience.diff(id, read!.props, inputs)).toMatchObject({ changes: false });
  });

  test("12 creates that run together make 2 batch POSTs (10 and 2 items), each audience getting its own record", async () => {
    const [a, b] = [await audience("A"), await audience("B")];
    // One client, as in one provider process.
    const shared = ctx(client());
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      flexibleAudience.create(shared, flexible(`Flex ${i}`, [leaf(a), leaf(b, 14)], { booleanOperator: i % 2 ? "OR" : "AND" }))));
    expect(batchPosts().map((r) => (r.body as unknown[]).length).sort()).toEqual([10, 2].sort());
    expect(created.map((c) => c.outs.name)).toEqual(Array.from({ length: 12 }, (_, i) => `Flex ${i}`));
    expect(new Set(created.map((c) => c.id)).size).toBe(12);
    expect(created[3]!.outs.booleanOperator).toBe("OR");
  });

  test("a refused item in a shared batch fails alone, naming its parameter; the others are created in a batch of their own", async () => {
    const a = await audience("A");
    await audience("Taken");
    const shared = ctx(client());
    const results = await Promise.allSettled([
      flexibleAudience.create(shared, flexible("Fine 1", [leaf(a)])),
      flexibleAudience.create(shared, flexible("Taken", [leaf(a)])),
      flexibleAudience.create(shared, flexible("Fine 2", [leaf(a)])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/flexible audience "Taken" was refused by the platform \(name: name must be unique/);
    expect(batchPosts().map((r) => (r.body as unknown[]).length)).toEqual([3, 2]);
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audiences").map((e) => e.name).sort()).toEqual(["A", "Fine 1", "Fine 2", "Taken"]);
  });

  test("a batch whose answer never came is not sent again: the audiences are found by name and taken", async () => {
    const a = await audience("A");
    emu().control.fault({ method: "POST", path: "/batch/accounts/[^/]+/custom_audiences$", kind: "timeout-after-commit", delayMs: 3000 });
    const { id, outs } = await flexibleAudience.create(ctx(client(500)), flexible("Timed out", [leaf(a)]));
    expect(batchPosts()).toHaveLength(1);
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audiences").filter((e) => e.audience_type === "FLEXIBLE").map((e) => e.id)).toEqual([id]);
    expect(outs).toMatchObject({ name: "Timed out", audienceType: "FLEXIBLE" });
  });

  test("the platform refuses 11 leaves, a lookback window of 3 and children without a boolean operator, naming each field", async () => {
    const ids = await Promise.all(Array.from({ length: 11 }, (_, i) => audience(`L${i}`)));
    const eleven = await rawBatch([wireItem({ name: "Too many", child_segments: ids.map((id) => wireLeaf(id)) })]);
    expect(eleven).toMatchObject({ status: 400, operationErrors: [[{ code: "INVALID_PARAMETER", parameter: "child_segments", message: "a flexible audience has at most 10 custom audience leaf nodes, got 11" }]] });
    // Nested: the leaves are counted at any depth.
    const nested = await rawBatch([wireItem({ name: "Nested", child_segments: [
      { boolean_operator: "OR", child_segments: ids.slice(0, 6).map((id) => wireLeaf(id)) },
      { boolean_operator: "OR", child_segments: ids.slice(6).map((id) => wireLeaf(id)) },
    ] })]);
    expect(nested).toMatchObject({ operationErrors: [[{ parameter: "child_segments" }]] });
    const three = await rawBatch([wireItem({ name: "Three", child_segments: [wireLeaf(ids[0]!, 3)] })]);
    expect(three).toMatchObject({ operationErrors: [[{ parameter: "child_segments[0].lookback_window", message: expect.stringMatching(/must be one of 1, 7, 14, 30/) }]] });
    const noOperator = await rawBatch([{ operation_type: "Create", params: { audience_type: "FLEXIBLE", name: "No op", segments: { child_segments: [wireLeaf(ids[0]!)] } } }]);
    expect(noOperator).toMatchObject({ operationErrors: [[{ code: "MISSING_PARAMETER", parameter: "segments.boolean_operator" }]] });
    const nestedNoOperator = await rawBatch([wireItem({ name: "Nested no op", child_segments: [{ child_segments: [wireLeaf(ids[0]!)] }] })]);
    expect(nestedNoOperator).toMatchObject({ operationErrors: [[{ parameter: "child_segments[0].boolean_operator" }]] });
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audiences").filter((e) => e.audience_type === "FLEXIBLE")).toEqual([]);
  });

  test("leaves must be live audiences of the account or shared with it; a name must be unique; a bad item fails the whole batch by index", async () => {
    const mine = await audience("Mine");
    const other = emu().control.createAccount("sandbox", { name: "Partner" });
    const theirs = emu().control.insert("sandbox", other.id, "custom_audiences", { account_id: other.id, name: "Theirs", description: null });
    const unshared = await rawBatch([wireItem({ name: "Unshared", child_segments: [wireLeaf(theirs.id)] })]);
    expect(unshared).toMatchObject({ operationErrors: [[{ parameter: "child_segments[0].custom_audience_id" }]] });
    emu().control.insert("sandbox", other.id, "custom_audience_permissions", { custom_audience_id: theirs.id, granted_account_id: ACCOUNT, permission_level: "READ_ONLY" });
    const res = await rawBatch([
      wireItem({ name: "Shared leaf", child_segments: [wireLeaf(theirs.id), wireLeaf(mine)] }),
      wireItem({ name: "Mine", child_segments: [wireLeaf(mine)] }),
    ]);
    expect(res).toMatchObject({ operationErrors: [[], [{ parameter: "name" }]] });
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audiences").map((e) => e.name)).toEqual(["Mine"]);
    const ok = await rawBatch([wireItem({ name: "Shared leaf", child_segments: [wireLeaf(theirs.id), wireLeaf(mine)] })]);
    expect(ok).toEqual([expect.objectContaining({
      name: "Shared leaf", audience_type: "FLEXIBLE",
      metadata: [expect.objectContaining({ audience_source: "FLEXIBLE_AUDIENCE", segments: expect.objectContaining({ boolean_operator: "AND", negate: false }) })],
    })]);
  });

  test("11 items are refused under errors; Update is refused (immutable), and so is a PUT; the batch Delete removes one", async () => {
    const a = await audience("A");
    const tooMany = await rawBatch(Array.from({ length: 11 }, (_, i) => wireItem({ name: `F${i}`, child_segments: [wireLeaf(a)] })));
    expect(tooMany).toMatchObject({ status: 400, errors: [{ message: "a batch must have at most 10 items, got 11" }] });
    const [made] = (await rawBatch([wireItem({ name: "F", child_segments: [wireLeaf(a)] })])) as Entity[];
    const update = await rawBatch([{ operation_type: "Update", params: { custom_audience_id: made!.id, name: "G" } }]);
    expect(update).toMatchObject({ operationErrors: [[{ parameter: "operation_type", message: expect.stringMatching(/immutable/) }]] });
    const put = await client().put(`/12/accounts/${ACCOUNT}/custom_audiences/${made!.id}`, { name: "G" }).catch((e: unknown) => e);
    expect(put).toMatchObject({ status: 400, parameter: "custom_audience_id" });
    const plain = await rawBatch([{ operation_type: "Delete", params: { custom_audience_id: a } }]);
    expect(plain).toMatchObject({ operationErrors: [[{ parameter: "custom_audience_id", message: expect.stringMatching(/not a flexible audience/) }]] });
    expect(await rawBatch([{ operation_type: "Delete", params: { custom_audience_id: made!.id } }])).toEqual([expect.objectContaining({ id: made!.id, deleted: true })]);
  });

  test("the provider's wire item is snake_case at every depth", () => {
    const inputs = flexible("W", [{ booleanOperator: "OR", childSegments: [leaf("abc")] }]);
    expect(toWire(flexibleAudience.fields, inputs)).toEqual({
      name: "W", audience_type: "FLEXIBLE", boolean_operator: "AND",
      child_segments: [{
        frequency: 1, frequency_comparator: "NUM_GTE", negate: true, boolean_operator: "OR",
        child_segments: [{ custom_audience_id: "abc", frequency: 1, frequency_comparator: "NUM_GTE", lookback_window: 7, negate: true }],
      }],
    });
  });
});

describe("CustomAudiencePermission and TailoredAudiencePermission", () => {
  let stderr: jest.SpyInstance;
  beforeEach(() => {
    stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  });
  afterEach(() => stderr.mockRestore());

  const grant = <P extends typeof customAudiencePermission | typeof tailoredAudiencePermission>(kind: P, args: Record<string, unknown>) => {
    const result = kind.check({}, { accountId: ACCOUNT, permissionLevel: "READ_ONLY", ...args });
    expect(result.failures ?? []).toEqual([]);
    // The two kinds share one generic declaration; each call site passes one of them.
    return kind.create(ctx(), result.inputs! as never) as ReturnType<P["create"]>;
  };

  test("granting to an account of another business fails without SHARE_AUDIENCE_OUTSIDE_BUSINESS and succeeds with it", async () => {
    const id = await audience("Newsletter");
    const outsider = emu().control.createAccount("sandbox", { name: "Agency", businessId: "business-2" });
    const refused = await grant(customAudiencePermission, { customAudienceId: id, grantedAccountId: outsider.id }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AdsApiError);
    expect(refused).toMatchObject({ status: 403, code: "AUDIENCE_SHARING_OUTSIDE_BUSINESS", parameter: "granted_account_id" });
    expect((refused as Error).message).toMatch(/business-2.*SHARE_AUDIENCE_OUTSIDE_BUSINESS/);
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audience_permissions")).toEqual([]);

    emu().control.setFeatures("sandbox", ACCOUNT, { add: ["SHARE_AUDIENCE_OUTSIDE_BUSINESS"] });
    const { id: permissionId, outs } = await grant(customAudiencePermission, { customAudienceId: id, grantedAccountId: outsider.id });
    expect(outs).toMatchObject({ customAudienceId: id, grantedAccountId: outsider.id, permissionLevel: "READ_ONLY" });
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audience_permissions")).toEqual([
      expect.objectContaining({ id: permissionId, custom_audience_id: id, granted_account_id: outsider.id }),
    ]);
  });

  test("after a grant the granted account lists the audience as SHARED; after the revoke it does not, and the revoke says campaigns keep it", async () => {
    const id = await audience("Buyers");
    const sibling = emu().control.createAccount("sandbox", { name: "Sibling" });
    const { id: permissionId, outs } = await grant(customAudiencePermission, { customAudienceId: id, grantedAccountId: sibling.id, permissionLevel: "READ_WRITE" });
    expect((await listCustomAudiences(ctx(), sibling.id, "SHARED")).map((a) => [a.id, a.name, a.isOwner])).toEqual([[id, "Buyers", false]]);
    expect(await listCustomAudiences(ctx(), sibling.id)).toEqual([]);
    expect((await customAudiencePermission.read(ctx(), permissionId, outs))?.props).toEqual(outs);

    await customAudiencePermission.delete(ctx(), permissionId, outs);
    await customAudiencePermission.delete(ctx(), permissionId, outs);
    expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toMatch(/Campaigns of account \w+ that already target the audience keep running with it/);
    expect(await listCustomAudiences(ctx(), sibling.id, "SHARED")).toEqual([]);
    expect(await customAudiencePermission.read(ctx(), permissionId, outs)).toBeUndefined();
  });

  test("the SDK's getCustomAudiences({permissionScope: \"SHARED\"}) of the granted account lists the audience after the grant", async () => {
    const id = await audience("Shared through the SDK");
    const sibling = emu().control.createAccount("sandbox", { name: "Sibling" });
    // The SDK's data sources read the provider settings from the stack config or, outside a program, from XADS_*.
    const restoreEnv = setProcessEnv(xadsEnv(fixture.creds, emu()));
    try {
      expect(await getCustomAudiences({ accountId: sibling.id, permissionScope: "SHARED" })).toEqual([]);
      await grant(tailoredAudiencePermission, { tailoredAudienceId: id, grantedAccountId: sibling.id });
      expect((await getCustomAudiences({ accountId: sibling.id, permissionScope: "SHARED" })).map((a) => [a.id, a.name, a.isOwner])).toEqual([[id, "Shared through the SDK", false]]);
    } finally {
      restoreEnv();
    }
  });

  test("only the owner grants: the granted account gets 403; an unknown audience is 404; a second grant to the same account is refused", async () => {
    const id = await audience("Owned");
    const sibling = emu().control.createAccount("sandbox", { name: "Sibling" });
    await grant(customAudiencePermission, { customAudienceId: id, grantedAccountId: sibling.id });
    const third = emu().control.createAccount("sandbox", { name: "Third" });
    const notOwner = await client().post(`/12/accounts/${sibling.id}/custom_audiences/${id}/permissions`, { granted_account_id: third.id, permission_level: "READ_ONLY" }).catch((e: unknown) => e);
    expect(notOwner).toMatchObject({ status: 403, code: "AUDIENCE_NOT_OWNED", parameter: "custom_audience_id" });
    const missing = await client().post(`/12/accounts/${ACCOUNT}/custom_audiences/nope1/permissions`, { granted_account_id: third.id, permission_level: "READ_ONLY" }).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404 });
    const again = await grant(customAudiencePermission, { customAudienceId: id, grantedAccountId: sibling.id, permissionLevel: "READ_WRITE" }).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 400, parameter: "granted_account_id" });
    const nobody = await grant(customAudiencePermission, { customAudienceId: id, grantedAccountId: "zzzzzzzzzzz" }).catch((e: unknown) => e);
    expect(nobody).toMatchObject({ status: 400, parameter: "granted_account_id" });
  });

  test("the /5 tailored path shares the same audience and records, answering tailored_audience_id; neither path has a PUT", async () => {
    const id = await audience("Legacy");
    const sibling = emu().control.createAccount("sandbox", { name: "Sibling" });
    const { id: permissionId, outs } = await grant(tailoredAudiencePermission, { tailoredAudienceId: id, grantedAccountId: sibling.id });
    expect(outs).toMatchObject({ tailoredAudienceId: id, grantedAccountId: sibling.id, permissionLevel: "READ_ONLY" });
    expect(emu().control.requests().filter((r) => r.method === "POST").map((r) => r.path)).toContain(`/5/accounts/${ACCOUNT}/tailored_audiences/${id}/permissions`);
    const v12 = await client().list<Entity>(`/12/accounts/${ACCOUNT}/custom_audiences/${id}/permissions`, { custom_audience_permission_ids: [permissionId] });
    expect(v12).toEqual([expect.objectContaining({ id: permissionId, custom_audience_id: id, granted_account_id: sibling.id })]);
    const v5 = await client().list<Entity>(`/5/accounts/${ACCOUNT}/tailored_audiences/${id}/permissions`, { granted_account_ids: [sibling.id] });
    expect(v5).toEqual([expect.objectContaining({ id: permissionId, tailored_audience_id: id })]);
    expect(v5[0]).not.toHaveProperty("custom_audience_id");
    expect((await listCustomAudiences(ctx(), sibling.id, "SHARED")).map((a) => a.id)).toEqual([id]);
    for (const path of [`/12/accounts/${ACCOUNT}/custom_audiences/${id}/permissions/${permissionId}`, `/5/accounts/${ACCOUNT}/tailored_audiences/${id}/permissions/${permissionId}`]) {
      expect(await client().put(path, { permission_level: "READ_WRITE" }).catch((e: unknown) => e)).toMatchObject({ status: 405 });
    }
    await tailoredAudiencePermission.delete(ctx(), permissionId, outs);
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audience_permissions")).toEqual([]);
  });

  test("a grant whose answer never came is looked up by the granted account, never sent twice", async () => {
    const id = await audience("Timed out");
    const sibling = emu().control.createAccount("sandbox", { name: "Sibling" });
    emu().control.fault({ method: "POST", path: "/permissions$", kind: "timeout-after-commit", delayMs: 3000 });
    const result = customAudiencePermission.check({}, { accountId: ACCOUNT, customAudienceId: id, grantedAccountId: sibling.id, permissionLevel: "READ_ONLY" });
    const { id: permissionId } = await customAudiencePermission.create(ctx(client(500)), result.inputs!);
    expect(emu().control.requests().filter((r) => r.method === "POST" && r.path.endsWith("/permissions"))).toHaveLength(1);
    expect(emu().control.entities("sandbox", ACCOUNT, "custom_audience_permissions").map((p) => p.id)).toEqual([permissionId]);
  });

  test("adoptId takes over a live permission without a POST, and refuses one that differs", async () => {
    const id = await audience("Adopted");
    const sibling = emu().control.createAccount("sandbox", { name: "Sibling" });
    const live = await client().post<Entity>(`/12/accounts/${ACCOUNT}/custom_audiences/${id}/permissions`, { granted_account_id: sibling.id, permission_level: "READ_ONLY" });
    emu().control.clearRequests();
    const { id: adopted } = await grant(customAudiencePermission, { customAudienceId: id, grantedAccountId: sibling.id, adoptId: live.id });
    expect(adopted).toBe(live.id);
    expect(writes()).toEqual([]);
    const differs = await grant(customAudiencePermission, { customAudienceId: id, grantedAccountId: sibling.id, permissionLevel: "READ_WRITE", adoptId: live.id }).catch((e: unknown) => e);
    expect(String(differs)).toMatch(/permissionLevel is "READ_ONLY" on the platform and "READ_WRITE" in the program: the next up would replace the custom audience permission/);
  });
});
