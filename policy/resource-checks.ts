/**
 * The platform limits a single resource can see (text lengths, media mixes,
 * card content, flexible audience trees, budgets between fields, ...) are
 * its kind's own `check`, the one the provider runs: this policy runs it, so
 * the pack and the provider refuse the same inputs with the same words, and
 * a limit changed in a resource is changed here too. The pack's other
 * platform limits are what one resource cannot see: counts across the stack
 * (platform-limits.ts) and rules between resources (creatives.ts).
 */
import { ResourceValidationPolicy } from "@pulumi/policy";
import { checkInputs, Holder } from "../provider/dispatch";
import { SETTINGS } from "../provider/config";
import { definitionOf } from "../provider/resources";
import { ResourceDefinition } from "../provider/resources/define";
import { CheckFailure, containsUnknown, UNKNOWN as PROVIDER_UNKNOWN } from "../provider/resources/framework";
import { forKinds } from "./define";
import { KINDS, Props, subject, UNKNOWN, XadsResource } from "./resources";

/** Props as the provider receives them: an unknown value is the engine's string sentinel. */
export function providerValue(value: unknown): unknown {
  if (value === UNKNOWN) return PROVIDER_UNKNOWN;
  if (Array.isArray(value)) return value.map(providerValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, providerValue(v)]));
  }
  return value;
}

/** The inputs whose values are known: a state holds no unknown value. */
function knownPart(inputs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputs).filter(([, v]) => !containsUnknown(v)));
}

/**
 * The engine hands a policy the inputs as check returned them, which may
 * carry an output check fills in (a member list's `memberChanges`, shown in
 * the preview); a strict input schema would refuse it as an unknown input.
 */
function inputsOf(def: ResourceDefinition, props: Props): Record<string, unknown> {
  const shape = (def.inputs as { shape?: Record<string, unknown> }).shape ?? {};
  const outputOnly = Object.keys(def.outputs).filter((k) => !(k in shape));
  return Object.fromEntries(Object.entries(props).filter(([k]) => !outputOnly.includes(k)));
}

/**
 * The provider's view of the stack config (what configure keeps), from the
 * settings the resource's provider holds; none without a provider, so the
 * check runs as the provider's does without a configuration.
 */
function holderOf(resource: Pick<XadsResource, "settings">): Holder | undefined {
  const { settings } = resource;
  return settings && { xadsSettings: Object.fromEntries(Object.values(SETTINGS).map((s) => [s.key, settings(s.key)])) };
}

/**
 * The failures of a resource's own check, run as the provider runs it
 * (provider/dispatch.ts checkInputs) with the stack config the provider is
 * configured with: a sandbox-only kind in a production stack, an amount
 * above the stack's ceiling (`xads:maxBudgetMicro`). A policy is not told the
 * resource's state, so its inputs are checked as those of a resource that
 * does not change (its state: the inputs with defaults, as check fills them
 * in): rules about a change (replacing a protected entity, DRAFT on update, a
 * schedule or expiry that must lie ahead when set) are left to the provider,
 * which sees the state, and a live scheduled post whose time has passed is
 * not refused.
 */
export function checkFailures(resource: Pick<XadsResource, "kind" | "props" | "settings">): CheckFailure[] {
  const def = definitionOf(resource.kind);
  const holder = holderOf(resource);
  const news = providerValue(inputsOf(def, resource.props)) as Record<string, unknown>;
  const state = knownPart((checkInputs(resource.kind, {}, news, holder).inputs ?? news) as Record<string, unknown>);
  return checkInputs(resource.kind, state, news, holder).failures ?? [];
}

/** `Campaign "spring-sale" name must be at most 255 characters (got 256)`: the provider's reason, after the resource and the field it names. */
export function describeFailure(resource: Pick<XadsResource, "kind" | "name">, { property, reason }: CheckFailure): string {
  // A reason about the whole resource may start with its kind ("SandboxAccount works only in the sandbox"): named once.
  if (property === "" && reason.startsWith(`${resource.kind} `)) return `${subject(resource)}${reason.slice(resource.kind.length)}`;
  const named = property === "" || reason.startsWith(property);
  return `${subject(resource)} ${named ? reason : `${property}: ${reason}`}`;
}

export const resourceChecks: ResourceValidationPolicy = {
  name: "xads-resource-checks",
  description: "Each xads resource passes its own check, as the provider runs it: the platform's limits one resource can see (text lengths, media, card content, flexible audiences, budgets between fields).",
  enforcementLevel: "mandatory",
  validateResource: forKinds(KINDS, (resource, _config, report) => {
    for (const failure of checkFailures(resource)) report(describeFailure(resource, failure));
  }),
};
