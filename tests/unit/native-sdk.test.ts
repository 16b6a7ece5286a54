/**
 * The plugin-backed SDK (`pulumi-xads/native`, sdk/native/index.ts) against
 * the Node SDK's mocks: what it registers with the engine (the plugin's type
 * tokens, the explicit provider's settings with its credentials secret),
 * the data sources as the plugin's functions, and
 * how a program and Pulumi's codegen reach it (package.json, the schema's
 * language.nodejs).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { pluginTypeToken, RESOURCES } from "../../provider/resources";
import { packageSchema } from "../../provider/schema";
import { NATIVE_SDK } from "../../tools/generated-files";
import * as protection from "../../sdk/protection";

const registered: { type: string; name: string; inputs: Record<string, unknown> }[] = [];
const calls: { token: string; inputs: Record<string, unknown>; provider?: string }[] = [];
pulumi.runtime.setMocks({
  newResource: (args) => {
    registered.push({ type: args.type, name: args.name, inputs: args.inputs });
    return { id: `${args.name}-id`, state: { ...args.inputs, servable: true } };
  },
  call: (args) => {
    calls.push({ token: args.token, inputs: args.inputs, provider: args.provider });
    return { result: { id: "fi-usd", currency: args.inputs.currency } };
  },
}, "project", "stack", false);

// eslint-disable-next-line @typescript-eslint/no-require-imports
const xads = require("../../sdk/native") as typeof import("../../sdk/native");

const ROOT = join(__dirname, "..", "..");
const outputValue = <T>(o: pulumi.Output<T>) => new Promise<T>((resolve) => o.apply(resolve));
const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };
const registration = (name: string) => registered.find((r) => r.name === name)!;

describe("a native resource as the engine and the program see it", () => {
  test("every kind of the registry has a class that registers the plugin's type token of the kind", async () => {
    const all = xads as unknown as Record<string, new (name: string, args: object) => pulumi.CustomResource>;
    for (const kind of Object.keys(RESOURCES)) {
      expect(typeof all[kind]).toBe("function");
      await outputValue(new all[kind]!(`every-${kind}`, {}).urn);
      expect(registration(`every-${kind}`).type).toBe(pluginTypeToken(kind));
    }
  });

  test("the program's arguments are registered as given, and every input and output of the kind reads from the state", async () => {
    const campaign = new xads.Campaign("spring", { fundingInstrumentId: "fi1", name: "Spring sale", dailyBudgetAmountLocalMicro: 1_000_000 });
    expect(await outputValue(campaign.id)).toBe("spring-id");
    expect(registration("spring").inputs).toEqual({ fundingInstrumentId: "fi1", name: "Spring sale", dailyBudgetAmountLocalMicro: 1_000_000 });
    expect(await outputValue(campaign.name)).toBe("Spring sale");
    // An output the plugin fills in, and an input the program left unset: both are outputs of the resource.
    expect(await outputValue(campaign.servable)).toBe(true);
    expect(await outputValue(campaign.purchaseOrderNumber)).toBeUndefined();
  });

  test("every resource and the explicit provider ask for the plugin of the package's version at its download URL (package.json), unless the program names its own", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; pulumi: { server: string } };
    expect(pkg.pulumi.server).toMatch(/^(github|https?):\/\//);
    const asked = (r: pulumi.Resource) => {
      const held = r as unknown as { __version?: string; __pluginDownloadURL?: string };
      return { version: held.__version, pluginDownloadURL: held.__pluginDownloadURL };
    };
    const plugin = { version: pkg.version, pluginDownloadURL: pkg.pulumi.server };
    expect(asked(new xads.Campaign("plugin-asked", { fundingInstrumentId: "fi1", name: "Asked" }))).toEqual(plugin);
    expect(asked(new xads.Provider("plugin-asked-provider", {}))).toEqual(plugin);
    const mirror = { version: pkg.version, pluginDownloadURL: "https://mirror.example/xads" };
    expect(asked(new xads.Campaign("plugin-mirror", { fundingInstrumentId: "fi1", name: "Mirror" }, { pluginDownloadURL: mirror.pluginDownloadURL }))).toEqual(mirror);
  });

  test("deletionProtection is the engine's protect, as in the dynamic SDK: on by default, off when the program says false, the program's own protect option first", () => {
    const options = jest.spyOn(protection, "protectedAsDeclared");
    try {
      const campaign = (name: string, args: object, opts?: pulumi.CustomResourceOptions) =>
        new xads.Campaign(name, { fundingInstrumentId: "fi1", name, ...args }, opts);
      campaign("guarded", {});
      campaign("unguarded", { deletionProtection: false });
      campaign("kept", { deletionProtection: false }, { protect: true });
      new xads.LineItem("no-protection-field", { campaignId: "c1", objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] });
      expect(options.mock.results.map((r) => (r.value as pulumi.CustomResourceOptions | undefined)?.protect)).toEqual([true, false, true]);
    } finally {
      options.mockRestore();
    }
  });

  test("a kind's arguments are the dynamic SDK's: a required field left out does not compile", () => {
    // @ts-expect-error fundingInstrumentId is required, as in the dynamic Campaign's arguments
    const missing: import("../../sdk/native").CampaignArgs = { name: "No instrument", dailyBudgetAmountLocalMicro: 1 };
    const same: import("../../sdk").CampaignArgs = { fundingInstrumentId: "fi1", name: "Same", dailyBudgetAmountLocalMicro: 1 };
    const native: import("../../sdk/native").CampaignArgs = same;
    expect([missing, native]).toHaveLength(2);
  });
});

describe("member lists take raw identifiers, as the dynamic classes do", () => {
  const sha = (s: string) => createHash("sha256").update(s).digest("hex");

  test("CustomAudienceMembers and DoNotReachListMembers register their users hashed in the program and secret, never the raw values", async () => {
    const members = new xads.CustomAudienceMembers("native-users", { customAudienceId: "ca1", users: [{ email: [" Jane.Doe@Example.com "] }, { handle: ["@JaneDoe"] }] });
    const optOuts = new xads.DoNotReachListMembers("native-opt-outs", { doNotReachListId: "dnr1", users: [{ phoneNumber: ["+44 20 7946 0958"] }] });
    await outputValue(members.urn);
    await outputValue(optOuts.urn);
    expect(registration("native-users").inputs.users).toEqual({ ...SECRET, value: [{ email: [sha("jane.doe@example.com")] }, { handle: [sha("janedoe")] }] });
    expect(registration("native-opt-outs").inputs.users).toEqual({ ...SECRET, value: [{ phoneNumber: [sha("442079460958")] }] });
    expect(JSON.stringify(registered)).not.toMatch(/jane\.doe|JaneDoe|7946/i);
  });

  test("their arguments are the dynamic classes' (a kind written by hand there)", () => {
    const same: import("../../sdk").CustomAudienceMembersArgs = { customAudienceId: "ca1", users: [{ email: ["a@example.com"] }] };
    const native: import("../../sdk/native").CustomAudienceMembersArgs = same;
    const optOuts: import("../../sdk/native").DoNotReachListMembersArgs = { doNotReachListId: "dnr1", users: [{ email: ["a@example.com"] }] };
    const dynamicOptOuts: import("../../sdk").DoNotReachListMembersArgs = optOuts;
    expect([native, dynamicOptOuts]).toHaveLength(2);
  });
});

describe("xads.Provider", () => {
  test("registers pulumi:providers:xads with the settings given; the credentials are secret even when given as plain strings", async () => {
    const provider = new xads.Provider("acme", {
      accountId: "18ce54d4x5t", sandbox: true, requestTimeoutMs: 5_000,
      consumerKey: "ck-plain", consumerSecret: pulumi.secret("cs"), accessToken: pulumi.output("at-plain"), accessTokenSecret: "ats-plain",
    });
    await outputValue(provider.urn);
    expect(registration("acme")).toEqual({
      type: "pulumi:providers:xads",
      name: "acme",
      inputs: {
        accountId: "18ce54d4x5t", sandbox: true, requestTimeoutMs: 5_000,
        consumerKey: { ...SECRET, value: "ck-plain" }, consumerSecret: { ...SECRET, value: "cs" },
        accessToken: { ...SECRET, value: "at-plain" }, accessTokenSecret: { ...SECRET, value: "ats-plain" },
      },
    });
    const key = (provider as unknown as Record<string, pulumi.Output<string>>).consumerKey!;
    expect(await pulumi.isSecret(key)).toBe(true);
  });

  test("takes every setting of the schema's provider configuration, and nothing else", () => {
    const config = (packageSchema("0.0.0").provider as { inputProperties: Record<string, unknown> }).inputProperties;
    const source = readFileSync(join(ROOT, NATIVE_SDK), "utf8");
    const args = /export interface ProviderArgs \{([\s\S]*?)\n\}/.exec(source)![1]!;
    expect([...args.matchAll(/^ {2}(\w+)\?:/gm)].map((m) => m[1])).toEqual(Object.keys(config));
  });

  test("a resource given it as its provider is registered with it", async () => {
    const provider = new xads.Provider("other", { accountId: "9other" });
    const campaign = new xads.Campaign("through-other", { fundingInstrumentId: "fi1", name: "Other", dailyBudgetAmountLocalMicro: 1 }, { provider });
    expect(await outputValue(campaign.urn)).toContain("xads:index:Campaign::through-other");
    expect(registration("through-other").type).toBe("xads:index:Campaign");
  });
});

describe("the data sources", () => {
  test("every function of the schema is there", () => {
    const all = xads as unknown as Record<string, unknown>;
    const functions = Object.keys(packageSchema("0.0.0").functions as object).map((token) => token.replace(/^xads:index:/, ""));
    expect(functions.filter((name) => typeof all[name] !== "function")).toEqual([]);
  });

  test("a data source invokes the plugin's function through the provider given, and answers its result", async () => {
    const provider = new xads.Provider("reader", { accountId: "9reader" });
    const instrument = await xads.getFundingInstrument({ currency: "USD" }, { provider });
    expect(instrument).toEqual({ id: "fi-usd", currency: "USD" });
    expect(calls).toEqual([{ token: "xads:index:getFundingInstrument", inputs: { currency: "USD" }, provider: expect.stringContaining("pulumi:providers:xads::reader::") }]);
  });
});

describe("how programs and Pulumi's codegen reach it", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { name: string; files: string[] };
  const entry = JSON.parse(readFileSync(join(ROOT, "native", "package.json"), "utf8")) as { main: string; types: string };

  test("pulumi-xads/native is the compiled sdk/native/index.ts, for Node and TypeScript (native/package.json), and is packed", () => {
    expect(join("native", entry.main)).toBe(join("dist", NATIVE_SDK.replace(/\.ts$/, ".js")));
    expect(join("native", entry.types)).toBe(join("dist", NATIVE_SDK.replace(/\.ts$/, ".d.ts")));
    expect(pkg.files).toEqual(expect.arrayContaining(["native/", "dist/"]));
  });

  test("the schema names it as the Node.js package, so the TypeScript pulumi import writes imports it", () => {
    expect((packageSchema("0.0.0").language as { nodejs: { packageName: string } }).nodejs.packageName).toBe(`${pkg.name}/native`);
  });
});
