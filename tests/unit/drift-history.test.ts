/**
 * Who changed a drifted resource and when, as `xads drift` reports it: the
 * window of whole hours it asks the account history for, the entries that
 * count (those after the state's last change), the words of each outcome in
 * text, Markdown and JSON, and one call per resource, none after an
 * account's refusal; the users by handle from one users lookup, and by id
 * with one note when the lookup is refused, each user once a run across
 * stacks (a client that answers from a table, or recorded answers under
 * the client: no network).
 */
import { changesSince, describeHistory, DriftHistory, historyEntityType, historyOf, historyUserIds, historyWindow, usernamesOf, UsersLookups, withUsernames } from "../../cli/drift-history";
import { buildDriftReport, renderDriftJson, renderDriftMarkdown, renderDriftText, withHistory } from "../../cli/drift-report";
import { AdsClient, WireRequest } from "../../provider/client/client";
import { AuthError, ValidationError } from "../../provider/client/errors";
import type { ProviderConfig } from "../../provider/config";
import type { Deployment } from "../../cli/recover-plan";

const at = (s: string) => Date.parse(s);

describe("the history window", () => {
  test("runs from the state's last change, rounded down to the hour, to the hour after now", () => {
    expect(historyWindow({ modified: "2026-11-26T09:41:07.123Z", created: "2026-11-20T08:00:00Z" }, at("2026-11-26T11:05:00Z")))
      .toEqual({ start: "2026-11-26T09:00:00Z", end: "2026-11-26T12:00:00Z" });
  });

  test("takes the creation time when the state has no modified time, and ends after a now on the hour", () => {
    expect(historyWindow({ created: "2026-11-26T10:00:00Z" }, at("2026-11-26T10:00:00Z"))).toEqual({ start: "2026-11-26T10:00:00Z", end: "2026-11-26T11:00:00Z" });
  });

  test("looks 7 days back for a resource whose state records no time (checkpoints before 2023)", () => {
    expect(historyWindow({}, at("2026-11-26T10:30:00Z"))).toEqual({ start: "2026-11-19T10:00:00Z", end: "2026-11-26T11:00:00Z" });
  });
});

test("the kinds the platform keeps the history of: campaigns, line items, promoted Tweets and accounts, targeting criteria", () => {
  expect(["Campaign", "LineItem", "PromotedTweet", "PromotedAccount", "TargetingCriterion", "Card", "CustomAudience", undefined].map(historyEntityType))
    .toEqual(["CAMPAIGN", "LINE_ITEM", "PROMOTED_TWEET", "PROMOTED_ACCOUNT", "TARGETING_CRITERIA", undefined, undefined, undefined]);
});

test("only the entity's changes after the state's last change count, oldest first (Pulumi's own update in the same hour does not)", () => {
  const entry = (entity_id: string, change_time: string, user_id: string, change_type = "UPDATE") => ({
    entity: "CAMPAIGN", entity_id, change_time, change_type, change_by: { user_id, platform: "ADS_UI" }, changes: {}, entity_data: {},
  });
  const entries = [
    entry("c1", "2026-11-26T09:50:00Z", "555", "DELETE"),
    entry("c1", "2026-11-26T09:41:07Z", "756201191646691328"),
    entry("c1", "2026-11-26T09:45:00Z", "2244994945"),
    entry("c2", "2026-11-26T09:46:00Z", "2244994945"),
  ];
  expect(changesSince(entries, "c1", "2026-11-26T09:41:07.123Z")).toEqual([
    { userId: "2244994945", platform: "ADS_UI", changeType: "UPDATE", time: "2026-11-26T09:45:00Z" },
    { userId: "555", platform: "ADS_UI", changeType: "DELETE", time: "2026-11-26T09:50:00Z" },
  ]);
});

