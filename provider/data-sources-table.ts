/**
 * The data sources of the SDK (its exported `get*` functions), as
 * docs/data-sources/ shows them: what each answers, its arguments with
 * their limits, and the endpoint it reads. The generator writes the page
 * from this table; a unit test fails while an exported `get*` function has
 * no entry here, naming it.
 */
import { AUDIENCE_ESTIMATE, ENUMS, LIMITS, RECOMMENDATIONS, TWEET_PREVIEWS } from "./limits";

export interface DataSourceArg {
  name: string;
  type: string;
  description: string;
  limits?: string;
}

export interface DataSourceDoc {
  summary: string;
  /** The platform call(s), as the reference names them. */
  endpoint: string;
  /** The TypeScript type of the promise's value. */
  returns: string;
  args: DataSourceArg[];
  /** A program using it (compiled by tests/unit/docs-compile.test.ts), and the names it is given. */
  example?: string;
  given?: string;
}

const account: DataSourceArg = { name: "accountId?", type: "string", description: "The ads account (default: `xads:accountId`)." };
/** A currency argument's limit (common.ts currencyCode: the list of ref fundamentals/currency.mdx). */
const CURRENCIES = `one the Ads API recognizes: ${ENUMS.currency.join(", ")}`;
const keptADay = "A global read the platform allows few times per 15 minutes: the answer is kept a day in `~/.cache/pulumi-xads/reference` (`XDG_CACHE_HOME`), so previews do not spend the limit.";

