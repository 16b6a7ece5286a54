/**
 * The user lists of custom audiences and of the do-not-reach list (ref
 * audiences/reference.mdx, Custom Audiences Users and Do Not Reach Lists), one engine for both member kinds:
 *
 * - normalization and SHA-256 hashing of identifiers (`hashUsers`, in
 *   ./user-hash.ts: the SDKs run it in the user's program, so raw
 *   identifiers never reach the engine, the state or a log);
 * - validation of the hashed list in check, with messages that never carry
 *   a value;
 * - the plan (users added and removed, as counts for the preview);
 * - chunks of at most 2,500 operation objects (any number of users each)
 *   and 5,000,000 bytes, sent at most 1,500 a minute (the client's
 *   rate-limit windows), each retried until the platform answers
 *   `success_count == total_count == sent`;
 * - `memberListResource`, the declaration both member resources share.
 */
import { z } from "zod";
import { AdsClient, BatchItem, Entity } from "../client/client";
import { Backoff, backoffMs } from "../client/retry";
import { MaybeCommittedError, NotFoundError } from "../client/errors";
import { LIMITS, monthsAfter } from "../limits";
import { toSnake } from "../names";
import { entityId, isoTime } from "./common";
import { InputsSchema } from "./declaration";
import { ResourceDefinition, defineResource } from "./define";
import { field } from "./fields";
import { CheckFailure, containsUnknown, Context, UNKNOWN } from "./framework";
import {
  CUSTOM_AUDIENCE_USER_FIELDS, DO_NOT_REACH_USER_FIELDS, FieldRule, hashUsers, User, USER_FIELDS, UserField, UserListError, userKey,
} from "./user-hash";

export { CUSTOM_AUDIENCE_USER_FIELDS, DO_NOT_REACH_USER_FIELDS, hashUsers, USER_FIELDS, UserListError, userKey };
export type { User, UserField };

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** A zod schema of a hashed user with these fields, for schemas and docs. */
export function hashedUserSchema(fields: readonly UserField[]) {
  return z.strictObject(Object.fromEntries(fields.map((f) => [f, z.array(z.string()).optional()
    .describe(USER_FIELDS[f].hashed ? `SHA-256 hashes (64 lowercase hex) of normalized values: ${USER_FIELDS[f].what}` : "As given, not hashed.")])));
}

/**
 * Check of the hashed list the engine receives. Messages name the position
 * and the rule, never the value (it might be a raw identifier sent around
 * the SDK). At most a few failures are listed.
 */
export function checkUsers(value: unknown, fields: readonly UserField[]): CheckFailure[] {
  if (value === undefined) return [{ property: "users", reason: "users is required" }];
  if (containsUnknown(value)) return [];
  if (!Array.isArray(value)) return [{ property: "users", reason: "users must be a list of user objects" }];
  const failures: CheckFailure[] = [];
  const fail = (property: string, reason: string) => failures.push({ property, reason: `${property} ${reason}` });
  for (let i = 0; i < value.length && failures.length < 5; i++) {
    const user = value[i] as Record<string, unknown>;
    if (user === null || typeof user !== "object" || Array.isArray(user)) { fail(`users[${i}]`, "must be an object of identifier arrays"); continue; }
    const keys = Object.keys(user).filter((k) => user[k] !== undefined);
    if (keys.length === 0) fail(`users[${i}]`, `must carry at least one identifier (${fields.join(", ")})`);
    for (const key of keys) {
      const values = user[key];
      const at = `users[${i}].${key}`;
      if (!(fields as readonly string[]).includes(key)) { fail(at, `is not a user field here (${fields.join(", ")})`); continue; }
      if (!Array.isArray(values) || values.length === 0 || !values.every((v) => typeof v === "string" && v !== "")) { fail(at, "must be a non-empty array of non-empty strings"); continue; }
      if (USER_FIELDS[key as UserField].hashed && !values.every((v) => SHA256_HEX.test(v as string))) {
        fail(at, "must hold SHA-256 hashes of normalized values (64 lowercase hex characters); the SDK classes hash raw identifiers in the program");
      }
    }
  }
  return failures;
}

