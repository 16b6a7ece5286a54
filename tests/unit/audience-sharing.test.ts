import * as pulumi from "@pulumi/pulumi";
import { customAudiencePermission } from "../../provider/resources/custom-audience-permission";
import type { FlexibleAudienceArgs } from "../../sdk/resources";
import { flexibleAudience } from "../../provider/resources/flexible-audience";
import { UNKNOWN } from "../../provider/resources/framework";
import { toOutputs } from "../../provider/resources/fields";
import { tailoredAudiencePermission } from "../../provider/resources/tailored-audience-permission";

const ACCOUNT = "18ce54d4x5t";
const reasons = (r: { failures?: { reason: string }[] }) => (r.failures ?? []).map((f) => f.reason);
const properties = (r: { failures?: { property: string }[] }) => (r.failures ?? []).map((f) => f.property);

const leaf = (i: number, extra: Record<string, unknown> = {}) => ({ customAudienceId: `ca${i}`, lookbackWindow: 7, ...extra });
const leaves = (n: number) => Array.from({ length: n }, (_, i) => leaf(i));
const flexible = (extra: Record<string, unknown> = {}) => ({ accountId: ACCOUNT, name: "App users", booleanOperator: "AND", childSegments: leaves(2), ...extra });
const checkFlexible = (extra: Record<string, unknown> = {}, olds: Record<string, unknown> = {}) => flexibleAudience.check(olds as never, flexible(extra));

