/** `xads recommendations`: the platform's suggested changes mapped onto a stack's resources by id, and the program patch of the literal ones. */
import * as ts from "typescript";
import { literalEdit, mapRecommendations, renderRecommendations, unifiedDiff } from "../../cli/recommendations-map";
import { fundingInstrumentsOf } from "../../cli/recommendations";
import { Deployment } from "../../cli/recover-plan";
import { RecommendationInfo, RecommendedChange } from "../../provider/recommendations";

const PROGRAM = [
  'import * as xads from "pulumi-xads";',
  "",
  "const budget = 10_000_000;",
  'export const spring = new xads.Campaign("spring-sale", {',
  '  fundingInstrumentId: "fi1",',
  '  name: "Spring sale",',
  "  dailyBudgetAmountLocalMicro: 50_000_000,",
  "  totalBudgetAmountLocalMicro: budget * 10,",
  "});",
  'export const li = new xads.LineItem("prospecting", { campaignId: spring.id, name: "prospecting", bidAmountLocalMicro: 1500000, objective: "ENGAGEMENTS" });',
  "",
].join("\n");

const urn = (kind: string, name: string) => `urn:pulumi:dev::shop::pulumi-nodejs:dynamic/xads:${kind}::${name}`;
/** The engine's record of the registration: the SDK's frames first, then the program's call (line, column of `new`, 1-based). */
const trace = (line: number, column: number) => [
  { sourcePosition: "project:///../../node_modules/pulumi-xads/sdk/resource.ts#92,7" },
  { sourcePosition: "project:///../../node_modules/pulumi-xads/sdk/resources.ts#34,5" },
  { sourcePosition: `project:///index.ts#${line},${column}` },
  {},
];
const campaign = {
  urn: urn("Campaign", "spring-sale"), type: "pulumi-nodejs:dynamic/xads:Campaign", id: "c1", custom: true,
  inputs: { accountId: "acc1", fundingInstrumentId: "fi1", name: "Spring sale", dailyBudgetAmountLocalMicro: 50_000_000, totalBudgetAmountLocalMicro: 100_000_000 },
  outputs: { accountId: "acc1", fundingInstrumentId: "fi1", name: "Spring sale", dailyBudgetAmountLocalMicro: 50_000_000, totalBudgetAmountLocalMicro: 100_000_000 },
  sourcePosition: "project:///../../node_modules/pulumi-xads/sdk/resource.ts#92,7", stackTrace: trace(4, 23),
};
const lineItem = {
  urn: urn("LineItem", "prospecting"), type: "pulumi-nodejs:dynamic/xads:LineItem", id: "li1", custom: true,
  inputs: { accountId: "acc1", campaignId: "c1", name: "prospecting", bidAmountLocalMicro: 1_500_000 },
  outputs: { accountId: "acc1", campaignId: "c1", name: "prospecting", bidAmountLocalMicro: 1_500_000 },
  stackTrace: trace(10, 19),
};
const promotedTweet = {
  urn: urn("PromotedTweet", "launch-post"), type: "pulumi-nodejs:dynamic/xads:PromotedTweet", id: "pt1", custom: true,
  inputs: { accountId: "acc1", lineItemId: "li1", tweetId: "1" }, outputs: {}, stackTrace: trace(11, 1),
};
const deployment: Deployment = { resources: [{ urn: "urn:pulumi:dev::shop::pulumi:pulumi:Stack::shop-dev", type: "pulumi:pulumi:Stack" }, campaign, lineItem, promotedTweet] };

const change = (entityType: string, operationType: RecommendedChange["operationType"], params: Record<string, unknown>, dependentEntities: RecommendedChange[] = []): RecommendedChange =>
  ({ entityType, operationType, params, dependentEntities });
const recommendation = (changes: RecommendedChange[]): RecommendationInfo =>
  ({ id: "r1", accountId: "acc1", fundingInstrumentId: "fi1", status: "PENDING", message: "spend more where it works", changes });

const files: Record<string, string> = { "index.ts": PROGRAM };
const options = { currencyOf: (id: string) => (id === "fi1" ? "EUR" : undefined), read: (f: string) => files[f], ts: () => ts };

