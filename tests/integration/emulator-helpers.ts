/**
 * Helpers of the emulator's own tests: an app built in process, requests
 * signed with the oauth-1.0a package (as the provider's client signs them)
 * and sent through fastify's inject.
 */
import { createHmac } from "node:crypto";
import OAuth from "oauth-1.0a";
import type { FastifyInstance } from "fastify";
import { AppOptions, buildApp, Credentials } from "../../emulator";

export const ACCOUNT = "18ce54d4x5t";
export const USER = "756201191646691328";
export const HOST = "ads-api.emulator.test";
export const CREDS: Credentials = {
  consumerKey: "test-consumer-key",
  consumerSecret: "test-consumer-secret",
  accessToken: "test-access-token",
  accessTokenSecret: "test-access-token-secret",
};

export type QueryValue = string | number | boolean | readonly (string | number)[];

export interface CallOptions {
  query?: Record<string, QueryValue>;
  /** A JSON body (batch endpoints): not signed. */
  json?: unknown;
  /** A form body: signed. */
  form?: Record<string, string>;
  creds?: Credentials;
  nonce?: string;
  timestamp?: number;
  /** Sign with other query parameters than those sent (a tampered request). */
  signedQuery?: Record<string, string>;
  /** Send no Authorization header. */
  unsigned?: boolean;
}

export interface Reply<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
}

/** Query values on the wire, as the provider's client encodes them. */
export function encodeQuery(query: Record<string, QueryValue>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]));
}

/** The Authorization header the oauth-1.0a package makes for this request. */
export function authorization(creds: Credentials, method: string, url: string, params: Record<string, string>, nonce?: string, timestamp?: number): string {
  const oauth = new OAuth({
    consumer: { key: creds.consumerKey, secret: creds.consumerSecret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, key) => createHmac("sha1", key).update(base).digest("base64"),
  });
  if (nonce !== undefined) oauth.getNonce = () => nonce;
  if (timestamp !== undefined) oauth.getTimeStamp = () => timestamp;
  const data = oauth.authorize({ url, method, data: params }, { key: creds.accessToken, secret: creds.accessTokenSecret });
  return oauth.toHeader(data).Authorization;
}

/** An in-process emulator and a signed client for it. */
export class TestApi {
  readonly app: FastifyInstance;

  /** `options`: the app's other options, e.g. a plain clock of the test's own. */
  constructor(readonly creds: Credentials = CREDS, options: Omit<AppOptions, "credentials"> = {}) {
    this.app = buildApp({ ...options, credentials: creds });
  }

  get control() {
    return this.app.control;
  }

  async call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
    const query = encodeQuery(options.query ?? {});
    const qs = new URLSearchParams(query).toString();
    const signed = { ...(options.signedQuery ?? query), ...(options.form ?? {}) };
    const headers: Record<string, string> = { host: HOST };
    if (!options.unsigned) {
      headers.authorization = authorization(options.creds ?? this.creds, method, `http://${HOST}${path}`, signed, options.nonce, options.timestamp);
    }
    let payload: string | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(options.form).toString();
    }
    const res = await this.app.inject({ method: method as "GET", url: qs ? `${path}?${qs}` : path, headers, payload });
    return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined };
  }

  get<T = any>(path: string, query?: Record<string, QueryValue>) {
    return this.call<T>("GET", path, { query });
  }

  post<T = any>(path: string, query?: Record<string, QueryValue>) {
    return this.call<T>("POST", path, { query });
  }

  put<T = any>(path: string, query?: Record<string, QueryValue>) {
    return this.call<T>("PUT", path, { query });
  }

  delete<T = any>(path: string, query?: Record<string, QueryValue>) {
    return this.call<T>("DELETE", path, { query });
  }

  /** The seeded production account's funding instrument (a USD credit card). */
  async seededFundingInstrument(): Promise<string> {
    const res = await this.get(`/12/accounts/${ACCOUNT}/funding_instruments`);
    return res.body.data[0].id;
  }

  /** A campaign created through the API, for tests about something else. */
  async campaign(fields: Record<string, QueryValue> = {}, base = ""): Promise<Record<string, any>> {
    const fi = base ? await this.sandboxFundingInstrument() : await this.seededFundingInstrument();
    const res = await this.post(`${base}/12/accounts/${ACCOUNT}/campaigns`, {
      funding_instrument_id: fi, name: "Spring sale", daily_budget_amount_local_micro: 1_000_000, ...fields,
    });
    if (res.status !== 201) throw new Error(`campaign create failed: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** A funding instrument created in the sandbox. */
  async sandboxFundingInstrument(): Promise<string> {
    const res = await this.post(`/sandbox/12/accounts/${ACCOUNT}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z" });
    if (res.status !== 201) throw new Error(`funding instrument create failed: ${JSON.stringify(res.body)}`);
    return res.body.data.id;
  }

  /** A batch of campaign operations. */
  batch<T = any>(items: unknown, base = "") {
    return this.call<T>("POST", `${base}/12/batch/accounts/${ACCOUNT}/campaigns`, { json: items });
  }
}

/** Batch items creating `n` campaigns. */
export function createItems(n: number, fi: string, params: Record<string, unknown> = {}): unknown[] {
  return Array.from({ length: n }, (_, i) => ({
    operation_type: "Create",
    params: { funding_instrument_id: fi, name: `Campaign ${i}`, daily_budget_amount_local_micro: 1_000_000, entity_status: "PAUSED", ...params },
  }));
}
