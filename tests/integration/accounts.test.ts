/**
 * SandboxAccount, AccountFeatures, TaxSettings and UserSettings against the
 * emulator: the provider's lifecycle, production refusals, drift on read,
 * and the getAccountFeatures data source.
 */
import { ProviderConfig } from "../../provider/config";
import { listAccountFeatures } from "../../provider/data-sources";
import { accountFeatures } from "../../provider/resources/account-features";
import { customAudience } from "../../provider/resources/custom-audience";
import { sandboxAccount } from "../../provider/resources/sandbox-account";
import { taxSettings } from "../../provider/resources/tax-settings";
import { userSettings } from "../../provider/resources/user-settings";
import { ACCOUNT, useEmulator } from "./fixtures";

const USER = "756201191646691328";
const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;
const production = () => ({ client: client(), config: { sandbox: false } as ProviderConfig });
const writes = () => emu().control.requests().filter((r) => r.method !== "GET");

beforeEach(() => emu().control.clearRequests());

describe("SandboxAccount", () => {
  const inputs = (news: Record<string, unknown>) => sandboxAccount.check({}, news, { sandbox: true }).inputs!;

  test("create names the new account; its id reaches its resources; update renames in place; delete deletes it", async () => {
    const { id, outs } = await sandboxAccount.create(ctx(), inputs({ name: "Spring shop", industryType: "RETAIL" }));
    expect(outs).toMatchObject({ name: "Spring shop", industryType: "RETAIL", businessId: "business-1" });
    // The authenticated user can use it: account-scoped reads work.
    expect(await client().list(`/12/accounts/${id}/campaigns`)).toEqual([]);
    const updated = await sandboxAccount.update(ctx(), id, outs, inputs({ name: "Summer shop", industryType: "RETAIL" }));
    expect(updated.name).toBe("Summer shop");
    expect((await sandboxAccount.read(ctx(), id, updated))?.props.name).toBe("Summer shop");
    await sandboxAccount.delete(ctx(), id, updated);
    await sandboxAccount.delete(ctx(), id, updated);
    expect(await sandboxAccount.read(ctx(), id, updated)).toBeUndefined();
  });

  test("a name changed elsewhere is read back, and the diff plans an in-place update", async () => {
    const { id, outs } = await sandboxAccount.create(ctx(), inputs({ name: "Spring shop" }));
    await client().put(`/12/accounts/${id}`, { name: "Edited in the UI" });
    const read = await sandboxAccount.read(ctx(), id, outs);
    expect(read?.props).toMatchObject({ name: "Edited in the UI", businessId: "business-1" });
    expect(sandboxAccount.diff(id, read!.props, inputs({ name: "Spring shop" }))).toEqual({ changes: true, stables: [] });
  });

  test("in production, check refuses it with a clear message and create and delete send nothing", async () => {
    const failures = sandboxAccount.check({}, { name: "X" }, { sandbox: false }).failures;
    expect(failures).toEqual([{ property: "", reason: expect.stringMatching(/^SandboxAccount works only in the sandbox: .*xads:sandbox is not true/) }]);
    await expect(sandboxAccount.create(production(), inputs({ name: "X" }))).rejects.toThrow(/works only in the sandbox/);
    await expect(sandboxAccount.delete(production(), "abc", {})).rejects.toThrow(/works only in the sandbox/);
    expect(emu().control.requests()).toEqual([]);
  });

  test("a create whose answer never came is not sent twice: the committed account is taken", async () => {
    emu().control.fault({ method: "POST", path: "/12/accounts$", kind: "timeout-after-commit", delayMs: 3000 });
    const { id } = await sandboxAccount.create(ctx(client(500)), inputs({ name: "Once" }));
    expect(emu().control.requests().filter((r) => r.method === "POST")).toHaveLength(1);
    const live = (await client().list<{ id: string; name: string }>("/12/accounts")).filter((a) => a.id !== ACCOUNT);
    expect(live).toEqual([expect.objectContaining({ id, name: "Once" })]);
  });
});

