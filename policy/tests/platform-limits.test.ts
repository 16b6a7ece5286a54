import { LIMITS } from "../../provider/limits";
import { LiveCampaign, LiveCampaigns } from "../live-campaigns";
import {
  activeCampaignsPerAccount, activeCampaignsPolicy, activeLineItemsPerAccount, lineItemsPerCampaign, oneProductTypePerCampaign, targetingPerLineItem,
} from "../platform-limits";
import { campaign, lineItem, targetingCriterion } from "./fixtures";
import { ACCOUNT, Declared, stackViolations, times, unknown } from "./util";

const active = (n: number, props: Record<string, unknown> = {}) =>
  times(n, (i) => campaign({ entityStatus: "ACTIVE", name: `Active ${i}`, ...props }, { name: `active-${i}` }));
const paused = (n: number, status = "PAUSED") =>
  times(n, (i) => campaign({ entityStatus: status, name: `Paused ${i}` }, { name: `paused-${status}-${i}` }));

describe("xads-active-campaigns-per-account", () => {
  const policy = activeCampaignsPerAccount;

  test("200 active campaigns pass", async () => {
    expect(await stackViolations(policy, active(200))).toEqual([]);
  });

  test("the 201st active campaign fails, naming the account, the count and the limit", async () => {
    expect(await stackViolations(policy, active(201))).toEqual([
      "account 18ce54d4x5t would have 201 active campaigns; the platform allows 200 (if the account's limit was raised, raise it up to 8000: \"xads-active-campaigns-per-account\": {\"accountLimits\": {\"<account id>\": <limit>}} in the file pulumi preview --policy-pack-config names, policy-pack/README.md)",
    ]);
  });

  test("a campaign without entityStatus is active, as the platform's default", async () => {
    const noStatus = campaign({ entityStatus: undefined }, { name: "no-status" });
    expect(await stackViolations(policy, [...active(200), noStatus])).toHaveLength(1);
  });

  test("paused and draft campaigns are unlimited: 150 active and 300 paused or draft pass", async () => {
    expect(await stackViolations(policy, [...active(150), ...paused(150), ...paused(150, "DRAFT")])).toEqual([]);
  });

  test("campaigns are counted per account", async () => {
    const other = active(150, { accountId: "9zzx2" }).map((c) => ({ ...c, name: `other-${c.name}` }));
    expect(await stackViolations(policy, [...active(150), ...other])).toEqual([]);
  });

  test("maxActiveCampaigns raises the limit up to 8000 (config schema maximum)", async () => {
    expect(await stackViolations(policy, active(201), { config: { maxActiveCampaigns: 8000 } })).toEqual([]);
    const schema = policy.configSchema!.properties.maxActiveCampaigns;
    expect([schema.default, schema.maximum]).toEqual([LIMITS.activeCampaignsPerAccount, LIMITS.activeCampaignsPerAccountRaised]);
  });

  test("a limit set below the platform's names the config key", async () => {
    expect(await stackViolations(policy, active(11), { config: { maxActiveCampaigns: 10 } })).toEqual([
      "account 18ce54d4x5t would have 11 active campaigns; its limit is 10 (maxActiveCampaigns; the platform allows at most 8000)",
    ]);
  });

  test("accountLimits overrides maxActiveCampaigns for one account", async () => {
    const config = { accountLimits: { [ACCOUNT]: 300 } };
    expect(await stackViolations(policy, active(250), { config })).toEqual([]);
    expect(await stackViolations(policy, active(301), { config })).toEqual([
      "account 18ce54d4x5t would have 301 active campaigns; its limit is 300 (accountLimits.18ce54d4x5t; the platform allows at most 8000)",
    ]);
  });

  test("during preview, campaigns whose status or account is not known yet are not counted, and nothing crashes", async () => {
    const unknownStatus = campaign({ entityStatus: unknown }, { name: "unknown-status" });
    const unknownAccount = campaign({ entityStatus: "ACTIVE", accountId: unknown }, { name: "unknown-account" });
    const unknownEverything = campaign({ entityStatus: "ACTIVE", fundingInstrumentId: unknown, name: unknown }, { name: "unknown-rest" });
    expect(await stackViolations(policy, [...active(199), unknownStatus, unknownAccount, unknownEverything])).toEqual([]);
    expect(await stackViolations(policy, [...active(200), unknownStatus, unknownEverything])).toHaveLength(1);
  });
});