// ----------------------------------------------------------------- plan ---

export interface MemberPlan {
  added: User[];
  removed: User[];
}

/** Users to add and to remove to go from `olds` to `news` (sets). */
export function planMembers(olds: readonly User[] | undefined, news: readonly User[]): MemberPlan {
  const before = new Map((olds ?? []).map((u) => [userKey(u), u]));
  const after = new Map(news.map((u) => [userKey(u), u]));
  return {
    added: [...after].filter(([k]) => !before.has(k)).map(([, u]) => u),
    removed: [...before].filter(([k]) => !after.has(k)).map(([, u]) => u),
  };
}

/** What the preview shows instead of identifiers: `+6000 -0 (6000 members)`. */
export function describePlan(plan: MemberPlan, total: number): string {
  return `+${plan.added.length} -${plan.removed.length} (${total} members)`;
}

export function sameMembers(a: readonly User[] | undefined, b: readonly User[] | undefined): boolean {
  const plan = planMembers(a, b ?? []);
  return plan.added.length === 0 && plan.removed.length === 0;
}

// --------------------------------------------------------------- chunks ---

export interface UploadOperation {
  type: "Update" | "Delete";
  users: readonly User[];
}

export interface UploadTimes {
  effective_at?: string;
  expires_at?: string;
}

export interface ChunkLimits {
  operations: number;
  bytes: number;
}

/**
 * The platform's limits per request: operation objects and
 * bytes. It counts `{operation_type, params}` objects, not users: "The batch
 * size is determined by the number of operations (Update/Delete) per request"
 * (xdevplatform/docs x-ads-api/audiences/reference.mdx, POST
 * custom_audiences/:id/users), and "There are no limits on the number of users
 * that can be sent in a single payload" (x-ads-api/audiences.mdx, Rate Limiting).
 */
export const UPLOAD_LIMITS: ChunkLimits = { operations: LIMITS.audienceUpload.operationsPerRequest, bytes: LIMITS.audienceUpload.bodyBytes };

/**
 * Request bodies for these operations, in order: each operation's users go
 * into one operation object per request, as many as the bytes allow; a
 * request takes the next operation's object while it has room for it, up to
 * `operations` objects and `bytes` bytes (as JSON.stringify writes the body).
 * Every user is in exactly one request. Deletes carry no times. Pure, so the
 * limits are unit-tested.
 */
export function chunkUploads(ops: readonly UploadOperation[], times: UploadTimes, limits: ChunkLimits = UPLOAD_LIMITS): BatchItem[][] {
  const chunks: BatchItem[][] = [];
  const EMPTY = 2; // "[]"
  let chunk: BatchItem[] = [];
  let bytes = EMPTY;
  const close = () => {
    if (chunk.length > 0) chunks.push(chunk);
    chunk = [];
    bytes = EMPTY;
  };
  for (const op of ops) {
    const extra = op.type === "Update" ? times : {};
    // The object without users; each user adds its JSON, and a comma after the first.
    const skeleton = Buffer.byteLength(JSON.stringify({ operation_type: op.type, params: { users: [], ...extra } }));
    let users: unknown[] | undefined;
    for (const user of op.users) {
      const wire = userOnWire(user);
      const size = Buffer.byteLength(JSON.stringify(wire));
      if (EMPTY + skeleton + size > limits.bytes) throw new Error(`a user object is larger than the ${limits.bytes}-byte request limit`);
      if (users !== undefined && bytes + 1 + size <= limits.bytes) {
        users.push(wire);
        bytes += 1 + size;
        continue;
      }
      // A new object for this operation: in this request while it has room, else in the next.
      const comma = () => (chunk.length > 0 ? 1 : 0);
      if (chunk.length >= limits.operations || bytes + comma() + skeleton + size > limits.bytes) close();
      bytes += comma() + skeleton + size;
      users = [wire];
      chunk.push({ operation_type: op.type, params: { users, ...extra } });
    }
  }
  close();
  return chunks;
}

