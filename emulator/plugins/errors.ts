/**
 * The one place errors become responses, in the platform's shape:
 * `{ errors: [{code, message, parameter?}], request: {params} }`, plus
 * `operation_errors` for batch item failures.
 */
import { FastifyRequest } from "fastify";
import { ApiError, BatchError, codeForStatus, PlatformError } from "../errors";
import { batchEcho } from "../http";
import { global } from "./global";

interface Rendered {
  status: number;
  headers: Record<string, string>;
  errors: PlatformError[];
  operationErrors?: PlatformError[][];
}

export const errorsPlugin = global(async (app) => {
  app.setErrorHandler((err, req, reply) => {
    const r = render(err);
    return reply.status(r.status).headers(r.headers).send({
      errors: r.errors,
      ...(r.operationErrors ? { operation_errors: r.operationErrors } : {}),
      request: safeEcho(req),
    });
  });

  // ref fundamentals/error-codes-and-responses.mdx names a path without an endpoint ROUTE_NOT_FOUND (404).
  app.setNotFoundHandler((req, reply) => {
    const path = req.api?.path ?? req.url.split("?")[0];
    return reply.status(404).send({
      errors: [{ code: "ROUTE_NOT_FOUND", message: `no endpoint ${req.method} ${path}` }],
      request: safeEcho(req),
    });
  });
});

function render(err: unknown): Rendered {
  if (err instanceof ApiError) return { status: err.status, headers: err.headers, errors: err.errors };
  // Batch item errors: nothing at request level, one array per item (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns).
  if (err instanceof BatchError) return { status: 400, headers: {}, errors: [], operationErrors: err.operationErrors };
  // fastify's own 4xx (a body that is not JSON, a body too large): the client's fault, said as such.
  const status = (err as { statusCode?: number }).statusCode;
  const message = err instanceof Error ? err.message : String(err);
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, headers: {}, errors: [{ code: codeForStatus(status), message }] };
  }
  return { status: 500, headers: {}, errors: [{ code: "INTERNAL_ERROR", message: `the emulator failed: ${message}` }] };
}

/** The echo must not fail while an error is being rendered (a body that did not parse, say). */
function safeEcho(req: FastifyRequest): unknown {
  try {
    return batchEcho(req);
  } catch {
    return { params: {} };
  }
}
