/**
 * Conformance suite 1 (docs/architecture.md rules 9 and 11): the emulator
 * answers every endpoint of the corpus with the real platform's shape. For
 * each corpus entry the in-process emulator gets the entry's own example
 * request (emulator-drive.ts), and its answer must have every key of the
 * recorded body with the same JSON type (shapes.ts says how null and
 * integers beyond 2^53 count), and no key the platform's recording of that
 * endpoint lacks: where the platform's endpoints answer one record with
 * different keys, the emulator answers each endpoint's (emulator/resource.ts
 * `answers`), never the union.
 * RECORDING_QUIRKS (the fixtures' `quirks`) lists the differences of a
 * recording that are no platform behaviour to copy: the suite passes with
 * exactly those, fails on any new difference, and fails when a listed one
 * is gone. (The provider
 * reads every shape the corpus records, so no difference is kept for it.)
 */
import { corpus, CorpusEntry, parseLossless } from "./corpus";
import { exampleRequest, SCENARIOS, send, World } from "./emulator-drive";
import { family, FieldIndex, shapeDifferences } from "./shapes";
import { TestApi } from "../integration/emulator-helpers";

const entries = corpus();

/**
 * Fields the corpus shows with one kind of value only, and what else the
 * reference (github:xdevplatform/docs, x-ads-api/) lets them be: null where
 * the field is optional and unset, the type of a set value where every
 * recording has it unset. A recorded value then also matches that kind.
 */
const REFERENCE_TYPES: readonly { records: string; fields: readonly string[]; type: "string" | "number" | "null"; reference: string }[] = [
  { records: "/12/accounts", fields: ["business_id"], type: "string", reference: "campaign-management/reference.mdx, accounts: the business the account belongs to (the recorded account has none)" },
  {
    records: "/12/accounts/:account_id/campaigns", fields: ["total_budget_amount_local_micro"], type: "number",
    reference: "campaign-management/reference.mdx, POST/PUT campaigns: total_budget_amount_local_micro, a long, optional",
  },
  {
    records: "/12/accounts/:account_id/funding_instruments", fields: ["funded_amount_local_micro"], type: "null",
    reference: "campaign-management/reference.mdx, funding instruments: funded amounts belong to insertion orders; a credit card has none",
  },
  { records: "/12/accounts/:account_id/media_creatives", fields: ["landing_url"], type: "null", reference: "campaign-management/reference.mdx, POST media_creatives: landing_url optional (display creatives only)" },
  {
    records: "/12/accounts/:account_id/tax_settings",
    fields: ["address_city", "address_company", "address_country", "address_postal_code", "address_region", "address_street1", "tax_category", "tax_id"],
    type: "null", reference: "campaign-management/reference.mdx, PUT tax_settings: every field optional (the recording has them set)",
  },
  { records: "/12/accounts/:account_id/user_settings", fields: ["notification_email"], type: "null", reference: "campaign-management/reference.mdx, PUT user_settings: notification_email optional" },
  { records: "/12/accounts/:account_id/tweets", fields: ["contributors"], type: "null", reference: "creatives/reference.mdx: the POST tweet and PUT name answers show contributors null" },
  {
    records: "/12/accounts/:account_id/account_history", fields: ["entity_data.start_time"], type: "null",
    reference: "campaign-management/reference.mdx: the history example's campaign (2021) has a start_time; a v12 campaign has none (GET campaigns), null as the example's end_time",
  },
];

const index = new FieldIndex(entries);
for (const r of REFERENCE_TYPES) for (const f of r.fields) index.declare(r.records, f, r.type);
const keyOf = (e: Pick<CorpusEntry, "endpoint" | "variant">) => `${e.endpoint}${e.variant ? ` [${e.variant}]` : ""}`;

interface Kept {
  /** The corpus key: `endpoint` or `endpoint [variant]`. */
  endpoint: string;
  /** The differences as the suite words them. */
  differences: readonly string[];
}

/**
 * Differences of a recording that are no platform behaviour to copy, and
 * why: each fixture's own `quirks` (tests/conformance/README.md, "Fixture
 * form"), so a new kind's quirks live in its fixtures.
 */
const RECORDING_QUIRKS: readonly (Kept & { why: string })[] = entries.flatMap((e) => (e.quirks ?? []).map((q) => ({ endpoint: keyOf(e), ...q })));

