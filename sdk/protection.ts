/**
 * The engine's `protect` option from a resource's deletionProtection, for
 * the dynamic SDK (./resource.ts) and the plugin-backed one (./native/):
 * a module of its own, so the native SDK loads no provider code with it.
 */
import type * as pulumi from "@pulumi/pulumi";

/**
 * deletionProtection is also the engine's own `protect` (unless the program
 * sets that option itself): a delete the provider would refuse at `up` then
 * fails `pulumi preview` already, where the engine checks it without asking
 * the provider, so a reviewer never approves a change that cannot apply. An
 * output not known yet leaves the option unset (the provider still refuses
 * the delete). Turning it off, then removing the resource, is two updates,
 * as on the platform (docs/resources-guide.md, "Campaigns and irreversible deletion").
 */
export function protectedAsDeclared(declared: unknown, opts: pulumi.CustomResourceOptions | undefined): pulumi.CustomResourceOptions | undefined {
  if (opts?.protect !== undefined || typeof declared !== "boolean") return opts;
  return { ...opts, protect: declared };
}
