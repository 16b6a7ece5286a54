/**
 * Flexible audiences (ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences): POST /batch/accounts/:account_id/custom_audiences,
 * a JSON array of at most 10 items. A flexible audience is a custom audience
 * record (GET and DELETE custom_audiences/:id work on it) with an
 * `audience_type` and a tree of segments whose leaves are custom audiences
 * of the account, or shared with it. It is immutable after creation: an
 * Update item, or a PUT, is refused. Every item problem answers under
 * `operation_errors` by index, and the whole batch commits nothing.
 *
 * An item's fields sit in `params`, not beside operation_type: real platform batch items carry them in `params`, as the
 * campaign batch does.
 */
import { FastifyInstance, FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { ENUMS, LIMITS } from "../platform";
import { runBatch } from "../batch";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { AccountRoute, batchEcho } from "../http";
import { answered, resourceContext, ResourceContext } from "../resource";
import { Env, EnvState } from "../store";
import { param, platformErrors } from "../wire";
import { assertUniqueName, CustomAudience, customAudiences, isFlexible, newAudience, sharedAudiences } from "./custom-audiences";

type Segment = {
  custom_audience_id?: string;
  frequency: number;
  frequency_comparator: string;
  lookback_window?: number;
  negate: boolean;
  boolean_operator?: string;
  child_segments?: Segment[];
};

/** ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences: each child segment, its defaults (frequency 1, NUM_GTE, negate true) and optional nested child segments. */
const segment: z.ZodType<Segment> = z.object({
  custom_audience_id: param.id().optional(),
  // No minimum is documented; real platform frequencies count a user's events, so 1 is the least.
  frequency: z.number().int().min(1).default(1),
  frequency_comparator: z.enum(ENUMS.frequencyComparator).default("NUM_GTE"),
  lookback_window: z.literal(LIMITS.flexibleAudienceLookbackWindows).optional(),
  negate: z.boolean().default(true),
  boolean_operator: z.enum(ENUMS.booleanOperator).optional(),
  get child_segments() {
    return z.array(segment).optional();
  },
});

const createParams = z.object({
  audience_type: z.enum(ENUMS.flexibleAudienceType),
  name: param.name(),
  boolean_operator: z.enum(ENUMS.booleanOperator).optional(),
  child_segments: z.array(segment).optional(),
  segments: z.object({ boolean_operator: z.enum(ENUMS.booleanOperator).optional(), child_segments: z.array(segment).optional() }).optional(),
});

const deleteParams = z.object({ custom_audience_id: param.id() });

const item = z.object({ operation_type: z.enum(["Create", "Update", "Delete"]), params: z.record(z.string(), z.unknown()) });

/** `child_segments[1].lookback_window`: JSON errors name the whole path. */
function pathName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join("") || "params";
}

function parse<T extends z.ZodType>(schema: T, value: unknown, prefix: readonly PropertyKey[] = []): z.output<T> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw new ApiError(400, platformErrors(result.error.issues, (path) => pathName([...prefix, ...path])));
}

interface Group {
  /** `""`, `segments.` or `child_segments[0].`: where the group's fields are. */
  prefix: string;
  boolean_operator?: string;
  child_segments?: Segment[];
}

/** Every place children hang from (the item, `segments`, each segment), with its prefix. */
function groups(p: z.output<typeof createParams>): Group[] {
  const out: Group[] = [{ prefix: "", ...p }];
  if (p.segments) out.push({ prefix: "segments.", ...p.segments });
  for (let i = 0; i < out.length; i++) {
    (out[i].child_segments ?? []).forEach((s, j) => out.push({ prefix: `${out[i].prefix}child_segments[${j}].`, ...s }));
  }
  return out;
}

const isLeaf = (s: Segment) => (s.child_segments ?? []).length === 0;

