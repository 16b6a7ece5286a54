import {
  namingConvention, productionCampaignsPolicy, productionCampaignsStartInactive, protectIrreversibleDeletes,
  purchaseOrderRequired,
} from "../guardrails";
import { LiveCampaign } from "../live-campaigns";
import { campaign, customAudience, flexibleAudience, lineItem } from "./fixtures";
import { resourceViolations, stackViolations, unknown } from "./util";

describe("xads-purchase-order-required", () => {
  const policy = purchaseOrderRequired;

  test("a campaign with a purchase order number passes", async () => {
    expect(await resourceViolations(policy, campaign())).toEqual([]);
  });

  test("a campaign without one, or with a blank one, fails", async () => {
    const message = 'Campaign "spring-sale" has no purchaseOrderNumber; the organisation requires one on every campaign';
    expect(await resourceViolations(policy, campaign({ purchaseOrderNumber: undefined }))).toEqual([message]);
    expect(await resourceViolations(policy, campaign({ purchaseOrderNumber: "  " }))).toEqual([message]);
  });

  test("a number not known during preview is skipped", async () => {
    expect(await resourceViolations(policy, campaign({ purchaseOrderNumber: unknown }))).toEqual([]);
  });

  test("it is advisory by default", () => {
    expect(policy.enforcementLevel).toBe("advisory");
  });
});

describe("xads-naming-convention", () => {
  const policy = namingConvention;
  const config = { campaignNamePattern: "^[A-Z]{2}-\\d{4}\\b", lineItemNamePattern: "^li-" };

  test("any name passes while no pattern is configured", async () => {
    expect(await resourceViolations(policy, campaign({ name: "whatever" }))).toEqual([]);
    expect(await resourceViolations(policy, lineItem({ name: undefined }))).toEqual([]);
  });

  test("names that match their kind's pattern pass", async () => {
    expect(await resourceViolations(policy, campaign({ name: "US-2026 Spring sale" }), config)).toEqual([]);
    expect(await resourceViolations(policy, lineItem({ name: "li-timeline" }), config)).toEqual([]);
  });

  test("a campaign name that does not match fails, naming the pattern and its config key", async () => {
    expect(await resourceViolations(policy, campaign(), config)).toEqual([
      'Campaign "spring-sale" name "Spring sale" does not match the naming convention /^[A-Z]{2}-\\d{4}\\b/ (campaignNamePattern)',
    ]);
  });

  test("a line item without a name fails once a pattern is set", async () => {
    expect(await resourceViolations(policy, lineItem({ name: undefined }), config)).toEqual([
      'LineItem "timeline" has no name; the naming convention /^li-/ (lineItemNamePattern) requires one',
    ]);
  });

  test("a name not known during preview is skipped", async () => {
    expect(await resourceViolations(policy, campaign({ name: unknown }), config)).toEqual([]);
  });

  test("a pattern that is not a regular expression is a configuration error that names the key", async () => {
    await expect(resourceViolations(policy, campaign(), { campaignNamePattern: "([" }))
      .rejects.toThrow('xads-naming-convention: campaignNamePattern "([" is not a valid regular expression');
  });
});

