/**
 * Live entities that look like a stack's resources but no state holds: what
 * an interrupted update (a killed `pulumi up` whose create committed) or a
 * hand in the ads UI made. `xads drift` reports them; a refresh cannot see
 * them, since it reads only what the state holds.
 *
 * An entity counts when it matches a resource of the stack by the kind's
 * own look-up (the natural key a create without an answer is found by:
 * a campaign's name and funding instrument, a promoted Tweet's line item and
 * Tweet...) and its id is held by no resource of the state.
 */
import { AdsClient, Entity } from "../provider/client/client";
import { ConfigError, platformBaseUrl, ProviderConfig, resolveConfig, SETTINGS } from "../provider/config";
import { definitionOf } from "../provider/resources";
import { isPendingId } from "../provider/resources/pending";
import { CliError } from "./errors";
import { nameOf } from "./properties";
import { Deployment, heldIds, kindOfState, StateResource } from "./recover-plan";
import { ClientContext, ContextOf } from "./stack-providers";

export interface UntrackedEntity {
  kind: string;
  id: string;
  /** The entity's name on the platform, where it has one. */
  name?: string;
  /** The stack's resource it looks like. */
  like: string;
  /** The other stack of the project whose state holds it (no drift of this stack). */
  heldBy?: string;
}

/** A resource of a state a kind's look-up can match: its name, its declared inputs, and the resource as the state holds it. */
export interface LookableResource {
  resource: string;
  inputs: Record<string, unknown>;
  state: StateResource;
}

/** The resources of a state that a kind's look-up can match, by kind. */
export function lookableResources(d: Deployment): Map<string, LookableResource[]> {
  const out = new Map<string, LookableResource[]>();
  for (const r of d.resources ?? []) {
    const kind = kindOfState(r);
    if (!kind || r.delete || !r.id || isPendingId(r.id) || !definitionOf(kind).findUntracked) continue;
    const { __provider: _, ...inputs } = r.inputs ?? {};
    out.set(kind, [...(out.get(kind) ?? []), { resource: nameOf(r.urn), inputs, state: r }]);
  }
  return out;
}

/** The provider's configuration and a client, from a stack's config values (or XADS_* variables). */
export function stackClient(values: Record<string, string | undefined>, log: (line: string) => void): { client: AdsClient; config: ProviderConfig } {
  let config: ProviderConfig;
  try {
    config = resolveConfig((key) => values[key]);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message);
    throw err;
  }
  const client = new AdsClient({ credentials: config.credentials, baseUrl: config.baseUrl, log, ...(config.requestTimeoutMs ? { timeoutMs: config.requestTimeoutMs } : {}) });
  return { client, config };
}

/**
 * A client of the platform API beside the Ads API (xads:platformBaseUrl, or
 * XADS_PLATFORM_BASE_URL, else https://api.x.com) with the stack's
 * user-context credentials: the X API v2 reads (GET /2/users). Throws a
 * ConfigError for a malformed base.
 */
export function platformClient(values: Record<string, string | undefined>, config: ProviderConfig, log: (line: string) => void): AdsClient {
  return new AdsClient({ credentials: config.credentials, baseUrl: platformBaseOf(values), log, ...(config.requestTimeoutMs ? { timeoutMs: config.requestTimeoutMs } : {}) });
}

/** The platform API base of a stack's config values (platformClient's); throws a ConfigError for a malformed one. */
export function platformBaseOf(values: Record<string, string | undefined>): string {
  return platformBaseUrl((s) => values[SETTINGS[s].key] ?? process.env[SETTINGS[s].env]);
}

/**
 * The live entities like the state's resources that the state does not
 * hold, by kind and name: each kind's look-up once per provider its
 * resources were managed through (`contextOf`, cli/stack-providers.ts), with
 * that provider's client.
 */
export async function findUntracked(d: Deployment, contextOf: ContextOf): Promise<UntrackedEntity[]> {
  const held = heldIds(d);
  const lookUps = [...lookableResources(d)].flatMap(([kind, resources]) => byContext(resources, (r) => contextOf(r.state)).map((group) => ({ kind, ...group })));
  const found = await Promise.all(lookUps.map(async ({ kind, ctx, items }) => {
    const matches = await definitionOf(kind).findUntracked!(ctx, items.map((r) => r.inputs), held);
    return matches.map(({ entity, item }: { entity: Entity; item: number }) => ({
      kind, id: String(entity.id), ...(typeof entity.name === "string" ? { name: entity.name } : {}), like: items[item]!.resource,
    }));
  }));
  return found.flat().sort((a, b) => a.like.localeCompare(b.like) || a.id.localeCompare(b.id));
}

/** Items grouped by the client context of each, in the order first seen. */
function byContext<T>(items: readonly T[], ctxOf: (item: T) => ClientContext): { ctx: ClientContext; items: T[] }[] {
  const groups = new Map<ClientContext, T[]>();
  for (const item of items) {
    const ctx = ctxOf(item);
    groups.set(ctx, [...(groups.get(ctx) ?? []), item]);
  }
  return [...groups].map(([ctx, grouped]) => ({ ctx, items: grouped }));
}

/**
 * The untracked entities another stack of the project holds (`heldBy`, its
 * name): stacks of one project in one account (staging beside production)
 * create entities alike, and the other's are not this stack's drift.
 */
export function markHeldByOtherStacks(untracked: readonly UntrackedEntity[], others: ReadonlyMap<string, Deployment>): UntrackedEntity[] {
  const holder = new Map<string, string>();
  for (const [stack, d] of others) for (const id of heldIds(d)) if (!holder.has(id)) holder.set(id, stack);
  return untracked.map((u) => (holder.has(u.id) ? { ...u, heldBy: holder.get(u.id)! } : u));
}
