/**
 * Where the dynamic provider host (@pulumi/pulumi cmd/dynamic-provider, the
 * process every resource of a deployment runs in: docs/architecture.md
 * rule 4) cannot say what the engine understands.
 *
 * A pending create (resources/pending.ts) is recorded with the engine's
 * refresh-before-update flag: the next `pulumi up` or preview reads that
 * resource before it diffs anything (pkg/resource/deploy/deployment_executor.go,
 * "resources that require a refresh before update"), and read takes the
 * entity over under its own id or drops the resource when its create made
 * nothing. The resource is then an entity like any other, with no
 * replacement to plan: a protected one (deletionProtection is the engine's
 * `protect`: sdk/resource.ts) cannot be replaced, so without the flag it
 * could never be taken over. The host packs an error's `id` and
 * `properties` into the engine's ErrorResourceInitFailed (its
 * grpcResponseFromError) but not the flag, which the engine reads from it
 * (sdk/go/common/resource/plugin/provider_plugin.go, parseError); this sets
 * it on that message for a pending id.
 */
import { isPendingId } from "./resources/pending";

const PROTO = /[\\/]@pulumi[\\/]pulumi[\\/]proto[\\/]provider_pb\.js$/;

interface InitFailed {
  prototype: { setId(id: string): unknown; setRefreshBeforeUpdate(on: boolean): unknown };
}

const patched = new WeakSet<object>();

/** Every loaded copy of the SDK's provider messages marks a pending id's init failure for refresh before update. */
export function refreshPendingBeforeUpdate(): void {
  for (const [file, mod] of Object.entries(require.cache)) {
    if (!PROTO.test(file)) continue;
    const message = (mod?.exports as { ErrorResourceInitFailed?: InitFailed } | undefined)?.ErrorResourceInitFailed;
    if (!message || patched.has(message) || typeof message.prototype.setRefreshBeforeUpdate !== "function") continue;
    patched.add(message);
    const setId = message.prototype.setId;
    message.prototype.setId = function (this: InitFailed["prototype"], id: string) {
      if (typeof id === "string" && isPendingId(id)) this.setRefreshBeforeUpdate(true);
      return setId.call(this, id);
    };
  }
}
