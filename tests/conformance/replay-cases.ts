/**
 * The replay cases: one (or more) per resource kind of the registry, each a
 * program whose inputs are what the corpus's recordings hold (the ids, names
 * and values of the reference's examples), so that the recorded answers are
 * the answers to that program. `live` says what differs where a refresh or
 * an adoption reads another recording (another entity) than the create's.
 * A kind that cannot be replayed is in NOT_REPLAYED with the reason.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  listAccountFeatures, listAccountMedia, listAccounts, listAudienceTargeting, listBiddingRules, listContentCategories, listCuratedCategories,
  listCustomAudiences, listFundingInstruments, listPlacements, listPromotableUsers, listWebhooks, readAuthenticatedUserAccess, ReferenceCacheOptions,
} from "../../provider/data-sources";
import { exchangePin, invalidateAccessToken, requestToken } from "../../cli/auth/oauth1";
import { AppCredentials, invalidateBearerToken } from "../../provider/platform-auth";
import { Context } from "../../provider/resources/framework";
import * as sdk from "../../sdk/data-sources";
import { listRecommendations } from "../../provider/recommendations";
import { getRecommendations } from "../../sdk/recommendations";
import { listTweetPreviews, sendDraftPreview } from "../../provider/tweet-previews";
import { getTweetPreviews } from "../../sdk/tweet-previews";
import { listAccountApps, listAdvertiserBusinessCategories, listPublishers, readKeywordInsights } from "../../provider/reference-reads";
import * as sdkReference from "../../sdk/reference-reads";
import { estimateAudience } from "../../provider/audience-estimate";
import { getAudienceEstimate } from "../../sdk/audience-estimate";
import { definitionOf, RESOURCES } from "../../provider/resources";
import { CorpusEntry, entryFor } from "./corpus";
import { ResourceCase } from "./replay-run";
import { ACCOUNT } from "./replay";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** The Tweet author of the recordings (a long: a string of digits). */
export const AUTHOR = "756201191646691328";

/**
 * The cases written by hand: where the recordings need more than the
 * derived case (derivedCase) says, or a kind has no POST of its collection.
 * A kind without one is replayed by its derived case.
 */
