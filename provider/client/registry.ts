import { createHash } from "node:crypto";
import { AdsClient, ClientOptions } from "./client";
import { ProviderConfig } from "../config";
import { engineWatch, writeGuard } from "../engine";

/**
 * One client per base address and credentials, for the whole provider
 * process: every dynamic resource of a `pulumi up` runs in one process
 * (docs/architecture.md rule 4), so their requests share queues, rate-limit state and
 * coalescing. Keyed by a digest, so no credential is a map key.
 */
const clients = new Map<string, AdsClient>();

export function clientFor(config: ProviderConfig, options: Partial<ClientOptions> = {}): AdsClient {
  const c = config.credentials;
  const key = createHash("sha256")
    .update([config.baseUrl, config.requestTimeoutMs ?? "", c.consumerKey, c.consumerSecret, c.accessToken, c.accessTokenSecret].join("\n"))
    .digest("hex");
  let client = clients.get(key);
  if (!client) {
    // In the provider process the engine started: no write once that engine is gone.
    const watch = engineWatch();
    client = new AdsClient({
      ...options, credentials: c, baseUrl: config.baseUrl,
      ...(config.requestTimeoutMs ? { timeoutMs: config.requestTimeoutMs } : {}),
      ...(watch ? { beforeWrite: writeGuard(watch) } : {}),
    });
    clients.set(key, client);
  }
  return client;
}
