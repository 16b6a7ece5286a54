import { Credentials } from "./client/signing";

/**
 * Provider configuration: stack config (`xads:*`, credentials as secrets) or
 * the environment (`XADS_*`). Credentials are read here and kept in memory
 * only: never in a closure the serializer could capture (docs/architecture.md rule 3).
 */
export interface ProviderConfig {
  credentials: Credentials;
  /** Default account of resources and data sources that do not name one. */
  accountId?: string;
  sandbox: boolean;
  /** The base address every request of this configuration goes to. */
  baseUrl: string;
  /** The largest amount in micros (budget, bid) check takes: `xads:maxBudgetMicro`, DEFAULT_MAX_BUDGET_MICRO by default. */
  maxBudgetMicro: number;
  /** How long one request waits for its answer (the client's 30 s by default); a create POST that runs out is looked up, and sent again only twice this long after it was sent, when a second look-up finds nothing (batch-create.ts). */
  requestTimeoutMs?: number;
}

export const PRODUCTION_BASE_URL = "https://ads-api.x.com";
export const SANDBOX_BASE_URL = "https://ads-api-sandbox.x.com";
/** The platform API beside the Ads API: OAuth steps, app-only tokens, webhooks (xdevplatform/docs fundamentals/authentication/ and openapi.json). */
export const PLATFORM_BASE_URL = "https://api.x.com";

/** Each setting: its stack config key and its environment variable. */
export const SETTINGS = {
  consumerKey: { key: "xads:consumerKey", env: "XADS_CONSUMER_KEY", secret: true },
  consumerSecret: { key: "xads:consumerSecret", env: "XADS_CONSUMER_SECRET", secret: true },
  accessToken: { key: "xads:accessToken", env: "XADS_ACCESS_TOKEN", secret: true },
  accessTokenSecret: { key: "xads:accessTokenSecret", env: "XADS_ACCESS_TOKEN_SECRET", secret: true },
  accountId: { key: "xads:accountId", env: "XADS_ACCOUNT_ID", secret: false },
  sandbox: { key: "xads:sandbox", env: "XADS_SANDBOX", secret: false },
  baseUrl: { key: "xads:baseUrl", env: "XADS_BASE_URL", secret: false },
  sandboxBaseUrl: { key: "xads:sandboxBaseUrl", env: "XADS_SANDBOX_BASE_URL", secret: false },
  platformBaseUrl: { key: "xads:platformBaseUrl", env: "XADS_PLATFORM_BASE_URL", secret: false },
  maxBudgetMicro: { key: "xads:maxBudgetMicro", env: "XADS_MAX_BUDGET_MICRO", secret: false },
  requestTimeoutMs: { key: "xads:requestTimeoutMs", env: "XADS_REQUEST_TIMEOUT_MS", secret: false },
} as const;

/**
 * The `xads:*` settings of a provider's properties, as a
 * `pulumi:providers:xads` resource holds them (keys without the package,
 * the engine's Configure arguments and the state's inputs alike), as
 * resolveConfig reads them: strings, as stack config holds them. Values are
 * plain (secrets already revealed); unset ones are left out.
 */
export function settingsOfProperties(props: Readonly<Record<string, unknown>>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, s] of Object.entries(SETTINGS)) {
    const v = props[name];
    if (v === undefined || v === null) continue;
    out[s.key] = typeof v === "string" ? v : JSON.stringify(v);
  }
  return out;
}

/**
 * The ceiling of every amount in micros (budgets and bids) when the stack
 * sets none: 100,000,000 in the funding instrument's currency. It is there
 * to catch a typo (units given as micros twice over, 2^53-1), not to cap
 * spend (the policy pack's budget caps do that); a currency whose amounts
 * run larger raises it with xads:maxBudgetMicro.
 */
export const DEFAULT_MAX_BUDGET_MICRO = 100_000_000_000_000;

export type Setting = keyof typeof SETTINGS;

/** Thrown when configuration is missing or malformed; names keys, never values. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * Whether the configuration is the sandbox, without requiring credentials:
 * check needs only this (stack config wins over XADS_SANDBOX).
 */
export function isSandbox(lookup: (key: string) => string | undefined, env: Record<string, string | undefined> = process.env): boolean {
  return (lookup(SETTINGS.sandbox.key) ?? env[SETTINGS.sandbox.env]) === "true";
}

/**
 * The ceiling of amounts in micros from a stack config lookup (stack config
 * wins) and the environment: a whole number of micros that JavaScript holds
 * exactly (at most 2^53-1).
 */
export function maxBudgetMicro(lookup: (key: string) => string | undefined, env: Record<string, string | undefined> = process.env): number {
  const { key, env: name } = SETTINGS.maxBudgetMicro;
  const raw = lookup(key) ?? env[name];
  if (raw === undefined || raw === "") return DEFAULT_MAX_BUDGET_MICRO;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value === 0) {
    throw new ConfigError(`${key} (or ${name}) must be a whole number of micros from 1 to ${Number.MAX_SAFE_INTEGER}, got "${raw}"`);
  }
  return value;
}