const WRITTEN_CASES: readonly ResourceCase[] = [
  {
    // Declared without budgetOptimization or standardDelivery: the platform answers LINE_ITEM and null.
    kind: "Campaign",
    inputs: { accountId: ACCOUNT, fundingInstrumentId: "lygyi", name: "demo", entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 140000000, deletionProtection: false },
    // The list GET records another campaign of the account.
    live: { name: "test", dailyBudgetAmountLocalMicro: 10000000 },
    // The PUT's recording sets the daily budget of that campaign.
    update: { dailyBudgetAmountLocalMicro: 140000000 },
    // Two campaigns of one up share a batch call (the recording answers one; the replay answers each).
    together: [
      { accountId: ACCOUNT, fundingInstrumentId: "lygyi", name: "batch campaigns", entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 140000000, deletionProtection: false },
      { accountId: ACCOUNT, fundingInstrumentId: "lygyi", name: "batch campaigns", entityStatus: "PAUSED", dailyBudgetAmountLocalMicro: 140000000, deletionProtection: false },
    ],
  },
  {
    // Declared without bidStrategy, goal or payBy: the platform's are outputs.
    kind: "LineItem",
    inputs: {
      accountId: ACCOUNT, campaignId: "hwtq0", objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"],
      entityStatus: "PAUSED", bidStrategy: "MAX", bidAmountLocalMicro: 3210000, dailyBudgetAmountLocalMicro: 1000000, startTime: "2022-06-15T00:00:00Z",
    },
    live: { name: "li-18", bidAmountLocalMicro: 320000, dailyBudgetAmountLocalMicro: undefined, startTime: "2021-02-16T00:00:00Z" },
    update: { bidAmountLocalMicro: 140000 },
    // The PUT's recording is of another line item (no name, another start).
    updated: { name: undefined, startTime: "2017-07-10T00:00:00Z" },
    together: [
      { accountId: ACCOUNT, campaignId: "8yn7m", objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], entityStatus: "PAUSED", bidStrategy: "MAX", bidAmountLocalMicro: 3210000 },
      { accountId: ACCOUNT, campaignId: "8yn7m", objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], entityStatus: "PAUSED", bidStrategy: "MAX", bidAmountLocalMicro: 3210000 },
    ],
  },
  {
    kind: "FundingInstrument",
    inputs: { accountId: ACCOUNT, currency: "USD", startTime: "2017-07-10T00:00:00Z", type: "INSERTION_ORDER" },
    // The list and single GETs record the account's credit card.
    live: { type: "CREDIT_CARD", startTime: "2016-07-22T04:24:04Z" },
  },
  {
    kind: "TrackingTag",
    inputs: {
      accountId: ACCOUNT, lineItemId: "fdwcl", trackingTagType: "IMPRESSION_TAG",
      trackingTagUrl: "https://ad.doubleclick.net/ddm/trackimp/N1234.2061500TWITTER-OFFICIAL/B9156151.125630439;dc_trk_aid=1355;dc_trk_cid=8675309",
    },
    update: { trackingTagUrl: "https://ad.doubleclick.net/ddm/trackimp/N1234.2061500TWITTER-OFFICIAL/B9156151.125630439;dc_trk_aid=1355;dc_trk_cid=1" },
    // The PUT's recording answers the URL the tag was created with.
    updated: { trackingTagUrl: "https://ad.doubleclick.net/ddm/trackimp/N1234.2061500TWITTER-OFFICIAL/B9156151.125630439;dc_trk_aid=1355;dc_trk_cid=8675309" },
  },
  { kind: "PromotedTweet", inputs: { accountId: ACCOUNT, lineItemId: "8v7jo", tweetId: "822333526255120384" } },
  {
    kind: "Card",
    inputs: {
      accountId: ACCOUNT, name: "components create cards",
      components: [
        { type: "MEDIA", mediaKey: "3_1323490622599176192" },
        { type: "BUTTON", label: { type: "ENUM", value: "INSTALL" }, destination: { type: "APP", countryCode: "US", googleplayAppId: "com.twitter.android" } },
      ],
    },
    live: {
      name: "deep link",
      components: [
        { type: "SWIPEABLE_MEDIA", mediaKeys: ["3_1073727809120419840", "3_1075096386931052545"] },
        {
          type: "BUTTON", label: { type: "ENUM", value: "OPEN" },
          destination: { type: "APP", countryCode: "US", googleplayAppId: "com.twitter.android", googleplayDeepLink: "twitter://user?screen_name=apimctestface" },
        },
      ],
    },
    update: { name: "changed name" },
    // The PUT's recording holds one image of the two.
    updated: {
      components: [
        { type: "SWIPEABLE_MEDIA", mediaKeys: ["3_1075096386931052545"] },
        {
          type: "BUTTON", label: { type: "ENUM", value: "OPEN" },
          destination: { type: "APP", countryCode: "US", googleplayAppId: "com.twitter.android", googleplayDeepLink: "twitter://user?screen_name=apimctestface" },
        },
      ],
    },
  },
  {
    kind: "Card",
    variant: "MEDIA components answered with media_metadata",
    inputs: {
      accountId: ACCOUNT, name: "components create cards",
      components: [
        { type: "MEDIA", mediaKey: "3_1323490622599176192" },
        { type: "BUTTON", label: { type: "ENUM", value: "INSTALL" }, destination: { type: "APP", countryCode: "US", googleplayAppId: "com.twitter.android" } },
      ],
    },
    // The SDKs' recordings of GET cards: a video and details; the MEDIA component carries media_metadata, which no program declares.
    live: {
      name: "website carousel",
      components: [{ type: "MEDIA", mediaKey: "13_794652834998325248" }, { type: "DETAILS", title: "Twitter", destination: { type: "WEBSITE", url: "https://www.dell.de/" } }],
    },
    options: { answers: { "GET /12/accounts/:account_id/cards": { variant: "media_metadata" }, "GET /12/accounts/:account_id/cards/:card_id": { variant: "media_metadata" } } },
  },
  {
    kind: "ImageConversationCard",
    inputs: {
      accountId: ACCOUNT, name: "image conversation card", title: "Full moon", firstCta: "#moon", firstCtaTweet: "stars",
      thankYouText: "thanks", mediaKey: "3_957113581522141184",
    },
    update: { name: "moon card" },
    // The card is read again after the PUT (which answers only the name, ids and times): the GET's recording has the old name.
    updated: { name: "image conversation card" },
  },
  {
    kind: "VideoConversationCard",
    inputs: {
      accountId: ACCOUNT, name: "video conversation card", title: "Developers", firstCta: "#APIs", firstCtaTweet: "Ads API",
      thankYouText: "Build it", mediaKey: "13_958388276489895936",
    },
    update: { name: "developers card" },
    // The card is read again after the PUT: the GET's recording has the old name.
    updated: { name: "video conversation card" },
  },
  {
    kind: "VideoConversationCard",
    variant: "a declared poster, answered as poster_media_url only",
    // The recordings were made without a poster (their poster_media_url is the first frame's): what is replayed is that no answer holds poster_media_key.
    inputs: {
      accountId: ACCOUNT, name: "video conversation card", title: "Developers", firstCta: "#APIs", firstCtaTweet: "Ads API",
      thankYouText: "Build it", mediaKey: "13_958388276489895936", posterMediaKey: "3_958388276489895936",
    },
    update: { name: "developers card" },
    updated: { name: "video conversation card" },
  },
  { kind: "PromotedAccount", inputs: { accountId: ACCOUNT, lineItemId: "9bpb2", userId: AUTHOR } },
  {
    kind: "LineItemCuratedCategory",
    inputs: { accountId: ACCOUNT, lineItemId: "iqwka", curatedCategoryId: "9ddrgesiap6o" },
    update: { curatedCategoryId: "8tujl1p3yn0g" },
  },
  {
    kind: "TargetingCriterion",
    inputs: { accountId: ACCOUNT, lineItemId: "6f9an", targetingType: "LOCATION", targetingValue: "5122804691e5fecc" },
    // The list by line item records a custom audience criterion; the single GET a keyword.
    live: { targetingType: "CUSTOM_AUDIENCE", targetingValue: "249yj" },
  },
  {
    kind: "DraftTweet",
    inputs: { accountId: ACCOUNT, asUserId: AUTHOR, text: "Just setting up my X." },
    live: { text: "#TwitterDev", cardUri: "card://958225772740714496" },
    update: { text: "just setting up my twttr" },
    // The PUT's recording is of a draft without a card.
    updated: { cardUri: undefined },
  },
  {
    kind: "ScheduledTweet",
    at: "2017-10-09T17:16:24Z",
    inputs: { accountId: ACCOUNT, asUserId: AUTHOR, scheduledAt: "2018-01-01T00:00:00Z", mediaKeys: ["3_917438348871983104"] },
    update: { text: "winter solstice" },
    // The PUT's recording is of another scheduled Tweet (no media, the solstice).
    updated: { scheduledAt: "2017-12-21T00:00:00Z", mediaKeys: undefined },
  },
  {
    kind: "Tweet",
    variant: "an id beyond 2^53 through create and refresh",
    inputs: { accountId: ACCOUNT, asUserId: AUTHOR, text: "hello, world" },
    // GET tweets records another Tweet of the same author.
    live: { text: "hello, v6" },
    update: { name: "new Tweet name" },
    // The PUT's recording is of another user's Tweet.
    updated: { asUserId: "3271358660", text: "hello" },
  },
  { kind: "ScheduledPromotedTweet", inputs: { accountId: ACCOUNT, lineItemId: "8xdpe", scheduledTweetId: "870358555227860992" } },
  { kind: "MediaCreative", inputs: { accountId: ACCOUNT, accountMediaId: "10miy", lineItemId: "8v7jo" } },
  {
    kind: "SandboxAccount",
    inputs: { name: "API McTestface 2", industryType: "TECHNOLOGY" },
    // GET accounts records the account before its rename, without an industry.
    live: { name: "API McTestface", industryType: undefined },
    update: { name: "API McTestface 3" },
    // The PUT's recording is of the rename to "API McTestface 2".
    updated: { name: "API McTestface 2", industryType: "TECHNOLOGY" },
  },
  {
    kind: "AccountFeatures",
    inputs: { accountId: ACCOUNT, featureKeys: ["CONVERSATION_CARD"] },
    // A key the account does not have is added (POST), one it has removed (DELETE).
    update: { featureKeys: ["CPI_CHARGING"] },
    adopts: false,
  },
  {
    kind: "TaxSettings",
    // The PUT's address_name is answered as address_company.
    inputs: { accountId: ACCOUNT, addressName: "ABC, Co.", taxId: "GB896391250" },
    // The GET's recording has another company name.
    live: { addressName: "ABC, Inc." },
    update: { taxCategory: "BUSINESS_NO_VAT" },
    // The PUT's recording is of a change of the company name only.
    updated: { addressName: "ABC, Co.", taxCategory: "BUSINESS_WITH_VAT" },
    adopts: false,
  },
  {
    kind: "UserSettings",
    inputs: { accountId: ACCOUNT, userId: AUTHOR, notificationEmail: "user@domain.com" },
    update: { notificationEmail: "ads@domain.com" },
    // The PUT's recording answers the address the settings had.
    updated: { notificationEmail: "user@domain.com" },
    adopts: false,
  },
  {
    kind: "UserSettings",
    variant: "the authenticated user's",
    inputs: { accountId: ACCOUNT, notificationEmail: "user@domain.com" },
    adopts: false,
  },
  {
    kind: "CustomAudience",
    inputs: { accountId: ACCOUNT, name: "developers" },
    // The list GET (reads and adoption) records another audience.
    live: { name: "twurl-using-subshell-for-file" },
    update: { name: "developers_changed" },
  },
  {
    kind: "CustomAudienceMembers",
    // The recorded upload answers success_count 4 of 4: four users are sent.
    inputs: {
      accountId: ACCOUNT, customAudienceId: "1nmth", effectiveAt: "2018-05-15T00:00:00Z", expiresAt: "2019-01-01T07:00:00Z",
      users: [{ email: [sha("a@example.com")] }, { email: [sha("b@example.com")] }, { handle: [sha("apimctestface")] }, { platformId: [sha("756201191646691328")] }],
    },
    at: "2018-05-01T00:00:00Z",
    adopts: false,
  },
  {
    kind: "DoNotReachList",
    inputs: { accountId: ACCOUNT, description: "A list of users to exclude" },
    options: { answers: { "GET /12/accounts/:account_id/do_not_reach_lists": { body: theListCreated } } },
    live: { description: "test DNRL" },
    adopted: { description: "test DNRL" },
  },
  {
    kind: "DoNotReachListMembers",
    // The recorded upload answers success_count 2 of 2.
    inputs: { accountId: ACCOUNT, doNotReachListId: "4ofrq", users: [{ email: [sha("a@example.com")] }, { phoneNumber: [sha("14155552671")] }], expiresAt: "2023-01-22T00:00:00Z" },
    at: "2022-02-09T00:00:00Z",
    options: { answers: { "GET /12/accounts/:account_id/do_not_reach_lists": { body: theListCreated } } },
    adopts: false,
  },
  {
    kind: "FlexibleAudience",
    inputs: {
      accountId: ACCOUNT, name: "my_flexible_audience_name", audienceType: "FLEXIBLE",
      segments: {
        booleanOperator: "AND",
        childSegments: [
          { customAudienceId: "tyif", frequency: 1, frequencyComparator: "NUM_GT", lookbackWindow: 30, negate: true },
          {
            booleanOperator: "OR",
            childSegments: [
              { customAudienceId: "txr1", lookbackWindow: 30, negate: false },
              { customAudienceId: "tyfo", frequency: 1, frequencyComparator: "NUM_GT", lookbackWindow: 30, negate: true },
            ],
          },
        ],
      },
    },
    // GET custom_audiences records CRM audiences only; a flexible one is the same record with audience_type FLEXIBLE (the batch answer).
    options: { answers: { "GET /12/accounts/:account_id/custom_audiences": { body: asFlexible }, "GET /12/accounts/:account_id/custom_audiences/:custom_audience_id": { body: asFlexible } } },
    live: { name: "twurl-using-subshell-for-file" },
  },
  { kind: "CustomAudiencePermission", inputs: { accountId: ACCOUNT, customAudienceId: "2906h", grantedAccountId: "18ce54aymz3", permissionLevel: "READ_ONLY" } },
  { kind: "TailoredAudiencePermission", inputs: { accountId: ACCOUNT, tailoredAudienceId: "2906h", grantedAccountId: "18ce54aymz3", permissionLevel: "READ_ONLY" } },
];

