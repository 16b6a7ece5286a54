/**
 * What the provider plugin (provider/plugin/) sends the engine and reads from
 * it, without an engine: property structs (unknowns, secrets), the kind of a
 * type, the configuration of Configure, the detailed diff built from the
 * kinds' own diff (provider/dispatch.ts), and the lines sent to the engine's log.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as dispatch from "../../provider/dispatch";
import { PENDING_KEY } from "../../provider/resources/pending";
import { lineSplitter } from "../../provider/plugin/engine-log";
import { configDiff, configFailures, detailedDiff, fromStruct, functionOfToken, replacementNotes, secret, SECRET_SIG, settingsOf, SIG_KEY, toStruct, UNKNOWN } from "../../provider/plugin/wire";
import { kindOfResource as kindOfType, typeOfUrn } from "../../provider/resources";

describe("property structs", () => {
  test("secrets the engine sends are read as their plain values, at any depth; an unknown stays the runtime's unknown value", () => {
    const struct = Struct.fromJavaScript({
      name: secret("Spring") as never,
      nested: { list: [secret(1) as never, "x"] },
      fundingInstrumentId: UNKNOWN,
    });
    expect(fromStruct(struct)).toEqual({ name: "Spring", nested: { list: [1, "x"] }, fundingInstrumentId: UNKNOWN });
    expect(fromStruct(undefined)).toEqual({});
  });

  test("outputs leave out undefined values (a Struct cannot hold one) and mark the named keys secret", () => {
    const struct = toStruct({ id: "c1", name: "Spring", gone: undefined, nested: { a: undefined, b: 2 }, users: ["h1"] }, ["users"]);
    expect(struct.toJavaScript()).toEqual({ id: "c1", name: "Spring", nested: { b: 2 }, users: { [SIG_KEY]: SECRET_SIG, value: ["h1"] } });
  });
});

test("the kind of a resource comes from its type token, or from its URN", () => {
  expect(kindOfType("xads:index:LineItem")).toBe("LineItem");
  expect(kindOfType("pulumi-nodejs:dynamic:Resource")).toBeUndefined();
  expect(typeOfUrn("urn:pulumi:dev::p::xads:index:Campaign::spring")).toBe("xads:index:Campaign");
  expect(typeOfUrn("urn:pulumi:dev::p::my:Component$xads:index:PromotedTweet::t")).toBe("xads:index:PromotedTweet");
});

test("a function token names a data source, xads:index:get<Name>; any other token none", () => {
  expect(functionOfToken("xads:index:getFundingInstrument")).toBe("getFundingInstrument");
  expect(functionOfToken("xads:index:Campaign")).toBeUndefined();
  expect(functionOfToken("aws:index:getAccounts")).toBeUndefined();
});

test("Configure's arguments become the xads:* settings as stack config holds them: strings, secrets unwrapped, a value not known yet unset", () => {
  expect(settingsOf({
    consumerKey: secret("ck"), accessToken: "at", sandbox: true, maxBudgetMicro: 5000, accountId: UNKNOWN, unrelated: "x",
  })).toEqual({ "xads:consumerKey": "ck", "xads:accessToken": "at", "xads:sandbox": "true", "xads:maxBudgetMicro": "5000" });
});

describe("the provider's configuration", () => {
  const noEnv = {};

  test("CheckConfig refuses each malformed setting on its property, naming the key and the limit, and judges none of the credentials' values", () => {
    expect(configFailures({ consumerKey: secret("ck"), sandbox: "yes", requestTimeoutMs: 5, maxBudgetMicro: "1.5" }, noEnv)).toEqual([
      { property: "sandbox", reason: 'xads:sandbox must be true or false, got "yes"' },
      { property: "requestTimeoutMs", reason: 'xads:requestTimeoutMs must be a whole number of milliseconds of at least 100, got "5"' },
      { property: "maxBudgetMicro", reason: `xads:maxBudgetMicro (or XADS_MAX_BUDGET_MICRO) must be a whole number of micros from 1 to ${Number.MAX_SAFE_INTEGER}, got "1.5"` },
    ]);
    expect(configFailures({ sandbox: true, sandboxBaseUrl: "localhost:8080" }, noEnv)).toEqual([
      { property: "sandboxBaseUrl", reason: 'xads:sandboxBaseUrl must be an http(s) address, got "localhost:8080"' },
    ]);
  });

  test("CheckConfig passes well-formed settings without credentials (a preview needs none), and a value not known yet", () => {
    expect(configFailures({ sandbox: true, sandboxBaseUrl: "http://127.0.0.1:1/sandbox", accountId: "18ce54d4x5t", maxBudgetMicro: "5000" }, noEnv)).toEqual([]);
    expect(configFailures({ sandbox: UNKNOWN, requestTimeoutMs: secret(UNKNOWN) }, noEnv)).toEqual([]);
  });

  test("CheckConfig reads a setting the provider leaves unset from the environment, as Configure does", () => {
    expect(configFailures({}, { XADS_SANDBOX: "maybe" })).toEqual([{ property: "sandbox", reason: 'xads:sandbox must be true or false, got "maybe"' }]);
  });

  test("DiffConfig: new credentials or a new account update the provider and replace nothing, and no value is in the diff", () => {
    const olds = { consumerKey: secret("ck1"), accessToken: secret("at1"), accountId: "a1", sandbox: "true" };
    const d = configDiff(olds, { ...olds, accessToken: secret("at2"), accountId: "a2", requestTimeoutMs: "1000" });
    expect(d).toEqual({
      changes: true, diffs: ["accessToken", "accountId", "requestTimeoutMs"], replaces: [], stables: [], deleteBeforeReplace: false,
      detailed: { accountId: "UPDATE", accessToken: "UPDATE", requestTimeoutMs: "ADD" },
    });
    expect(JSON.stringify(d)).not.toMatch(/at1|at2|ck1/);
  });

  test("DiffConfig: the same settings (a secret compared by its value) are no change; one not known yet is a change", () => {
    const olds = { consumerKey: secret("ck1"), sandbox: "true" };
    expect(configDiff(olds, { consumerKey: secret("ck1"), sandbox: "true" })).toMatchObject({ changes: false, diffs: [] });
    expect(configDiff(olds, { consumerKey: secret(UNKNOWN), sandbox: "true" })).toMatchObject({ changes: true, diffs: ["consumerKey"], replaces: [] });
  });
});

describe("detailed diff", () => {
  const campaign = { accountId: "18ce54d4x5t", fundingInstrumentId: "fi1", name: "Spring sale", dailyBudgetAmountLocalMicro: 50_000_000, entityStatus: "PAUSED", deletionProtection: false };
  const of = (kind: string, olds: Record<string, unknown>, news: Record<string, unknown>) =>
    detailedDiff(dispatch.diff(kind, "id1", olds, news), dispatch.differing(kind, olds, news), olds, news);

  test("a changed updatable field is an update in place of that key", () => {
    const d = of("Campaign", campaign, { ...campaign, name: "Summer sale" });
    expect(d).toMatchObject({ changes: true, diffs: ["name"], replaces: [], detailed: { name: "UPDATE" } });
  });

  test("a changed create-only field replaces the resource on that key", () => {
    const olds = { accountId: "18ce54d4x5t", lineItemId: "li1", tweetId: "1500000000000000001" };
    const d = of("PromotedTweet", olds, { ...olds, tweetId: "1500000000000000002" });
    expect(d).toMatchObject({ changes: true, diffs: ["tweetId"], replaces: ["tweetId"], detailed: { tweetId: "UPDATE_REPLACE" } });
  });

  test("a field added or removed is an addition or a deletion; one not known yet (a parent's new id) is a change", () => {
    const added = of("Campaign", campaign, { ...campaign, totalBudgetAmountLocalMicro: 1_000_000_000 });
    expect(added.detailed).toEqual({ totalBudgetAmountLocalMicro: "ADD" });
    const removed = of("Campaign", { ...campaign, totalBudgetAmountLocalMicro: 1_000_000_000 }, campaign);
    expect(removed.detailed).toEqual({ totalBudgetAmountLocalMicro: "DELETE" });
    const unknown = of("Campaign", campaign, { ...campaign, fundingInstrumentId: UNKNOWN });
    expect(unknown).toMatchObject({ changes: true, diffs: ["fundingInstrumentId"] });
  });

  test("a member list whose users change shows its counts (memberChanges) beside them; with the same users, counts that differ are no change", () => {
    const user = (c: string) => ({ email: [c.repeat(64)] });
    const olds = { accountId: "18ce54d4x5t", customAudienceId: "ca1", users: [user("a"), user("b")], memberChanges: "+2 -0 (2 members)" };
    const shown = ["memberCount", "memberChanges"];
    const changed = { ...olds, users: [user("a"), user("c")], memberChanges: "+1 -1 (2 members)" };
    const d = detailedDiff(dispatch.diff("CustomAudienceMembers", "ca1", olds, changed), dispatch.differing("CustomAudienceMembers", olds, changed), olds, changed, shown);
    expect(d).toMatchObject({ changes: true, diffs: ["users", "memberChanges"], detailed: { users: "UPDATE", memberChanges: "UPDATE" } });
    const same = { ...olds, memberChanges: "+0 -0 (2 members)" };
    expect(detailedDiff(dispatch.diff("CustomAudienceMembers", "ca1", olds, same), dispatch.differing("CustomAudienceMembers", olds, same), olds, same, shown))
      .toMatchObject({ changes: false, diffs: [], detailed: {} });
  });

  test("the same inputs are no change, with no key listed", () => {
    expect(of("Campaign", campaign, campaign)).toMatchObject({ changes: false, diffs: [], replaces: [], detailed: {} });
  });

  test("a key the kind replaces on that is not an input (a pending create's marker) is listed as a replacement, and delete-before-replace is passed on", () => {
    const d = detailedDiff({ changes: true, replaces: [PENDING_KEY], deleteBeforeReplace: true }, [], { [PENDING_KEY]: { sentAt: "x" } }, {});
    expect(d).toMatchObject({ diffs: [PENDING_KEY], replaces: [PENDING_KEY], deleteBeforeReplace: true, detailed: { [PENDING_KEY]: "DELETE_REPLACE" } });
  });

  test("each property a replacement comes from gets a [forces replacement] line naming it; an update in place and a pending create's marker get none", () => {
    const olds = { accountId: "18ce54d4x5t", lineItemId: "li1", tweetId: "1500000000000000001" };
    expect(replacementNotes("launch-post", "PromotedTweet", of("PromotedTweet", olds, { ...olds, tweetId: "1500000000000000002" }))).toEqual([
      "launch-post: tweetId [forces replacement]: the platform cannot change it on an existing PromotedTweet",
    ]);
    expect(replacementNotes("spring", "Campaign", of("Campaign", campaign, { ...campaign, name: "Summer sale" }))).toEqual([]);
    expect(replacementNotes("spring", "Campaign", detailedDiff({ changes: true, replaces: [PENDING_KEY] }, [], {}, {}))).toEqual([]);
  });
});

test("what the provider writes to stderr reaches the engine one line at a time: a line cut across writes is sent once whole, blank lines not at all", () => {
  const lines: string[] = [];
  const write = lineSplitter((l) => lines.push(l));
  write("funding instrument abc stays");
  write(" on the platform\n\nsecond\nthi");
  expect(lines).toEqual(["funding instrument abc stays on the platform", "second"]);
  write("rd\n");
  expect(lines).toEqual(["funding instrument abc stays on the platform", "second", "third"]);
});
