/**
 * Flexible audience (Advertising API section 4.12): a custom audience made
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
import { keysToSnake } from "../names";
import { BatchCreate, createInBatch } from "./batch-create";
import { accountIdInput, adoptIdInput, entityId, timestamps } from "./common";
import { customAudiencesPath, readCustomAudience } from "./custom-audience";
import {
  adopt, approveDeletion, assertDeletable, CheckFailure, Context, deleteIdempotent, deletionProtectionInput, diffFields,
  protectReplacement, ResourceDefinition, toOutputs, validate,
} from "./framework";

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

/** One child segment (seed 4.12), with the platform's defaults; a segment with childSegments is a group, one without a leaf. */
export const flexibleAudienceSegment: z.ZodType<FlexibleAudienceSegment, FlexibleAudienceSegmentArgs> = z.strictObject({
  customAudienceId: entityId.optional().describe("The custom audience of this segment; required on a leaf (a segment without childSegments)."),
  // seed: not shown (a minimum); real platform frequencies count a user's events, so 1 is the least.
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

export const flexibleAudienceInputs = z.strictObject({
  accountId: accountIdInput,
  name: z.string().min(1).describe("The audience's name, unique among the account's custom audiences."),
  audienceType: z.enum(ENUMS.flexibleAudienceType).default("FLEXIBLE").describe("FLEXIBLE (the default) or MOBILE_AUDIENCE."),
  booleanOperator: booleanOperator.optional().describe("AND or OR: how childSegments combine; required when childSegments is non-empty."),
  childSegments: z.array(flexibleAudienceSegment).optional().describe(`The segments; at most ${LIMITS.flexibleAudienceLeaves} custom audience leaves in all.`),
  segments: z.strictObject({
    booleanOperator: booleanOperator.optional(),
    childSegments: z.array(flexibleAudienceSegment).optional(),
  }).optional().describe("The platform's `segments` object: booleanOperator and childSegments, an alternative place for the top-level group."),
  deletionProtection: deletionProtectionInput,
  adoptId: adoptIdInput,
});

export type FlexibleAudienceInputs = z.infer<typeof flexibleAudienceInputs>;
export type FlexibleAudienceOutputs = FlexibleAudienceInputs & { isOwner?: boolean; createdAt?: string };

const API_FIELDS = ["name", "audienceType", "booleanOperator", "childSegments", "segments"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "isOwner", "createdAt"] as const;
/** Immutable after creation (seed 4.12): every input the platform keeps. */
export const FLEXIBLE_AUDIENCE_CREATE_ONLY = ["accountId", ...API_FIELDS] as const;

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
 * The structure rules (seed 4.12 and section 8), on parsed inputs: at least
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
    // seed: not shown (a default); real platform needs the window of each leaf's events, so it is required here.
    if (leaf.lookbackWindow === undefined) {
      failures.push({ property: `${leaf.prefix}lookbackWindow`, reason: `${leaf.prefix}lookbackWindow is required on a leaf segment: one of ${LIMITS.flexibleAudienceLookbackWindows.join(", ")}` });
    }
  }
  return failures;
}

// ------------------------------------------------------------------ wire ---

/** Outputs from the live record; the segments are parsed again so their field order is the schema's (diff compares JSON). */
function outputs(local: Partial<FlexibleAudienceInputs>, entity: Entity): FlexibleAudienceOutputs {
  const outs = toOutputs<FlexibleAudienceOutputs>(local, entity, OUTPUT_FIELDS);
  for (const f of ["childSegments", "segments"] as const) {
    if (outs[f] === undefined) continue;
    const parsed = flexibleAudienceInputs.shape[f].safeParse(outs[f]);
    if (parsed.success) (outs as Record<string, unknown>)[f] = parsed.data;
  }
  return outs;
}

/** One batch Create item: the inputs the platform keeps, snake_case at every depth. */
export function createItem(inputs: FlexibleAudienceInputs): { operation_type: "Create"; params: Record<string, unknown> } {
  const picked: Record<string, unknown> = {};
  for (const f of API_FIELDS) if (inputs[f] !== undefined) picked[f] = inputs[f];
  return { operation_type: "Create", params: keysToSnake(picked) as Record<string, unknown> };
}

