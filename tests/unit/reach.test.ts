/**
 * The Reach section of xads pr-summary: which line items a preview changes
 * the targeting of, their criteria before and after (criteria diffing), the
 * calls' plan (one per side, the same criteria asked once, a failure shown
 * as unavailable) and the Markdown.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parsePreview, PreviewModel, PreviewStep } from "../../cli/preview-input";
import { reachSection, renderPrSummary } from "../../cli/pr-summary-render";
import { criteriaChange, Criterion, reachPlan, ReachReport } from "../../cli/reach";
import { estimateReach } from "../../cli/reach-estimates";
import { UNKNOWN } from "../../cli/properties";
import { Context } from "../../provider/resources/framework";

const TYPE = (kind: string) => `pulumi-nodejs:dynamic/xads:${kind}`;
const urn = (kind: string, name: string) => `urn:pulumi:dev::p::${TYPE(kind)}::${name}`;

function step(op: string, kind: string, name: string, extra: Partial<PreviewStep> = {}): PreviewStep {
  return { op, urn: urn(kind, name), type: TYPE(kind), kind, name, replaceReasons: [], ...extra };
}
function model(steps: PreviewStep[]): PreviewModel {
  return { source: "digest", stack: "dev", project: "p", steps, changeSummary: {}, diagnostics: [], policyViolations: [], policyPacks: [] };
}
const tc = (lineItemId: string, targetingType: string, targetingValue: string, operatorType = "EQ") => ({ accountId: "acc1", lineItemId, targetingType, targetingValue, operatorType });
const c = (targetingType: string, targetingValue: string, operatorType = "EQ"): Criterion => ({ targetingType, targetingValue, operatorType });

const INTEREST = c("INTEREST", "1001");
const LOCATION = c("LOCATION", "96683cc9126741d1");

describe("which line items, and their criteria before and after", () => {
  test("a criterion added to a line item the preview does not show: the line item by its id, the added criterion after", () => {
    const plan = reachPlan(model([step("create", "TargetingCriterion", "where", { newInputs: tc("li1", "LOCATION", LOCATION.targetingValue) })]));
    expect(plan).toEqual([{ name: "li1", id: "li1", accountId: "acc1", isNew: false, before: [], after: [LOCATION], shown: [] }]);
  });

  test("a line item the preview does not show is named by the criterion's dependency on its resource", () => {
    const plan = reachPlan(model([step("create", "TargetingCriterion", "where", {
      newInputs: tc("li1", "LOCATION", LOCATION.targetingValue), propertyDependencies: { lineItemId: [urn("LineItem", "tweets")] },
    })]));
    expect(plan).toEqual([expect.objectContaining({ name: "tweets", id: "li1" })]);
  });

  test("a real preview (CLI 3.259 digest, fixture preview-reach.json): a location added to line item tweets, which the preview does not show", () => {
    const plan = reachPlan(parsePreview(readFileSync(join(__dirname, "fixtures", "preview-reach.json"), "utf8")));
    expect(plan).toEqual([{ name: "tweets", id: "wgzpy", accountId: "18ce54d4x5t", isNew: false, before: [], after: [c("LOCATION", "5122804691e5fecc")], shown: [] }]);
  });

  test("with --show-sames the unchanged criteria are in both sides, and their ids are known as shown", () => {
    const plan = reachPlan(model([
      step("same", "LineItem", "li", { id: "li1", oldInputs: { accountId: "acc1", name: "L" }, newInputs: { accountId: "acc1", name: "L" } }),
      step("same", "TargetingCriterion", "runners", { id: "tc1", oldInputs: tc("li1", "INTEREST", "1001"), newInputs: tc("li1", "INTEREST", "1001") }),
      step("create", "TargetingCriterion", "where", { newInputs: tc("li1", "LOCATION", LOCATION.targetingValue) }),
    ]));
    expect(plan).toEqual([{ name: "li", id: "li1", accountId: "acc1", isNew: false, before: [INTEREST], after: [INTEREST, LOCATION], shown: ["tc1"] }]);
  });

  test("a new line item: no before; its criteria found by the line item's URN while its id is unknown", () => {
    const plan = reachPlan(model([
      step("create", "LineItem", "fresh", { newInputs: { accountId: "acc1", campaignId: UNKNOWN } }),
      step("create", "TargetingCriterion", "k", { newInputs: tc(UNKNOWN, "BROAD_KEYWORD", "shoes"), propertyDependencies: { lineItemId: [urn("LineItem", "fresh")] } }),
    ]));
    expect(plan).toEqual([{ name: "fresh", accountId: "acc1", isNew: true, after: [c("BROAD_KEYWORD", "shoes")], shown: [] }]);
  });

  test("a criterion replaced (its value changed): the old value before, the new after", () => {
    const plan = reachPlan(model([
      step("replace", "TargetingCriterion", "where", { id: "tc9", oldInputs: tc("li1", "LOCATION", "aaa"), newInputs: tc("li1", "LOCATION", "bbb"), replaceReasons: ["targetingValue"] }),
    ]));
    expect(plan).toEqual([expect.objectContaining({ name: "li1", before: [c("LOCATION", "aaa")], after: [c("LOCATION", "bbb")], shown: ["tc9"] })]);
  });

  test("a criterion whose value is known only after apply leaves the after side unknown, saying which", () => {
    const plan = reachPlan(model([step("create", "TargetingCriterion", "aud", { newInputs: tc("li1", "CUSTOM_AUDIENCE", UNKNOWN) })]));
    expect(plan).toEqual([expect.objectContaining({ before: [], unknownAfter: "a criterion of aud has a value known only after apply" })]);
    expect(plan[0]!.after).toBeUndefined();
  });

  test("left out: a line item deleted with its criteria, a line item updated or replaced without a targeting change, unchanged criteria alone", () => {
    expect(reachPlan(model([
      step("replace", "LineItem", "moved", { id: "li4", oldInputs: { placements: ["ALL_ON_TWITTER"] }, newInputs: { placements: ["TWITTER_TIMELINE"] }, replaceReasons: ["placements"] }),
      step("delete", "LineItem", "gone", { id: "li2", oldInputs: { accountId: "acc1" } }),
      step("delete", "TargetingCriterion", "gone-tc", { id: "tc2", oldInputs: tc("li2", "INTEREST", "1") }),
      step("update", "LineItem", "renamed", { id: "li3", oldInputs: { name: "a" }, newInputs: { name: "b" } }),
      step("same", "TargetingCriterion", "kept", { id: "tc3", oldInputs: tc("li3", "INTEREST", "1"), newInputs: tc("li3", "INTEREST", "1") }),
    ]))).toEqual([]);
  });

  test("criteria diffing: added and removed as sets (order does not count, a value twice counts twice)", () => {
    expect(criteriaChange([INTEREST, LOCATION], [LOCATION, INTEREST])).toEqual({ added: [], removed: [] });
    expect(criteriaChange([INTEREST], [INTEREST, LOCATION, LOCATION])).toEqual({ added: [LOCATION, LOCATION], removed: [] });
    expect(criteriaChange([INTEREST, c("LOCATION", "x", "NE")], [INTEREST, c("LOCATION", "x")])).toEqual({ added: [c("LOCATION", "x")], removed: [c("LOCATION", "x", "NE")] });
  });
});

describe("the calls (a fake client)", () => {
  function fakeContext(live: Record<string, unknown>[], answer: (criteria: unknown[]) => { min: number; max: number } | Error) {
    const posts: unknown[] = [];
    const lists: unknown[] = [];
    const client = {
      list: async (path: string, query: unknown) => { lists.push([path, query]); return live; },
      postRead: async (_path: string, _query: unknown, body: { targeting_criteria: unknown[] }) => {
        posts.push(body.targeting_criteria);
        const a = answer(body.targeting_criteria);
        if (a instanceof Error) throw a;
        return { audience_size: a };
      },
    };
    return { ctx: { client, config: { accountId: "acc1" } } as unknown as Context, posts, lists };
  }
  const size = (criteria: unknown[]) => ({ min: criteria.length * 100, max: criteria.length * 110 });

  test("unchanged criteria are read live (one list call) and counted on both sides; one estimate per side", async () => {
    const { ctx, posts, lists } = fakeContext([{ id: "tc1", line_item_id: "li1", targeting_type: "INTEREST", targeting_value: "1001", operator_type: "EQ" }], size);
    const plan = reachPlan(model([step("create", "TargetingCriterion", "where", { newInputs: tc("li1", "LOCATION", LOCATION.targetingValue) })]));
    const [row] = await estimateReach(plan, ctx);
    expect(lists).toEqual([["/12/accounts/acc1/targeting_criteria", { line_item_ids: ["li1"] }]]);
    expect(row).toMatchObject({ before: [INTEREST], after: [LOCATION, INTEREST], beforeEstimate: { size: { min: 100, max: 110 } }, afterEstimate: { size: { min: 200, max: 220 } } });
    expect(posts).toHaveLength(2);
  });

  test("the same criteria are asked once per run, whichever line item or side", async () => {
    const { ctx, posts } = fakeContext([], size);
    const plan = reachPlan(model([
      step("create", "TargetingCriterion", "a", { newInputs: tc("li1", "INTEREST", "1001") }),
      step("create", "TargetingCriterion", "b", { newInputs: tc("li2", "INTEREST", "1001") }),
    ]));
    const rows = await estimateReach(plan, ctx);
    expect(rows.map((r) => [r.beforeEstimate, r.afterEstimate])).toEqual([
      [{ none: "no criteria: all users" }, { size: { min: 100, max: 110 } }], [{ none: "no criteria: all users" }, { size: { min: 100, max: 110 } }],
    ]);
    expect(posts).toHaveLength(1);
  });

  test("a failed call or a refused argument is that side's 'unavailable', not a failure", async () => {
    const { ctx } = fakeContext([], (criteria) => (criteria.length > 1 ? new Error("the platform answered 503") : size(criteria)));
    const plan = reachPlan(model([
      step("create", "TargetingCriterion", "a", { newInputs: tc("li1", "INTEREST", "1001") }),
      step("create", "TargetingCriterion", "b", { newInputs: tc("li1", "LOCATION", "x") }),
      step("create", "TargetingCriterion", "c", { newInputs: tc("li2", "LOCATION", "x") }),
    ]));
    const rows = await estimateReach(plan, ctx);
    expect(rows[0]!.afterEstimate).toEqual({ unavailable: "the platform answered 503" });
    expect(rows[1]!.afterEstimate).toEqual({ unavailable: expect.stringContaining("targetingCriteria must include at least one criterion of a primary targeting type") });
  });

  test("a reason never shows a credential", async () => {
    const { ctx } = fakeContext([], () => new Error("refused token s3cr3t-token"));
    const plan = reachPlan(model([step("create", "TargetingCriterion", "a", { newInputs: tc("li1", "INTEREST", "1001") })]));
    const [row] = await estimateReach(plan, ctx, ["s3cr3t-token"]);
    expect(row!.afterEstimate).toEqual({ unavailable: "refused token [redacted]" });
  });

  test("live criteria that cannot be read make both sides unavailable, saying so", async () => {
    const { ctx } = fakeContext([], size);
    (ctx.client as unknown as { list: () => Promise<never> }).list = async () => { throw new Error("timed out"); };
    const plan = reachPlan(model([step("create", "TargetingCriterion", "a", { newInputs: tc("li1", "INTEREST", "1001") })]));
    const [row] = await estimateReach(plan, ctx);
    expect(row).toMatchObject({ beforeEstimate: { unavailable: "reading the line items' targeting criteria failed: timed out" }, afterEstimate: { unavailable: "reading the line items' targeting criteria failed: timed out" } });
  });
});

describe("the Markdown", () => {
  const li = { name: "li", id: "li1", accountId: "acc1", isNew: false, shown: [] };

  test("before -> after with the criteria added and removed, narrower or wider", () => {
    const reach: ReachReport = {
      rows: [
        { lineItem: li, before: [INTEREST], after: [INTEREST, LOCATION], beforeEstimate: { size: { min: 4_500_000, max: 5_500_000 } }, afterEstimate: { size: { min: 450_000, max: 550_000 } } },
        {
          lineItem: { name: "fresh", isNew: true, shown: [] }, after: [c("BROAD_KEYWORD", "shoes")],
          beforeEstimate: { none: "new line item" }, afterEstimate: { unavailable: "the platform answered 503 | busy" },
        },
        { lineItem: { ...li, name: "wide", id: "li2" }, before: [INTEREST], after: [INTEREST, c("BROAD_KEYWORD", "a")], beforeEstimate: { size: { min: 4_500_000, max: 5_500_000 } }, afterEstimate: { size: { min: 5_400_000, max: 6_600_000 } } },
      ],
    };
    expect(reachSection(reach)).toEqual([
      "### Reach", "",
      "The estimated audience of each line item whose targeting changes or that is new (the platform's audience estimate), before -> after.", "",
      "| line item | targeting change | before | after |", "|---|---|---|---|",
      "| `li` (LineItem, id `li1`) | + `LOCATION 96683cc9126741d1` | 4,500,000 to 5,500,000 | 450,000 to 550,000 (narrower -90%) |",
      "| `fresh` (LineItem) | new: `BROAD_KEYWORD shoes` | new line item | estimate unavailable: the platform answered 503 \\| busy |",
      "| `wide` (LineItem, id `li2`) | + `BROAD_KEYWORD a` | 4,500,000 to 5,500,000 | 5,400,000 to 6,600,000 (wider +20%) |",
      "",
    ]);
  });

  test("without credentials it says what to set; with nothing to estimate there is no section", () => {
    expect(reachSection({ note: "set XADS_CONSUMER_KEY to see estimates", lineItems: 2 })).toEqual([
      "### Reach", "", "reach: set XADS_CONSUMER_KEY to see estimates (2 line items whose targeting changes).", "",
    ]);
    expect(reachSection({ rows: [] })).toEqual([]);
    expect(reachSection(undefined)).toEqual([]);
  });

  test("the section comes after the budgets and before the changes", () => {
    const m = model([step("create", "TargetingCriterion", "where", { newInputs: tc("li1", "LOCATION", "x") })]);
    const text = renderPrSummary(m, { note: "set X to see estimates", lineItems: 1 });
    expect(text.indexOf("### Reach")).toBeGreaterThan(0);
    expect(text.indexOf("### Reach")).toBeLessThan(text.indexOf("### Changes"));
    expect(renderPrSummary(m)).not.toContain("### Reach");
  });
});
