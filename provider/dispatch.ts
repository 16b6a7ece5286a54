/**
 * What the serialized provider shim calls: each method of the shim is a
 * one-line delegation here (docs/architecture.md rule 4), so the code that runs lives in
 * the installed package, not in the state file. `holder` is the provider
 * instance (`this` of the shim): configuration is kept there, never in a
 * closure or a module variable (rule 3).
 */
import { accessFailures, CREDENTIAL_SETTINGS, currencyOf } from "./access";
import { accountScope } from "./client/collection-reads";
import { clientFor } from "./client/registry";
import { engineSteps } from "./client/steps";
import { AuthError, NotFoundError, redact, UnreachableError } from "./client/errors";
import { ConfigError, isSandbox, maxBudgetMicro, ProviderConfig, resolveConfig, SETTINGS } from "./config";
import { refreshPendingBeforeUpdate } from "./dynamic-host";
import { definitionOf } from "./resources";
import { goneFromPlatform } from "./resources/lifecycle";
import { isPendingId } from "./resources/pending";
import { CheckEnv, Context, CheckFailure, CheckResult, containsUnknown, DiffResult, differingInputs, IN_THE_CURRENCY } from "./resources/framework";
import { readReferenceData } from "./reference-reads";
import { cliProcess, engineAddress } from "./engine";
import { checkpointsSkipped, InterruptedCreateGuard, readInterruptedCreates, runOf, stackOf, writeFastRunMark } from "./interrupted-creates";

export interface Holder {
  /** Stack config values of the `xads:*` settings, from configure. */
  xadsSettings?: Record<string, string | undefined>;
}

interface ConfigureRequest {
  config: { get(key: string): string | undefined };
}

export function configure(holder: Holder, req: ConfigureRequest): void {
  const settings: Record<string, string | undefined> = {};
  for (const s of Object.values(SETTINGS)) settings[s.key] = req.config.get(s.key);
  holder.xadsSettings = settings;
}

function configOf(holder: Holder): ProviderConfig {
  return resolveConfig((key) => holder.xadsSettings?.[key]);
}

/**
 * The context of each provider object, resolved once per configuration: a
 * refresh of 1,001 resources resolved the configuration and hashed the
 * credentials (registry.ts) 1,001 times, 80 ms of the provider's only
 * thread. Kept beside the holder, never on it, so nothing of it can reach a
 * serialized provider.
 */
const contexts = new WeakMap<Holder, { settings: Holder["xadsSettings"]; context: Context }>();

function contextOf(holder: Holder): Context {
  const known = contexts.get(holder);
  if (known && known.settings === holder.xadsSettings) return known.context;
  const config = configOf(holder);
  const context = { config, client: clientFor(config) };
  contexts.set(holder, { settings: holder.xadsSettings, context });
  return context;
}

/** Values that must never reach a message: the four credentials. */
function secretsOf(holder: Holder): string[] {
  const out: string[] = [];
  for (const s of Object.values(SETTINGS)) {
    if (!s.secret) continue;
    const v = holder.xadsSettings?.[s.key] ?? process.env[s.env];
    if (v) out.push(v);
  }
  return out;
}

/**
 * The dynamic provider host (@pulumi/pulumi cmd/dynamic-provider) prints an
 * error of read and delete to the provider's stderr as `${err}: ${err.stack}`
 * and returns it to the engine, which shows it under its resource: the
 * engine showed the print as well, under the stack, with the text twice in
 * one line (`Error: X: X`). The host's print of an error `guarded` threw is
 * dropped; anything else printed goes through. (A create's or update's
 * error is not printed by the host: its text stays in the set, a few per
 * failed resource, for the life of the process, one engine operation.)
 */
const hostPrints = new Set<string>();
let printsFiltered = false;

function notPrintedByHost(err: Error): void {
  hostPrints.add(`${err}: ${err.stack}`);
  if (printsFiltered) return;
  printsFiltered = true;
  const print = console.error;
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && hostPrints.delete(args[0])) return;
    print.apply(console, args);
  };
}

