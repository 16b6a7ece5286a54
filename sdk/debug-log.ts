/**
 * Secret values out of the Node SDK's debug messages.
 *
 * `@pulumi/pulumi` logs the engine's answer to every resource registration
 * at debug level, values included and secrets in plain text
 * (runtime/resource.js, 3.259.0: `RegisterResource RPC finished: <resource>;
 * err: null, resp: <the answer>`). Debug messages go to the engine's event
 * stream: `PULUMI_ENABLE_STREAMING_JSON_PREVIEW=true pulumi preview --json`
 * writes them to the preview.json a CI job keeps, and `--debug` prints them.
 * An audience's member hashes are secret inputs of CustomAudienceMembers and
 * DoNotReachListMembers, and an explicit provider's credentials secret
 * inputs of `xads.Provider` (pulumi-xads/native), so they were in that
 * answer. Here, before any resource is registered (./program-secrets.ts
 * installs it for both SDKs), a debug message that holds a secret value (the
 * answer carries the SDK's secret signature around it) leaves the program
 * without the answer.
 */
import * as pulumiLog from "@pulumi/pulumi/log";
import { specialSecretSig } from "@pulumi/pulumi/runtime/rpc";

const CUT = "[not logged: it holds secret values]";

/** A debug message as it may leave the program: unchanged, or cut before the RPC answer when that holds a secret. */
export function withoutSecretValues(message: string): string {
  if (!message.includes(specialSecretSig)) return message;
  const answer = message.indexOf("resp: ");
  return answer < 0 ? `debug message ${CUT}` : message.slice(0, answer + "resp: ".length) + CUT;
}

const INSTALLED = Symbol.for("pulumi-xads.debug-log");

/**
 * Wraps the SDK's `log.debug` (the module object runtime/resource.js calls
 * it through), once per copy of `@pulumi/pulumi`: the copy this package
 * registers its resources with.
 */
export function keepSecretsOutOfDebugLog(log: { debug: typeof pulumiLog.debug } = pulumiLog): void {
  const marked = log as { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  const debug = log.debug;
  Object.defineProperty(log, "debug", {
    value: (message: string, ...rest: unknown[]) => (debug as (m: string, ...r: unknown[]) => Promise<void>)(withoutSecretValues(message), ...rest),
    writable: true, configurable: true, enumerable: true,
  });
  Object.defineProperty(log, INSTALLED, { value: true });
}
