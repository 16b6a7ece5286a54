/** Shared set-up of integration tests: an emulator, clients, a live line item, a reference-data cache. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AdsClient, ClientOptions, Entity } from "../../provider/client";
import { ReferenceCacheOptions } from "../../provider/reference-cache";
import { ProviderConfig } from "../../provider/config";
import { startEmulator } from "../../emulator";
import { randomCredentials } from "../e2e/harness";

export const ACCOUNT = "18ce54d4x5t";

/** A funding instrument, a campaign and a line item of `objective`; answers the line item's id. */
export async function seedLineItem(client: AdsClient, objective = "WEBSITE_CLICKS"): Promise<string> {
  const fi = await client.post<Entity>(`/12/accounts/${ACCOUNT}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z" });
  const campaign = await client.post<Entity>(`/12/accounts/${ACCOUNT}/campaigns`, { funding_instrument_id: fi.id, name: "C", daily_budget_amount_local_micro: 1 });
  const lineItem = await client.post<Entity>(`/12/accounts/${ACCOUNT}/line_items`, {
    campaign_id: campaign.id, objective, product_type: "PROMOTED_TWEETS", placements: "ALL_ON_TWITTER",
  });
  return lineItem.id;
}

/**
 * An emulator for the file's tests (started once, reset before each test)
 * and clients signed for it.
 */
export function useEmulator() {
  const creds = randomCredentials();
  const env: { emu?: Awaited<ReturnType<typeof startEmulator>> } = {};
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