/**
 * Runs one of the engine's steps (counted: client/steps.ts); an error
 * leaves with its message redacted and without its stack or cause (which
 * may carry request details), to be shown once (notPrintedByHost). An
 * error carrying `id` (created, then failed) keeps it, so the engine
 * records the entity.
 */
async function guarded<T>(holder: Holder, what: string, op: () => Promise<T>, hint: (err: unknown) => string | undefined = () => undefined): Promise<T> {
  try {
    return await engineSteps.run(op);
  } catch (err) {
    const message = redact(err instanceof Error ? err.message : String(err), secretsOf(holder));
    const said = hint(err);
    const clean = new Error(`${what}: ${message}${said ? `. ${said}` : ""}`);
    clean.stack = clean.message;
    notPrintedByHost(clean);
    const partial = err as { id?: string; properties?: unknown };
    // The engine shows a partial create's reasons, not its message ("resource init failed" without them).
    if (partial.id) Object.assign(clean, { id: partial.id, properties: partial.properties, reasons: [clean.message] });
    // A pending one is read before the next up diffs it (dynamic-host.ts).
    if (partial.id && isPendingId(partial.id)) refreshPendingBeforeUpdate();
    throw clean;
  }
}

/**
 * The engine's check: validation (pure, `checkInputs`); then what preview
 * can check without writing: the credentials, and access to the resource's
 * account (access.ts: one read-only request per account for the run), so a
 * wrong account or a missing credential fails the preview, and the up
 * before any write of it; then, for a new resource that adopts (olds
 * empty, a known `adoptId`), the adoption's look-ahead: the live entity is
 * read as create will read it, and what the next up would change refuses
 * it here, so a preview says so before any write. A read that fails is a
 * failure too (preview cannot tell what the up would do, and the up's
 * create needs the same read).
 */
export async function check(kind: string, olds: Record<string, unknown>, news: Record<string, unknown>, holder?: Holder, urn?: string): Promise<CheckResult<unknown>> {
  // The state as it was before this run: read before the engine can have begun any create (each comes after its check).
  await guardOfProcess()?.ready(urn);
  return valuesNamedInReasons(await checkAll(kind, olds, news, holder), news);
}

/**
 * The engine prints a failure with a property as `property P value V has a
 * problem: reason`, V as Go prints the program's value: a number as `{2e+09}`,
 * an object as a map, a missing value as `{<nil>}`. Every reason names its
 * field and says the value as it should be read, so those failures reach
 * the engine without the property: it prints `has a problem: reason`.
 */
export function valuesNamedInReasons(result: CheckResult<unknown>, news: Record<string, unknown>): CheckResult<unknown> {
  if (!result.failures) return result;
  const plain = (v: unknown) => typeof v === "string" || typeof v === "boolean";
  const named = (f: CheckFailure) => (f.reason.includes(f.property) ? f.reason : `${f.property}: ${f.reason}`);
  return { ...result, failures: result.failures.map((f) => (f.property === "" || plain(news[f.property]) ? f : { property: "", reason: named(f) })) };
}

