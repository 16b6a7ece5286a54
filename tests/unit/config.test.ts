import { resolveConfig, SANDBOX_BASE_URL } from "../../provider/config";
import { renderSchema } from "../../provider/schema";

const creds = {
  "xads:consumerKey": "ck-value", "xads:consumerSecret": "cs-value",
  "xads:accessToken": "at-value", "xads:accessTokenSecret": "ats-value",
};

describe("provider configuration", () => {
  test("stack config wins over the environment", () => {
    const c = resolveConfig((k) => (creds as Record<string, string>)[k], { XADS_CONSUMER_KEY: "env-key" });
    expect(c.credentials.consumerKey).toBe("ck-value");
  });

  test("the environment is used when the stack has no value", () => {
    const c = resolveConfig(() => undefined, {
      XADS_CONSUMER_KEY: "a", XADS_CONSUMER_SECRET: "b", XADS_ACCESS_TOKEN: "c", XADS_ACCESS_TOKEN_SECRET: "d", XADS_SANDBOX: "true",
    });
    expect(c).toMatchObject({ sandbox: true, baseUrl: SANDBOX_BASE_URL });
  });

  test("missing credentials name every missing key and how to set it, and no value", () => {
    expect(() => resolveConfig((k) => (k === "xads:consumerKey" ? "ck-value" : undefined), {})).toThrow(
      "missing Ads API credentials: xads:consumerSecret (pulumi config set --secret xads:consumerSecret ...) or XADS_CONSUMER_SECRET; " +
        "xads:accessToken (pulumi config set --secret xads:accessToken ...) or XADS_ACCESS_TOKEN; " +
        "xads:accessTokenSecret (pulumi config set --secret xads:accessTokenSecret ...) or XADS_ACCESS_TOKEN_SECRET",
    );
  });

  test("sandbox must be true or false", () => {
    expect(() => resolveConfig((k) => (k === "xads:sandbox" ? "yes" : (creds as Record<string, string>)[k]), {})).toThrow(
      'xads:sandbox must be true or false, got "yes"',
    );
  });

  test("the sandbox base address can be overridden (the emulator)", () => {
    const all: Record<string, string> = { ...creds, "xads:sandbox": "true", "xads:sandboxBaseUrl": "http://127.0.0.1:8787/sandbox/" };
    expect(resolveConfig((k) => all[k], {}).baseUrl).toBe("http://127.0.0.1:8787/sandbox");
  });

  test("the request time-out is a whole number of milliseconds, from the stack or the environment", () => {
    const get = (k: string) => (creds as Record<string, string>)[k];
    expect(resolveConfig(get, { XADS_REQUEST_TIMEOUT_MS: "2000" }).requestTimeoutMs).toBe(2000);
    expect(resolveConfig(get, {}).requestTimeoutMs).toBeUndefined();
    expect(() => resolveConfig(get, { XADS_REQUEST_TIMEOUT_MS: "2s" })).toThrow(
      'xads:requestTimeoutMs must be a whole number of milliseconds of at least 100, got "2s"',
    );
  });
});

describe("schema.json", () => {
  test("marks create-only inputs as replaceOnChanges and credentials as secret", () => {
    const schema = JSON.parse(renderSchema("0.0.0"));
    const campaign = schema.resources["xads:index:Campaign"];
    expect(campaign.inputProperties.fundingInstrumentId.replaceOnChanges).toBe(true);
    expect(campaign.inputProperties.name.replaceOnChanges).toBeUndefined();
    expect(campaign["x-dynamicTypeToken"]).toBe("pulumi-nodejs:dynamic/xads:Campaign");
    expect(schema.config.variables.consumerSecret.secret).toBe(true);
  });
});
