/**
 * pr-summary as pure functions: a real preview (fixtures captured from CLI
 * 3.259: the digest of `pulumi preview --json` and the streamed events of
 * the same preview with the policy pack) and small synthetic ones.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "../../cli/errors";
import { parsePreview, PreviewModel, PreviewStep } from "../../cli/preview-input";
import { cascades, currencies, liftedLimits, refusal, renderPrSummary, SUMMARY_MARKER } from "../../cli/pr-summary-render";
import { definitionOf, RESOURCES } from "../../provider/resources";
import { metaOf } from "../../provider/resources/fields";
import { changedFields, kindOf, money, moneyDelta, showValue, UNKNOWN } from "../../cli/properties";

const fixture = (f: string) => readFileSync(join(__dirname, "fixtures", f), "utf8");
const digest = () => parsePreview(fixture("preview-digest.json"));
const events = () => parsePreview(fixture("preview-events.jsonl"));

const CAMPAIGN = "pulumi-nodejs:dynamic/xads:Campaign";
function step(op: string, name: string, extra: Partial<PreviewStep> = {}): PreviewStep {
  return { op, urn: `urn:pulumi:dev::p::${CAMPAIGN}::${name}`, type: CAMPAIGN, kind: "Campaign", name, replaceReasons: [], ...extra };
}
function model(steps: PreviewStep[], extra: Partial<PreviewModel> = {}): PreviewModel {
  return { source: "digest", stack: "dev", project: "p", steps, changeSummary: {}, diagnostics: [], policyViolations: [], policyPacks: [], ...extra };
}

describe("reading pulumi preview --json", () => {
  test("the digest: one step per resource, a replace with its reasons, the counts", () => {
    const m = digest();
    expect(m).toMatchObject({ source: "digest", stack: "dev", project: "exp", changeSummary: { delete: 1, replace: 1, same: 2, update: 1 } });
    expect(m.steps.map((s) => [s.op, s.kind ?? s.type, s.name])).toEqual([
      ["same", "pulumi:pulumi:Stack", "exp-dev"], ["update", "Campaign", "spring"], ["replace", "LineItem", "li"], ["delete", "Campaign", "old"],
    ]);
    expect(m.steps.find((s) => s.op === "replace")!.replaceReasons).toEqual(["placements"]);
  });

  test("the event stream: the replacement's three steps fold into one, policy violations are kept", () => {
    const m = events();
    expect(m.source).toBe("events");
    expect(m.steps.filter((s) => s.name === "li").map((s) => [s.op, s.replaceReasons])).toEqual([["replace", ["placements"]]]);
    expect(m.policyPacks).toEqual(["xads"]);
    expect(m.policyViolations.map((v) => [v.level, v.policy])).toEqual([
      ["advisory", "xads-purchase-order-required"], ["advisory", "xads-protect-irreversible-deletes"], ["advisory", "xads-campaign-budget-caps"],
    ]);
  });

  test("the stack's config the preview ran with, secrets blinded, from either shape", () => {
    const config = { "xads:accountId": "18ce54d4x5t", "xads:consumerKey": "[secret]", "xads:sandbox": "true", "xads:sandboxBaseUrl": "http://127.0.0.1:18787/sandbox" };
    expect(digest().config).toEqual(config);
    expect(events().config).toEqual(config);
  });

  test("a preview that refreshes first: its refresh steps are reads, the update after each is the change", () => {
    const urn = `urn:pulumi:dev::p::${CAMPAIGN}::c`;
    const state = (inputs: Record<string, unknown>) => ({ urn, type: CAMPAIGN, id: "c1", inputs, outputs: inputs });
    const m = parsePreview(JSON.stringify({
      steps: [
        { op: "refresh", urn, oldState: state({ dailyBudgetAmountLocalMicro: 10_000_000 }), newState: state({ dailyBudgetAmountLocalMicro: 77_000_000 }) },
        { op: "update", urn, oldState: state({ dailyBudgetAmountLocalMicro: 77_000_000 }), newState: { urn, type: CAMPAIGN, inputs: { dailyBudgetAmountLocalMicro: 10_000_000 } } },
      ],
      changeSummary: { update: 1 },
    }));
    expect(m.steps.map((s) => [s.op, s.oldInputs?.dailyBudgetAmountLocalMicro])).toEqual([["update", 77_000_000]]);
    expect(renderPrSummary(m)).toContain("| `dailyBudgetAmountLocalMicro` | `(currency unknown) 77.00` | `(currency unknown) 10.00` |");
  });

  // An empty preview and one cut off are a preview that failed (exit 1: tests/unit/pr-summary-failures.test.ts); the others are no preview (exit 2).
  test.each([
    ["", 1, "the preview is empty: `pulumi preview --json` printed nothing (it failed before its JSON, or its output was not saved)"],
    ["{\"steps\": [", 1, "the preview ends in the middle of its JSON (Unexpected end of JSON input): `pulumi preview --json` was cut off before it finished"],
    ["hello", 2, /^the preview is not valid JSON \(.+\): pass the output of `pulumi preview --json`$/],
    ["[1, 2]", 2, "the JSON is not a Pulumi preview: it has no `steps` (pass the output of `pulumi preview --json`)"],
    ["{\"steps\": [{\"op\": 1}]}", 2, "the preview's steps are malformed: each needs `op` and `urn` (pass the output of `pulumi preview --json`)"],
  ])("malformed input %j is one clear error (exit %d)", (text, exitCode, message) => {
    let error: unknown;
    try {
      parsePreview(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(exitCode);
    expect((error as CliError).message).toEqual(typeof message === "string" ? message : expect.stringMatching(message));
    expect((error as CliError).message).not.toContain("\n");
  });
});

describe("the Markdown", () => {
  test("the real preview: warning for the deleted campaign, budgets as money, the replace and its reason", () => {
    const md = renderPrSummary(digest());
    expect(md.startsWith(`${SUMMARY_MARKER}\n### Pulumi preview of stack \`dev\` (project \`exp\`)\n\n**1** to update, **1** to replace, **1** to delete; 2 unchanged.`)).toBe(true);
    expect(md).toContain("> [!CAUTION]\n> **1 irreversible change.**");
    expect(md).toContain("> - **delete** `old` (Campaign, id `rkt05`) \"Old\"");
    expect(md).toContain("| `spring` \"Spring\" | update | USD 50.00 -> USD 75.00 | USD 1,000.00 (unchanged) |");
    expect(md).toContain("| `old` \"Old\" | delete | USD 10.00 -> none | none (unchanged) |");
    expect(md).toContain("| USD | +USD 15.00 | USD 0.00 |");
    expect(md).toContain("Replaced because `placements` cannot change in place");
    expect(md).toContain("| `placements` | `[\"ALL_ON_TWITTER\"]` | `[\"TWITTER_TIMELINE\"]` | forces replacement |");
    expect(md).not.toContain("__provider");
    expect(md).not.toContain("### Policy violations");
  });

  test("the streamed preview gives the same changes plus the policy violations", () => {
    const fromEvents = renderPrSummary(events());
    expect(fromEvents.startsWith(renderPrSummary(digest()).trimEnd())).toBe(true);
    expect(fromEvents).toContain("| advisory | `xads-campaign-budget-caps` | `spring` | Campaign \"spring\" daily budget is 75 USD; the organisation's cap is 60 USD (maxDailyBudget.USD) |");
  });

  test("a policy pack that found nothing says so; in a failed preview, that is no all-clear", () => {
    expect(renderPrSummary(model([], { policyPacks: ["xads"] }))).toContain("### Policy violations\n\nNone (xads).");
    const failed = renderPrSummary(model([], { policyPacks: ["xads"], diagnostics: [{ severity: "info#err", message: "Error: Property colour does not exist" }] }));
    expect(failed).toContain("### Policy violations\n\nNone reported before the preview failed (xads).");
  });

  test("a campaign replaced for its funding instrument is an irreversible change, with the reason", () => {
    const md = renderPrSummary(model([step("replace", "c", {
      // deletionProtection: false, which a replacement needs (else check refuses it: framework.ts protectReplacement).
      id: "c1", replaceReasons: ["fundingInstrumentId"],
      oldInputs: { name: "C", fundingInstrumentId: "fi1" }, newInputs: { name: "C", fundingInstrumentId: "fi2", deletionProtection: false },
    })]));
    expect(md).toContain("> - **replace** `c` (Campaign, id `c1`) \"C\": the old one is deleted and a new one created, because `fundingInstrumentId` cannot change in place");
  });

  test("audiences are irreversible too; line items are not", () => {
    const audience = step("delete", "a", { type: "pulumi-nodejs:dynamic/xads:FlexibleAudience", kind: "FlexibleAudience", oldInputs: { deletionProtection: false } });
    const lineItem = step("delete", "l", { type: "pulumi-nodejs:dynamic/xads:LineItem", kind: "LineItem" });
    const md = renderPrSummary(model([audience, lineItem]));
    expect(md).toContain("> - **delete** `a` (FlexibleAudience)");
    expect(md).not.toContain("> - **delete** `l`");
  });

  test("a value edited in the ads UI, which the state's outputs hold and its inputs do not, shows as live -> declared", () => {
    const md = renderPrSummary(model([step("update", "c", {
      id: "c1",
      oldInputs: { name: "C", dailyBudgetAmountLocalMicro: 10_000_000, entityStatus: "PAUSED" },
      oldOutputs: { name: "C", dailyBudgetAmountLocalMicro: 77_000_000, entityStatus: "ACTIVE", budgetOptimization: "LINE_ITEM", currency: "USD" },
      newInputs: { name: "C", dailyBudgetAmountLocalMicro: 10_000_000, entityStatus: "PAUSED" },
    })]));
    expect(md).toContain("| `dailyBudgetAmountLocalMicro` | `USD 77.00` | `USD 10.00` |");
    expect(md).toContain("| `entityStatus` | `\"ACTIVE\"` | `\"PAUSED\"` |");
    // An output the program never declared is no change.
    expect(md).not.toContain("budgetOptimization");
    expect(md).not.toContain("No input changes");
  });

  test("a campaign that goes back from PAUSED to ACTIVE or to a higher budget, from values edited outside the program, is marked with a caution", () => {
    const md = renderPrSummary(model([
      // Paused and cut in the ads UI: the state's outputs hold the live values, its inputs what the last up declared.
      step("update", "c", {
        id: "c1",
        oldInputs: { name: "C", dailyBudgetAmountLocalMicro: 77_000_000, totalBudgetAmountLocalMicro: 9_000_000, entityStatus: "ACTIVE" },
        oldOutputs: { name: "C", dailyBudgetAmountLocalMicro: 2_000_000, totalBudgetAmountLocalMicro: 9_000_000, entityStatus: "PAUSED", currency: "USD" },
        newInputs: { name: "C", dailyBudgetAmountLocalMicro: 77_000_000, totalBudgetAmountLocalMicro: 9_000_000, entityStatus: "ACTIVE" },
      }),
      // Raised and made ACTIVE in the ads UI: changed back down, no caution.
      step("update", "d", {
        id: "d1", oldInputs: { name: "D", dailyBudgetAmountLocalMicro: 10_000_000, entityStatus: "PAUSED" },
        oldOutputs: { name: "D", dailyBudgetAmountLocalMicro: 77_000_000, entityStatus: "ACTIVE", currency: "USD" },
        newInputs: { name: "D", dailyBudgetAmountLocalMicro: 10_000_000, entityStatus: "PAUSED" },
      }),
      // The pull request's own raise and resume of a campaign nobody edited: no caution.
      step("update", "e", {
        id: "e1", oldInputs: { name: "E", dailyBudgetAmountLocalMicro: 10_000_000, entityStatus: "PAUSED" },
        oldOutputs: { name: "E", dailyBudgetAmountLocalMicro: 10_000_000, entityStatus: "PAUSED", currency: "USD" },
        newInputs: { name: "E", dailyBudgetAmountLocalMicro: 20_000_000, entityStatus: "ACTIVE" },
      }),
    ]));
    expect(md).toContain("> **1 campaign goes back to serving or to a higher budget.** It was paused or its budget lowered outside the program (in the ads UI, perhaps an emergency stop); this up undoes that.");
    expect(md).toContain("> - `c` (Campaign, id `c1`) \"C\": `entityStatus` `PAUSED` -> `ACTIVE`: it serves again; daily budget `USD 2.00` -> `USD 77.00`");
    expect(md).not.toContain("> - `d`");
    expect(md).not.toContain("> - `e`");
  });

  test("in a preview that refreshed first, the caution compares the live values with what the state held before the refresh", () => {
    const urn = `urn:pulumi:dev::p::${CAMPAIGN}::c`;
    const state = (inputs: Record<string, unknown>) => ({ urn, type: CAMPAIGN, id: "c1", inputs, outputs: { ...inputs, currency: "USD" } });
    const preview = (declared: Record<string, unknown>) => renderPrSummary(parsePreview(JSON.stringify({
      steps: [
        { op: "refresh", urn, oldState: state(declared), newState: state({ entityStatus: "PAUSED" }) },
        { op: "update", urn, oldState: state({ entityStatus: "PAUSED" }), newState: { urn, type: CAMPAIGN, inputs: { entityStatus: "ACTIVE" } } },
      ],
      changeSummary: { update: 1 },
    })));
    // Paused in the ads UI since the last up, which declared ACTIVE: this up resumes it.
    expect(preview({ entityStatus: "ACTIVE" })).toContain("> - `c` (Campaign, id `c1`): `entityStatus` `PAUSED` -> `ACTIVE`: it serves again");
    // Paused by the last up, resumed by this pull request.
    expect(preview({ entityStatus: "PAUSED" })).not.toContain("[!CAUTION]");
  });

  test("secrets stay [secret], unknown values are known after apply", () => {
    const md = renderPrSummary(model([step("update", "c", {
      oldInputs: { token: "[secret]", name: "A" }, newInputs: { token: "[secret]", name: "B", fundingInstrumentId: UNKNOWN },
    })]));
    expect(md).toContain("| `name` | `\"A\"` | `\"B\"` |");
    expect(md).toContain("| `fundingInstrumentId` | `(none)` | `(known after apply)` |");
    expect(md).not.toContain("`token`");
  });

  test("a new campaign's currency comes from its funding instrument; without one it says unknown", () => {
    const fi = { op: "same", urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/xads:FundingInstrument::eur", type: "pulumi-nodejs:dynamic/xads:FundingInstrument", kind: "FundingInstrument", name: "eur", id: "fi9", replaceReasons: [], oldInputs: { currency: "EUR" } };
    const created = step("create", "new", { newInputs: { fundingInstrumentId: "fi9", dailyBudgetAmountLocalMicro: 5_000_000 } });
    expect(currencies(model([fi, created]), created)).toEqual({ old: undefined, new: "EUR" });
    expect(renderPrSummary(model([fi, created]))).toContain("| `new` | create | none -> EUR 5.00 | none (unchanged) |");
    const orphan = step("create", "new", { newInputs: { fundingInstrumentId: "fi0", dailyBudgetAmountLocalMicro: 5_000_000 } });
    const md = renderPrSummary(model([orphan]));
    expect(md).toContain("none -> (currency unknown) 5.00");
    expect(md).toContain("| currency unknown | +(currency unknown) 5.00 |");
  });

  test("a new line item's bid is in the currency of its new campaign's new funding instrument (the digest's dependencies)", () => {
    const fi: PreviewStep = { op: "create", urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/xads:FundingInstrument::eur", type: "pulumi-nodejs:dynamic/xads:FundingInstrument", kind: "FundingInstrument", name: "eur", replaceReasons: [], newInputs: { currency: "EUR" } };
    const campaign = step("create", "c", { newInputs: { fundingInstrumentId: UNKNOWN }, propertyDependencies: { fundingInstrumentId: [fi.urn] } });
    const lineItem: PreviewStep = {
      op: "create", urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/xads:LineItem::li", type: "pulumi-nodejs:dynamic/xads:LineItem", kind: "LineItem", name: "li", replaceReasons: [],
      newInputs: { campaignId: UNKNOWN, bidAmountLocalMicro: 1_500_000 }, propertyDependencies: { campaignId: [campaign.urn] },
    };
    expect(renderPrSummary(model([fi, campaign, lineItem]))).toContain("| `bidAmountLocalMicro` | `EUR 1.50` |");
  });

  test("budgets are summed per currency", () => {
    const usd = (name: string, o: number, n: number) => step("update", name, {
      oldOutputs: { currency: "USD" }, oldInputs: { fundingInstrumentId: "f", dailyBudgetAmountLocalMicro: o }, newInputs: { fundingInstrumentId: "f", dailyBudgetAmountLocalMicro: n },
    });
    const eur = step("delete", "e", { oldOutputs: { currency: "EUR" }, oldInputs: { totalBudgetAmountLocalMicro: 2_500_000_000, deletionProtection: false } });
    const md = renderPrSummary(model([usd("a", 1_000_000, 3_000_000), usd("b", 2_000_000, 1_500_000), eur]));
    expect(md).toContain("| EUR | EUR 0.00 | -EUR 2,500.00 |");
    expect(md).toContain("| USD | +USD 1.50 | USD 0.00 |");
  });

  test("a failed preview says so and shows its errors before the changes; warnings of a good one go last", () => {
    const failed = renderPrSummary(model([step("delete", "c")], { diagnostics: [{ severity: "error", message: "error: preview failed\n" }] }));
    expect(failed).toContain("**The preview failed**: preview failed\n\nNothing here can be applied until the preview passes; what follows may be incomplete.");
    expect(failed.indexOf("- **error** preview failed")).toBeLessThan(failed.indexOf("> [!CAUTION]"));
    const warned = renderPrSummary(model([step("delete", "c")], { diagnostics: [{ severity: "warning", message: "warning: slow" }] }));
    expect(warned).not.toContain("The preview failed");
    expect(warned.trimEnd().endsWith("- **warning** slow")).toBe(true);
  });
});

describe("what up will do, told before it does", () => {
  const kindStep = (kind: string, op: string, name: string, extra: Partial<PreviewStep> = {}): PreviewStep =>
    ({ ...step(op, name, extra), urn: `urn:pulumi:dev::p::pulumi-nodejs:dynamic/xads:${kind}::${name}`, type: `pulumi-nodejs:dynamic/xads:${kind}`, kind });

  test("a delete up will refuse is marked refused, apart from the irreversible changes, and is no budget change (a real failed preview: a protected campaign removed)", () => {
    // Captured from CLI 3.259: a campaign with deletionProtection on and the resource option protect removed from the program.
    const m = parsePreview(fixture("preview-protected-delete.json"));
    expect(m.steps.find((s) => s.name === "guarded")).toMatchObject({ op: "delete", protect: true });
    const md = renderPrSummary(m);
    expect(md).toContain("> [!CAUTION]\n> **`pulumi up` will fail: 1 delete refused.**");
    expect(md).toMatch(/> - \*\*delete\*\* `guarded` \(Campaign, id `\w+`\) "Kept guarded": refused, deletionProtection is on\n/);
    expect(md).toContain("Refused: deletionProtection is on, so `pulumi up` fails here and the Campaign stays. " +
      "To stop managing it without deleting it: `pulumi state delete --force 'urn:pulumi:dev::protect::pulumi-nodejs:dynamic/xads:Campaign::guarded'`.");
    // Without the protect option, pulumi state delete needs no --force.
    expect(renderPrSummary(model([step("delete", "c", { oldInputs: {} })]))).toContain("`pulumi state delete 'urn:pulumi:dev::p::pulumi-nodejs:dynamic/xads:Campaign::c'`");
    expect(md).not.toContain("irreversible change");
    expect(md).not.toContain("### Budgets");
  });

  test("refused: deletionProtection on in the state (or unset: its default) or the protect option; not: off, or a kind without it", () => {
    expect(refusal(step("delete", "a", { oldInputs: { deletionProtection: true } }))).toBe("deletionProtection is on");
    expect(refusal(step("delete", "b", { oldInputs: {} }))).toBe("deletionProtection is on");
    expect(refusal(step("delete", "c", { oldInputs: { deletionProtection: false } }))).toBeUndefined();
    expect(refusal(step("delete", "d", { oldInputs: { deletionProtection: false }, protect: true }))).toBe("the resource option protect is set");
    expect(refusal(kindStep("LineItem", "delete", "l", { oldInputs: {} }))).toBeUndefined();
    expect(refusal(kindStep("LineItem", "delete", "m", { oldInputs: {}, protect: true }))).toBe("the resource option protect is set");
    // A replacement the program allows is no delete of it.
    expect(refusal(step("replace", "e", { oldInputs: { deletionProtection: true }, newInputs: { deletionProtection: false } }))).toBeUndefined();
    // One it does not allow deletes a protected entity: refused (check refuses it first, where the provider checks the new inputs).
    expect(refusal(step("replace", "f", { oldInputs: { deletionProtection: true }, newInputs: { deletionProtection: true } }))).toBe("deletionProtection is on");
    expect(refusal(kindStep("LineItem", "replace", "n", { oldInputs: {}, newInputs: {} }))).toBeUndefined();
  });

  test("removing a campaign's daily budget is a caution saying daily spend is no longer capped, not a saving", () => {
    const cleared = step("update", "spring", {
      id: "c1", oldOutputs: { currency: "USD" },
      oldInputs: { name: "Spring", fundingInstrumentId: "f", dailyBudgetAmountLocalMicro: 90_000_000, totalBudgetAmountLocalMicro: 900_000_000 },
      newInputs: { name: "Spring", fundingInstrumentId: "f", totalBudgetAmountLocalMicro: 900_000_000 },
    });
    const md = renderPrSummary(model([cleared]));
    expect(md).toContain("> [!CAUTION]\n> **1 limit removed.**");
    expect(md).toContain("> - `spring` (Campaign, id `c1`) \"Spring\": **daily budget removed** (was USD 90.00): daily spend is no longer capped");
    expect(md).toContain("| `spring` \"Spring\" | update | USD 90.00 -> none (no cap) | USD 900.00 (unchanged) |");
    expect(md).toContain("| USD | USD 0.00 (and a budget removed: no cap) | USD 0.00 |");
    expect(md).not.toContain("-USD 90.00");
  });

  test("a line item's bid and budgets removed are cautions too; a lowered amount, a cleared text field and a deleted entity are not", () => {
    const lineItem = kindStep("LineItem", "update", "li", {
      oldOutputs: { currency: "EUR" }, oldInputs: { bidAmountLocalMicro: 1_500_000, totalBudgetAmountLocalMicro: 5_000_000 }, newInputs: {},
    });
    expect(liftedLimits(lineItem)).toEqual([
      { field: "bidAmountLocalMicro", old: 1_500_000, limits: "the cost per result" },
      { field: "totalBudgetAmountLocalMicro", old: 5_000_000, limits: "total spend" },
    ]);
    expect(renderPrSummary(model([lineItem]))).toContain("> - `li` (LineItem): **bid removed** (was EUR 1.50): the cost per result is no longer capped");
    expect(liftedLimits(step("update", "a", { oldInputs: { dailyBudgetAmountLocalMicro: 2 }, newInputs: { dailyBudgetAmountLocalMicro: 1 } }))).toEqual([]);
    expect(liftedLimits(step("update", "b", { oldInputs: { purchaseOrderNumber: "PO-1" }, newInputs: {} }))).toEqual([]);
    expect(liftedLimits(step("delete", "c", { oldInputs: { dailyBudgetAmountLocalMicro: 2 } }))).toEqual([]);
    expect(liftedLimits(step("update", "d", { oldInputs: { dailyBudgetAmountLocalMicro: 2 }, newInputs: { dailyBudgetAmountLocalMicro: UNKNOWN } }))).toEqual([]);
  });

  test("every clearable amount of every kind says what it limits (so its removal gets a caution)", () => {
    for (const kind of Object.keys(RESOURCES)) {
      const shape = (definitionOf(kind).inputs as unknown as { shape: Record<string, Parameters<typeof metaOf>[0]> }).shape;
      const { amounts, clearable } = definitionOf(kind).fields;
      for (const f of amounts.filter((a) => clearable.includes(a))) expect([kind, f, typeof metaOf(shape[f]!).limits]).toEqual([kind, f, "string"]);
    }
  });

  test("a line item replaced says its promoted Tweets and tracking tags are replaced with it; another line item's are not named", () => {
    const li = kindStep("LineItem", "replace", "li", { id: "li1", replaceReasons: ["placements"], oldInputs: { name: "Timeline" } });
    const pt = kindStep("PromotedTweet", "replace", "pt", { id: "pt1", replaceReasons: ["lineItemId"], oldInputs: { lineItemId: "li1", tweetId: "9" } });
    const tag = kindStep("TrackingTag", "replace", "tag", { replaceReasons: ["lineItemId"], oldInputs: { lineItemId: "li1" }, propertyDependencies: { lineItemId: [li.urn] } });
    const other = kindStep("PromotedTweet", "replace", "other", { replaceReasons: ["lineItemId"], oldInputs: { lineItemId: "li2" } });
    const m = model([li, pt, tag, other]);
    expect(cascades(m).map((c) => [c.parent.name, c.children.map((x) => x.name)])).toEqual([["li", ["pt", "tag"]]]);
    const md = renderPrSummary(m);
    expect(md).toContain("> [!CAUTION]\n> **1 replacement cascades.**");
    expect(md).toContain("> - **replace** `li` (LineItem, id `li1`) \"Timeline\" replaces the 2 resources that belong to it too: `pt` (PromotedTweet), `tag` (TrackingTag)");
    // A replacement with nothing under it (the real preview's line item) gets no such caution.
    expect(renderPrSummary(digest())).not.toContain("cascade");
  });
});

describe("helpers", () => {
  test("money: micros with two decimals, more only when needed; signed deltas", () => {
    expect(money(50_000_000, "USD")).toBe("USD 50.00");
    expect(money(1_234_567_890_000, "JPY")).toBe("JPY 1,234,567.89");
    expect(money(1_500, "USD")).toBe("USD 0.0015");
    expect(moneyDelta(25_000_000, "USD")).toBe("+USD 25.00");
    expect(moneyDelta(-10_000_000, "USD")).toBe("-USD 10.00");
  });

  test("the kind: from the type token, or from the shim of a generic dynamic resource", () => {
    expect(kindOf(CAMPAIGN)).toBe("Campaign");
    expect(kindOf("pulumi-nodejs:dynamic:Resource", { __provider: 'with({ kind: "LineItem", this: undefined })' })).toBe("LineItem");
    expect(kindOf("pulumi-nodejs:dynamic:Resource", { __provider: 'var __provider = Object.create(require("pulumi-xads/dist/provider/shim-methods.js"));\n__provider.kind = "Campaign";\n' })).toBe("Campaign");
    expect(kindOf("aws:s3/bucket:Bucket")).toBeUndefined();
  });

  test("changed fields ignore the shim and blind secrets inside values", () => {
    expect(changedFields({ __provider: "a", n: 1, s: "[secret]" }, { __provider: "b", n: 2, s: "[secret]" })).toEqual([{ field: "n", old: 1, new: 2 }]);
    expect(showValue({ key: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "x" } })).toBe('{"key":"[secret]"}');
  });
});
