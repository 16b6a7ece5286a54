/**
 * Reference data kept on disk across runs (docs/architecture.md rule 8). Content
 * categories, bidding rules and placements are global reads: 5 requests
 * per endpoint per 15 minutes (X Ads API reference, "Rate limiting":
 * github:xdevplatform/docs, x-ads-api/fundamentals/rate-limiting.mdx), and
 * every preview runs the program in a new process. So each answer is kept
 * in `${XDG_CACHE_HOME:-~/.cache}/pulumi-xads/reference/<base url hash>/<endpoint>/<query>.json`
 * and served for a day (`REFERENCE_LIFETIME_MS`): reference data changes
 * rarely (the platform advises refreshing bidding rules monthly). Beside
 * the answers, `window.json` keeps what the endpoint's last answer said of
 * its rate-limit window, so a new process knows when earlier runs used it
 * up: it then serves an older copy and says which, or, with none, waits for
 * the reset and says so. Nothing in these files is secret.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Entity, Query } from "./client/client";
import { encodeQuery } from "./client/client";
import { cacheDir, writePrivateFile } from "./cache-dir";
import type { Context } from "./resources/framework";

/** How long a copy is served without asking the platform: a day. */
export const REFERENCE_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface ReferenceCacheOptions {
  /** How long a copy is served (REFERENCE_LIFETIME_MS by default); 0 asks the platform whenever its limit allows. */
  lifetimeMs?: number;
  /** Where XDG_CACHE_HOME is read (process.env by default). */
  env?: NodeJS.ProcessEnv;
  /** Where the source says it served an older copy or waits (stderr by default). */
  say?: (line: string) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface Copy {
  fetched_at: string;
  data: Entity[];
}

/** What the endpoint's last answer said of its window. */
interface WindowRecord {
  limit: number;
  remaining: number;
  reset_at: string;
}

/** The folder of one endpoint's copies: by base address (production, sandbox, an emulator) and path. */
export function referenceDir(baseUrl: string, path: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = createHash("sha256").update(baseUrl).digest("hex").slice(0, 16);
  return cacheDir(env, "reference", base, ...path.split("/").filter(Boolean));
}

/** A copy's file name: its query, in a stable order (`all` without one). */
export function queryFileName(query: Query): string {
  const pairs = Object.entries(encodeQuery(query)).sort(([a], [b]) => a.localeCompare(b));
  return pairs.length === 0 ? "all.json" : `${encodeURIComponent(new URLSearchParams(pairs).toString())}.json`;
}

/**
 * The answer of a global read (every page of it, from `fetch`): a copy
 * younger than the lifetime; else the platform's, unless the endpoint's
 * window is used up, when an older copy is served or the reset awaited.
 */
export async function cachedReference(
  ctx: Context, source: string, path: string, query: Query, fetch: () => Promise<Entity[]>, options: ReferenceCacheOptions = {},
): Promise<Entity[]> {
  const now = options.now ?? Date.now;
  const say = options.say ?? ((line: string) => void process.stderr.write(line + "\n"));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const dir = referenceDir(ctx.client.baseUrl, path, options.env);
  const file = join(dir, queryFileName(query));
  const windowFile = join(dir, "window.json");
  const copy = readJson<Copy>(file);
  if (copy && now() - Date.parse(copy.fetched_at) < (options.lifetimeMs ?? REFERENCE_LIFETIME_MS)) return copy.data;

  const window = readJson<WindowRecord>(windowFile);
  const resetAtMs = window ? Date.parse(window.reset_at) : Number.NaN;
  if (window && window.remaining <= 0 && now() < resetAtMs) {
    const used = `the platform's ${window.limit} requests of GET ${path} per window are used until ${window.reset_at}`;
    if (copy) {
      say(`${source}: ${used}; serving the copy fetched at ${copy.fetched_at} (${file})`);
      return copy.data;
    }
    const ms = resetAtMs - now() + 250;
    say(`${source}: ${used}, and no copy is kept: waiting ${Math.ceil(ms / 1000)} s for the reset`);
    await sleep(ms);
  }

  const data = await fetch();
  writeJson(file, { fetched_at: new Date(now()).toISOString(), data } satisfies Copy);
  const state = ctx.client.rateLimitOf("GET", path);
  if (state) writeJson(windowFile, { limit: state.limit, remaining: state.remaining, reset_at: new Date(state.resetAtMs).toISOString() } satisfies WindowRecord);
  return data;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** Best effort: a cache that cannot be written only costs a request next time. */
function writeJson(file: string, value: unknown): void {
  try {
    writePrivateFile(file, JSON.stringify(value));
  } catch {
    // Nothing to do: the answer is returned all the same.
  }
}
