/**
 * A misspelled type token names the kind it likely meant
 * (provider/resources/closest-kind.ts): in xads pr-summary's "The preview
 * failed" line (cli/pr-summary-render.ts withKindHint, on the engine's and
 * the YAML host's wording) and in the plugin's own error (server.ts kindOf,
 * tests/integration/plugin-server.test.ts).
 */
import { withKindHint } from "../../cli/pr-summary-render";
import { RESOURCES } from "../../provider/resources";
import { closestKind, didYouMean, editDistance } from "../../provider/resources/closest-kind";

describe("editDistance", () => {
  test("a swapped pair of neighbours is one edit, as are an insertion, a deletion and a substitution; case does not count", () => {
    expect(editDistance("Campaing", "Campaign")).toBe(1);
    expect(editDistance("Campaigns", "Campaign")).toBe(1);
    expect(editDistance("Campain", "Campaign")).toBe(1);
    expect(editDistance("Campaign", "Campaign")).toBe(0);
    expect(editDistance("campaign", "Campaign")).toBe(0);
    expect(editDistance("Card", "Tweet")).toBe(5);
    expect(editDistance("", "Card")).toBe(4);
  });
});

describe("closestKind", () => {
  test.each([
    ["Campaing", "Campaign"], ["campaign", "Campaign"], ["LineItems", "LineItem"], ["LineItme", "LineItem"],
    ["PromotedTweets", "PromotedTweet"], ["FundingInstrumet", "FundingInstrument"], ["CustomAudiance", "CustomAudience"],
  ])("%s is %s", (name, kind) => {
    expect(closestKind(name)).toBe(kind);
  });

  test("a name far from every kind, and a kind of the registry itself, have none", () => {
    expect(closestKind("Bucket")).toBeUndefined();
    expect(closestKind("SomethingElse")).toBeUndefined();
    for (const kind of Object.keys(RESOURCES)) expect(closestKind(kind)).toBeUndefined();
  });

  test("didYouMean takes a plugin type token only", () => {
    expect(didYouMean("xads:index:Campaing")).toBe("did you mean xads:index:Campaign?");
    expect(didYouMean("xads:index:Bucket")).toBeUndefined();
    expect(didYouMean("aws:s3/bucket:Campaing")).toBeUndefined();
  });
});

describe("withKindHint: pr-summary's failed-preview line", () => {
  test("the YAML host's wording (captured: tests/unit/fixtures/preview-yaml-failed.json) gets the closest kind", () => {
    expect(withKindHint('error resolving type of resource spring: unable to find resource type "xads:index:Campaing" in resource provider "xads"'))
      .toBe('error resolving type of resource spring: unable to find resource type "xads:index:Campaing" in resource provider "xads"; did you mean xads:index:Campaign?');
  });

  test("the engine's own wording too", () => {
    expect(withKindHint('spring: unable to find resource type "xads:index:LineItems"')).toBe('spring: unable to find resource type "xads:index:LineItems"; did you mean xads:index:LineItem?');
  });

  test("no close kind, another package, another error: the text as it was", () => {
    for (const text of [
      'unable to find resource type "xads:index:Bucket"',
      'unable to find resource type "aws:s3/bucket:Bucket"',
      "Property colour does not exist on 'xads:index:Campaign'",
    ]) expect(withKindHint(text)).toBe(text);
  });
});
