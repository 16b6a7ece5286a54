/**
 * The dynamic provider object Pulumi serializes into the state of every
 * resource: one per kind, shared by every resource of it (the SDK caches a
 * provider's serialization by object, so a new object per resource would be
 * serialized again each time: CPU and memory of the program). Its methods
 * come from ./state-entry, the state's entry point (see there why that keeps
 * `__provider` small, and why that file never moves); no
 * credential is captured: configure keeps them on the object at run time.
 */
import type * as pulumi from "@pulumi/pulumi";
import * as methods from "./state-entry";

const providers = new Map<string, methods.Shim>();

export function dynamicProvider(kind: string): pulumi.dynamic.ResourceProvider {
  let provider = providers.get(kind);
  if (!provider) {
    // A plain own property: the serializer writes `__provider.kind = "..."`.
    provider = Object.assign(Object.create(methods) as methods.Shim, { kind });
    providers.set(kind, provider);
  }
  return provider as methods.Shim & pulumi.dynamic.ResourceProvider;
}
