/**
 * What the provider process says when the platform refuses its credentials,
 * or nothing answers at its address, during a refresh or a destroy: those run
 * with the configuration the state saved at the last `pulumi up`, so a
 * credential rotated or an address changed in the stack config since is not
 * used yet (tried with the real CLI in tests/e2e/ci-output.test.ts and
 * tests/e2e/stack-config.test.ts).
 */
import { Entity } from "../../provider/client";
import { check, create, read, remove, STATE_CONFIGURATION_HINT, unreachableAccountHint, update } from "../../provider/dispatch";
import { ACCOUNT, deadAddress, useEmulator } from "./fixtures";

const fixture = useEmulator();

/** The provider instance as configure leaves it: the stack config's xads:* values. */
function holder(accessTokenSecret: string) {
  const { consumerKey, consumerSecret, accessToken } = fixture.creds;
  return {
    xadsSettings: {
      "xads:consumerKey": consumerKey, "xads:consumerSecret": consumerSecret, "xads:accessToken": accessToken,
      "xads:accessTokenSecret": accessTokenSecret, "xads:sandbox": "true", "xads:sandboxBaseUrl": fixture.emu.sandboxUrl,
      "xads:accountId": ACCOUNT,
    },
  };
}

test("a refresh or destroy refused with 401 says the state holds the last up's configuration and that pulumi refresh --run-program fixes it; no secret in the message", async () => {
  const audience = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/custom_audiences`, { name: "Newsletter" });
  const props = { accountId: ACCOUNT, name: "Newsletter", deletionProtection: false };
  const stale = holder("an-old-secret-no-longer-valid");
  const message = (e: Error) => e.message;
  const refused = [await read(stale, "CustomAudience", audience.id, props).then(() => "read", message),
    await remove(stale, "CustomAudience", audience.id, props).then(() => "deleted", message)];
  expect(refused).toEqual([
    expect.stringMatching(new RegExp(`^reading CustomAudience ${audience.id}: .*401.*\\. pulumi refresh and destroy do not run the program`)),
    expect.stringMatching(new RegExp(`^deleting CustomAudience ${audience.id}: .*401.*\\. pulumi refresh and destroy do not run the program`)),
  ]);
  for (const m of refused) {
    expect(m.endsWith(STATE_CONFIGURATION_HINT)).toBe(true);
    expect(m).not.toContain("an-old-secret-no-longer-valid");
  }
  // With the live credentials the same read works; a create refused with 401 is no rotation matter (the program ran).
  expect(await read(holder(fixture.creds.accessTokenSecret), "CustomAudience", audience.id, props)).toMatchObject({ id: audience.id });
  expect(await create(stale, "CustomAudience", props).catch((e: Error) => e.message)).not.toContain("pulumi refresh");
});

test("a refresh or destroy in an account the credentials cannot reach is refused (403 ACCOUNT_NOT_FOUND), naming the account and the settings to set, and drops nothing", async () => {
  const other = fixture.emu.control.createAccount("sandbox", { name: "Someone else's", userIds: ["42"] });
  const props = { accountId: other.id, name: "Theirs", deletionProtection: false };
  const live = holder(fixture.creds.accessTokenSecret);
  const message = (e: Error) => e.message;
  const refusal = `403 ACCOUNT_NOT_FOUND: account ${other.id} was not found or the authenticated user has no access to it. ${unreachableAccountHint(other.id)}`;
  expect(unreachableAccountHint(other.id)).toMatch(/^Account \w+ is not an ads account these credentials can use .*xads:accessToken \(or XADS_ACCESS_TOKEN\).*accountId$/);
  expect(await read(live, "CustomAudience", "a1", props).then(() => "read", message))
    .toBe(`reading CustomAudience a1: GET /12/accounts/${other.id}/custom_audiences: ${refusal}. ${STATE_CONFIGURATION_HINT}`);
  expect(await remove(live, "CustomAudience", "a1", props).then(() => "deleted", message))
    .toBe(`deleting CustomAudience a1: DELETE /12/accounts/${other.id}/custom_audiences/a1: ${refusal}. ${STATE_CONFIGURATION_HINT}`);
  // A create runs in an up, with the program's configuration: nothing of the state.
  expect(await create(live, "CustomAudience", props).then(() => "created", message))
    .toBe(`creating CustomAudience: POST /12/accounts/${other.id}/custom_audiences: ${refusal}`);
});

test("a refresh or destroy whose address does not answer names the address and its setting, fails at once, and says what fixes a changed one", async () => {
  const address = await deadAddress();
  const dead = { xadsSettings: { ...holder(fixture.creds.accessTokenSecret).xadsSettings, "xads:sandboxBaseUrl": address } };
  const props = { accountId: ACCOUNT, name: "Newsletter", deletionProtection: false };
  const message = (e: Error) => e.message;
  const notSent = `UNREACHABLE: nothing answers at ${address} (ECONNREFUSED); the request was not sent. The address is xads:sandboxBaseUrl (or XADS_SANDBOX_BASE_URL)`;
  expect(await read(dead, "CustomAudience", "a1", props).then(() => "read", message))
    .toBe(`reading CustomAudience a1: GET /12/accounts/${ACCOUNT}/custom_audiences: ${notSent}. ${STATE_CONFIGURATION_HINT}`);
  expect(await remove(dead, "CustomAudience", "a1", props).then(() => "deleted", message))
    .toBe(`deleting CustomAudience a1: DELETE /12/accounts/${ACCOUNT}/custom_audiences/a1: ${notSent}. ${STATE_CONFIGURATION_HINT}`);
  // A create runs in an up, with the program's configuration: the address and its setting, nothing of the state.
  expect(await create(dead, "CustomAudience", props).then(() => "created", message))
    .toBe(`creating CustomAudience: POST /12/accounts/${ACCOUNT}/custom_audiences: ${notSent}`);
});

test("a provider object configured again uses its new configuration from the next operation on", async () => {
  const audience = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/custom_audiences`, { name: "Newsletter" });
  const props = { accountId: ACCOUNT, name: "Newsletter", deletionProtection: false };
  const provider = holder(fixture.creds.accessTokenSecret);
  expect(await read(provider, "CustomAudience", audience.id, props)).toMatchObject({ id: audience.id });
  // configure (dispatch.ts) sets a new settings object on the same provider object.
  provider.xadsSettings = { ...provider.xadsSettings, "xads:accessTokenSecret": "rotated-away" };
  expect(await read(provider, "CustomAudience", audience.id, props).then(() => "read", (e: Error) => e.message)).toMatch(/401/);
});

