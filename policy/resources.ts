/**
 * The resources as the pack's rules see them: a kind taken from the type
 * token (`pulumi-nodejs:dynamic/xads:Campaign` of a TypeScript program and
 * `xads:index:Campaign` of the provider plugin are a Campaign and nothing
 * else), the Pulumi resource name, and props as plain data in which a value
 * preview cannot know yet is the `UNKNOWN` symbol. A symbol is never a
 * string, number, boolean, array or object, so a rule that checks the type of
 * what it reads skips unknown values by construction.
 */
import { PolicyProviderResource, PolicyResource, ResourceValidationArgs, StackValidationArgs } from "@pulumi/policy";
import { kindOfResource, ResourceKind, RESOURCES } from "../provider/resources";
import { UNKNOWN_SENTINELS, UnknownValueError } from "./engine";

/** Every xads kind: the provider's registry (provider/resources/index.ts). */
export const KINDS = Object.keys(RESOURCES) as readonly ResourceKind[];

export type Kind = ResourceKind;

export const AUDIENCE_KINDS = ["CustomAudience", "FlexibleAudience"] as const satisfies readonly Kind[];
export const AUDIENCE_PERMISSION_KINDS = ["CustomAudiencePermission", "TailoredAudiencePermission"] as const satisfies readonly Kind[];

/** The kind of a resource, or undefined for anything that is not an xads resource of a known kind (provider/resources kindOfResource). */
export const kindOf = kindOfResource;

/** A value `pulumi preview` cannot know yet (an output of a resource not created). */
export const UNKNOWN: unique symbol = Symbol("unknown until the update");
export type Unknown = typeof UNKNOWN;

/**
 * A deep copy of props as plain data, with `UNKNOWN` wherever the engine
 * holds an unknown value. Reads through the engine's proxy one property at a
 * time, so one unknown value does not hide the known ones beside it.
 */
export function plain(value: unknown): unknown {
  if (UNKNOWN_SENTINELS.has(value)) return UNKNOWN;
  if (value === null || typeof value !== "object") return value;
  const read = (key: string | number): unknown => {
    try {
      return plain((value as Record<string | number, unknown>)[key]);
    } catch (err) {
      if (err instanceof UnknownValueError) return UNKNOWN;
      throw err;
    }
  };
  if (Array.isArray(value)) return Array.from({ length: value.length }, (_, i) => read(i));
  return Object.fromEntries(Object.keys(value).map((key) => [key, read(key)]));
}

/** A stack config lookup by key (`xads:sandboxBaseUrl`), as provider/config.ts takes one. */
export type Settings = (key: string) => string | undefined;

/**
 * The stack config as a resource's provider holds it. The engine gives a
 * dynamic provider the whole stack config (secrets decrypted) as its inputs,
 * the plugin's provider its `xads:*` keys,
 * and hands each policy the resource's provider with those inputs: the
 * values the provider's configure reads (provider/dispatch.ts), so the pack
 * resolves the configuration the provider resolves. (The engine gives a
 * pack launched as an executable no other copy: no PULUMI_CONFIG.)
 */
export function settingsOf(provider: PolicyProviderResource): Settings {
  const props = plain(provider.props) as Record<string, unknown>;
  // The plugin's provider (pulumi:providers:xads) holds its settings without the package (`sandboxBaseUrl`), an explicit one as typed values (`sandbox: true`).
  const plugin = provider.type === PLUGIN_PROVIDER;
  return (key) => {
    const value = plugin ? props[key.replace(/^xads:/, "")] : props[key];
    return typeof value === "string" ? value : plugin && (typeof value === "number" || typeof value === "boolean") ? String(value) : undefined;
  };
}

/** The type of the provider plugin's provider resources. */
const PLUGIN_PROVIDER = "pulumi:providers:xads";

/** No stack config: the environment alone applies. */
const NO_SETTINGS: Settings = () => undefined;

