/**
 * Promoted accounts, line item curated categories, targeting criteria and
 * the reference-data sources against the emulator: the platform's rules
 * (ref campaign-management/reference.mdx, Promoted Accounts, Line Item Curated Categories, Targeting Criteria) and the provider's lifecycle.
 */
import { AdsClient, Entity, ValidationError } from "../../provider/client";
import {
  listBiddingRules, listContentCategories, listCuratedCategories, listPlacements, listPromotableUsers, readAuthenticatedUserAccess,
} from "../../provider/data-sources";
import { lineItemCuratedCategory } from "../../provider/resources/line-item-curated-category";
import { promotedAccount } from "../../provider/resources/promoted-account";
import { targetingCriterion } from "../../provider/resources/targeting-criterion";
import { DEMO_USER_ID } from "../../emulator";
import { ACCOUNT, seedCampaign, seedFundingInstrument, seedLineItem, useEmulator, useReferenceCache } from "./fixtures";

const fixture = useEmulator();
const cache = useReferenceCache();
const { client, ctx } = fixture;
const emu = () => fixture.emu;

const PUBLIC_USER = "2244994945";
const PROTECTED_USER = "1500000000000000001";
const RETWEETS_ONLY_USER = "1029384756102938475";

const base = `/12/accounts/${ACCOUNT}`;
const writes = () => emu().control.requests().filter((r) => r.method !== "GET");
const entities = (collection: string) => emu().control.entities("sandbox", ACCOUNT, collection, {});
const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);

/** Line items of the given product types (one objective), each in a campaign of its own: a campaign takes one product type. */
async function lineItems(c: AdsClient, ...productTypes: string[]): Promise<string[]> {
  const fundingInstrumentId = await seedFundingInstrument(c);
  const ids: string[] = [];
  for (const product_type of productTypes) {
    const campaign = await seedCampaign(c, { funding_instrument_id: fundingInstrumentId, name: `C ${product_type}` });
    ids.push(await seedLineItem(c, { campaign_id: campaign.id, objective: "FOLLOWERS", product_type }));
  }
  return ids;
}

let promotedLi: string;
let tweetsLi: string;
beforeEach(async () => {
  [promotedLi, tweetsLi] = await lineItems(client(), "PROMOTED_ACCOUNT", "PROMOTED_TWEETS");
  emu().control.clearRequests();
});

