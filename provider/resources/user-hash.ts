/**
 * Normalization and SHA-256 hashing of audience members' identifiers (ref
 * audiences/reference.mdx, POST custom_audiences/:id/users), alone in a
 * module that needs nothing but node:crypto: both SDKs (the dynamic classes
 * and pulumi-xads/native, through sdk/program-secrets.ts) hash in the user's
 * program, so raw identifiers never reach the engine, and the native SDK
 * loads no provider code with it. ./audience-users.ts validates, plans and
 * uploads the hashed lists.
 */
import { createHash } from "node:crypto";

// --------------------------------------------------------------- fields ---

export interface FieldRule {
  /** Its key in an upload, where it is not the snake_case of its name. */
  wire?: string;
  /** The real platform's normalization (developer.x.com, "Custom Audiences User Data"). */
  normalize: (raw: string) => string;
  /** What a normalized value must look like; `what` names it in messages. */
  valid: RegExp;
  what: string;
  /** All but partner_user_id are hashed (ref audiences/reference.mdx, POST custom_audiences/:id/users). */
  hashed: boolean;
}

const lowerTrim = (s: string) => s.trim().toLowerCase();

/** Every user field (SDK names; wire names are their snake_case). */
export const USER_FIELDS = {
  // Lower-cased, leading and trailing spaces removed.
  email: { normalize: lowerTrim, valid: /^[^\s@]+@[^\s@]+$/, what: "an e-mail address", hashed: true },
  // IDFA lower-cased with dashes; AdID and Android id in their original (lower-case) form.
  deviceId: { normalize: lowerTrim, valid: /^[0-9a-z-]+$/, what: "a device id (IDFA, AdID or Android id)", hashed: true },
  // No @, lower-cased, trimmed.
  handle: { normalize: (s) => lowerTrim(s).replace(/^@/, ""), valid: /^[a-z0-9_]{1,15}$/, what: "a handle (1 to 15 letters, digits or _)", hashed: true },
  // The platform user id as a standard integer (the SDKs' platform_id); the platform's upload key is
  // twitter_id (ref audiences/reference.mdx and tests/conformance corpus, POST custom_audiences/:id/users), which it is sent as.
  platformId: { wire: "twitter_id", normalize: (s) => s.trim(), valid: /^\d+$/, what: "a platform user id (decimal digits)", hashed: true },
  // E.164 digits: country code and number, without "+", spaces, symbols or
  // an international 00 prefix (the published list-upload format, e.g. 14155552671).
  phoneNumber: { normalize: (s) => s.replace(/\D/g, "").replace(/^0+/, ""), valid: /^[1-9]\d{6,14}$/, what: "a phone number with its country code (7 to 15 digits, E.164)", hashed: true },
  // Sent as given (ref audiences/reference.mdx, POST custom_audiences/:id/users: the one field that is not hashed).
  partnerUserId: { normalize: (s) => s, valid: /^[\s\S]+$/, what: "a non-empty partner user id", hashed: false },
} as const satisfies Record<string, FieldRule>;

export type UserField = keyof typeof USER_FIELDS;
/** One user: identifiers by type, each an array (ref audiences/reference.mdx, POST custom_audiences/:id/users). */
export type User = Partial<Record<UserField, string[]>>;

export const CUSTOM_AUDIENCE_USER_FIELDS = ["email", "deviceId", "handle", "platformId", "phoneNumber", "partnerUserId"] as const satisfies readonly UserField[];
export const DO_NOT_REACH_USER_FIELDS = ["email", "phoneNumber"] as const satisfies readonly UserField[];

// -------------------------------------------------------------- hashing ---

/** Thrown by hashUsers; names the position and the rule, never the value. */
export class UserListError extends Error {
  override readonly name = "UserListError";
}

const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

/**
 * Normalizes and hashes raw identifiers (the SDK calls this in the user's
 * program, before anything reaches the Pulumi engine). A value that already
 * is a SHA-256 hash (64 hex characters, which no raw e-mail, phone number,
 * handle, user id or device id is) is kept, lower-cased: pre-hashed lists
 * work too. The same user twice is kept once.
 */
export function hashUsers(users: readonly User[], fields: readonly UserField[], where: string): User[] {
  if (!Array.isArray(users)) throw new UserListError(`${where}: users must be a list of user objects`);
  const out = new Map<string, User>();
  users.forEach((user, i) => {
    if (user === null || typeof user !== "object" || Array.isArray(user)) throw new UserListError(`${where}: users[${i}] must be an object of identifier arrays`);
    const hashed: User = {};
    for (const [key, values] of Object.entries(user)) {
      if (values === undefined) continue;
      const field = key as UserField;
      if (!fields.includes(field)) throw new UserListError(`${where}: users[${i}].${key} is not a user field here (${fields.join(", ")})`);
      if (!Array.isArray(values)) throw new UserListError(`${where}: users[${i}].${key} must be an array of strings`);
      const rule: FieldRule = USER_FIELDS[field];
      hashed[field] = [...new Set(values.map((raw, j) => {
        const at = `users[${i}].${key}[${j}]`;
        if (typeof raw !== "string") throw new UserListError(`${where}: ${at} must be a string`);
        if (rule.hashed && /^[0-9a-fA-F]{64}$/.test(raw.trim())) return raw.trim().toLowerCase();
        const normalized = rule.normalize(raw);
        if (!rule.valid.test(normalized)) throw new UserListError(`${where}: ${at} is not ${rule.what} once normalized`);
        return rule.hashed ? sha256(normalized) : normalized;
      }))];
    }
    if (Object.keys(hashed).length === 0) throw new UserListError(`${where}: users[${i}] has no identifier (${fields.join(", ")})`);
    const key = userKey(hashed);
    if (!out.has(key)) out.set(key, hashed);
  });
  return [...out.values()];
}

/** A user's identity in a set: fields in a fixed order, values sorted. */
export function userKey(user: User): string {
  return JSON.stringify((Object.keys(USER_FIELDS) as UserField[]).filter((f) => user[f]?.length).map((f) => [f, [...user[f]!].sort()]));
}