export type Props = Readonly<Record<string, unknown>>;

export interface XadsResource {
  readonly kind: Kind;
  /** The Pulumi resource name: what a reviewer finds in the program. */
  readonly name: string;
  readonly urn: string;
  readonly props: Props;
  /** The `protect` resource option. */
  readonly protect: boolean;
  /** Per property, the URNs of the resources its value came from (stack validation only). */
  readonly sources: Readonly<Record<string, readonly string[]>>;
  /** The stack config its provider is configured with; undefined when the engine names no provider. */
  readonly settings?: Settings;
}

/** The xads resource a validation is about, or undefined for any other resource. */
export function resourceOf(args: ResourceValidationArgs | PolicyResource): XadsResource | undefined {
  const props = plain(args.props) as Props;
  const kind = kindOf(args.type, props);
  if (!kind) return undefined;
  const sources: Record<string, string[]> = {};
  if ("propertyDependencies" in args) {
    for (const [prop, deps] of Object.entries(args.propertyDependencies)) sources[prop] = deps.map((d) => d.urn);
  }
  return {
    kind, name: args.name, urn: args.urn,
    props,
    protect: args.opts.protect === true,
    sources,
    ...(args.provider ? { settings: settingsOf(args.provider) } : {}),
  };
}

/** `urn:pulumi:<stack>::<project>::<type>::<name>` -> `<stack>`. */
export function stackNameOf(urn: string): string | undefined {
  return /^urn:pulumi:([^:]+)::/.exec(urn)?.[1];
}

/** The whole stack, as stack policies see it. */
export class Stack {
  readonly resources: readonly XadsResource[];
  /** The stack's name, from its URNs (policies are not told it otherwise). */
  readonly name: string | undefined;
  /** The stack's tags (`pulumi stack tag set ...`). */
  readonly tags: ReadonlyMap<string, string>;
  /**
   * The stack config the provider of its xads resources is configured with
   * (every dynamic resource has the one `pulumi-nodejs` provider, a plugin
   * resource its `pulumi:providers:xads`); none
   * without xads resources.
   */
  readonly settings: Settings;
  private readonly byUrn: ReadonlyMap<string, XadsResource>;

  constructor(args: Pick<StackValidationArgs, "resources" | "stackTags">) {
    this.resources = args.resources.map(resourceOf).filter((r): r is XadsResource => r !== undefined);
    this.byUrn = new Map(this.resources.map((r) => [r.urn, r]));
    this.name = args.resources.length > 0 ? stackNameOf(args.resources[0].urn) : undefined;
    this.tags = args.stackTags;
    this.settings = this.resources.find((r) => r.settings)?.settings ?? NO_SETTINGS;
  }

  ofKind(kind: Kind): XadsResource[] {
    return this.resources.filter((r) => r.kind === kind);
  }

  /**
   * The resource of this stack a property's value comes from, e.g. the
   * Campaign whose id is a line item's `campaignId`. Known whether or not the
   * value itself is (during preview, a new campaign's id is not).
   */
  sourceOf(resource: XadsResource, prop: string, kind: Kind): XadsResource | undefined {
    return (resource.sources[prop] ?? []).map((urn) => this.byUrn.get(urn)).find((r) => r?.kind === kind);
  }
}

/** Groups values by a key; values whose key is not known are left out. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

/** A string prop, or undefined when absent or not known yet. */
export function text(resource: XadsResource, prop: string): string | undefined {
  const v = resource.props[prop];
  return typeof v === "string" ? v : undefined;
}

/** A number prop, or undefined when absent or not known yet. */
export function num(resource: XadsResource, prop: string): number | undefined {
  const v = resource.props[prop];
  return typeof v === "number" ? v : undefined;
}

/** `Campaign "spring-sale"`: how every message names a resource. */
export function subject(resource: Pick<XadsResource, "kind" | "name">): string {
  return `${resource.kind} "${resource.name}"`;
}
