/**
 * `xads drift`'s account history calls (cli/drift-history.ts) through the
 * provider's client against the emulator: who changed a drifted campaign
 * outside Pulumi and when, the entries Pulumi's own writes left out, and an
 * account that is not allow-listed; the user's handle from the X API users
 * lookup on the platform API base, and the ids alone when it is refused.
 */
import { historyOf, historyUserIds, usernamesOf, UsersLookups, withUsernames } from "../../cli/drift-history";
import { platformClient } from "../../cli/untracked";
import { ProviderConfig, SETTINGS } from "../../provider/config";
import { Deployment } from "../../cli/recover-plan";
import { typeToken } from "../../provider/resources";
import { ACCOUNT, seedFundingInstrument, useEmulator } from "./fixtures";

const fixture = useEmulator();
const urn = (kind: string, name: string) => `urn:pulumi:dev::shop::${typeToken(kind)}::${name}`;

/** The platform's clock when a test starts (the control API's): mid-morning, so every write of a test falls in one whole hour. */
const START = "2026-05-01T12:00:00Z";
/** What historyOf takes for now: the platform's clock, not this process's. */
const emulatorNow = () => Date.parse(fixture.emu.control.now());

async function campaignInState(modifiedAfterCreate = true): Promise<{ id: string; deployment: Deployment }> {
  fixture.emu.control.setClock(START);
  const client = fixture.client();
  const fundingInstrumentId = await seedFundingInstrument(client);
  const { id, created_at } = await client.post<{ id: string; created_at: string }>(`/12/accounts/${ACCOUNT}/campaigns`, { name: "Spring", funding_instrument_id: fundingInstrumentId, daily_budget_amount_local_micro: 5_000_000 });
  // The state's last change of the resource: Pulumi's own, after its create (the platform's whole second, plus 1.5 s).
  const modified = modifiedAfterCreate ? new Date(Date.parse(created_at) + 1500).toISOString() : undefined;
  const deployment: Deployment = {
    resources: [{ urn: urn("Campaign", "spring"), type: typeToken("Campaign"), custom: true, id, inputs: { accountId: ACCOUNT }, outputs: { accountId: ACCOUNT }, ...(modified ? { modified } : {}) }],
  };
  return { id, deployment };
}

test("names the user who edited a campaign in the ads UI after the stack's last update, with the time; Pulumi's own create is left out", async () => {
  const { id, deployment } = await campaignInState();
  // The platform's clock past the state's modified time: the edit's whole second is after it.
  fixture.emu.control.advanceClock(2000);
  const edited = fixture.emu.control.edit("sandbox", ACCOUNT, "campaigns", id, { daily_budget_amount_local_micro: 9_000_000, entity_status: "PAUSED" }, { user_id: "2244994945", platform: "ADS_UI" });
  fixture.emu.control.clearRequests();

  const history = await historyOf([{ urn: urn("Campaign", "spring"), id, kind: "Campaign" }], deployment, () => fixture.ctx(), emulatorNow());
  expect(history.get(urn("Campaign", "spring"))).toMatchObject({
    status: "found", changes: [{ userId: "2244994945", platform: "ADS_UI", changeType: "UPDATE", time: edited.updated_at }],
  });
  const calls = fixture.emu.control.requests();
  expect(calls.map((r) => [r.method, r.path, r.status])).toEqual([["GET", `/12/accounts/${ACCOUNT}/account_history`, 200]]);
  // The whole hours around the state's change and now.
  expect(calls[0]!.query).toMatchObject({ entity_type: "CAMPAIGN", entity_id: id, start_time: "2026-05-01T12:00:00Z", end_time: "2026-05-01T13:00:00Z" });
});

test("an account that is not allow-listed: the resource says so, after one call", async () => {
  const { id, deployment } = await campaignInState(false);
  fixture.emu.control.setHistoryAccess("sandbox", ACCOUNT, false);
  fixture.emu.control.clearRequests();
  const targets = [{ urn: urn("Campaign", "spring"), id, kind: "Campaign" }, { urn: urn("Campaign", "again"), id, kind: "Campaign" }];
  const history = await historyOf(targets, { resources: [...deployment.resources!, { ...deployment.resources![0]!, urn: urn("Campaign", "again") }] }, () => fixture.ctx(), emulatorNow());
  expect([...history.values()]).toEqual([{ status: "not-allow-listed" }, { status: "not-allow-listed" }]);
  expect(fixture.emu.control.requests().map((r) => r.status)).toEqual([403]);
});

describe("the user's handle, from the users lookup on the platform API base (xads:platformBaseUrl)", () => {
  const handleOf = async () => {
    const { id, deployment } = await campaignInState();
    fixture.emu.control.advanceClock(2000);
    fixture.emu.control.edit("sandbox", ACCOUNT, "campaigns", id, { entity_status: "PAUSED" }, { user_id: "2244994945", platform: "ADS_UI" });
    const history = await historyOf([{ urn: urn("Campaign", "spring"), id, kind: "Campaign" }], deployment, () => fixture.ctx(), emulatorNow());
    const config = { credentials: fixture.emu.credentials } as ProviderConfig;
    const users = await usernamesOf(historyUserIds(history.values()), platformClient({ [SETTINGS.platformBaseUrl.key]: fixture.emu.url }, config, () => {}));
    return { users, history: withUsernames(history, users.usernames).get(urn("Campaign", "spring")) };
  };

  test("a user the platform knows is named by handle beside the id", async () => {
    fixture.emu.control.registerUser({ id: "2244994945", username: "XDevelopers", name: "X Developers" });
    const { users, history } = await handleOf();
    expect(users).toEqual({ usernames: new Map([["2244994945", "XDevelopers"]]) });
    expect(history).toMatchObject({ status: "found", changes: [{ userId: "2244994945", username: "XDevelopers", platform: "ADS_UI" }] });
  });

  test("a user it does not know stays an id, with no note", async () => {
    const { users, history } = await handleOf();
    expect(users).toEqual({ usernames: new Map() });
    expect(history).toMatchObject({ status: "found", changes: [{ userId: "2244994945" }] });
  });

  test("the lookups of one run (xads drift --all-stacks) ask a user once: one GET /2/users in the emulator's request log for two stacks", async () => {
    fixture.emu.control.registerUser({ id: "2244994945", username: "XDevelopers" });
    const config = { credentials: fixture.emu.credentials } as ProviderConfig;
    const values = { [SETTINGS.platformBaseUrl.key]: fixture.emu.url };
    const caller = () => ({ client: platformClient(values, config, () => {}), baseUrl: fixture.emu.url, credentials: config.credentials });
    const lookups = new UsersLookups();
    fixture.emu.control.clearRequests();
    for (const _stack of ["acme", "globex"]) expect((await lookups.usernamesOf(["2244994945"], caller())).usernames).toEqual(new Map([["2244994945", "XDevelopers"]]));
    expect(fixture.emu.control.requests().map((r) => [r.method, r.path, r.query.ids, r.status])).toEqual([["GET", "/2/users", "2244994945", 200]]);
  });

  test("an application whose access does not include the lookup (403): the ids, and one note", async () => {
    fixture.emu.control.registerUser({ id: "2244994945", username: "XDevelopers" });
    fixture.emu.control.setUsersLookupAccess(false);
    const { users, history } = await handleOf();
    expect(users.usernames.size).toBe(0);
    expect(users.note).toMatch(/^user handles not shown: these credentials may not use the X API users lookup \(GET \/2\/users answered 403/);
    expect((history as { changes: object[] }).changes[0]).not.toHaveProperty("username");
  });
});
