/**
 * Provider replay (docs/architecture.md rule 11): the provider's resources
 * and data sources run against the real platform's recorded answers, not
 * the emulator. A fake transport under the client (ClientOptions.transport)
 * answers each request with the corpus entry of its endpoint and records
 * what was sent; everything above it (queues, coalescing, batches, the
 * lossless JSON reader) runs as it does against the platform.
 *
 * Answers are the recordings, with ids only made to agree with the request
 * (no other value is touched):
 * - a read of one entity (`GET .../campaigns/:id`, or a list filtered by its
 *   own ids, `campaign_ids=a,b`) answers the recorded record under the id
 *   asked for, in the type the platform sends it (a Tweet's id stays a JSON
 *   number beyond 2^53);
 * - parent ids the request names (`line_item_id=...`, a `line_item_ids`
 *   filter, the `:custom_audience_id` of the path) replace those fields of
 *   the recorded records;
 * - an entity answered again (read after its create) keeps the `*_id`
 *   fields of its first answer (its line item, its Tweet), as one live
 *   entity would, although two recordings show two different entities;
 * - a batch of several items is answered one record per item (the
 *   recordings hold one), each under an id of its own.
 *
 * `noAnswer` leaves chosen requests without an answer once sent (a create
 * that may have committed); the OAuth header's parameters are recorded too.
 */
import { AdsClient, Transport, WireRequest } from "../../provider/client/client";
import { parseJson } from "../../provider/client/json";
import { DEFAULT_MAX_BUDGET_MICRO, ProviderConfig } from "../../provider/config";
import { Context } from "../../provider/resources/framework";
import { CorpusEntry, entryFor } from "./corpus";
import { family } from "./shapes";

/** One request as the provider sent it. */
export interface SentRequest {
  method: string;
  /** Path below the base address, e.g. `/12/accounts/18ce54d4x5t/tweet`. */
  path: string;
  query: Record<string, string>;
  /** The JSON body, parsed (integers beyond 2^53 as strings of digits). */
  json?: unknown;
  /** A form body's fields. */
  form?: Record<string, string>;
  /** The OAuth 1.0a Authorization header's parameters (oauth_callback, oauth_verifier, ...), where one was sent. */
  oauth?: Record<string, string>;
  contentType?: string;
  /** The corpus entry that answered it; undefined when the corpus has none. */
  entry?: CorpusEntry;
  /** The answer's body text. */
  answer?: string;
}

/** A recorded body (bigints for integers beyond 2^53) as JSON text, those integers written exactly. */
export function writeJson(value: unknown): string {
  const mark = "\u0000big:";
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? `${mark}${v}` : v)).replace(/"\\u0000big:(-?\d+)"/g, "$1");
}

type Json = Record<string, unknown>;

/** The recorded value under a new id, in the recorded one's type (a JSON number beyond 2^53 stays one). */
function sameType(recorded: unknown, id: string): unknown {
  return typeof recorded === "bigint" && /^\d+$/.test(id) ? BigInt(id) : id;
}

/** A record under the id asked for: every top-level field holding the recorded id (id, id_str, tweet_id) takes the new one. */
function withId(record: Json, id: string): Json {
  const old = record.id;
  if (old === undefined || old === null) return { ...record, id };
  return Object.fromEntries(Object.entries(record).map(([k, v]) =>
    [k, (typeof v === "string" || typeof v === "bigint") && String(v) === String(old) ? sameType(v, id) : v]));
}

/** The parent ids a request names: `line_item_id=x`, `line_item_ids=x,y` (the first), `:custom_audience_id` of the path. */
function parentsOf(request: SentRequest, entry: CorpusEntry, identityParam?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const template = entry.endpoint.split(" ")[1]!.split("/").filter(Boolean);
  const segments = request.path.split("/").filter(Boolean);
  // The path's parameters, but the last one (the entity's own id).
  template.forEach((t, i) => {
    if (t.startsWith(":") && i < template.length - 1) out[t.slice(1)] = segments[i]!;
  });
  for (const [k, v] of Object.entries(request.query)) {
    if (k === identityParam) continue;
    if (/_id$/.test(k)) out[k] = v;
    else if (/_ids$/.test(k)) out[k.replace(/s$/, "")] = v.split(",")[0]!;
  }
  if (request.json && typeof request.json === "object" && !Array.isArray(request.json)) {
    for (const [k, v] of Object.entries(request.json as Json)) if (/_id$/.test(k) && typeof v === "string") out[k] = v;
  }
  return out;
}