describe("PromotedAccount", () => {
  const inputs = (userId: string, lineItemId = promotedLi) => promotedAccount.check({}, { accountId: ACCOUNT, lineItemId, userId }).inputs!;

  test("create, read, and an idempotent delete that disassociates the user", async () => {
    const { id, outs } = await promotedAccount.create(ctx(), inputs(PUBLIC_USER));
    expect(outs).toMatchObject({ lineItemId: promotedLi, userId: PUBLIC_USER, entityStatus: "ACTIVE" });
    expect((await promotedAccount.read(ctx(), id, outs))?.props).toMatchObject({ userId: PUBLIC_USER });
    await promotedAccount.delete(ctx(), id, outs);
    await promotedAccount.delete(ctx(), id, outs);
    expect(await promotedAccount.read(ctx(), id, outs)).toBeUndefined();
  });

  test("a promotable user of the account (RETWEETS_ONLY too) is eligible", async () => {
    const { outs } = await promotedAccount.create(ctx(), inputs(RETWEETS_ONLY_USER));
    expect(outs.userId).toBe(RETWEETS_ONLY_USER);
  });

  test("a line item not configured for promoted accounts: 400 INCOMPATIBLE_LINE_ITEM, one error naming the line item", async () => {
    const raw = await failure(client().post(`${base}/promoted_accounts`, { line_item_id: tweetsLi, user_id: PUBLIC_USER }));
    expect(raw).toMatchObject({ status: 400, code: "INCOMPATIBLE_LINE_ITEM", parameter: "line_item_id" });
    const err = await failure(promotedAccount.create(ctx(), inputs(PUBLIC_USER, tweetsLi)));
    expect(String(err)).toContain(`line item ${tweetsLi} is not configured for promoted accounts (its productType must be PROMOTED_ACCOUNT)`);
    expect(entities("promoted_accounts")).toEqual([]);
  });

  test.each([["protected", PROTECTED_USER], ["unknown", "999"]])("an ineligible (%s) user: 400, nothing promoted, one error naming the user", async (_what, userId) => {
    const err = await failure(promotedAccount.create(ctx(), inputs(userId)));
    expect(String(err)).toContain(`user ${userId} is not eligible for promotion on line item ${promotedLi}`);
    expect(emu().control.requests().filter((r) => r.method === "POST").map((r) => r.status)).toEqual([400]);
    expect(entities("promoted_accounts")).toEqual([]);
  });

  test("promoting a user already promoted out of band adopts the one record instead of failing or duplicating", async () => {
    const outOfBand = await client().post<Entity>(`${base}/promoted_accounts`, { line_item_id: promotedLi, user_id: PUBLIC_USER });
    const { id, outs } = await promotedAccount.create(ctx(), inputs(PUBLIC_USER));
    expect(id).toBe(outOfBand.id);
    expect(outs).toMatchObject({ lineItemId: promotedLi, userId: PUBLIC_USER });
    // The platform ignored the second promotion: 200 with the existing record, not 201.
    expect(emu().control.requests().filter((r) => r.method === "POST").map((r) => r.status)).toEqual([201, 200]);
    expect(entities("promoted_accounts").map((p) => p.id)).toEqual([outOfBand.id]);
  });

  test("a create whose answer never came is not sent twice: the committed promotion is adopted", async () => {
    emu().control.fault({ method: "POST", path: "/promoted_accounts$", kind: "timeout-after-commit", delayMs: 3000 });
    const { id } = await promotedAccount.create(ctx(client(500)), inputs(PUBLIC_USER));
    expect(emu().control.requests().filter((r) => r.method === "POST")).toHaveLength(1);
    expect(entities("promoted_accounts").map((p) => p.id)).toEqual([id]);
  });

  test("listing by line items none of which is configured for promoted accounts is a 400", async () => {
    const err = await failure(client().list(`${base}/promoted_accounts`, { line_item_ids: [tweetsLi] }));
    expect(err).toMatchObject({ status: 400, code: "INCOMPATIBLE_LINE_ITEM", parameter: "line_item_ids" });
    expect(await client().list(`${base}/promoted_accounts`, { line_item_ids: [tweetsLi, promotedLi] })).toEqual([]);
  });

  test("the platform has no PUT for promoted accounts: the emulator answers 405", async () => {
    const { id } = await promotedAccount.create(ctx(), inputs(PUBLIC_USER));
    const err = await failure(client().put(`${base}/promoted_accounts/${id}`, { user_id: "783214" }));
    expect(err).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
  });
});

describe("LineItemCuratedCategory", () => {
  const inputs = (curatedCategoryId: string, lineItemId = tweetsLi) =>
    lineItemCuratedCategory.check({}, { accountId: ACCOUNT, lineItemId, curatedCategoryId }).inputs!;

  test("create, then both the category and the line item change in place with one PUT each, then an idempotent delete", async () => {
    const { id, outs } = await lineItemCuratedCategory.create(ctx(), inputs("1jq3"));
    expect(outs).toMatchObject({ lineItemId: tweetsLi, curatedCategoryId: "1jq3" });
    const moved = await lineItemCuratedCategory.update(ctx(), id, outs, inputs("1jq4"));
    expect(moved.curatedCategoryId).toBe("1jq4");
    const again = await lineItemCuratedCategory.update(ctx(), id, moved, inputs("1jq4", promotedLi));
    expect(again.lineItemId).toBe(promotedLi);
    expect(writes().filter((r) => r.method === "PUT").map((r) => r.query)).toEqual([{ curated_category_id: "1jq4" }, { line_item_id: promotedLi }]);
    expect((await lineItemCuratedCategory.read(ctx(), id, again))?.props).toMatchObject({ lineItemId: promotedLi, curatedCategoryId: "1jq4" });
    await lineItemCuratedCategory.delete(ctx(), id, again);
    await lineItemCuratedCategory.delete(ctx(), id, again);
    expect(await lineItemCuratedCategory.read(ctx(), id, again)).toBeUndefined();
  });

  test("a curated category the platform does not serve is refused, naming curated_category_id", async () => {
    const err = await failure(lineItemCuratedCategory.create(ctx(), inputs("nope")));
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ parameter: "curated_category_id" });
    expect(entities("line_item_curated_categories")).toEqual([]);
  });
});