// ------------------------------------------------------------ lifecycle ---

export const flexibleAudience: ResourceDefinition<FlexibleAudienceInputs, FlexibleAudienceOutputs> = {
  kind: "FlexibleAudience",
  description:
    `A flexible audience: custom audiences combined by a tree of segments (at most ${LIMITS.flexibleAudienceLeaves} custom audience leaves). ` +
    "Immutable after creation: any change replaces it. Deletion is irreversible: see deletionProtection.",
  inputs: flexibleAudienceInputs,
  outputs: {
    isOwner: z.boolean().describe("True when this account owns the audience (it may share it)."),
    ...timestamps,
  },
  createOnly: FLEXIBLE_AUDIENCE_CREATE_ONLY,

  check(olds, news) {
    const result = validate(flexibleAudienceInputs, news);
    // Compared with the defaults filled in: a segment's defaults left out are no change.
    const filled = (result.inputs ?? news) as Record<string, unknown>;
    const failures = [...(result.failures ?? []), ...protectReplacement("flexible audience", olds, filled, FLEXIBLE_AUDIENCE_CREATE_ONLY)];
    // The structure rules need no ids, so they run even while ids are unknown (validate's rules would wait).
    const parsed = flexibleAudienceInputs.safeParse(result.inputs);
    if (!result.failures && parsed.success) failures.push(...flexibleAudienceFailures(parsed.data));
    return failures.length > 0 ? { ...result, failures } : result;
  },

  diff(id, olds, news) {
    const diff = diffFields(olds, news, [...FLEXIBLE_AUDIENCE_CREATE_ONLY, "deletionProtection", "adoptId"], FLEXIBLE_AUDIENCE_CREATE_ONLY, ["adoptId"]);
    // Names are unique in the account: with the same name, the old audience goes first.
    const sameName = olds.name === news.name && olds.accountId === news.accountId;
    return approveDeletion(id, diff.replaces && sameName ? { ...diff, deleteBeforeReplace: true } : diff, news);
  },

  async create(ctx, inputs) {
    const path = customAudiencesPath(inputs.accountId);
    if (inputs.adoptId) {
      return adopt(ctx, "flexible audience", path, inputs, (e) => outputs(inputs, e), API_FIELDS);
    }
    const entity = await createInBatch(ctx, batchCreate(ctx, inputs.accountId), inputs);
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readCustomAudience(ctx, props.accountId, id);
    return live && { id, props: outputs(props, live) };
  },

  async update(_ctx, _id, olds, news) {
    // Only this resource's own inputs change in place: every platform field replaces.
    return { ...olds, deletionProtection: news.deletionProtection, adoptId: news.adoptId };
  },

  async delete(ctx, id, props) {
    assertDeletable("flexible audience", id, props);
    // DELETE custom_audiences/:id rather than a batch Delete: it answers 404
    // when the audience is already gone (so delete is idempotent), where one
    // such item would fail a whole batch.
    await deleteIdempotent(() => ctx.client.delete(`${customAudiencesPath(props.accountId)}/${id}`));
  },
};

/**
 * How flexible audiences of one account are created together: batch POSTs of
 * up to 10 (seed 4.12); after a batch without an answer each is looked up by
 * its name, unique per account.
 */
function batchCreate(ctx: Context, accountId: string): BatchCreate<FlexibleAudienceInputs> {
  return {
    what: (a) => `flexible audience "${a.name}"`,
    group: `flexible_audiences|${accountId}`,
    path: `/12/batch/accounts/${accountId}/custom_audiences`,
    max: LIMITS.customAudienceBatchSize,
    params: (a) => createItem(a).params,
    candidates: async (sinceMs) => (await ctx.client.list<Entity>(customAudiencesPath(accountId)))
      .filter((e) => Date.parse(String(e.created_at)) >= sinceMs),
    matches: (a, e) => e.name === a.name,
  };
}