/** Kinds the replay leaves out, and why. */
export const NOT_REPLAYED: Readonly<Record<string, string>> = {};

type Entity = Record<string, unknown>;

/** The one record of an answer (`data`, or a list's first). */
function recordOf(body: unknown): Entity | undefined {
  const data = (body as { data?: unknown } | undefined)?.data;
  return (Array.isArray(data) ? data[0] : data) as Entity | undefined;
}

/** What a recorded request sent besides its path: the answer's echo (`request.params`, typed as the platform read it), else the example's query. */
function sentParams(entry: CorpusEntry): Entity {
  const echo = (entry.response.body as { request?: { params?: unknown } } | undefined)?.request?.params;
  const inPath = new Set([...entry.endpoint.matchAll(/:(\w+)/g)].map((m) => m[1]!));
  const params = echo && typeof echo === "object" ? (echo as Entity) : Object.fromEntries(new URL(entry.request.example.split(" ")[1]!).searchParams);
  return Object.fromEntries(Object.entries(params).filter(([k]) => !inPath.has(k)));
}

/**
 * The default case of a kind with a collection: the program that declares
 * what its POST's recording answers, and (`live`) what its list's recording
 * holds where that differs (its parent ids but the created ones). Where the
 * kind updates in place (collectionCalls.update), the change is what its
 * PUT's recording sends (`update`, the updatable fields it sets to other
 * values), and `updated` what that recording answers where it differs. A
 * record becomes inputs as adoption reads a live entity
 * (ResourceDefinition.adoptedOf), kept to the kind's inputs: no second
 * mapping of wire names. Undefined where the corpus has no POST of the
 * collection.
 */
