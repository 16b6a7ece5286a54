/**
 * The provider each resource of a state was managed through
 * (cli/stack-providers.ts): an explicit `pulumi:providers:xads` with its own
 * account, address and credentials (revealed, as `pulumi stack export
 * --show-secrets` gives them), the stack's config for dynamic resources, and
 * a provider whose credentials came from an environment this process lacks
 * named with its variables, never answered with another provider's client.
 */
import { revealed, StackProviders } from "../../cli/stack-providers";
import type { StateResource } from "../../cli/recover-plan";

const SIG = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const shown = (v: unknown) => ({ ...SIG, plaintext: JSON.stringify(v) });
const hidden = { ...SIG, ciphertext: "AAAA" };

const STACK = "urn:pulumi:dev::agency";
const creds = (tag: string) => ({ consumerKey: `ck-${tag}`, consumerSecret: `cs-${tag}`, accessToken: `at-${tag}`, accessTokenSecret: `ats-${tag}` });

function provider(name: string, inputs: Record<string, unknown>): StateResource {
  return { urn: `${STACK}::pulumi:providers:xads::${name}`, type: "pulumi:providers:xads", id: `${name}-id`, custom: true, inputs };
}
const through = (p: StateResource) => `${p.urn}::${p.id}`;
function campaign(name: string, accountId: string, p?: StateResource): StateResource {
  return {
    urn: `${STACK}::xads:index:Campaign::${name}`, type: "xads:index:Campaign", id: `${name}-id`, custom: true,
    inputs: { accountId, name }, ...(p ? { provider: through(p) } : { provider: `${STACK}::pulumi:providers:pulumi-nodejs::default::d` }),
  };
}

const acme = provider("acme", {
  accountId: "acme1", sandbox: "true", sandboxBaseUrl: "http://127.0.0.1:1001",
  ...Object.fromEntries(Object.entries(creds("acme")).map(([k, v]) => [k, shown(v)])),
});
const globex = provider("globex", { accountId: "globex1", sandbox: true, sandboxBaseUrl: "http://127.0.0.1:1002" });
const stackValues = { "xads:sandbox": "true", "xads:sandboxBaseUrl": "http://127.0.0.1:1003", "xads:accountId": "stack1", ...Object.fromEntries(Object.entries(creds("stack")).map(([k, v]) => [`xads:${k}`, v])) };
const state = { resources: [acme, globex, campaign("a", "acme1", acme), campaign("g", "globex1", globex), campaign("d", "stack1")] };
const envOf = (tag: string) => ({ XADS_CONSUMER_KEY: `ck-${tag}`, XADS_CONSUMER_SECRET: `cs-${tag}`, XADS_ACCESS_TOKEN: `at-${tag}`, XADS_ACCESS_TOKEN_SECRET: `ats-${tag}` });

test("a secret of a revealed state is its plaintext; a plain value is itself; one left encrypted is unknown", () => {
  expect(revealed(shown("k"))).toBe("k");
  expect(revealed(shown(true))).toBe(true);
  expect(revealed("plain")).toBe("plain");
  expect(revealed(hidden)).toBeUndefined();
});

test("each resource is read through its own provider: an explicit one's credentials, account and address, the stack's config for a dynamic one", () => {
  const providers = new StackProviders(state, stackValues, () => {}, envOf("env"));
  const [a, g, d] = state.resources.slice(2).map((r) => providers.of(r));
  expect(a!.ctx?.config).toMatchObject({ credentials: creds("acme"), accountId: "acme1", baseUrl: "http://127.0.0.1:1001" });
  expect(d!.ctx?.config).toMatchObject({ credentials: creds("stack"), accountId: "stack1", baseUrl: "http://127.0.0.1:1003" });
  // The provider with no credentials in the state read XADS_* from its environment, as this process does.
  expect(g!.ctx?.config).toMatchObject({ credentials: creds("env"), accountId: "globex1", baseUrl: "http://127.0.0.1:1002" });
  expect(providers.secrets().sort()).toEqual([...Object.values(creds("acme")), ...Object.values(creds("env")), ...Object.values(creds("stack"))].sort());
});

test("a provider whose credentials came from an environment this process lacks is named with its variables, and gets no client (not the stack's, not another provider's)", () => {
  const providers = new StackProviders(state, stackValues, () => {}, {});
  const g = providers.of(state.resources[3]!);
  expect(g.ctx).toBeUndefined();
  expect(g.problem).toBe('provider "globex" (pulumi:providers:xads) (account globex1) has no consumerKey, consumerSecret, accessToken, ' +
    "accessTokenSecret in the state: the pulumi command that ran it read XADS_CONSUMER_KEY, XADS_CONSUMER_SECRET, XADS_ACCESS_TOKEN, " +
    "XADS_ACCESS_TOKEN_SECRET from its environment, and they are not set here. Set them to that provider's credentials, as that " +
    "command's environment had them, and run again; nothing is looked up with another provider's credentials");
  // The other providers are unaffected.
  expect(providers.of(state.resources[2]!).ctx?.config.accountId).toBe("acme1");
  expect(providers.of(state.resources[4]!).ctx?.config.accountId).toBe("stack1");
});

test("credentials the state holds encrypted (no passphrase) are a problem that says so, not a look-up without them", () => {
  const locked = provider("acme", { accountId: "acme1", consumerKey: hidden, consumerSecret: hidden, accessToken: hidden, accessTokenSecret: hidden });
  const p = new StackProviders({ resources: [locked] }, {}, () => {}, envOf("env")).of({ provider: through(locked) });
  expect(p.ctx).toBeUndefined();
  expect(p.problem).toMatch(/provider "acme" .*holds consumerKey, consumerSecret, accessToken, accessTokenSecret encrypted.*PULUMI_CONFIG_PASSPHRASE/);
});

test("an account's provider is the one its resources were managed through, else the stack's config", () => {
  const providers = new StackProviders(state, stackValues, () => {}, envOf("env"));
  expect(providers.forAccount("acme1").label).toBe('provider "acme" (pulumi:providers:xads)');
  expect(providers.forAccount("globex1").label).toBe('provider "globex" (pulumi:providers:xads)');
  expect(providers.forAccount("stack1").label).toBe("the stack's xads:* config");
  expect(providers.forAccount("other").label).toBe("the stack's xads:* config");
  // A provider configured for an account that holds no resource yet.
  const fresh = new StackProviders({ resources: [acme] }, stackValues, () => {}, {});
  expect(fresh.forAccount("acme1").label).toBe('provider "acme" (pulumi:providers:xads)');
});

test("no message of a provider carries a credential", () => {
  const providers = new StackProviders(state, { "xads:consumerKey": "ck-stack" }, () => {}, {});
  const problems = [providers.of(state.resources[3]!), providers.of(state.resources[4]!)].map((p) => p.problem ?? "");
  for (const secret of [...Object.values(creds("acme")), "ck-stack"]) for (const text of problems) expect(text).not.toContain(secret);
  expect(problems[1]).toMatch(/^missing Ads API credentials: xads:consumerSecret/);
});
