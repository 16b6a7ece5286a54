/**
 * The conformance corpus (docs/architecture.md rule 11): for every endpoint the
 * project calls, the real platform's request form and response shape, one
 * JSON file per endpoint (and per notable variant) in `corpus/`, each citing
 * the public file it was taken from. README.md beside this file lists them
 * and where the project's first design and today's platform differ.
 *
 * Big integers: published Tweets (and a few request echoes) carry ids beyond
 * 2^53 as JSON numbers, which JSON.parse rounds. Those bodies are stored as
 * text in `response.raw` (`request.rawBody`), and `parseLossless` reads every
 * integer literal beyond Number.MAX_SAFE_INTEGER as a bigint: a suite can
 * then tell a JSON number (bigint) from a JSON string of digits (string) and
 * compare the digits exactly. Every other number stays a number.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseJson } from "../../provider/client/json";
import { RESOURCES } from "../../provider/resources";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
/** How parameters travel: query string, JSON body, form body, or the OAuth header. */
export type RequestForm = "query" | "json" | "form" | "oauth-header";
/** Which base address: ads-api.x.com, its sandbox, or api.x.com (authorization, webhooks). */
export type Base = "ads" | "ads-sandbox" | "api";

export interface CorpusEntry {
  /** `METHOD /path/:param`, e.g. `GET /12/accounts/:account_id/campaigns`. */
  endpoint: string;
  /** A notable case of the endpoint (e.g. `with_deleted`, `operation_errors`); absent for the plain one. */
  variant?: string;
  base: Base;
  /** Where the shapes come from: `owner/repo:path`, newest official reference first. */
  source: string[];
  /** The section of the source page. */
  section?: string;
  notes: string;
  /** Written from a page's field tables or notes where no source shows the answer; `reason` says why. */
  synthesized?: true;
  reason?: string;
  request: {
    form: RequestForm;
    /** The source's example request line. */
    example: string;
    /** How each parameter is sent, e.g. `query, comma-separated list (at most 200); optional`. */
    params: Record<string, string>;
    body?: unknown;
    /** A JSON body holding integers beyond 2^53, as text. */
    rawBody?: string;
    header?: string;
  };
  response: {
    status: number;
    /** The parsed body; from `raw` with bigints where the body holds integers beyond 2^53. */
    body?: unknown;
    raw?: string;
    /** A body that is not JSON (the OAuth 1.0a steps answer `name=value&...`). */
    text?: string;
  };
  /**
   * Differences the emulator's answer keeps from this recording because the
   * recording is no platform behaviour to copy (a typo of the page, a trimmed
   * example): the suite's words for each, and why (emulator-shapes.test.ts).
   */
  quirks?: { differences: string[]; why: string }[];
  /** The fixture's file name in corpus/. */
  file: string;
}

export const CORPUS_DIR = join(__dirname, "corpus");

/**
 * JSON.parse, except that integer literals beyond Number.MAX_SAFE_INTEGER
 * become bigints (the client's lossless reader, provider/client/json.ts,
 * which reads them as strings of digits by default).
 */
export function parseLossless(text: string): unknown {
  return parseJson(text, BigInt);
}

let cache: CorpusEntry[] | undefined;

/** Every fixture of the corpus, `raw` bodies parsed with parseLossless. */
export function corpus(): CorpusEntry[] {
  cache ??= readdirSync(CORPUS_DIR).filter((f) => f.endsWith(".json")).sort().map((file) => {
    const entry = JSON.parse(readFileSync(join(CORPUS_DIR, file), "utf8")) as CorpusEntry;
    if (entry.response.raw !== undefined) entry.response.body = parseLossless(entry.response.raw);
    if (entry.request.rawBody !== undefined) entry.request.body = parseLossless(entry.request.rawBody);
    return { ...entry, file };
  });
  return cache;
}

function splitEndpoint(endpoint: string): { method: string; segments: string[] } {
  const [method = "", path = ""] = endpoint.split(" ");
  return { method, segments: path.split("/").filter(Boolean) };
}

