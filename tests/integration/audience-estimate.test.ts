/**
 * getAudienceEstimate against the emulator: the platform's answer shape,
 * the emulator's deterministic estimate (emulator/README.md "Audience
 * estimates": narrowing targeting makes it smaller, a primary type added
 * to the union larger), and every limit refused before any request.
 */
import { AdsClient } from "../../provider/client";
import { AudienceCriterion, estimateAudience } from "../../provider/audience-estimate";
import { getAudienceEstimate } from "../../sdk/audience-estimate";
import { ACCOUNT, setProcessEnv, useEmulator, xadsEnv } from "./fixtures";

const fixture = useEmulator();
const ctx = () => fixture.ctx();
const requests = () => fixture.emu.control.requests().filter((r) => r.path.endsWith("/audience_estimate"));

const INTEREST: AudienceCriterion = { targetingType: "INTEREST", targetingValue: "1001" };
const LOCATION: AudienceCriterion = { targetingType: "LOCATION", targetingValue: "96683cc9126741d1" };

describe("the estimate", () => {
  test("an interest alone, then narrowed by a location: the range shrinks, in exact numbers", async () => {
    expect(await estimateAudience(ctx(), ACCOUNT, [INTEREST])).toEqual({ audienceSize: { min: 4_500_000, max: 5_500_000 } });
    expect(await estimateAudience(ctx(), ACCOUNT, [INTEREST, LOCATION])).toEqual({ audienceSize: { min: 450_000, max: 550_000 } });
  });

  test("primary types are a union (a keyword added widens it) and an exclusion narrows it", async () => {
    const keyword = { targetingType: "BROAD_KEYWORD", targetingValue: "running" };
    expect(await estimateAudience(ctx(), ACCOUNT, [INTEREST, keyword])).toEqual({ audienceSize: { min: 5_400_000, max: 6_600_000 } });
    expect(await estimateAudience(ctx(), ACCOUNT, [INTEREST, { ...keyword, operatorType: "NE" }])).toEqual({ audienceSize: { min: 4_050_000, max: 4_950_000 } });
  });

  test("the reference's example request: criteria sent as the platform documents them, the answer read", async () => {
    fixture.emu.control.clearRequests();
    const answer = await estimateAudience(ctx(), ACCOUNT, [
      { targetingType: "BROAD_KEYWORD", targetingValue: "nba", operatorType: "EQ" },
      { targetingType: "BROAD_KEYWORD", targetingValue: "tech", operatorType: "NE" },
      { ...LOCATION, operatorType: "EQ" },
      { targetingType: "SIMILAR_TO_FOLLOWERS_OF_USER", targetingValue: "14230524" },
      { targetingType: "SIMILAR_TO_FOLLOWERS_OF_USER", targetingValue: "90420314" },
    ]);
    expect(answer).toEqual({ audienceSize: { min: 405_000, max: 495_000 } });
    expect(requests()).toEqual([expect.objectContaining({ method: "POST", query: {}, status: 200 })]);
    expect((requests()[0]!.body as { targeting_criteria: unknown[] }).targeting_criteria[3]).toEqual({ targeting_type: "SIMILAR_TO_FOLLOWERS_OF_USER", targeting_value: "14230524" });
  });

  test("the request's operatorType applies to each criterion that sets none, and travels in the query", async () => {
    fixture.emu.control.clearRequests();
    expect(await estimateAudience(ctx(), ACCOUNT, [{ ...INTEREST, operatorType: "EQ" }, LOCATION], "NE")).toEqual({ audienceSize: { min: 4_050_000, max: 4_950_000 } });
    expect(requests().map((r) => r.query)).toEqual([{ operator_type: "NE" }]);
  });

  test("nothing is written, so a server fault or a lost answer is asked again (not taken as a create that may have committed)", async () => {
    fixture.emu.control.clearRequests();
    fixture.emu.control.fault({ method: "POST", path: "/audience_estimate$", kind: "status", status: 500 });
    fixture.emu.control.fault({ method: "POST", path: "/audience_estimate$", kind: "drop" });
    const client = fixture.client(30_000, { sleep: async () => {} });
    expect(await estimateAudience(fixture.ctx(client), ACCOUNT, [INTEREST])).toEqual({ audienceSize: { min: 4_500_000, max: 5_500_000 } });
    expect(requests().map((r) => r.status)).toEqual([500, null, 200]);
  });

  test("the SDK's getAudienceEstimate: the stack's account, camelCase criteria", async () => {
    const restore = setProcessEnv({ ...xadsEnv(fixture.creds, fixture.emu), XADS_ACCOUNT_ID: ACCOUNT });
    try {
      expect(await getAudienceEstimate({ targetingCriteria: [INTEREST, LOCATION] })).toEqual({ audienceSize: { min: 450_000, max: 550_000 } });
    } finally {
      restore();
    }
  });
});

