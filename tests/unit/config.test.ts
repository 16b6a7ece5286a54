import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_MAX_BUDGET_MICRO, maxBudgetMicro, resolveConfig, SANDBOX_BASE_URL } from "../../provider/config";
import { checkInputs } from "../../provider/dispatch";
import { CREATE_ONLY_NOTE, renderSchema } from "../../provider/schema";
import { DATA_SOURCES } from "../../provider/data-sources-table";

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
    // toThrow(string) matches a substring: a message that also printed the key it was given would pass it.
    // The whole message is compared, and the values given (one in the stack, one in the environment) are absent from it.
    let message = "";
    try {
      resolveConfig((k) => (k === "xads:consumerKey" ? "ck-value" : undefined), { XADS_ACCESS_TOKEN: "at-env-value" });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(
      "missing Ads API credentials: xads:consumerSecret (pulumi config set --secret xads:consumerSecret ...) or XADS_CONSUMER_SECRET; " +
        "xads:accessTokenSecret (pulumi config set --secret xads:accessTokenSecret ...) or XADS_ACCESS_TOKEN_SECRET",
    );
    expect(message).not.toContain("ck-value");
    expect(message).not.toContain("at-env-value");
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

describe("the ceiling of amounts in micros (xads:maxBudgetMicro)", () => {
  test("defaults to 100,000,000 in the currency; the stack config wins over XADS_MAX_BUDGET_MICRO", () => {
    expect(maxBudgetMicro(() => undefined, {})).toBe(DEFAULT_MAX_BUDGET_MICRO);
    expect(DEFAULT_MAX_BUDGET_MICRO).toBe(100_000_000_000_000);
    expect(maxBudgetMicro(() => undefined, { XADS_MAX_BUDGET_MICRO: "5000000000000000" })).toBe(5_000_000_000_000_000);
    expect(maxBudgetMicro((k) => (k === "xads:maxBudgetMicro" ? "7" : undefined), { XADS_MAX_BUDGET_MICRO: "9" })).toBe(7);
  });

  test("a value that is not a whole number of micros JavaScript holds exactly is refused, naming the key", () => {
    for (const bad of ["1e15", "-1", "0", "9007199254740992", "lots"]) {
      expect(() => maxBudgetMicro(() => bad, {})).toThrow(
        `xads:maxBudgetMicro (or XADS_MAX_BUDGET_MICRO) must be a whole number of micros from 1 to 9007199254740991, got "${bad}"`,
      );
    }
  });

  test("check (preview) holds a campaign's budget to the stack's ceiling, and names a malformed one", () => {
    const campaign = { accountId: "18ce54d4x5t", fundingInstrumentId: "fi1", name: "Spring sale", dailyBudgetAmountLocalMicro: 2_000_000_000_000_000 };
    const holder = (settings: Record<string, string>) => ({ xadsSettings: settings });
    const properties = (settings: Record<string, string>) => checkInputs("Campaign", {}, campaign, holder(settings)).failures?.map((f) => f.property);
    expect(properties({})).toEqual(["dailyBudgetAmountLocalMicro"]);
    expect(properties({ "xads:maxBudgetMicro": "2000000000000000" })).toBeUndefined();
    expect(checkInputs("Campaign", {}, campaign, holder({ "xads:maxBudgetMicro": "2e15" })).failures).toEqual([{
      property: "", reason: 'xads:maxBudgetMicro (or XADS_MAX_BUDGET_MICRO) must be a whole number of micros from 1 to 9007199254740991, got "2e15"',
    }]);
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

  test("each data source is a function xads:index:<name>: its arguments as inputs (required unless optional), its answer as result", () => {
    type Fn = { inputs: { properties: Record<string, { type?: string; items?: { type?: string } }>; required?: string[] }; outputs: { properties: { result: { type?: string } }; required: string[] } };
    const functions = (JSON.parse(renderSchema("0.0.0")) as { functions: Record<string, Fn> }).functions;
    expect(Object.keys(functions).sort()).toEqual(Object.keys(DATA_SOURCES).map((n) => `xads:index:${n}`).sort());
    const fi = functions["xads:index:getFundingInstrument"]!;
    expect(Object.keys(fi.inputs.properties).sort()).toEqual(["accountId", "currency", "id"]);
    expect(fi.inputs.required).toBeUndefined();
    expect(fi.outputs).toMatchObject({ properties: { result: { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } } }, required: ["result"] });
    const curated = functions["xads:index:getCuratedCategories"]!;
    expect(curated.inputs.required).toEqual(["countryCodes"]);
    expect(curated.inputs.properties.countryCodes).toMatchObject({ type: "array", items: { type: "string" } });
    expect(curated.outputs.properties.result.type).toBe("array");
  });

  test("a create-only input's description says Create-only. once, at its end; no other input's says it", () => {
    const schema = JSON.parse(renderSchema("0.0.0")) as { resources: Record<string, { inputProperties: Record<string, { description?: string; replaceOnChanges?: boolean }> }> };
    const wrong = Object.entries(schema.resources).flatMap(([kind, r]) => Object.entries(r.inputProperties)
      .filter(([, p]) => (p.description ?? "").split(CREATE_ONLY_NOTE).length - 1 !== (p.replaceOnChanges ? 1 : 0)
        || (p.replaceOnChanges === true && !p.description!.endsWith(CREATE_ONLY_NOTE)))
      .map(([name, p]) => `${kind}.${name}: ${p.description}`));
    expect(wrong).toEqual([]);
  });

  /** Where a property is not a type Pulumi's schema has (primitive, array, map, pulumi.json#/Any): the places SDK codegen refuses. */
  function notPulumiTypes(p: Record<string, unknown>, at: string): string[] {
    const keys = ["oneOf", "anyOf", "properties", "$defs", "propertyNames"].filter((k) => k in p);
    if (keys.length > 0) return [`${at}: ${keys.join(", ")}`];
    if (p.$ref !== undefined) return p.$ref === "pulumi.json#/Any" ? [] : [`${at}: $ref ${String(p.$ref)}`];
    if (p.type === "array") return notPulumiTypes(p.items as Record<string, unknown>, `${at}[]`);
    if (p.type === "object") return typeof p.additionalProperties === "object" ? notPulumiTypes(p.additionalProperties as Record<string, unknown>, `${at}{}`) : [`${at}: object without a value type`];
    return ["string", "integer", "number", "boolean"].includes(p.type as string) ? [] : [`${at}: type ${String(p.type)}`];
  }

  test("every property is a type of Pulumi's package schema, so SDK codegen binds it; an object of named fields is Any", () => {
    const schema = JSON.parse(renderSchema("0.0.0")) as { resources: Record<string, { inputProperties: Record<string, Record<string, unknown>>; properties: Record<string, Record<string, unknown>> }>; provider: { inputProperties: Record<string, Record<string, unknown>> } };
    const wrong = [
      ...Object.entries(schema.resources).flatMap(([token, r]) => Object.entries({ ...r.inputProperties, ...r.properties }).flatMap(([name, p]) => notPulumiTypes(p, `${token}.${name}`))),
      ...Object.entries(schema.provider.inputProperties).flatMap(([name, p]) => notPulumiTypes(p, `provider.${name}`)),
    ];
    expect(wrong).toEqual([]);
    const card = schema.resources["xads:index:Card"]!.inputProperties;
    expect(card.components).toMatchObject({ type: "array", minItems: 1, items: { $ref: "pulumi.json#/Any" } });
    expect(schema.resources["xads:index:AccountFeatures"]!.properties.featureKeySet).toMatchObject({ type: "object", additionalProperties: { type: "boolean" } });
  });

  test("the Python SDK's name, version and pulumi requirement are in the schema's language section", () => {
    const schema = JSON.parse(renderSchema("1.2.3"));
    expect(schema.language.python).toMatchObject({ packageName: "pulumi_xads", respectSchemaVersion: true, pyproject: { enabled: true }, requires: { pulumi: ">=3.259.0,<3.260.0" } });
    // The range holds the release the tests run on (tests/python/requirements.txt), and no newer minor one.
    const tested = /^pulumi==(\S+)/m.exec(readFileSync(join(__dirname, "..", "python", "requirements.txt"), "utf8"))![1];
    expect(tested).toMatch(/^3\.259\./);
  });

  test("the plugin's download URL is in the schema when given (package.json's pulumi.server), and absent otherwise", () => {
    expect(JSON.parse(renderSchema("1.2.3", "https://mirror.example/xads")).pluginDownloadURL).toBe("https://mirror.example/xads");
    expect(JSON.parse(renderSchema("1.2.3"))).not.toHaveProperty("pluginDownloadURL");
  });
});
