/**
 * Flexible audience (ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences): a custom audience made
 * of other custom audiences, combined by a tree of segments. Created through
 * the batch endpoint (POST /batch/accounts/:id/custom_audiences, at most 10
 * items); flexible audiences are immutable after creation, so every input
 * change replaces it (deletionProtection aside, which is this resource's
 * own). Creates that run together in one `pulumi up` share batch POSTs.
 * Reads and deletes go through custom_audiences/:id: it is a custom audience
 * record with an `audience_type`.
 */
import { z } from "zod";
import { ENUMS, LIMITS } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, entityId, name } from "./common";
import { customAudiencesPath, isOwner, ownershipOutputs, readCustomAudience } from "./custom-audience";
import { defineResource } from "./define";
import { field } from "./fields";
import { CheckFailure, deletionProtectionInput, rule } from "./framework";

// --------------------------------------------------------------- schema ---

const booleanOperator = z.enum(ENUMS.booleanOperator);

export interface FlexibleAudienceSegment {
  customAudienceId?: string;
  frequency: number;
  frequencyComparator: (typeof ENUMS.frequencyComparator)[number];
  lookbackWindow?: (typeof LIMITS.flexibleAudienceLookbackWindows)[number];
  negate: boolean;
  booleanOperator?: (typeof ENUMS.booleanOperator)[number];
  childSegments?: FlexibleAudienceSegment[];
}

/** A segment as declared: the defaulted fields may be left out. */
export type FlexibleAudienceSegmentArgs = Omit<FlexibleAudienceSegment, "frequency" | "frequencyComparator" | "negate" | "childSegments"> &
  Partial<Pick<FlexibleAudienceSegment, "frequency" | "frequencyComparator" | "negate">> & { childSegments?: FlexibleAudienceSegmentArgs[] };

/** One child segment (ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences), with the platform's defaults; a segment with childSegments is a group, one without a leaf. */
export const flexibleAudienceSegment: z.ZodType<FlexibleAudienceSegment, FlexibleAudienceSegmentArgs> = z.strictObject({
  customAudienceId: entityId.optional().describe("The custom audience of this segment; required on a leaf (a segment without childSegments)."),
  // No minimum is documented; real platform frequencies count a user's events, so 1 is the least.
  frequency: z.number().int().min(1).default(1).describe("How many times (with frequencyComparator) a user must match. Default 1."),
  frequencyComparator: z.enum(ENUMS.frequencyComparator).default("NUM_GTE").describe("How frequency compares: NUM_GTE (default), NUM_GT, NUM_EQ, NUM_LTE, NUM_LT."),
  lookbackWindow: z.literal(LIMITS.flexibleAudienceLookbackWindows).optional()
    .describe("Days of the audience's events to consider: 1, 7, 14 or 30. Required on a leaf."),
  negate: z.boolean().default(true).describe("Exclude (true, the platform's default) or include the segment's users."),
  booleanOperator: booleanOperator.optional().describe("AND or OR: how childSegments combine; required when childSegments is non-empty."),
  get childSegments() {
    return z.array(flexibleAudienceSegment).optional().describe("Nested segments; the segment is then a group, not a leaf.");
  },
});

/**
 * The segment tree: sent on create and never read back. The platform's
 * record (GET custom_audiences) has no tree, and the batch answer holds it
 * under `metadata[].segments` in its own form (tests/conformance corpus):
 * the outputs keep the declared tree.
 */
const tree = <T extends z.ZodType>(schema: T) => field(schema, { writeOnly: true });

export const flexibleAudienceInputs = z.strictObject({
  accountId: accountIdInput,
  name: name().describe("The audience's name, unique among the account's custom audiences."),
  audienceType: z.enum(ENUMS.flexibleAudienceType).default("FLEXIBLE").describe("FLEXIBLE (the default) or MOBILE_AUDIENCE."),
  booleanOperator: tree(booleanOperator.optional().describe("AND or OR: how childSegments combine; required when childSegments is non-empty.")),
  childSegments: tree(z.array(flexibleAudienceSegment).optional().describe(`The segments; at most ${LIMITS.flexibleAudienceLeaves} custom audience leaves in all.`)),
  segments: tree(z.strictObject({
    booleanOperator: booleanOperator.optional(),
    childSegments: z.array(flexibleAudienceSegment).optional(),
  }).optional().describe("The platform's `segments` object: booleanOperator and childSegments, an alternative place for the top-level group.")),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
}).describe(`A flexible audience: custom audiences combined by a tree of segments (at most ${LIMITS.flexibleAudienceLeaves} custom audience leaves). ` +
    "Immutable after creation: any change replaces it. Deletion is irreversible: see deletionProtection.");

