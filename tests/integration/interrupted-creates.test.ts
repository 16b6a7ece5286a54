/**
 * The next `up` takes over what an interrupted update's creates made
 * (provider/interrupted-creates.ts): a create of a kind the state has a
 * pending create of is looked up before it is sent, against the emulator;
 * the state's reading is pure and tested without a CLI.
 */
import { checkpointsSkipped, InterruptedCreateGuard, interruptedIn, stackOf } from "../../provider/interrupted-creates";
import { ACCOUNT, seedCampaign, seedFundingInstrument, useEmulator } from "./fixtures";

const fixture = useEmulator();

const campaignUrn = (name: string) => `urn:pulumi:dev::shop::xads:index:Campaign::${name}`;

test("a state's interrupted creates: the kinds of its pending creates (dynamic and plugin resources), and the ids its xads resources hold", () => {
  const state = interruptedIn({
    resources: [
      { urn: "urn:pulumi:dev::shop::pulumi:pulumi:Stack::shop-dev", type: "pulumi:pulumi:Stack" },
      { urn: campaignUrn("held"), type: "xads:index:Campaign", id: "c1", inputs: {} },
      { urn: "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/xads:LineItem::li", type: "pulumi-nodejs:dynamic/xads:LineItem", id: "l1", inputs: {} },
    ],
    pending_operations: [
      { type: "creating", resource: { urn: campaignUrn("again"), type: "xads:index:Campaign", inputs: {} } },
      { type: "updating", resource: { urn: "urn:pulumi:dev::shop::xads:index:LineItem::x", type: "xads:index:LineItem", inputs: {} } },
      { type: "creating", resource: { urn: "urn:pulumi:dev::shop::aws:s3:Bucket::b", type: "aws:s3/bucket:Bucket", inputs: {} } },
    ],
  });
  expect([...state.kinds]).toEqual(["Campaign"]);
  expect([...state.held].sort()).toEqual(["c1", "l1"]);
});

test("the stack of an update: the CLI's --stack (any form), else the resource's URN", () => {
  expect(stackOf(["pulumi", "up", "--stack", "org/shop/prod", "--yes"], campaignUrn("a"))).toBe("org/shop/prod");
  expect(stackOf(["pulumi", "up", "-s", "prod"], undefined)).toBe("prod");
  expect(stackOf(["pulumi", "up", "--stack=prod"], undefined)).toBe("prod");
  expect(stackOf(["pulumi", "up", "--yes"], campaignUrn("a"))).toBe("dev");
  expect(stackOf(undefined, undefined)).toBeUndefined();
});