describe("TargetingCriterion", () => {
  const inputs = (targetingValue = "IAB1-1", operatorType = "EQ") =>
    targetingCriterion.check({}, { accountId: ACCOUNT, lineItemId: tweetsLi, targetingType: "IAB_CATEGORY", targetingValue, operatorType }).inputs!;

  test("create goes through the batch endpoint; read and an idempotent delete", async () => {
    const { id, outs } = await targetingCriterion.create(ctx(), inputs("IAB17-12", "NE"));
    expect(outs).toMatchObject({ lineItemId: tweetsLi, targetingType: "IAB_CATEGORY", targetingValue: "IAB17-12", operatorType: "NE", name: "Sports (IAB17-12)" });
    expect(writes()).toEqual([expect.objectContaining({
      method: "POST", path: `/12/batch/accounts/${ACCOUNT}/targeting_criteria`, status: 200,
      body: [{ operation_type: "Create", params: { line_item_id: tweetsLi, targeting_type: "IAB_CATEGORY", targeting_value: "IAB17-12", operator_type: "NE" } }],
    })]);
    expect((await targetingCriterion.read(ctx(), id, outs))?.props).toMatchObject({ targetingValue: "IAB17-12" });
    await targetingCriterion.delete(ctx(), id, outs);
    await targetingCriterion.delete(ctx(), id, outs);
    expect(await targetingCriterion.read(ctx(), id, outs)).toBeUndefined();
  });

  test("the platform refuses content category values without IAB_CATEGORY, and the whole batch commits nothing", async () => {
    const err = await failure(client().batch(`/12/batch/accounts/${ACCOUNT}/targeting_criteria`, [
      { operation_type: "Create", params: { line_item_id: tweetsLi, targeting_type: "IAB_CATEGORY", targeting_value: "IAB19" } },
      { operation_type: "Create", params: { line_item_id: tweetsLi, targeting_type: "INTEREST", targeting_value: "IAB19-6" } },
    ], 500));
    expect(err).toMatchObject({ status: 400, parameter: "targeting_type" });
    expect((err as ValidationError).operationErrors?.map((e) => e.length)).toEqual([0, 1]);
    expect(entities("targeting_criteria")).toEqual([]);
  });

  test("the platform takes the reference's targeting types and operators, refuses others; APP_LIST only excludes, GTE and LT compare activation durations only", async () => {
    const post = (targeting_type: string, operator_type: string) =>
      client().post<Entity>(`${base}/targeting_criteria`, { line_item_id: tweetsLi, targeting_type, targeting_value: "v1", operator_type });
    expect(await post("FOLLOWERS_OF_USER", "EQ")).toMatchObject({ targeting_type: "FOLLOWERS_OF_USER", operator_type: "EQ" });
    expect(await post("NETWORK_ACTIVATION_DURATION", "GTE")).toMatchObject({ targeting_type: "NETWORK_ACTIVATION_DURATION", operator_type: "GTE" });
    expect(await post("APP_LIST", "NE")).toMatchObject({ targeting_type: "APP_LIST", operator_type: "NE" });
    await expect(post("APP_LIST", "EQ")).rejects.toMatchObject({ status: 400, parameter: "operator_type" });
    await expect(post("AGE", "GTE")).rejects.toMatchObject({ status: 400, parameter: "operator_type" });
    await expect(post("NETWORK_ACTIVATION_DURATION", "EQ")).rejects.toMatchObject({ status: 400, parameter: "operator_type" });
    await expect(post("FOLLOWER_LOOKALIKES", "EQ")).rejects.toMatchObject({ status: 400, parameter: "targeting_type" });
    await expect(post("ENGAGEMENT_TYPE", "EQ")).rejects.toMatchObject({ status: 400, parameter: "targeting_value" });
    expect(entities("targeting_criteria")).toHaveLength(3);
  });

  test("the platform takes a single AGE bucket per line item, counting the batch's own items; an exclusion is not counted", async () => {
    const item = (targeting_value: string, operator_type = "EQ") => ({ operation_type: "Create" as const, params: { line_item_id: tweetsLi, targeting_type: "AGE", targeting_value, operator_type } });
    const batch = (items: ReturnType<typeof item>[]) => client().batch(`/12/batch/accounts/${ACCOUNT}/targeting_criteria`, items, 500);
    const err = await failure(batch([item("AGE_18_TO_24"), item("AGE_25_TO_34")]));
    expect(err).toMatchObject({ status: 400, parameter: "targeting_type", message: expect.stringContaining("a line item takes at most 1 targeted AGE values, got 2") });
    expect((err as ValidationError).operationErrors?.map((e) => e.length)).toEqual([0, 1]);
    expect(await batch([item("AGE_18_TO_24"), item("AGE_35_TO_49", "NE")])).toHaveLength(2);
    await expect(batch([item("AGE_25_TO_34")])).rejects.toMatchObject({ status: 400, parameter: "targeting_type" });
    expect(entities("targeting_criteria")).toHaveLength(2);
  });

  test("criteria deleted together share one batch POST of Delete items (no DELETE); a criterion already gone counts as deleted", async () => {
    const one = ctx(); // one provider process
    const made = await Promise.all(["IAB1-1", "IAB1-2", "IAB2-1", "IAB3-1"].map((v) => targetingCriterion.create(one, inputs(v))));
    await client().delete(`${base}/targeting_criteria/${made[3]!.id}`);
    emu().control.clearRequests();
    await Promise.all(made.map(({ id, outs }) => targetingCriterion.delete(one, id, outs)));
    const deletes = writes().map((r) => [r.method, r.path, (r.body as { operation_type: string; params: { targeting_criterion_id: string } }[] | null)?.map((i) => [i.operation_type, i.params.targeting_criterion_id])]);
    // The one already gone is refused at its index (nothing committed), and the others go again.
    expect(deletes).toEqual([
      ["POST", `/12/batch/accounts/${ACCOUNT}/targeting_criteria`, made.map((m) => ["Delete", m.id])],
      ["POST", `/12/batch/accounts/${ACCOUNT}/targeting_criteria`, made.slice(0, 3).map((m) => ["Delete", m.id])],
    ]);
    expect(entities("targeting_criteria")).toEqual([]);
  });

  test("criteria created together share one batch POST, each resource its own criterion; a refused one fails alone and the others are created", async () => {
    const values = ["IAB1-1", "IAB1-2", "IAB1-6", "IAB2-1", "IAB2-3", "IAB3-1", "IAB9-30", "IAB17-12", "IAB17-44", "IAB19-6", "IAB19-18"];
    const wanted = [promotedLi, tweetsLi].flatMap((lineItemId) => values.map((targetingValue) => ({ ...inputs(targetingValue), lineItemId })));
    const one = ctx(); // one provider process
    const results = await Promise.allSettled([...wanted, inputs("IAB99")].map((tc) => targetingCriterion.create(one, tc)));
    // The first call held all 23 and committed nothing (a batch is atomic); the second sent the 22 the platform took.
    expect(writes().map((r) => [r.method, r.path, (r.body as unknown[]).length, r.status]))
      .toEqual([[23, 400], [22, 200]].map(([n, status]) => ["POST", `/12/batch/accounts/${ACCOUNT}/targeting_criteria`, n, status]));
    expect(String((results[22] as PromiseRejectedResult).reason.message)).toMatch(/^IAB_CATEGORY IAB99 criterion on line item \S+ was refused by the platform \(targeting_value: .+\); nothing was created for it$/);
    const created = results.slice(0, 22).map((r) => (r as PromiseFulfilledResult<{ id: string }>).value.id);
    const live = new Map(entities("targeting_criteria").map((t) => [t.id, [t.line_item_id, t.targeting_value]]));
    expect(created.map((id) => live.get(id))).toEqual(wanted.map((tc) => [tc.lineItemId, tc.targetingValue]));
    expect(live.size).toBe(22);
  });

  test("IAB_CATEGORY with a value no content category maps to is refused, naming targeting_value", async () => {
    const err = await failure(targetingCriterion.create(ctx(), inputs("IAB99")));
    expect(err).toMatchObject({ status: 400, parameter: "targeting_value" });
  });

  test("listing requires line_item_ids and a count of 1 to 1000", async () => {
    await expect(client().get(`${base}/targeting_criteria`)).rejects.toMatchObject({ status: 400, code: "MISSING_PARAMETER", parameter: "line_item_ids" });
    await expect(client().get(`${base}/targeting_criteria`, { line_item_ids: tweetsLi, count: 1001 })).rejects.toMatchObject({ status: 400, parameter: "count" });
    await targetingCriterion.create(ctx(), inputs());
    expect(await client().list(`${base}/targeting_criteria`, { line_item_ids: [tweetsLi] })).toHaveLength(1);
  });

  test("no update exists: PUT answers 405 and a batch Update is refused", async () => {
    const { id } = await targetingCriterion.create(ctx(), inputs());
    await expect(client().put(`${base}/targeting_criteria/${id}`, { operator_type: "NE" })).rejects.toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
    await expect(client().batch(`/12/batch/accounts/${ACCOUNT}/targeting_criteria`, [
      { operation_type: "Update", params: { targeting_criterion_id: id, operator_type: "NE" } },
    ], 500)).rejects.toMatchObject({ status: 400, parameter: "operation_type" });
  });

  test("a batch create whose answer never came is not sent twice: the committed criterion is adopted", async () => {
    emu().control.fault({ method: "POST", path: "/targeting_criteria$", kind: "timeout-after-commit", delayMs: 3000 });
    const { id } = await targetingCriterion.create(ctx(client(500)), inputs());
    expect(emu().control.requests().filter((r) => r.method === "POST")).toHaveLength(1);
    expect(entities("targeting_criteria").map((t) => t.id)).toEqual([id]);
  });
});