export type FlexibleAudienceInputs = z.infer<typeof flexibleAudienceInputs>;
export type FlexibleAudienceOutputs = FlexibleAudienceInputs & { isOwner?: boolean; ownerAccountId?: string; permissionLevel?: string; createdAt?: string };

// ---------------------------------------------------------------- rules ---

interface Group {
  /** Where the group's fields are: "", "segments." or "childSegments[0].". */
  prefix: string;
  booleanOperator?: string;
  childSegments?: FlexibleAudienceSegment[];
}

/** The audience, its `segments` object and every segment at any depth, with their field paths. */
function groupsOf(inputs: Pick<FlexibleAudienceInputs, "booleanOperator" | "childSegments" | "segments">): Group[] {
  const out: Group[] = [{ prefix: "", booleanOperator: inputs.booleanOperator, childSegments: inputs.childSegments }];
  if (inputs.segments) out.push({ prefix: "segments.", ...inputs.segments });
  for (let i = 0; i < out.length; i++) {
    (out[i]!.childSegments ?? []).forEach((s, j) => out.push({ ...s, prefix: `${out[i]!.prefix}childSegments[${j}].` }));
  }
  return out;
}

const isSegment = (g: Group): g is Group & FlexibleAudienceSegment => g.prefix.endsWith("].");
const isLeaf = (g: Group) => (g.childSegments ?? []).length === 0;

/**
 * The structure rules (ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences), on parsed inputs: at least
 * one segment, booleanOperator wherever children are, at most 10 custom
 * audience leaves, each leaf with a customAudienceId and a lookbackWindow.
 * They do not look at ids, so they hold in a preview where ids are unknown.
 */
export function flexibleAudienceFailures(inputs: FlexibleAudienceInputs): CheckFailure[] {
  const groups = groupsOf(inputs);
  const segments = groups.filter(isSegment);
  if (segments.length === 0) {
    return [{ property: "childSegments", reason: "childSegments (or segments.childSegments) must have at least 1 segment: a flexible audience combines custom audiences" }];
  }
  const failures: CheckFailure[] = [];
  for (const g of groups) {
    const n = (g.childSegments ?? []).length;
    if (n > 0 && g.booleanOperator === undefined) {
      failures.push({ property: `${g.prefix}booleanOperator`, reason: `${g.prefix}booleanOperator is required (AND or OR) when ${g.prefix}childSegments is non-empty (got ${n} child segment${n === 1 ? "" : "s"})` });
    }
  }
  const leaves = segments.filter(isLeaf);
  if (leaves.length > LIMITS.flexibleAudienceLeaves) {
    failures.push({
      property: "childSegments",
      reason: `childSegments must have at most ${LIMITS.flexibleAudienceLeaves} custom audience leaf nodes in all, at any depth (got ${leaves.length})`,
    });
  }
  for (const leaf of leaves) {
    if (leaf.customAudienceId === undefined) failures.push({ property: `${leaf.prefix}customAudienceId`, reason: `${leaf.prefix}customAudienceId is required on a leaf segment (one without childSegments)` });
    // No default is documented; the real platform needs the window of each leaf's events, so it is required here.
    if (leaf.lookbackWindow === undefined) {
      failures.push({ property: `${leaf.prefix}lookbackWindow`, reason: `${leaf.prefix}lookbackWindow is required on a leaf segment: one of ${LIMITS.flexibleAudienceLookbackWindows.join(", ")}` });
    }
  }
  return failures;
}

// ------------------------------------------------------------ lifecycle ---

export const flexibleAudience = defineResource("FlexibleAudience", flexibleAudienceInputs, {
  immutable: true,
  outputs: ownershipOutputs,
  // The structure rules need no ids, so they run even while leaf ids are unknown.
  rules: [rule<FlexibleAudienceInputs>(["booleanOperator", "childSegments", "segments"], flexibleAudienceFailures, { structural: true })],
  // Reads and deletes go through custom_audiences/:id: it is a custom audience record with an audience_type.
  collection: "custom_audiences",
  find: (ctx, a, id) => readCustomAudience(ctx, a.accountId, id),
  // The segment tree is JSON, in the batch item too: an empty childSegments is a list, not "".
  jsonBody: true,
  // Names are unique in the account: with the same name, the old audience goes first.
  uniqueBy: ["name", "accountId"],
  // Creates of one up share batch POSTs of up to 10 (ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences); a lone one too: there is no single create.
  batch: {
    path: (a) => `/12/batch/accounts/${a.accountId}/custom_audiences`,
    max: LIMITS.customAudienceBatchSize,
    alwaysBatch: true,
  },
  lookUp: {
    candidates: (ctx, items) => ctx.client.list<Entity>(customAudiencesPath(items[0]!.accountId)),
    matches: (a, e) => e.name === a.name,
  },
  outputsFrom: (outs, declared, e) => ({ ...outs, ...isOwner(declared.accountId!, e) }),
});