describe("the report", () => {
  const URN = (type: string, name: string) => `urn:pulumi:dev::shop::pulumi-nodejs:dynamic/xads:${type}::${name}`;
  const event = (op: string, type: string, name: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown> | null) => {
    const state = (outputs: Record<string, unknown>) => ({ type: `pulumi-nodejs:dynamic/xads:${type}`, urn: URN(type, name), id, inputs: {}, outputs });
    return { resOutputsEvent: { metadata: { op, urn: URN(type, name), type: `pulumi-nodejs:dynamic/xads:${type}`, old: state(olds), new: news && state(news) } } };
  };
  const report = buildDriftReport([
    event("update", "Campaign", "spring", "c1", { currency: "USD", dailyBudgetAmountLocalMicro: 50_000_000, entityStatus: "ACTIVE" }, { currency: "USD", dailyBudgetAmountLocalMicro: 99_000_000, entityStatus: "PAUSED" }),
    event("update", "Card", "card", "k1", { name: "a" }, { name: "b" }),
    event("delete", "LineItem", "timeline", "l1", {}, null),
  ]);
  const window = { start: "2026-11-26T09:00:00Z", end: "2026-11-26T12:00:00Z" };
  const histories = new Map<string, DriftHistory>([
    [URN("Campaign", "spring"), { status: "found", window, since: "2026-11-26T09:41:07Z", changes: [{ userId: "2244994945", platform: "ADS_UI", changeType: "UPDATE", time: "2026-11-26T10:15:00Z" }] }],
    [URN("Card", "card"), { status: "not-kept" }],
    [URN("LineItem", "timeline"), { status: "found", window, changes: [{ userId: "555", platform: "API_OTHER", changeType: "DELETE", time: "2026-11-26T10:20:00Z" }] }],
  ]);
  const told = withHistory(report, histories);

  test("text: who and when under each resource's fields old -> new", () => {
    expect(renderDriftText(told)).toBe([
      "drift in stack dev: 2 changed, 1 deleted outside Pulumi, 0 in no state",
      "deleted: timeline (LineItem, id l1)",
      "  deleted by user 555 (API_OTHER) at 2026-11-26T10:20:00Z",
      "changed: card (Card, id k1) name: \"a\" -> \"b\"",
      "  the platform keeps no history for Card",
      "changed: spring (Campaign, id c1) dailyBudgetAmountLocalMicro: USD 50.00 -> USD 99.00; entityStatus: \"ACTIVE\" -> \"PAUSED\"",
      "  changed by user 2244994945 (ADS_UI) at 2026-11-26T10:15:00Z",
      "",
    ].join("\n"));
  });

  test("Markdown: the fields table as before, then who and when per resource", () => {
    const md = renderDriftMarkdown(told);
    expect(md).toContain("| `spring` (Campaign) | `dailyBudgetAmountLocalMicro`<br>`entityStatus` | `USD 50.00`<br>`\"ACTIVE\"` | `USD 99.00`<br>`\"PAUSED\"` |");
    expect(md).toContain("#### Who and when (the platform's account history)");
    expect(md).toContain("| `spring` (Campaign) | changed by user 2244994945 (ADS_UI) at 2026-11-26T10:15:00Z |");
    expect(md).toContain("| `card` (Card) | the platform keeps no history for Card |");
    expect(md).toContain("| `timeline` (LineItem) | deleted by user 555 (API_OTHER) at 2026-11-26T10:20:00Z |");
  });

  test("JSON: each resource carries its history", () => {
    const json = JSON.parse(renderDriftJson(told));
    expect(json.changed.find((c: { resource: string }) => c.resource === "spring").history).toEqual(histories.get(URN("Campaign", "spring")));
    expect(json.deleted[0].history.changes[0]).toMatchObject({ userId: "555", time: "2026-11-26T10:20:00Z" });
  });

  test("a report without history reads as before", () => {
    expect(renderDriftMarkdown(report)).not.toContain("Who and when");
    expect(renderDriftText(report)).not.toContain("by user");
  });

  test("the words of a refusal, a failure and a window with no change", () => {
    expect(describeHistory({ status: "not-allow-listed" }, "Campaign")).toBe("history not available for this account (not allow-listed)");
    expect(describeHistory({ status: "failed", message: "GET /12/accounts/a/account_history: 503 SERVICE_UNAVAILABLE: down" }, "Campaign"))
      .toBe("history could not be read: GET /12/accounts/a/account_history: 503 SERVICE_UNAVAILABLE: down");
    expect(describeHistory({ status: "found", window, since: "2026-11-26T09:41:07Z", changes: [] }, "Campaign"))
      .toBe("no change recorded between 2026-11-26T09:41:07Z and 2026-11-26T12:00:00Z");
  });
});

