/**
 * Reach in the pull request, with the real CLI: a line item targeting an
 * interest, then a program that narrows it (adds a location). `xads
 * pr-summary` of `pulumi preview --json` shows the estimated audience
 * before -> after, the emulator's deterministic numbers (emulator/README.md
 * "Audience estimates"), with credentials from the stack's config (its
 * project folder) or the XADS_* variables (the rest of the settings from the
 * config the preview records); without them it says what to set, and still
 * exits 0.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ProgramResource, Stack, useStackEmulator, xadsEnv } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

const INTEREST: ProgramResource = { type: "TargetingCriterion", name: "runners", args: { lineItemId: "${tweets.id}", targetingType: "INTEREST", targetingValue: "1001" } };
const LOCATION: ProgramResource = { type: "TargetingCriterion", name: "in-sf", args: { lineItemId: "${tweets.id}", targetingType: "LOCATION", targetingValue: "5122804691e5fecc" } };
const LINE_ITEM: ProgramResource[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  { type: "Campaign", name: "c", args: { fundingInstrumentId: "${usd.id}", name: "C", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
  { type: "LineItem", name: "tweets", args: { campaignId: "${c.id}", objective: "FOLLOWERS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
];

const ROW = /\| `tweets` \(LineItem, id `\w+`\) \| \+ `LOCATION 5122804691e5fecc` \| 4,500,000 to 5,500,000 \| 450,000 to 550,000 \(narrower -90%\) \|/;

/** A backend without the stack: its config cannot be read, as in a CI job that has only the preview file. */
const noStack = () => {
  const dir = join(stack.dir, "no-backend");
  mkdirSync(dir, { recursive: true });
  return { PULUMI_BACKEND_URL: `file://${dir}` };
};

beforeAll(async () => {
  stack = e2e.stack("reach");
  stack.writeProgram([...LINE_ITEM, INTEREST]);
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
  // The program narrows the targeting: the same interest, in one place.
  stack.writeProgram([...LINE_ITEM, INTEREST, LOCATION]);
  const preview = await stack.preview("--json");
  expect(preview).toMatchObject({ code: 0 });
  writeFileSync(join(stack.dir, "preview.json"), preview.stdout);
});

test("with the stack's config (its project folder): the line item's estimate before and after, one live read and one estimate per side", async () => {
  e2e.emu.control.clearRequests();
  const summary = await stack.xads(["pr-summary", "preview.json"]);
  expect(summary).toMatchObject({ code: 0 });
  expect(summary.stdout).toContain("### Reach");
  expect(summary.stdout).toMatch(ROW);
  const calls = e2e.emu.control.requests().map((r) => `${r.method} ${r.path.replace(/\/accounts\/\w+/, "/accounts/:a")}`);
  expect(calls.sort()).toEqual(["GET /12/accounts/:a/targeting_criteria", "POST /12/accounts/:a/audience_estimate", "POST /12/accounts/:a/audience_estimate"]);
  // Nothing of the credentials in the comment.
  for (const secret of Object.values(e2e.creds)) expect(summary.stdout).not.toContain(secret);
});

test("with only the XADS_* credentials (no stack to read): the account, sandbox and address from the config the preview records", async () => {
  const summary = await stack.xads(["pr-summary", "preview.json"], { env: { ...noStack(), ...xadsEnv(e2e.creds) } });
  expect(summary).toMatchObject({ code: 0 });
  expect(summary.stdout).toMatch(ROW);
});

test("without credentials: the summary says what to set, and exits 0", async () => {
  e2e.emu.control.clearRequests();
  const summary = await stack.xads(["pr-summary", "preview.json"], { env: noStack() });
  expect(summary).toMatchObject({ code: 0 });
  expect(summary.stdout).toContain("reach: set XADS_CONSUMER_KEY, XADS_CONSUMER_SECRET, XADS_ACCESS_TOKEN, XADS_ACCESS_TOKEN_SECRET (or run it in the stack's project folder, whose xads:* config it reads) to see estimates (1 line item whose targeting changes).");
  expect(summary.stdout).toContain("#### + create `in-sf` (TargetingCriterion)");
  expect(e2e.emu.control.requests()).toEqual([]);
});

test("--no-reach: no Reach section, no call", async () => {
  e2e.emu.control.clearRequests();
  const summary = await stack.xads(["pr-summary", "preview.json", "--no-reach"]);
  expect(summary).toMatchObject({ code: 0 });
  expect(summary.stdout).not.toContain("### Reach");
  expect(e2e.emu.control.requests()).toEqual([]);
});