/** A user as an upload sends it: each identifier under its wire key. */
function userOnWire(user: User): Record<string, string[]> {
  return Object.fromEntries(Object.entries(user).map(([k, v]) => [(USER_FIELDS[k as UserField] as FieldRule).wire ?? toSnake(k), v as string[]]));
}

const usersIn = (chunk: BatchItem[]) => chunk.reduce((n, item) => n + (item.params.users as unknown[]).length, 0);

interface UploadCounts { success_count?: number; total_count?: number }

/**
 * The counts of an upload's answer: one object (custom audiences), or one
 * per operation (the do-not-reach batch path, tests/conformance corpus),
 * added up.
 */
export function uploadCounts(answer: UploadCounts | UploadCounts[]): UploadCounts {
  if (!Array.isArray(answer)) return answer;
  const sum = (k: keyof UploadCounts) => (answer.every((a) => typeof a[k] === "number") ? answer.reduce((n, a) => n + a[k]!, 0) : undefined);
  return { success_count: sum("success_count"), total_count: sum("total_count") };
}

export const MAX_CHUNK_ATTEMPTS = 5;

/** Waits between the sends of a chunk the platform did not fully accept: up to 0.5, 1, 2 and 4 s, at least half of each (backoffMs). */
export const UPLOAD_BACKOFF: Backoff = { baseMs: 250, capMs: 10_000 };