export const DATA_SOURCES = {
  getAccounts: {
    summary: "The ads accounts the configured credentials reach, optionally those whose name starts with a prefix.",
    endpoint: "GET accounts",
    returns: "AccountInfo[]",
    args: [{ name: "namePrefix?", type: "string", description: "Only accounts whose name starts with it (the platform's `q`)." }],
  },
  getAccount: {
    summary: "One account by id; fails when the credentials do not reach it.",
    endpoint: "GET accounts",
    returns: "AccountInfo",
    args: [account],
  },
  getFundingInstruments: {
    summary: "The live funding instruments of an account, optionally of one currency.",
    endpoint: "GET accounts/:account_id/funding_instruments",
    returns: "FundingInstrumentInfo[]",
    args: [account, { name: "currency?", type: "string", description: "ISO-4217 code: only the instruments of this currency.", limits: CURRENCIES }],
  },
  getFundingInstrument: {
    summary: "Exactly one funding instrument: by id, or the only active one (of a currency); fails naming the candidates when there are several.",
    endpoint: "GET accounts/:account_id/funding_instruments",
    returns: "FundingInstrumentInfo",
    args: [account, { name: "id?", type: "string", description: "The instrument's id." }, { name: "currency?", type: "string", description: "ISO-4217 code.", limits: CURRENCIES }],
    example: [
      'const usd = pulumi.output(xads.getFundingInstrument({ currency: "USD" }));   // the one active USD instrument',
      'new xads.Campaign("c", { fundingInstrumentId: usd.id, name: "C", dailyBudgetAmountLocalMicro: 1_000_000 });',
    ].join("\n"),
  },
  getPromotableUsers: {
    summary: "The users whose content the account may promote: `userId`, `promotableUserType` (FULL or RETWEETS_ONLY).",
    endpoint: "GET accounts/:account_id/promotable_users",
    returns: "PromotableUserInfo[]",
    args: [account],
  },
  getContentCategories: {
    summary: `Content categories, each with the \`iabCategories\` a TargetingCriterion of targetingType IAB_CATEGORY targets. ${keptADay}`,
    endpoint: "GET content_categories",
    returns: "ContentCategoryInfo[]",
    args: [],
  },
  getCuratedCategories: {
    summary: "Curated categories available in any of some countries: what a LineItemCuratedCategory attaches.",
    endpoint: "GET accounts/:account_id/curated_categories",
    returns: "CuratedCategoryInfo[]",
    args: [account, {
      name: "countryCodes", type: "string[]", description: "Two-letter ISO country codes, e.g. US.",
      limits: `1 to ${LIMITS.countryCodesPerCuratedCategoriesQuery} codes of ${LIMITS.countryCodeLength} letters`,
    }],
  },
  getBiddingRules: {
    summary: `Minimum and maximum CPE bids (\`minimumCpeBidLocalMicro\`, \`maximumCpeBidLocalMicro\`), of one currency or all. ${keptADay}`,
    endpoint: "GET bidding_rules",
    returns: "BiddingRuleInfo[]",
    args: [{ name: "currency?", type: "string", description: "ISO-4217 code, e.g. USD.", limits: CURRENCIES }],
  },
  getPlacements: {
    summary: `Valid placement sets by product type, or of one. ${keptADay}`,
    endpoint: "GET line_items/placements",
    returns: "PlacementInfo[]",
    args: [{ name: "productType?", type: ENUMS.productType.map((t) => JSON.stringify(t)).join(" | "), description: "Only this product type's sets." }],
  },
  getAuthenticatedUserAccess: {
    summary: "The configured user's `permissions` on the account (ACCOUNT_ADMIN, AD_MANAGER, CREATIVE_MANAGER, CAMPAIGN_ANALYST, ANALYST, PARTNER_AUDIENCE_MANAGER, TWEET_COMPOSER).",
    endpoint: "GET accounts/:account_id/authenticated_user_access",
    returns: "AuthenticatedUserAccessInfo",
    args: [account],
  },
  getWebhooks: {
    summary: "The application's registered webhooks, optionally those of one URL. App-only: it needs only the app's keys (`xads:consumerKey`, `xads:consumerSecret` or the `XADS_*` variables) and `xads:platformBaseUrl` off the real platform, and uses the app's bearer token, cached as `xads auth app-token` caches it.",
    endpoint: "GET 2/webhooks",
    returns: "WebhookInfo[]",
    args: [{ name: "url?", type: "string", description: "Only the webhook of this URL." }],
    example: [
      "async function checkWebhook() {",
      '  const [hook] = await xads.getWebhooks({ url: "https://hooks.example.com/xads" });',
      '  if (!hook?.valid) throw new Error("the webhook is not registered or failed its challenge check");',
      "  return hook.id;",
      "}",
      "export const webhookId = checkWebhook();",
    ].join("\n"),
  },
  getAccountMedia: {
    summary: "The account media of an account, optionally of some creative types: what a MediaCreative's `accountMediaId` names. An asset is named by `videoId` or `mediaUrl`.",
    endpoint: "GET accounts/:account_id/account_media",
    returns: "AccountMediaInfo[]",
    args: [account, { name: "creativeTypes?", type: "string[]", description: "Only these creative types, e.g. PREROLL.", limits: `each one of ${ENUMS.creativeType.join(", ")}` }],
  },
  getAccountFeatures: {
    summary: "The feature keys an account has, optionally only among some; in production and in the sandbox.",
    endpoint: "GET accounts/:account_id/features",
    returns: "{ accountId: string; featureKeys: string[] }",
    args: [account, { name: "featureKeys?", type: "string[]", description: "Only these keys (filtered locally: the platform's filter takes only three)." }],
  },
  getCustomAudiences: {
    summary: "The account's custom audiences: its own (OWNER, the default) or those shared with it (SHARED); each with `ownerAccountId`, `permissionLevel` and `isOwner`.",
    endpoint: "GET accounts/:account_id/custom_audiences",
    returns: "CustomAudienceInfo[]",
    args: [account, { name: "permissionScope?", type: '"OWNER" | "SHARED"', description: "Whose audiences (default OWNER)." }],
  },
  getAudienceTargetedLineItems: {
    summary: "The campaigns and line items that target a custom audience: `{ campaignId, campaignName, lineItems: [{ id, name, servable }] }`.",
    endpoint: "GET accounts/:account_id/custom_audiences/:id/targeted",
    returns: "AudienceTargetingInfo[]",
    args: [account, { name: "customAudienceId", type: "string", description: "The audience." }, { name: "withActive?", type: "boolean", description: "Leave out those that cannot serve (default true)." }],
  },
  getRecommendations: {
    summary: "The platform's campaign recommendations (a closed beta: an account outside it has none), each with its tree of suggested `changes` (`entityType`, `operationType`, `params`, `dependentEntities`). `xads recommendations` maps them onto a stack's resources.",
    endpoint: `GET ${RECOMMENDATIONS.apiVersion}/accounts/:account_id/recommendations`,
    returns: "RecommendationInfo[]",
    args: [account, { name: "fundingInstrumentId?", type: "string", description: "Only the recommendation of this instrument (at most one per instrument)." }],
    example: [
      "async function recommended() {",
      '  const [rec] = await xads.getRecommendations({ fundingInstrumentId: "gpvzb" });',
      '  return (rec?.changes ?? []).map((c) => `${c.operationType ?? "keep"} ${c.entityType} ${String(c.params.id ?? "(new)")}`);',
      "}",
      "export const recommendedChanges = recommended();",
    ].join("\n"),
  },
  getTweetPreviews: {
    summary: "The platform's rendering of posts: one `{ tweetId, preview }` each, `preview` an HTML `<iframe>` to embed as it is. An id with no preview (of another type, unknown, deleted) is left out of the answer, as the platform leaves it out.",
    endpoint: "GET accounts/:account_id/tweet_previews",
    returns: "TweetPreviewInfo[]",
    args: [
      account,
      { name: "tweetIds", type: "string[]", description: "The posts, in decimal digits.", limits: `1 to ${TWEET_PREVIEWS.tweetIdsPerRequest} ids` },
      { name: "tweetType", type: ENUMS.tweetType.map((t) => JSON.stringify(t)).join(" | "), description: "The type of every id." },
    ],
    given: "teaser: xads.DraftTweet",
    example: [
      "export const teaserPreview = teaser.id.apply(async (id) => {",
      '  const [preview] = await xads.getTweetPreviews({ tweetIds: [id], tweetType: "DRAFT" });',
      "  return preview?.preview;   // <iframe class='tweet-preview' src='...'>",
      "});",
    ].join("\n"),
  },
  getKeywordInsights: {
    summary: `The Tweet volume of keywords (\`tweetVolume\`, one number per DAY or HOUR from startTime) and ${LIMITS.keywordInsights.relatedKeywords} \`relatedKeywords\`.`,
    endpoint: "GET insights/keywords/search",
    returns: "KeywordInsights",
    args: [
      { name: "granularity", type: ENUMS.keywordInsightsGranularity.map((t) => JSON.stringify(t)).join(" | "), description: "One tweetVolume number per day or hour of the range." },
      { name: "keywords", type: "string[]", description: "Keywords OR'ed together.", limits: `at most ${LIMITS.keywordInsights.maxKeywords} with negativeKeywords` },
      { name: "startTime", type: "string", description: "ISO 8601 date or date-time." },
      { name: "endTime?", type: "string", description: "ISO 8601 (default: now).", limits: `at most ${LIMITS.keywordInsights.maxRangeDays} days after startTime` },
      { name: "location?", type: "string", description: "A country's targeting value (e.g. 96683cc9126741d1, the United States); the platform refuses a region or city." },
      { name: "negativeKeywords?", type: "string[]", description: "Keywords to exclude, OR'ed together.", limits: `at most ${LIMITS.keywordInsights.maxKeywords} with keywords` },
    ],
    example: [
      "async function volume() {",
      "  const week = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();",
      "  const { tweetVolume, relatedKeywords } = await xads.getKeywordInsights({",
      '    granularity: "DAY", keywords: ["developers", "devs"], negativeKeywords: ["jobs"], startTime: week, location: "96683cc9126741d1",',
      "  });",
      "  return { total: tweetVolume.reduce((a, b) => a + b, 0), relatedKeywords };",
      "}",
      "export const developers = volume();",
    ].join("\n"),
  },
  getAccountApps: {
    summary: "The account's mobile apps (`appStoreIdentifier`, `osType`, `deepLinkPattern`, `conversionTrackingEnabled`): what `androidAppStoreIdentifier` and `iosAppStoreIdentifier` of app objectives' line items name.",
    endpoint: "GET accounts/:account_id/account_apps",
    returns: "AccountAppInfo[]",
    args: [account],
  },
  getAdvertiserBusinessCategories: {
    summary: `Advertiser business categories, each with its \`iabCategories\`: a PREROLL_VIEWS line item's \`categories\` are those of one or two of them. ${keptADay}`,
    endpoint: "GET advertiser_business_categories",
    returns: "AdvertiserBusinessCategoryInfo[]",
    args: [],
    given: "campaign: xads.Campaign",
    example: [
      "async function preroll() {",
      '  const finance = (await xads.getAdvertiserBusinessCategories()).find((c) => c.name === "Financial Services")!;',
      '  return new xads.LineItem("preroll", {',
      '    campaignId: campaign.id, objective: "PREROLL_VIEWS", productType: "MEDIA", placements: ["ALL_ON_TWITTER"],',
      "    categories: finance.iabCategories,",
      "  }).id;",
      "}",
      "export const prerollId = preroll();",
    ].join("\n"),
  },
  getPublishers: {
    summary: `Publishers of content categories: \`userId\`, \`username\`, \`contentCategoryIds\` (ids of getContentCategories), \`monetizableCountryCodes\`, \`promotionEligibleCountryCodes\`, \`monetizationRestricted\`. ${keptADay}`,
    endpoint: "GET publishers",
    returns: "PublisherInfo[]",
    args: [],
  },
  getAudienceEstimate: {
    summary: "The approximate audience of a set of targeting criteria, before a line item targets them: `{ audienceSize: { min, max } }`. The reference's \"Targeting Criteria Combinations\" puts the primary types in a union and ANDs the others; `xads pr-summary` shows it before -> after for each line item whose targeting changes.",
    endpoint: "POST accounts/:account_id/audience_estimate",
    returns: "AudienceEstimate",
    args: [
      account,
      {
        name: "targetingCriteria", type: "AudienceCriterion[]",
        description: "Criteria named as a TargetingCriterion's inputs (`targetingType`, `targetingValue`, `operatorType`); each is checked by the TargetingCriterion rules, and together by a line item's limits.",
        limits: `at least one of a primary type (${AUDIENCE_ESTIMATE.primaryTargetingTypes.join(", ")})`,
      },
      { name: "operatorType?", type: "string", description: "Applies to each criterion that sets none.", limits: AUDIENCE_ESTIMATE.operatorType.join(" or ") },
    ],
    example: [
      "async function reach() {",
      "  const { audienceSize } = await xads.getAudienceEstimate({",
      "    targetingCriteria: [",
      '      { targetingType: "INTEREST", targetingValue: "1001" },',
      '      { targetingType: "LOCATION", targetingValue: "96683cc9126741d1" },',
      "    ],",
      "  });",
      "  return `${audienceSize.min} to ${audienceSize.max} people`;",
      "}",
      "export const estimatedReach = reach();",
    ].join("\n"),
  },
} satisfies Record<string, DataSourceDoc>;
