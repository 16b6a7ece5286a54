import * as pulumi from "@pulumi/pulumi";
import { protectedAsDeclared } from "./protection";
import { z } from "zod";
import { dynamicProvider } from "../provider/shim";
import { definitionOf, InputsOf, OutputsOf, ResourceKind } from "../provider/resources";
import { metaOf } from "../provider/resources/fields";
import { settingFromProgram } from "./config";
// Loaded before the first registration: it keeps secret values out of the SDK's debug log (member hashes).
import "./program-secrets";

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
 *
 * The engine resolves an output for each property registered, and every
 * one costs the program four promises and their bookkeeping until the
 * registration answers, for every resource at once: with the kinds' 14 to
 * 24 fields that made a program of 1,001 resources peak 20% above the
 * engine's floor. So registered are the fields the program sets, those the
 * platform fills in when it does not (`computed`), those with a default
 * (with it: the inputs check fills in, so a refresh that runs the program
 * compares equal inputs), and the kind's outputs; any other field reads as
 * undefined, which is what `pulumi up` leaves it on the platform, as an
 * output of this resource. The state is the same either way: an unset
 * property is not sent.
 */
export abstract class XadsResource extends pulumi.dynamic.Resource {
  protected constructor(kind: ResourceKind, name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
    const def = definitionOf(kind);
    const shape = (def.inputs as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    const readsAsDefault = readAsDefault(new.target.prototype, shape, def.outputs);
    const props: Record<string, unknown> = {};
    for (const key of [...Object.keys(shape), ...Object.keys(def.outputs)]) if (!readsAsDefault.has(key)) props[key] = undefined;
    for (const [key, value] of Object.entries(args)) if (value !== undefined) props[key] = value;
    // A field with a default is registered with it when the program leaves it
    // unset: the inputs the program registers are then those check fills in
    // (the state's), so `pulumi refresh --run-program`, which compares the two
    // without check, shows no `[diff: -deletionProtection]` or `-type`.
    for (const [key, value] of defaultsOf(shape)) if (props[key] === undefined) props[key] = value;
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
      super(dynamicProvider(kind), name, props, protectedAsDeclared(props.deletionProtection, opts), "xads", kind);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}

const defaults = new WeakMap<object, Map<string, unknown>>();

/** The fields of a kind's inputs that have a default, with it. */
function defaultsOf(shape: Record<string, z.ZodType>): Map<string, unknown> {
  let known = defaults.get(shape);
  if (!known) {
    known = new Map();
    for (const [key, schema] of Object.entries(shape)) {
      const parsed = schema.safeParse(undefined);
      if (parsed.success && parsed.data !== undefined) known.set(key, parsed.data);
    }
    defaults.set(shape, known);
  }
  return known;
}

const readingAsDefault = new WeakMap<object, Set<string>>();

/**
 * Gives a class's prototype, once, each field of the kind the platform does
 * not fill in as a property that a registered output replaces (the SDK
 * assigns it) and that otherwise reads as undefined (a field with a default
 * is registered with it: defaultsOf): an output of the resource, so a resource that takes it depends on this one as with
 * any output. Answers those fields.
 */
function readAsDefault(prototype: object, shape: Record<string, z.ZodType>, outputs: object): Set<string> {
  const done = readingAsDefault.get(prototype);
  if (done) return done;
  const keys = new Set<string>();
  readingAsDefault.set(prototype, keys);
  for (const [key, schema] of Object.entries(shape)) {
    // Computed: the platform may fill it in (a local field, the resource's own, it never does).
    const meta = metaOf(schema);
    // A field with a default is registered with it (defaultsOf).
    if ((meta.computed && !meta.local) || key in outputs || key in prototype || defaultsOf(shape).has(key)) continue;
    keys.add(key);
    const own = (self: object, v: unknown) => Object.defineProperty(self, key, { value: v, writable: true, enumerable: true, configurable: true });
    Object.defineProperty(prototype, key, {
      configurable: true,
      get(this: pulumi.Resource) {
        const output = this.urn.apply(() => undefined);
        own(this, output);
        return output;
      },
      set(this: object, v: unknown) {
        own(this, v);
      },
    });
  }
  return keys;
}
