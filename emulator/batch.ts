/**
 * Batch endpoints (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns): a JSON array of
 * `{operation_type, params}`. Request-level problems (not an array, too many
 * items) answer under `errors`; item problems under `operation_errors`, one
 * array per input item by index. Any failure fails the whole batch and
 * commits nothing; success answers the entities in input order.
 */
import { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { RouteOptions } from "./context";
import { ApiError, BatchError, PlatformError } from "./errors";
import { AccountRoute, batchEcho } from "./http";
import { answered, createEntity, deleteEntity, ResourceContext, resourceContext, ResourceSpec, updateEntity } from "./resource";
import { StoredEntity } from "./store";
import { platformErrors, toWireParams } from "./wire";

const OPERATION_TYPES = ["Create", "Update", "Delete"] as const;
type Operation = (typeof OPERATION_TYPES)[number];

const batchItem = z.object({
  operation_type: z.enum(OPERATION_TYPES),
  params: z.record(z.string(), z.unknown()),
});

export interface BatchSpec<T extends StoredEntity> {
  resource: ResourceSpec<T>;
  /** Most items in one request (e.g. LIMITS.campaignBatchSize). */
  maxItems: number;
  /**
   * The param naming the entity of an Update or Delete, e.g. `campaign_id`.
   * The real platform's batch items carry `<entity>_id` in params.
   */
  idParam: string;
  /** `data_type` of the answer, where the platform sends one (real platform: targeting criteria). */
  dataType?: string;
}

export function batchRoutes<T extends StoredEntity>(spec: BatchSpec<T>): FastifyPluginAsync<RouteOptions> {
  return async (app, { env }) => {
    app.post<AccountRoute>(`/12/batch/accounts/:account_id/${spec.resource.collection}`, async (req) => {
      const ctx = resourceContext(app, env, req);
      const data = runBatch(ctx, req.body, spec.maxItems, (item) => runItem(spec, ctx, item))
        .map(({ operation, entity }) => answered(spec.resource, entity, ctx, `batch ${operation}`));
      return { ...(spec.dataType ? { data_type: spec.dataType } : {}), request: batchEcho(req), data };
    });
  };
}

/**
 * The items of one batch request, run in order inside one atomic change of
 * the account: any item's ApiError fails the whole batch (a BatchError with
 * every item's errors by index) and commits nothing. Also used by batches
 * whose items are not a ResourceSpec's (flexible audiences, ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences).
 */
export function runBatch<R>(ctx: ResourceContext, body: unknown, maxItems: number, run: (item: unknown) => R): R[] {
  const items = batchItems(body, maxItems);
  return ctx.account.atomically(() => {
    const results: R[] = [];
    const errors: PlatformError[][] = items.map((item) => {
      try {
        results.push(run(item));
        return [];
      } catch (err) {
        if (err instanceof ApiError) return err.errors;
        throw err;
      }
    });
    if (errors.some((e) => e.length > 0)) throw new BatchError(errors);
    return results;
  });
}

/**
 * The items of a batch body, at most `maxItems` of them: request-level
 * errors ("max batch size exceeded", under `errors`). Also the operation
 * objects of audience user uploads, which count toward their batch size.
 */
export function batchItems(body: unknown, maxItems: number): unknown[] {
  if (!Array.isArray(body)) throw ApiError.invalid("body", "the body must be a JSON array of {operation_type, params} items");
  if (body.length === 0) throw ApiError.invalid("body", "a batch must have at least 1 item, got 0");
  if (body.length > maxItems) throw ApiError.of(400, "INVALID_PARAMETER", `a batch must have at most ${maxItems} items, got ${body.length}`);
  return body;
}

/** One item, run: the entity it made, changed or deleted, and its operation (its answer's form is the operation's, ResourceSpec `answers`). */
function runItem<T extends StoredEntity>(spec: BatchSpec<T>, ctx: ResourceContext, item: unknown): { operation: Operation; entity: T } {
  const parsed = batchItem.safeParse(item, { reportInput: true });
  if (!parsed.success) throw new ApiError(400, platformErrors(parsed.error.issues));
  const operation = parsed.data.operation_type;
  return { operation, entity: runOperation(spec, ctx, operation, parsed.data.params) };
}

function runOperation<T extends StoredEntity>(spec: BatchSpec<T>, ctx: ResourceContext, operation: Operation, given: Record<string, unknown>): T {
  const { [spec.idParam]: id, ...params } = toWireParams(given);
  if (operation === "Create") return createEntity(spec.resource, ctx, params);
  if (operation === "Update" && !spec.resource.update) {
    // The real platform's batches of records without a PUT (targeting criteria) take Create and Delete only.
    throw ApiError.invalid("operation_type", `operation_type must be Create or Delete: ${spec.resource.noun} records cannot be updated`);
  }
  if (!id) throw ApiError.missing(spec.idParam, `${spec.idParam} is required to ${operation} a ${spec.resource.noun}`);
  return operation === "Update"
    ? updateEntity(spec.resource, ctx, id, params)
    : deleteEntity(spec.resource, ctx, id);
}
