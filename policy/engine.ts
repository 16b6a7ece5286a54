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