describe("FlexibleAudience check", () => {
  test("10 custom audience leaves pass; 11 are refused naming childSegments and the limit, at any depth", () => {
    expect(reasons(checkFlexible({ childSegments: leaves(10) }))).toEqual([]);
    expect(reasons(checkFlexible({ childSegments: leaves(11) }))).toEqual(["childSegments must have at most 10 custom audience leaf nodes in all, at any depth (got 11)"]);
    const nested = [
      { booleanOperator: "OR", childSegments: leaves(6) },
      { booleanOperator: "OR", childSegments: [leaf(7), { booleanOperator: "AND", childSegments: leaves(4) }] },
    ];
    expect(properties(checkFlexible({ childSegments: nested }))).toEqual(["childSegments"]);
    // Leaves in segments.childSegments count too.
    expect(reasons(checkFlexible({ childSegments: leaves(6), segments: { booleanOperator: "OR", childSegments: leaves(5) } }))).toEqual([
      "childSegments must have at most 10 custom audience leaf nodes in all, at any depth (got 11)",
    ]);
  });

  test("11 leaves are refused in a preview even while the audience ids are not known yet", () => {
    const unknownIds = Array.from({ length: 11 }, () => ({ customAudienceId: UNKNOWN, lookbackWindow: 7 }));
    expect(properties(checkFlexible({ childSegments: unknownIds }))).toEqual(["childSegments"]);
  });

  test("lookbackWindow is 1, 7, 14 or 30: 30 passes, 3 is refused naming the segment's field and the values", () => {
    expect(reasons(checkFlexible({ childSegments: [leaf(0, { lookbackWindow: 30 }), leaf(1, { lookbackWindow: 1 })] }))).toEqual([]);
    expect(reasons(checkFlexible({ childSegments: [leaf(0), leaf(1, { lookbackWindow: 3 })] }))).toEqual(["childSegments[1].lookbackWindow must be one of 1, 7, 14, 30 (got 3)"]);
    expect(reasons(checkFlexible({ childSegments: [leaf(0), { booleanOperator: "OR", childSegments: [leaf(1, { lookbackWindow: 60 })] }] })))
      .toEqual(["childSegments[1].childSegments[0].lookbackWindow must be one of 1, 7, 14, 30 (got 60)"]);
  });

  test("booleanOperator is required wherever child segments are, and is AND or OR", () => {
    expect(reasons(checkFlexible({ booleanOperator: undefined }))).toEqual(["booleanOperator is required (AND or OR) when childSegments is non-empty (got 2 child segments)"]);
    expect(properties(checkFlexible({ childSegments: [leaf(0), { childSegments: [leaf(1)] }] }))).toEqual(["childSegments[1].booleanOperator"]);
    expect(properties(checkFlexible({ childSegments: undefined, booleanOperator: undefined, segments: { childSegments: [leaf(0)] } }))).toEqual(["segments.booleanOperator"]);
    expect(reasons(checkFlexible({ booleanOperator: "XOR" }))).toEqual(['booleanOperator must be one of AND, OR (got "XOR")']);
  });

  test("a leaf needs its customAudienceId and lookbackWindow; at least one segment; frequency and comparator are checked", () => {
    expect(reasons(checkFlexible({ childSegments: [{ lookbackWindow: 7 }, { customAudienceId: "ca1" }] }))).toEqual([
      "childSegments[0].customAudienceId is required on a leaf segment (one without childSegments)",
      "childSegments[1].lookbackWindow is required on a leaf segment: one of 1, 7, 14, 30",
    ]);
    expect(properties(checkFlexible({ childSegments: [] }))).toEqual(["childSegments"]);
    expect(reasons(checkFlexible({ childSegments: [leaf(0, { frequency: 0 })] }))).toEqual(["childSegments[0].frequency must be at least 1 (got 0)"]);
    expect(reasons(checkFlexible({ childSegments: [leaf(0, { frequencyComparator: "GTE" })] })))
      .toEqual(['childSegments[0].frequencyComparator must be one of NUM_GTE, NUM_GT, NUM_EQ, NUM_LTE, NUM_LT (got "GTE")']);
    expect(reasons(checkFlexible({ audienceType: "WEB" }))).toEqual(['audienceType must be one of FLEXIBLE, MOBILE_AUDIENCE (got "WEB")']);
  });

  test("the platform's defaults fill each segment: frequency 1, NUM_GTE, negate true; audienceType FLEXIBLE", () => {
    const inputs = checkFlexible().inputs!;
    expect(inputs.audienceType).toBe("FLEXIBLE");
    expect(inputs.childSegments![0]).toEqual({ customAudienceId: "ca0", lookbackWindow: 7, frequency: 1, frequencyComparator: "NUM_GTE", negate: true });
  });

  test("a change of a protected flexible audience is refused (it would replace it)", () => {
    const olds = { ...checkFlexible().inputs!, deletionProtection: true };
    const changed = flexibleAudience.check(olds, { ...flexible({ childSegments: [leaf(0, { lookbackWindow: 30 }), leaf(1)] }), deletionProtection: true });
    expect(reasons(changed)).toEqual([expect.stringMatching(/^changing childSegments replaces the flexible audience .* Set deletionProtection: false/)]);
    // The same program again (defaults left out) is no change.
    expect(reasons(flexibleAudience.check(olds, { ...flexible(), deletionProtection: true }))).toEqual([]);
  });
});

describe("FlexibleAudience diff: immutable, every platform field replaces", () => {
  const olds = { ...checkFlexible({ deletionProtection: false }).inputs!, isOwner: true, createdAt: "2026-01-01T00:00:00Z" };
  const news = (extra: Record<string, unknown>) => checkFlexible({ deletionProtection: false, ...extra }).inputs!;

  test("no change is no change", () => {
    expect(flexibleAudience.diff("f1", olds, news({}))).toMatchObject({ changes: false });
  });

  test("childSegments: [] beside segments is no change once the platform answers it as unset", () => {
    const declared = checkFlexible({ deletionProtection: false, booleanOperator: undefined, childSegments: [], segments: { booleanOperator: "AND", childSegments: leaves(2) } }).inputs!;
    // The state as read back: the platform leaves an empty child_segments out (or answers []).
    const live = { id: "f1", name: "App users", audience_type: "FLEXIBLE", child_segments: [], segments: { boolean_operator: "AND", child_segments: leaves(2).map((l) => ({ custom_audience_id: l.customAudienceId, lookback_window: 7, frequency: 1, frequency_comparator: "NUM_GTE", negate: true })) } };
    const state = toOutputs<typeof declared>(flexibleAudience.fields, declared, live);
    expect(flexibleAudience.diff("f1", state, declared)).toMatchObject({ changes: false });
  });

  test("a new lookback window replaces, old one first (the name stays, and names are unique)", () => {
    expect(flexibleAudience.diff("f1", olds, news({ childSegments: [leaf(0, { lookbackWindow: 30 }), leaf(1)] })))
      .toMatchObject({ changes: true, replaces: ["childSegments"], deleteBeforeReplace: true });
  });

  test("a new name (with any other change) replaces, the new one first", () => {
    const diff = flexibleAudience.diff("f1", olds, news({ name: "Renamed", booleanOperator: "OR" }));
    expect(diff).toMatchObject({ changes: true, replaces: ["name", "booleanOperator"] });
    expect(diff.deleteBeforeReplace).toBeUndefined();
  });

  test("deletionProtection changes in place (it is this resource's own)", () => {
    const diff = flexibleAudience.diff("f1", olds, news({ deletionProtection: true }));
    expect(diff).toMatchObject({ changes: true });
    expect(diff.replaces).toBeUndefined();
  });
});

