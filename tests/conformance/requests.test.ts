/**
 * Conformance suite 3 (docs/architecture.md rule 11): what the provider
 * sends has the real request's form. Every request the replay suite's cases
 * make (replay-cases.ts: each resource kind's create, refresh, adoption,
 * update and delete; each data source) is compared with its corpus entry's
 * `request`: where each parameter travels (query, JSON body, form body,
 * path), that every name is one the endpoint documents, and the wire form
 * of each value (lists comma-separated, booleans true/false, integers and
 * long ids as digits, enumerated values among the documented ones, ids in
 * JSON as strings). A request with no corpus entry fails the suite: the
 * corpus must cover every endpoint the provider calls. And every endpoint
 * the project calls (CALLED_ENDPOINTS) must be among those the replay
 * calls, so that these checks see each: batch creates, look-ups after a
 * create without an answer, `xads auth`, `xads import`, `xads drift`'s
 * account history and users lookup and the policy pack's listing are
 * replayed besides the cases' lifecycles.
 */
import { historyOf, usernamesOf } from "../../cli/drift-history";
import { listAccount } from "../../cli/import";
import { accessFailures } from "../../provider/access";
import { liveCampaignsFor } from "../../policy/live-campaigns";
import { clientFor } from "../../provider/client/registry";
import { resolveConfig } from "../../provider/config";
import { definitionOf } from "../../provider/resources";
import { CALLED_ENDPOINTS, CorpusEntry, RECORDED_NOT_CALLED } from "./corpus";
import { ACCOUNT, replayContext, CorpusTransport, SentRequest } from "./replay";
import { AUTH_CASES, NOT_REPLAYED, PROVIDER_SOURCE_CASES, replayApp, RESOURCE_CASES } from "./replay-cases";
import { replayLostCreate, replayResource, replayTogether } from "./replay-run";

interface Made extends SentRequest {
  /** The case that made it. */
  by: string;
}

const made: Made[] = [];

