/**
 * PromotedAccount, LineItemCuratedCategory and TargetingCriterion with the
 * real pulumi CLI, in one stack with a data source output: up, no-change
 * preview, the curated category updated in place and the promoted user
 * replaced (the preview says why, no PUT is ever sent), an edit and a
 * delete in the UI found by refresh and put back, a content category
 * targeted without IAB_CATEGORY refused in preview with no write, destroy.
 */
import { ACCOUNT_ID, Credentials, DataSourceSpec, Emulator, ResourceSpec, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

const PUBLIC_BRAND = "2244994945";
const PUBLIC_NEWS = "783214";
const CONFIGURED_USER = "756201191646691328";

let emu: Emulator;
let creds: Credentials;
let stack: Stack;

interface Declared { userId: string; curatedCategoryId: string; targetingType: string }
const initial: Declared = { userId: PUBLIC_BRAND, curatedCategoryId: "1jq3", targetingType: "IAB_CATEGORY" };

function program(d: Declared): ResourceSpec[] {
  // The line items of a campaign share one product type (the reference's rule): one campaign each.
  const lineItem = (campaign: string, productType: string) => ({ campaignId: `\${${campaign}.id}`, objective: "FOLLOWERS", productType, placements: ["ALL_ON_TWITTER"] });
  const campaign = (name: string) => ({ fundingInstrumentId: "${usd.id}", name, dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false });
  return [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "c", args: campaign("C") },
    { type: "LineItem", name: "followers", args: lineItem("c", "PROMOTED_ACCOUNT") },
    { type: "PromotedAccount", name: "pa", args: { lineItemId: "${followers.id}", userId: d.userId } },
    { type: "Campaign", name: "c2", args: campaign("C2") },
    { type: "LineItem", name: "tweets", args: lineItem("c2", "PROMOTED_TWEETS") },
    { type: "LineItemCuratedCategory", name: "cat", args: { lineItemId: "${tweets.id}", curatedCategoryId: d.curatedCategoryId } },
    { type: "TargetingCriterion", name: "tc", args: { lineItemId: "${tweets.id}", targetingType: d.targetingType, targetingValue: "IAB17-12" } },
  ];
}
const dataSources: DataSourceSpec[] = [{ name: "promotableUsers", fn: "getPromotableUsers" }];
const write = (d: Declared) => stack.writeProgram(program(d), dataSources);

const live = (collection: string, withDeleted = false) => emu.control.entities("sandbox", ACCOUNT_ID, collection, { withDeleted });
/** Every PUT ever sent to endpoints without one (the log is cleared once below: counted before). */
let putsWithoutEndpoint = 0;
const countPuts = () => emu.control.requests().filter((r) => r.method === "PUT" && /\/(promoted_accounts|targeting_criteria)\//.test(r.path)).length;

beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  stack = new Stack("targeting", emu, creds);
  write(initial);
  await stack.init();
});
afterAll(async () => emu?.close());

test("up promotes the user, attaches the curated category and the criterion, and exports a data source's answer", async () => {
  expect(await stack.up()).toMatchObject({ code: 0 });
  const out = await stack.outputs() as unknown as Record<string, unknown>;
  expect(live("promoted_accounts")).toEqual([expect.objectContaining({ id: out.pa, line_item_id: out.followers, user_id: PUBLIC_BRAND })]);
  expect(live("line_item_curated_categories")).toEqual([expect.objectContaining({ id: out.cat, line_item_id: out.tweets, curated_category_id: "1jq3" })]);
  expect(live("targeting_criteria")).toEqual([expect.objectContaining({ id: out.tc, targeting_type: "IAB_CATEGORY", targeting_value: "IAB17-12", operator_type: "EQ" })]);
  expect(out.promotableUsers).toContainEqual(expect.objectContaining({ userId: CONFIGURED_USER, promotableUserType: "FULL" }));
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/9 unchanged/) });
});

test("a new curated category updates in place; a new promoted user replaces, and the preview says why", async () => {
  const before = await stack.outputs();
  write({ ...initial, userId: PUBLIC_NEWS, curatedCategoryId: "1jq4" });
  const preview = await stack.preview("--diff");
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/\+-pulumi-nodejs:dynamic\/xads:PromotedAccount: \(replace\)/);
  expect(preview.stdout).toMatch(new RegExp(`~ userId\\s*: "${PUBLIC_BRAND}" => "${PUBLIC_NEWS}"`));
  expect(preview.stdout).toMatch(/~ pulumi-nodejs:dynamic\/xads:LineItemCuratedCategory: \(update\)/);
  expect(preview.stdout).toMatch(/~ curatedCategoryId\s*: "1jq3" => "1jq4"/);
  expect(preview.stdout).toMatch(/~ 1 to update/);
  expect(preview.stdout).toMatch(/\+-1 to replace/);
  expect(await stack.up()).toMatchObject({ code: 0 });
  const after = await stack.outputs();
  expect(after.cat).toBe(before.cat);
  expect(live("line_item_curated_categories")).toEqual([expect.objectContaining({ id: before.cat, curated_category_id: "1jq4" })]);
  expect(live("promoted_accounts")).toEqual([expect.objectContaining({ id: after.pa, user_id: PUBLIC_NEWS })]);
  expect(live("promoted_accounts", true).find((p) => p.id === before.pa)).toMatchObject({ deleted: true });
  expect(countPuts()).toBe(0);
});

test("an edit and a delete in the UI are found by refresh and put back by up --refresh", async () => {
  const { cat, tc } = await stack.outputs();
  emu.control.edit("sandbox", ACCOUNT_ID, "line_item_curated_categories", cat!, { curated_category_id: "1jq7" });
  emu.control.remove("sandbox", ACCOUNT_ID, "targeting_criteria", tc!);
  expect((await stack.run(["refresh", "--preview-only", "--expect-no-changes"])).code).not.toBe(0);
  expect(await stack.run(["up", "--refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(live("line_item_curated_categories")).toEqual([expect.objectContaining({ id: cat, curated_category_id: "1jq4" })]);
  const criteria = live("targeting_criteria");
  expect(criteria).toEqual([expect.objectContaining({ targeting_type: "IAB_CATEGORY", targeting_value: "IAB17-12" })]);
  expect(criteria[0]!.id).not.toBe(tc);
  expect(countPuts()).toBe(0);
});

test("a content category targeted without IAB_CATEGORY is refused in preview, naming targetingType, with no write", async () => {
  putsWithoutEndpoint += countPuts();
  emu.control.clearRequests();
  write({ ...initial, userId: PUBLIC_NEWS, curatedCategoryId: "1jq4", targetingType: "INTEREST" });
  const preview = await stack.preview();
  expect(preview.code).not.toBe(0);
  expect(preview.stdout + preview.stderr).toMatch(/targetingType must be IAB_CATEGORY to target the content category value IAB17-12 \(got INTEREST\)/);
  expect(emu.control.requests().filter((r) => r.method !== "GET")).toEqual([]);
  write({ ...initial, userId: PUBLIC_NEWS, curatedCategoryId: "1jq4" });
});

test("destroy removes the promotion, the curated category and the criterion; no PUT was ever sent to them", async () => {
  expect(await stack.run(["destroy", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(live("promoted_accounts")).toEqual([]);
  expect(live("line_item_curated_categories")).toEqual([]);
  expect(live("targeting_criteria")).toEqual([]);
  expect(putsWithoutEndpoint + countPuts()).toBe(0);
});
