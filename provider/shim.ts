/**
 * The dynamic provider object Pulumi serializes into the state of every
 * resource. Keep it thin: each method is one delegation into `./dispatch`,
 * which the serializer writes as `require("pulumi-xads/dist/provider/dispatch.js")`
 * when the package is installed in node_modules (DESIGN.md rule 4). No
 * credential is captured: configure keeps them on `this` at run time.
 */
import type * as pulumi from "@pulumi/pulumi";
import * as dispatch from "./dispatch";

export function dynamicProvider(kind: string): pulumi.dynamic.ResourceProvider {
  const provider: pulumi.dynamic.ResourceProvider & dispatch.Holder = {
    async configure(req) { dispatch.configure(this, req); },
    async check(olds, news) { return dispatch.check(kind, olds, news, this); },
    async diff(id, olds, news) { return dispatch.diff(kind, id, olds, news); },
    async create(inputs) { return dispatch.create(this, kind, inputs); },
    async read(id, props) { return dispatch.read(this, kind, id, props); },
    async update(id, olds, news) { return dispatch.update(this, kind, id, olds, news); },
    async delete(id, props) { return dispatch.remove(this, kind, id, props); },
  };
  return provider;
}