describe("preview's check of the credentials and the account, before any write", () => {
  const campaign = (accountId: string) => ({ accountId, fundingInstrumentId: "fi1", name: "Launch", dailyBudgetAmountLocalMicro: 5_000_000 });
  const requests = () => fixture.emu.control.requests().map((r) => `${r.method} ${r.path} ${r.status}`);

  test("a wrong account id fails check naming accountId and xads:accountId, with one access check (its GET, and the account list that tells a deleted account) for every resource of that account", async () => {
    const provider = holder(fixture.creds.accessTokenSecret);
    fixture.emu.control.clearRequests();
    const results = await Promise.all([
      check("Campaign", {}, campaign("wrong1"), provider),
      check("CustomAudience", {}, { accountId: "wrong1", name: "Newsletter" }, provider),
      check("Campaign", {}, campaign("wrong1"), { xadsSettings: { ...provider.xadsSettings } }),
    ]);
    for (const r of results) {
      expect(r.failures).toEqual([{
        property: "accountId",
        reason: "accountId wrong1 is not an ads account these credentials can use (GET /12/accounts/wrong1: 403 ACCOUNT_NOT_FOUND: account wrong1 was not found or the authenticated user has no access to it). "
          + "Set accountId on the resource, or the stack's xads:accountId (pulumi config set xads:accountId <id>, or XADS_ACCOUNT_ID), "
          + "to an account of the user whose access token it is. Nothing was written",
      }]);
    }
    expect(requests()).toEqual(["GET /12/accounts/wrong1 403", "GET /12/accounts 200"]);
  });

  test("a sandbox account (no accountId of its own) is refused under a wrong xads:accountId", async () => {
    const provider = holder(fixture.creds.accessTokenSecret);
    provider.xadsSettings["xads:accountId"] = "wrong2";
    // No accountId among its inputs: the reason alone names the setting (the engine would print the property's value as {<nil>}).
    expect((await check("SandboxAccount", {}, { name: "QA" }, provider)).failures).toEqual([{
      property: "", reason: expect.stringMatching(/^accountId wrong2 is not an ads account these credentials can use .*the stack's xads:accountId/),
    }]);
  });

  test("the right account passes with its one GET", async () => {
    const provider = holder(fixture.creds.accessTokenSecret);
    fixture.emu.control.clearRequests();
    expect((await check("Campaign", {}, campaign(ACCOUNT), provider)).failures).toBeUndefined();
    expect((await check("CustomAudience", {}, { accountId: ACCOUNT, name: "Newsletter" }, provider)).failures).toBeUndefined();
    expect(requests()).toEqual([`GET /12/accounts/${ACCOUNT} 200`]);
  });

  test("a missing credential fails check naming its stack config key and environment variable, without a request", async () => {
    const provider = holder("");
    fixture.emu.control.clearRequests();
    expect((await check("Campaign", {}, campaign(ACCOUNT), provider)).failures).toEqual([{
      property: "",
      reason: "missing Ads API credentials: xads:accessTokenSecret (pulumi config set --secret xads:accessTokenSecret ...) or XADS_ACCESS_TOKEN_SECRET. Nothing was written",
    }]);
    expect(requests()).toEqual([]);
  });

  test("an address with nothing listening fails check naming the address and the setting it comes from", async () => {
    const address = await deadAddress();
    const provider = { xadsSettings: { ...holder(fixture.creds.accessTokenSecret).xadsSettings, "xads:sandboxBaseUrl": address } };
    expect((await check("Campaign", {}, campaign(ACCOUNT), provider)).failures).toEqual([{
      property: "",
      reason: `checking access to account ${ACCOUNT}: GET /12/accounts/${ACCOUNT}: UNREACHABLE: nothing answers at ${address} (ECONNREFUSED); the request was not sent. `
        + "The address is xads:sandboxBaseUrl (or XADS_SANDBOX_BASE_URL). Nothing was written",
    }]);
  });

  test("refused credentials fail check naming the four credential settings; no secret in the message", async () => {
    const provider = holder("a-secret-that-is-not-valid");
    const failures = (await check("Campaign", {}, campaign(ACCOUNT), provider)).failures!;
    expect(failures).toEqual([{
      property: "",
      reason: expect.stringMatching(/^the Ads API refused the credentials \(GET \/12\/accounts\/\w+: 401 UNAUTHORIZED_ACCESS: .*\)\. Set the app's and the user's keys: /),
    }]);
    expect(failures[0]!.reason).toContain("xads:accessTokenSecret (or XADS_ACCESS_TOKEN_SECRET)");
    expect(failures[0]!.reason).not.toContain("a-secret-that-is-not-valid");
  });
});

test("an update of an entity deleted outside the program names the cure: pulumi refresh, then pulumi up creates it again", async () => {
  const campaignProps = (budget: number) => ({ accountId: ACCOUNT, fundingInstrumentId: "", name: "Gone", dailyBudgetAmountLocalMicro: budget, deletionProtection: false });
  const fi = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z" });
  const made = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/campaigns`, { funding_instrument_id: fi.id, name: "Gone", daily_budget_amount_local_micro: 1_000_000 });
  fixture.emu.control.remove("sandbox", ACCOUNT, "campaigns", String(made.id));
  const olds = { ...campaignProps(1_000_000), fundingInstrumentId: String(fi.id) };
  const failed = await update(holder(fixture.creds.accessTokenSecret), "Campaign", String(made.id), olds, { ...olds, dailyBudgetAmountLocalMicro: 2_000_000 }).then(() => "updated", (e: Error) => e.message);
  expect(failed).toBe(`updating Campaign ${made.id}: campaign "Gone" (id ${made.id}) is gone from the platform (deleted outside this program, e.g. in the ads UI), so nothing was sent. Run pulumi refresh, which drops it from the state; then pulumi up creates it again`);
  expect(fixture.emu.control.requests().filter((r) => r.method === "PUT")).toEqual([]);
});

describe("an update never overwrites a live value the plan was not made from", () => {
  async function campaign(name: string) {
    const fi = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z" });
    const made = await fixture.client().post<Entity>(`/12/accounts/${ACCOUNT}/campaigns`, { funding_instrument_id: fi.id, name, daily_budget_amount_local_micro: 60_000_000, entity_status: "ACTIVE" });
    const olds = { accountId: ACCOUNT, fundingInstrumentId: String(fi.id), name, dailyBudgetAmountLocalMicro: 60_000_000, entityStatus: "ACTIVE", deletionProtection: false };
    return { id: String(made.id), olds };
  }
  const puts = () => fixture.emu.control.requests().filter((r) => r.method === "PUT");

  // The name promised "each field" of two edits; the message (compared whole) names the budget alone: the status
  // was paused in the UI as the plan pauses it, which overwrites nothing. The name now says what is checked.
  test("a budget raised in the ads UI after the plan: the update sends nothing to it and names the field, the plan's old value and the live one; a status paused there as the plan pauses it is not named", async () => {
    const { id, olds } = await campaign("Edited after the plan");
    fixture.emu.control.edit("sandbox", ACCOUNT, "campaigns", id, { daily_budget_amount_local_micro: 99_000_000, entity_status: "PAUSED" });
    fixture.emu.control.clearRequests();
    const failed = await update(holder(fixture.creds.accessTokenSecret), "Campaign", id, olds, { ...olds, dailyBudgetAmountLocalMicro: 80_000_000, entityStatus: "PAUSED" }).then(() => "updated", (e: Error) => e.message);
    // Who made the edit: the emulator's account history records the ads UI's user.
    expect(failed).toBe(`updating Campaign ${id}: campaign "Edited after the plan" (id ${id}) was changed outside the program after the state last read it ` +
      `(by user 1000000000000000001 (ADS_UI) at ${failed.match(/ at (\S+Z), says/)?.[1]}, says the account's history): ` +
      "dailyBudgetAmountLocalMicro is 99.00 in the funding instrument's currency (99000000 micros) on the platform, where the plan changes it from 60.00 in the funding instrument's currency (60000000 micros). " +
      "Nothing was sent to it: pulumi up never overwrites a live value the preview did not show. Run pulumi refresh, then preview again: it shows each as live -> declared; " +
      "then pulumi up (docs/operations.md, \"A live value changed after the preview\")");
    expect(puts()).toEqual([]);
    expect(fixture.emu.control.entities("sandbox", ACCOUNT, "campaigns").find((c) => c.id === id)).toMatchObject({ daily_budget_amount_local_micro: 99_000_000, entity_status: "PAUSED" });
  });

  test("an edit of a field the update does not write, or none, lets it through: the PUT sends the planned change", async () => {
    const { id, olds } = await campaign("Status edited");
    fixture.emu.control.edit("sandbox", ACCOUNT, "campaigns", id, { entity_status: "PAUSED" });
    fixture.emu.control.clearRequests();
    await update(holder(fixture.creds.accessTokenSecret), "Campaign", id, olds, { ...olds, dailyBudgetAmountLocalMicro: 80_000_000 });
    expect(puts()).toHaveLength(1);
    expect(fixture.emu.control.entities("sandbox", ACCOUNT, "campaigns").find((c) => c.id === id)).toMatchObject({ daily_budget_amount_local_micro: 80_000_000, entity_status: "PAUSED" });
  });
});