/** A setting whose value the provider refuses, and why (the message names its key and the limit, never a value of a credential). */
export interface SettingProblem {
  setting: Setting;
  message: string;
}

/**
 * The rules each setting's value keeps, apart from the credentials being
 * there: resolveConfig refuses the first problem, and the provider plugin's
 * CheckConfig reports them all against the provider's properties before
 * anything runs.
 */
export function settingProblems(
  lookup: (key: string) => string | undefined,
  env: Record<string, string | undefined> = process.env,
): SettingProblem[] {
  const get = (s: Setting): string | undefined => {
    const v = lookup(SETTINGS[s].key) ?? env[SETTINGS[s].env];
    return v === undefined || v === "" ? undefined : v;
  };
  const problems: SettingProblem[] = [];
  const sandboxRaw = get("sandbox");
  if (sandboxRaw !== undefined && sandboxRaw !== "true" && sandboxRaw !== "false") {
    problems.push({ setting: "sandbox", message: `${SETTINGS.sandbox.key} must be true or false, got "${sandboxRaw}"` });
  }
  const sandbox = sandboxRaw === "true";
  const urlSetting: Setting = sandbox ? "sandboxBaseUrl" : "baseUrl";
  const baseUrl = get(urlSetting) ?? (sandbox ? SANDBOX_BASE_URL : PRODUCTION_BASE_URL);
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) {
    problems.push({ setting: urlSetting, message: `${SETTINGS[urlSetting].key} must be an http(s) address, got "${baseUrl}"` });
  }
  const timeoutRaw = get("requestTimeoutMs");
  const requestTimeoutMs = timeoutRaw === undefined ? undefined : Number(timeoutRaw);
  if (requestTimeoutMs !== undefined && !(Number.isInteger(requestTimeoutMs) && requestTimeoutMs >= 100)) {
    problems.push({ setting: "requestTimeoutMs", message: `${SETTINGS.requestTimeoutMs.key} must be a whole number of milliseconds of at least 100, got "${timeoutRaw}"` });
  }
  try {
    maxBudgetMicro(lookup, env);
  } catch (err) {
    problems.push({ setting: "maxBudgetMicro", message: (err as Error).message });
  }
  return problems;
}

/**
 * Resolves the configuration from a stack config lookup (stack config wins)
 * and the environment.
 */
export function resolveConfig(
  lookup: (key: string) => string | undefined,
  env: Record<string, string | undefined> = process.env,
): ProviderConfig {
  const get = (s: Setting): string | undefined => {
    const v = lookup(SETTINGS[s].key) ?? env[SETTINGS[s].env];
    return v === undefined || v === "" ? undefined : v;
  };
  const credentialNames = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;
  const missing = credentialNames.filter((s) => get(s) === undefined);
  if (missing.length > 0) {
    const how = missing.map((s) => `${SETTINGS[s].key} (pulumi config set --secret ${SETTINGS[s].key} ...) or ${SETTINGS[s].env}`);
    throw new ConfigError(`missing Ads API credentials: ${how.join("; ")}`);
  }
  const problem = settingProblems(lookup, env)[0];
  if (problem) throw new ConfigError(problem.message);
  const sandbox = get("sandbox") === "true";
  const baseUrl = sandbox ? get("sandboxBaseUrl") ?? SANDBOX_BASE_URL : get("baseUrl") ?? PRODUCTION_BASE_URL;
  const timeoutRaw = get("requestTimeoutMs");
  const requestTimeoutMs = timeoutRaw === undefined ? undefined : Number(timeoutRaw);
  return {
    credentials: {
      consumerKey: get("consumerKey")!,
      consumerSecret: get("consumerSecret")!,
      accessToken: get("accessToken")!,
      accessTokenSecret: get("accessTokenSecret")!,
    },
    accountId: get("accountId"),
    sandbox,
    baseUrl: baseUrl.replace(/\/$/, ""),
    maxBudgetMicro: maxBudgetMicro(lookup, env),
    ...(requestTimeoutMs !== undefined ? { requestTimeoutMs } : {}),
  };
}

/**
 * The base of the platform API (OAuth steps, oauth2/token, 2/webhooks),
 * from a setting lookup (stack config or environment); PLATFORM_BASE_URL
 * by default. The emulator serves it at its root.
 */
export function platformBaseUrl(get: (s: Setting) => string | undefined): string {
  const url = get("platformBaseUrl") || PLATFORM_BASE_URL;
  if (!/^https?:\/\/[^\s]+$/.test(url)) throw new ConfigError(`${SETTINGS.platformBaseUrl.key} must be an http(s) address, got "${url}"`);
  return url.replace(/\/$/, "");
}