describe("xads-active-campaigns-per-account with read credentials", () => {
  const EMULATOR = "http://127.0.0.1:8787/sandbox";
  const liveActive = (n: number): LiveCampaign[] =>
    Array.from({ length: n }, (_, i) => ({ id: `live${i}`, name: `Live ${i}`, fundingInstrumentId: "hw6ie", entityStatus: "ACTIVE" }));
  const source = (campaigns: LiveCampaign[]): LiveCampaigns & { calls: string[] } => {
    const calls: string[] = [];
    return { calls, address: EMULATOR, list: async (accountId) => (calls.push(accountId), campaigns) };
  };
  const failing: LiveCampaigns = {
    address: EMULATOR,
    list: async () => { throw new Error("GET /12/accounts/18ce54d4x5t/campaigns: NETWORK_ERROR: no answer after 6 attempts (ECONNREFUSED)"); },
  };
  const couldNotList = (inStack: number) =>
    `[advisory] could not list the live campaigns of account 18ce54d4x5t at ${EMULATOR}: GET /12/accounts/18ce54d4x5t/campaigns: NETWORK_ERROR: no answer after 6 attempts (ECONNREFUSED). Only this stack's ${inStack} active campaigns were counted; the address and credentials are the provider's (xads:* stack config, then XADS_* variables), and countUnmanagedCampaigns: false skips the listing`;

  test("the account's active campaigns that the stack does not manage count too", async () => {
    const policy = activeCampaignsPolicy(() => source(liveActive(60)));
    expect(await stackViolations(policy, active(140))).toEqual([]);
    expect(await stackViolations(policy, active(150))).toEqual([
      "account 18ce54d4x5t would have 210 active campaigns (150 in this stack, 60 not managed by it); the platform allows 200 (if the account's limit was raised, raise it up to 8000: \"xads-active-campaigns-per-account\": {\"accountLimits\": {\"<account id>\": <limit>}} in the file pulumi preview --policy-pack-config names, policy-pack/README.md)",
    ]);
  });

  test("live campaigns the stack manages are not counted twice, whatever their live status", async () => {
    const stackCampaigns = active(150);
    const managed: LiveCampaign[] = stackCampaigns.map((c, i) => ({
      id: `m${i}`, name: String(c.props.name), fundingInstrumentId: "hw6ie", entityStatus: "ACTIVE",
    }));
    const pausedInStack = campaign({ name: "Was active", entityStatus: "PAUSED", adoptId: "adopted1" }, { name: "pausing" });
    const live = [...managed, { id: "adopted1", name: "Was active", fundingInstrumentId: "hw6ie", entityStatus: "ACTIVE" }];
    const policy = activeCampaignsPolicy(() => source(live));
    expect(await stackViolations(policy, [...stackCampaigns, pausedInStack])).toEqual([]);
  });

  test("they are listed with the stack config the provider is configured with", async () => {
    const seen: (string | undefined)[] = [];
    const policy = activeCampaignsPolicy((settings) => (seen.push(settings("xads:sandboxBaseUrl")), source([])));
    await stackViolations(policy, active(1), { settings: { "xads:sandbox": "true", "xads:sandboxBaseUrl": EMULATOR } });
    expect(seen).toEqual([EMULATOR]);
  });

  test("a listing that fails is an advisory that names the address tried, not a broken rule", async () => {
    const policy = activeCampaignsPolicy(() => failing);
    expect(await stackViolations(policy, active(1))).toEqual([couldNotList(1)]);
  });

  test("a listing that fails still holds the stack's own campaigns to the limit", async () => {
    const policy = activeCampaignsPolicy(() => failing);
    expect(await stackViolations(policy, active(201))).toEqual([
      couldNotList(201),
      "account 18ce54d4x5t would have 201 active campaigns; the platform allows 200 (if the account's limit was raised, raise it up to 8000: \"xads-active-campaigns-per-account\": {\"accountLimits\": {\"<account id>\": <limit>}} in the file pulumi preview --policy-pack-config names, policy-pack/README.md)",
    ]);
  });

  test("countUnmanagedCampaigns false counts the stack only, without listing", async () => {
    const live = source(liveActive(60));
    const policy = activeCampaignsPolicy(() => live);
    expect(await stackViolations(policy, active(150), { config: { countUnmanagedCampaigns: false } })).toEqual([]);
    expect(live.calls).toEqual([]);
  });
});

