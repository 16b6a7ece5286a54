/**
 * The policy pack with the real pulumi CLI against the emulator, given as
 * users give it: the folder installed with the package
 * (`--policy-pack node_modules/pulumi-xads/policy-pack`), which the CLI runs
 * through the Node.js language host's RunPlugin (docs/architecture.md rule 2).
 * Preview only where preview is what is asserted; one stack per scenario.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { seedCampaign, seedFundingInstrument } from "../integration/fixtures";
import { ACCOUNT_ID, output, POLICY_PACK, ProgramResource, ROOT, RunResult, Stack, useStackEmulator, xadsEnv } from "./harness";

jest.setTimeout(300_000);

const LIMIT_MESSAGE = (count: number, detail = "") =>
  `account ${ACCOUNT_ID} would have ${count} active campaigns${detail}; the platform allows 200 (if the account's limit was raised, raise it up to 8000: \"xads-active-campaigns-per-account\": {\"accountLimits\": {\"<account id>\": <limit>}} in the file pulumi preview --policy-pack-config names, policy-pack/README.md)`;

const e2e = useStackEmulator();
const live = (collection: string) => e2e.live(collection, { withDeleted: true });
/**
 * The recommended set-up's environment: the four credentials as XADS_*
 * variables, nothing else (the addresses are in the stack config).
 */
const credentialsOnly = () => xadsEnv(e2e.creds);
/** The pack's listings of the account's campaigns (GET, drafts included) since the log was cleared. */
const listings = () => e2e.emu.control.requests().filter((r) => r.method === "GET" && r.path === `/12/accounts/${ACCOUNT_ID}/campaigns` && r.query.with_draft === "true");

/** A funding instrument and campaigns under it, `count` of each status. */
function program(counts: { ACTIVE?: number; PAUSED?: number }): ProgramResource[] {
  const campaigns = Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, (_, i): ProgramResource => ({
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
    stack = e2e.stack("policy-201-active");
    stack.writeProgram(program({ ACTIVE: 201 }));
    await stack.init();
    e2e.emu.control.clearRequests();
  });

  test("pulumi preview --policy-pack fails with a message that names the limit and the count", async () => {
    const preview = await stack.preview("--policy-pack", POLICY_PACK);
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toContain("[mandatory]  xads-active-campaigns-per-account");
    expect(output(preview)).toContain(LIMIT_MESSAGE(201));
    expect(e2e.writes()).toEqual([]);
  });

  test("from a clone, the repository's own folder (pulumi preview --policy-pack policy-pack, after make build) refuses it the same way", async () => {
    const preview = await stack.preview("--policy-pack", join(ROOT, "policy-pack"));
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toContain(LIMIT_MESSAGE(201));
    expect(e2e.writes()).toEqual([]);
  });

  test("the guardrails its 201 campaigns break (no purchase order number, deletionProtection false) report once each, so the mandatory failure is not buried", async () => {
    const preview = await stack.preview("--policy-pack", POLICY_PACK);
    const text = output(preview);
    // One violation per policy (policy-pack/README.md "Many resources, one report"), not one per campaign.
    expect([...text.matchAll(/\[(advisory|mandatory)\]\s+(xads-[a-z-]+)/g)].map((m) => `[${m[1]}] ${m[2]}`).sort()).toEqual([
      "[advisory] xads-protect-irreversible-deletes",
      "[advisory] xads-purchase-order-required",
      "[mandatory] xads-active-campaigns-per-account",
    ]);
    expect(text).toContain('201 campaigns have no purchaseOrderNumber (Campaign "active-0", Campaign "active-1", Campaign "active-2", Campaign "active-3", Campaign "active-4" and 196 more)');
  });

  test("pulumi up --policy-pack creates nothing: no campaign, no funding instrument", async () => {
    const up = await stack.run(["up", "--yes", "--policy-pack", POLICY_PACK]);
    expect(up.code).not.toBe(0);
    expect(output(up)).toContain(LIMIT_MESSAGE(201));
    expect(live("campaigns")).toEqual([]);
    expect(live("funding_instruments")).toEqual([]);
    expect(e2e.writes()).toEqual([]);
  });

  test("with the config raising the limit to 8000, the same stack passes", async () => {
    const config = join(stack.dir, "policy-config.json");
    writeFileSync(config, JSON.stringify({ "xads-active-campaigns-per-account": { maxActiveCampaigns: 8000 } }));
    const preview = await stack.preview("--policy-pack", POLICY_PACK, "--policy-pack-config", config);
    expect(output(preview)).not.toContain("xads-active-campaigns-per-account");
    expect(preview.code).toBe(0);
  });
});