test("an update of a literal is listed in the funding instrument's currency and patched in the program's call, nothing else", () => {
  const map = mapRecommendations([recommendation([change("campaigns", "Update", { id: "c1", dailyBudgetAmountLocalMicro: 70_000_000 })])], deployment, options);
  expect(map.recommendations[0]!.lines).toEqual(["campaign `spring-sale`: daily budget EUR 50.00 -> EUR 70.00"]);
  expect(map.byHand).toBe(0);
  expect(unifiedDiff(map.edits, options.read)).toBe([
    "diff --git a/index.ts b/index.ts",
    "--- a/index.ts",
    "+++ b/index.ts",
    "@@ -4,7 +4,7 @@",
    ' export const spring = new xads.Campaign("spring-sale", {',
    '   fundingInstrumentId: "fi1",',
    '   name: "Spring sale",',
    "-  dailyBudgetAmountLocalMicro: 50_000_000,",
    "+  dailyBudgetAmountLocalMicro: 70_000_000,",
    "   totalBudgetAmountLocalMicro: budget * 10,",
    " });",
    ' export const li = new xads.LineItem("prospecting", { campaignId: spring.id, name: "prospecting", bidAmountLocalMicro: 1500000, objective: "ENGAGEMENTS" });',
    "",
  ].join("\n"));
});

test("a string literal and a second call on one line are edited in place, in their own quotes", () => {
  const map = mapRecommendations([recommendation([
    change("campaigns", "Update", { id: "c1", name: "Spring sale (EU)" }, [change("line_items", "Update", { id: "li1", bidAmountLocalMicro: 1_430_000 })]),
  ])], deployment, options);
  expect(map.recommendations[0]!.lines).toEqual([
    'campaign `spring-sale`: name "Spring sale" -> "Spring sale (EU)"',
    "line item `prospecting`: bid EUR 1.50 -> EUR 1.43",
  ]);
  const diff = unifiedDiff(map.edits, options.read);
  expect(diff).toContain('-  name: "Spring sale",\n+  name: "Spring sale (EU)",');
  expect(diff).toContain('+export const li = new xads.LineItem("prospecting", { campaignId: spring.id, name: "prospecting", bidAmountLocalMicro: 1430000, objective: "ENGAGEMENTS" });');
});

test("a value that is an expression in the program, a field the program leaves unset, new and deleted entities are to apply by hand", () => {
  const map = mapRecommendations([recommendation([
    change("campaigns", "Update", { id: "c1", totalBudgetAmountLocalMicro: 120_000_000, purchaseOrderNumber: "PO-7" }, [
      change("line_items", "Create", { campaignId: "c1", name: "retargeting", bidAmountLocalMicro: 2_000_000 }),
      change("promoted_tweets", "Delete", { id: "pt1" }),
      change("targeting_criteria", "Create", { lineItemId: "li1", targetingType: "PHRASE_KEYWORD", targetingValue: "spring" }),
    ]),
  ])], deployment, options);
  expect(map.recommendations[0]!.lines).toEqual([
    "campaign `spring-sale`: total budget EUR 100.00 -> EUR 120.00 (apply by hand: totalBudgetAmountLocalMicro is an expression, not a literal at index.ts:8)",
    'campaign `spring-sale`: purchase order number (none) -> "PO-7" (apply by hand: purchaseOrderNumber is not set in the program)',
    'new line item under campaign `spring-sale`: name "retargeting", bid EUR 2.00 (apply by hand: a new entity: declare it in the program)',
    "delete promoted Tweet `launch-post` (apply by hand: remove it from the program)",
    'new targeting criterion under line item `prospecting`: targeting type "PHRASE_KEYWORD", targeting value "spring" (apply by hand: a new entity: declare it in the program)',
  ]);
  expect(map.edits).toEqual([]);
  expect(map.byHand).toBe(5);
  expect(unifiedDiff(map.edits, options.read)).toBe("");
});

