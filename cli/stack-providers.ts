/**
 * The provider each xads resource of a stack was managed through, as the
 * engine configured it, so that a command that reads or looks up a stack's
 * entities (`xads recover`, `xads drift`, `xads pr-summary`, `xads import
 * --stack`) asks the platform as that resource's provider did: its
 * account, its address and its credentials. A program with a provider per
 * ads account (`xads.Provider`, a YAML `pulumi:providers:xads`) has several;
 * a look-up with another provider's client would find nothing in the right
 * account and report a made entity as never made (docs/operations.md, "When
 * an update is interrupted").
 *
 * - A resource of the provider plugin names its provider in the state
 *   (`provider: <urn>::<id>`): a `pulumi:providers:xads` resource, explicit
 *   or the engine's default one, whose inputs are its settings (the default
 *   one's are the stack's `xads:*` config). Credentials are secret there;
 *   the state given here is revealed (`pulumi stack export --show-secrets`,
 *   in memory only). A setting it lacks the plugin read from its own
 *   environment (`XADS_*`), as this process does.
 * - A dynamic resource's provider is configured by the stack config, then
 *   the `XADS_*` environment (sdk/config.ts).
 *
 * A provider whose credentials cannot be had here is named with the
 * variables it read, and no client is made for it: nothing is looked up
 * with another provider's credentials.
 */
import { AdsClient } from "../provider/client/client";
import { ConfigError, ProviderConfig, resolveConfig, SETTINGS, settingsOfProperties } from "../provider/config";
import { nameOfUrn, typeOfUrn } from "../provider/resources";
import { CliError } from "./errors";
import { kindOfState, StateResource } from "./recover-plan";

/** The type of the plugin's providers in a state (explicit ones, and the engine's default one). */
export const XADS_PROVIDER_TYPE = "pulumi:providers:xads";

export interface ClientContext {
  client: AdsClient;
  config: ProviderConfig;
}

/** One provider of a stack: how messages name it, and its client or why there is none. */
export interface StackProvider {
  /** `provider "globex" (pulumi:providers:xads)`, or `the stack's xads:* config` for dynamic resources. */
  label: string;
  ctx?: ClientContext;
  /** Why no client can be made for it (a missing credential, a bad setting): names settings and variables, never a value. */
  problem?: string;
}

const CREDENTIALS = ["consumerKey", "consumerSecret", "accessToken", "accessTokenSecret"] as const;

/** A value of a state revealed by `pulumi stack export --show-secrets`: a secret's plaintext (JSON) read, anything else as it is; a secret left encrypted is unknown (undefined). */
export function revealed(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  if (v["4dabf18193072939515e22adb298388d"] !== "1b47061264138c4ac30d75fd1eb44270") return value;
  if (typeof v.plaintext === "string") {
    try {
      return JSON.parse(v.plaintext);
    } catch {
      return v.plaintext;
    }
  }
  return "value" in v ? v.value : undefined;
}

/** The URN and id a resource's `provider` reference names (`<urn>::<id>`). */
export function providerReference(ref: string): { urn: string; id: string } {
  const at = ref.lastIndexOf("::");
  return { urn: ref.slice(0, at), id: ref.slice(at + 2) };
}

/**
 * The providers of a stack's state. `state`: the deployment with secrets
 * revealed (only the providers' inputs are read of it); `stackValues`: the
 * stack's config (secrets decrypted); `env`: where a setting a provider
 * lacks comes from, as the provider read it.
 */
export class StackProviders {
  private readonly byRef = new Map<string, StackProvider>();
  private stackProvider?: StackProvider;
  private readonly providers: Map<string, StateResource>;

  constructor(
    private readonly state: { resources?: StateResource[] },
    private readonly stackValues: Record<string, string | undefined>,
    private readonly log: (line: string) => void,
    private readonly env: Record<string, string | undefined> = process.env,
  ) {
    this.providers = new Map((state.resources ?? []).filter((r) => r.type === XADS_PROVIDER_TYPE && r.id).map((r) => [`${r.urn}::${r.id}`, r]));
  }

  /** The provider a resource of the state (or of a pending operation) was managed through. */
  of(resource: Pick<StateResource, "provider">): StackProvider {
    const ref = typeof resource.provider === "string" ? resource.provider : undefined;
    if (!ref || typeOfUrn(providerReference(ref).urn) !== XADS_PROVIDER_TYPE) return this.ofStack();
    let known = this.byRef.get(ref);
    if (!known) {
      known = this.ofProviderResource(ref);
      this.byRef.set(ref, known);
    }
    return known;
  }

