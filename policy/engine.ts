/**
 * What the policy engine does at run time that @pulumi/policy's type
 * declarations leave out: its `.d.ts` strips the proxy module (marked
 * internal), yet every validation receives its props through that proxy.
 *
 * During `pulumi preview`, a value that depends on a resource not created
 * yet is unknown. The engine hands it to policies as a sentinel string and
 * wraps the props in a proxy that throws `UnknownValueError` when such a
 * value is read. A policy that lets the error escape is reported as "can't
 * run during preview" for the whole resource (or, for a stack policy, the
 * whole stack), so the pack reads props through `plain()` (props.ts) instead.
 */

import { ReportViolation } from "@pulumi/policy";

interface ProxyModule {
  UnknownValueError: new (...args: never[]) => Error;
  unknownCheckingProxy<T extends object>(value: T): T;
}

const proxy = require("@pulumi/policy/proxy") as ProxyModule & Record<string, unknown>;

export const UnknownValueError = proxy.UnknownValueError;

/** Wraps props exactly as the engine does before calling a policy (used by the tests). */
export const unknownCheckingProxy = proxy.unknownCheckingProxy;

/**
 * The sentinels that stand for unknown values (`unknownStringValue`,
 * `unknownNumberValue`, ...), taken from the module that defines them.
 */
export const UNKNOWN_SENTINELS: ReadonlySet<unknown> = new Set(
  Object.entries(proxy).filter(([key]) => /^unknown[A-Z]\w*Value$/.test(key)).map(([, value]) => value),
);

/** The sentinel of an unknown string, as the engine sends it for an output not known yet. */
export const UNKNOWN_STRING = proxy.unknownStringValue as string;

/**
 * Reports an advisory violation from a policy of any level: for what a rule
 * could not check (the platform did not answer), which must not fail the
 * preview as a broken rule would. @pulumi/policy's report function also
 * takes an object whose `enforcementLevel` replaces the policy's (server.js,
 * makeReportViolationFun), which its `.d.ts` leaves out. The message is
 * written as the string form writes it: the description, then the message.
 */
export function reportAdvisory(report: ReportViolation, description: string, message: string, urn?: string): void {
  const violation = { message: `${description}\n${message}`, urn, enforcementLevel: "advisory" as const };
  (report as unknown as (v: typeof violation) => void)(violation);
}