describe("xads-line-items-per-campaign", () => {
  const policy = lineItemsPerCampaign;
  const items = (n: number, make: (i: number) => Partial<Declared> & { props?: Record<string, unknown> } = () => ({})) =>
    times(n, (i) => {
      const { props, ...extra } = make(i);
      return lineItem(props, { name: `li-${i}`, ...extra });
    });

  test(`${LIMITS.lineItemsPerCampaign} line items in a campaign pass`, async () => {
    expect(await stackViolations(policy, items(LIMITS.lineItemsPerCampaign))).toEqual([]);
  });

  test("one more fails, naming the campaign by id when it is not in the stack", async () => {
    expect(await stackViolations(policy, items(LIMITS.lineItemsPerCampaign + 1))).toEqual([
      "campaign 8wku2 would have 101 line items; the platform allows at most 100 per campaign",
    ]);
  });

  test("during preview, line items of a new campaign (id unknown) are grouped by the campaign resource", async () => {
    const newCampaign = campaign({}, { name: "launch" });
    const lineItems = items(101, () => ({ props: { campaignId: unknown }, sources: { campaignId: ["launch"] } }));
    expect(await stackViolations(policy, [newCampaign, ...lineItems])).toEqual([
      'Campaign "launch" would have 101 line items; the platform allows at most 100 per campaign',
    ]);
  });

  test("line items of different campaigns are counted apart, and unknown ones without a source are skipped", async () => {
    const split = items(150, (i) => ({ props: { campaignId: i < 75 ? "c1" : "c2" } }));
    // More than the limit: counted together, they would be a violation.
    const orphans = items(101, () => ({ props: { campaignId: unknown } })).map((li) => ({ ...li, name: `orphan-${li.name}` }));
    expect(await stackViolations(policy, [...split, ...orphans])).toEqual([]);
  });
});

describe("xads-one-product-type-per-campaign", () => {
  const policy = oneProductTypePerCampaign;
  const li = (name: string, props: Record<string, unknown> = {}, extra: Partial<Declared> = {}) => lineItem(props, { name, ...extra });

  test("line items of one campaign with one product type and objective pass, and other campaigns may differ", async () => {
    expect(await stackViolations(policy, [li("a"), li("b"), li("c", { campaignId: "c2", productType: "MEDIA", objective: "REACH" })])).toEqual([]);
  });

  test("a second product type in a campaign fails, naming the campaign, each type and its line items", async () => {
    expect(await stackViolations(policy, [li("a"), li("b", { productType: "MEDIA" }), li("c")])).toEqual([
      'campaign 8wku2 would have line items of 2 product types: PROMOTED_TWEETS (LineItem "a", LineItem "c"), MEDIA (LineItem "b"); the platform takes one productType per campaign',
    ]);
  });

  test("a second objective fails too; a new campaign (id unknown) is named by its resource", async () => {
    const launch = campaign({}, { name: "launch" });
    const ofLaunch = { sources: { campaignId: ["launch"] } };
    expect(await stackViolations(policy, [launch, li("a", { campaignId: unknown }, ofLaunch), li("b", { campaignId: unknown, objective: "ENGAGEMENTS" }, ofLaunch)])).toEqual([
      'Campaign "launch" would have line items of 2 objectives: WEBSITE_CLICKS (LineItem "a"), ENGAGEMENTS (LineItem "b"); the platform takes one objective per campaign',
    ]);
  });

  test("a product type not known yet is skipped", async () => {
    expect(await stackViolations(policy, [li("a"), li("b", { productType: unknown })])).toEqual([]);
  });
});