describe("AccountFeatures", () => {
  const inputs = (featureKeys: string[], accountId = ACCOUNT) => accountFeatures.check({}, { accountId, featureKeys }, { sandbox: true }).inputs!;
  const live = () => emu().control.features("sandbox", ACCOUNT).sort();

  test("create adds the missing keys; destroy removes only those, the account's earlier keys stay", async () => {
    emu().control.setFeatures("sandbox", ACCOUNT, { add: ["AGE_TARGETING"] });
    const { id, outs } = await accountFeatures.create(ctx(), inputs(["AGE_TARGETING", "CONVERSATION_CARD"]));
    expect(outs).toEqual({
      accountId: ACCOUNT, featureKeys: ["AGE_TARGETING", "CONVERSATION_CARD"], addedFeatureKeys: ["CONVERSATION_CARD"],
      featureKeySet: { AGE_TARGETING: true, CONVERSATION_CARD: true },
    });
    expect(live()).toEqual(["AGE_TARGETING", "CONVERSATION_CARD"]);
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    await accountFeatures.delete(ctx(), id, outs);
    expect(stderr).toHaveBeenCalledWith(expect.stringMatching(/keeps the features AGE_TARGETING: it had them before this resource; removed: CONVERSATION_CARD/));
    stderr.mockRestore();
    expect(live()).toEqual(["AGE_TARGETING"]);
  });

  test("an update adds and removes the difference in place", async () => {
    const { id, outs } = await accountFeatures.create(ctx(), inputs(["DR_TAP", "CONVERSATION_CARD"]));
    expect(accountFeatures.diff(id, outs, inputs(["CONVERSATION_CARD", "DR_TAP"]))).toMatchObject({ changes: false });
    const updated = await accountFeatures.update(ctx(), id, outs, inputs(["CONVERSATION_CARD", "EVENT_TARGETING"]));
    expect(live()).toEqual(["CONVERSATION_CARD", "EVENT_TARGETING"]);
    expect(updated).toMatchObject({ featureKeys: ["CONVERSATION_CARD", "EVENT_TARGETING"], addedFeatureKeys: ["CONVERSATION_CARD", "EVENT_TARGETING"] });
    expect(writes().map((r) => `${r.method} ${r.query?.feature_keys ?? ""}`)).toEqual(["POST DR_TAP,CONVERSATION_CARD", "POST EVENT_TARGETING", "DELETE DR_TAP"]);
  });

  test("a key removed out of band is gone on read, so the next up adds it back", async () => {
    const { id, outs } = await accountFeatures.create(ctx(), inputs(["DR_TAP", "CONVERSATION_CARD"]));
    emu().control.setFeatures("sandbox", ACCOUNT, { remove: ["DR_TAP"] });
    const read = await accountFeatures.read(ctx(), id, outs);
    expect(read?.props.featureKeys).toEqual(["CONVERSATION_CARD"]);
    expect(accountFeatures.diff(id, read!.props, inputs(["DR_TAP", "CONVERSATION_CARD"]))).toMatchObject({ changes: true });
  });

  test("the features of a deleted account are gone with it", async () => {
    const account = await sandboxAccount.create(ctx(), {});
    const { id, outs } = await accountFeatures.create(ctx(), inputs(["DR_TAP"], account.id));
    await sandboxAccount.delete(ctx(), account.id, account.outs);
    expect(await accountFeatures.read(ctx(), id, outs)).toBeUndefined();
  });

  test("in production, check refuses it and create sends nothing; an unknown key names the field and the values", async () => {
    expect(accountFeatures.check({}, { accountId: ACCOUNT, featureKeys: ["DR_TAP"] }, { sandbox: false }).failures)
      .toEqual([{ property: "", reason: expect.stringMatching(/^AccountFeatures works only in the sandbox/) }]);
    await expect(accountFeatures.create(production(), inputs(["DR_TAP"]))).rejects.toThrow(/works only in the sandbox/);
    expect(emu().control.requests()).toEqual([]);
    expect(accountFeatures.check({}, { accountId: ACCOUNT, featureKeys: ["FREE_MONEY"] }, { sandbox: true }).failures)
      .toEqual([{ property: "featureKeys[0]", reason: expect.stringMatching(/^featureKeys\[0\] must be one of AGE_TARGETING, .*SHARE_AUDIENCE_OUTSIDE_BUSINESS \(got "FREE_MONEY"\)$/) }]);
  });
});

