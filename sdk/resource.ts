import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { dynamicProvider } from "../provider/shim";
import { definitionOf } from "../provider/resources";
import { settingFromProgram } from "./config";

/** Every input may be a value or an output of another resource. */
export type Args<T> = { [K in keyof T]: pulumi.Input<T[K]> };

/** Every property of the state, as an output. */
export type Outputs<T> = { readonly [K in keyof T]-?: pulumi.Output<T[K]> };

/** The arguments of a kind that is not in an account (SandboxAccount): its schema's inputs. */
export type UnscopedArgs<S extends z.ZodType> = Args<z.input<S>>;

/** The arguments of a resource from its schema: defaults optional, accountId from config. */
export type ResourceArgs<S extends z.ZodType> = Args<Omit<z.input<S>, "accountId">> & {
  /** The ads account; defaults to the stack's `xads:accountId` (or XADS_ACCOUNT_ID). */
  accountId?: pulumi.Input<string>;
};

/**
 * The base of every SDK class: one dynamic resource of the kind's own type
 * token (`pulumi-nodejs:dynamic/xads:<Kind>`), whose provider is the thin
 * shim. Its properties are the registry's inputs and outputs of the kind.
 */
export abstract class XadsResource extends pulumi.dynamic.Resource {
  protected constructor(kind: string, name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
    const def = definitionOf(kind);
    const props: Record<string, unknown> = {};
    // Every known property is declared, so it is an output of the resource.
    const shape = (def.inputs as unknown as z.ZodObject).shape as Record<string, unknown>;
    for (const key of [...Object.keys(shape), ...Object.keys(def.outputs)]) props[key] = undefined;
    Object.assign(props, args);
    // Kinds without an account (SandboxAccount creates one) take no accountId.
    const scoped = "accountId" in shape;
    if (scoped && props.accountId === undefined) props.accountId = settingFromProgram("accountId");
    if (scoped && props.accountId === undefined) {
      throw new Error(`${kind} "${name}": accountId is required: pass accountId, or set it for the stack with pulumi config set xads:accountId <id> (or XADS_ACCOUNT_ID)`);
    }
    super(dynamicProvider(kind), name, props, opts, "xads", kind);
  }
}
