import { LIMITS } from "../../provider/limits";
import {
  audiencePermissionAllowList, flexibleAudienceBooleanOperator, flexibleAudienceLeaves, flexibleAudienceLookbackWindow,
} from "../audiences";
import { customAudiencePermission, flexibleAudience, PARTNER, segment, tailoredAudiencePermission } from "./fixtures";
import { resourceViolations, unknown } from "./util";

const leaves = (n: number) => Array.from({ length: n }, (_, i) => segment(`ca${i}`));

describe("xads-flexible-audience-leaves", () => {
  const policy = flexibleAudienceLeaves;

  test(`${LIMITS.flexibleAudienceLeaves} leaves pass, at the top, inside segments, or nested`, async () => {
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: leaves(10) }))).toEqual([]);
    const nested = [{ ...segment("group"), childSegments: leaves(5) }, ...leaves(5)];
    expect(await resourceViolations(policy, flexibleAudience({
      childSegments: undefined, booleanOperator: undefined, segments: { booleanOperator: "OR", childSegments: nested },
    }))).toEqual([]);
  });

  test("11 leaves fail; a segment with children is not a leaf, its children are", async () => {
    const nested = [{ ...segment("group"), childSegments: leaves(6) }, ...leaves(5)];
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: nested }))).toEqual([
      'FlexibleAudience "app-users" has 11 custom audience leaf nodes; the platform allows at most 10',
    ]);
  });

  test("segments not known during preview are not counted; the known ones still are", async () => {
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: unknown }))).toEqual([]);
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: [...leaves(10), unknown] }))).toEqual([]);
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: [...leaves(11), unknown] }))).toHaveLength(1);
  });
});

describe("xads-flexible-audience-lookback-window", () => {
  const policy = flexibleAudienceLookbackWindow;

  test("1, 7, 14 and 30 pass", async () => {
    const windows = LIMITS.flexibleAudienceLookbackWindows.map((w) => segment(`ca${w}`, w));
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: windows }))).toEqual([]);
  });

  test("another window fails, naming the segment by its path", async () => {
    const nested = [segment("a"), { ...segment("group"), childSegments: [segment("b"), segment("c", 3)] }];
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: nested }))).toEqual([
      'FlexibleAudience "app-users" childSegments[1].childSegments[1].lookbackWindow is 3; the platform accepts 1, 7, 14 or 30',
    ]);
  });

  test("a window not known during preview is skipped", async () => {
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: [{ ...segment("a"), lookbackWindow: unknown }] }))).toEqual([]);
  });
});

describe("xads-flexible-audience-boolean-operator", () => {
  const policy = flexibleAudienceBooleanOperator;

  test("child segments with an operator pass, and so does an audience without children", async () => {
    expect(await resourceViolations(policy, flexibleAudience())).toEqual([]);
    expect(await resourceViolations(policy, flexibleAudience({ childSegments: [], booleanOperator: undefined }))).toEqual([]);
  });

  test("child segments without an operator fail, at the top and inside segments", async () => {
    expect(await resourceViolations(policy, flexibleAudience({ booleanOperator: undefined }))).toEqual([
      'FlexibleAudience "app-users" has 2 childSegments but no booleanOperator; the platform requires AND or OR when child segments are given',
    ]);
    expect(await resourceViolations(policy, flexibleAudience({ segments: { childSegments: leaves(3) } }))).toEqual([
      'FlexibleAudience "app-users" has 3 segments.childSegments but no segments.booleanOperator; the platform requires AND or OR when child segments are given',
    ]);
  });

  test("an operator not known during preview counts as given", async () => {
    expect(await resourceViolations(policy, flexibleAudience({ booleanOperator: unknown }))).toEqual([]);
  });
});

describe("xads-audience-permission-allow-list", () => {
  const policy = audiencePermissionAllowList;
  const config = { allowedAccountIds: [PARTNER, "18ce54d4x5t"] };

  test("custom and tailored audience permissions to allowed accounts pass", async () => {
    expect(await resourceViolations(policy, customAudiencePermission(), config)).toEqual([]);
    expect(await resourceViolations(policy, tailoredAudiencePermission(), config)).toEqual([]);
  });

  test("a permission to another account fails, listing the allowed ones", async () => {
    expect(await resourceViolations(policy, customAudiencePermission({ grantedAccountId: "q1w2e3" }), config)).toEqual([
      'CustomAudiencePermission "share-newsletter" shares an audience with account q1w2e3, which is not on the allow-list (allowedAccountIds holds 5gvk9h, 18ce54d4x5t)',
    ]);
  });

  test("the allow-list is empty by default: every share is reported", async () => {
    expect(await resourceViolations(policy, tailoredAudiencePermission())).toEqual([
      'TailoredAudiencePermission "share-legacy" shares an audience with account 5gvk9h, which is not on the allow-list (allowedAccountIds is empty)',
    ]);
  });

  test("an account not known during preview is skipped", async () => {
    expect(await resourceViolations(policy, customAudiencePermission({ grantedAccountId: unknown }))).toEqual([]);
  });
});