describe("TaxSettings", () => {
  const inputs = (news: Record<string, unknown>) => taxSettings.check({}, { accountId: ACCOUNT, ...news }).inputs!;

  test("create reads, then PUTs the declared fields: the outputs hold every field; update changes in place", async () => {
    await client().put(`/12/accounts/${ACCOUNT}/tax_settings`, { address_name: "Set before" });
    const { id, outs } = await taxSettings.create(ctx(), inputs({ taxCategory: "BUSINESS_WITH_VAT", taxId: "FR1" }));
    expect(id).toBe(ACCOUNT);
    expect(outs).toEqual({ accountId: ACCOUNT, taxCategory: "BUSINESS_WITH_VAT", taxId: "FR1", addressName: "Set before", invoiceJurisdiction: "NOT_SET" });
    expect(writes().map((r) => r.method)).toEqual(["PUT", "PUT"]);
    const updated = await taxSettings.update(ctx(), id, outs, inputs({ taxCategory: "BUSINESS_NO_VAT", taxId: "FR1" }));
    expect(updated).toMatchObject({ taxCategory: "BUSINESS_NO_VAT", addressName: "Set before" });
  });

  test("an edit in the UI is found by read; delete leaves the settings and says so", async () => {
    const { id, outs } = await taxSettings.create(ctx(), inputs({ taxId: "FR1" }));
    emu().control.edit("sandbox", ACCOUNT, "tax_settings", ACCOUNT, { tax_id: "EDITED" });
    const read = await taxSettings.read(ctx(), id, outs);
    expect(read?.props.taxId).toBe("EDITED");
    expect(taxSettings.diff(id, read!.props, inputs({ taxId: "FR1" }))).toMatchObject({ changes: true });
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    await taxSettings.delete(ctx(), id, outs);
    expect(stderr).toHaveBeenCalledWith(expect.stringMatching(/tax settings of account 18ce54d4x5t stay on the platform/));
    stderr.mockRestore();
    expect(emu().control.entities("sandbox", ACCOUNT, "tax_settings")[0]).toMatchObject({ tax_id: "EDITED" });
  });
});

describe("UserSettings", () => {
  const inputs = (news: Record<string, unknown>) => userSettings.check({}, { accountId: ACCOUNT, ...news }).inputs!;

  test("create defaults to the authenticated user and PUTs the declared fields; update changes in place", async () => {
    const { id, outs } = await userSettings.create(ctx(), inputs({ notificationEmail: "ads@example.com", subscribeEmailTypes: ["ACCOUNT_PERFORMANCE"] }));
    expect(id).toBe(`${ACCOUNT}/${USER}`);
    expect(outs).toEqual({ accountId: ACCOUNT, userId: USER, notificationEmail: "ads@example.com", subscribeEmailTypes: ["ACCOUNT_PERFORMANCE"] });
    const updated = await userSettings.update(ctx(), id, outs, inputs({ notificationEmail: "ops@example.com", subscribeEmailTypes: [] }));
    expect(updated).toMatchObject({ userId: USER, notificationEmail: "ops@example.com", subscribeEmailTypes: [] });
    expect(emu().control.entities("sandbox", ACCOUNT, "user_settings")[0]).toMatchObject({ notification_email: "ops@example.com", subscribe_email_types: [] });
  });

  test("another user's settings cannot be changed: the platform's refusal reaches the error", async () => {
    emu().control.reset();
    const other = emu().control.createAccount("sandbox", { id: "sharedacct1", userIds: [USER, "42"] });
    await expect(userSettings.create(ctx(), userSettings.check({}, { accountId: other.id, userId: "42", contactPhone: "1" }).inputs!))
      .rejects.toThrow(/only be changed by that user/);
  });
});

describe("an account the credentials cannot reach", () => {
  test("a resource in it is refused on read and delete with the platform's 403 ACCOUNT_NOT_FOUND, never taken for gone", async () => {
    const other = emu().control.createAccount("sandbox", { name: "Someone else's", userIds: ["42"] });
    const props = { accountId: other.id, name: "Theirs", deletionProtection: false };
    const refused = /403 ACCOUNT_NOT_FOUND: account \w+ was not found or the authenticated user has no access to it$/;
    await expect(customAudience.read(ctx(), "abc", props)).rejects.toThrow(refused);
    await expect(customAudience.delete(ctx(), "abc", props)).rejects.toThrow(refused);
  });

  test("a deleted sandbox account took its resources with it: read finds them gone, delete is done", async () => {
    const account = await sandboxAccount.create(ctx(), {});
    const props = { accountId: account.id, name: "Gone with it", deletionProtection: false };
    const { id } = await customAudience.create(ctx(), customAudience.check({}, props).inputs!);
    await sandboxAccount.delete(ctx(), account.id, account.outs);
    expect(await customAudience.read(ctx(), id, props)).toBeUndefined();
    await customAudience.delete(ctx(), id, props);
  });
});

test("getAccountFeatures lists the account's features, optionally among some keys", async () => {
  emu().control.setFeatures("sandbox", ACCOUNT, { add: ["DR_TAP", "AGE_TARGETING"] });
  expect(await listAccountFeatures(ctx(), ACCOUNT)).toEqual(["AGE_TARGETING", "DR_TAP"]);
  expect(await listAccountFeatures(ctx(), ACCOUNT, ["DR_TAP", "CONVERSATION_CARD"])).toEqual(["DR_TAP"]);
  expect(await listAccountFeatures(ctx(), ACCOUNT, [])).toEqual(["AGE_TARGETING", "DR_TAP"]);
});
