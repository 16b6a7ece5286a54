import * as pulumi from "@pulumi/pulumi";

// The SDK classes against the Node SDK's mocks: what the program sees of a resource.
pulumi.runtime.setMocks({
  newResource: (args) => {
    return { id: `${args.name}-id`, state: { ...args.inputs, servable: true } };
  },
  call: () => ({}),
}, "project", "stack", false);

// Under jest the package is not in node_modules, so the closure serializer
// would write the provider's modules by value: a provider of no code stands in
// (tests/unit/shim.test.ts and the e2e state checks cover the real one).
jest.mock("../../provider/shim", () => ({ dynamicProvider: () => ({}) }));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const xads = require("../../sdk") as typeof import("../../sdk");

const outputValue = <T>(o: pulumi.Output<T>) => new Promise<T>((resolve) => o.apply(resolve));

describe("an SDK resource as the program sees it", () => {
  test("every output of the kind is there, declared or not; the stack trace limit is the program's again afterwards", async () => {
    const programs = Error.stackTraceLimit;
    Error.stackTraceLimit = 17;
    try {
      const campaign = new xads.Campaign("c", { accountId: "18ce54d4x5t", fundingInstrumentId: "fi1", name: "Spring sale", dailyBudgetAmountLocalMicro: 1_000_000 });
      expect(Error.stackTraceLimit).toBe(17);
      expect(await outputValue(campaign.name)).toBe("Spring sale");
      expect(await outputValue(campaign.servable)).toBe(true);
      expect(await outputValue(campaign.purchaseOrderNumber)).toBeUndefined();
    } finally {
      Error.stackTraceLimit = programs;
    }
  });

  test("a field the program leaves unset reads as its default, as an output of the resource", async () => {
    const campaign = new xads.Campaign("d", { accountId: "18ce54d4x5t", fundingInstrumentId: "fi1", name: "Defaults", dailyBudgetAmountLocalMicro: 1_000_000 });
    expect(await outputValue(campaign.entityStatus)).toBe("ACTIVE");
    expect(await outputValue(campaign.purchaseOrderNumber)).toBeUndefined();
    expect(campaign.purchaseOrderNumber).toBe(campaign.purchaseOrderNumber);
    // A resource that takes it depends on the campaign, as with any output.
    const resources = await (campaign.purchaseOrderNumber as unknown as { resources(): Promise<Set<pulumi.Resource>> }).resources();
    expect([...resources]).toEqual([campaign]);
  });

  test("only the fields the program sets, those the platform fills in, those with a default and the kind's outputs are registered (each costs the program promises until the engine answers)", async () => {
    const lineItem = new xads.LineItem("li", {
      accountId: "18ce54d4x5t", campaignId: "c1", name: "Few outputs", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"],
    });
    const registered = Object.keys(lineItem).filter((k) => pulumi.Output.isInstance((lineItem as unknown as Record<string, unknown>)[k]) && !["urn", "id", "__provider"].includes(k));
    expect(registered.sort()).toEqual([
      "accountId", "bidStrategy", "campaignId", "createdAt", "currency", "entityStatus", "goal", "name", "objective", "payBy", "placements", "productType", "standardDelivery", "startTime",
    ]);
    await outputValue(lineItem.urn);
  });

  test("a field with a default the program leaves unset is registered with it, as check fills it in: refresh --run-program compares the state's inputs with these", async () => {
    const registered: Record<string, Record<string, unknown>> = {};
    pulumi.runtime.setMocks({
      newResource: (args) => {
        registered[args.name] = args.inputs;
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: () => ({}),
    }, "project", "stack", false);
    const fi = new xads.FundingInstrument("fi", { accountId: "18ce54d4x5t", currency: "USD", startTime: "2026-01-01T00:00:00Z" });
    const audience = new xads.CustomAudience("a", { accountId: "18ce54d4x5t", name: "Newsletter" });
    const paused = new xads.Campaign("p", { accountId: "18ce54d4x5t", fundingInstrumentId: "fi1", name: "Paused", entityStatus: "PAUSED", deletionProtection: false });
    await Promise.all([outputValue(fi.urn), outputValue(audience.urn), outputValue(paused.urn)]);
    expect(registered.fi).toMatchObject({ type: "CREDIT_CARD" });
    expect(registered.a).toMatchObject({ deletionProtection: true });
    expect(registered.p).toMatchObject({ entityStatus: "PAUSED", deletionProtection: false });
  });
});
