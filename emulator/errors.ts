/**
 * The platform's errors. Every failure a handler or hook can produce is an
 * ApiError (or a BatchError for item-level batch failures); app.ts renders
 * both in one place as `{ errors: [{code, message, parameter?}], request }`.
 */

export interface PlatformError {
  /** A name on the Ads API (`NOT_FOUND`); a number on the authorization endpoints (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx: 89, 99, 220). */
  code: string | number;
  message: string;
  parameter?: string;
  /** The real platform: the value refused and the reason in short, where a parameter's value is refused. */
  value?: string;
  details?: string;
  label?: string;
}

/** The codes the emulator answers with (README "Envelopes and errors"). */
export type ErrorCode =
  | "INVALID_PARAMETER"
  | "MISSING_PARAMETER"
  | "NOT_FOUND"
  | "UNAUTHORIZED_ACCESS"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  // ref fundamentals/error-codes-and-responses.mdx (400): more ACTIVE campaigns, or line items, than the account's limit.
  | "TOO_MANY_CAMPAIGNS"
  | "TOO_MANY_LINE_ITEMS"
  | NotFoundCode
  // ref fundamentals/error-codes-and-responses.mdx: an account the user cannot reach (403), a path the platform has no endpoint at (404).
  | "ACCOUNT_NOT_FOUND"
  | "ROUTE_NOT_FOUND"
  // The real platform answers a method an endpoint lacks with 405.
  | "METHOD_NOT_ALLOWED"
  | "INTERNAL_ERROR"
  // ref campaign-management/reference.mdx, POST promoted_accounts: on a line item not configured for promoted accounts.
  | "INCOMPATIBLE_LINE_ITEM"
  // ref campaign-management/reference.mdx, DELETE scheduled_promoted_tweets: only before its
  // scheduled Tweet's scheduled_at. The reference names no code: named here.
  | "SCHEDULED_TIME_PASSED"
  // The real platform answers 403 with this code when the user's access does not allow the request.
  | "INSUFFICIENT_USER_AUTHORIZED_PERMISSION"
  // ref audiences/reference.mdx, Custom Audience Permissions: only the account that owns an audience may share it. The reference names no code: named here, 403.
  | "AUDIENCE_NOT_OWNED"
  // ref audiences/reference.mdx, Custom Audience Permissions: sharing outside the owner's business needs SHARE_AUDIENCE_OUTSIDE_BUSINESS. The reference names no code: named here, 403.
  | "AUDIENCE_SHARING_OUTSIDE_BUSINESS"
  // ref fundamentals/error-codes-and-responses.mdx lists it (403); the platform answers it to an application not
  // allow-listed for the Ads API. Here: GET account_history of an account not allow-listed for the beta.
  | "UNAUTHORIZED_CLIENT_APPLICATION";

/**
 * The 404 codes of ref fundamentals/error-codes-and-responses.mdx that name
 * an entity kind, by the emulator's noun of the kind (ResourceSpec `noun`):
 * an entity of these kinds that is not there (or deleted) is answered with
 * its kind's code; other kinds, which the table names no code for, with
 * NOT_FOUND (also in its table).
 */
export const NOT_FOUND_CODES = {
  campaign: "CAMPAIGN_NOT_FOUND",
  "line item": "LINE_ITEM_NOT_FOUND",
  card: "CARD_NOT_FOUND",
  "funding instrument": "FUNDING_INSTRUMENT_NOT_FOUND",
  "media creative": "MEDIA_CREATIVE_NOT_FOUND",
  "account media": "ACCOUNT_MEDIA_NOT_FOUND",
  "promoted account": "PROMOTED_ACCOUNT_NOT_FOUND",
  "promoted Tweet": "PROMOTED_TWEET_NOT_FOUND",
  "targeting criterion": "TARGETING_CRITERION_NOT_FOUND",
  Tweet: "TWEET_NOT_FOUND",
} as const;
type NotFoundCode = (typeof NOT_FOUND_CODES)[keyof typeof NOT_FOUND_CODES];

/** The 404 code of an entity of this noun that is not there (NOT_FOUND_CODES). */
export function notFoundCode(noun: string): ErrorCode {
  return (NOT_FOUND_CODES as Record<string, NotFoundCode>)[noun] ?? "NOT_FOUND";
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: PlatformError[],
    /** Extra response headers, e.g. the rate-limit window of a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => e.message).join("; "));
  }

  static of(status: number, code: ErrorCode, message: string, parameter?: string): ApiError {
    return new ApiError(status, [parameter === undefined ? { code, message } : { code, message, parameter }]);
  }

  static invalid(parameter: string, message: string): ApiError {
    return ApiError.of(400, "INVALID_PARAMETER", message, parameter);
  }

  static missing(parameter: string, message = `${parameter} is required`): ApiError {
    return ApiError.of(400, "MISSING_PARAMETER", message, parameter);
  }

  static notFound(message: string, code: ErrorCode = "NOT_FOUND"): ApiError {
    return ApiError.of(404, code, message);
  }

  /** The numbered errors of the authorization reference (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx), exactly as worded there. */
  static auth(code: AuthErrorCode): ApiError {
    const e = AUTH_ERRORS[code];
    return new ApiError(e.status, [e.label ? { code, message: e.message, label: e.label } : { code, message: e.message }]);
  }

  static unauthorized(reason: string): ApiError {
    // The real platform's wording, plus the reason: it never names a secret.
    return ApiError.of(401, "UNAUTHORIZED_ACCESS", `This request is not properly authenticated: ${reason}`);
  }
}

/**
 * The numbered codes of the authorization reference (xdevplatform/docs fundamentals/authentication/oauth-2-0/application-only.mdx),
 * plus 32, which it does not show.
 */
export type AuthErrorCode = 32 | 89 | 99 | 220;

export const AUTH_ERRORS: Record<AuthErrorCode, { status: number; message: string; label?: string }> = {
  // The real platform answers 401 code 32 "Could not authenticate you" when an OAuth step fails (a wrong oauth_verifier).
  32: { status: 401, message: "Could not authenticate you" },
  89: { status: 401, message: "Invalid or expired token" },
  99: { status: 403, message: "Unable to verify your credentials", label: "authenticity_token_error" },
  220: { status: 403, message: "Your credentials do not allow access to this resource" },
};

/**
 * Item-level failures of a batch (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns): one array of errors per
 * input item, by index, empty for the items that were fine.
 */
export class BatchError extends Error {
  constructor(readonly operationErrors: PlatformError[][]) {
    super(`${operationErrors.filter((e) => e.length > 0).length} batch items failed`);
  }
}

/** The code of an error produced from a bare HTTP status (faults, fastify's own errors). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401: return "UNAUTHORIZED_ACCESS";
    case 404: return "NOT_FOUND";
    case 429: return "TOO_MANY_REQUESTS";
    case 503: return "SERVICE_UNAVAILABLE";
    default: return status < 500 ? "INVALID_PARAMETER" : "INTERNAL_ERROR";
  }
}
