/**
 * Request log, latency and injected faults. The fault is decided once the body is
 * parsed (so the log has it) and before authentication and the handler, so
 * "status" and "drop" faults commit nothing; "timeout-after-commit" lets the
 * handler commit and then holds the response until the connection drops;
 * "hold" holds the request until it is released, then lets it through.
 */
import { ApiRequest } from "../context";
import { ApiError, codeForStatus } from "../errors";
import { DEFAULT_FAULT_STATUS, DEFAULT_HOLD_MS, Fault, faultName } from "../faults";
import { global } from "./global";

export const trafficPlugin = global(async (app) => {
  const { faults, holds, limiter, plainClock, latency } = app.emulator;

  app.addHook("preValidation", async (req, reply) => {
    const api = req.api;
    if (!api) return;
    api.log.body = req.body ?? null;
    await latency.wait();
    const fault = faults.take(api.env, req.method, api.path);
    if (!fault) return;
    api.log.fault = faultName(fault);
    if (fault.kind === "status") throw statusFault(fault, api, limiter.limitOf(req.method, api), plainClock());
    if (fault.kind === "drop") {
      reply.hijack();
      // Destroying the response closes its socket; under inject() it rejects the call.
      reply.raw.destroy();
    } else if (fault.kind === "hold") {
      await holds.hold(fault.delayMs ?? DEFAULT_HOLD_MS);
    } else if (fault.kind === "short-count") {
      api.shortCount = fault;
    } else {
      api.hold = fault;
    }
  });

  app.addHook("onSend", async (req, reply, payload) => {
    const api = req.api;
    if (!api) return payload;
    api.log.status = reply.statusCode;
    if (api.hold) {
      await holds.hold(api.hold.delayMs ?? DEFAULT_HOLD_MS);
      reply.raw.destroy();
    }
    return payload;
  });

  app.addHook("preClose", async () => void holds.releaseAll());
});

/** The platform's answer to an overloaded or rate-limited request. */
function statusFault(fault: Fault, api: ApiRequest, familyLimit: number, nowMs: number): ApiError {
  const status = fault.status ?? DEFAULT_FAULT_STATUS;
  const message = status === 503 ? "Service unavailable; please try the request again later"
    : status === 429 ? `Rate limit exceeded for ${api.family}`
    : `HTTP ${status}`;
  // A 429 says when to come back, as a real one does; one second keeps retrying tests fast.
  const rateHeaders: Record<string, string> = status === 429
    ? { "x-rate-limit-limit": String(familyLimit), "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(Math.ceil(nowMs / 1000) + 1) }
    : {};
  return new ApiError(status, [{ code: codeForStatus(status), message: `${message} (injected fault)` }], { ...rateHeaders, ...fault.headers });
}
