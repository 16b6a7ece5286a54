import { dynamicProvider } from "../../provider/shim";
import * as methods from "../../provider/state-entry";
import * as legacyMethods from "../../provider/shim-methods";
import { withoutCredentials } from "../integration/fixtures";

const campaignInputs = { accountId: "18ce54d4x5t", fundingInstrumentId: "fi1", name: "Spring sale", dailyBudgetAmountLocalMicro: 50_000_000 };
const settings = (values: Record<string, string>) => ({ config: { get: (key: string) => values[key] } });

describe("the dynamic provider shim", () => {
  test("every resource of a kind shares one provider object, so the SDK serializes it once", () => {
    expect(dynamicProvider("Campaign")).toBe(dynamicProvider("Campaign"));
    expect(dynamicProvider("LineItem")).not.toBe(dynamicProvider("Campaign"));
  });

  test("the provider object holds only its kind; its methods are the shim module's exports (serialized as one require)", () => {
    const provider = dynamicProvider("LineItem");
    expect(Object.keys(provider)).toEqual(["kind"]);
    expect(Object.getPrototypeOf(provider)).toBe(methods);
    expect(Object.keys(methods).sort()).toEqual(["check", "configure", "create", "delete", "diff", "read", "update"]);
  });

  test("the entry point of earlier states (shim-methods.js) has the same methods, on an object of its own so new states name only state-entry.js", () => {
    expect(Object.keys(legacyMethods).sort()).toEqual(Object.keys(methods).sort());
    for (const name of Object.keys(methods) as (keyof typeof methods)[]) expect(legacyMethods[name]).toBe(methods[name]);
    expect(legacyMethods).not.toBe(methods);
  });

  test("a method runs for the kind of the object it is called on", async () => {
    const { failures } = await dynamicProvider("Campaign").check!({}, { ...campaignInputs, name: "" });
    expect(failures?.map((f) => f.property)).toEqual(["name"]);
    const diff = await dynamicProvider("Campaign").diff!("c1", { ...campaignInputs }, { ...campaignInputs, fundingInstrumentId: "fi2" });
    expect(diff).toMatchObject({ changes: true, replaces: ["fundingInstrumentId"] });
  });

  test("configure keeps the stack's settings on the kind's provider object, where check reads them", async () => {
    const provider = Object.create(methods) as methods.Shim;
    Object.assign(provider, { kind: "Campaign" });
    await methods.configure.call(provider, settings({ "xads:maxBudgetMicro": "10000000" }) as never);
    const { failures } = await methods.check.call(provider, {}, campaignInputs);
    expect(failures?.map((f) => f.reason)).toEqual([expect.stringMatching(/^dailyBudgetAmountLocalMicro must be at most 10000000 micros/)]);
    // The kind's shared object was not configured so: no ceiling of 10000000 there (it has no credentials either, which check refuses).
    const env = process.env;
    process.env = withoutCredentials(env);
    const shared = await dynamicProvider("Campaign").check!({}, campaignInputs).finally(() => (process.env = env));
    expect((shared.failures ?? []).map((f) => f.reason)).not.toContainEqual(expect.stringMatching(/must be at most 10000000 micros/));
  });
});