/**
 * The entry of a concrete request, e.g. `entryFor("GET",
 * "/12/accounts/abc1/campaigns/xyz")` is `GET
 * /12/accounts/:account_id/campaigns/:campaign_id`. A `:param` segment
 * matches any one segment; where several templates match, the one with the
 * most literal segments wins (`cards/image_conversation` over
 * `cards/:card_id`). The query string is ignored. Without `variant` the
 * plain entry is returned.
 */
export function entryFor(method: string, path: string, variant?: string): CorpusEntry | undefined {
  const segments = path.split("?")[0]!.split("/").filter(Boolean);
  let best: { entry: CorpusEntry; literals: number } | undefined;
  for (const entry of corpus()) {
    if (entry.variant !== variant) continue;
    const t = splitEndpoint(entry.endpoint);
    if (t.method !== method.toUpperCase() || t.segments.length !== segments.length) continue;
    if (!t.segments.every((s, i) => s.startsWith(":") || s === segments[i])) continue;
    const literals = t.segments.filter((s) => !s.startsWith(":")).length;
    if (!best || literals > best.literals) best = { entry, literals };
  }
  return best?.entry;
}

/**
 * The live records of an account's collection as `xads import` reads them
 * from the recordings: the recorded list's, and where the list's records
 * lack fields (`readEach`: app lists), each as the recorded GET of one
 * answers it, under the listed id.
 */
export function recordedForImport(account: string, spec: { collection: string; readEach?: boolean; where?: (e: never) => boolean }): (Record<string, unknown> & { id: string })[] {
  const path = `/12/accounts/${account}/${spec.collection}`;
  const records = (entry: CorpusEntry | undefined) => ((entry?.response.body as { data?: unknown } | undefined)?.data ?? []);
  const listed = (records(entryFor("GET", path)) as Record<string, unknown>[])
    .map((e): Record<string, unknown> & { id: string } => ({ ...e, id: String(e.id) }))
    .filter((e) => e.deleted !== true && (spec.where?.(e as never) ?? true));
  return spec.readEach ? listed.map((e) => ({ ...(records(entryFor("GET", `${path}/${e.id}`)) as Record<string, unknown>), id: e.id })) : listed;
}

/** An endpoint the project calls and what calls it. */
export interface CalledEndpoint {
  endpoint: string;
  usedBy: readonly string[];
}

/** `tracking_tags` -> `tracking_tag`, `targeting_criteria` -> `targeting_criterion`, `line_item_curated_categories` -> `line_item_curated_category`. */
export function singular(collection: string): string {
  return collection.replace(/criteria$/, "criterion").replace(/ies$/, "y").replace(/s$/, "");
}

/**
 * The template of one entity of a collection: the corpus's, where it
 * records one (`cards/:card_id`), else the platform's convention
 * (`tracking_tags/:tracking_tag_id`).
 */
export function entityTemplate(collectionPath: string): string {
  const recorded = corpus().map((e) => e.endpoint.split(" ")[1]!).find((p) => p.startsWith(`${collectionPath}/:`) && p.split("/").length === collectionPath.split("/").length + 1);
  return recorded ?? `${collectionPath}/:${singular(collectionPath.split("/").pop()!)}_id`;
}

/**
 * The endpoints of each kind's collection that the standard lifecycle
 * calls, from the registry (ResourceDefinition.collectionCalls): POST of
 * the collection (create), its list (read and adoption), PUT and DELETE of
 * one entity. A step a kind overrides or sends elsewhere is in
 * OTHER_CALLS.
 */
export function resourceEndpoints(): CalledEndpoint[] {
  return Object.values(RESOURCES).flatMap((def) => {
    const calls = def.collectionCalls;
    if (!def.collection || !calls) return [];
    const list = `/12/accounts/:account_id/${def.collection}`;
    const one = entityTemplate(list);
    return [
      ...(calls.read ? [{ endpoint: `GET ${list}`, usedBy: [`${def.kind} read and adopt (the list by ids, with_deleted)`] }] : []),
      ...(calls.readOne ? [{ endpoint: `GET ${one}`, usedBy: [`${def.kind} read and adopt (with_deleted; ${def.readsOne})`] }] : []),
      ...(calls.create ? [{ endpoint: `POST ${list}`, usedBy: [`${def.kind} create`] }] : []),
      ...(calls.update ? [{ endpoint: `PUT ${one}`, usedBy: [`${def.kind} update`] }] : []),
      ...(calls.delete ? [{ endpoint: `DELETE ${one}`, usedBy: [`${def.kind} delete`] }] : []),
    ];
  });
}

