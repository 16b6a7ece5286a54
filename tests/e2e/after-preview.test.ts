/**
 * What a reviewer approves is what `up` does to live money, through the
 * real CLI and the documented flow (docs/gitops.md, "The review sees the
 * platform"): `xads refresh`, `pulumi preview --json`, `xads pr-summary`,
 * then a plain `pulumi up`.
 * - A campaign's budget raised and the campaign paused in the ads UI after
 *   the preview: the summary shows the live budget as before, with a
 *   caution naming it; the `up` (from the plan made before the edit) sends
 *   nothing to that campaign, fails naming the field, and the live values stay.
 * - The platform emptied under the stack (the campaign deleted in the ads
 *   UI): after the documented refresh, the preview shows it to be created.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

const program = (budget: number): ProgramResource[] => [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  { type: "Campaign", name: "spring", args: { fundingInstrumentId: "${usd.id}", name: "Spring", dailyBudgetAmountLocalMicro: budget, entityStatus: "ACTIVE", deletionProtection: false } },
];
const spring = () => e2e.live("campaigns").find((c) => c.name === "Spring");
const REFRESH = ["refresh", "--wait-lock", "1m", "--", "--yes", "--skip-preview", "--non-interactive"];

beforeAll(async () => {
  stack = e2e.stack("after-preview");
  stack.writeProgram(program(60_000_000));
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
});

test("an edit in the ads UI after the preview: the summary shows the live value as before, and up writes nothing to that campaign, naming the field", async () => {
  stack.writeProgram(program(80_000_000));
  expect(await stack.xads(REFRESH)).toMatchObject({ code: 0 });
  const preview = await stack.run(["preview", "--json"]);
  expect(preview.code).toBe(0);
  writeFileSync(join(stack.dir, "preview.json"), preview.stdout);
  const id = String(spring()!.id);

  // After the preview, in the ads UI.
  e2e.emu.control.edit("sandbox", ACCOUNT_ID, "campaigns", id, { daily_budget_amount_local_micro: 99_000_000, entity_status: "PAUSED" });

  const summary = await stack.xads(["pr-summary", "preview.json"]);
  expect({ code: summary.code, stdout: summary.stdout }).toMatchObject({ code: 0 });
  expect(summary.stdout).toContain("**1 resource changed on the platform after the preview was made**");
  expect(summary.stdout).toContain("`dailyBudgetAmountLocalMicro` is `USD 99.00` now, `USD 60.00` in the preview");
  expect(summary.stdout).toMatch(/\| `dailyBudgetAmountLocalMicro` \| `USD 99\.00` \| `USD 80\.00` \|/);

  e2e.emu.control.clearRequests();
  const up = await stack.up();
  expect(up.code).not.toBe(0);
  // Who made the edit, from the account's history (the emulator records the ads UI's user).
  expect(output(up)).toMatch(/campaign "Spring" \(id \w+\) was changed outside the program after the state last read it \(by user \d+ \(ADS_UI\) at \S+Z, says the account's history\): dailyBudgetAmountLocalMicro is 99\.00 .* on the platform, where the plan changes it from 60\.00/);
  expect(output(up)).toContain("Nothing was sent to it");
  expect(e2e.writes().filter((r) => r.path.includes(id))).toEqual([]);
  expect(spring()).toMatchObject({ daily_budget_amount_local_micro: 99_000_000, entity_status: "PAUSED" });

  // The documented cure: the pull request's job again (refresh, preview), then up applies what it shows.
  expect(await stack.xads(REFRESH)).toMatchObject({ code: 0 });
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(spring()).toMatchObject({ daily_budget_amount_local_micro: 80_000_000, entity_status: "ACTIVE" });
});

test("the platform emptied under the stack: after the documented refresh the preview shows the campaign to be created", async () => {
  e2e.emu.control.remove("sandbox", ACCOUNT_ID, "campaigns", String(spring()!.id));
  expect(await stack.xads(REFRESH)).toMatchObject({ code: 0 });
  const preview = await stack.run(["preview", "--json"]);
  expect(preview.code).toBe(0);
  const digest = JSON.parse(preview.stdout) as { changeSummary?: Record<string, number>; steps?: { op: string; urn: string }[] };
  expect(digest.steps?.filter((s) => s.op === "create").map((s) => s.urn.split("::").at(-1))).toEqual(["spring"]);
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(e2e.live("campaigns").filter((c) => c.name === "Spring")).toHaveLength(1);
});