/** The rules of one Create item (ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences). */
function createFlexible(ctx: ResourceContext, state: EnvState, params: unknown): CustomAudience {
  const p = parse(createParams, params);
  const all = groups(p);
  const segments = all.slice(1).filter((g) => g.prefix.endsWith("].")) as (Group & Segment)[];
  if (segments.length === 0) {
    throw ApiError.missing("child_segments", "child_segments (or segments.child_segments) must hold at least 1 segment: a flexible audience combines custom audiences");
  }
  for (const g of all) {
    if ((g.child_segments ?? []).length > 0 && g.boolean_operator === undefined) {
      throw ApiError.missing(`${g.prefix}boolean_operator`, `${g.prefix}boolean_operator is required (AND or OR) when ${g.prefix}child_segments is non-empty`);
    }
  }
  const leaves = segments.filter(isLeaf);
  if (leaves.length > LIMITS.flexibleAudienceLeaves) {
    throw ApiError.invalid("child_segments", `a flexible audience has at most ${LIMITS.flexibleAudienceLeaves} custom audience leaf nodes, got ${leaves.length}`);
  }
  const usable = new Set(sharedAudiences(state, ctx.account.id).filter((a) => !a.deleted).map((a) => a.id));
  for (const s of segments) {
    if (isLeaf(s) && s.custom_audience_id === undefined) throw ApiError.missing(`${s.prefix}custom_audience_id`, `${s.prefix}custom_audience_id is required on a leaf segment`);
    // No default is documented; the real platform needs the window of each leaf's events, so it is required here.
    if (isLeaf(s) && s.lookback_window === undefined) throw ApiError.missing(`${s.prefix}lookback_window`, `${s.prefix}lookback_window is required on a leaf segment (1, 7, 14 or 30)`);
    const id = s.custom_audience_id;
    if (id !== undefined && !ctx.account.collection<CustomAudience>(customAudiences.collection).live(id) && !usable.has(id)) {
      throw ApiError.invalid(`${s.prefix}custom_audience_id`, `${s.prefix}custom_audience_id ${id} is not a live custom audience of account ${ctx.account.id} or one shared with it`);
    }
  }
  assertUniqueName(ctx.account, p.name);
  const { audience_type, name, ...tree } = p;
  return ctx.account.collection<CustomAudience>(customAudiences.collection).insert({ ...newAudience(name, null, audience_type), ...tree });
}

function runItem(ctx: ResourceContext, state: EnvState, raw: unknown): { operation: "Create" | "Delete"; audience: CustomAudience } {
  const { operation_type, params } = parse(item, raw);
  if (operation_type === "Create") return { operation: "Create", audience: createFlexible(ctx, state, params) };
  if (operation_type === "Update") {
    throw ApiError.invalid("operation_type", "flexible audiences are immutable after creation: Create a new one and Delete this one");
  }
  const { custom_audience_id: id } = parse(deleteParams, params);
  const audiences = ctx.account.collection<CustomAudience>(customAudiences.collection);
  const current = audiences.live(id);
  if (!current) throw ApiError.invalid("custom_audience_id", `custom_audience_id ${id} is not a live custom audience of account ${ctx.account.id}`);
  // ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences: the batch endpoint is for flexible audiences only.
  if (!isFlexible(current)) throw ApiError.invalid("custom_audience_id", `custom audience ${id} is not a flexible audience: delete it with DELETE custom_audiences/${id}`);
  return { operation: "Delete", audience: audiences.markDeleted(id) };
}

/**
 * A flexible audience as the batch answers it (the real
 * platform, tests/conformance corpus): the audience record, and its tree
 * under `metadata[].segments` with every default filled in.
 */
function batchAnswer(a: CustomAudience, operation: "Create" | "Delete", ctx: ResourceContext): Record<string, unknown> {
  // Nor does it answer the description, the owner or the permission level.
  const { child_segments, segments, boolean_operator, description: _d, owner_account_id: _o, permission_level: _p, ...record } = answered(customAudiences, a, ctx, `batch ${operation}`);
  const filled = (g: Record<string, unknown>): Record<string, unknown> => ({
    ...g, frequency: g.frequency ?? 1, frequency_comparator: g.frequency_comparator ?? "NUM_GTE", negate: g.negate ?? false,
    child_segments: ((g.child_segments ?? []) as Record<string, unknown>[]).map(filled),
  });
  const top = (segments as Record<string, unknown> | undefined) ?? { boolean_operator, child_segments };
  return {
    ...record,
    metadata: [{
      custom_audience_id: a.id, account_id: ctx.account.id, name: a.name, audience_source: "FLEXIBLE_AUDIENCE", upload_status: "UPLOADED",
      segments: filled(top),
    }],
  };
}

function routes(app: FastifyInstance, env: Env): void {
  app.post<AccountRoute>(`/12/batch/accounts/:account_id/${customAudiences.collection}`, async (req) => {
    const ctx = resourceContext(app, env, req);
    const state = app.emulator.store.env(env);
    const data = runBatch(ctx, req.body, LIMITS.customAudienceBatchSize, (raw) => runItem(ctx, state, raw)).map(({ operation, audience }) => batchAnswer(audience, operation, ctx));
    // The real platform (tests/conformance corpus) answers its one item as one object. No recording shows several: a list here.
    return { request: batchEcho(req), data: data.length === 1 ? data[0] : data };
  });
}

export const flexibleAudienceRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => routes(app, env);