// The replay of every case is a few hundred requests through the provider's own code: seconds on a loaded machine, not jest's default 5.
beforeAll(async () => {
  const lookedUp = new Set<string>();
  for (const c of RESOURCE_CASES.filter((x) => !NOT_REPLAYED[x.kind])) {
    const name = `${c.kind}${c.variant ? ` (${c.variant})` : ""}`;
    made.push(...(await replayResource(c)).sent.map((r) => ({ ...r, by: name })));
    if (c.together) made.push(...(await replayTogether(c)).sent.map((r) => ({ ...r, by: `${name} created together` })));
    // Each kind that looks a create without an answer up, once.
    if (definitionOf(c.kind).findCreated && !lookedUp.has(c.kind)) {
      lookedUp.add(c.kind);
      made.push(...(await replayLostCreate(c)).sent.map((r) => ({ ...r, by: `${name} create without an answer` })));
    }
  }
  for (const c of PROVIDER_SOURCE_CASES) {
    const transport = new CorpusTransport();
    await c.run(replayContext(transport), replayApp(transport.transport));
    made.push(...transport.sent.map((r) => ({ ...r, by: c.name })));
  }
  for (const c of AUTH_CASES) {
    const transport = new CorpusTransport();
    await c.run(replayApp(transport.transport));
    made.push(...transport.sent.map((r) => ({ ...r, by: c.name })));
  }
  {
    // xads import lists each collection of import-kinds.ts with its queries (cli/import.ts listAccount): per parent, with the parents it listed; app lists each by id.
    const transport = new CorpusTransport();
    await listAccount(replayContext(transport).client, ACCOUNT, () => {});
    made.push(...transport.sent.map((r) => ({ ...r, by: "xads import" })));
  }
  {
    // xads drift asks the account history of each drifted resource of a kind it covers (cli/drift-history.ts).
    const transport = new CorpusTransport();
    const urn = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/xads:Campaign::spring";
    const deployment = { resources: [{ urn, type: "pulumi-nodejs:dynamic/xads:Campaign", id: "fc3h5", outputs: { accountId: ACCOUNT }, modified: "2021-04-02T18:30:00Z" }] };
    const history = await historyOf([{ urn, id: "fc3h5", kind: "Campaign" }], deployment, () => replayContext(transport), Date.parse("2021-04-02T21:10:00Z"));
    // The recorded page has a next_cursor: the replay answers its record again on the next page.
    expect(history.get(urn)).toMatchObject({ status: "found", changes: expect.arrayContaining([{ userId: "982978172", platform: "API_OTHER", changeType: "CREATE", time: "2021-04-02T20:55:42Z" }]) });
    made.push(...transport.sent.map((r) => ({ ...r, by: "xads drift (account history)" })));
  }
  {
    // xads drift names the history's users by handle: one users lookup on the platform API base (cli/drift-history.ts).
    const transport = new CorpusTransport();
    const users = await usernamesOf(["2244994945", "1234567890"], replayContext(transport, "https://api.x.com").client);
    expect(users).toEqual({ usernames: new Map([["2244994945", "XDevelopers"]]) });
    made.push(...transport.sent.map((r) => ({ ...r, by: "xads drift (users lookup)" })));
  }
  {
    // The policy pack's live campaigns, through the client the provider's configuration resolves to (registered first, over the replay).
    const transport = new CorpusTransport();
    const env = {
      XADS_CONSUMER_KEY: "ck", XADS_CONSUMER_SECRET: "cs", XADS_ACCESS_TOKEN: "at", XADS_ACCESS_TOKEN_SECRET: "ats", XADS_ACCOUNT_ID: ACCOUNT,
    };
    clientFor(resolveConfig(() => undefined, env), { transport: transport.transport, coalesceWindowMs: 1, log: () => {} });
    await liveCampaignsFor(() => undefined, env)!.list(ACCOUNT);
    made.push(...transport.sent.map((r) => ({ ...r, by: "policy live campaigns" })));
  }
  {
    // Check's access check (provider/access.ts): a resource's account, and the credentials alone.
    const transport = new CorpusTransport();
    const { client } = replayContext(transport);
    expect([...await accessFailures(client, ACCOUNT, (t) => t), ...await accessFailures(client, undefined, (t) => t)]).toEqual([]);
    made.push(...transport.sent.map((r) => ({ ...r, by: "check's access check" })));
  }
}, 120_000);

/** How the corpus says one parameter travels: `query, comma-separated list: A | B; required`. */
interface Param {
  where: "path" | "query" | "json" | "form" | "header";
  kind: string;
  /** Documented values, where the list is complete. */
  values?: string[];
  required: boolean;
}

function paramOf(descriptor: string): Param {
  const [head = "", ...rest] = descriptor.split(";");
  const [location = "", ...kindParts] = head.split(",");
  const kind = kindParts.join(",").trim();
  const where = /^path/.test(location) ? "path" : /^query/.test(location) ? "query" : /^JSON/.test(location) ? "json" : /form body/.test(location) ? "form" : "header";
  const listed = /:\s*(.+)$/.exec(kind)?.[1];
  const values = listed && listed.includes("|") && !listed.includes("...") ? listed.split("|").map((v) => v.trim().replace(/\s*\(.*$/, "")) : undefined;
  return { where, kind, values, required: rest.some((r) => r.trim() === "required") };
}

/** Every key anywhere in a recorded body (the names an example shows). */
function keysIn(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysIn(x, out));
  else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) { out.add(k); keysIn(x, out); }
  return out;
}

