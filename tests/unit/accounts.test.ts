import { accountFeatures, featureChanges, keySet } from "../../provider/resources/account-features";
import { sandboxAccount } from "../../provider/resources/sandbox-account";
import { taxSettings } from "../../provider/resources/tax-settings";
import { userSettings } from "../../provider/resources/user-settings";
import { ResourceDefinition } from "../../provider/resources/define";
import { toOutputs, toWire } from "../../provider/resources/fields";

const ACCOUNT = "18ce54d4x5t";
const reasons = (def: ResourceDefinition, news: Record<string, unknown>, env = { sandbox: true }) =>
  (def.check({}, news, env).failures ?? []).map((f) => f.reason);

describe("SandboxAccount", () => {
  test("no inputs, or a name and an industry type, pass in the sandbox", () => {
    expect(reasons(sandboxAccount, {})).toEqual([]);
    expect(reasons(sandboxAccount, { name: "n".repeat(255), industryType: "RETAIL" })).toEqual([]);
  });

  test("a production stack is refused, naming xads:sandbox, whatever the inputs", () => {
    expect(reasons(sandboxAccount, { name: "Shop" }, { sandbox: false })).toEqual([
      "SandboxAccount works only in the sandbox: the Ads API creates and deletes accounts only at the sandbox address, and this stack is configured for production (xads:sandbox is not true). Use it in a sandbox stack (pulumi config set xads:sandbox true), or remove it from this program.",
    ]);
  });

  test("a name of 256 characters and an unknown industry type are refused with the limit", () => {
    expect(reasons(sandboxAccount, { name: "n".repeat(256) })).toEqual(["name must be at most 255 characters (got 256)"]);
    expect(reasons(sandboxAccount, { industryType: "SHOES" })).toEqual([expect.stringMatching(/^industryType must be one of AGENCY, .*, OTHER \(got "SHOES"\)$/)]);
  });

  test("it takes no accountId: an account is not in an account", () => {
    expect(reasons(sandboxAccount, { accountId: ACCOUNT })).toEqual(["unknown input accountId"]);
  });

  test("name and industry type update in place; left unset, the platform's values are no change", () => {
    const state = { name: "Shop", industryType: "RETAIL", businessId: "business-1" } as never;
    expect(sandboxAccount.diff("a1", state, { name: "Shop 2", industryType: "RETAIL" })).toEqual({ changes: true, stables: [] });
    expect(sandboxAccount.diff("a1", state, {})).toMatchObject({ changes: false });
  });
});

describe("AccountFeatures", () => {
  const valid = (featureKeys: unknown = ["AGE_TARGETING", "SHARE_AUDIENCE_OUTSIDE_BUSINESS"]) => ({ accountId: ACCOUNT, featureKeys });

  test("keys of the enumeration pass, and check adds them as a set", () => {
    expect(reasons(accountFeatures, valid())).toEqual([]);
    expect(accountFeatures.check({}, valid(["DR_TAP", "AGE_TARGETING"]), { sandbox: true }).inputs).toMatchObject({ featureKeySet: { AGE_TARGETING: true, DR_TAP: true } });
  });

  test("an unknown key is refused, naming the field and the allowed values", () => {
    expect(reasons(accountFeatures, valid(["AGE_TARGETING", "FREE_MONEY"]))).toEqual([expect.stringMatching(/^featureKeys\[1\] must be one of AGE_TARGETING, ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE, .*VIDEO_APP_DOWNLOAD_CARD, SHARE_AUDIENCE_OUTSIDE_BUSINESS \(got "FREE_MONEY"\)$/)]);
  });

  test("WEBSITE_CLICKS_CPM_BILLING is only read, never added: refused", () => {
    expect(reasons(accountFeatures, valid(["WEBSITE_CLICKS_CPM_BILLING"]))).toHaveLength(1);
  });

  test("an empty set and a repeated key are refused", () => {
    expect(reasons(accountFeatures, valid([]))).toEqual(["featureKeys must have at least 1 items (got 0)"]);
    expect(reasons(accountFeatures, valid(["DR_TAP", "DR_TAP"]))).toEqual(["featureKeys must not repeat a key (DR_TAP given more than once)"]);
  });

  test("a production stack is refused", () => {
    expect(reasons(accountFeatures, valid(), { sandbox: false })).toEqual([expect.stringMatching(/^AccountFeatures works only in the sandbox: the Ads API adds and removes account features only at the sandbox address/)]);
  });

  test("changes are set differences: order is no change, a key added or removed updates in place, another account replaces", () => {
    const state = { ...valid(["A", "B"]), addedFeatureKeys: [], featureKeySet: keySet(["A", "B"]) } as never;
    expect(featureChanges(["A", "B"], ["B", "C"])).toEqual({ add: ["C"], remove: ["A"] });
    expect(accountFeatures.diff(ACCOUNT, state, valid(["B", "A"]) as never)).toEqual({ changes: false, stables: ["accountId"] });
    expect(accountFeatures.diff(ACCOUNT, state, valid(["B", "C"]) as never)).toEqual({ changes: true, stables: ["accountId"] });
    expect(accountFeatures.diff(ACCOUNT, state, { ...valid(["A", "B"]), accountId: "other" } as never)).toEqual({ changes: true, replaces: ["accountId"], stables: [] });
  });
});

