/**
 * One error family for everything the Ads API (or the way to it) can answer.
 * Every error carries the request it belongs to (`METHOD path`, never the
 * query string, which may hold personal data) and the platform's code and
 * parameter; no message ever carries a credential (see `redact`).
 */

export interface PlatformError {
  code: string;
  message: string;
  parameter?: string;
}

export interface AdsApiErrorInit {
  status?: number;
  code: string;
  message: string;
  parameter?: string;
  method: string;
  path: string;
  errors?: PlatformError[];
  /** Batch item errors by input index (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns). */
  operationErrors?: PlatformError[][];
  cause?: unknown;
}

export class AdsApiError extends Error {
  override readonly name: string = "AdsApiError";
  readonly status?: number;
  readonly code: string;
  readonly parameter?: string;
  readonly method: string;
  readonly path: string;
  readonly errors: PlatformError[];
  readonly operationErrors?: PlatformError[][];

  constructor(init: AdsApiErrorInit) {
    const where = `${init.method} ${init.path}`;
    const status = init.status === undefined ? "" : ` ${init.status}`;
    super(`${where}:${status} ${init.code}: ${init.message}`, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.parameter = init.parameter;
    this.method = init.method;
    this.path = init.path;
    this.errors = init.errors ?? [{ code: init.code, message: init.message, parameter: init.parameter }];
    this.operationErrors = init.operationErrors;
  }
}

/** 404: the entity does not exist (or was deleted and not asked for). */
export class NotFoundError extends AdsApiError {
  override readonly name = "NotFoundError";
}

/** 400: the platform refused a parameter. */
export class ValidationError extends AdsApiError {
  override readonly name = "ValidationError";
}

/** 401/403: the credentials are wrong, revoked, or do not reach the account. */
export class AuthError extends AdsApiError {
  override readonly name = "AuthError";
}

/** 429 that outlasted the client's patience. */
export class RateLimitedError extends AdsApiError {
  override readonly name = "RateLimitedError";
}

/**
 * The request left the machine but no answer came back (time-out, dropped
 * connection). For a POST the write may have committed: the caller must look
 * the entity up before trying again, never resend blindly (docs/architecture.md rule 7).
 */
export class MaybeCommittedError extends AdsApiError {
  override readonly name = "MaybeCommittedError";
}

/**
 * Nothing listens at the base address (connection refused) or its host name
 * does not exist: the request was never sent, so nothing was written.
 * `address` is the base address tried, as the configuration gave it.
 */
export class UnreachableError extends AdsApiError {
  override readonly name = "UnreachableError";
  readonly address: string;

  constructor(init: AdsApiErrorInit & { address: string }) {
    super(init);
    this.address = init.address;
  }
}

/**
 * Codes ending in NOT_FOUND that say no entity is gone: an endpoint the
 * platform does not have (404), an account or user the credentials cannot
 * reach (403) (xdevplatform/docs x-ads-api/fundamentals/error-codes-and-responses.mdx).
 */
const NOT_AN_ENTITY = new Set(["ROUTE_NOT_FOUND", "ACCOUNT_NOT_FOUND", "USER_NOT_FOUND"]);

/**
 * Whether a platform error code says the entity is not there: the generic
 * NOT_FOUND or its kind's own (`CAMPAIGN_NOT_FOUND`, `LINE_ITEM_NOT_FOUND`,
 * ...: the reference's table, fundamentals/error-codes-and-responses.mdx).
 * The platform answers the kind's code (tests/conformance corpus: DELETE
 * campaigns [already_deleted], GET line_items/:id [not_found]); both forms
 * are read alike, so neither a client of an older platform nor one of the
 * emulator's forms reads a gone entity as a failure.
 */
export function isNotFoundCode(code: string | undefined): boolean {
  return code !== undefined && /(^|_)NOT_FOUND$/.test(code) && !NOT_AN_ENTITY.has(code);
}

export function errorForStatus(init: AdsApiErrorInit): AdsApiError {
  // A 404 for a route the platform lacks is no entity gone: read as gone, a refresh would drop the resource from the state.
  if (init.status === 404 && NOT_AN_ENTITY.has(init.code)) return new AdsApiError(init);
  switch (init.status) {
    case 400:
      return new ValidationError(init);
    case 401:
    case 403:
      return new AuthError(init);
    case 404:
      return new NotFoundError(init);
    case 429:
      return new RateLimitedError(init);
    default:
      return new AdsApiError(init);
  }
}

/**
 * Replaces every occurrence of the given secrets in a text. Used on anything
 * that may be shown to a user: error messages, causes, logs.
 */
export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join("[redacted]");
  }
  return out;
}
