/**
 * Where the `xads auth` commands take the application's keys and the
 * platform base from: an option, else the stack's config, else the XADS_*
 * environment (the same keys and variables as the provider: provider/config.ts).
 */
import { ConfigError, platformBaseUrl, Setting, SETTINGS } from "../../provider/config";
import { AppCredentials } from "../../provider/platform-auth";
import { CliError } from "../errors";

export interface AppOptions {
  consumerKey?: string;
  consumerSecret?: string;
  baseUrl?: string;
}

export interface ResolvedApp extends AppCredentials {
  /** The keys that came from an option or the environment: login stores them in the stack too. */
  notInStack: Record<string, string>;
}

export function resolveApp(opts: AppOptions, config: Record<string, string | undefined>, env: NodeJS.ProcessEnv = process.env): ResolvedApp {
  const notInStack: Record<string, string> = {};
  const get = (s: Setting, option: string | undefined): string | undefined => {
    const { key, env: name } = SETTINGS[s];
    const value = option || config[key] || env[name] || undefined;
    if (value && !config[key]) notInStack[key] = value;
    return value;
  };
  const consumerKey = get("consumerKey", opts.consumerKey);
  const consumerSecret = get("consumerSecret", opts.consumerSecret);
  if (!consumerKey || !consumerSecret) {
    throw new CliError("the application's consumer key and secret are needed: XADS_CONSUMER_KEY and XADS_CONSUMER_SECRET, xads:consumerKey and xads:consumerSecret in the stack's config, or --consumer-key and --consumer-secret");
  }
  let baseUrl: string;
  try {
    baseUrl = platformBaseUrl((s) => (s === "platformBaseUrl" ? opts.baseUrl : undefined) || config[SETTINGS[s].key] || env[SETTINGS[s].env]);
  } catch (err) {
    throw new CliError(opts.baseUrl ? `--base-url must be an http(s) address, got "${opts.baseUrl}"` : (err as ConfigError).message);
  }
  return { consumerKey, consumerSecret, baseUrl, notInStack };
}