const failuresOfKept = (kept: readonly Kept[]) => kept.flatMap((k) => k.differences.map((d) => `${k.endpoint}: ${d}`));

/**
 * The echo of the request's parameters (`request.params`; in batches each
 * item's) is compared as an object only. It repeats what was sent, typed by
 * the platform's parser endpoint by endpoint and not consistently (a Tweet
 * id is a number beyond 2^53 in one echo and a string in the next; some
 * echoes add computed values, others leave the account out), and no client
 * reads it. The envelope's form around it is compared as any other key.
 */
const echoedParams = (path: string) => /^request(\[\])?\.params$/.test(path);

/**
 * Objects keyed by values, not names: a card's MEDIA component answers its
 * `media_metadata` keyed by its media key (the SDKs' cards_load.json), which
 * is the emulator's own media library key, never the recording's.
 */
const KEYED_BY_VALUE: readonly string[] = ["components[].media_metadata", "slides[][].media_metadata"];

/** What the emulator answered, as shape failures (and status failures) of one entry. */
async function failuresOf(api: TestApi, entry: CorpusEntry): Promise<string[]> {
  api.control.reset();
  const world = new World(api);
  const example = await exampleRequest(world, entry);
  const scenario = SCENARIOS[keyOf(entry)];
  const request = scenario ? await scenario(world, example) : example;
  const answer = await send(api, request);
  const failures: string[] = [];
  const platformOk = entry.response.status < 400;
  if (platformOk !== answer.status < 400 || (!platformOk && answer.status !== entry.response.status)) {
    const errors = answer.status >= 400 ? describeErrors(answer.text) : "";
    return [`answered ${answer.status}${errors}, platform answers ${entry.response.status}`];
  }
  if (entry.response.text !== undefined) {
    const names = (text: string) => [...new URLSearchParams(text).keys()].sort().join("&");
    if (names(answer.text) !== names(entry.response.text)) failures.push(`answered the names ${names(answer.text)}, platform sends ${names(entry.response.text)}`);
    return failures;
  }
  const body = parseLossless(answer.text);
  const codes = (v: unknown) => [...new Set(errorCodes(v))].sort().join(", ");
  if (codes(body) !== codes(entry.response.body)) failures.push(`answered the error codes [${codes(body)}], platform answers [${codes(entry.response.body)}]`);
  const recorded = entry.response.body as { data?: unknown };
  const data = (body as { data?: unknown } | null)?.data;
  if (Array.isArray(recorded.data) && recorded.data.length > 0 && Array.isArray(data) && data.length === 0) {
    failures.push("data is empty: the scenario left nothing to compare with the platform's records");
  }
  return [...failures, ...shapeDifferences(entry.response.body, body, { endpoint: entry.endpoint, index, opaque: echoedParams, keyedByValue: (path) => KEYED_BY_VALUE.includes(path) })];
}

/**
 * The error codes of a body (`errors[].code`, a batch's
 * `operation_errors[][].code`): values, not shapes, but the platform's
 * names a client matches on (reference fundamentals/error-codes-and-responses.mdx
 * lists them), so they are compared as they are recorded.
 */
function errorCodes(body: unknown, under = false): string[] {
  if (Array.isArray(body)) return body.flatMap((x) => errorCodes(x, under));
  if (body === null || typeof body !== "object") return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([k, v]) =>
    (under && k === "code" && (typeof v === "string" || typeof v === "number") ? [String(v)] : errorCodes(v, under || k === "errors" || k === "operation_errors")));
}

/** ` (CODE on parameter, ...)` of an error answer, for status failures. */
function describeErrors(text: string): string {
  try {
    const errors = (JSON.parse(text) as { errors?: { code?: unknown; parameter?: string }[] }).errors ?? [];
    return ` (${errors.map((e) => `${String(e.code)}${e.parameter ? ` on ${e.parameter}` : ""}`).join(", ")})`;
  } catch {
    return "";
  }
}