export function derivedCase(kind: string): ResourceCase | undefined {
  const def = definitionOf(kind);
  if (!def.collection) return undefined;
  const path = `/12/accounts/${ACCOUNT}/${def.collection}`;
  const created = recordOf(entryFor("POST", path)?.response.body);
  if (!created) return undefined;
  const own = new Set(def.fields.inputs.filter((f) => !["accountId", "adoptId", "deletionProtection"].includes(f)));
  const asInputs = (entity: Entity, declared: Entity = {}) =>
    Object.fromEntries(Object.entries(def.adoptedOf(declared, entity as Entity & { id: string })).filter(([f, v]) => own.has(f) && v !== undefined));
  const inputs = { accountId: ACCOUNT, ...asInputs(created), ...(def.fields.inputs.includes("deletionProtection") ? { deletionProtection: false } : {}) };
  // A kind read by id (collectionCalls.readOne: the list's records lack fields) is read as its GET of one answers.
  const readOne = def.collectionCalls?.readOne === true;
  const listed = recordOf(entryFor("GET", readOne ? `${path}/${String(created.id)}` : path)?.response.body);
  const read = listed ? asInputs(listed, inputs) : {};
  const differs = (a: Entity, b: Entity) => Object.fromEntries(Object.entries(a).filter(([f, v]) => JSON.stringify(v) !== JSON.stringify(b[f])));
  // The replay answers an entity read again with the `*_id` fields of its first answer (replay.ts): those stay the created ones.
  const live = Object.fromEntries(Object.entries(differs(read, inputs)).filter(([f]) => !def.fields.wire(f).endsWith("_id")));
  const put = def.collectionCalls?.update ? entryFor("PUT", `${path}/${created.id as string}`) : undefined;
  let changes: Pick<ResourceCase, "update" | "updated"> = {};
  if (put) {
    const before = { ...inputs, ...live };
    const record = { ...(listed ?? created), ...sentParams(put) };
    const update = Object.fromEntries(Object.entries(differs(asInputs(record, before), before)).filter(([f]) => def.fields.updatable.includes(f)));
    const answered = recordOf(put.response.body);
    const updated = answered ? Object.fromEntries(Object.entries(differs(asInputs(answered, { ...before, ...update }), { ...before, ...update })).filter(([f]) => !def.fields.wire(f).endsWith("_id"))) : {};
    // A recording that sends no other value (a PUT of the created values) makes no change to replay: a written case must give one.
    if (Object.keys(update).length > 0) changes = { update, ...(Object.keys(updated).length > 0 ? { updated } : {}) };
  }
  return { kind, variant: `derived from its recordings (POST, ${readOne ? "GET of one" : "list"}${put ? ", PUT" : ""})`, inputs, ...(Object.keys(live).length > 0 ? { live } : {}), ...changes };
}

