/**
 * Reads of reference data beside reference-data routes (ref campaign-management/reference.mdx and
 * ref audiences/reference.mdx, Keyword Insights):
 * keyword insights, the account's mobile apps, advertiser business
 * categories and the publishers of content categories. Read only, from
 * reference-data.ts; lists answer in one page.
 */
import { createHash } from "node:crypto";
import { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { ENUMS, LIMITS } from "../platform";
import { RouteOptions } from "../context";
import { ApiError } from "../errors";
import { AccountRoute, accountFor, echo, wireParams } from "../http";
import { listPage } from "../lists";
import { param, parseParams } from "../wire";
import { ACCOUNT_APPS, ADVERTISER_BUSINESS_CATEGORIES, LOCATIONS, PUBLISHERS } from "../reference-data";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** ref audiences/reference.mdx, GET insights/keywords/search: ISO 8601; the reference's example sends dates (`start_time=2018-02-01`), which mean midnight UTC. */
const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: "must be an ISO 8601 date or date-time, e.g. 2026-12-01T00:00:00Z" })
  .transform((v) => Date.parse(/T/.test(v) ? v : `${v}T00:00:00Z`));

const keywordParams = z.object({
  granularity: param.oneOf(ENUMS.keywordInsightsGranularity),
  keywords: param.list(1, Number.MAX_SAFE_INTEGER),
  negative_keywords: param.list(1, Number.MAX_SAFE_INTEGER).optional(),
  start_time: instant,
  end_time: instant.optional(),
  location: z.string().min(1).optional(),
});

/** Seconds-precision UTC, as the platform echoes times (ref audiences/reference.mdx, GET insights/keywords/search). */
const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** A stable number from the inputs: the same question always gets the same answer. */
function hashed(...parts: string[]): number {
  return createHash("sha256").update(parts.join("\u0000")).digest().readUInt32BE(0);
}

/**
 * Which keywords are related is the emulator's choice. Deterministic: variations of
 * the input keywords (hashtags, plurals, common pairings), LIMITS.keywordInsights.relatedKeywords of them.
 */
function relatedKeywords(keywords: readonly string[]): string[] {
  const forms = [(k: string) => `#${k}`, (k: string) => `${k}s`, (k: string) => `${k} news`, (k: string) => `${k} tips`, (k: string) => `${k} community`,
    (k: string) => `${k} jobs`, (k: string) => `${k} events`, (k: string) => `${k} today`, (k: string) => `best ${k}`, (k: string) => `${k} app`];
  const related: string[] = [];
  for (let round = 0; related.length < LIMITS.keywordInsights.relatedKeywords; round++) {
    const k = keywords[round % keywords.length]!;
    const form = forms[Math.floor(round / keywords.length) % forms.length]!;
    const cycle = Math.floor(round / (keywords.length * forms.length));
    related.push(cycle === 0 ? form(k) : `${form(k)} ${cycle + 1}`);
  }
  return related;
}

export const referenceReadRoutes: FastifyPluginAsync<RouteOptions> = async (app, { env }) => {
  /**
   * ref audiences/reference.mdx, GET insights/keywords/search: granularity, keywords and start_time required; end_time
   * defaults to now; at most 7 days; at most 10 keywords and negative
   * keywords together; location a country's targeting value. The answer
   * (ref audiences/reference.mdx): the input keywords' Tweet volume, one
   * number per granularity step, and 30 related keywords.
   */
  app.get("/12/insights/keywords/search", async (req) => {
    const p = parseParams(keywordParams, wireParams(req));
    const negative = p.negative_keywords ?? [];
    const { maxKeywords, maxRangeDays } = LIMITS.keywordInsights;
    if (p.keywords.length + negative.length > maxKeywords) {
      throw ApiError.invalid("keywords", `keywords and negative_keywords together must be at most ${maxKeywords}, got ${p.keywords.length + negative.length}`);
    }
    const start = p.start_time;
    const end = p.end_time ?? app.emulator.clock();
    if (end <= start) throw ApiError.invalid("end_time", `end_time must be after start_time (${isoSeconds(start)}), got ${isoSeconds(end)}`);
    if (end - start > maxRangeDays * DAY_MS) {
      throw ApiError.invalid("end_time", `end_time minus start_time must be at most ${maxRangeDays} days, got ${((end - start) / DAY_MS).toFixed(2)} days`);
    }
    if (p.location !== undefined) {
      const place = LOCATIONS[p.location];
      if (!place) throw ApiError.invalid("location", `location must be a targeting value of GET targeting_criteria/locations, got ${JSON.stringify(p.location)}`);
      if (place.location_type !== ENUMS.countryLocationType) {
        throw ApiError.invalid("location", `location must be a country (location_type ${ENUMS.countryLocationType}), got ${p.location} (${place.name}, ${place.location_type})`);
      }
    }
    const step = p.granularity === "DAY" ? DAY_MS : HOUR_MS;
    const volumes: number[] = [];
    for (let at = start; at < end; at += step) {
      volumes.push(1_000 + (hashed([...p.keywords].sort().join(","), [...negative].sort().join(","), p.location ?? "", String(at)) % 49_000));
    }
    const params: Record<string, unknown> = { start_time: isoSeconds(start), end_time: isoSeconds(end), granularity: p.granularity, keywords: p.keywords };
    if (p.negative_keywords) params.negative_keywords = p.negative_keywords;
    if (p.location !== undefined) params.location = p.location;
    // ref: `data` is one object, no cursor.
    return { request: { params }, data: { related_keywords: relatedKeywords(p.keywords), tweet_volume: volumes } };
  });

  /** ref campaign-management/reference.mdx, GET account_apps: the account's mobile apps; PG, WD, WT (the reference also lists sort_by). */
  app.get<AccountRoute>("/12/accounts/:account_id/account_apps", async (req) => {
    accountFor(app.emulator.store.env(env), req, req.params.account_id);
    const page = listPage(ACCOUNT_APPS, wireParams(req), { ids: [], sortable: ["created_at", "updated_at"] });
    // ref: the echo names the account as account_ids.
    return { request: { params: { ...echo(req).params, account_ids: [req.params.account_id] } }, ...page };
  });

  // ref campaign-management/reference.mdx, GET advertiser_business_categories and GET publishers: no parameters. ref: one page, next_cursor null, no total_count.
  const reference = <T>(req: FastifyRequest, data: readonly T[]) => ({ request: echo(req), next_cursor: null, data });
  app.get("/12/advertiser_business_categories", async (req) => reference(req, ADVERTISER_BUSINESS_CATEGORIES));
  app.get("/12/publishers", async (req) => reference(req, PUBLISHERS));
};