describe("reference-data sources", () => {
  test("getPromotableUsers: the configured user is the account's FULL one", async () => {
    expect(await listPromotableUsers(ctx(), { accountId: ACCOUNT })).toEqual([
      expect.objectContaining({ userId: DEMO_USER_ID, promotableUserType: "FULL", accountId: ACCOUNT }),
      expect.objectContaining({ userId: RETWEETS_ONLY_USER, promotableUserType: "RETWEETS_ONLY" }),
    ]);
  });

  test("getContentCategories: each maps to IAB categories", async () => {
    const categories = await listContentCategories(ctx(), cache.options());
    expect(categories).toContainEqual({ id: "17", name: "Sports", iabCategories: ["IAB17", "IAB17-12", "IAB17-44"], publishersInLastThirtyDays: 60, videosMonetizedInLastThirtyDays: 2446 });
    expect(categories.every((c) => c.iabCategories.length > 0)).toBe(true);
  });

  test("getCuratedCategories: by country; more than 200 codes is refused before any request, and by the platform", async () => {
    const jp = await listCuratedCategories(ctx(), { accountId: ACCOUNT, countryCodes: ["JP"] });
    expect(jp).toEqual([expect.objectContaining({ id: "1jq6", name: "Gaming", countryCodes: ["US", "JP", "KR"] })]);
    await expect(listCuratedCategories(ctx(), { accountId: ACCOUNT, countryCodes: Array(201).fill("US") }))
      .rejects.toThrow("getCuratedCategories: countryCodes must have at most 200 items (got 201)");
    expect(emu().control.requests()).toHaveLength(1);
    await expect(client().get(`${base}/curated_categories`, { country_codes: Array(201).fill("US") })).rejects.toMatchObject({ status: 400, parameter: "country_codes" });
    await expect(client().get(`${base}/curated_categories`)).rejects.toMatchObject({ status: 400, code: "MISSING_PARAMETER", parameter: "country_codes" });
    expect(await client().get(`${base}/curated_categories/1jq5`)).toMatchObject({ name: "Cooking" });
  });

  test("getBiddingRules: minimum and maximum CPE bids, of one currency; a currency the Ads API does not recognize is refused before any request", async () => {
    expect(await listBiddingRules(ctx(), { currency: "USD" }, cache.options())).toEqual([
      { currency: "USD", minimumCpeBidLocalMicro: 10_000, maximumCpeBidLocalMicro: 100_000_000, minimumDenomination: 10_000 },
    ]);
    expect((await listBiddingRules(ctx(), {}, cache.options())).length).toBeGreaterThan(1);
    await expect(listBiddingRules(ctx(), { currency: "usd" })).rejects.toThrow(/^getBiddingRules: currency must be one of the currencies the Ads API recognizes/);
    await expect(listBiddingRules(ctx(), { currency: "XYZ" })).rejects.toThrow(/^getBiddingRules: currency must be one of the currencies the Ads API recognizes \(ISO-4217\): AED, .* \(got "XYZ"\)$/);
    expect(emu().control.requests()).toHaveLength(2);
    await expect(client().get("/12/bidding_rules", { currency: "DOLLAR" })).rejects.toMatchObject({ status: 400, parameter: "currency" });
  });

  test("getPlacements: valid placement sets, of one product type", async () => {
    expect(await listPlacements(ctx(), { productType: "PROMOTED_ACCOUNT" }, cache.options())).toEqual([
      { productType: "PROMOTED_ACCOUNT", placements: [["ALL_ON_TWITTER"], ["TWITTER_PROFILE"], ["TWITTER_SEARCH"], ["TWITTER_TIMELINE"]] },
    ]);
    expect((await listPlacements(ctx(), {}, cache.options())).map((p) => p.productType)).toEqual(["MEDIA", "PROMOTED_ACCOUNT", "PROMOTED_TWEETS"]);
  });

  test("getAuthenticatedUserAccess: the configured user's permissions on the account", async () => {
    expect(await readAuthenticatedUserAccess(ctx(), { accountId: ACCOUNT })).toEqual({
      accountId: ACCOUNT, userId: DEMO_USER_ID, permissions: ["ACCOUNT_ADMIN", "TWEET_COMPOSER"],
    });
    await expect(client().get("/12/accounts/nope/authenticated_user_access")).rejects.toMatchObject({ status: 403, code: "ACCOUNT_NOT_FOUND" });
  });
});