function withParents(record: Json, parents: Record<string, string>): Json {
  const out = { ...record };
  for (const [k, v] of Object.entries(parents)) if (k in out && k !== "id") out[k] = sameType(out[k], v);
  return out;
}

/**
 * The list filter by the records' own ids: `campaign_ids` for campaigns,
 * `custom_audience_permission_ids` for `.../permissions`, `card_ids` (or
 * `card_id`) for the cards collections.
 */
function identityParamOf(request: SentRequest, entry: CorpusEntry): string | undefined {
  const last = entry.endpoint.split("/").filter((s) => !s.startsWith(":")).pop()!;
  const singular = last.replace(/ies$/, "y").replace(/s$/, "");
  const keys = Object.keys(request.query);
  return keys.find((k) => { const stem = k.replace(/_ids?$/, ""); return k !== stem && (stem === singular || stem.endsWith(`_${singular}`)); })
    ?? ["card_ids", "card_id"].find((k) => keys.includes(k));
}

/** The records of an answer's `data`: the one record, or each of a list. */
function recordsOf(data: unknown): Json[] {
  const all = Array.isArray(data) ? data : [data];
  return all.filter((r): r is Json => r !== null && typeof r === "object" && !Array.isArray(r));
}

/**
 * The recorded answer, with its ids made to agree with the request and
 * with what earlier answers said of the same entity (`seen`, by id): a
 * record read again keeps the `*_id` fields it was created with.
 */
export function answerOf(request: SentRequest, entry: CorpusEntry, seen: Map<string, Json> = new Map()): unknown {
  let body = structuredClone(entry.response.body) as Json | undefined;
  if (!body || typeof body !== "object" || !("data" in body)) return body;
  if (request.method === "POST" && Array.isArray(request.json)) body = perItem(body, request.json.length);
  // The page a cursor asks for is the last one (a recorded next_cursor would be followed forever).
  if (request.query.cursor !== undefined && "next_cursor" in body) body.next_cursor = null;
  const template = entry.endpoint.split(" ")[1]!;
  const records = family(entry.endpoint);
  const single = /\/:\w+$/.test(template) && request.method !== "POST";
  const identity = request.method === "GET" ? identityParamOf(request, entry) : undefined;
  const parents = parentsOf(request, entry, identity);
  const agree = (r: Json): Json => {
    const key = `${records}|${String(r.id)}`;
    const before = seen.get(key);
    const known = before ? Object.fromEntries(Object.entries(before).filter(([k]) => /_id$/.test(k) && k in r).map(([k, v]) => [k, String(v)])) : {};
    const out = withParents(withParents(r, known), parents);
    if (!before && out.id !== undefined && out.id !== null) seen.set(key, out);
    return out;
  };
  if (single && body.data && typeof body.data === "object" && !Array.isArray(body.data)) {
    body.data = agree(withId(body.data as Json, request.path.split("/").pop()!));
  } else if (Array.isArray(body.data) && identity) {
    // One record per id asked for, each the recorded record under that id.
    const recorded = recordsOf(body.data);
    const ids = request.query[identity]!.split(",");
    body.data = recorded.length === 0 ? [] : ids.map((id, i) => agree(withId(recorded[i % recorded.length]!, id)));
  } else if (Array.isArray(body.data)) {
    // A list by parent (targeting criteria by line item) lists the entity made under that parent before.
    const made = request.method === "GET" ? [...seen].filter(([k, r]) => k.startsWith(`${records}|`)
      && Object.entries(parents).some(([p, v]) => p !== "account_id" && String(r[p]) === v)).map(([, r]) => r) : [];
    body.data = body.data.map((r: unknown, i: number) => {
      if (!r || typeof r !== "object" || Array.isArray(r)) return r;
      return agree(made[i] ? withId(r as Json, String(made[i]!.id)) : (r as Json));
    });
  } else if (body.data && typeof body.data === "object") {
    body.data = agree(body.data as Json);
  }
  return body;
}