/** Every kind's cases: those written by hand, and the derived case of each kind of the registry without one. */
export const RESOURCE_CASES: readonly ResourceCase[] = [
  ...WRITTEN_CASES,
  ...Object.keys(RESOURCES).filter((k) => !WRITTEN_CASES.some((c) => c.kind === k) && !NOT_REPLAYED[k]).flatMap((k) => derivedCase(k) ?? []),
];

type Json = Record<string, unknown>;

/** An account has one do-not-reach list: the list GET answers it as the one the replay created (4ofrq, the POST's recording). */
function theListCreated(body: Json): Json {
  const [list] = body.data as Json[];
  return { ...body, data: [{ ...list, id: "4ofrq" }] };
}

/** A recorded CRM audience as the flexible audience it is read as. */
function asFlexible(body: Json): Json {
  const flexible = (r: Json) => ({ ...r, audience_type: "FLEXIBLE", targetable_types: ["FLEXIBLE", "EXCLUDED_FLEXIBLE"] });
  return { ...body, data: Array.isArray(body.data) ? (body.data as Json[]).map(flexible) : flexible(body.data as Json) };
}

// ------------------------------------------------------- data sources ---

export interface DataSourceCase {
  /** The data source (the SDK's name) and its layer. */
  name: string;
  /** The call, through the replay's context (provider layer) or the SDK's own configuration (SDK layer). */
  run: (ctx: Context, app: AppCredentials) => Promise<unknown>;
  /** What the recorded answers read as (toMatchObject). */
  expected: unknown;
}

const APP = (transport: AppCredentials["transport"]): AppCredentials => ({ consumerKey: "ck", consumerSecret: "cs", baseUrl: "https://api.x.com", transport });
export { APP as replayApp };

/**
 * Reference data is kept on disk across runs (reference-cache.ts): each read
 * gets an empty cache of its own, so it reads the recordings, and the
 * recordings never land in the user's cache for the sandbox's address.
 */