describe("xads-production-campaigns-start-inactive", () => {
  const policy = productionCampaignsStartInactive;
  const activeNew = campaign({ entityStatus: "ACTIVE" });
  const message = 'Campaign "spring-sale" would be created ACTIVE in production stack "production"; create campaigns PAUSED or DRAFT and activate them in a later change';
  const hedge = " (without read credentials the pack cannot tell it from a live campaign changed in this preview)";

  test("outside production stacks any status passes", async () => {
    expect(await stackViolations(policy, [activeNew], { stack: "dev" })).toEqual([]);
  });

  test("in production, new campaigns created PAUSED or DRAFT pass", async () => {
    expect(await stackViolations(policy, [campaign(), campaign({ entityStatus: "DRAFT" }, { name: "d" })], { stack: "production" })).toEqual([]);
  });

  test("in production, a new ACTIVE campaign fails; without live data the message says what it cannot tell", async () => {
    expect(await stackViolations(policy, [activeNew], { stack: "production" })).toEqual([message + hedge]);
    expect(await stackViolations(policy, [campaign({ entityStatus: undefined })], { stack: "production" })).toEqual([message + hedge]);
  });

  test("a stack tag marks production too, and productionStacks is configurable", async () => {
    expect(await stackViolations(policy, [activeNew], { stack: "eu", tags: { environment: "production" } })).toHaveLength(1);
    expect(await stackViolations(policy, [activeNew], { stack: "eu", config: { productionStacks: ["eu"] } })).toHaveLength(1);
    expect(await stackViolations(policy, [activeNew], { stack: "eu", tags: { environment: "staging" } })).toEqual([]);
  });

  test("campaigns already on the platform (created or adopted) may be ACTIVE", async () => {
    const created = campaign({ entityStatus: "ACTIVE", createdAt: "2026-03-01T10:00:00Z" });
    const adopted = campaign({ entityStatus: "ACTIVE", adoptId: "8wku2" }, { name: "adopted" });
    expect(await stackViolations(policy, [created, adopted], { stack: "production" })).toEqual([]);
  });

  test("with live campaigns, a live campaign being activated passes and a new one fails without the hedge", async () => {
    const live: LiveCampaign[] = [{ id: "8wku2", name: "Spring sale", fundingInstrumentId: "hw6ie", entityStatus: "PAUSED" }];
    const withLive = productionCampaignsPolicy(() => ({ address: "http://127.0.0.1:8787/sandbox", list: async () => live }));
    expect(await stackViolations(withLive, [activeNew], { stack: "production" })).toEqual([]);
    const other = campaign({ entityStatus: "ACTIVE", name: "Summer sale" });
    expect(await stackViolations(withLive, [other], { stack: "production" })).toEqual([message]);
  });

  test("a listing that fails falls back on the state, and the message says why", async () => {
    const failing = productionCampaignsPolicy(() => ({ address: "http://127.0.0.1:8787/sandbox", list: async () => { throw new Error("503"); } }));
    expect(await stackViolations(failing, [activeNew], { stack: "production" })).toEqual([
      message + " (the live campaigns could not be listed at http://127.0.0.1:8787/sandbox, so it may be a live campaign changed in this preview)",
    ]);
  });

  test("a status not known during preview is skipped", async () => {
    expect(await stackViolations(policy, [campaign({ entityStatus: unknown })], { stack: "production" })).toEqual([]);
  });
});

describe("xads-protect-irreversible-deletes", () => {
  const policy = protectIrreversibleDeletes;

  test("deletionProtection on (set, or by default) passes, and so does protect: true", async () => {
    expect(await resourceViolations(policy, campaign())).toEqual([]);
    expect(await resourceViolations(policy, campaign({ deletionProtection: undefined }))).toEqual([]);
    expect(await resourceViolations(policy, campaign({ deletionProtection: false }, { protect: true }))).toEqual([]);
  });

  test("a campaign or an audience with deletionProtection false and no protect fails", async () => {
    expect(await resourceViolations(policy, campaign({ deletionProtection: false }))).toEqual([
      'Campaign "spring-sale" sets deletionProtection: false and is not protected (protect: true), so a pulumi change could delete it, which cannot be undone; keep deletionProtection on (the default) or set the resource option protect: true',
    ]);
    expect(await resourceViolations(policy, customAudience({ deletionProtection: false }))).toHaveLength(1);
    expect(await resourceViolations(policy, flexibleAudience({ deletionProtection: false }))).toHaveLength(1);
  });

  test("line items are not concerned", async () => {
    expect(await resourceViolations(policy, lineItem({ deletionProtection: false }))).toEqual([]);
  });

  test("a value not known during preview is skipped", async () => {
    expect(await resourceViolations(policy, campaign({ deletionProtection: unknown }))).toEqual([]);
  });
});