  /**
   * The provider of an account: the one the state's resources of that
   * account were managed through, else a provider configured for that
   * account, else the stack's config (a stack of one account).
   */
  forAccount(accountId: string | undefined): StackProvider {
    if (accountId !== undefined) {
      for (const r of this.state.resources ?? []) {
        if (kindOfState(r) && accountOfResource(r) === accountId) return this.of(r);
      }
      for (const ref of this.providers.keys()) {
        const p = this.of({ provider: ref });
        if (p.ctx?.config.accountId === accountId) return p;
      }
    }
    return this.ofStack();
  }

  /** Every credential any provider of the stack holds, for redaction. */
  secrets(): string[] {
    const all = [this.ofStack(), ...[...this.providers.keys()].map((ref) => this.of({ provider: ref }))];
    return [...new Set(all.flatMap((p) => (p.ctx ? Object.values(p.ctx.config.credentials) : [])))];
  }

  private ofStack(): StackProvider {
    // Its message names the xads:* keys and XADS_* variables already.
    this.stackProvider ??= this.made("the stack's xads:* config", (key) => this.stackValues[key], (message) => message);
    return this.stackProvider;
  }

  private ofProviderResource(ref: string): StackProvider {
    const { urn } = providerReference(ref);
    const name = nameOfUrn(urn);
    const isDefault = name.startsWith("default");
    const label = isDefault ? "the stack's default xads provider (its xads:* config)" : `provider "${name}" (${XADS_PROVIDER_TYPE})`;
    const resource = this.providers.get(ref);
    if (!resource) return { label, problem: `${label} is not in the state, so its settings are not known` };
    const inputs = Object.fromEntries(Object.entries(resource.inputs ?? {}).map(([k, v]) => [k, revealed(v)]));
    const encrypted = CREDENTIALS.filter((c) => resource.inputs?.[c] !== undefined && inputs[c] === undefined);
    if (encrypted.length > 0) {
      return { label, problem: `${label}: the state holds ${encrypted.join(", ")} encrypted and they could not be revealed (the stack's secrets provider: PULUMI_CONFIG_PASSPHRASE)` };
    }
    const settings = settingsOfProperties(inputs);
    return this.made(label, (key) => settings[key], (message) => {
      if (isDefault) return `${label}: ${message}`;
      // A credential the provider's properties lack came from the environment of the pulumi command that ran it.
      const missing = CREDENTIALS.filter((c) => settings[SETTINGS[c].key] === undefined && !this.env[SETTINGS[c].env]);
      if (missing.length === 0) return `${label}: ${message}`;
      const account = typeof inputs.accountId === "string" ? ` (account ${inputs.accountId})` : "";
      return `${label}${account} has no ${missing.join(", ")} in the state: the pulumi command that ran it read ` +
        `${missing.map((c) => SETTINGS[c].env).join(", ")} from its environment, and they are not set here. Set them to that ` +
        `provider's credentials, as that command's environment had them, and run again; nothing is looked up with another provider's credentials`;
    });
  }

  private made(label: string, lookup: (key: string) => string | undefined, explain: (message: string) => string): StackProvider {
    try {
      const config = resolveConfig(lookup, this.env);
      const client = new AdsClient({ credentials: config.credentials, baseUrl: config.baseUrl, log: this.log, ...(config.requestTimeoutMs ? { timeoutMs: config.requestTimeoutMs } : {}) });
      return { label, ctx: { client, config } };
    } catch (err) {
      if (err instanceof ConfigError) return { label, problem: explain(err.message) };
      throw err;
    }
  }
}

/** A resource's ads account, as its inputs or outputs hold it. */
export function accountOfResource(r: Pick<StateResource, "inputs" | "outputs">): string | undefined {
  const a = r.outputs?.accountId ?? r.inputs?.accountId;
  return typeof a === "string" && a !== "" ? a : undefined;
}

/** The provider's client, or a CliError naming why there is none. */
export function clientOf(p: StackProvider): ClientContext {
  if (!p.ctx) throw new CliError(p.problem ?? `${p.label}: no client`);
  return p.ctx;
}

/** The client a resource of the state is read with (its provider's); throws a CliError naming why there is none. */
export type ContextOf = (resource: StateResource) => ClientContext;

/** StackProviders' ContextOf. */
export function contextsOf(providers: StackProviders): ContextOf {
  return (resource) => clientOf(providers.of(resource));
}