export interface ReplayOptions {
  /** Answers of some endpoints (`GET /12/accounts/:account_id/tweets`) other than the plain recording: another variant, or a body made from it. */
  answers?: Record<string, { variant?: string; body?: (recorded: Json, request: SentRequest) => unknown }>;
  /** Requests that get no answer (the connection times out once sent: a write may have committed), e.g. a create's POST. */
  noAnswer?: (request: SentRequest) => boolean;
}

/** An Authorization header's OAuth 1.0a parameters, decoded (RFC 5849 3.5.1). */
export function oauthParams(header: string | undefined): Record<string, string> | undefined {
  if (!header?.startsWith("OAuth ")) return undefined;
  return Object.fromEntries([...header.slice(6).matchAll(/([\w.-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, decodeURIComponent(v!)]));
}

/**
 * A batch answers one record per item it was sent: the recorded one (it
 * records one item) stands for each, the later ones under ids of their own.
 */
function perItem(body: Json, items: number): Json {
  const recorded = recordsOf(body.data);
  if (!Array.isArray(body.data) || recorded.length === 0 || items <= recorded.length) return body;
  return { ...body, data: Array.from({ length: items }, (_, i) => (i < recorded.length ? recorded[i] : withId(recorded[i % recorded.length]!, `${String(recorded[0]!.id)}${i}`))) };
}

/**
 * The fake transport: answers each request from the corpus and records it.
 * A request whose endpoint the corpus lacks is answered 404 (and stays
 * without `entry`, which requests.test.ts refuses).
 */
export class CorpusTransport {
  readonly sent: SentRequest[] = [];
  /** The records answered so far, by id: what a later answer about the same entity agrees with. */
  private readonly seen = new Map<string, Json>();

  constructor(private readonly options: ReplayOptions = {}) {}

  readonly transport: Transport = async (wire: WireRequest) => {
    const url = new URL(wire.url);
    const request: SentRequest = {
      method: wire.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      contentType: wire.headers["content-type"],
    };
    if (wire.body !== undefined) {
      if (request.contentType?.startsWith("application/x-www-form-urlencoded")) request.form = Object.fromEntries(new URLSearchParams(wire.body));
      else request.json = parseJson(wire.body);
    }
    const oauth = oauthParams(wire.headers.authorization);
    if (oauth) request.oauth = oauth;
    this.sent.push(request);
    const plain = entryFor(wire.method, url.pathname);
    const answer = plain && this.options.answers?.[plain.endpoint];
    const entry = answer?.variant ? entryFor(wire.method, url.pathname, answer.variant) : plain;
    if (!entry) {
      return { statusCode: 404, headers: {}, body: JSON.stringify({ errors: [{ code: "NOT_IN_CORPUS", message: `${wire.method} ${url.pathname}: no corpus entry` }] }) };
    }
    request.entry = entry;
    if (this.options.noAnswer?.(request)) throw Object.assign(new Error("socket timeout after the request was sent"), { code: "ETIMEDOUT" });
    let body = answerOf(request, entry, this.seen);
    if (answer?.body) body = answer.body(body as Json, request);
    const text = entry.response.text ?? (body === undefined ? "" : writeJson(body));
    request.answer = text;
    return { statusCode: entry.response.status, headers: { "content-type": "application/json" }, body: text };
  };
}

export const REPLAY_CREDENTIALS = { consumerKey: "ck", consumerSecret: "cs", accessToken: "at", accessTokenSecret: "ats" };

/** A client over the fake transport, without waits: reads and creates that run together are still gathered. */
export function replayContext(transport: CorpusTransport, baseUrl = "https://ads-api-sandbox.x.com"): Context {
  const config: ProviderConfig = { credentials: REPLAY_CREDENTIALS, baseUrl, sandbox: true, accountId: ACCOUNT, maxBudgetMicro: DEFAULT_MAX_BUDGET_MICRO };
  const client = new AdsClient({
    credentials: REPLAY_CREDENTIALS, baseUrl, transport: transport.transport, log: () => {}, sleep: async () => {},
    coalesceWindowMs: 1, collectWindowMs: 1,
  });
  return { client, config };
}

/** The account of the reference's examples. */
export const ACCOUNT = "18ce54d4x5t";
