import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { dynamicProvider } from "../provider/shim";
import { definitionOf, InputsOf, OutputsOf, ResourceKind } from "../provider/resources";
import { settingFromProgram } from "./config";
import { keepSecretsOutOfDebugLog } from "./debug-log";

// Before the first registration: the SDK's debug log would print secret inputs (member hashes).
keepSecretsOutOfDebugLog();

/** Every input may be a value or an output of another resource. */
export type Args<T> = { [K in keyof T]: pulumi.Input<T[K]> };

/** Every property of the state, as an output. */
export type Outputs<T> = { readonly [K in keyof T]-?: pulumi.Output<T[K]> };

/**
 * The inputs a program declares for a kind: the registry's validated inputs,
 * with the fields that have a default (`Defaulted`) optional. The generator
 * (tools/generate.ts) reads which those are from the zod schema.
 */
type Declared<K extends ResourceKind, Defaulted extends keyof InputsOf<K>> =
  Omit<InputsOf<K>, Defaulted> & Partial<Pick<InputsOf<K>, Defaulted>>;

/** The arguments of a kind that is not in an account (SandboxAccount): its inputs. */
export type UnscopedArgs<K extends ResourceKind, Defaulted extends keyof InputsOf<K> = never> = Args<Declared<K, Defaulted>>;

/** Inputs of a resource in an account: accountId may come from config. */
type InAccount<T> = Args<Omit<T, "accountId">> & {
  /** The ads account; defaults to the stack's `xads:accountId` (or XADS_ACCOUNT_ID). */
  accountId?: pulumi.Input<string>;
};

/** The arguments of a resource in an account: its inputs, accountId from config. */
export type ResourceArgs<K extends ResourceKind, Defaulted extends keyof InputsOf<K> = never> = InAccount<Declared<K, Defaulted>>;

/**
 * The arguments of a resource in an account from its zod schema, for the
 * hand-written classes whose kinds share one registry type (the member lists).
 */
export type SchemaArgs<S extends z.ZodType> = InAccount<z.input<S>>;

/** The outputs of a kind's class: its state, as outputs. */
export type ResourceOutputs<K extends ResourceKind> = Outputs<OutputsOf<K>>;

/**
 * The base of every SDK class: one dynamic resource of the kind's own type
 * token (`pulumi-nodejs:dynamic/xads:<Kind>`), whose provider is the thin
 * shim. Its properties are the registry's inputs and outputs of the kind.
 */
export abstract class XadsResource extends pulumi.dynamic.Resource {
  protected constructor(kind: ResourceKind, name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
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
    // The SDK formats a stack trace for four promises of every property while
    // it registers a resource (a debugging aid: PULUMI_DEBUG_PROMISE_LEAKS),
    // each frame mapped through ts-node's source maps: with the 15 to 25
    // properties of a kind, that was half of the program's CPU in a preview
    // and most of its memory. The resource's source position and stack trace
    // in the state are taken with a limit of their own, so they stay whole.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(dynamicProvider(kind), name, props, opts, "xads", kind);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
