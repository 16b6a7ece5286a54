/**
 * The methods of the dynamic provider object (./shim.ts), as this module's
 * exports. The object Pulumi serializes into the state is
 * `Object.create(<these exports>)` with one own property, `kind`: the
 * serializer writes a prototype that is a module of the installed package as
 * `require("pulumi-xads/dist/provider/shim-methods.js")`, so `__provider`
 * holds that require and the kind (about 300 characters) instead of the code
 * of seven closures (2,400; docs/architecture.md rule 4). Export nothing else: every
 * export is a member of the provider.
 *
 * `this` is the provider object: its kind, and the configuration configure
 * keeps on it (rule 3). dispatch.ts keeps its signatures, since the states
 * written before this module existed call it directly.
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
