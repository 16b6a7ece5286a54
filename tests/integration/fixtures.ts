/**
 * Shared set-up of integration tests, and what the e2e harness shares with
 * them: the XADS_* environment, entities made through the API as another
 * tool would make them, an emulator and clients signed for it, a
 * reference-data cache.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AdsClient, ClientOptions, Credentials, Entity, Query } from "../../provider/client";
import { ReferenceCacheOptions } from "../../provider/reference-cache";
import { ProviderConfig, SETTINGS } from "../../provider/config";
import { DEMO_ACCOUNT_ID, randomCredentials, RunningEmulator, startEmulator } from "../../emulator";

export const ACCOUNT = DEMO_ACCOUNT_ID;

/** An address with nothing listening: a port the system gave out, closed again. */
export function deadAddress(): Promise<string> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(`http://127.0.0.1:${port}`));
    });
  });
}

// ---------------------------------------------------- the XADS_* variables ---

const CREDENTIAL_SETTINGS = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;

/**
 * The XADS_* variables of a process that reaches the emulator outside a
 * stack's config (xads import, the policy pack, the SDK's data sources, the
 * CLI): the credentials given and, with `emu`, the sandbox and platform
 * addresses. Names from the provider's one table (provider/config.ts).
 */
export function xadsEnv(creds: Partial<Credentials>, emu?: Pick<RunningEmulator, "url" | "sandboxUrl">): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  // A credential given as undefined is named, unset: setProcessEnv removes it.
  for (const s of CREDENTIAL_SETTINGS) if (s in creds) env[SETTINGS[s].env] = creds[s];
  if (emu) {
    env[SETTINGS.sandbox.env] = "true";
    env[SETTINGS.sandboxBaseUrl.env] = emu.sandboxUrl;
    env[SETTINGS.platformBaseUrl.env] = emu.url;
  }
  return env;
}

/** `env` without the XADS_* credentials (a shell of the developer running the tests may set them). */
export function withoutCredentials(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const names = new Set<string>(CREDENTIAL_SETTINGS.map((s) => SETTINGS[s].env));
  return Object.fromEntries(Object.entries(env).filter(([k]) => !names.has(k)));
}

/**
 * Sets `vars` in this process's environment (for code that reads XADS_*
 * itself, as the SDK's data sources and the CLI run in process do) and
 * answers the function that puts the environment back.
 */
export function setProcessEnv(vars: Record<string, string | undefined>): () => void {
  const saved = { ...process.env };
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    process.env = saved;
  };
}

// ------------------------------------------------- entities through the API ---

/** A funding instrument made through the API (sandbox: no cost); answers its id. */
export async function seedFundingInstrument(client: AdsClient, fields: Query = {}, account = ACCOUNT): Promise<string> {
  return (await client.post<Entity>(`/12/accounts/${account}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z", ...fields })).id;
}

/** A campaign made through the API, under a new funding instrument unless `fields` names one. */
export async function seedCampaign(client: AdsClient, fields: Query = {}, account = ACCOUNT): Promise<Entity> {
  const fundingInstrumentId = fields.funding_instrument_id ?? await seedFundingInstrument(client, {}, account);
  return client.post<Entity>(`/12/accounts/${account}/campaigns`, {
    name: "C", daily_budget_amount_local_micro: 1_000_000, ...fields, funding_instrument_id: fundingInstrumentId,
  });
}

/**
 * A line item made through the API (WEBSITE_CLICKS, PROMOTED_TWEETS on all
 * placements unless `fields` says otherwise), under a new campaign unless
 * `fields` names one; answers its id.
 */
export async function seedLineItem(client: AdsClient, fields: Query = {}, account = ACCOUNT): Promise<string> {
  const campaignId = fields.campaign_id ?? (await seedCampaign(client, {}, account)).id;
  const lineItem = await client.post<Entity>(`/12/accounts/${account}/line_items`, {
    objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: "ALL_ON_TWITTER", ...fields, campaign_id: campaignId,
  });
  return lineItem.id;
}

/**
 * An emulator for the file's tests (started once, reset before each test)
 * and clients signed for it (the sandbox address, unless `baseUrl` says).
 */
export function useEmulator() {
  const creds = randomCredentials();
  const env: { emu?: RunningEmulator } = {};
  beforeAll(async () => (env.emu = await startEmulator({ port: 0, credentials: creds })));
  afterAll(async () => env.emu?.close());
  beforeEach(() => env.emu!.control.reset());
  const client = (timeoutMs = 30_000, options: Partial<ClientOptions> = {}) =>
    new AdsClient({ credentials: creds, baseUrl: env.emu!.sandboxUrl, timeoutMs, log: () => {}, ...options });
  return {
    get emu() { return env.emu!; },
    /** The credentials the emulator accepts (for code that reads them from XADS_* itself, as the SDK's data sources do). */
    creds,
    client,
    ctx: (c: AdsClient = client()) => ({ client: c, config: { sandbox: true } as ProviderConfig }),
  };
}

/**
 * A cache folder of each test's own for the reference-data sources (never
 * the user's ~/.cache), and what the sources said into it.
 */
export function useReferenceCache() {
  const state: { dir?: string; said: string[] } = { said: [] };
  beforeEach(() => {
    state.dir = mkdtempSync(join(tmpdir(), "xads-reference-"));
    state.said = [];
  });
  afterEach(() => rmSync(state.dir!, { recursive: true, force: true }));
  return {
    /** Options of one run (one provider process) with this cache; `more` adds or overrides. */
    options: (more: ReferenceCacheOptions = {}): ReferenceCacheOptions =>
      ({ env: { XDG_CACHE_HOME: state.dir }, say: (line) => void state.said.push(line), ...more }),
    get said() { return state.said; },
  };
}

/** An ISO time `days` from now, to the second (the platform's form): a scheduled post's time. */
export const inFuture = (days = 30): string => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** What a promise is rejected with (undefined when it resolves): a refusal to assert on. */
export const refusal = (p: Promise<unknown>): Promise<unknown> => p.then(() => undefined, (e: unknown) => e);

/**
 * Polls `cond` (every `everyMs`) until it holds; after `ms` fails naming
 * `what` it waited for. Every poll of a test goes through it: a bare loop
 * has no deadline, so a condition that never comes hangs the file until
 * jest's own time-out, which names no cause. `ms` is a deadline, not a
 * measurement: set it below the test's time-out, well above what the wait
 * takes on a loaded machine.
 */
export async function waitFor(cond: () => boolean, what: string, ms: number, everyMs = 20): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() >= end) throw new Error(`waited ${ms} ms for ${what}, in vain`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