describe("adoptId takes over a live entity without any write, and refuses one that differs", () => {
  test.each([
    ["promoted account", async () => {
      const live = await client().post<Entity>(`${base}/promoted_accounts`, { line_item_id: promotedLi, user_id: PUBLIC_USER });
      const create = (userId: string) => promotedAccount.create(ctx(), promotedAccount.check({}, { accountId: ACCOUNT, adoptId: live.id, lineItemId: promotedLi, userId }).inputs!);
      return { id: live.id, same: () => create(PUBLIC_USER), differing: () => create("783214"), field: "userId" };
    }],
    ["line item curated category", async () => {
      const live = await client().post<Entity>(`${base}/line_item_curated_categories`, { line_item_id: tweetsLi, curated_category_id: "1jq3" });
      const create = (curatedCategoryId: string) => lineItemCuratedCategory.create(ctx(), lineItemCuratedCategory.check({}, { accountId: ACCOUNT, adoptId: live.id, lineItemId: tweetsLi, curatedCategoryId }).inputs!);
      return { id: live.id, same: () => create("1jq3"), differing: () => create("1jq4"), field: "curatedCategoryId" };
    }],
    ["targeting criterion", async () => {
      const live = await client().post<Entity>(`${base}/targeting_criteria`, { line_item_id: tweetsLi, targeting_type: "IAB_CATEGORY", targeting_value: "IAB19" });
      const create = (operatorType: string) => targetingCriterion.create(ctx(), targetingCriterion.check({}, { accountId: ACCOUNT, adoptId: live.id, lineItemId: tweetsLi, targetingType: "IAB_CATEGORY", targetingValue: "IAB19", operatorType }).inputs!);
      return { id: live.id, same: () => create("EQ"), differing: () => create("NE"), field: "operatorType" };
    }],
  ])("%s", async (_kind, setUp) => {
    const { id, same, differing, field } = await setUp();
    emu().control.clearRequests();
    await expect(same()).resolves.toMatchObject({ id });
    await expect(differing()).rejects.toThrow(new RegExp(`was not adopted, and nothing was written: ${field} is .* on the platform and .* in the program`));
    expect(writes()).toEqual([]);
  });
});

test("concurrent reads of targeting criteria share one list call by their line items", async () => {
  const made = await Promise.all(["IAB1", "IAB2", "IAB3"].map((targetingValue, i) => targetingCriterion.create(ctx(),
    targetingCriterion.check({}, { accountId: ACCOUNT, lineItemId: i === 0 ? promotedLi : tweetsLi, targetingType: "IAB_CATEGORY", targetingValue }).inputs!)));
  emu().control.remove("sandbox", ACCOUNT, "targeting_criteria", made[2]!.id);
  emu().control.clearRequests();
  const shared = ctx();
  const read = await Promise.all(made.map((m) => targetingCriterion.read(shared, m.id, m.outs)));
  expect(read.map((r) => r?.props.targetingValue)).toEqual(["IAB1", "IAB2", undefined]);
  const gets = emu().control.requests().filter((r) => r.method === "GET");
  expect(gets).toHaveLength(1);
  expect(gets[0]!.query.line_item_ids!.split(",").sort()).toEqual([promotedLi, tweetsLi].sort());
});
