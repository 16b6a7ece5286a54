import { LIMITS } from "../../provider/limits";
import { TEXT_LIMITS, textLengths } from "../text-lengths";
import * as fixtures from "./fixtures";
import { Declared, resourceViolations, unknown } from "./util";

const policy = textLengths;

const HAPPY: Record<string, (o?: Record<string, unknown>) => Declared> = Object.fromEntries(
  fixtures.HAPPY_PATH.map((make) => [make().kind, make]),
);

const cases = TEXT_LIMITS.flatMap((limit) =>
  limit.kinds.flatMap((kind) => limit.fields.map((field) => ({ kind, field, max: limit.max, hashtag: limit.hashtag === true }))));

describe("xads-text-lengths", () => {
  test("the campaign name limit is the platform's 255 characters, from provider/limits.ts", async () => {
    expect(await resourceViolations(policy, fixtures.campaign({ name: "x".repeat(256) }))).toEqual([
      'Campaign "spring-sale" name is 256 characters; the platform allows at most 255',
    ]);
    expect(LIMITS.text.campaignName).toBe(255);
  });

  describe.each(cases)("$kind $field (at most $max)", ({ kind, field, max, hashtag }) => {
    const make = HAPPY[kind];
    const value = (n: number) => (hashtag ? "#" : "") + "a".repeat(n);

    test(`${max} characters pass`, async () => {
      expect(await resourceViolations(policy, make({ [field]: value(max) }))).toEqual([]);
    });

    test(`${max + 1} characters fail with the field, the length and the limit`, async () => {
      const counted = hashtag ? ' without the "#"' : "";
      expect(await resourceViolations(policy, make({ [field]: value(max + 1) }))).toEqual([
        `${kind} "${make().name}" ${field} is ${max + 1} characters${counted}; the platform allows at most ${max}`,
      ]);
    });

    test("a value not known during preview is skipped", async () => {
      expect(await resourceViolations(policy, make({ [field]: unknown }))).toEqual([]);
    });
  });

  test("characters are counted as the platform does: an emoji is one", async () => {
    const name = "🌷".repeat(LIMITS.text.campaignName);
    expect(name.length).toBe(2 * LIMITS.text.campaignName);
    expect(await resourceViolations(policy, fixtures.campaign({ name }))).toEqual([]);
  });

  test("a rule for campaigns matches Campaign and nothing else", async () => {
    const long = "x".repeat(LIMITS.text.campaignName + 1);
    const generic: Declared = { ...fixtures.campaign({ name: long }), kind: "pulumi-nodejs:dynamic:Resource" };
    expect(await resourceViolations(policy, generic)).toEqual([]);
    // A line item name may be as long as a campaign's: the same value passes there.
    expect(await resourceViolations(policy, fixtures.lineItem({ name: "x".repeat(LIMITS.text.lineItemName) }))).toEqual([]);
    // A card's name limit (80) is not a campaign's (255).
    expect(await resourceViolations(policy, fixtures.campaign({ name: "x".repeat(LIMITS.text.cardName + 1) }))).toEqual([]);
  });
});
