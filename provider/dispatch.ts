/**
 * What the serialized provider shim calls: each method of the shim is a
 * one-line delegation here (DESIGN.md rule 4), so the code that runs lives in
 * the installed package, not in the state file. `holder` is the provider
 * instance (`this` of the shim): configuration is kept there, never in a
 * closure or a module variable (rule 3).
 */
import { clientFor } from "./client/registry";
import { redact } from "./client/errors";
import { isSandbox, ProviderConfig, resolveConfig, SETTINGS } from "./config";
import { definitionOf } from "./resources";
import { Context, CheckResult, DiffResult } from "./resources/framework";

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

function contextOf(holder: Holder): Context {
  const config = configOf(holder);
  return { config, client: clientFor(config) };
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
 * Runs one operation; an error leaves with its message redacted and without
 * its stack or cause (which may carry request details). An error carrying
 * `id` (created, then failed) keeps it, so the engine records the entity.
 */
async function guarded<T>(holder: Holder, what: string, op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    const message = redact(err instanceof Error ? err.message : String(err), secretsOf(holder));
    const clean = new Error(`${what}: ${message}`);
    clean.stack = clean.message;
    const partial = err as { id?: string; properties?: unknown };
    // The engine shows a partial create's reasons, not its message ("resource init failed" without them).
    if (partial.id) Object.assign(clean, { id: partial.id, properties: partial.properties, reasons: [clean.message] });
    throw clean;
  }
}

export function check(kind: string, olds: Record<string, unknown>, news: Record<string, unknown>, holder?: Holder): CheckResult<unknown> {
  // Sandbox-only kinds refuse a production stack in check (preview, before any request).
  const env = holder ? { sandbox: isSandbox((key) => holder.xadsSettings?.[key]) } : undefined;
  return definitionOf(kind).check(olds, news, env);
}

export function diff(kind: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown>): DiffResult {
  return definitionOf(kind).diff(id, olds, news);
}

export function create(holder: Holder, kind: string, inputs: Record<string, unknown>) {
  return guarded(holder, `creating ${kind}`, () => definitionOf(kind).create(contextOf(holder), inputs));
}

export function read(holder: Holder, kind: string, id: string, props: Record<string, unknown>) {
  return guarded(holder, `reading ${kind} ${id}`, async () => {
    const result = await definitionOf(kind).read(contextOf(holder), id, props);
    // An empty id tells the engine the entity is gone (deleted out of band).
    return result ?? { id: "", props: {} };
  });
}

export function update(holder: Holder, kind: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
  return guarded(holder, `updating ${kind} ${id}`, async () => ({ outs: await definitionOf(kind).update(contextOf(holder), id, olds, news) }));
}

export function remove(holder: Holder, kind: string, id: string, props: Record<string, unknown>) {
  return guarded(holder, `deleting ${kind} ${id}`, () => definitionOf(kind).delete(contextOf(holder), id, props));
}
