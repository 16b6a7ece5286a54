import { clientFor } from "../../provider/client/registry";
import { resolveConfig, SETTINGS } from "../../provider/config";
import { isManagedBy, LiveCampaign, liveCampaignsFor, unmanagedActive } from "../live-campaigns";
import { resourceOf, Settings } from "../resources";
import { campaign } from "./fixtures";
import { ACCOUNT, Declared, resourceArgs, unknown } from "./util";
import { resourceChecks } from "../resource-checks";

const view = (d: Declared) => resourceOf(resourceArgs(resourceChecks, d))!;
const live = (over: Partial<LiveCampaign> = {}): LiveCampaign => ({
  id: "8wku2", name: "Spring sale", fundingInstrumentId: "hw6ie", entityStatus: "ACTIVE", createdAt: "2026-03-01T10:00:00Z", ...over,
});

describe("which live campaigns a stack manages", () => {
  test("a campaign adopted by id manages that live campaign, whatever its name", () => {
    expect(isManagedBy(live({ name: "Renamed in the UI" }), view(campaign({ adoptId: "8wku2" })))).toBe(true);
  });

  test("otherwise name and funding instrument match, and the creation time once the state has it", () => {
    expect(isManagedBy(live(), view(campaign()))).toBe(true);
    expect(isManagedBy(live(), view(campaign({ createdAt: "2026-03-01T10:00:00Z" })))).toBe(true);
    expect(isManagedBy(live(), view(campaign({ createdAt: "2025-01-01T00:00:00Z" })))).toBe(false);
    expect(isManagedBy(live(), view(campaign({ name: "Summer sale" })))).toBe(false);
    expect(isManagedBy(live(), view(campaign({ fundingInstrumentId: "other" })))).toBe(false);
  });

  test("a campaign whose funding instrument is not known yet (created in this change) manages no live one", () => {
    expect(isManagedBy(live(), view(campaign({ fundingInstrumentId: unknown })))).toBe(false);
  });

  test("unmanaged active campaigns: live, ACTIVE, and matched by none of the stack's", () => {
    const campaigns = [view(campaign()), view(campaign({ name: "Paused one" }, { name: "p" }))];
    const all = [
      live(),
      live({ id: "a1", name: "Paused one", entityStatus: "ACTIVE" }),
      live({ id: "a2", name: "Someone else's", entityStatus: "ACTIVE" }),
      live({ id: "a3", name: "Someone else's paused", entityStatus: "PAUSED" }),
      live({ id: "a4", name: "A draft", entityStatus: "DRAFT" }),
    ];
    expect(unmanagedActive(all, campaigns).map((c) => c.id)).toEqual(["a2"]);
  });
});

describe("the provider's configuration, which the pack lists live campaigns with", () => {
  const credentials = (tag: string) => ({
    XADS_CONSUMER_KEY: `key-${tag}`, XADS_CONSUMER_SECRET: `secret-${tag}`, XADS_ACCESS_TOKEN: `token-${tag}`, XADS_ACCESS_TOKEN_SECRET: `token-secret-${tag}`,
  });
  const stackConfig = (values: Record<string, string>): Settings => (key) => values[key];
  const noStackConfig: Settings = () => undefined;
  const emulatorConfig = { "xads:sandbox": "true", "xads:sandboxBaseUrl": "http://127.0.0.1:8787/sandbox", "xads:accountId": ACCOUNT };

  test("without the four credentials, in the stack config or the environment, the pack counts the stack only", () => {
    expect(liveCampaignsFor(noStackConfig, {})).toBeUndefined();
    expect(liveCampaignsFor(stackConfig(emulatorConfig), { XADS_CONSUMER_KEY: "k", XADS_CONSUMER_SECRET: "s" })).toBeUndefined();
  });

  test("the recommended set-up (credentials in XADS_* variables, addresses in the stack config) lists at the stack config's address", () => {
    expect(liveCampaignsFor(stackConfig(emulatorConfig), credentials("env"))?.address).toBe("http://127.0.0.1:8787/sandbox");
  });

  test("the stack config wins over the environment, as for the provider", () => {
    const env = { ...credentials("both"), XADS_SANDBOX: "true", XADS_SANDBOX_BASE_URL: "http://127.0.0.1:1/sandbox" };
    expect(liveCampaignsFor(stackConfig(emulatorConfig), env)?.address).toBe("http://127.0.0.1:8787/sandbox");
    expect(liveCampaignsFor(stackConfig({ "xads:sandbox": "false" }), env)?.address).toBe("https://ads-api.x.com");
  });

  test("credentials set as secrets in the stack config are enough", () => {
    const env = credentials("config") as Record<string, string>;
    const secrets = Object.fromEntries(Object.values(SETTINGS).filter((s) => s.secret).map((s) => [s.key, env[s.env]]));
    expect(liveCampaignsFor(stackConfig({ ...emulatorConfig, ...secrets }), {})?.address).toBe("http://127.0.0.1:8787/sandbox");
  });

  test("one listing per account, failed or not, and its message names no credential, even one the platform echoed", async () => {
    const env = credentials("echo");
    const sent: string[] = [];
    // The client the configuration resolves to, registered first with a transport that answers a 400 quoting the token.
    clientFor(resolveConfig(stackConfig(emulatorConfig), env), {
      log: () => {},
      transport: async (request) => {
        sent.push(request.url);
        return { statusCode: 400, headers: {}, body: JSON.stringify({ errors: [{ code: "INVALID_PARAMETER", message: `unknown token ${env.XADS_ACCESS_TOKEN}` }] }) };
      },
    });
    const live = liveCampaignsFor(stackConfig(emulatorConfig), env)!;
    const first = await live.list(ACCOUNT).catch((err: Error) => err.message);
    expect(first).toContain("unknown token [redacted]");
    expect(first).not.toContain(env.XADS_ACCESS_TOKEN);
    await expect(liveCampaignsFor(stackConfig(emulatorConfig), env)!.list(ACCOUNT)).rejects.toThrow(first as string);
    expect(sent).toHaveLength(1);
  });
});
