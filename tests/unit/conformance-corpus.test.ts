import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CALLED_ENDPOINTS, corpus, CORPUS_DIR, entryFor, parseLossless, RECORDED_NOT_CALLED, resourceEndpoints } from "../conformance/corpus";

const entries = corpus();
const plain = entries.filter((e) => e.variant === undefined);
const hasBigInt = (v: unknown): boolean =>
  typeof v === "bigint" || (v !== null && typeof v === "object" && Object.values(v).some(hasBigInt));
const key = (e: { endpoint: string; variant?: string }) => `${e.endpoint}${e.variant ? ` [${e.variant}]` : ""}`;

describe("conformance corpus fixtures", () => {
  test("every file in corpus/ is a fixture the loader reads", () => {
    const files = readdirSync(CORPUS_DIR);
    expect(files.every((f) => f.endsWith(".json"))).toBe(true);
    expect(entries.map((e) => e.file)).toEqual([...files].sort());
  });

  test.each(entries.map((e) => [e.file, e] as const))("%s names its endpoint, cites a source file and has a response", (_file, e) => {
    expect(e.endpoint).toMatch(/^(GET|POST|PUT|DELETE) (\/[\w.:]+)+$/);
    expect(["ads", "ads-sandbox", "api"]).toContain(e.base);
    expect(e.source.length).toBeGreaterThan(0);
    for (const s of e.source) expect(s).toMatch(/^[\w.-]+\/[\w.-]+:[\w./-]+\.(mdx|json)$/);
    expect(["query", "json", "form", "oauth-header"]).toContain(e.request.form);
    expect(e.request.example).toMatch(/^(GET|POST|PUT|DELETE) https:\/\//);
    expect(e.response.body !== undefined || e.response.text !== undefined).toBe(true);
    if (e.synthesized) expect(e.reason).toMatch(/\S/);
  });

  test("the file name is the endpoint (and variant), so each has one fixture", () => {
    const seen = new Set<string>();
    for (const e of entries) {
      expect(seen.has(key(e))).toBe(false);
      seen.add(key(e));
      const path = e.endpoint.split(" ")[1]!.slice(1).split("/").map((s) => s.replace(/^:/, "")).join(".");
      expect(e.file).toBe(`${e.endpoint.split(" ")[0]}.${path}${e.variant ? `__${e.variant}` : ""}.json`);
    }
  });

  test("every path parameter of the template says how it is sent", () => {
    for (const e of entries) {
      for (const [, name] of e.endpoint.matchAll(/:(\w+)/g)) expect(e.request.params[name!]).toMatch(/^path segment/);
    }
  });

  test("successful ads answers carry the envelope: request, and data or (an action that makes no record) a message", () => {
    const ads = entries.filter((e) => e.base !== "api" && e.response.status < 300);
    expect(ads.length).toBeGreaterThan(90);
    for (const e of ads) {
      const keys = Object.keys(e.response.body as object);
      expect(keys).toContain("request");
      // A draft's device preview answers only a message (creatives/reference.mdx, POST draft_tweets/preview).
      expect(keys).toEqual(expect.arrayContaining([keys.includes("message") ? "message" : "data"]));
    }
  });

  test("failed ads answers carry errors (batches also operation_errors)", () => {
    const failed = entries.filter((e) => e.base !== "api" && e.response.status >= 400);
    expect(failed.map((e) => e.file)).toContain("POST.12.batch.accounts.account_id.campaigns__operation_errors.json");
    for (const e of failed) {
      const body = e.response.body as { errors?: { code?: unknown }[]; operation_errors?: unknown[] };
      expect(Array.isArray(body.errors)).toBe(true);
      for (const err of [...body.errors!, ...((body.operation_errors ?? []) as { code?: unknown }[][]).flat()]) expect(err.code).toMatch(/^[A-Z_]+$/);
    }
  });

  test("no fixture holds, outside raw text, a number that JSON.parse would round", () => {
    // Raw text is a JSON string, which parseLossless leaves alone: any bigint found is a bare number.
    for (const file of readdirSync(CORPUS_DIR)) expect([file, hasBigInt(parseLossless(readFileSync(join(CORPUS_DIR, file), "utf8")))]).toEqual([file, false]);
  });

  test("raw text is used only where the body has integers beyond 2^53", () => {
    const raw = entries.filter((e) => e.response.raw !== undefined || e.request.rawBody !== undefined);
    expect(raw.length).toBeGreaterThan(0);
    for (const e of raw) expect(hasBigInt(e.response.raw !== undefined ? e.response.body : e.request.body)).toBe(true);
  });
});

describe("parseLossless", () => {
  test("keeps integers beyond 2^53 exact as bigints, and the rest as JSON.parse does", () => {
    const v = parseLossless('{"id": 878479925472251906, "id_str": "878479925472251906", "n": -12, "x": 1.5e3, "s": "a \\" 1234567890123456789 b", "l": [9007199254740993, 9007199254740991]}');
    expect(v).toEqual({
      id: 878479925472251906n, id_str: "878479925472251906", n: -12, x: 1500, s: 'a " 1234567890123456789 b', l: [9007199254740993n, 9007199254740991],
    });
  });

  test("refuses what is not JSON", () => {
    expect(() => parseLossless('{"a": 1,}')).toThrow(SyntaxError);
  });
});

describe("entryFor", () => {
  test("matches a concrete path to its template", () => {
    expect(entryFor("GET", "/12/accounts/abc1/campaigns/xyz")?.endpoint).toBe("GET /12/accounts/:account_id/campaigns/:campaign_id");
    expect(entryFor("get", "/12/accounts/abc1/campaigns?with_deleted=true&campaign_ids=a,b")?.endpoint).toBe("GET /12/accounts/:account_id/campaigns");
    expect(entryFor("POST", "/12/batch/accounts/abc1/campaigns")?.endpoint).toBe("POST /12/batch/accounts/:account_id/campaigns");
    expect(entryFor("GET", "/5/accounts/abc1/tailored_audiences/t1/permissions")?.endpoint).toBe("GET /5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions");
  });

  test("prefers literal segments over parameters", () => {
    expect(entryFor("GET", "/12/accounts/abc1/cards/image_conversation")?.endpoint).toBe("GET /12/accounts/:account_id/cards/image_conversation");
    expect(entryFor("GET", "/12/accounts/abc1/cards/1321554298900107264")?.endpoint).toBe("GET /12/accounts/:account_id/cards/:card_id");
  });

  test("finds variants only when asked, and nothing for paths the project does not call", () => {
    expect(entryFor("DELETE", "/12/accounts/abc1/campaigns/c1")?.response.status).toBe(200);
    expect(entryFor("DELETE", "/12/accounts/abc1/campaigns/c1", "already_deleted")?.response.status).toBe(404);
    expect(entryFor("GET", "/12/accounts/abc1/campaigns/c1/extra")).toBeUndefined();
    expect(entryFor("PATCH", "/12/accounts/abc1/campaigns/c1")).toBeUndefined();
  });
});

describe("the project's called endpoints", () => {
  test("each has a corpus entry, and each entry is a called endpoint or says why the project does not call it", () => {
    const called = CALLED_ENDPOINTS.map((c) => c.endpoint);
    const recorded = RECORDED_NOT_CALLED.map((c) => c.endpoint);
    expect(new Set([...called, ...recorded]).size).toBe(called.length + recorded.length);
    expect([...called, ...recorded].filter((c) => !plain.some((e) => e.endpoint === c))).toEqual([]);
    expect(entries.map((e) => e.endpoint).filter((e) => !called.includes(e) && !recorded.includes(e))).toEqual([]);
    for (const r of RECORDED_NOT_CALLED) expect(r.why).toMatch(/\S/);
  });

  test("a kind's collection endpoints come from its declaration: no PUT for an immutable kind, no DELETE for one left in place, a sandbox-only DELETE for one deleted in the sandbox", () => {
    const derived = resourceEndpoints().map((e) => e.endpoint);
    expect(derived).toEqual(expect.arrayContaining([
      "GET /12/accounts/:account_id/tracking_tags", "POST /12/accounts/:account_id/tracking_tags",
      "PUT /12/accounts/:account_id/tracking_tags/:tracking_tag_id", "DELETE /12/accounts/:account_id/tracking_tags/:tracking_tag_id",
      // The entity's parameter as the corpus records it (criteria: criterion).
      "DELETE /12/accounts/:account_id/targeting_criteria/:targeting_criterion_id",
    ]));
    expect(derived.filter((e) => /^PUT .*\/(promoted_accounts|media_creatives|funding_instruments)\//.test(e))).toEqual([]);
    // Left in place in production, deleted in the sandbox (sandboxDelete; ref campaign-management/reference.mdx, DELETE funding_instruments is SANDBOX ONLY).
    expect(derived).toContain("DELETE /12/accounts/:account_id/funding_instruments/:funding_instrument_id");
    expect(entryFor("DELETE", "/12/accounts/a1/funding_instruments/f1")).toMatchObject({ base: "ads-sandbox" });
  });

  test("README.md lists each with its fixtures", () => {
    const readme = readFileSync(join(CORPUS_DIR, "..", "README.md"), "utf8");
    for (const c of [...CALLED_ENDPOINTS, ...RECORDED_NOT_CALLED]) {
      const [method, path] = c.endpoint.split(" ");
      expect(readme).toContain(`| ${method} | \`${path}\` |`);
    }
    for (const e of entries) expect(readme).toContain(`(corpus/${e.file})`);
  });
});

describe("known differences from the first design, as the corpus records them", () => {
  test("published Tweets answer id as a JSON number beyond 2^53, with id_str beside it", () => {
    for (const [method, path] of [["POST", "/12/accounts/a1/tweet"], ["GET", "/12/accounts/a1/tweets"]] as const) {
      const body = entryFor(method, path)!.response.body as { data: Record<string, unknown> | Record<string, unknown>[] };
      const tweet = Array.isArray(body.data) ? body.data[0]! : body.data;
      expect(typeof tweet.id).toBe("bigint");
      expect(String(tweet.id)).toBe(tweet.id_str);
    }
  });

  test("campaigns answer LINE_ITEM budget optimization and standard_delivery null", () => {
    const data = (entryFor("GET", "/12/accounts/a1/campaigns")!.response.body as { data: Record<string, unknown>[] }).data;
    expect(data[0]).toMatchObject({ budget_optimization: "LINE_ITEM", standard_delivery: null });
  });

  test("custom audience targeting answers flat rows", () => {
    const data = (entryFor("GET", "/12/accounts/a1/custom_audiences/c1/targeted")!.response.body as { data: Record<string, unknown>[] }).data;
    expect(Object.keys(data[0]!).sort()).toEqual(["campaign_id", "campaign_name", "line_items"]);
  });
});