/** Entries of one endpoint merged into one, their users in order. */
function merged(entries: readonly CalledEndpoint[]): CalledEndpoint[] {
  const by = new Map<string, string[]>();
  for (const e of entries) by.set(e.endpoint, [...(by.get(e.endpoint) ?? []), ...e.usedBy]);
  return [...by].map(([endpoint, usedBy]) => ({ endpoint, usedBy }));
}

/**
 * The calls a kind's collectionCalls do not say (data sources, the OAuth
 * steps, batch endpoints, look-ups, `xads import`, a step a kind overrides
 * or sends elsewhere), kept by hand.
 */
const OTHER_CALLS: readonly CalledEndpoint[] = [
  { endpoint: "GET /12/accounts", usedBy: ["getAccounts (q)", "SandboxAccount create (accounts before and after the POST)", "SandboxAccount read and adopt (account_ids, with_deleted)", "check: the credentials, for a kind without an account when the stack sets no xads:accountId (count 1; provider/access.ts)"] },
  { endpoint: "GET /12/accounts/:account_id", usedBy: ["check: preview's access check of a resource's account, once per account (provider/access.ts)"] },
  { endpoint: "POST /12/accounts", usedBy: ["SandboxAccount create"] },
  { endpoint: "PUT /12/accounts/:account_id", usedBy: ["SandboxAccount create and update (name, industry_type)"] },
  { endpoint: "DELETE /12/accounts/:account_id", usedBy: ["SandboxAccount delete"] },
  { endpoint: "GET /12/accounts/:account_id/features", usedBy: ["AccountFeatures read/create/update (unfiltered: the feature_keys filter takes three keys only)", "getAccountFeatures"] },
  { endpoint: "POST /12/accounts/:account_id/features", usedBy: ["AccountFeatures create/update (sandbox)"] },
  { endpoint: "DELETE /12/accounts/:account_id/features", usedBy: ["AccountFeatures update/delete (sandbox)"] },
  { endpoint: "GET /12/accounts/:account_id/authenticated_user_access", usedBy: ["getAuthenticatedUserAccess", "UserSettings create (the authenticated user when userId is unset)"] },
  { endpoint: "GET /12/accounts/:account_id/user_settings/:user_id", usedBy: ["UserSettings create/read"] },
  { endpoint: "PUT /12/accounts/:account_id/user_settings/:user_id", usedBy: ["UserSettings create/update"] },
  { endpoint: "GET /12/accounts/:account_id/tax_settings", usedBy: ["TaxSettings create/read"] },
  { endpoint: "PUT /12/accounts/:account_id/tax_settings", usedBy: ["TaxSettings create/update"] },
  { endpoint: "GET /12/content_categories", usedBy: ["getContentCategories"] },
  { endpoint: "GET /12/bidding_rules", usedBy: ["getBiddingRules"] },
  { endpoint: "GET /12/line_items/placements", usedBy: ["getPlacements"] },
  { endpoint: "GET /12/accounts/:account_id/curated_categories", usedBy: ["getCuratedCategories"] },
  { endpoint: "GET /12/accounts/:account_id/promotable_users", usedBy: ["getPromotableUsers"] },
  { endpoint: "GET /12/accounts/:account_id/account_media", usedBy: ["getAccountMedia"] },
  { endpoint: "GET /12/accounts/:account_id/funding_instruments", usedBy: ["getFundingInstruments", "xads import"] },
  { endpoint: "POST /12/accounts/:account_id/funding_instruments", usedBy: ["FundingInstrument create (sandbox)"] },
  { endpoint: "GET /12/accounts/:account_id/campaigns", usedBy: ["Campaign create lookup after a lost POST (q, funding_instrument_ids, with_draft)", "xads import (with_draft)", "policy live-campaigns (with_draft)"] },
  { endpoint: "POST /12/batch/accounts/:account_id/campaigns", usedBy: ["Campaign create (campaigns created together, at most 40 a call)"] },
  { endpoint: "GET /12/accounts/:account_id/line_items", usedBy: ["LineItem create lookup (campaign_ids, with_draft)", "PromotedTweet read (its line item)", "xads import (with_draft)"] },
  { endpoint: "POST /12/batch/accounts/:account_id/line_items", usedBy: ["LineItem create (line items created together, at most 40 a call)"] },
  { endpoint: "GET /12/accounts/:account_id/targeting_criteria", usedBy: ["TargetingCriterion create lookup (line_item_ids)", "xads import (line_item_ids of the listed line items, 200 a call)"] },
  { endpoint: "POST /12/batch/accounts/:account_id/targeting_criteria", usedBy: ["TargetingCriterion create (one Create item)"] },
  { endpoint: "GET /12/accounts/:account_id/line_item_curated_categories", usedBy: ["LineItemCuratedCategory create lookup (every one of the account: the list takes no filter)"] },
  { endpoint: "GET /12/accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id", usedBy: ["LineItemCuratedCategory read and adopt (with_deleted)"] },
  { endpoint: "POST /12/accounts/:account_id/line_item_curated_categories", usedBy: ["LineItemCuratedCategory create"] },
  { endpoint: "PUT /12/accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id", usedBy: ["LineItemCuratedCategory update"] },
  { endpoint: "DELETE /12/accounts/:account_id/line_item_curated_categories/:line_item_curated_category_id", usedBy: ["LineItemCuratedCategory delete"] },
  { endpoint: "GET /12/accounts/:account_id/media_creatives", usedBy: ["MediaCreative create lookup (line_item_ids)"] },
  { endpoint: "POST /12/accounts/:account_id/media_creatives", usedBy: ["MediaCreative create"] },
  { endpoint: "GET /12/accounts/:account_id/tracking_tags", usedBy: ["TrackingTag create lookup (line_item_ids)", "xads import"] },
  { endpoint: "GET /12/accounts/:account_id/promoted_tweets", usedBy: ["PromotedTweet read and adopt (promoted_tweet_ids, with_deleted)", "PromotedTweet create lookup (line_item_ids)", "xads import"] },
  { endpoint: "POST /12/accounts/:account_id/promoted_tweets", usedBy: ["PromotedTweet create (up to 50 tweet_ids a POST: every create goes through its batch send)"] },
  { endpoint: "GET /12/accounts/:account_id/promoted_accounts", usedBy: ["PromotedAccount create lookup (line_item_ids)"] },
  { endpoint: "POST /12/accounts/:account_id/promoted_accounts", usedBy: ["PromotedAccount create"] },
  { endpoint: "GET /12/accounts/:account_id/scheduled_promoted_tweets", usedBy: ["ScheduledPromotedTweet create lookup (line_item_ids)"] },
  { endpoint: "DELETE /12/accounts/:account_id/scheduled_promoted_tweets/:scheduled_promoted_tweet_id", usedBy: ["ScheduledPromotedTweet delete"] },
  { endpoint: "GET /12/accounts/:account_id/cards", usedBy: ["Card create lookup (q)", "xads import (count 200)"] },
  { endpoint: "GET /12/accounts/:account_id/cards/image_conversation", usedBy: ["ImageConversationCard create lookup (q)", "xads import"] },
  { endpoint: "POST /12/accounts/:account_id/cards/image_conversation", usedBy: ["ImageConversationCard create"] },
  { endpoint: "PUT /12/accounts/:account_id/cards/image_conversation/:card_id", usedBy: ["ImageConversationCard update"] },
  { endpoint: "GET /12/accounts/:account_id/cards/video_conversation", usedBy: ["VideoConversationCard create lookup (q)", "xads import"] },
  { endpoint: "POST /12/accounts/:account_id/cards/video_conversation", usedBy: ["VideoConversationCard create"] },
  { endpoint: "PUT /12/accounts/:account_id/cards/video_conversation/:card_id", usedBy: ["VideoConversationCard update"] },
  { endpoint: "GET /12/accounts/:account_id/tweets", usedBy: ["Tweet read/adopt (PUBLISHED)", "create lookups after a lost POST (DRAFT, SCHEDULED, PUBLISHED)"] },
  { endpoint: "POST /12/accounts/:account_id/tweet", usedBy: ["Tweet create"] },
  { endpoint: "PUT /12/accounts/:account_id/tweets/:tweet_id/name", usedBy: ["Tweet update (name)"] },
  { endpoint: "GET /12/accounts/:account_id/draft_tweets/:draft_tweet_id", usedBy: ["DraftTweet read and adopt (no with_deleted: the endpoint documents none)"] },
  { endpoint: "POST /12/accounts/:account_id/draft_tweets", usedBy: ["DraftTweet create"] },
  { endpoint: "PUT /12/accounts/:account_id/draft_tweets/:draft_tweet_id", usedBy: ["DraftTweet update"] },
  { endpoint: "DELETE /12/accounts/:account_id/draft_tweets/:draft_tweet_id", usedBy: ["DraftTweet delete"] },
  { endpoint: "GET /12/accounts/:account_id/scheduled_tweets/:scheduled_tweet_id", usedBy: ["ScheduledTweet read and adopt (no with_deleted: the endpoint documents none)"] },
  { endpoint: "POST /12/accounts/:account_id/scheduled_tweets", usedBy: ["ScheduledTweet create"] },
  { endpoint: "PUT /12/accounts/:account_id/scheduled_tweets/:scheduled_tweet_id", usedBy: ["ScheduledTweet update"] },
  { endpoint: "DELETE /12/accounts/:account_id/scheduled_tweets/:scheduled_tweet_id", usedBy: ["ScheduledTweet delete"] },
  { endpoint: "GET /12/accounts/:account_id/custom_audiences", usedBy: ["CustomAudience and FlexibleAudience read and adopt (custom_audience_ids, with_deleted)", "CustomAudience create lookup (q)", "FlexibleAudience batch lookup", "getCustomAudiences (permission_scope)", "xads import"] },
  { endpoint: "POST /12/batch/accounts/:account_id/custom_audiences", usedBy: ["FlexibleAudience create (at most 10 a call)"] },
  { endpoint: "GET /12/accounts/:account_id/custom_audiences/:custom_audience_id/targeted", usedBy: ["getAudienceTargeting (with_active)"] },
  { endpoint: "POST /12/accounts/:account_id/custom_audiences/:custom_audience_id/users", usedBy: ["CustomAudienceMembers create/update/delete (requests of at most 2,500 operation objects and 5,000,000 bytes)"] },
  { endpoint: "GET /12/accounts/:account_id/custom_audiences/:custom_audience_id/permissions", usedBy: ["CustomAudiencePermission read and adopt (custom_audience_permission_ids; no with_deleted)", "CustomAudiencePermission create lookup (granted_account_ids)"] },
  { endpoint: "POST /12/accounts/:account_id/custom_audiences/:custom_audience_id/permissions", usedBy: ["CustomAudiencePermission create"] },
  { endpoint: "DELETE /12/accounts/:account_id/custom_audiences/:custom_audience_id/permissions/:custom_audience_permission_id", usedBy: ["CustomAudiencePermission delete"] },
  { endpoint: "GET /5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions", usedBy: ["TailoredAudiencePermission read and adopt (tailored_audience_permission_ids; no with_deleted)", "TailoredAudiencePermission create lookup (granted_account_ids)"] },
  { endpoint: "POST /5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions", usedBy: ["TailoredAudiencePermission create"] },
  { endpoint: "DELETE /5/accounts/:account_id/tailored_audiences/:tailored_audience_id/permissions/:tailored_audience_permission_id", usedBy: ["TailoredAudiencePermission delete"] },
  { endpoint: "GET /12/accounts/:account_id/app_lists", usedBy: ["xads import (then each list read by id for its apps)"] },
  { endpoint: "GET /12/accounts/:account_id/do_not_reach_lists", usedBy: ["DoNotReachList read and adopt (with_deleted)", "DoNotReachList create lookup", "DoNotReachListMembers (its list); no count", "xads import"] },
  { endpoint: "POST /12/accounts/:account_id/do_not_reach_lists", usedBy: ["DoNotReachList create"] },
  { endpoint: "POST /12/batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users", usedBy: ["DoNotReachListMembers create/update/delete (requests of at most 2,500 operation objects and 5,000,000 bytes)"] },
  { endpoint: "POST /oauth/request_token", usedBy: ["xads auth login (step 1, oauth_callback=oob)"] },
  { endpoint: "POST /oauth/access_token", usedBy: ["xads auth login (step 3, the PIN as oauth_verifier)"] },
  { endpoint: "POST /1.1/oauth/invalidate_token", usedBy: ["xads auth logout"] },
  { endpoint: "POST /oauth2/token", usedBy: ["xads auth app-token", "getWebhooks (bearer token when none is cached)"] },
  { endpoint: "POST /oauth2/invalidate_token", usedBy: ["xads auth app-token --revoke"] },
  { endpoint: "GET /2/webhooks", usedBy: ["getWebhooks (webhook_config.fields=created_at,id,url,valid)"] },
  { endpoint: "GET /5/accounts/:account_id/recommendations", usedBy: ["getRecommendations", "xads recommendations"] },
  { endpoint: "GET /5/accounts/:account_id/recommendations/:recommendation_id", usedBy: ["getRecommendations (each one's changes)", "xads recommendations"] },
  { endpoint: "GET /12/accounts/:account_id/tweet_previews", usedBy: ["getTweetPreviews (tweet_ids of one tweet_type, at most 200)", "xads pr-summary --previews"] },
  { endpoint: "POST /12/accounts/:account_id/draft_tweets/preview/:draft_tweet_id", usedBy: ["xads draft-preview"] },
  { endpoint: "GET /12/insights/keywords/search", usedBy: ["getKeywordInsights"] },
  { endpoint: "GET /12/accounts/:account_id/account_apps", usedBy: ["getAccountApps"] },
  { endpoint: "GET /12/advertiser_business_categories", usedBy: ["getAdvertiserBusinessCategories"] },
  { endpoint: "GET /12/publishers", usedBy: ["getPublishers"] },
  { endpoint: "POST /12/accounts/:account_id/audience_estimate", usedBy: ["getAudienceEstimate", "xads pr-summary (Reach: one call per changed line item and side)"] },
  { endpoint: "GET /12/accounts/:account_id/account_history", usedBy: ["xads drift (who changed a drifted campaign, line item, promoted Tweet or account, or targeting criterion, and when: one call per resource, entity_type, entity_id and a window of whole hours)"] },
  { endpoint: "GET /2/users", usedBy: ["xads drift (the handles of the users the account history names: one call for all of them, at most 100 ids a call; OAuth 1.0a user context on the platform API base)"] },
];