describe("TaxSettings", () => {
  const valid = { accountId: ACCOUNT, taxCategory: "BUSINESS_WITH_VAT", invoiceJurisdiction: "LOI_SAPIN", taxId: "FR1" };

  test("the tax settings fields of the reference pass; nothing declared is refused", () => {
    expect(reasons(taxSettings, valid)).toEqual([]);
    expect(reasons(taxSettings, { accountId: ACCOUNT })).toEqual([expect.stringMatching(/^declare at least one of addressName, clientAddressStreet1, .*taxId$/)]);
  });

  test("the enumerations are checked, naming the field and the values", () => {
    expect(reasons(taxSettings, { ...valid, taxCategory: "COMPANY" })).toEqual(['taxCategory must be one of BUSINESS_NO_VAT, BUSINESS_WITH_VAT, INDIVIDUAL (got "COMPANY")']);
    expect(reasons(taxSettings, { ...valid, invoiceJurisdiction: "FR" })).toEqual(['invoiceJurisdiction must be one of LOI_SAPIN, NONE, NOT_SET (got "FR")']);
    expect(reasons(taxSettings, { ...valid, taxId: "" })).toEqual(["taxId must not be empty"]);
  });

  test("a declared field updates in place; an undeclared one is not managed; another account replaces", () => {
    const state = { ...valid, addressName: "Acme" } as never;
    expect(taxSettings.diff(ACCOUNT, state, { ...valid, taxId: "FR2" } as never)).toEqual({ changes: true, stables: ["accountId"] });
    expect(taxSettings.diff(ACCOUNT, state, valid as never)).toMatchObject({ changes: false });
    expect(taxSettings.diff(ACCOUNT, state, { ...valid, accountId: "other" } as never)).toMatchObject({ replaces: ["accountId"] });
  });

  test("an update that sends the tax id keeps a tax category edited in the ads UI out of the state, and says so", async () => {
    const state = { ...valid, addressName: "Acme" };
    const put = jest.fn().mockResolvedValue({ tax_category: "INDIVIDUAL", invoice_jurisdiction: "LOI_SAPIN", tax_id: "FR2", address_company: "Acme" });
    const stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const outs = await taxSettings.update({ client: { put } } as never, ACCOUNT, state as never, { ...valid, taxId: "FR2" } as never);
      expect(put.mock.calls[0]![1]).toEqual({ tax_id: "FR2" });
      expect(outs).toMatchObject({ taxId: "FR2", taxCategory: "BUSINESS_WITH_VAT", addressName: "Acme" });
      expect(taxSettings.diff(ACCOUNT, outs, { ...valid, taxId: "FR2" } as never)).toMatchObject({ changes: false });
      expect(stderr.mock.calls.map((c) => String(c[0])).join("")).toContain('taxCategory is "INDIVIDUAL" on the platform, "BUSINESS_WITH_VAT" in the program');
    } finally {
      stderr.mockRestore();
    }
  });
});

describe("UserSettings", () => {
  const valid = { accountId: ACCOUNT, notificationEmail: "ads@example.com", subscribeEmailTypes: ["ACCOUNT_PERFORMANCE", "PERFORMANCE_IMPROVEMENT"] };

  test("valid settings pass; nothing declared is refused", () => {
    expect(reasons(userSettings, valid)).toEqual([]);
    expect(reasons(userSettings, { accountId: ACCOUNT, userId: "42" })).toEqual([expect.stringMatching(/^declare at least one of notificationEmail/)]);
  });

  test("a bad e-mail, user id or e-mail type is refused, naming the field", () => {
    expect(reasons(userSettings, { ...valid, notificationEmail: "nope" })).toEqual(['notificationEmail must be an e-mail address (got "nope")']);
    expect(reasons(userSettings, { ...valid, userId: "me" })).toEqual(['userId must be a user id (decimal digits) (got "me")']);
    expect(reasons(userSettings, { ...valid, subscribeEmailTypes: ["weekly"] })).toEqual(['subscribeEmailTypes[0] must be an e-mail type in capitals and _, e.g. ACCOUNT_PERFORMANCE (got "weekly")']);
    expect(reasons(userSettings, { ...valid, subscribeEmailTypes: ["A", "A"] })).toEqual(["subscribeEmailTypes must not repeat a value (A given more than once)"]);
  });

  test("fields update in place; an unset userId (the authenticated user) is no change; another user replaces", () => {
    const state = { ...valid, userId: "756201191646691328" } as never;
    expect(userSettings.diff("x", state, { ...valid, notificationEmail: "ops@example.com" } as never)).toEqual({ changes: true, stables: ["accountId", "userId"] });
    expect(userSettings.diff("x", state, valid as never)).toMatchObject({ changes: false });
    expect(userSettings.diff("x", state, { ...valid, userId: "42" } as never)).toMatchObject({ replaces: ["userId"] });
  });

  test("an empty subscription list is a value (unsubscribed from all): sent, read back and compared as such", () => {
    const state = { ...valid, userId: "756201191646691328" } as never;
    const none = { ...valid, subscribeEmailTypes: [] };
    expect(userSettings.diff("x", state, none as never)).toMatchObject({ changes: true });
    expect(toWire(userSettings.fields, none)).toMatchObject({ subscribe_email_types: [] });
    const outs = toOutputs<Record<string, unknown>>(userSettings.fields, none, { notification_email: "ads@example.com", subscribe_email_types: [] });
    expect(outs.subscribeEmailTypes).toEqual([]);
    expect(userSettings.diff("x", { ...outs, userId: "756201191646691328" } as never, none as never)).toMatchObject({ changes: false });
    // Left out of the program, the list is not managed: whatever the platform holds is no change.
    expect(userSettings.diff("x", { ...outs, userId: "756201191646691328" } as never, { accountId: ACCOUNT, notificationEmail: "ads@example.com" } as never)).toMatchObject({ changes: false });
  });
});
