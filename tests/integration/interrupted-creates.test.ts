/**
 * The next `up` takes over what an interrupted update's creates made
 * (provider/interrupted-creates.ts): a create of a kind the state has a
 * pending create of is looked up before it is sent, against the emulator;
 * the state's reading is pure and tested without a CLI.
 */
import { checkpointsSkipped, FastRunMark, fastRunTagValue, InterruptedCreateGuard, interruptedIn, lookUpSince, markToWrite, parseFastRunTag, stackOf } from "../../provider/interrupted-creates";
import { ACCOUNT, seedCampaign, seedFundingInstrument, useEmulator } from "./fixtures";

// Each look-up waits out its gathering window (client.ts collect), two seconds.
jest.setTimeout(60_000);

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

describe("with the engine's checkpoints skipped (xads up --fast): the stack's fast-run mark", () => {
  test("PULUMI_SKIP_CHECKPOINTS=true (or 1) is read as Pulumi reads it", () => {
    expect(checkpointsSkipped({ PULUMI_SKIP_CHECKPOINTS: "true" })).toBe(true);
    expect(checkpointsSkipped({ PULUMI_SKIP_CHECKPOINTS: "1" })).toBe(true);
    expect(checkpointsSkipped({ PULUMI_SKIP_CHECKPOINTS: "false" })).toBe(false);
    expect(checkpointsSkipped({})).toBe(false);
  });

  test("the mark's tag value reads back as written, and a value of no run of ours is no mark", () => {
    const mark = { sinceMs: Date.parse("2026-11-28T10:00:00.000Z"), run: "4242@991", found: true };
    expect(fastRunTagValue(mark)).toBe("2026-11-28T10:00:00.000Z 4242@991 found");
    expect(parseFastRunTag(fastRunTagValue(mark))).toEqual(mark);
    expect(parseFastRunTag(fastRunTagValue({ ...mark, found: false }))).toEqual({ ...mark, found: false });
    expect(parseFastRunTag(undefined)).toBeUndefined();
    expect(parseFastRunTag("someone's tag")).toBeUndefined();
  });

  test("what is looked up, by what the stack says: a pending create any time; another run's mark since it began, less a minute; this run's own mark as it found it; nothing otherwise", () => {
    const state = (mark?: FastRunMark | null) => ({ kinds: new Set(["LineItem"]), held: new Set<string>(), savedAtMs: 5_000_000, mark });
    const T = 9_000_000;
    expect(lookUpSince(state(), "LineItem", "me", false)).toBe(0);
    expect(lookUpSince(state({ sinceMs: T, run: "killed", found: false }), "Campaign", "me", false)).toBe(T - 60_000);
    expect(lookUpSince(state({ sinceMs: T, run: "me", found: true }), "Campaign", "me", false)).toBe(T - 60_000);
    expect(lookUpSince(state({ sinceMs: T, run: "me", found: false }), "Campaign", "me", false)).toBeUndefined();
    expect(lookUpSince(state(), "Campaign", "me", false)).toBeUndefined();
    // The mark could not be kept with checkpoints skipped: every create, since the state was saved.
    expect(lookUpSince(state(null), "Campaign", "me", true)).toBe(5_000_000 - 60_000);
  });

  test("the mark a run writes before its first create: its own start with checkpoints skipped, an unfinished run's start carried on, none over its own or with checkpoints", () => {
    const killed = { sinceMs: 7, run: "killed", found: false };
    expect(markToWrite(undefined, "me", 100, true)).toEqual({ sinceMs: 100, run: "me", found: false });
    expect(markToWrite(undefined, "me", 100, false)).toBeUndefined();
    expect(markToWrite(killed, "me", 100, false)).toEqual({ sinceMs: 7, run: "me", found: true });
    expect(markToWrite(killed, "me", 100, true)).toEqual({ sinceMs: 7, run: "me", found: true });
    expect(markToWrite({ sinceMs: 7, run: "me", found: true }, "me", 100, true)).toBeUndefined();
  });

  const campaignInputs = (fundingInstrumentId: string, name: string) => ({ accountId: ACCOUNT, fundingInstrumentId, name, dailyBudgetAmountLocalMicro: 1_000_000 });

  test("no mark (the stack's last fast run finished): an alike made meanwhile, another stack's, is not taken; the mark is written once, before the first create", async () => {
    const fundingInstrumentId = await seedFundingInstrument(fixture.client());
    await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Another stack's" });
    const marks: FastRunMark[] = [];
    const guard = new InterruptedCreateGuard(async () => ({ kinds: new Set(), held: new Set(), savedAtMs: Date.now() - 120_000 }), () => {}, {
      run: "me", checkpointsSkipped: true, now: () => 1234, mark: async (_urn, mark) => { marks.push(mark); },
    });
    const before = fixture.emu.control.requests().length;
    expect(await guard.takeOver(fixture.ctx(), "Campaign", campaignInputs(fundingInstrumentId, "Another stack's"))).toBeUndefined();
    expect(await guard.takeOver(fixture.ctx(), "Campaign", campaignInputs(fundingInstrumentId, "Second"))).toBeUndefined();
    expect(marks).toEqual([{ sinceMs: 1234, run: "me", found: false }]);
    // Nothing was looked up.
    expect(fixture.emu.control.requests().length).toBe(before);
  });

  test("another run's mark (a fast run killed): what was made since it began is taken over, an older alike is not", async () => {
    const said: string[] = [];
    const fundingInstrumentId = await seedFundingInstrument(fixture.client());
    await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Older" });
    const guardSince = (sinceMs: number, marks: FastRunMark[] = []) => new InterruptedCreateGuard(async () => ({ kinds: new Set(), held: new Set(), mark: { sinceMs, run: "killed", found: false } }), (line) => said.push(line), {
      run: "me", checkpointsSkipped: true, mark: async (_urn, mark) => { marks.push(mark); },
    });
    // The killed run began after "Older" was made (beyond the minute's slack).
    expect(await guardSince(Date.now() + 120_000).takeOver(fixture.ctx(), "Campaign", campaignInputs(fundingInstrumentId, "Older"))).toBeUndefined();
    const sinceMs = Date.now() - 120_000;
    const made = await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Made by the killed run" });
    const marks: FastRunMark[] = [];
    expect(await guardSince(sinceMs, marks).takeOver(fixture.ctx(), "Campaign", campaignInputs(fundingInstrumentId, "Made by the killed run"))).toMatchObject({ id: String(made.id) });
    expect(said.at(-1)).toMatch(/is on the platform and in no state \(made by an earlier update whose state was not saved: checkpoints are skipped\): taken over, not created again$/);
    // The killed run's start is carried on, under this run's name: xads up clears it once this run succeeds.
    expect(marks).toEqual([{ sinceMs, run: "me", found: true }]);
  });

  test("a mark that cannot be read or written, with checkpoints skipped: every create is looked up since the state was saved, said once", async () => {
    const said: string[] = [];
    const fundingInstrumentId = await seedFundingInstrument(fixture.client());
    const made = await seedCampaign(fixture.client(), { funding_instrument_id: fundingInstrumentId, name: "Unmarked" });
    const guard = new InterruptedCreateGuard(async () => ({ kinds: new Set(), held: new Set(), savedAtMs: Date.now() - 120_000 }), (line) => said.push(line), {
      run: "me", checkpointsSkipped: true, mark: async () => { throw new Error("pulumi stack tag failed: tags are not supported"); },
    });
    expect(await guard.takeOver(fixture.ctx(), "Campaign", campaignInputs(fundingInstrumentId, "Unmarked"))).toMatchObject({ id: String(made.id) });
    expect(await guard.takeOver(fixture.ctx(), "Campaign", campaignInputs(fundingInstrumentId, "Not made"))).toBeUndefined();
    expect(said.filter((l) => l.includes("xads:fast-up"))).toEqual([
      "pulumi-xads: the stack's xads:fast-up tag could not be written (pulumi stack tag failed: tags are not supported): with checkpoints skipped every create is looked up first among what was made since the state was last saved (docs/operations.md, \"Fast mode\")",
    ]);
    const unread = new InterruptedCreateGuard(async () => ({ kinds: new Set(), held: new Set(), mark: null }), (line) => said.push(line), { run: "me", checkpointsSkipped: true });
    expect(await unread.takeOver(fixture.ctx(), "Campaign", campaignInputs(fundingInstrumentId, "Not made"))).toBeUndefined();
    expect(said.at(-1)).toMatch(/^pulumi-xads: the stack's xads:fast-up tag could not be read: with checkpoints skipped every create is looked up first/);
  });
});