/**
 * Every endpoint the project calls (provider resources and data sources,
 * platform-auth, `xads auth` and `xads import`, the live-campaigns policy),
 * and what calls it: each kind's collection endpoints (resourceEndpoints)
 * and OTHER_CALLS. GET oauth/authorize is not here: the user's browser
 * opens it, the project only prints its URL.
 */
export const CALLED_ENDPOINTS: readonly CalledEndpoint[] = merged([...resourceEndpoints(), ...OTHER_CALLS]);



const BY_IDS = "adoption reads the entity as refresh does, through the list's ids filter (declaration.ts find), so that reads of many entities share calls (docs/architecture.md rule 8)";
/**
 * Endpoints the corpus records that the project does not call, and why: the
 * emulator serves them as the platform does (emulator-shapes.test.ts drives
 * each entry). The GET of one entity of a kind read through its list is
 * derived from the registry (collectionCalls.read); the others are kept
 * here.
 */
export const RECORDED_NOT_CALLED: readonly { endpoint: string; why: string }[] = [
  ...Object.values(RESOURCES).flatMap((def) => {
    if (!def.collection || !def.collectionCalls?.read) return [];
    const endpoint = `GET ${entityTemplate(`/12/accounts/:account_id/${def.collection}`)}`;
    const recorded = corpus().some((e) => e.endpoint === endpoint);
    return recorded && !CALLED_ENDPOINTS.some((c) => c.endpoint === endpoint) ? [{ endpoint, why: `${def.kind} ${BY_IDS}` }] : [];
  }),
  { endpoint: "GET /12/accounts/:account_id/promoted_tweets/:promoted_tweet_id", why: BY_IDS },
  { endpoint: "GET /12/accounts/:account_id/custom_audiences/:custom_audience_id", why: BY_IDS },
  { endpoint: "GET /12/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id", why: "not documented (the reference has only the list GET); DoNotReachList reads and adopts through the list, an account having one" },
];
