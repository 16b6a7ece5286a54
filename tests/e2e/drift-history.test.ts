/**
 * `xads drift` with the real pulumi CLI against the emulator says who
 * changed a resource outside Pulumi and when, from the platform's account
 * history: a campaign whose budget and status another user changed in the
 * ads UI is reported with that user, the time and both fields old -> new,
 * in JSON, text and Markdown, by handle (the X API users lookup, on the
 * platform API base: the emulator); an account that is not allow-listed
 * for the history (a beta endpoint), or credentials the users lookup
 * refuses, still get the drift report, with a note.
 * The stacks' state is on the shared PostgreSQL backend, as a team's.
 */
import { waitFor } from "../integration/fixtures";
import { Stack, urnName, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator({ backend: "postgres" });
const ACCOUNT = "18ce54d4x5t";
const OTHER_USER = "2244994945";
const OTHER_HANDLE = "XDevelopers";

const HOUR_MS = 3_600_000;

/**
 * The platform records whole seconds: an edit in the second of the stack's
 * own update (the state's `modified`, on the engine's clock) could not be
 * told from it. The platform's clock moves to the next whole second instead
 * of the test sleeping into it. xads drift asks for the hours up to the one
 * after its own now: an edit on the next hour's first second is waited for
 * on the real clock (the one case where that second is out of its window).
 */
async function editAfterTheUpdate(stack: Stack): Promise<void> {
  const spring = (await stack.deployment()).resources.find((r) => urnName(r.urn) === "spring") as { modified?: string; created?: string } | undefined;
  const changed = spring?.modified ?? spring?.created;
  if (changed === undefined) throw new Error("the state records no time of the campaign's last change");
  const nextSecond = Math.floor(Date.parse(changed) / 1000) * 1000 + 1000;
  if (Date.parse(e2e.emu.control.now()) < nextSecond) e2e.emu.control.setClock(new Date(nextSecond).toISOString());
  if (nextSecond % HOUR_MS === 0) await waitFor(() => Date.now() >= nextSecond, "the hour the edit is in", 10_000);
}

describe("drift names who changed a campaign in the ads UI, and when", () => {
  let stack: Stack;
  let ids: Record<string, string>;
  let changeTime: string;

  beforeAll(async () => {
    stack = e2e.stack("drift-history");
    stack.writeProgram([
      { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
      { type: "Campaign", name: "spring", args: { fundingInstrumentId: "${usd.id}", name: "Spring sale", entityStatus: "ACTIVE", dailyBudgetAmountLocalMicro: 50_000_000, deletionProtection: false } },
    ]);
    await stack.init();
    await stack.must(["config", "set", "xads:platformBaseUrl", e2e.emu.url]);
    e2e.emu.control.registerUser({ id: OTHER_USER, username: OTHER_HANDLE, name: "X Developers" });
    expect(await stack.up()).toMatchObject({ code: 0 });
    ids = await stack.outputs();
    await editAfterTheUpdate(stack);
    const edited = e2e.emu.control.edit("sandbox", ACCOUNT, "campaigns", ids.spring!, { daily_budget_amount_local_micro: 99_000_000, entity_status: "PAUSED" }, { user_id: OTHER_USER, platform: "ADS_UI" });
    changeTime = edited.updated_at;
  });

  test("JSON: both fields old -> new, and the user and time of the change", async () => {
    const r = await stack.xads(["drift", "--stack", "dev", "--format", "json"]);
    expect(r).toMatchObject({ code: 1 });
    const spring = JSON.parse(r.stdout).changed.find((c: { resource: string }) => c.resource === "spring");
    expect(spring.fields).toEqual(expect.arrayContaining([
      { field: "dailyBudgetAmountLocalMicro", state: 50_000_000, live: 99_000_000 },
      { field: "entityStatus", state: "ACTIVE", live: "PAUSED" },
    ]));
    // Pulumi's own create is before the state's last change: only the other user's edit is named.
    expect(spring.history).toMatchObject({ status: "found", changes: [{ userId: OTHER_USER, username: OTHER_HANDLE, platform: "ADS_UI", changeType: "UPDATE", time: changeTime }] });
    expect(JSON.parse(r.stdout)).not.toHaveProperty("historyNote");
  });

  test("text and Markdown name the user and the time beside the fields", async () => {
    const text = await stack.xads(["drift", "--stack", "dev", "--format", "text"]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`changed: spring (Campaign, id ${ids.spring}) dailyBudgetAmountLocalMicro: USD 50.00 -> USD 99.00; entityStatus: "ACTIVE" -> "PAUSED"`);
    expect(text.stdout).toContain(`  changed by @${OTHER_HANDLE} (user ${OTHER_USER}, ADS_UI) at ${changeTime}`);
    const markdown = await stack.xads(["drift", "--stack", "dev"]);
    expect(markdown.stdout).toContain("| `spring` (Campaign) | `dailyBudgetAmountLocalMicro`<br>`entityStatus`");
    expect(markdown.stdout).toContain(`| \`spring\` (Campaign) | changed by @${OTHER_HANDLE} (user ${OTHER_USER}, ADS_UI) at ${changeTime} |`);
  });

  test("credentials the users lookup refuses (403): the user by id, one note line, the same exit code", async () => {
    e2e.emu.control.setUsersLookupAccess(false);
    try {
      const text = await stack.xads(["drift", "--stack", "dev", "--format", "text"]);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain(`  changed by user ${OTHER_USER} (ADS_UI) at ${changeTime}`);
      expect(text.stdout.split("\n").filter((l) => l.startsWith("note: "))).toEqual([
        "note: user handles not shown: these credentials may not use the X API users lookup (GET /2/users answered 403: the app's access level may not include it)",
      ]);
    } finally {
      e2e.emu.control.setUsersLookupAccess(true);
    }
  });

  test("an account that is not allow-listed for the history still gets the drift report, with the note, and the same exit code", async () => {
    e2e.emu.control.setHistoryAccess("sandbox", ACCOUNT, false);
    try {
      const text = await stack.xads(["drift", "--stack", "dev", "--format", "text"]);
      expect(text.code).toBe(1);
      expect(text.stdout).toContain(`changed: spring (Campaign, id ${ids.spring}) dailyBudgetAmountLocalMicro: USD 50.00 -> USD 99.00`);
      expect(text.stdout).toContain("  history not available for this account (not allow-listed)");
      const json = JSON.parse((await stack.xads(["drift", "--stack", "dev", "--format", "json"])).stdout);
      expect(json.changed[0].history).toEqual({ status: "not-allow-listed" });
    } finally {
      e2e.emu.control.setHistoryAccess("sandbox", ACCOUNT, true);
    }
  });
});