/**
 * The recommended set-up: credentials in XADS_* variables, the account and
 * addresses in the stack config. The pack resolves the configuration as the
 * provider does (stack config, then environment), so it lists the live
 * campaigns at the stack config's address.
 */
describe("a stack with 150 active and 300 paused campaigns, set up as recommended", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = e2e.stack("policy-150-active-300-paused");
    stack.writeProgram(program({ ACTIVE: 150, PAUSED: 300 }));
    await stack.init({ credentials: false });
  });

  test("passes the pack: paused campaigns do not count, and the account's live campaigns were listed at the stack config's address", async () => {
    e2e.emu.control.clearRequests();
    const preview = await stack.run(["preview", "--policy-pack", POLICY_PACK], credentialsOnly());
    expect(output(preview)).not.toContain("xads-active-campaigns-per-account");
    expect(preview.code).toBe(0);
    expect(listings()).toHaveLength(1);
  });

  test("60 active campaigns of the account that the stack does not manage make it fail", async () => {
    const client = e2e.api();
    const fi = await seedFundingInstrument(client);
    for (let i = 0; i < 60; i++) await seedCampaign(client, { funding_instrument_id: fi, name: `Made in the UI ${i}`, entity_status: "ACTIVE" });
    const preview = await stack.run(["preview", "--policy-pack", POLICY_PACK], credentialsOnly());
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toContain(LIMIT_MESSAGE(210, " (150 in this stack, 60 not managed by it)"));
  });

  test("when the platform does not answer the listing, the pack says so as an advisory naming the address, and the preview passes", async () => {
    e2e.emu.control.fault({ method: "GET", path: `^/12/accounts/${ACCOUNT_ID}/campaigns$`, kind: "drop", times: 100 });
    try {
      const preview = await stack.run(["preview", "--policy-pack", POLICY_PACK], credentialsOnly());
      expect(output(preview)).toContain("[advisory]  xads-active-campaigns-per-account");
      expect(output(preview)).toContain(`could not list the live campaigns of account ${ACCOUNT_ID} at ${e2e.emu.sandboxUrl}: GET /12/accounts/${ACCOUNT_ID}/campaigns`);
      expect(output(preview)).toContain("Only this stack's 150 active campaigns were counted");
      expect(output(preview)).not.toContain("[mandatory]");
      expect(preview.code).toBe(0);
      for (const secret of Object.values(e2e.creds)) expect(output(preview)).not.toContain(secret);
    } finally {
      e2e.emu.control.clearFaults();
    }
  });
});

describe("a production stack (the engine gives policies the planned state, not the operation)", () => {
  let stack: Stack;
  const campaign = (name: string, entityStatus: string): ProgramResource => ({
    type: "Campaign", name,
    args: { fundingInstrumentId: "${fi.id}", name, entityStatus, dailyBudgetAmountLocalMicro: 1_000_000, purchaseOrderNumber: "PO-1" },
  });
  const fi: ProgramResource = { type: "FundingInstrument", name: "fi", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } };
  const reported = (r: RunResult) => [...output(r).matchAll(/Campaign "([a-z]+)" would be created ACTIVE in production stack "dev";[^\n]*/g)]
    .map((m) => [m[1], m[0].includes("without read credentials")]);

  beforeAll(async () => {
    stack = e2e.stack("policy-production");
    stack.writeProgram([fi, campaign("steady", "ACTIVE"), campaign("launch", "PAUSED")]);
    await stack.init();
    expect((await stack.up()).code).toBe(0);
    await stack.must(["stack", "tag", "set", "environment", "production"]);
    // Activate a live campaign, and add a new active one.
    stack.writeProgram([fi, campaign("steady", "ACTIVE"), campaign("launch", "ACTIVE"), campaign("fresh", "ACTIVE")]);
  });

  test("with the provider's configuration (the stack's), only the new ACTIVE campaign is reported, as advisory", async () => {
    const preview = await stack.preview("--policy-pack", POLICY_PACK);
    expect(preview.code).toBe(0);
    expect(reported(preview)).toEqual([["fresh", false]]);
  });
});
