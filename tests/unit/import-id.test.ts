/**
 * The id `pulumi import` takes: an entity the platform reads only under a
 * parent is named `<parent>:<id>` (a criterion under its line item, a
 * permission under its audience), the state keeping the entity's own id;
 * an id of another form is refused naming the form, before any read. And
 * what an import declares of a computed field: the values check asks the
 * program for (a draft's text without media).
 */
import { definitionOf, RESOURCES } from "../../provider/resources";
import type { Context } from "../../provider/resources/framework";
import { importIdForm, joinImportId, splitImportId } from "../../provider/resources/import-id";
import { entryFor } from "../conformance/corpus";

const ACCOUNT = "18ce54d4x5t";
/** No read may happen: a refused id throws before the client is touched. */
const offline = new Proxy({}, { get: () => { throw new Error("the import read the platform"); } }) as Context;

test("an import id carries the parents before the entity's own id, and splits back into them", () => {
  expect(importIdForm(["lineItemId"])).toBe("<lineItemId>:<id>");
  expect(splitImportId("targeting criterion", ["lineItemId"], "8u94t:dpl3a6")).toEqual({ id: "dpl3a6", values: { lineItemId: "8u94t" } });
  expect(joinImportId(["lineItemId"], { lineItemId: "8u94t" }, "dpl3a6")).toBe("8u94t:dpl3a6");
  // A kind whose import id carries nothing takes the id as it is (a user settings id holds a slash).
  expect(splitImportId("user settings", [], "18ce54d4x5t/756201191646691328")).toEqual({ id: "18ce54d4x5t/756201191646691328", values: {} });
});

test.each([["dpl3a6"], ["8u94t:"], [":dpl3a6"], ["a:b:c"]])("the import id %j of a targeting criterion is refused naming the form it must have", (id) => {
  expect(() => splitImportId("targeting criterion", ["lineItemId"], id)).toThrow(
    `the import id of a targeting criterion must be <lineItemId>:<id> (got ${JSON.stringify(id)}): the platform reads a targeting criterion only with its lineItemId, so its own id alone cannot name it`,
  );
});

test("the kinds the platform reads only under a parent declare it in their import id; the others take the entity's own id", () => {
  const carried = Object.fromEntries(Object.keys(RESOURCES).filter((k) => definitionOf(k).importId.length > 0).map((k) => [k, definitionOf(k).importId]));
  expect(carried).toEqual({
    TargetingCriterion: ["lineItemId"],
    CustomAudiencePermission: ["customAudienceId"],
    TailoredAudiencePermission: ["tailoredAudienceId"],
  });
});

test("a listed targeting criterion's import id is its line item's id and its own, as the recorded list answers them", () => {
  const listed = (entryFor("GET", `/12/accounts/${ACCOUNT}/targeting_criteria`)!.response.body as { data: Record<string, unknown>[] }).data[0]!;
  expect(definitionOf("TargetingCriterion").importIdOf({ ...listed, id: String(listed.id) })).toBe("8u94t:dpl3a6");
  expect(definitionOf("Campaign").importIdOf({ id: "8wku2" })).toBe("8wku2");
});

test("pulumi import of a permission by its own id alone is refused naming the form, with no read", async () => {
  await expect(definitionOf("CustomAudiencePermission").importRead(offline, "ri", { accountId: ACCOUNT })).rejects.toThrow(
    "the import id of a custom audience permission must be <customAudienceId>:<id> (got \"ri\")",
  );
  await expect(definitionOf("TailoredAudiencePermission").importRead(offline, "ri", { accountId: ACCOUNT })).rejects.toThrow("must be <tailoredAudienceId>:<id>");
});

test("an import declares a computed value check asks the program for: a draft's text without media, not with media", () => {
  const draft = (entryFor("GET", `/12/accounts/${ACCOUNT}/draft_tweets/994788364334325760`)!.response.body as { data: Record<string, unknown> & { id: string } }).data;
  const def = definitionOf("DraftTweet");
  expect(def.importedInputs({ ...draft, media_keys: [] })).toMatchObject({ text: "#TwitterDev" });
  expect(def.check({}, { accountId: ACCOUNT, ...def.importedInputs({ ...draft, media_keys: [] }) }).failures).toBeUndefined();
  // With media, the text is left to the platform as the program may leave it (unset: not managed).
  expect(def.importedInputs({ ...draft, media_keys: ["3_1001"] })).not.toHaveProperty("text");
  // What the platform fills in and check does not ask for stays out: a line item's bid strategy and goal.
  const lineItem = definitionOf("LineItem").importedInputs({
    id: "8u94t", campaign_id: "8wku2", objective: "ENGAGEMENTS", product_type: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"],
    bid_strategy: "AUTO", goal: "ENGAGEMENT", pay_by: "ENGAGEMENT", entity_status: "PAUSED",
  });
  expect(Object.keys(lineItem)).toEqual(expect.not.arrayContaining(["bidStrategy", "goal", "payBy"]));
});
