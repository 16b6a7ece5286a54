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
import { Kind, resourceOf, Stack, XadsResource } from "./resources";

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