async function checkAll(kind: string, olds: Record<string, unknown>, news: Record<string, unknown>, holder?: Holder): Promise<CheckResult<unknown>> {
  const result = checkInputs(kind, olds, news, holder);
  const inputs = result.inputs as Record<string, unknown> | undefined;
  if (!holder || !inputs) return result;
  let context: Context;
  try {
    context = contextOf(holder);
  } catch (err) {
    if (result.failures) return result;
    if (err instanceof ConfigError) return { inputs, failures: [{ property: "", reason: `${err.message}. Nothing was written` }] };
    throw err;
  }
  // The resource's account (the SDK fills in the stack's); a kind without one (SandboxAccount) is checked under the stack's.
  const account = inputs.accountId === undefined ? context.config.accountId : inputs.accountId;
  if (result.failures) return (await withPlatformFacts(kind, olds, news, holder, context, account, result)) ?? result;
  if (account === undefined || (typeof account === "string" && !containsUnknown(account))) {
    const denied = await engineSteps.run(() => accessFailures(context.client, account, (text) => redact(text, secretsOf(holder)), addressSource(holder)));
    if (denied.length > 0) return { inputs, failures: denied };
  }
  const withFacts = await withPlatformFacts(kind, olds, news, holder, context, account, result);
  if (withFacts?.failures) return withFacts;
  const adoptId = inputs.adoptId;
  if (Object.keys(olds).length > 0 || typeof adoptId !== "string" || containsUnknown(adoptId)) return result;
  const def = definitionOf(kind);
  try {
    const refusals = await engineSteps.run(() => def.adoptionRefusals(context, inputs));
    // Not found is conclusive only when every input is known (a parent's id not known yet may be in the path).
    const conclusive = refusals.filter((r) => r.property !== "adoptId" || !containsUnknown(inputs));
    return conclusive.length > 0 ? { inputs, failures: conclusive } : result;
  } catch (err) {
    const message = err instanceof ConfigError ? err.message : redact(err instanceof Error ? err.message : String(err), secretsOf(holder));
    return {
      inputs,
      failures: [{
        property: "adoptId",
        reason: `reading ${kind} ${adoptId} to check its adoption failed: ${message}. Without it, what the up would change is not known; nothing was written`,
      }],
    };
  }
}

/**
 * The check again, with what only the platform knows (framework.ts
 * CheckEnv): the currency of the resource's funding instrument or campaign,
 * when a failure compares amounts (`USD 2,000.00`: access.ts currencyOf,
 * once per entity for the run), and the reference data the kind's rules
 * read (`referenceNeeds`: a PREROLL_VIEWS line item's business categories,
 * kept on disk a day). A fact that cannot be read is left out: the failures
 * then stand as they are, and the platform decides what the rules could
 * not. Undefined when nothing was to be read.
 */
async function withPlatformFacts(
  kind: string, olds: Record<string, unknown>, news: Record<string, unknown>, holder: Holder, context: Context, account: unknown, result: CheckResult<unknown>,
): Promise<CheckResult<unknown> | undefined> {
  const inputs = result.inputs as Record<string, unknown>;
  const needs = result.failures ? [] : definitionOf(kind).referenceNeeds?.(inputs) ?? [];
  const amounts = result.failures?.some((f) => f.reason.includes(IN_THE_CURRENCY)) && typeof account === "string" && !containsUnknown(account);
  if (needs.length === 0 && !amounts) return undefined;
  const [currency, reference] = await engineSteps.run(() => Promise.all([
    amounts ? currencyOf(context.client, account as string, inputs) : undefined,
    needs.length > 0 ? readReferenceData(context, needs).catch(() => undefined) : undefined,
  ]));
  if (currency === undefined && reference === undefined) return undefined;
  return checkInputs(kind, olds, news, holder, { currency, reference });
}

/** What only the platform knows that check's rules may read. */
type PlatformFacts = Pick<CheckEnv, "currency" | "reference">;

/** Check's pure part: the kind's validation with what it may know of the configuration (and of the platform). */
export function checkInputs(
  kind: string, olds: Record<string, unknown>, news: Record<string, unknown>, holder?: Holder, facts: PlatformFacts = {},
): CheckResult<unknown> {
  // Sandbox-only kinds refuse a production stack in check (preview, before
  // any request); amounts are held to the stack's ceiling.
  if (!holder) return definitionOf(kind).check(olds, news);
  const lookup = (key: string) => holder.xadsSettings?.[key];
  try {
    return definitionOf(kind).check(olds, news, { sandbox: isSandbox(lookup), maxBudgetMicro: maxBudgetMicro(lookup), ...facts });
  } catch (err) {
    if (err instanceof ConfigError) return { inputs: news, failures: [{ property: "", reason: err.message }] };
    throw err;
  }
}

