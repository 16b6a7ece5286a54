/**
 * User uploads of custom audiences and of the do-not-reach list (ref
 * audiences/reference.mdx, Custom Audiences Users and Do Not Reach Lists): a JSON array of `{operation_type: Update|Delete, params:
 * {users, effective_at?, expires_at?}}`. One route builder for both, as the
 * reference gives both the same rules: at most 2,500 operations and 5,000,000
 * bytes per request, identifiers SHA-256 hashed (64 lowercase hex
 * characters) except `partner_user_id`, and an expiry of at most 13 months.
 * An operation is one `{operation_type, params}` object, whatever the number
 * of its users: "The batch size is determined by the number of operations
 * (Update/Delete) per request ... over 2500 operation objects ... in one
 * array result in an error" (xdevplatform/docs x-ads-api/audiences/reference.mdx,
 * POST custom_audiences/:id/users), and "There are no limits on the number
 * of users that can be sent in a single payload" (x-ads-api/audiences.mdx,
 * Rate Limiting).
 * The answer is `{success_count, total_count}`; a "short-count" fault makes
 * it report fewer successes than users sent, the condition clients retry.
 *
 * The platform keeps a set of users per audience, and has no endpoint that
 * lists them; the control API reads the set (`members`).
 */
import { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { batchItems } from "./batch";
import { ApiError } from "./errors";
import { ENUMS, LIMITS } from "./platform";
import { batchEcho, EntityRoute, found } from "./http";
import { resourceContext } from "./resource";
import { Account, StoredEntity, Env, isoTime } from "./store";
import { parseParams } from "./wire";

/** One user of an audience, as the platform keeps it. */
export interface Member {
  /** The user object as uploaded (wire names, hashed values). */
  user: Record<string, string[]>;
  effective_at: string;
  expires_at: string;
}

/** The member sets of each account's audiences and lists, by `<collection>/<id>`; gone with the account on reset. */
const sets = new WeakMap<Account, Map<string, Map<string, Member>>>();

export function memberSet(account: Account, collection: string, id: string): Map<string, Member> {
  let byEntity = sets.get(account);
  if (!byEntity) sets.set(account, (byEntity = new Map()));
  let set = byEntity.get(`${collection}/${id}`);
  if (!set) byEntity.set(`${collection}/${id}`, (set = new Map()));
  return set;
}

/**
 * The identity of a user in a set: its identifiers, fields and values in a
 * fixed order, so the same user uploaded twice is one member.
 */
export function memberKey(user: Record<string, string[]>): string {
  return JSON.stringify(Object.keys(user).sort().map((k) => [k, [...user[k]].sort()]));
}

export interface UploadSpec {
  /** The collection of the entity the users belong to, e.g. `custom_audiences`. */
  collection: string;
  /** For messages, e.g. `custom audience`. */
  noun: string;
  /** The user object fields the endpoint takes (wire names). */
  fields: readonly string[];
  /**
   * Custom audiences take effective_at and allow 13 months after it; the
   * do-not-reach list has no effective_at (always now) and allows 13 months
   * after now.
   */
  effectiveAt: boolean;
  /**
   * The answer's counts: one object for the whole upload (custom audiences),
   * or one per operation item (the do-not-reach batch path; the real
   * platform per tests/conformance corpus).
   */
  countsPerItem?: boolean;
}

const HASH = /^[0-9a-f]{64}$/;
const time = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time in UTC, e.g. 2026-12-01T00:00:00Z" });

const itemSchema = z.object({
  operation_type: z.enum(ENUMS.audienceUserOperation),
  params: z.object({
    users: z.array(z.record(z.string(), z.unknown())).min(1),
    effective_at: time.optional(),
    expires_at: time.optional(),
  }).catchall(z.unknown()),
});

type Item = z.infer<typeof itemSchema>;

/** The upload route of one kind at `path` (`.../:account_id/<collection>/:id/users`). */
export function uploadRoute(app: FastifyInstance, env: Env, path: string, spec: UploadSpec): void {
  // The body limit is checked by the handler, so the answer can name it.
  app.post<EntityRoute>(path, { bodyLimit: LIMITS.audienceUpload.bodyBytes * 2 }, async (req) => {
    const bytes = Number(req.headers["content-length"] ?? Buffer.byteLength(JSON.stringify(req.body ?? null)));
    if (bytes > LIMITS.audienceUpload.bodyBytes) {
      throw ApiError.of(413, "INVALID_PARAMETER", `the request body must be at most ${LIMITS.audienceUpload.bodyBytes} bytes, got ${bytes}`, "body");
    }
    const ctx = resourceContext(app, env, req);
    const { id } = req.params;
    found<StoredEntity>(ctx.account.collection(spec.collection).get(id), spec.noun, id);
    const now = ctx.clock();
    const changes = parseUpload(req.body, spec, now);
    const shortBy = Math.min(req.api?.shortCount?.shortBy ?? (req.api?.shortCount ? 1 : 0), changes.length);
    const applied = changes.slice(0, changes.length - shortBy);
    const set = memberSet(ctx.account, spec.collection, id);
    for (const change of applied) {
      if (change.type === "Delete") set.delete(memberKey(change.user));
      else set.set(memberKey(change.user), { user: change.user, effective_at: change.effectiveAt, expires_at: change.expiresAt });
    }
    // The counts are of users ("records"), not of operation objects (reference example: 2 operations of 2 users, total_count 4).
    const counts = (of: (change: Change) => boolean) => ({ success_count: applied.filter(of).length, total_count: changes.filter(of).length });
    const items = [...new Set(changes.map((change) => change.item))];
    return { request: batchEcho(req as FastifyRequest), data: spec.countsPerItem ? items.map((i) => counts((change) => change.item === i)) : counts(() => true) };
  });
}

/** One user's change: the user of an operation object (an upload item), with the item's type and times. */
interface Change {
  /** The upload item it is a user of. */
  item: number;
  type: Item["operation_type"];
  user: Record<string, string[]>;
  effectiveAt: string;
  expiresAt: string;
}

/** Every user of the upload, with its operation's type and times; throws the first problem, naming the parameter and the limit. */
function parseUpload(body: unknown, spec: UploadSpec, now: number): Change[] {
  // The operation objects are the batch's items: their count is the batch size, as on every batch endpoint.
  const items = batchItems(body, LIMITS.audienceUpload.operationsPerRequest).map((item) => parseParams(itemSchema, item));
  const out: Change[] = [];
  items.forEach((item, i) => {
    const { effective_at, expires_at, users, ...other } = item.params;
    const unknown = Object.keys(other)[0];
    if (unknown) throw ApiError.invalid(unknown, `[${i}].params.${unknown} is not a parameter of ${spec.noun} user uploads`);
    if (effective_at !== undefined && !spec.effectiveAt) {
      throw ApiError.invalid("effective_at", `[${i}].params.effective_at is not accepted: ${spec.noun} users take effect at once`);
    }
    const { effectiveAt, expiresAt } = window(i, spec, now, effective_at, expires_at);
    users.forEach((user, j) => out.push({ item: i, type: item.operation_type, user: userObject(user, `[${i}].params.users[${j}]`, spec), effectiveAt, expiresAt }));
  });
  return out;
}

/** ref audiences/reference.mdx, POST custom_audiences/:id/users: expires_at later than effective_at (or now), at most 13 months; default 13 months. */
function window(i: number, spec: UploadSpec, now: number, effectiveAt?: string, expiresAt?: string): { effectiveAt: string; expiresAt: string } {
  const months = LIMITS.audienceUpload.expiryMonths;
  const from = effectiveAt === undefined ? now : Date.parse(effectiveAt);
  const latest = addMonths(from, months);
  const expires = expiresAt === undefined ? latest : Date.parse(expiresAt);
  const after = spec.effectiveAt ? "effective_at" : "now";
  if (expires <= from) {
    throw ApiError.invalid("expires_at", `[${i}].params.expires_at must be later than ${after} (${isoTime(from)}), got ${expiresAt}`);
  }
  if (expires > latest) {
    throw ApiError.invalid("expires_at", `[${i}].params.expires_at must be at most ${months} months after ${after} (${isoTime(latest)}), got ${expiresAt}`);
  }
  return { effectiveAt: isoTime(from), expiresAt: isoTime(expires) };
}

/**
 * `months` calendar months after the instant `ms` (UTC, the time of day
 * kept), the unit of the 13-month expiry (ref audiences/reference.mdx, `expires_at`). The day is clamped
 * to the target month's length: Jan 31 plus one month is the last day of February.
 */
export function addMonths(ms: number, months: number): number {
  const t = new Date(ms);
  const year = t.getUTCFullYear();
  const month = t.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(t.getUTCDate(), lastDay), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds(), t.getUTCMilliseconds());
}

/** A user object: known fields, arrays of strings, hashed where the reference says so. Values never appear in messages. */
function userObject(user: Record<string, unknown>, at: string, spec: UploadSpec): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(user)) {
    if (!spec.fields.includes(k)) throw ApiError.invalid("users", `${at}.${k} is not a user field of ${spec.noun} uploads (${spec.fields.join(", ")})`);
    if (!Array.isArray(v) || v.length === 0 || !v.every((s) => typeof s === "string" && s !== "")) {
      throw ApiError.invalid("users", `${at}.${k} must be a non-empty array of strings`);
    }
    const hashed = !(ENUMS.unhashedUserFields as readonly string[]).includes(k);
    if (hashed && !v.every((s) => HASH.test(s))) {
      throw ApiError.invalid("users", `${at}.${k} must hold SHA-256 hashes of normalized values (64 lowercase hex characters)`);
    }
    out[k] = v as string[];
  }
  if (Object.keys(out).length === 0) throw ApiError.invalid("users", `${at} must carry at least one identifier (${spec.fields.join(", ")})`);
  return out;
}