describe("the emulator answers with the platform's shapes", () => {
  const api = new TestApi();
  afterAll(() => api.app.close());
  const kept = new Set(failuresOfKept(RECORDING_QUIRKS));
  const seen = new Set<string>();
  const driven = new Set<string>();

  test.each(entries.map((e) => [keyOf(e), e] as const))("%s", async (key, entry) => {
    const failures = (await failuresOf(api, entry)).map((f) => `${key}: ${f}`);
    driven.add(key);
    failures.filter((f) => kept.has(f)).forEach((f) => seen.add(f));
    expect(failures.filter((f) => !kept.has(f))).toEqual([]);
  });

  test("every recorded endpoint, error variants included, was sent to the emulator and its answer compared", () => {
    expect(entries.map(keyOf).filter((k) => !driven.has(k))).toEqual([]);
    expect(entries.filter((e) => e.response.status >= 400).length).toBeGreaterThan(0);
  });

  test("no fixture's quirks let the emulator answer a key the platform does not send (leave the key out of the emulator's answer)", () => {
    expect([...kept].filter((f) => / is not sent by the platform /.test(f))).toEqual([]);
  });

  test("every difference a fixture's quirks list is still there (remove those the emulator no longer has)", () => {
    expect([...kept].filter((f) => !seen.has(f))).toEqual([]);
  });

  test("every REFERENCE_TYPES entry names records of the corpus", () => {
    const families = new Set(entries.map((e) => family(e.endpoint)));
    expect(REFERENCE_TYPES.map((r) => r.records).filter((f) => !families.has(f))).toEqual([]);
  });
});

describe("shape comparison", () => {
  const endpoint = "GET /12/accounts/:account_id/tweets";
  const compare = (platform: unknown, answered: unknown) => shapeDifferences(platform, answered, { endpoint, index });

  test("names a missing key, a wrong type and a key the platform does not send, with the JSON path", () => {
    expect(compare({ data: [{ id: 1n, name: "x" }] }, { data: [{ id: "1", extra: true }] })).toEqual([
      "data[0].id is a string, platform sends a big number",
      "data[0].name is missing (platform sends a string)",
      "data[0].extra is not sent by the platform (answered a boolean)",
    ]);
  });

  test("tells an integer beyond 2^53 from a safe number and from digits in a string", () => {
    expect(compare({ id: 878479925472251906n }, parseLossless('{"id": 878479925472251906}'))).toEqual([]);
    expect(compare({ id: 878479925472251906n }, { id: 12 })).toEqual(["id is a number, platform sends a big number"]);
  });

  test("a recorded null matches only what the corpus shows that field with elsewhere", () => {
    // Line items: end_time is null in one recording and a string in another; frequency_cap a number too.
    const li = (fields: object) => shapeDifferences({ data: { end_time: null, advertiser_domain: null } }, { data: fields }, {
      endpoint: "GET /12/accounts/:account_id/line_items/:line_item_id", index,
    });
    expect(li({ end_time: "2026-01-01T00:00:00Z", advertiser_domain: null })).toEqual([]);
    expect(li({ end_time: 5, advertiser_domain: "x.com" })).toEqual([
      "data.end_time is a number, platform sends null",
      "data.advertiser_domain is a string, platform sends null",
    ]);
  });

  test("compares every element of an answered list with the platform's first, once per field", () => {
    expect(compare({ data: [{ id: "a" }] }, { data: [{ id: "b" }, { id: 2 }, { id: 3 }] })).toEqual(["data[1].id is a number, platform sends a string"]);
  });

  test("an object keyed by values compares each answered entry with the platform's first", () => {
    const keyed = (platform: unknown, answered: unknown) => shapeDifferences(platform, answered, {
      endpoint, index, keyedByValue: (path) => path === "media_metadata",
    });
    expect(keyed({ data: { media_metadata: { "13_1": { type: "VIDEO", width: 640 } } } }, { data: { media_metadata: { "7_3001": { type: "VIDEO", width: 1920 } } } })).toEqual([]);
    expect(keyed({ data: { media_metadata: { "13_1": { type: "VIDEO", width: 640 } } } }, { data: { media_metadata: { "7_3001": { type: "VIDEO", width: "1920" } } } }))
      .toEqual(["data.media_metadata.7_3001.width is a string, platform sends a number"]);
  });

  test("a key the platform sends on another endpoint of the same records is still a key this endpoint does not send", () => {
    // GET line items answer funding_instrument_id (the corpus shows it); the reference's PUT example does not.
    const put = shapeDifferences({ data: { id: "a" } }, { data: { id: "b", funding_instrument_id: "c" } }, { endpoint: "PUT /12/accounts/:account_id/line_items/:line_item_id", index });
    expect(put).toEqual(["data.funding_instrument_id is not sent by the platform (answered a string)"]);
  });
});
