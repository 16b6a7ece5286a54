/**
 * The official Python Ads SDK (twitter-ads 11.0.0, its API version set to
 * 12) as a real client of the emulator: its documented flows
 * (official-sdk/flows.py) over HTTP on a loopback port, signed with OAuth
 * 1.0a against the emulator's address. Every step the platform accepts
 * passes; the deliberate error steps get the platform's errors, which the SDK
 * raises as BadRequest. The SDK lives in .work/venv-sdk (official-sdk/venv.sh,
 * which `make test` runs first; made here when the test runs alone).
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { requireTool } from "../required-tools";
import { ACCOUNT, useEmulator, withoutCredentials, xadsEnv } from "./fixtures";

const run = promisify(execFile);
const HERE = join(__dirname, "official-sdk");
const VENV = join(__dirname, "..", "..", ".work", "venv-sdk");

/** The flows the issue names: each must be a step of flows.py. */
const FLOWS = [
  "account_load", "funding_instruments_list_and_load", "campaign_create_save", "campaign_update_save_resends_every_property",
  "campaign_standard_delivery_deprecated_is_ignored", "campaign_daily_budget_over_total_is_refused",
  "campaign_batch_save_create", "campaign_batch_save_update", "line_item_create_save", "line_item_update_save_resends_every_property",
  "line_item_bad_objective_is_refused", "line_item_batch_save_create", "line_item_batch_save_update", "promoted_tweet_attach",
  "targeting_criteria_save", "targeting_criteria_batch_save_create_and_delete", "custom_audience_create", "custom_audience_users_update",
  "card_create_save", "cursor_pages_through_every_campaign", "cursor_with_total_count", "deleted_campaign_with_deleted",
];

type Line = { step: string; ok: boolean; error?: string } | { steps: string[] };

// Without python3: skipped with a warning, or under CI a failure with the install line (tests/required-tools.ts).
if (requireTool("python3", "official-sdk.test.ts", "the official Python SDK runs in a python3 virtual environment")) {
  const fixture = useEmulator();

  beforeAll(async () => {
    await run(join(HERE, "venv.sh"), [VENV], { timeout: 300_000 });
  }, 300_000);

  test("the official Python SDK's documented flows: every step the platform accepts passes, error steps get the platform's errors", async () => {
    const env = { ...withoutCredentials(process.env), ...xadsEnv(fixture.creds) };
    const { stdout } = await run(join(VENV, "bin", "python"), [join(HERE, "flows.py"), fixture.emu.url, ACCOUNT], { env, timeout: 120_000 });
    const lines = stdout.trim().split("\n").map((l) => JSON.parse(l) as Line);
    const steps = lines.flatMap((l) => ("steps" in l ? l.steps : []));
    expect(steps).toEqual(expect.arrayContaining(FLOWS));
    // One row per step: "passed", or why it failed (the SDK's error with the platform's errors).
    const outcome = (name: string) => {
      const line = lines.find((l) => "step" in l && l.step === name) as { ok: boolean; error?: string } | undefined;
      return line === undefined ? "did not run" : line.ok ? "passed" : line.error;
    };
    expect(Object.fromEntries(steps.map((s) => [s, outcome(s)]))).toEqual(Object.fromEntries(steps.map((s) => [s, "passed"])));
  }, 180_000);
}