describe("a create of a kind with a pending create in the state", () => {
  const said: string[] = [];
  const guardOf = (kinds: string[], held: string[] = [], reads = { count: 0 }) =>
    new InterruptedCreateGuard(async () => { reads.count++; return { kinds: new Set(kinds), held: new Set(held) }; }, (line) => said.push(line));

  test("takes over the entity the interrupted create made, once: a second create like it is sent; the state is read once", async () => {
    const fundingInstrumentId = await seedFundingInstrument(fixture.client());
    const made = await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Spring" });
    const reads = { count: 0 };
    const guard = guardOf(["Campaign"], [], reads);
    const inputs = { accountId: ACCOUNT, fundingInstrumentId, name: "Spring", dailyBudgetAmountLocalMicro: 1_000_000, entityStatus: "ACTIVE" };
    const taken = await guard.takeOver(fixture.ctx(), "Campaign", inputs, campaignUrn("spring"));
    expect(taken).toMatchObject({ id: String(made.id), outs: { name: "Spring", fundingInstrumentId } });
    expect(said.at(-1)).toBe(`pulumi-xads: Campaign ${made.id} was made by an interrupted update's create (pending in the state): taken over, not created again`);
    // The same entity is never taken twice.
    expect(await guard.takeOver(fixture.ctx(), "Campaign", inputs, campaignUrn("spring-again"))).toBeUndefined();
    expect(reads.count).toBe(1);
  });

  test("is sent when its kind has no pending create, or what matches is held by the state or was made by this process", async () => {
    const fundingInstrumentId = await seedFundingInstrument(fixture.client());
    const made = await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Summer" });
    const inputs = { accountId: ACCOUNT, fundingInstrumentId, name: "Summer", dailyBudgetAmountLocalMicro: 1_000_000 };
    expect(await guardOf(["LineItem"]).takeOver(fixture.ctx(), "Campaign", inputs)).toBeUndefined();
    expect(await guardOf(["Campaign"], [String(made.id)]).takeOver(fixture.ctx(), "Campaign", inputs)).toBeUndefined();
    const guard = guardOf(["Campaign"]);
    guard.made(String(made.id));
    expect(await guard.takeOver(fixture.ctx(), "Campaign", inputs)).toBeUndefined();
    // An adoption names its entity: no look-up.
    expect(await guardOf(["Campaign"]).takeOver(fixture.ctx(), "Campaign", { ...inputs, adoptId: "x1" })).toBeUndefined();
  });

  test("the state is read by the first check, before any create of the run can be pending in it: once, and a failed read fails no check", async () => {
    const reads = { count: 0 };
    const guard = guardOf(["Campaign"], [], reads);
    await Promise.all([guard.ready(), guard.ready("urn:pulumi:dev::shop::xads:index:Campaign::a")]);
    await guard.takeOver(fixture.ctx(), "Campaign", { accountId: ACCOUNT, fundingInstrumentId: await seedFundingInstrument(fixture.client()), name: "None yet", dailyBudgetAmountLocalMicro: 1_000_000 });
    expect(reads.count).toBe(1);
    const failing = new InterruptedCreateGuard(async () => { throw new Error("no backend"); }, () => {});
    await expect(failing.ready()).resolves.toBeUndefined();
  });

  test("fails, sending nothing, when the state cannot be read or the look-up finds several", async () => {
    const failing = new InterruptedCreateGuard(async () => { throw new Error("pulumi stack export failed: no stack named dev"); }, () => {});
    await expect(failing.takeOver(fixture.ctx(), "Campaign", { accountId: ACCOUNT, fundingInstrumentId: "f1", name: "X" })).rejects.toThrow(
      /^the stack's state could not be read to look for creates an interrupted update left \(pulumi stack export failed: no stack named dev\), so nothing was sent: run pulumi up again once it can be read, or xads recover first/);
    const fundingInstrumentId = await seedFundingInstrument(fixture.client());
    const ids = [await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Twice" }), await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Twice" })].map((c) => c.id);
    const before = fixture.emu.control.requests().filter((r) => r.method === "POST").length;
    await expect(guardOf(["Campaign"]).takeOver(fixture.ctx(), "Campaign", { accountId: ACCOUNT, fundingInstrumentId, name: "Twice", dailyBudgetAmountLocalMicro: 1_000_000 }))
      .rejects.toThrow(new RegExp(`^an interrupted update left a create of this Campaign pending, and looking it up failed, so nothing was sent: .*${ids[0]}.*${ids[1]}|.*${ids[1]}.*${ids[0]}`));
    expect(fixture.emu.control.requests().filter((r) => r.method === "POST").length).toBe(before);
  });
});

describe("with the engine's checkpoints skipped (xads up --fast)", () => {
  test("PULUMI_SKIP_CHECKPOINTS=true (or 1) is read as Pulumi reads it", () => {
    expect(checkpointsSkipped({ PULUMI_SKIP_CHECKPOINTS: "true" })).toBe(true);
    expect(checkpointsSkipped({ PULUMI_SKIP_CHECKPOINTS: "1" })).toBe(true);
    expect(checkpointsSkipped({ PULUMI_SKIP_CHECKPOINTS: "false" })).toBe(false);
    expect(checkpointsSkipped({})).toBe(false);
  });

  test("every create is looked up, with no pending create in the state: what was made since the state was last written is taken over, an older alike is not", async () => {
    const said: string[] = [];
    const fundingInstrumentId = await seedFundingInstrument(fixture.client());
    const older = await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Older" });
    const savedAtMs = Date.now() + 120_000; // the state was written after "Older" was made (beyond the minute's slack)
    const guard = new InterruptedCreateGuard(async () => ({ kinds: new Set(), held: new Set(), savedAtMs }), (line) => said.push(line), true);
    const inputs = (name: string) => ({ accountId: ACCOUNT, fundingInstrumentId, name, dailyBudgetAmountLocalMicro: 1_000_000 });
    expect(await guard.takeOver(fixture.ctx(), "Campaign", inputs("Older"))).toBeUndefined();
    expect(older.id).toBeDefined();
    const fresh = new InterruptedCreateGuard(async () => ({ kinds: new Set(), held: new Set(), savedAtMs: Date.now() - 120_000 }), (line) => said.push(line), true);
    const made = await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Made by the killed run" });
    expect(await fresh.takeOver(fixture.ctx(), "Campaign", inputs("Made by the killed run"))).toMatchObject({ id: String(made.id) });
    expect(said.at(-1)).toMatch(/is on the platform and in no state \(made by an earlier update whose state was not saved: checkpoints are skipped\): taken over, not created again$/);
  });
});
