/**
 * The state's entry point: the one module every dynamic resource's state
 * requires, as `require("pulumi-xads/dist/provider/state-entry.js")`
 * (docs/architecture.md rule 4, docs/upgrades.md). Its path and its exports
 * are public and permanent: a stack written by any release runs this
 * module of whichever release is installed. Never move or rename this file,
 * and never remove or change the meaning of an export or of a kind;
 * the code behind it (./dispatch.ts and below) may move freely.
 * tests/e2e/upgrade.test.ts fails when a recorded state's path no longer
 * resolves in the packed package or its methods change.
 *
 * The methods of the dynamic provider object (./shim.ts), as this module's
 * exports. The object Pulumi serializes into the state is
 * `Object.create(<these exports>)` with one own property, `kind`: the
 * serializer writes a prototype that is a module of the installed package as
 * a require of its path, so `__provider` holds that require and the kind
 * (about 300 characters) instead of the code of seven closures (2,400).
 * Export nothing else: every export is a member of the provider.
 *
 * `this` is the provider object: its kind, and the configuration configure
 * keeps on it (rule 3). dispatch.ts keeps its signatures, since the states
 * written before ./shim-methods.ts existed call it directly.
 */
import type * as pulumi from "@pulumi/pulumi";
import * as dispatch from "./dispatch";

/** The provider object: one per kind, its methods inherited from this module. */
export interface Shim extends dispatch.Holder {
  readonly kind: string;
}

type Props = Record<string, unknown>;

export async function configure(this: Shim, req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  dispatch.configure(this, req);
}

export async function check(this: Shim, olds: Props, news: Props) {
  return dispatch.check(this.kind, olds, news, this);
}

export async function diff(this: Shim, id: string, olds: Props, news: Props) {
  return dispatch.diff(this.kind, id, olds, news);
}

export async function create(this: Shim, inputs: Props) {
  return dispatch.create(this, this.kind, inputs);
}

export async function read(this: Shim, id: string, props: Props) {
  return dispatch.read(this, this.kind, id, props);
}

export async function update(this: Shim, id: string, olds: Props, news: Props) {
  return dispatch.update(this, this.kind, id, olds, news);
}

async function remove(this: Shim, id: string, props: Props) {
  return dispatch.remove(this, this.kind, id, props);
}
export { remove as delete };