describe("the calls", () => {
  const resource = (name: string, type: string, id: string, accountId: string) => ({
    urn: `urn:pulumi:dev::shop::pulumi-nodejs:dynamic/xads:${type}::${name}`, type: `pulumi-nodejs:dynamic/xads:${type}`, id,
    inputs: {}, outputs: { accountId }, modified: "2026-11-26T09:41:07Z",
  });
  const deployment: Deployment = {
    resources: [resource("a", "Campaign", "c1", "acc1"), resource("b", "LineItem", "l1", "acc1"), resource("c", "Campaign", "c2", "acc2"), resource("d", "Card", "k1", "acc2")],
  };
  const targets = deployment.resources!.map((r) => ({ urn: r.urn, id: r.id, kind: r.type.split(":").pop() }));
  const config = { accountId: "acc1" } as ProviderConfig;

  function client(answer: (path: string, query: Record<string, unknown>) => unknown[]) {
    const calls: { path: string; query: Record<string, unknown> }[] = [];
    const fake = { list: async (path: string, query: Record<string, unknown>) => { calls.push({ path, query }); return answer(path, query); } };
    return { calls, client: fake as unknown as AdsClient };
  }

  test("one call per resource of a kind with history: its account, entity type and id, and the window", async () => {
    const { calls, client: c } = client(() => []);
    const out = await historyOf(targets, deployment, () => ({ client: c, config }), at("2026-11-26T11:05:00Z"));
    expect(calls).toEqual([
      { path: "/12/accounts/acc1/account_history", query: { entity_type: "CAMPAIGN", entity_id: "c1", start_time: "2026-11-26T09:00:00Z", end_time: "2026-11-26T12:00:00Z" } },
      { path: "/12/accounts/acc1/account_history", query: { entity_type: "LINE_ITEM", entity_id: "l1", start_time: "2026-11-26T09:00:00Z", end_time: "2026-11-26T12:00:00Z" } },
      { path: "/12/accounts/acc2/account_history", query: { entity_type: "CAMPAIGN", entity_id: "c2", start_time: "2026-11-26T09:00:00Z", end_time: "2026-11-26T12:00:00Z" } },
    ]);
    expect(out.get(targets[3]!.urn)).toEqual({ status: "not-kept" });
    expect(out.get(targets[0]!.urn)).toMatchObject({ status: "found", changes: [] });
  });

  test("an account that is not allow-listed is asked once; another account and other failures are reported each on its own", async () => {
    const { calls, client: c } = client((path) => {
      if (path.includes("acc1")) throw new AuthError({ status: 403, code: "UNAUTHORIZED_CLIENT_APPLICATION", message: "The client application making this request does not have access to this API", method: "GET", path });
      throw new ValidationError({ status: 400, code: "INVALID_PARAMETER", message: "bad", method: "GET", path });
    });
    const out = await historyOf(targets, deployment, () => ({ client: c, config }), at("2026-11-26T11:05:00Z"));
    expect(calls.map((x) => x.path)).toEqual(["/12/accounts/acc1/account_history", "/12/accounts/acc2/account_history"]);
    expect([0, 1, 2].map((i) => out.get(targets[i]!.urn)!.status)).toEqual(["not-allow-listed", "not-allow-listed", "failed"]);
  });
});