/** The problems of one query value against its documented form. */
function queryValueProblems(name: string, value: string, p: Param): string[] {
  const out: string[] = [];
  const list = /comma-separated list|array/.test(p.kind);
  const items = list ? value.split(",") : [value];
  if (list && /[[\]"]/.test(value)) out.push(`${name}=${value} is not a comma-separated list`);
  if (items.some((i) => i === "")) out.push(`${name}=${value} has an empty item`);
  if (/true or false/.test(p.kind) && !["true", "false"].includes(value)) out.push(`${name}=${value} is not true or false`);
  if (/integer|decimal digits/.test(p.kind) && !items.every((i) => /^-?\d+$/.test(i))) out.push(`${name}=${value} is not an integer in digits`);
  if (p.values && !items.every((i) => p.values!.includes(i))) out.push(`${name}=${value} is not among ${p.values.join(" | ")}`);
  return out;
}

/** The problems of one JSON value against its documented form. */
function jsonValueProblems(at: string, value: unknown, p: Param | undefined): string[] {
  const out: string[] = [];
  if (/_ids?$/.test(at.split(".").pop()!) && (typeof value === "number" || (Array.isArray(value) && value.some((v) => typeof v === "number")))) {
    out.push(`${at} is an id as a JSON number (ids travel as strings)`);
  }
  if (!p) return out;
  const type = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  const expected = /true or false/.test(p.kind) ? "boolean" : /^integer/.test(p.kind) ? "number" : /^array/.test(p.kind) ? "array" : /^object/.test(p.kind) ? "object" : /^string/.test(p.kind) ? "string" : undefined;
  if (expected && type !== expected) out.push(`${at} is ${type === "object" ? "an" : "a"} ${type}, documented ${expected}`);
  if (p.values && (typeof value === "string" || typeof value === "number") && !p.values.includes(String(value))) out.push(`${at}=${String(value)} is not among ${p.values.join(" | ")}`);
  return out;
}

/**
 * The differences between a request and its corpus entry's request form.
 * Names the provider sends must be documented parameters (for JSON bodies:
 * parameters, or names the example request or the endpoint's records show,
 * as the batch endpoints document their items' fields only by example).
 */
export function formProblems(r: SentRequest, entry: CorpusEntry): string[] {
  const params = Object.fromEntries(Object.entries(entry.request.params).map(([k, d]) => [k, paramOf(d)]));
  const problems: string[] = [];
  const form = QUIRKS[entry.endpoint]?.form ?? entry.request.form;
  // Where each parameter travels.
  for (const [name, value] of Object.entries(r.query)) {
    const p = params[name];
    if (!p) { problems.push(`query ${name} is not a parameter of the endpoint`); continue; }
    if (p.where !== "query" && !(p.where === "form" && /query or form/.test(entry.request.params[name]!))) problems.push(`${name} is sent in the query, documented in the ${p.where}`);
    problems.push(...queryValueProblems(name, value, p));
  }
  if (r.json !== undefined) {
    if (form !== "json") problems.push(`a JSON body is sent, the endpoint takes ${form}`);
    if (!r.contentType?.startsWith("application/json")) problems.push(`the JSON body is sent as ${r.contentType ?? "no content type"}`);
    const recorded = entry.request.body;
    if (recorded !== undefined && Array.isArray(recorded) !== Array.isArray(r.json)) problems.push(`the body is ${Array.isArray(r.json) ? "an array" : "an object"}, the platform takes ${Array.isArray(recorded) ? "an array" : "an object"}`);
    const known = new Set([...Object.keys(params), ...keysIn(recorded), ...keysIn(entry.response.body)]);
    const walk = (v: unknown, at: string) => {
      if (Array.isArray(v)) { v.forEach((x, i) => walk(x, `${at}[${i}]`)); return; }
      if (!v || typeof v !== "object") return;
      for (const [k, x] of Object.entries(v)) {
        const here = at ? `${at}.${k}` : k;
        if (!known.has(k)) problems.push(`${here} is not a name the endpoint documents`);
        const p = params[k];
        if (!at && p && p.where !== "json") problems.push(`${k} is sent in the JSON body, documented in the ${p.where}`);
        problems.push(...jsonValueProblems(here, x, params[k]?.where === "json" ? params[k] : undefined));
        walk(x, here);
      }
    };
    walk(r.json, "");
  }
  if (r.form !== undefined) {
    if (form !== "form") problems.push(`a form body is sent, the endpoint takes ${form}`);
    for (const name of Object.keys(r.form)) if (!params[name] || !(params[name]!.where === "form" || /form body/.test(entry.request.params[name]!))) problems.push(`form ${name} is not a form parameter of the endpoint`);
  }
  // The OAuth header carries the signature's own fields, and the parameters documented there.
  for (const name of Object.keys(r.oauth ?? {}).filter((n) => !OAUTH_SIGNATURE.includes(n))) {
    if (!params[name]) problems.push(`OAuth header ${name} is not a parameter of the endpoint`);
    else if (!/OAuth header/.test(entry.request.params[name]!)) problems.push(`${name} is sent in the OAuth header, documented in the ${params[name]!.where}`);
  }
  // Required parameters are sent (path ones are the path).
  // (Card components document their nested fields in the same table: names at any depth count.)
  const sent = new Set([...Object.keys(r.query), ...Object.keys(r.form ?? {}), ...keysIn(r.json), ...Object.keys(r.oauth ?? {})]);
  for (const [name, p] of Object.entries(params)) if (p.required && p.where !== "path" && !sent.has(name) && !QUIRKS[entry.endpoint]?.optional?.includes(name)) problems.push(`required ${name} is not sent`);
  // Path ids are ids.
  const template = entry.endpoint.split(" ")[1]!.split("/").filter(Boolean);
  const segments = r.path.split("/").filter(Boolean);
  template.forEach((t, i) => {
    if (t.startsWith(":") && !/^[A-Za-z0-9_-]+$/.test(segments[i] ?? "")) problems.push(`path ${t} is ${JSON.stringify(segments[i])}, not an id`);
    if (t.startsWith(":") && /decimal digits/.test(entry.request.params[t.slice(1)] ?? "") && !/^\d+$/.test(segments[i] ?? "")) problems.push(`path ${t} is ${segments[i]}, not digits`);
  });
  return problems;
}

/** What every OAuth 1.0a header holds (RFC 5849 3.1): the signature, not parameters of an endpoint. */
const OAUTH_SIGNATURE = ["oauth_consumer_key", "oauth_nonce", "oauth_signature", "oauth_signature_method", "oauth_timestamp", "oauth_token", "oauth_version"];

/**
 * Where the corpus's parameter table and the platform's own example
 * disagree, what the provider follows, and why.
 */
const QUIRKS: Readonly<Record<string, { form?: CorpusEntry["request"]["form"]; optional?: readonly string[]; why: string }>> = {
  "POST /12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users": {
    form: "json",
    optional: ["emails", "expires_at"],
    why: "the reference's table lists the upload's fields as query parameters (and `emails` beside `users`); its notes and its example send one JSON array of {operation_type, params: {users, expires_at}}, as the custom audience upload does, and expires_at defaults to 13 months (ref audiences/reference.mdx)",
  },
  "POST /12/accounts/:account_id/line_items": {
    optional: ["start_time", "end_time"],
    why: "the reference's table marks start_time and end_time required, yet its own example sends no end_time and its batch example neither (answered null): the examples are followed (the corpus entry's notes say so)",
  },
};

/**
 * Endpoints the project calls that the replay cannot call through the
 * project's own code, and why (none today: keep it so).
 */
const NOT_CALLED: Readonly<Record<string, string>> = {};

const key = (e: CorpusEntry) => `${e.endpoint}${e.variant ? ` [${e.variant}]` : ""}`;

describe("the provider's requests have the platform's request form", () => {
  test("every request the replay made has a corpus entry", () => {
    expect(made.length).toBeGreaterThan(0);
    expect(made.filter((r) => !r.entry).map((r) => `${r.by}: ${r.method} ${r.path}`)).toEqual([]);
  });

  test("each endpoint the replay called: its requests' parameters, places and value forms", () => {
    const problems = made.filter((r) => r.entry).flatMap((r) => formProblems(r, r.entry!).map((p) => `${key(r.entry!)} (${r.by}): ${p}`));
    expect([...new Set(problems)]).toEqual([]);
  });

  test("the replay calls every endpoint the provider calls (so the checks above see them)", () => {
    const called = new Set(made.filter((r) => r.entry).map((r) => r.entry!.endpoint));
    expect(CALLED_ENDPOINTS.filter((e) => !called.has(e.endpoint) && !NOT_CALLED[e.endpoint]).map((e) => `${e.endpoint} (used by ${e.usedBy.join("; ")})`)).toEqual([]);
  });

  test("no endpoint the replay calls is among those said not to be called (here, or by the corpus)", () => {
    const called = new Set(made.filter((r) => r.entry).map((r) => r.entry!.endpoint));
    expect(Object.keys(NOT_CALLED).filter((e) => called.has(e) || !CALLED_ENDPOINTS.some((c) => c.endpoint === e))).toEqual([]);
    expect(RECORDED_NOT_CALLED.filter((e) => called.has(e.endpoint)).map((e) => `${e.endpoint} is called: move it to CALLED_ENDPOINTS`)).toEqual([]);
  });
});

describe("request form checks", () => {
  const entry = (params: Record<string, string>, form: CorpusEntry["request"]["form"] = "query"): CorpusEntry => ({
    endpoint: "GET /12/accounts/:account_id/things", base: "ads", source: [], notes: "", file: "x.json",
    request: { form, example: "", params: { account_id: "path segment, id string; required", ...params } }, response: { status: 200 },
  });
  const request = (query: Record<string, string>, more: Partial<SentRequest> = {}): SentRequest => ({ method: "GET", path: "/12/accounts/abc1/things", query, ...more });

  test("names an undocumented parameter, a list not comma-separated, a boolean and an enum value the platform does not take", () => {
    const e = entry({ thing_ids: "query, comma-separated list (at most 200); optional", with_deleted: "query, true or false; default false", kind: "query, string: A | B; optional" });
    expect(formProblems(request({ thing_ids: '["a","b"]', with_deleted: "1", kind: "C", extra: "x" }), e)).toEqual([
      'thing_ids=["a","b"] is not a comma-separated list', "with_deleted=1 is not true or false", "kind=C is not among A | B", "query extra is not a parameter of the endpoint",
    ]);
    expect(formProblems(request({ thing_ids: "a,b", with_deleted: "true", kind: "B" }), e)).toEqual([]);
  });

  test("names a required parameter left out, a JSON body where the query is taken, and an id sent as a JSON number", () => {
    const e = entry({ name: "query, string; required" });
    expect(formProblems(request({}, { json: { name: "x" }, contentType: "application/json" }), e)).toEqual([
      "a JSON body is sent, the endpoint takes query", "name is sent in the JSON body, documented in the query",
    ]);
    expect(formProblems(request({}), e)).toEqual(["required name is not sent"]);
    const j = entry({ line_item_id: "JSON body, string; required" }, "json");
    expect(formProblems(request({}, { json: { line_item_id: 12 }, contentType: "application/json" }), j)).toEqual([
      "line_item_id is an id as a JSON number (ids travel as strings)", "line_item_id is a number, documented string",
    ]);
  });

  test("names a parameter sent in the OAuth header that the endpoint takes elsewhere, and a required header parameter left out", () => {
    const e = entry({ oauth_callback: "OAuth header, absolute URL or oob; required", oauth_verifier: "query, the PIN; required" }, "oauth-header");
    const signature = { oauth_consumer_key: "ck", oauth_nonce: "n", oauth_signature: "s", oauth_signature_method: "HMAC-SHA1", oauth_timestamp: "1", oauth_token: "t", oauth_version: "1.0" };
    expect(formProblems(request({}, { method: "POST", oauth: { ...signature, oauth_verifier: "123" } }), e)).toEqual([
      "oauth_verifier is sent in the OAuth header, documented in the query", "required oauth_callback is not sent",
    ]);
    expect(formProblems(request({ oauth_verifier: "123" }, { method: "POST", oauth: { ...signature, oauth_callback: "oob" } }), e)).toEqual([]);
  });
});