export interface UploadOptions {
  /** Progress lines; the provider's stderr (shown by the Pulumi CLI) by default. */
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Sends the chunks (the client's queue runs a few at once and keeps under
 * 1,500 calls a minute). A chunk counts when the platform answers
 * success_count == total_count == users sent (ref audiences/reference.mdx, POST custom_audiences/:id/users); otherwise, or
 * when no answer came, it is sent again: Update and Delete of a set are
 * idempotent, so a resent chunk never duplicates a member. Logs
 * `uploaded n/N chunks` as chunks complete.
 */
export async function uploadChunks(client: AdsClient, path: string, chunks: BatchItem[][], what: string, options: UploadOptions = {}): Promise<void> {
  const log = options.log ?? ((line: string) => process.stderr.write(line + "\n"));
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const totalUsers = chunks.reduce((n, c) => n + usersIn(c), 0);
  let done = 0;
  let usersDone = 0;
  await Promise.all(chunks.map(async (chunk, index) => {
    const sent = usersIn(chunk);
    let problem = "";
    for (let attempt = 0; attempt < MAX_CHUNK_ATTEMPTS; attempt++) {
      if (attempt > 0) await sleep(backoffMs(attempt, { ...UPLOAD_BACKOFF, random: options.random }));
      try {
        const counts = uploadCounts(await client.post<UploadCounts | UploadCounts[]>(path, undefined, chunk));
        if (counts.success_count === sent && counts.total_count === sent) {
          done++;
          usersDone += sent;
          log(`${what}: uploaded ${done}/${chunks.length} chunks (${usersDone} of ${totalUsers} users)`);
          return;
        }
        problem = `success_count ${counts.success_count} and total_count ${counts.total_count} for ${sent} users sent`;
      } catch (err) {
        if (!(err instanceof MaybeCommittedError)) throw err;
        problem = err.message;
      }
      log(`${what}: chunk ${index + 1}/${chunks.length} not fully accepted (${problem}); sending it again`);
    }
    throw new Error(`${what}: chunk ${index + 1}/${chunks.length} was not fully accepted after ${MAX_CHUNK_ATTEMPTS} attempts (${problem}); run pulumi up again (uploads are idempotent)`);
  }));
}

// ------------------------------------------------------------- resource ---

export interface MemberInputs {
  accountId: string;
  users: User[];
  effectiveAt?: string;
  expiresAt?: string;
  [parent: string]: unknown;
}

export type MemberOutputs = MemberInputs & { memberCount?: number; memberChanges?: string };

export interface MemberListSpec {
  kind: string;
  /** e.g. "custom audience" */
  noun: string;
  /** The input naming the audience or list, e.g. `customAudienceId`. */
  parentField: string;
  fields: readonly UserField[];
  /** Custom audiences take effectiveAt; the do-not-reach list has none (always now). */
  effectiveAt: boolean;
  /** Its `.describe()` is the kind's description. */
  inputs: InputsSchema<MemberInputs>;
  usersPath: (accountId: string, parentId: string) => string;
  /** The live audience or list, undefined when it is gone. */
  readParent: (ctx: Context, accountId: string, parentId: string) => Promise<Entity | undefined>;
}

/** The audience or list the users belong to: in the upload's path, never a field of a user. */
export const memberParent = (description: string) => field(entityId.describe(description), { createOnly: true, inPath: true });

/**
 * The hashed users: secret (a hashed e-mail can be guessed back from a list
 * of e-mails), never read back (the platform cannot list an audience's
 * users), and a set: the same users in another order are no change.
 */
export const memberUsers = (fields: readonly UserField[], description: string) =>
  field(z.array(hashedUserSchema(fields)).describe(description), {
    secret: true, writeOnly: true, same: (a, b) => sameMembers(a as User[] | undefined, b as User[] | undefined),
  });

/** The times of an upload: sent with the users, never read back. */
export const memberTime = (description: string) => field(isoTime.optional().describe(description), { writeOnly: true });

export const MEMBER_OUTPUTS = {
  memberCount: z.number().describe("How many users the list holds (after hashing, duplicates removed)."),
  memberChanges: z.string().describe("The last planned change as counts, `+added -removed (total members)`: what the preview shows instead of identifiers."),
};

/**
 * Expiry rules (ref audiences/reference.mdx, `effective_at`, `expires_at`), checked when something will be
 * uploaded: expiresAt later than effectiveAt (custom audiences) or now, and
 * at most 13 months after it.
 */
export function expiryFailures(inputs: { effectiveAt?: string; expiresAt?: string }, effectiveAt: boolean, nowMs = Date.now()): CheckFailure[] {
  if (inputs.expiresAt === undefined) return [];
  const months = LIMITS.audienceUpload.expiryMonths;
  const fromEffective = effectiveAt && inputs.effectiveAt !== undefined;
  const from = fromEffective ? Date.parse(inputs.effectiveAt!) : nowMs;
  const after = fromEffective ? `effectiveAt (${inputs.effectiveAt})` : `now (${new Date(nowMs).toISOString()})`;
  const expires = Date.parse(inputs.expiresAt);
  const latest = monthsAfter(from, months);
  if (expires <= from) return [{ property: "expiresAt", reason: `expiresAt must be later than ${after} (got ${inputs.expiresAt})` }];
  if (expires > latest) {
    return [{ property: "expiresAt", reason: `expiresAt must be at most ${months} months after ${after}: at the latest ${new Date(latest).toISOString()} (got ${inputs.expiresAt})` }];
  }
  return [];
}

/** Whether the inputs upload anything: a new list, other users, or new times (which apply to every member). */
function uploads(olds: Partial<MemberInputs>, news: MemberInputs): boolean {
  return Object.keys(olds).length === 0 || !sameMembers(olds.users, news.users) || olds.effectiveAt !== news.effectiveAt || olds.expiresAt !== news.expiresAt;
}

/** The declaration both member kinds share; `spec` says what differs. */
export function memberListResource(spec: MemberListSpec): ResourceDefinition<MemberInputs, MemberOutputs> {
  const parentOf = (p: Partial<MemberInputs>) => String(p[spec.parentField]);
  const what = (p: Partial<MemberInputs>) => `${spec.noun} ${parentOf(p)} (account ${p.accountId})`;

  async function upload(ctx: Context, inputs: MemberInputs, ops: UploadOperation[]): Promise<void> {
    const times: UploadTimes = { effective_at: spec.effectiveAt ? inputs.effectiveAt : undefined, expires_at: inputs.expiresAt };
    const chunks = chunkUploads(ops.filter((o) => o.users.length > 0), JSON.parse(JSON.stringify(times)) as UploadTimes);
    if (chunks.length > 0) await uploadChunks(ctx.client, spec.usersPath(inputs.accountId, parentOf(inputs)), chunks, what(inputs));
  }

  return defineResource<MemberInputs, MemberOutputs>(spec.kind, spec.inputs, {
    noun: `${spec.noun} users`,
    // The platform's record has no created_at.
    timestamps: false,
    outputs: MEMBER_OUTPUTS,
    describe: what,
    path: (p) => spec.usersPath(p.accountId, parentOf(p)),
    // The platform cannot list an audience's users: what was uploaded is
    // what the state says, for as long as the audience or list lives.
    find: (ctx, p, id) => spec.readParent(ctx, p.accountId, String(p[spec.parentField] ?? id)),
    outputsFrom: (outs, declared) => ({
      ...outs,
      memberCount: declared.users?.length ?? 0,
      ...((declared as MemberOutputs).memberChanges !== undefined ? { memberChanges: (declared as MemberOutputs).memberChanges } : {}),
    }),
    overrides: (standard) => ({
      check(olds, news, env) {
        const userFailures = checkUsers(news.users, spec.fields);
        // A bad list is kept out of the result: it may hold raw identifiers.
        const result = standard.check(olds, { ...news, users: userFailures.length > 0 ? [] : news.users }, env);
        const inputs = result.inputs as MemberOutputs | undefined;
        // Expiry is checked when something will be uploaded, once the users and times are known and valid.
        const timed = ["users", "effectiveAt", "expiresAt"];
        const readable = inputs && userFailures.length === 0 && !timed.some((f) => containsUnknown(inputs[f]))
          && !(result.failures ?? []).some((f) => timed.includes(f.property));
        const failures = [...userFailures, ...(result.failures ?? []), ...(readable && uploads(olds, inputs) ? expiryFailures(inputs, spec.effectiveAt) : [])];
        if (failures.length === 0 && inputs) {
          inputs.memberChanges = containsUnknown(inputs.users) ? UNKNOWN : describePlan(planMembers(olds.users, inputs.users), inputs.users.length);
        }
        return failures.length > 0 ? { inputs, failures } : { inputs };
      },

      async create(ctx, inputs) {
        if (!(await standard.find(ctx, inputs, parentOf(inputs)))) throw new Error(`${what(inputs)} was not found, or is deleted`);
        await upload(ctx, inputs, [{ type: "Update", users: inputs.users }]);
        return { id: parentOf(inputs), outs: standard.outputs(inputs, {} as Entity) };
      },

      async update(ctx, _id, olds, news) {
        const plan = planMembers(olds.users, news.users);
        const timesChanged = olds.effectiveAt !== news.effectiveAt || olds.expiresAt !== news.expiresAt;
        // New times apply to every member: all of them are sent again.
        await upload(ctx, news, [{ type: "Delete", users: plan.removed }, { type: "Update", users: timesChanged ? news.users : plan.added }]);
        return standard.outputs(news, {} as Entity);
      },

      async delete(ctx, _id, props) {
        try {
          await upload(ctx, props, [{ type: "Delete", users: props.users ?? [] }]);
        } catch (err) {
          // The audience or list is gone, and its users with it.
          if (!(err instanceof NotFoundError)) throw err;
        }
      },
    }),
  });
}
