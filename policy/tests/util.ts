/**
 * Calls policies as the engine does (the pattern of pulumi-policy-aws's
 * src/tests/util.ts): arguments built from a declared resource, props wrapped
 * in the engine's unknown-checking proxy, config filled with the schema's
 * defaults and overridden like `--policy-pack-config` does, and the reported
 * violations collected.
 */
import {
  Policy, PolicyProviderResource, PolicyResource, PolicyResourceOptions, ResourceValidationArgs, ResourceValidationPolicy,
  StackValidationArgs, StackValidationPolicy,
} from "@pulumi/policy";
import { typeToken } from "../../provider/resources";
import { UNKNOWN_STRING, unknownCheckingProxy } from "../engine";

export const STACK = "dev";
export const PROJECT = "ads";
export const ACCOUNT = "18ce54d4x5t";

/** What the engine sends for a value preview cannot know (an output of a resource not created yet). */
export const unknown = UNKNOWN_STRING;

/** A resource as a program declares it. `kind` is an xads kind, or a whole type token. */
export interface Declared {
  kind: string;
  name: string;
  props: Record<string, unknown>;
  protect?: boolean;
  /** Per property, the names of the declared resources its value comes from. */
  sources?: Record<string, string[]>;
  /** The stack config (`xads:*` keys) its provider holds; without it the engine names no provider. */
  settings?: Record<string, string>;
}

export function typeOf(kind: string): string {
  return kind.includes(":") ? kind : typeToken(kind);
}

export function urnOf(d: Pick<Declared, "kind" | "name">, stack = STACK): string {
  return `urn:pulumi:${stack}::${PROJECT}::${typeOf(d.kind)}::${d.name}`;
}

function options(protect = false): PolicyResourceOptions {
  return {
    protect, ignoreChanges: [], aliases: [], additionalSecretOutputs: [],
    customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
  };
}

/** The policy's config as the engine hands it over: schema defaults, then the config file's values. */
export function configFor(policy: Policy, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const defaults = Object.entries(policy.configSchema?.properties ?? {})
    .filter(([, schema]) => schema.default !== undefined)
    .map(([key, schema]) => [key, structuredClone(schema.default)]);
  return { ...Object.fromEntries(defaults), ...overrides };
}

const notApplicable = (reason?: string): never => {
  throw new Error(`not applicable: ${reason}`);
};

export function resourceArgs(policy: Policy, d: Declared, config: Record<string, unknown> = {}): ResourceValidationArgs {
  const type = typeOf(d.kind);
  const props = unknownCheckingProxy(structuredClone(d.props));
  return {
    type, props, urn: urnOf(d), name: d.name, opts: options(d.protect),
    ...(d.settings ? { provider: providerOf(d.settings) } : {}),
    stackTags: new Map(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T extends object>() => configFor(policy, config) as T,
    notApplicable,
  };
}

export interface StackOptions {
  config?: Record<string, unknown>;
  tags?: Record<string, string>;
  stack?: string;
  /** The stack config (`xads:*` keys): the inputs of the provider of every resource but the stack, as the engine hands them over. */
  settings?: Record<string, string>;
}

/** The default `pulumi-nodejs` provider, configured with the stack config as the engine configures a dynamic provider. */
export function providerOf(settings: Record<string, string>, stack = STACK): PolicyProviderResource {
  return {
    type: "pulumi:providers:pulumi-nodejs", name: "default",
    urn: `urn:pulumi:${stack}::${PROJECT}::pulumi:providers:pulumi-nodejs::default`,
    props: unknownCheckingProxy(structuredClone(settings)),
  };
}

export function stackArgs(policy: Policy, declared: Declared[], opts: StackOptions = {}): StackValidationArgs {
  const root: Declared = { kind: "pulumi:pulumi:Stack", name: `${PROJECT}-${opts.stack ?? STACK}`, props: {} };
  const resources = new Map<string, PolicyResource>();
  for (const d of [root, ...declared]) {
    resources.set(d.name, {
      type: typeOf(d.kind), props: unknownCheckingProxy(structuredClone(d.props)), urn: urnOf(d, opts.stack),
      name: d.name, opts: options(d.protect), dependencies: [], propertyDependencies: {},
      isType: () => false, asType: () => undefined,
      ...(opts.settings && d !== root ? { provider: providerOf(opts.settings, opts.stack) } : {}),
    });
  }
  for (const d of declared) {
    const r = resources.get(d.name)!;
    for (const [prop, names] of Object.entries(d.sources ?? {})) {
      r.propertyDependencies[prop] = names.map((n) => resources.get(n)!);
      r.dependencies.push(...r.propertyDependencies[prop]);
    }
  }
  return {
    resources: [...resources.values()],
    stackTags: new Map(Object.entries(opts.tags ?? {})),
    getConfig: <T extends object>() => configFor(policy, opts.config) as T,
    notApplicable,
  };
}

/**
 * A reported violation as a test reads it: the message, or for one reported
 * at another level than the policy's (the engine's object form), the level
 * then the message after the description (`[advisory] could not ...`).
 */
function collect(policy: Policy, messages: string[]): (m: string | { message: string; enforcementLevel: string }) => void {
  return (m) => messages.push(typeof m === "string" ? m : `[${m.enforcementLevel}] ${m.message.replace(`${policy.description}\n`, "")}`);
}

/**
 * The messages a policy reports for one resource: a resource policy's for
 * it, a stack policy's for a stack of it alone (a guardrail that reports once
 * for many resources is a stack policy: policy/define.ts forEachOfKinds).
 */
export async function resourceViolations(policy: ResourceValidationPolicy | StackValidationPolicy, d: Declared, config?: Record<string, unknown>): Promise<string[]> {
  if ("validateStack" in policy) return stackViolations(policy, [d], { config });
  const messages: string[] = [];
  const validations = [policy.validateResource ?? []].flat();
  for (const validate of validations) await validate(resourceArgs(policy, d, config), collect(policy, messages));
  return messages;
}

/** The messages a stack policy reports for a stack of these resources. */
export async function stackViolations(policy: StackValidationPolicy, declared: Declared[], opts?: StackOptions): Promise<string[]> {
  const messages: string[] = [];
  await policy.validateStack(stackArgs(policy, declared, opts), collect(policy, messages));
  return messages;
}

/** `n` copies of a resource, named `<name>-<i>`. */
export function times(n: number, make: (i: number) => Declared): Declared[] {
  return Array.from({ length: n }, (_, i) => make(i));
}