export function diff(kind: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown>): DiffResult {
  return definitionOf(kind).diff(id, olds, news);
}

/**
 * The inputs diff finds different (the list diff's changes and replacements
 * come from), for a provider plugin's detailed diff (provider/plugin/): the
 * dynamic provider host sends none.
 */
export function differing(kind: string, olds: Record<string, unknown>, news: Record<string, unknown>): string[] {
  return differingInputs(definitionOf(kind).fields, olds, news);
}

/**
 * The program's inputs with the stack's account (`xads:accountId`, or
 * XADS_ACCOUNT_ID) where a kind in an account names none: what the SDK does
 * in a TypeScript program (sdk/resource.ts), for a provider plugin's
 * programs, which have no SDK.
 */
export function withStackAccount(kind: string, news: Record<string, unknown>, holder: Holder): Record<string, unknown> {
  if (news.accountId !== undefined || !definitionOf(kind).fields.inputs.includes("accountId")) return news;
  const account = holder.xadsSettings?.[SETTINGS.accountId.key] ?? process.env[SETTINGS.accountId.env];
  return account ? { ...news, accountId: account } : news;
}

/** The kind's fields declared secret (provider/resources/fields.ts), which a provider plugin marks secret in its outputs. */
export function secretFields(kind: string): readonly string[] {
  return definitionOf(kind).fields.secret;
}

/**
 * Refresh and destroy run with the provider configuration the state saved at
 * the last `pulumi up`: the engine configures the provider from the state, the
 * program does not run, and the stack config of now is nowhere in the provider
 * process (tried with CLI 3.259, tests/e2e/stack-config.test.ts). An address
 * changed or credentials rotated in the stack config since are not used yet,
 * so a refused connection or a 401 says so, and the command that fixes it
 * (the same tests run it).
 */
export const STATE_CONFIGURATION_HINT = "pulumi refresh and destroy do not run the program: the state holds the configuration of the last pulumi up, "
  + "and they use it. If the stack config has changed since (an address, rotated credentials), run pulumi refresh --run-program once: "
  + "it reads with the current configuration and saves it for later refreshes and destroys";

/**
 * What a failure of one of the engine's steps adds: where an address that does
 * not answer comes from (the setting to correct), and, for the steps of
 * refresh and destroy (`fromState`), that they use the state's configuration.
 */
function configurationHint(holder: Holder, fromState: boolean) {
  return (err: unknown): string | undefined => {
    if (err instanceof UnreachableError) {
      const source = addressSource(holder);
      return fromState ? `${source}. ${STATE_CONFIGURATION_HINT}` : source;
    }
    if (err instanceof AuthError && err.code === "ACCOUNT_NOT_FOUND") {
      const account = unreachableAccountHint(accountScope(err.path));
      return fromState ? `${account}. ${STATE_CONFIGURATION_HINT}` : account;
    }
    return fromState && err instanceof AuthError && err.status === 401 ? STATE_CONFIGURATION_HINT : undefined;
  };
}

/**
 * What a 403 ACCOUNT_NOT_FOUND (ref fundamentals/error-codes-and-responses.mdx)
 * leaves to do: the credentials are those of a user who cannot use the
 * account (a deleted one reads as gone: the client tells them apart).
 */
export function unreachableAccountHint(accountId: string): string {
  return `Account ${accountId} is not an ads account these credentials can use (the user whose access token it is may have lost access to it). `
    + `Set the credentials of a user of that account (${CREDENTIAL_SETTINGS}), or correct the resource's accountId`;
}

/**
 * The cure when an update finds its entity gone (404 on its own path):
 * deleted outside the program (the ads UI, another tool), which the state
 * does not know until a refresh reads it (docs/architecture.md rule 6).
 */
export function goneHint(kind: string, id: string, err: unknown): string | undefined {
  if (!(err instanceof NotFoundError) || !err.path.endsWith(`/${id}`)) return undefined;
  return goneFromPlatform(`The ${kind}`);
}