async function withFreshCache<T>(read: (cache: ReferenceCacheOptions) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "xads-replay-reference-"));
  try {
    return await read({ env: { XDG_CACHE_HOME: dir } });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The criteria of the reference's audience_estimate example request. */
const ESTIMATE_CRITERIA = [
  { targetingType: "BROAD_KEYWORD", targetingValue: "nba", operatorType: "EQ" },
  { targetingType: "BROAD_KEYWORD", targetingValue: "tech", operatorType: "NE" },
  { targetingType: "LOCATION", targetingValue: "96683cc9126741d1", operatorType: "EQ" },
  { targetingType: "SIMILAR_TO_FOLLOWERS_OF_USER", targetingValue: "14230524" },
  { targetingType: "SIMILAR_TO_FOLLOWERS_OF_USER", targetingValue: "90420314" },
];

/** The provider's reads behind each data source (provider/data-sources.ts). */
export const PROVIDER_SOURCE_CASES: readonly DataSourceCase[] = [
  {
    name: "getAccounts (listAccounts)", run: (ctx) => listAccounts(ctx),
    expected: [{ id: ACCOUNT, name: "API McTestface", timezone: "America/Los_Angeles", approvalStatus: "ACCEPTED" }],
  },
  {
    name: "getFundingInstruments (listFundingInstruments)", run: (ctx) => listFundingInstruments(ctx, ACCOUNT),
    expected: [{ id: "lygyi", accountId: ACCOUNT, currency: "USD", type: "CREDIT_CARD", entityStatus: "ACTIVE", ableToFund: true, description: "Visa ending in 0650" }],
  },
  {
    name: "getPromotableUsers (listPromotableUsers)", run: (ctx) => listPromotableUsers(ctx, { accountId: ACCOUNT }),
    expected: [{ id: "l310s", accountId: ACCOUNT, userId: AUTHOR, promotableUserType: "FULL" }],
  },
  {
    name: "getContentCategories (listContentCategories)", run: (ctx) => withFreshCache((cache) => listContentCategories(ctx, cache)),
    expected: [
      { id: "ru", name: "Automotive (Cars, Trucks, Racing)", iabCategories: ["IAB2"], publishersInLastThirtyDays: 12, videosMonetizedInLastThirtyDays: 316 },
      { id: "sk", iabCategories: ["IAB1-4"] }, { id: "sl", iabCategories: ["IAB25-1"] },
    ],
  },
  {
    name: "getCuratedCategories (listCuratedCategories)", run: (ctx) => listCuratedCategories(ctx, { accountId: ACCOUNT, countryCodes: ["US"] }),
    expected: [
      { id: "929wbl6ymlfk", name: "Basketball", countryCodes: ["US"], publisherUserIds: ["20265254", "378174762", "900368808"], videosMonetizedInLastThirtyDays: 2446 },
      { name: "Gaming Personalities" }, { name: "Baseball" },
    ],
  },
  {
    name: "getBiddingRules (listBiddingRules)", run: (ctx) => withFreshCache((cache) => listBiddingRules(ctx, { currency: "USD" }, cache)),
    expected: [{ currency: "USD", minimumCpeBidLocalMicro: 10000, maximumCpeBidLocalMicro: 1000000000, minimumDenomination: 10000 }],
  },
  {
    name: "getPlacements (listPlacements)", run: (ctx) => withFreshCache((cache) => listPlacements(ctx, { productType: "PROMOTED_ACCOUNT" }, cache)),
    expected: [{ productType: "PROMOTED_ACCOUNT", placements: [["ALL_ON_TWITTER"], ["TWITTER_TIMELINE"]] }],
  },
  {
    name: "getAuthenticatedUserAccess (readAuthenticatedUserAccess)", run: (ctx) => readAuthenticatedUserAccess(ctx, { accountId: ACCOUNT }),
    expected: { accountId: ACCOUNT, userId: "2417045708", permissions: ["ACCOUNT_ADMIN", "TWEET_COMPOSER"] },
  },
  {
    name: "getAccountMedia (listAccountMedia)", run: (ctx) => listAccountMedia(ctx, ACCOUNT, ["PREROLL"]),
    expected: [{ id: "3wpx", creativeType: "PREROLL", videoId: "13_771791717175468032", mediaUrl: null }],
  },
  {
    name: "getAccountFeatures (listAccountFeatures)", run: (ctx) => listAccountFeatures(ctx, ACCOUNT, ["CONVERSATION_CARD", "CPI_CHARGING"]),
    expected: ["CONVERSATION_CARD"],
  },
  {
    name: "getCustomAudiences (listCustomAudiences)", run: (ctx) => listCustomAudiences(ctx, ACCOUNT),
    expected: [{ id: "1nmth", name: "twurl-using-subshell-for-file", ownerAccountId: ACCOUNT, permissionLevel: "READ_WRITE", isOwner: true }],
  },
  {
    name: "getAudienceTargetedLineItems (listAudienceTargeting)", run: (ctx) => listAudienceTargeting(ctx, ACCOUNT, "2906h"),
    // The platform's flat rows: one per campaign, its line items inside.
    expected: [
      { campaignId: "59hod", campaignName: "test-campaign", lineItems: [{ id: "5gzog", name: "test-line-item", servable: true }] },
      { campaignId: "arja7", campaignName: "Untitled campaign", lineItems: [{ id: "bjw1q", name: null, servable: true }] },
    ],
  },
  {
    name: "getWebhooks (listWebhooks)",
    // The bearer token is asked for (POST oauth2/token) and cached in a folder of the test's own.
    run: async (_ctx, app) => {
      const cache = mkdtempSync(join(tmpdir(), "xads-replay-"));
      try {
        return await listWebhooks(app, { XDG_CACHE_HOME: cache });
      } finally {
        rmSync(cache, { recursive: true, force: true });
      }
    },
    expected: [{ id: "1234567890", url: "https://yourdomain.com/webhooks/twitter", valid: true, createdAt: "2025-01-15T12:00:00.000Z" }],
  },
  {
    name: "getAudienceEstimate (estimateAudience)", run: (ctx) => estimateAudience(ctx, ACCOUNT, ESTIMATE_CRITERIA),
    expected: { audienceSize: { min: 38236294, max: 42261167 } },
  },
  {
    // The list (no changes), then each recommendation by id for its tree of changes.
    name: "getRecommendations (listRecommendations)", run: (ctx) => listRecommendations(ctx, { accountId: ACCOUNT, fundingInstrumentId: "gpvzb" }),
    expected: [{
      id: "62ce8zza1q0w", accountId: ACCOUNT, fundingInstrumentId: "gpvzb", status: "PENDING", message: "Recommendation for testing",
      changes: [{
        entityType: "campaigns", operationType: "Update", params: { id: "64m0d", dailyBudgetAmountLocalMicro: 2200000, totalBudgetAmountLocalMicro: 12000000 },
        dependentEntities: [{ entityType: "line_items", operationType: "Update", params: { id: "6f5kq", bidAmountLocalMicro: 1430000 } }],
      }],
    }],
  },
  {
    name: "getTweetPreviews (listTweetPreviews)", run: (ctx) => listTweetPreviews(ctx, { accountId: ACCOUNT, tweetIds: ["1122911801354510336", "1102836745790316550"], tweetType: "PUBLISHED" }),
    expected: [
      { tweetId: "1122911801354510336", preview: expect.stringMatching(/^<iframe class='tweet-preview' src='https:\/\/ton\.twimg\.com\/ads-manager\/tweet-preview\/index\.html\?data=/) },
      // The replay answers each record under an id of the request (replay.ts): the second's own id is not kept.
      { preview: expect.stringMatching(/^<iframe /) },
    ],
  },
  {
    name: "xads draft-preview (sendDraftPreview)", run: (ctx) => sendDraftPreview(ctx, { accountId: ACCOUNT, draftTweetId: "996132315829948416" }),
    expected: { accountId: ACCOUNT, draftTweetId: "996132315829948416", message: "See @apimctestface's notifications in the X app to preview your Tweet." },
  },
  {
    name: "getKeywordInsights (readKeywordInsights)",
    run: (ctx) => readKeywordInsights(ctx, { granularity: "DAY", keywords: ["developers"], startTime: "2018-02-01", endTime: "2018-02-02" }),
    expected: { tweetVolume: [15707], relatedKeywords: ["dev", "developer", "coders"] },
  },
  {
    name: "getAccountApps (listAccountApps)", run: (ctx) => listAccountApps(ctx, { accountId: ACCOUNT }),
    expected: [{ id: "4x", appStoreIdentifier: "com.twitter.android", osType: "Android", deepLinkPattern: "twitter://", conversionTrackingEnabled: false }],
  },
  {
    name: "getAdvertiserBusinessCategories (listAdvertiserBusinessCategories)", run: (ctx) => withFreshCache((cache) => listAdvertiserBusinessCategories(ctx, cache)),
    expected: [{ id: "1jl", name: "Consumer Packaged Goods", iabCategories: ["IAB9-26", "IAB9-18", "IAB9-29"] }, { id: "1jm", iabCategories: ["IAB7"] }, { id: "1jn" }],
  },
  {
    name: "getPublishers (listPublishers)", run: (ctx) => withFreshCache((cache) => listPublishers(ctx, cache)),
    expected: [
      { userId: "1353868435021721602", username: "PeoplesSports", contentCategoryIds: ["se"], monetizableCountryCodes: ["US"], promotionEligibleCountryCodes: ["US"], monetizationRestricted: true },
      { username: "NewYork_Jack" }, { username: "twispatv" },
    ],
  },
];

/**
 * The SDK's data sources (sdk/data-sources.ts), which add the stack's
 * account and their own filters: the client they reach through the
 * configuration is the replay's (replay.test.ts registers it first).
 */
export const SDK_SOURCE_CASES: readonly DataSourceCase[] = [
  { name: "getAccounts", run: () => sdk.getAccounts(), expected: [{ id: ACCOUNT, name: "API McTestface" }] },
  { name: "getAccount", run: () => sdk.getAccount(), expected: { id: ACCOUNT, name: "API McTestface" } },
  { name: "getFundingInstruments", run: () => sdk.getFundingInstruments({ currency: "USD" }), expected: [{ id: "lygyi", currency: "USD" }] },
  { name: "getFundingInstrument", run: () => sdk.getFundingInstrument({ currency: "USD" }), expected: { id: "lygyi", entityStatus: "ACTIVE" } },
  { name: "getPromotableUsers", run: () => sdk.getPromotableUsers(), expected: [{ userId: AUTHOR, accountId: ACCOUNT }] },
  { name: "getContentCategories", run: () => sdk.getContentCategories(), expected: [{ id: "ru" }, { id: "sk" }, { id: "sl" }] },
  { name: "getCuratedCategories", run: () => sdk.getCuratedCategories({ countryCodes: ["US"] }), expected: [{ name: "Basketball" }, { name: "Gaming Personalities" }, { name: "Baseball" }] },
  { name: "getBiddingRules", run: () => sdk.getBiddingRules({ currency: "USD" }), expected: [{ currency: "USD", minimumCpeBidLocalMicro: 10000 }] },
  { name: "getPlacements", run: () => sdk.getPlacements({ productType: "PROMOTED_ACCOUNT" }), expected: [{ productType: "PROMOTED_ACCOUNT" }] },
  { name: "getAuthenticatedUserAccess", run: () => sdk.getAuthenticatedUserAccess(), expected: { accountId: ACCOUNT, userId: "2417045708" } },
  { name: "getAccountMedia", run: () => sdk.getAccountMedia({ creativeTypes: ["PREROLL"] }), expected: [{ id: "3wpx", videoId: "13_771791717175468032" }] },
  { name: "getAccountFeatures", run: () => sdk.getAccountFeatures({ featureKeys: ["CONVERSATION_CARD"] }), expected: { accountId: ACCOUNT, featureKeys: ["CONVERSATION_CARD"] } },
  { name: "getCustomAudiences", run: () => sdk.getCustomAudiences(), expected: [{ id: "1nmth", isOwner: true }] },
  {
    name: "getAudienceTargetedLineItems", run: () => sdk.getAudienceTargetedLineItems({ customAudienceId: "2906h" }),
    expected: [{ campaignId: "59hod", lineItems: [{ id: "5gzog" }] }, { campaignId: "arja7", lineItems: [{ id: "bjw1q" }] }],
  },
  { name: "getRecommendations", run: () => getRecommendations({ fundingInstrumentId: "gpvzb" }), expected: [{ id: "62ce8zza1q0w", accountId: ACCOUNT, changes: [{ entityType: "campaigns" }] }] },
  {
    name: "getTweetPreviews", run: () => getTweetPreviews({ tweetIds: ["1122911801354510336", "1102836745790316550"], tweetType: "PUBLISHED" }),
    expected: [{ tweetId: "1122911801354510336", preview: expect.stringMatching(/^<iframe class='tweet-preview'/) }, { preview: expect.any(String) }],
  },
  {
    name: "getKeywordInsights", run: () => sdkReference.getKeywordInsights({ granularity: "DAY", keywords: ["developers"], startTime: "2018-02-01", endTime: "2018-02-02" }),
    expected: { tweetVolume: [15707] },
  },
  { name: "getAccountApps", run: () => sdkReference.getAccountApps(), expected: [{ id: "4x", osType: "Android" }] },
  { name: "getAdvertiserBusinessCategories", run: () => sdkReference.getAdvertiserBusinessCategories(), expected: [{ id: "1jl" }, { id: "1jm" }, { id: "1jn" }] },
  { name: "getPublishers", run: () => sdkReference.getPublishers(), expected: [{ userId: "1353868435021721602" }, { username: "NewYork_Jack" }, { username: "twispatv" }] },
  { name: "getAudienceEstimate", run: () => getAudienceEstimate({ targetingCriteria: [...ESTIMATE_CRITERIA] }), expected: { audienceSize: { min: 38236294, max: 42261167 } } },
];

// ------------------------------------------------------ xads auth ---

/** The OAuth steps of `xads auth` (cli/auth), through the application's transport. */
export const AUTH_CASES: readonly { name: string; run: (app: AppCredentials) => Promise<unknown>; expected: unknown }[] = [
  { name: "xads auth login, step 1 (requestToken)", run: (app) => requestToken(app), expected: { key: "Z6eEdO8MOmk394WozF5oKyuAv855l4Mlqo7hhlSLik" } },
  {
    name: "xads auth login, step 3 (exchangePin)",
    run: (app) => exchangePin(app, { key: "9Npq8AAAAAAAx72QBRABZ4DAfY9", secret: "request-token-secret" }, "4868795"),
    expected: { key: "6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY", userId: "6253282", screenName: "xapi" },
  },
  { name: "xads auth logout (invalidateAccessToken)", run: async (app) => invalidateAccessToken(app, { key: "6253282-eWudHldSbIaelX7swmsiHImEL4KinwaGloHANdrY", secret: "s" }), expected: undefined },
  { name: "xads auth app-token --revoke (invalidateBearerToken)", run: async (app) => invalidateBearerToken(app, "AAAA%2FAAA%3DAAAAAAAA"), expected: undefined },
];

/** SDK data sources the SDK layer does not replay, and why. */
export const SDK_NOT_REPLAYED: Readonly<Record<string, string>> = {
  getWebhooks: "reaches the platform API through platform-auth with the application's keys, not through the Ads API client: listWebhooks, all it adds to, is replayed above",
};