describe("audience permissions", () => {
  const kinds = [
    { def: customAudiencePermission, audience: "customAudienceId" },
    { def: tailoredAudiencePermission, audience: "tailoredAudienceId" },
  ] as const;

  test.each(kinds)("$def.kind: permissionLevel is READ_ONLY or READ_WRITE, both required with the audience and the granted account", ({ def, audience }) => {
    const ok = { accountId: ACCOUNT, [audience]: "ca1", grantedAccountId: "18ce54aymz3", permissionLevel: "READ_WRITE" };
    expect(reasons(def.check({}, ok))).toEqual([]);
    expect(reasons(def.check({}, { ...ok, permissionLevel: "ADMIN" }))).toEqual(['permissionLevel must be one of READ_ONLY, READ_WRITE (got "ADMIN")']);
    expect(reasons(def.check({}, { accountId: ACCOUNT, permissionLevel: "READ_ONLY" }))).toEqual([`${audience} is required`, "grantedAccountId is required"]);
    expect(reasons(def.check({}, { ...ok, grantedAccountId: ACCOUNT }))).toEqual([`grantedAccountId must be another account than the owner accountId ${ACCOUNT}`]);
  });

  test.each(kinds)("$def.kind: every change replaces (no PUT); a new level revokes the old permission first", ({ def, audience }) => {
    const olds = { accountId: ACCOUNT, [audience]: "ca1", grantedAccountId: "g1", permissionLevel: "READ_ONLY", createdAt: "2026-01-01T00:00:00Z" } as never;
    const news = (extra: Record<string, unknown>) => ({ accountId: ACCOUNT, [audience]: "ca1", grantedAccountId: "g1", permissionLevel: "READ_ONLY", ...extra }) as never;
    expect(def.diff("p1", olds, news({}))).toMatchObject({ changes: false });
    expect(def.diff("p1", olds, news({ permissionLevel: "READ_WRITE" }))).toMatchObject({ replaces: ["permissionLevel"], deleteBeforeReplace: true });
    const moved = def.diff("p1", olds, news({ grantedAccountId: "g2" }));
    expect(moved).toMatchObject({ replaces: ["grantedAccountId"] });
    expect(moved.deleteBeforeReplace).toBeUndefined();
    expect(def.createOnly).toEqual(["accountId", audience, "grantedAccountId", "permissionLevel"]);
  });

  test("the resource docs say revoking leaves running campaigns of the granted account with the audience", () => {
    for (const def of [customAudiencePermission, tailoredAudiencePermission]) {
      expect(def.description).toMatch(/campaigns that already target it keep running with it/);
    }
  });
});

describe("the SDK's FlexibleAudience arguments", () => {
  test("take other resources' outputs inside segments, at any depth (type-checked by ts-jest)", () => {
    const id = pulumi.output("ca1");
    const args: FlexibleAudienceArgs = {
      name: "N", booleanOperator: "AND",
      childSegments: [{ customAudienceId: id, lookbackWindow: 7 }, { booleanOperator: "OR", childSegments: [{ customAudienceId: id, lookbackWindow: 30, negate: false }] }],
    };
    expect(args.childSegments).toHaveLength(2);
  });
});
