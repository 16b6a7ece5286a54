/**
 * What a request path means to the cross-cutting hooks (auth, rate limits,
 * request log, faults): which environment, the path relative to that
 * environment's base, the endpoint family rate limits count in, and the
 * account it is scoped to.
 */
import { Env } from "./store";

export const SANDBOX_PREFIX = "/sandbox";

export interface ApiPath {
  env: Env;
  /** Relative to the environment's base, without query: `/12/accounts/x/campaigns`. */
  path: string;
  /**
   * The rate-limit family: the collection below the account (`campaigns`,
   * `line_items`), `accounts` for the accounts themselves, the path outside
   * accounts (`content_categories`, `line_items/placements`), `batch_<name>`
   * for batch endpoints. rate-limit.ts says which window each counts in.
   */
  family: string;
  accountId?: string;
}

/** The rate-limit family of the audience and do-not-reach user uploads (ref fundamentals/rate-limiting.mdx, "Audience"). */
export const USER_UPLOAD_FAMILIES: Readonly<Record<string, string>> = {
  custom_audiences: "custom_audience_users",
  do_not_reach_lists: "do_not_reach_list_users",
};

/** The API meaning of a URL, or undefined if it is not a /12 or /5 endpoint. */
export function describeApiPath(url: string): ApiPath | undefined {
  const pathname = url.split("?")[0];
  const sandbox = pathname === SANDBOX_PREFIX || pathname.startsWith(`${SANDBOX_PREFIX}/`);
  const path = sandbox ? pathname.slice(SANDBOX_PREFIX.length) : pathname;
  const segments = path.split("/").filter(Boolean);
  if (segments[0] !== "12" && segments[0] !== "5") return undefined;
  let rest = segments.slice(1);
  const batch = rest[0] === "batch";
  if (batch) rest = rest.slice(1);
  // Outside an account, the endpoint is the whole path (GET line_items/placements is not line items).
  let family = rest.length > 0 ? rest.join("/") : "root";
  let accountId: string | undefined;
  if (rest[0] === "accounts" && rest[1] !== undefined) {
    accountId = safeDecode(rest[1]);
    family = rest[2] ?? "accounts";
    // User uploads have a limit of their own (ref fundamentals/rate-limiting.mdx: 1,500 a minute).
    if (rest[4] === "users" && USER_UPLOAD_FAMILIES[family]) family = USER_UPLOAD_FAMILIES[family];
  }
  return { env: sandbox ? "sandbox" : "production", path, family: batch ? `batch_${family}` : family, accountId };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