describe("the users' handles", () => {
  const window = { start: "2026-11-26T09:00:00Z", end: "2026-11-26T12:00:00Z" };
  const change = (userId: string, time: string) => ({ userId, platform: "ADS_UI", changeType: "UPDATE", time });
  const URN = (name: string) => `urn:pulumi:dev::shop::pulumi-nodejs:dynamic/xads:Campaign::${name}`;
  const histories = new Map<string, DriftHistory>([
    [URN("spring"), { status: "found", window, changes: [change("2244994945", "2026-11-26T10:15:00Z"), change("555", "2026-11-26T10:20:00Z")] }],
    [URN("summer"), { status: "found", window, changes: [change("2244994945", "2026-11-26T10:30:00Z"), change("unknown", "2026-11-26T10:40:00Z")] }],
    [URN("autumn"), { status: "not-allow-listed" }],
  ]);

  /** A client over recorded answers (status and body by call), recording what was asked. */
  function platform(answer: (ids: string[]) => { status: number; body: unknown }) {
    const asked: string[][] = [];
    const client = new AdsClient({
      credentials: { consumerKey: "ck", consumerSecret: "cs", accessToken: "at", accessTokenSecret: "ats" },
      baseUrl: "https://api.x.com", log: () => {}, sleep: async () => {},
      transport: async (r: WireRequest) => {
        const url = new URL(r.url);
        expect(`${r.method} ${url.pathname}`).toBe("GET /2/users");
        const ids = url.searchParams.get("ids")!.split(",");
        asked.push(ids);
        const { status, body } = answer(ids);
        return { statusCode: status, headers: {}, body: JSON.stringify(body) };
      },
    });
    return { asked, client };
  }
  const found = (ids: string[]) => ({
    status: 200,
    body: {
      data: ids.filter((id) => id !== "555").map((id) => ({ id, name: `n${id}`, username: `u${id}` })),
      ...(ids.includes("555") ? { errors: [{ resource_id: "555", resource_type: "user", title: "Not Found Error", detail: "Could not find user with id: [555]." }] } : {}),
    },
  });

  test("each user the histories name is asked once, ids only (no 'unknown')", () => {
    expect(historyUserIds(histories.values())).toEqual(["2244994945", "555"]);
  });

  test("one lookup for all of them; an id the platform does not find stays an id", async () => {
    const { asked, client } = platform(found);
    const users = await usernamesOf(historyUserIds(histories.values()), client);
    expect(asked).toEqual([["2244994945", "555"]]);
    expect(users).toEqual({ usernames: new Map([["2244994945", "u2244994945"]]) });
  });

  test("more than 100 users: calls of at most 100 ids", async () => {
    const { asked, client } = platform(found);
    const ids = Array.from({ length: 150 }, (_, i) => String(1000 + i));
    const users = await usernamesOf(ids, client);
    expect(asked.map((a) => a.length)).toEqual([100, 50]);
    expect(users.usernames.size).toBe(150);
  });

  test("a 503 is retried as every read is", async () => {
    let calls = 0;
    const { asked, client } = platform((ids) => (++calls === 1 ? { status: 503, body: { title: "Service Unavailable", detail: "try again", type: "about:blank" } } : found(ids)));
    expect((await usernamesOf(["2244994945"], client)).usernames).toEqual(new Map([["2244994945", "u2244994945"]]));
    expect(asked).toHaveLength(2);
  });

  test("no user named: no call", async () => {
    const { asked, client } = platform(found);
    expect(await usernamesOf([], client)).toEqual({ usernames: new Map() });
    expect(asked).toEqual([]);
  });

  test("the report names the handle beside the id, in text, Markdown and JSON", () => {
    const report = withHistory(buildDriftReport([]), new Map());
    const event = { resOutputsEvent: { metadata: { op: "update", urn: URN("spring"), type: "pulumi-nodejs:dynamic/xads:Campaign",
      old: { id: "c1", outputs: { name: "a" } }, new: { id: "c1", outputs: { name: "b" } } } } };
    const told = withHistory(buildDriftReport([event]), withUsernames(histories, new Map([["2244994945", "XDevelopers"]])));
    expect(report.historyNote).toBeUndefined();
    const line = "changed by @XDevelopers (user 2244994945, ADS_UI) at 2026-11-26T10:15:00Z; changed by user 555 (ADS_UI) at 2026-11-26T10:20:00Z";
    expect(renderDriftText(told)).toContain(`\n  ${line}\n`);
    expect(renderDriftMarkdown(told)).toContain(`| \`spring\` (Campaign) | ${line} |`);
    expect(JSON.parse(renderDriftJson(told)).changed[0].history.changes).toEqual([
      { ...change("2244994945", "2026-11-26T10:15:00Z"), username: "XDevelopers" }, change("555", "2026-11-26T10:20:00Z"),
    ]);
  });

  test("a refused lookup (403, the app's access level): ids as before, one note line, the drift unchanged", async () => {
    const { asked, client } = platform(() => ({
      status: 403, body: { title: "Client Forbidden", detail: "not enrolled", type: "https://api.x.com/2/problems/client-forbidden" },
    }));
    const users = await usernamesOf(historyUserIds(histories.values()), client);
    expect(asked).toHaveLength(1);
    expect(users.usernames.size).toBe(0);
    expect(users.note).toBe("user handles not shown: these credentials may not use the X API users lookup (GET /2/users answered 403: the app's access level may not include it)");
    const event = { resOutputsEvent: { metadata: { op: "update", urn: URN("spring"), type: "pulumi-nodejs:dynamic/xads:Campaign",
      old: { id: "c1", outputs: { name: "a" } }, new: { id: "c1", outputs: { name: "b" } } } } };
    const told = withHistory(buildDriftReport([event]), withUsernames(histories, users.usernames), users.note);
    expect(told.drift).toBe(true);
    const text = renderDriftText(told);
    expect(text).toContain("  changed by user 2244994945 (ADS_UI) at 2026-11-26T10:15:00Z;");
    expect(text.split("\n").filter((l) => /^note: /.test(l))).toEqual([`note: ${users.note}`]);
    expect(renderDriftMarkdown(told)).toContain(`Note: ${users.note}.`);
    expect(JSON.parse(renderDriftJson(told)).historyNote).toBe(users.note);
  });

  describe("a run's lookups (xads drift --all-stacks: one UsersLookups for every stack)", () => {
    const credentials = { consumerKey: "ck", consumerSecret: "cs", accessToken: "at", accessTokenSecret: "ats" };
    const caller = (client: AdsClient, baseUrl = "https://api.x.com", creds = credentials) => ({ client, baseUrl, credentials: creds });

    test("a stack naming users an earlier stack's lookup asked asks only for the others", async () => {
      const { asked, client } = platform(found);
      const lookups = new UsersLookups();
      expect(await lookups.usernamesOf(["2244994945", "555"], caller(client))).toEqual({ usernames: new Map([["2244994945", "u2244994945"]]) });
      expect(await lookups.usernamesOf(["2244994945", "555"], caller(client))).toEqual({ usernames: new Map([["2244994945", "u2244994945"]]) });
      expect(await lookups.usernamesOf(["555", "7"], caller(client))).toEqual({ usernames: new Map([["7", "u7"]]) });
      expect(asked).toEqual([["2244994945", "555"], ["7"]]);
    });

    test("another platform address or other credentials is asked anew: what a lookup may read depends on both", async () => {
      const { asked, client } = platform(found);
      const lookups = new UsersLookups();
      await lookups.usernamesOf(["2244994945"], caller(client));
      await lookups.usernamesOf(["2244994945"], caller(client, "http://127.0.0.1:9"));
      await lookups.usernamesOf(["2244994945"], caller(client, "https://api.x.com", { ...credentials, accessToken: "other" }));
      expect(asked).toEqual([["2244994945"], ["2244994945"], ["2244994945"]]);
    });

    test("a refused lookup is not asked again: every later stack gets its note", async () => {
      const { asked, client } = platform(() => ({
        status: 403, body: { title: "Client Forbidden", detail: "not enrolled", type: "https://api.x.com/2/problems/client-forbidden" },
      }));
      const lookups = new UsersLookups();
      const first = await lookups.usernamesOf(["2244994945"], caller(client));
      expect(await lookups.usernamesOf(["7"], caller(client))).toEqual(first);
      expect(first.note).toMatch(/^user handles not shown: these credentials may not use the X API users lookup/);
      expect(asked).toHaveLength(1);
    });
  });

  test("any other failure: the same, with the platform's problem in the note", async () => {
    const { client } = platform(() => ({ status: 400, body: { title: "Invalid Request", detail: "The `ids` query parameter value [x] is not a user id.", type: "https://api.x.com/2/problems/invalid-request" } }));
    expect((await usernamesOf(["1"], client)).note).toBe("user handles not shown: the X API users lookup (GET /2/users) failed: GET /2/users: 400 invalid-request: The `ids` query parameter value [x] is not a user id.");
  });
});