describe("xads-active-line-items-per-account", () => {
  const policy = activeLineItemsPerAccount;
  const many = (n: number, entityStatus: unknown) =>
    times(n, (i) => lineItem({ entityStatus, campaignId: `c${Math.floor(i / 100)}` }, { name: `li-${String(entityStatus)}-${i}` }));

  test(`${LIMITS.activeLineItemsPerAccount} active line items pass, and paused ones do not count`, async () => {
    expect(await stackViolations(policy, [...many(LIMITS.activeLineItemsPerAccount, "ACTIVE"), ...many(50, "PAUSED")])).toEqual([]);
  });

  test("one more active line item fails", async () => {
    expect(await stackViolations(policy, many(LIMITS.activeLineItemsPerAccount + 1, "ACTIVE"))).toEqual([
      "account 18ce54d4x5t would have 8001 active line items; the platform allows at most 8000",
    ]);
  });

  test("a status not known yet is not counted", async () => {
    expect(await stackViolations(policy, [...many(LIMITS.activeLineItemsPerAccount, "ACTIVE"), ...many(5, unknown)])).toEqual([]);
  });
});

describe("xads-targeting-per-line-item", () => {
  const policy = targetingPerLineItem;
  const tc = (name: string, props: Record<string, unknown>, extra: Partial<Declared> = {}) => targetingCriterion({ operatorType: undefined, ...props }, { name, ...extra });
  const keywords = (n: number, props: Record<string, unknown> = {}) =>
    times(n, (i) => tc(`kw-${i}`, { targetingType: ["BROAD_KEYWORD", "EXACT_KEYWORD", "PHRASE_KEYWORD", "UNORDERED_KEYWORD"][i % 4], targetingValue: `word ${i}`, ...props }));

  test("a second AGE bucket on a line item fails, naming the line item and the criteria", async () => {
    expect(await stackViolations(policy, [tc("age-1", { targetingType: "AGE", targetingValue: "AGE_18_TO_24" })])).toEqual([]);
    expect(await stackViolations(policy, [
      tc("age-1", { targetingType: "AGE", targetingValue: "AGE_18_TO_24" }), tc("age-2", { targetingType: "AGE", targetingValue: "AGE_25_TO_34", operatorType: "EQ" }),
    ])).toEqual([
      'line item li1 would target 2 AGE values (TargetingCriterion "age-1", TargetingCriterion "age-2"); the platform takes at most 1 per line item',
    ]);
  });

  test(`${LIMITS.targetingPerLineItem.keyword.max} keywords of the four keyword types pass; one more fails, and exclusions are not counted`, async () => {
    const excluded = keywords(50, { operatorType: "NE" }).map((k) => ({ ...k, name: `not-${k.name}` }));
    expect(await stackViolations(policy, [...keywords(LIMITS.targetingPerLineItem.keyword.max), ...excluded])).toEqual([]);
    expect(await stackViolations(policy, keywords(LIMITS.targetingPerLineItem.keyword.max + 1))).toEqual([
      "line item li1 would target 1001 BROAD_KEYWORD or EXACT_KEYWORD or PHRASE_KEYWORD or UNORDERED_KEYWORD values; the platform takes at most 1000 per line item",
    ]);
  });

  test("criteria of a new line item (id unknown) are grouped by its resource; other line items count apart", async () => {
    const launch = lineItem({}, { name: "launch" });
    const ofLaunch = { sources: { lineItemId: ["launch"] } };
    expect(await stackViolations(policy, [
      launch,
      tc("event-1", { targetingType: "EVENT", targetingValue: "e1", lineItemId: unknown }, ofLaunch),
      tc("event-2", { targetingType: "EVENT", targetingValue: "e2", lineItemId: unknown }, ofLaunch),
      tc("event-3", { targetingType: "EVENT", targetingValue: "e3", lineItemId: "li2" }),
    ])).toEqual([
      'LineItem "launch" would target 2 EVENT values (TargetingCriterion "event-1", TargetingCriterion "event-2"); the platform takes at most 1 per line item',
    ]);
  });

  test("a type or an operator not known yet is not counted, nor a criterion whose line item is unknown without a source", async () => {
    expect(await stackViolations(policy, [
      tc("age-1", { targetingType: "AGE", targetingValue: "AGE_18_TO_24" }),
      tc("age-2", { targetingType: unknown, targetingValue: "AGE_25_TO_34" }),
      tc("age-3", { targetingType: "AGE", targetingValue: "AGE_35_TO_49", operatorType: unknown }),
      tc("age-4", { targetingType: "AGE", targetingValue: "AGE_50_TO_64", lineItemId: unknown }),
    ])).toEqual([]);
  });
});