/** The setting the requests' address comes from, to correct when nothing answers there. */
function addressSource(holder: Holder): string {
  const s = isSandbox((key) => holder.xadsSettings?.[key]) ? SETTINGS.sandboxBaseUrl : SETTINGS.baseUrl;
  return `The address is ${s.key} (or ${s.env})`;
}

/**
 * The takeover of creates an interrupted update left (interrupted-creates.ts),
 * in a provider the engine started: it reads the state with the CLI that
 * started it. Elsewhere (tests, the xads command) none.
 */
let interruptedGuard: InterruptedCreateGuard | undefined | null = null;

function guardOfProcess(): InterruptedCreateGuard | undefined {
  if (interruptedGuard !== null) return interruptedGuard;
  if (!engineAddress()) return (interruptedGuard = undefined);
  const cli = cliProcess();
  const command = cli?.argv[0] ?? "pulumi";
  interruptedGuard = new InterruptedCreateGuard((urn) => readInterruptedCreates(command, stackOf(cli?.argv, urn)), (line) => process.stderr.write(`${line}\n`), {
    run: runOf(process.env, cli?.run),
    checkpointsSkipped: checkpointsSkipped(),
    mark: (urn, mark) => writeFastRunMark(command, stackOf(cli?.argv, urn), mark),
  });
  return interruptedGuard;
}

/** `urn`: the resource's, where the engine says it (the plugin; the dynamic provider is not told). */
export function create(holder: Holder, kind: string, inputs: Record<string, unknown>, urn?: string) {
  return guarded(holder, `creating ${kind}`, async () => {
    const guard = guardOfProcess();
    const taken = await guard?.takeOver(contextOf(holder), kind, inputs, urn);
    if (taken) return taken;
    const made = await definitionOf(kind).create(contextOf(holder), inputs);
    guard?.made(made.id);
    return made;
  }, configurationHint(holder, false));
}

export function read(holder: Holder, kind: string, id: string, props: Record<string, unknown>) {
  return guarded(holder, `reading ${kind} ${id}`, async () => {
    const result = await definitionOf(kind).read(contextOf(holder), id, props);
    // An empty id tells the engine the entity is gone (deleted out of band).
    return result ?? { id: "", props: {} };
  }, configurationHint(holder, true));
}

/**
 * The read of `pulumi import` through the provider plugin: the entity `id`
 * names, with the inputs of a program that manages it as it is
 * (definition importRead); `props` holds only what the provider fills in
 * (the stack's account). The inputs become the program pulumi import
 * writes, so they are what check makes of that program (its defaults,
 * deletionProtection's among them), and the outputs hold them as a
 * create's do; otherwise the next preview plans them as an update. An
 * empty id when there is no such live entity.
 */
export function importRead(holder: Holder, kind: string, id: string, props: Record<string, unknown>) {
  return guarded(holder, `importing ${kind} ${id}`, async () => {
    const result = await definitionOf(kind).importRead(contextOf(holder), id, props);
    if (!result) return { id: "", props: {}, inputs: {} };
    const read = (result.inputs ?? {}) as Record<string, unknown>;
    const checked = await check(kind, {}, read, holder);
    const inputs = !checked.failures?.length && checked.inputs ? (checked.inputs as Record<string, unknown>) : read;
    return { id: result.id, props: { ...inputs, ...(result.props as Record<string, unknown>) }, inputs };
  }, configurationHint(holder, false));
}

export function update(holder: Holder, kind: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
  const configuration = configurationHint(holder, false);
  return guarded(holder, `updating ${kind} ${id}`, async () => ({ outs: await definitionOf(kind).update(contextOf(holder), id, olds, news) }),
    (err) => goneHint(kind, id, err) ?? configuration(err));
}

export function remove(holder: Holder, kind: string, id: string, props: Record<string, unknown>) {
  return guarded(holder, `deleting ${kind} ${id}`, () => definitionOf(kind).delete(contextOf(holder), id, props), configurationHint(holder, true));
}