describe("limits, refused before any request", () => {
  test.each([
    ["no criterion", [], "targetingCriteria must have at least 1 items (got 0)"],
    ["no primary type", [LOCATION], "targetingCriteria must include at least one criterion of a primary targeting type (FOLLOWERS_OF_USER, SIMILAR_TO_FOLLOWERS_OF_USER, CUSTOM_AUDIENCE, CUSTOM_AUDIENCE_EXPANDED, INTEREST, BROAD_KEYWORD, EXACT_KEYWORD, PHRASE_KEYWORD, UNORDERED_KEYWORD, TV_SHOW, LIVE_TV_EVENT); got LOCATION"],
    ["101 interests", Array.from({ length: 101 }, (_, i) => ({ targetingType: "INTEREST", targetingValue: String(1000 + i) })), "targetingCriteria must target at most 100 INTEREST values, as one line item (got 101)"],
    ["an operator the type does not take", [{ ...INTEREST, operatorType: "GTE" }], "targetingCriteria[0].operatorType must be EQ or NE with targetingType INTEREST (got GTE)"],
    ["a content category value without IAB_CATEGORY", [INTEREST, { targetingType: "INTEREST", targetingValue: "IAB17-12" }], "targetingCriteria[1].targetingType must be IAB_CATEGORY to target the content category value IAB17-12 (got INTEREST)"],
    ["an unknown targeting type", [{ targetingType: "FOLLOWERS", targetingValue: "1" }], "targetingCriteria[0].targetingType must be one of IAB_CATEGORY, AGE"],
  ])("%s", async (_what, criteria, message) => {
    fixture.emu.control.clearRequests();
    await expect(estimateAudience(ctx(), ACCOUNT, criteria as AudienceCriterion[])).rejects.toThrow(message);
    expect(fixture.emu.control.requests()).toEqual([]);
  });

  test("the SDK's request operatorType is EQ or NE", async () => {
    fixture.emu.control.clearRequests();
    await expect(getAudienceEstimate({ accountId: ACCOUNT, targetingCriteria: [INTEREST], operatorType: "GTE" as "EQ" })).rejects.toThrow("getAudienceEstimate: operatorType must be one of EQ, NE (got \"GTE\")");
    expect(fixture.emu.control.requests()).toEqual([]);
  });
});

describe("the emulator's own checks (what the platform answers a request the provider would not send)", () => {
  const raw = () => new AdsClient({ credentials: fixture.creds, baseUrl: fixture.emu.sandboxUrl, log: () => {} });
  const path = `/12/accounts/${ACCOUNT}/audience_estimate`;

  test("no primary criterion: 400 INVALID_PARAMETER naming targeting_criteria", async () => {
    await expect(raw().post(path, {}, { targeting_criteria: [{ targeting_type: "LOCATION", targeting_value: "96683cc9126741d1" }] }))
      .rejects.toMatchObject({ status: 400, message: expect.stringContaining("targeting_criteria must include at least one primary targeting criterion") });
  });

  test("a criterion's operator is checked as on POST targeting_criteria, named by its index", async () => {
    await expect(raw().post(path, {}, { targeting_criteria: [{ targeting_type: "APP_LIST", targeting_value: "x", operator_type: "EQ" }, { targeting_type: "INTEREST", targeting_value: "1" }] }))
      .rejects.toMatchObject({ status: 400, message: expect.stringContaining("operator_type must be NE with targeting_type APP_LIST") });
  });

  test("one criterion as an object (seed: array or object) is an array of one", async () => {
    expect(await raw().post(path, {}, { targeting_criteria: { targeting_type: "INTEREST", targeting_value: "1" } })).toEqual({ audience_size: { min: 4_500_000, max: 5_500_000 } });
  });

  test("the endpoint is served on production and on the sandbox (no 404)", async () => {
    const body = { targeting_criteria: [{ targeting_type: "INTEREST", targeting_value: "1" }] };
    for (const baseUrl of [fixture.emu.url, fixture.emu.sandboxUrl]) {
      const client = new AdsClient({ credentials: fixture.creds, baseUrl, log: () => {} });
      expect(await client.post(path, {}, body)).toEqual({ audience_size: { min: 4_500_000, max: 5_500_000 } });
    }
  });
});
