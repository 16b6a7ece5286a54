/**
 * The two shapes of validation every policy of the pack is built from. Each
 * policy stays a plain typed constant (name, description, enforcement level,
 * config schema with defaults); these only turn the engine's arguments into
 * the pack's view (resources.ts) and its typed configuration.
 *
 * Configuration: the engine fills in every `default` of a policy's
 * configSchema and merges the file given with `--policy-pack-config`, so
 * `getConfig()` holds every key that has a default.
 */
import { ReportViolation, ResourceValidation, StackValidation } from "@pulumi/policy";
import { Kind, resourceOf, Stack, subject, XadsResource } from "./resources";

/** Reports one violation about the resource under validation. */
export type Report = (message: string) => void;

/** A resource validation that only runs for xads resources of these kinds. */
export function forKinds<C extends object = object>(
  kinds: readonly Kind[],
  check: (resource: XadsResource, config: C, report: Report) => void,
): ResourceValidation {
  return (args, report) => {
    const resource = resourceOf(args);
    if (!resource || !kinds.includes(resource.kind)) return;
    check(resource, args.getConfig<C>(), (message) => report(message));
  };
}

/** A stack validation over the xads resources of the whole stack. */
export function forStack<C extends object = object>(
  check: (stack: Stack, config: C, report: ReportViolation) => void | Promise<void>,
): StackValidation {
  return (args, report) => check(new Stack(args), args.getConfig<C>(), report);
}

// ------------------------------------------- one rule, many resources ---

/**
 * Above this many resources breaking one rule, the rule reports once for the
 * stack instead of once per resource (policy-pack/README.md "Many resources,
 * one report"): the engine prints every violation as a block of its own, so
 * 201 campaigns without a purchase order number buried the one mandatory
 * failure (201 active campaigns) under some 800 lines.
 */
export const REPORT_EACH_UP_TO = 10;
/** How many resources the one report names (the first by name). */
export const NAMED_IN_ONE_REPORT = 5;

/** A resource a rule found, and what it says about that one resource. */
export interface Finding {
  resource: XadsResource;
  message: string;
}

/**
 * Reports each finding on its resource, or, for more than REPORT_EACH_UP_TO
 * resources, once for the stack: `many` with the count and the first
 * NAMED_IN_ONE_REPORT resources by name (`Campaign "a", Campaign "b", ... and
 * 196 more`). One report has no resource (no URN): it is the stack's.
 */
export function reportFindings(report: ReportViolation, findings: readonly Finding[], many: (count: number, names: string) => string): void {
  const resources = [...new Set(findings.map((f) => f.resource))];
  if (resources.length <= REPORT_EACH_UP_TO) {
    for (const f of findings) report(f.message, f.resource.urn);
    return;
  }
  // By name, numbers in order (c-2 before c-10): the engine hands resources over in the order they were
  // registered, which varies from run to run, and a review wants the same names each time.
  const named = resources.map(subject).sort((a, b) => a.localeCompare(b, "en", { numeric: true })).slice(0, NAMED_IN_ONE_REPORT).join(", ");
  const rest = resources.length - NAMED_IN_ONE_REPORT;
  report(many(resources.length, `${named} and ${rest} more`));
}

/**
 * A per-resource rule run over the whole stack (a stack validation, since a
 * resource validation cannot see how many others break it), reported by
 * reportFindings: on each resource for few, once for many.
 */
export function forEachOfKinds<C extends object = object>(
  kinds: readonly Kind[],
  check: (resource: XadsResource, config: C, report: Report) => void,
  many: (count: number, names: string, config: C) => string,
): StackValidation {
  return forStack<C>((stack, config, report) => {
    const findings: Finding[] = [];
    for (const resource of stack.resources) {
      if (kinds.includes(resource.kind)) check(resource, config, (message) => findings.push({ resource, message }));
    }
    reportFindings(report, findings, (count, names) => many(count, names, config));
  });
}