test("entities no resource of the stack holds are listed as such; entities kept as they are (operation null) are not listed", () => {
  const map = mapRecommendations([recommendation([
    change("campaigns", null, { id: "c1" }, [change("line_items", "Update", { id: "other", bidAmountLocalMicro: 990_000 }), change("promoted_tweets", "Delete", { id: "pt9" })]),
  ])], deployment, options);
  expect(map.recommendations[0]!.lines).toEqual([
    "line item other: bid -> EUR 0.99 (apply by hand: no resource of the stack holds it)",
    "delete promoted Tweet pt9 (apply by hand: no resource of the stack holds it)",
  ]);
});

test("a second change of a value the patch already changes is left to apply by hand, not written twice", () => {
  const twice = [recommendation([change("campaigns", "Update", { id: "c1", dailyBudgetAmountLocalMicro: 70_000_000 })]), { ...recommendation([change("campaigns", "Update", { id: "c1", dailyBudgetAmountLocalMicro: 90_000_000 })]), id: "r2" }];
  const map = mapRecommendations(twice, deployment, options);
  expect(map.edits).toHaveLength(1);
  expect(map.recommendations[1]!.lines).toEqual(["campaign `spring-sale`: daily budget EUR 50.00 -> EUR 90.00 (apply by hand: another change of the same value is in the patch)"]);
});

test("a change to the value the stack already has is no change", () => {
  const map = mapRecommendations([recommendation([change("campaigns", "Update", { id: "c1", dailyBudgetAmountLocalMicro: 50_000_000 })])], deployment, options);
  expect(map.recommendations[0]!.lines).toEqual([]);
  expect(renderRecommendations("dev", map)).toContain("- no change to the stack's resources");
});

test("the program's call is found from the stack trace's first frame outside node_modules; a program edited since is not guessed at", () => {
  expect(literalEdit(campaign, "dailyBudgetAmountLocalMicro", 1, options)).toMatchObject({ file: "index.ts", text: "1" });
  expect(literalEdit({ ...campaign, stackTrace: trace(40, 1) }, "dailyBudgetAmountLocalMicro", 1, options)).toEqual({ reason: "index.ts changed since the last pulumi up (no line 40)" });
  expect(literalEdit({ ...campaign, stackTrace: [] }, "dailyBudgetAmountLocalMicro", 1, options)).toEqual({ reason: "the state records no position of it in the program (a YAML or Python program's: --patch edits TypeScript only)" });
  // A YAML program's resource: its position is in Pulumi.yaml, which the TypeScript parser must not be given.
  expect(literalEdit({ ...campaign, stackTrace: [], sourcePosition: "project:///Pulumi.yaml#12,5" }, "dailyBudgetAmountLocalMicro", 1, options)).toEqual({ reason: "--patch edits TypeScript programs only: change it in Pulumi.yaml" });
});

test("the report names the stack, each recommendation with its funding instrument and currency, and what the patch makes", () => {
  const map = mapRecommendations([recommendation([change("campaigns", "Update", { id: "c1", dailyBudgetAmountLocalMicro: 70_000_000 }, [change("promoted_tweets", "Delete", { id: "pt1" })])])], deployment, options);
  expect(renderRecommendations("dev", map, "rec.patch")).toBe([
    "## Recommendations for stack `dev`",
    "",
    "### Recommendation r1 (funding instrument fi1, EUR, PENDING): spend more where it works",
    "",
    "- campaign `spring-sale`: daily budget EUR 50.00 -> EUR 70.00",
    "- delete promoted Tweet `launch-post` (apply by hand: remove it from the program)",
    "",
    "rec.patch makes 1 change of the program; 1 is to apply by hand.",
    "",
  ].join("\n"));
});

test("the stack's funding instruments are those its resources name, by account", () => {
  const fi = { urn: urn("FundingInstrument", "eur"), type: "pulumi-nodejs:dynamic/xads:FundingInstrument", id: "fi2", inputs: { accountId: "acc1" } };
  const other = { ...campaign, urn: urn("Campaign", "b"), id: "c2", inputs: { fundingInstrumentId: "fi3" } };
  expect(fundingInstrumentsOf({ resources: [...deployment.resources!, fi, other] }, "acc2")).toEqual(new Map([["acc1", new Set(["fi1", "fi2"])], ["acc2", new Set(["fi3"])]]));
});
