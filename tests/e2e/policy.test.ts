/**
 * The policy pack with the real pulumi CLI against the emulator, through the
 * launcher installed with the package (policy-pack/run: the language host
 * built here cannot run a pack given as a directory, DESIGN.md rule 2).
 * Preview only where preview is what is asserted; one stack per scenario.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { AdsClient } from "../../provider/client";
import { ACCOUNT_ID, CONSUMER, Credentials, Emulator, ResourceSpec, RunResult, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

const LAUNCHER = join(CONSUMER, "node_modules", "pulumi-xads", "policy-pack", "run");
const LIMIT_MESSAGE = (count: number, detail = "") =>
  `account ${ACCOUNT_ID} would have ${count} active campaigns${detail}; the platform allows 200 (raise maxActiveCampaigns up to 8000 if the account's limit was raised)`;

let emu: Emulator;
let creds: Credentials;
beforeAll(async () => ({ emu, creds } = await startStackEmulator()));
afterAll(async () => emu?.close());

const live = (collection: string) => emu.control.entities("sandbox", ACCOUNT_ID, collection, { withDeleted: true });
const writes = () => emu.control.requests().filter((r) => r.method !== "GET");
const output = (r: RunResult) => r.stdout + r.stderr;

/** The environment that gives the pack read credentials for the emulator. */
const readCredentials = () => ({
  XADS_CONSUMER_KEY: creds.consumerKey, XADS_CONSUMER_SECRET: creds.consumerSecret,
  XADS_ACCESS_TOKEN: creds.accessToken, XADS_ACCESS_TOKEN_SECRET: creds.accessTokenSecret,
  XADS_SANDBOX: "true", XADS_SANDBOX_BASE_URL: emu.sandboxUrl,
});

/** A funding instrument and campaigns under it, `count` of each status. */
function program(counts: { ACTIVE?: number; PAUSED?: number }): ResourceSpec[] {
  const campaigns = Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, (_, i): ResourceSpec => ({
    type: "Campaign",
    name: `${status.toLowerCase()}-${i}`,
    args: {
      fundingInstrumentId: "${fi.id}",
      name: `${status} campaign ${i}`,
      entityStatus: status,
      dailyBudgetAmountLocalMicro: 1_000_000,
      totalBudgetAmountLocalMicro: 10_000_000,
      deletionProtection: false,
    },
  })));
  return [{ type: "FundingInstrument", name: "fi", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } }, ...campaigns];
}

describe("a stack with 201 active campaigns", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = new Stack("policy-201-active", emu, creds);
    stack.writeProgram(program({ ACTIVE: 201 }));
    await stack.init();
    emu.control.clearRequests();
  });

  test("pulumi preview --policy-pack fails with a message that names the limit and the count", async () => {
    const preview = await stack.preview("--policy-pack", LAUNCHER);
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toContain("[mandatory]  xads-active-campaigns-per-account");
    expect(output(preview)).toContain(LIMIT_MESSAGE(201));
    expect(writes()).toEqual([]);
  });

  test("pulumi up --policy-pack creates nothing: no campaign, no funding instrument", async () => {
    const up = await stack.run(["up", "--yes", "--policy-pack", LAUNCHER]);
    expect(up.code).not.toBe(0);
    expect(output(up)).toContain(LIMIT_MESSAGE(201));
    expect(live("campaigns")).toEqual([]);
    expect(live("funding_instruments")).toEqual([]);
    expect(writes()).toEqual([]);
  });

  test("with the config raising the limit to 8000, the same stack passes", async () => {
    const config = join(stack.dir, "policy-config.json");
    writeFileSync(config, JSON.stringify({ "xads-active-campaigns-per-account": { maxActiveCampaigns: 8000 } }));
    const preview = await stack.preview("--policy-pack", LAUNCHER, "--policy-pack-config", config);
    expect(output(preview)).not.toContain("xads-active-campaigns-per-account");
    expect(preview.code).toBe(0);
  });
});

describe("a stack with 150 active and 300 paused campaigns", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = new Stack("policy-150-active-300-paused", emu, creds);
    stack.writeProgram(program({ ACTIVE: 150, PAUSED: 300 }));
    await stack.init();
  });

  test("passes the pack: paused campaigns do not count", async () => {
    const preview = await stack.preview("--policy-pack", LAUNCHER);
    expect(output(preview)).not.toContain("xads-active-campaigns-per-account");
    expect(preview.code).toBe(0);
  });

  test("with read credentials, 60 active campaigns of the account that the stack does not manage make it fail", async () => {
    const client = new AdsClient({ credentials: creds, baseUrl: emu.sandboxUrl });
    const path = `/12/accounts/${ACCOUNT_ID}`;
    const fi = await client.post(`${path}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z" });
    for (let i = 0; i < 60; i++) {
      await client.post(`${path}/campaigns`, {
        funding_instrument_id: fi.id, name: `Made in the UI ${i}`, entity_status: "ACTIVE", daily_budget_amount_local_micro: 1_000_000,
      });
    }
    const preview = await stack.run(["preview", "--policy-pack", LAUNCHER], readCredentials());
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toContain(LIMIT_MESSAGE(210, " (150 in this stack, 60 not managed by it)"));
  });
});

describe("a production stack (the engine gives policies the planned state, not the operation)", () => {
  let stack: Stack;
  const campaign = (name: string, entityStatus: string): ResourceSpec => ({
    type: "Campaign", name,
    args: { fundingInstrumentId: "${fi.id}", name, entityStatus, dailyBudgetAmountLocalMicro: 1_000_000, purchaseOrderNumber: "PO-1" },
  });
  const fi: ResourceSpec = { type: "FundingInstrument", name: "fi", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } };
  const reported = (r: RunResult) => [...output(r).matchAll(/Campaign "([a-z]+)" would be created ACTIVE in production stack "dev";[^\n]*/g)]
    .map((m) => [m[1], m[0].includes("without read credentials")]);

  beforeAll(async () => {
    stack = new Stack("policy-production", emu, creds);
    stack.writeProgram([fi, campaign("steady", "ACTIVE"), campaign("launch", "PAUSED")]);
    await stack.init();
    expect((await stack.up()).code).toBe(0);
    await stack.must(["stack", "tag", "set", "environment", "production"]);
    // Activate a live campaign, and add a new active one.
    stack.writeProgram([fi, campaign("steady", "ACTIVE"), campaign("launch", "ACTIVE"), campaign("fresh", "ACTIVE")]);
  });

  test("with read credentials, only the new ACTIVE campaign is reported, as advisory", async () => {
    const preview = await stack.run(["preview", "--policy-pack", LAUNCHER], readCredentials());
    expect(preview.code).toBe(0);
    expect(reported(preview)).toEqual([["fresh", false]]);
  });

  test("without them, a live campaign being activated cannot be told from a new one, and the message says so", async () => {
    const preview = await stack.preview("--policy-pack", LAUNCHER);
    expect(preview.code).toBe(0);
    expect(reported(preview).sort()).toEqual([["fresh", true], ["launch", true]]);
  });
});
