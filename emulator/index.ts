/**
 * The Ads API emulator (README.md): `startEmulator` for tests, demos and
 * `main.ts`; `buildApp` for in-process tests through fastify's inject.
 */
import { randomBytes } from "node:crypto";
import { AddressInfo } from "node:net";
import { SANDBOX_PREFIX } from "./api-path";
import { buildApp } from "./app";
import { Credentials } from "./auth";
import { Control } from "./control";

export { buildApp } from "./app";
export type { AppOptions } from "./app";
export type { Credentials } from "./auth";
export type { AccountDump, Control, CreateAccountOptions, EntitiesOptions } from "./control";
export type { PlatformError } from "./errors";
export type { Fault, FaultKind, RandomFaultKind, RandomFaults } from "./faults";
export type { LatencyConfig } from "./latency";
export type { RequestLogEntry } from "./request-log";
export type { AccountRecord, AnyEntity, StoredEntity, Env } from "./store";
export { DEMO_ACCOUNT_ID, DEMO_USER_ID } from "./seed";

export interface StartOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** By default from the XADS_* environment variables, else made up for this run. */
  credentials?: Credentials;
  /** A wait before each API request is handled (a round trip, for benchmarks): none by default. */
  latencyMs?: number;
  /** How far either side of latencyMs one wait may fall; a tenth of it by default. */
  latencyJitterMs?: number;
}

export interface RunningEmulator {
  /** Production base, e.g. http://127.0.0.1:41234 (paths /12/..., /5/...). */
  url: string;
  /** Sandbox base, e.g. http://127.0.0.1:41234/sandbox. */
  sandboxUrl: string;
  port: number;
  control: Control;
  /** The credentials requests must be signed with. */
  credentials: Credentials;
  /** Stops listening; responses held by a fault are dropped at once. */
  close(): Promise<void>;
}

export async function startEmulator(options: StartOptions = {}): Promise<RunningEmulator> {
  const credentials = options.credentials ?? credentialsFromEnv() ?? randomCredentials();
  const host = options.host ?? "127.0.0.1";
  const app = buildApp({ credentials, latency: { ms: options.latencyMs ?? 0, jitterMs: options.latencyJitterMs } });
  await app.listen({ port: options.port ?? 0, host });
  const port = (app.server.address() as AddressInfo).port;
  const url = `http://${urlHost(host)}:${port}`;
  return { url, sandboxUrl: url + SANDBOX_PREFIX, port, control: app.control, credentials, close: () => app.close() };
}

/**
 * The variables the emulator reads its credentials from: the names the
 * provider reads (a unit test holds them equal), so users set them once.
 */
export const ENV_NAMES: Readonly<Record<keyof Credentials, string>> = {
  consumerKey: "XADS_CONSUMER_KEY",
  consumerSecret: "XADS_CONSUMER_SECRET",
  accessToken: "XADS_ACCESS_TOKEN",
  accessTokenSecret: "XADS_ACCESS_TOKEN_SECRET",
};

/**
 * Credentials from XADS_CONSUMER_KEY, XADS_CONSUMER_SECRET, XADS_ACCESS_TOKEN
 * and XADS_ACCESS_TOKEN_SECRET; undefined when none is set, an error naming
 * the missing ones when only some are.
 */
export function credentialsFromEnv(env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  const entries = Object.entries(ENV_NAMES) as [keyof Credentials, string][];
  const missing = entries.filter(([, name]) => !env[name]).map(([, name]) => name);
  if (missing.length === entries.length) return undefined;
  if (missing.length > 0) throw new Error(`${missing.join(", ")} not set (the other XADS_* credentials are): set all four or none`);
  return Object.fromEntries(entries.map(([key, name]) => [key, env[name]!])) as unknown as Credentials;
}

/** The emulator's own credentials for one run, never real ones. */
export function randomCredentials(): Credentials {
  const r = () => randomBytes(18).toString("base64url");
  return { consumerKey: r(), consumerSecret: r(), accessToken: r(), accessTokenSecret: r() };
}

/** `export XADS_...=...` lines for made-up credentials. */
export function exportLines(credentials: Credentials): string[] {
  return (Object.entries(ENV_NAMES) as [keyof Credentials, string][]).map(([key, name]) => `export ${name}=${credentials[key]}`);
}

/** A host as it appears in a URL: the loopback for "any", brackets for IPv6. */
function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "::") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}
