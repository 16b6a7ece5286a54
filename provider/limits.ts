/**
 * Platform limits, from the official X Ads API v12 reference (cited "ref
 * <file>": xdevplatform/docs x-ads-api/<file>) and, where it is silent, the
 * real platform (docs/real-platform.md). One module, imported by resource validation
 * and the policy pack, so the two can never disagree. The emulator keeps its
 * own table (emulator/platform.ts), which tests/unit/platform-tables.test.ts
 * compares with this one entry by entry.
 */
export const LIMITS = {
  /** Active campaigns per account: 200 by default (ref campaign-management/reference.mdx, POST campaigns). */
  activeCampaignsPerAccount: 200,
  /** ...raisable to 8,000 through the account manager (the same note). */
  activeCampaignsPerAccountRaised: 8000,
  /** Items in one POST /batch/accounts/:id/campaigns (ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns). */
  campaignBatchSize: 40,
  /**
   * Items in one POST /batch/accounts/:id/line_items (xdevplatform/docs
   * x-ads-api/campaign-management/reference.mdx, POST
   * batch/accounts/:account_id/line_items): "The current maximum batch size is 40".
   */
  lineItemBatchSize: 40,
  /** Items in one POST /batch/accounts/:id/custom_audiences (ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences). */
  customAudienceBatchSize: 10,
  /** Identifiers in one IDS list filter ("Up to 200 IDs may be provided": the list GETs of ref campaign-management/reference.mdx). */
  idsPerFilter: 200,
  /** `tweet_ids` in one POST promoted_tweets (ref campaign-management/reference.mdx, POST promoted_tweets). */
  tweetIdsPerPromotedTweetsPost: 50,
  /** `count` of list endpoints (ref campaign-management/reference.mdx, GET accounts and the other lists): 1 to 1000, default 200. */
  count: { min: 1, max: 1000, default: 200 },
  /** `count` of cards and draft Tweets: 1 to 200, default 100. */
  cardCount: { min: 1, max: 200, default: 100 },
  /** `q` search prefix on accounts, campaigns, audiences: 1 to 255. */
  searchQuery: { min: 1, max: 255 },
  /**
   * Audience and do-not-reach user uploads (ref audiences/reference.mdx,
   * POST custom_audiences/:id/users and the do-not-reach upload). Operations are
   * `{operation_type, params}` objects, any number of users each
   * (xdevplatform/docs x-ads-api/audiences/reference.mdx, POST
   * custom_audiences/:id/users: "The batch size is determined by the number
   * of operations").
   */
  audienceUpload: { operationsPerRequest: 2500, bodyBytes: 5_000_000, requestsPerMinute: 1500, expiryMonths: 13 },
  /** Requests with with_total_count=true: 200 per 15 minutes (ref campaign-management/reference.mdx, GET accounts `with_total_count`). */
  withTotalCount: { requests: 200, windowSeconds: 15 * 60 },
  /**
   * Rate limits: the real platform publishes them (X Ads API reference, "Rate limiting":
   * github:xdevplatform/docs, x-ads-api/fundamentals/rate-limiting.mdx); the
   * client plans against the headers, and against these numbers, counting
   * its own requests, until a window's answers report it
   * (client/rate-limit.ts `windowsOf`, `admission`).
   */
  rateLimits: {
    /** POST, PUT, DELETE: one category per user token. */
    writes: { requests: 450, windowSeconds: 60 },
    /** Audience user uploads: per endpoint. */
    audienceUploads: { requests: 1500, windowSeconds: 60 },
    /** Core entity reads (line items, campaigns, ...): per endpoint and ad account. */
    coreEntityReads: { requests: 10_000, windowSeconds: 15 * 60 },
    /** Other GET endpoints with :account_id: per endpoint and ad account. */
    otherAccountReads: { requests: 2000, windowSeconds: 15 * 60 },
    /** Targeting criteria: one category per user token. */
    targetingCriteriaReads: { requests: 400, windowSeconds: 15 * 60 },
    /** Keyword insights (GET insights/keywords/search): no :account_id, yet a category of its own, not a global read. */
    keywordInsights: { requests: 500, windowSeconds: 15 * 60 },
    /** GET endpoints without :account_id (content categories, bidding rules, placements): per endpoint. */
    globalReads: { requests: 5, windowSeconds: 15 * 60 },
  },
  swipeableMedia: { min: 2, max: 6 },
  tweetMedia: { images: 4, gifs: 1, videos: 1 },
  /**
   * A Tweet's text: the Ads reference gives no length; the real platform counts weighted
   * characters (twitter-text's v3 configuration, github:twitter/twitter-text
   * config/v3.json, and the developer docs' "Counting characters"): at most
   * 280, after NFC normalization; a URL counts 23 whatever its length; an
   * emoji (a whole sequence, with its modifiers and joiners) 2; a code point
   * in one of `lightRanges` (Latin, Greek, Cyrillic and the like, some
   * punctuation) 1, any other (CJK, most symbols) 2.
   */
  tweetText: {
    maxWeightedLength: 280,
    urlLength: 23,
    emojiWeight: 2,
    defaultWeight: 2,
    lightRanges: [[0x0000, 0x10ff], [0x2000, 0x200d], [0x2010, 0x201f], [0x2032, 0x2037]],
  },
  flexibleAudienceLeaves: 10,
  flexibleAudienceLookbackWindows: [1, 7, 14, 30] as const,
  /** Text lengths (ref campaign-management/reference.mdx, POST campaigns; ref creatives/reference.mdx, POST cards, tweet and cards/image_conversation). */
  text: {
    campaignName: 255,
    purchaseOrderNumber: 50,
    cardName: 80,
    tweetName: 80,
    cardQuery: 80,
    videoDescription: 200,
    videoTitle: 70,
    ctaHashtag: 20,
    thankYouText: 23,
    conversationCardTitle: 23,
    /**
     * Line item names: the real platform documents `name` (max 255) on POST line_items, as for campaigns.
     */
    lineItemName: 255,
  },
  /**
   * Line items: the real platform's published limits
   * (X Ads API "Campaign management" overview, "Limits" table): at most 100
   * line items per campaign and 8,000 active line items per account.
   */
  lineItemsPerCampaign: 100,
  /**
   * `categories` of a line item: the iab_categories of one or two advertiser
   * business categories (ref campaign-management/reference.mdx, GET
   * advertiser_business_categories), so at least one value. Each business
   * category holds many IAB values (reference.mdx, GET
   * advertiser_business_categories; its POST line_items example sends
   * three): the values alone cannot be counted against "one or two"...
   */
  lineItemCategories: { min: 1 },
  /**
   * ...and of at most two business categories: counted against GET
   * advertiser_business_categories, which dispatch reads for the check of a
   * PREROLL_VIEWS line item (resources/line-item.ts).
   */
  lineItemBusinessCategories: { max: 2 },
  activeLineItemsPerAccount: 8000,
  /** Cards (ref creatives/reference.mdx, POST cards and the conversation cards): components of MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON; media sizes. */
  cards: {
    /** Which destination each component takes: DETAILS a WEBSITE, BUTTON an APP. */
    destinationOf: { DETAILS: "WEBSITE", BUTTON: "APP" } as const,
    /** APP destinations: `country_code` is ISO 3166-1 alpha-2. */
    countryCode: /^[A-Z]{2}$/,
    /** Conversation card CTAs: hashtags of at most LIMITS.text.ctaHashtag characters after the `#`. */
    ctas: ["first", "second", "third", "fourth"] as const,
    hashtag: /^#[\p{L}\p{N}_]+$/u,
    /** Image conversation card image: at least 800 px wide, 1.91:1; its unlocked image 5:2. */
    conversationImage: { minWidth: 800, aspect: 1.91 },
    unlockedImage: { minWidth: 800, aspect: 5 / 2 },
    /** Video conversation card video: 16:9. */
    conversationVideo: { aspect: 16 / 9 },
  },
  /**
   * Reference data (ref campaign-management/reference.mdx): country
   * codes per GET curated_categories (at most 200, two-letter ISO codes),
   * and the currency of GET bidding_rules (ISO-4217, three letters).
   */
  countryCodesPerCuratedCategoriesQuery: 200,
  countryCodeLength: 2,
  currencyCodeLength: 3,
  /**
   * GET insights/keywords/search (xdevplatform/docs
   * x-ads-api/audiences/reference.mdx): at most 10 keywords and negative
   * keywords together, a range (end_time, default now, minus start_time) of
   * at most 7 days; the answer holds 30 related keywords.
   */
  keywordInsights: { maxKeywords: 10, maxRangeDays: 7, relatedKeywords: 30 },
  /**
   * `location` of keyword insights: a targeting value of GET
   * targeting_criteria/locations, country level only. Which values are
   * countries only that endpoint knows (the platform refuses the others);
   * the form is checked: 16 hexadecimal digits in every example of
   * x-ads-api/campaign-management/reference.mdx, GET targeting_criteria/locations.
   */
  locationTargetingValue: /^[0-9a-f]{16}$/,
  /** At most 500 items per POST batch/targeting_criteria (ref campaign-management/reference.mdx, POST batch targeting_criteria). */
  targetingCriteriaBatchSize: 500,
  /**
   * Targeting criteria one line item takes, per group of targeting types
   * "It is only possible to target a single AGE bucket
   * per line item" (xdevplatform/docs x-ads-api/campaign-management/reference.mdx,
   * POST targeting_criteria); the targeting guide (x-ads-api/campaign-management.mdx,
   * "Understanding targeting types"): one event, up to 100 interests, up to
   * 100 users for Similar to Followers Of, up to 2,000 locations, up to 1,000
   * keywords. They speak of what is targeted: exclusions (NE) are not counted.
   */
  targetingPerLineItem: {
    age: { types: ["AGE"], max: 1 },
    event: { types: ["EVENT"], max: 1 },
    interest: { types: ["INTEREST"], max: 100 },
    similarToFollowers: { types: ["SIMILAR_TO_FOLLOWERS_OF_USER"], max: 100 },
    location: { types: ["LOCATION"], max: 2000 },
    keyword: { types: ["BROAD_KEYWORD", "EXACT_KEYWORD", "PHRASE_KEYWORD", "UNORDERED_KEYWORD"], max: 1000 },
  },
  /**
   * Posts (ref creatives/reference.mdx, Draft Tweets, Scheduled Tweets, Tweets): draft, scheduled and published Tweets
   * carry up to 4 images, or 1 animated GIF, or 1 video (`tweetMedia`);
   * names 80 (`text.tweetName`), video description 200 and title 70.
   * Media keys: the real platform's keys are `<category>_<id>`,
   * category 3 an image, 16 an animated GIF, 7 (Tweet video) or 13 (amplify
   * video) a video. The provider tells a key's type from it in check.
   */
  mediaKeyPrefixes: { IMAGE: ["3"], GIF: ["16"], VIDEO: ["7", "13"] } as const,
  /** `count` of GET draft_tweets: 1 to 200, default 100 (ref creatives/reference.mdx, GET draft_tweets). */
  draftTweetCount: { min: 1, max: 200, default: 100 },
  /** `tweet_ids` of GET tweets: at most 200 (ref creatives/reference.mdx, GET tweets). */
  tweetIdsPerList: 200,
  /**
   * Custom audiences and the do-not-reach list (ref audiences/reference.mdx): one
   * do-not-reach list per account; user uploads of both in chunks of
   * `audienceUpload` (2,500 operations, 5,000,000 bytes, 1,500 calls a
   * minute); expiry at most 13 months (after effective_at for audiences,
   * after now for the do-not-reach list).
   */
  doNotReachListsPerAccount: 1,
} as const;

export type MediaType = keyof typeof LIMITS.mediaKeyPrefixes;

/** The media type a media key names by its prefix (LIMITS.mediaKeyPrefixes), or undefined. */
export function mediaTypeOfKey(key: string): MediaType | undefined {
  const category = /^(\d+)_/.exec(key)?.[1];
  if (category === undefined) return undefined;
  return (Object.keys(LIMITS.mediaKeyPrefixes) as MediaType[])
    .find((t) => (LIMITS.mediaKeyPrefixes[t] as readonly string[]).includes(category));
}

/**
 * What is wrong with a post's media of these types (ref
 * creatives/reference.mdx, POST tweet `media_keys`: 4 images, or 1 animated GIF, or 1 video), as "at most ... (got ...)", or
 * undefined. `undefined` entries are keys of no known type: counted only.
 */
export function tweetMediaProblem(types: ReadonlyArray<MediaType | undefined>): string | undefined {
  const { images, gifs, videos } = LIMITS.tweetMedia;
  const n = (t: MediaType) => types.filter((x) => x === t).length;
  const got = ([["IMAGE", "image", "images"], ["GIF", "animated GIF", "animated GIFs"], ["VIDEO", "video", "videos"]] as const)
    .filter(([t]) => n(t) > 0).map(([t, one, many]) => `${n(t)} ${n(t) === 1 ? one : many}`);
  const other = types.length - n("IMAGE") - n("GIF") - n("VIDEO");
  if (other > 0) got.push(`${other} of unknown type`);
  if (n("GIF") > 0 && types.length > gifs) return `may hold 1 animated GIF and nothing else (got ${got.join(", ")})`;
  if (n("VIDEO") > 0 && types.length > videos) return `may hold 1 video and nothing else (got ${got.join(", ")})`;
  if (types.length > images) return `may hold at most ${images} images (got ${got.join(", ")})`;
  return undefined;
}

/**
 * What the platform counts as a link in a Tweet's text: with or without
 * http(s)://, a host whose last label is two letters or more, a port, and a
 * path that does not end in punctuation. The platform also checks the
 * top-level domain against its list: text such as "Node.js" counts 23 here,
 * so near the limit this can refuse a text the platform would take, never
 * the other way round.
 */
const TWEET_URL = /(?<![\p{L}\p{N}_@#$/.-])(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#](?:\S*[^\s.,;:!?'")\]}>])?)?/giu;

/** An emoji (an RGI sequence: joiners, skin tones, flags, keycaps), or any one code point (`v`: TypeScript targets ES2022). */
const EMOJI_OR_CODE_POINT = new RegExp("(\\p{RGI_Emoji})|.", "gsv");

/** The weighted length of a Tweet's text as the platform counts it (LIMITS.tweetText). */
export function weightedLength(text: string): number {
  const normalized = text.normalize("NFC");
  let length = 0;
  let from = 0;
  for (const url of normalized.matchAll(TWEET_URL)) {
    length += plainWeight(normalized.slice(from, url.index)) + LIMITS.tweetText.urlLength;
    from = url.index + url[0].length;
  }
  return length + plainWeight(normalized.slice(from));
}

function plainWeight(text: string): number {
  const { emojiWeight, defaultWeight, lightRanges } = LIMITS.tweetText;
  let weight = 0;
  for (const [piece, emoji] of text.matchAll(EMOJI_OR_CODE_POINT)) {
    const code = piece.codePointAt(0)!;
    weight += emoji !== undefined ? emojiWeight : lightRanges.some(([lo, hi]) => code >= lo && code <= hi) ? 1 : defaultWeight;
  }
  return weight;
}

/** Enumerations of the platform, shared by schemas, emulator and policies. */
export const ENUMS = {
  /**
   * The collections of "core entity reads" (ref fundamentals/rate-limiting.mdx,
   * "Line Items, Campaigns, etc"): the entity types of the analytics
   * endpoints (ref analytics.mdx, `entity`). Other account reads have a
   * fifth of their limit.
   */
  coreEntityCollections: ["accounts", "campaigns", "funding_instruments", "line_items", "promoted_accounts", "promoted_tweets"] as const,
  /**
   * ref campaign-management/reference.mdx, GET accounts/:account_id/account_history:
   * the `entity_type` of each collection whose changes the platform keeps
   * (who made each and when: `xads drift`). Other kinds have no history.
   */
  historyEntityType: {
    campaigns: "CAMPAIGN", line_items: "LINE_ITEM", promoted_tweets: "PROMOTED_TWEET",
    targeting_criteria: "TARGETING_CRITERIA", promoted_accounts: "PROMOTED_ACCOUNT",
  } as const,
  entityStatus: ["ACTIVE", "DRAFT", "PAUSED"] as const,
  /** DRAFT is refused on update (ref campaign-management/reference.mdx, PUT campaigns `entity_status`). */
  entityStatusOnUpdate: ["ACTIVE", "PAUSED"] as const,
  /**
   * CAMPAIGN was once the default; today's platform takes LINE_ITEM only, its default (xdevplatform/docs
   * x-ads-api/campaign-management/reference.mdx, POST and PUT campaigns:
   * "Possible values: LINE_ITEM"). The reference wins (docs/architecture.md rule 11): a
   * program declaring CAMPAIGN is refused in preview, not at the platform.
   */
  budgetOptimization: ["LINE_ITEM"] as const,
  productType: ["MEDIA", "PROMOTED_ACCOUNT", "PROMOTED_TWEETS"] as const,
  /**
   * Objectives: ref campaign-management/reference.mdx, POST line_items `objective`.
   */
  objective: [
    "APP_ENGAGEMENTS", "APP_INSTALLS", "ENGAGEMENTS", "FOLLOWERS", "PREROLL_VIEWS",
    "REACH", "VIDEO_VIEWS", "WEBSITE_CLICKS",
  ] as const,
  /** Placements: ref campaign-management/reference.mdx, POST line_items `placements`. */
  placement: [
    "ALL_ON_TWITTER", "PUBLISHER_NETWORK", "TAP_BANNER", "TAP_FULL", "TAP_FULL_LANDSCAPE",
    "TAP_NATIVE", "TAP_MRECT", "TWITTER_PROFILE", "TWITTER_REPLIES", "TWITTER_SEARCH",
    "TWITTER_TIMELINE",
  ] as const,
  /**
   * Line item rules, from the real platform's v12
   * reference (xdevplatform/docs x-ads-api/campaign-management/reference.mdx,
   * POST accounts/:account_id/line_items, "ref" below) and its overview
   * (x-ads-api/campaign-management.mdx, "overview").
   *
   * Bid strategies; the platform picks one by objective when none is given.
   */
  bidStrategy: ["AUTO", "MAX", "TARGET"] as const,
  /**
   * The objectives a bid strategy is available for, where not all (AUTO is).
   * MAX: "not available when the objective is set to REACH or FOLLOWERS".
   * TARGET: ref POST names REACH, FOLLOWERS and WEBSITE_CLICKS; the
   * overview's "Target Bidding" adds APP_INSTALLS and APP_ENGAGEMENTS: the
   * union is taken, so no objective any text allows is refused.
   */
  bidStrategyObjectives: {
    MAX: ["APP_ENGAGEMENTS", "APP_INSTALLS", "ENGAGEMENTS", "PREROLL_VIEWS", "VIDEO_VIEWS", "WEBSITE_CLICKS"],
    TARGET: ["APP_ENGAGEMENTS", "APP_INSTALLS", "FOLLOWERS", "REACH", "WEBSITE_CLICKS"],
  } as const,
  /** Optimization goals (ref `goal`); the platform picks one by objective when none is given. */
  goal: [
    "APP_CLICKS", "APP_INSTALLS", "APP_PURCHASES", "ENGAGEMENT", "FOLLOWERS", "LINK_CLICKS", "MAX_REACH", "PREROLL",
    "PREROLL_STARTS", "REACH_WITH_ENGAGEMENT", "SITE_VISITS", "VIDEO_VIEW", "VIEW_3S_100PCT", "VIEW_6S", "VIEW_15S",
    "WEBSITE_CONVERSIONS",
  ] as const,
  /**
   * Goals ref `goal` restricts to some objectives: APP_PURCHASES to app
   * installs; APP_CLICKS and APP_INSTALLS to both app objectives; SITE_VISITS
   * "only ... with the WEBSITE_CLICKS objective". Other goals: no restriction given.
   */
  goalObjectives: {
    APP_PURCHASES: ["APP_INSTALLS"],
    APP_CLICKS: ["APP_ENGAGEMENTS", "APP_INSTALLS"],
    APP_INSTALLS: ["APP_ENGAGEMENTS", "APP_INSTALLS"],
    SITE_VISITS: ["WEBSITE_CLICKS"],
  } as const,
  /** ref `primary_web_event_tag`: "Required when the line item's goal is set to WEBSITE_CONVERSIONS". */
  webEventTagGoal: "WEBSITE_CONVERSIONS",
  /** The values POST and PUT line_items take for `pay_by` (ref); the platform answers others too (ENGAGEMENT). */
  payBy: ["APP_CLICK", "IMPRESSION", "LINK_CLICK"] as const,
  /**
   * The objectives whose `pay_by` a program may set, and the values each
   * takes. ref `pay_by`: "can only be modified for line items using the
   * APP_INSTALLS objective", then gives values per goal of APP_INSTALLS
   * (APP_CLICK, IMPRESSION) and of WEBSITE_CLICKS (LINK_CLICKS: LINK_CLICK,
   * IMPRESSION; SITE_VISITS: IMPRESSION). Other objectives: the platform's.
   */
  payByObjectives: {
    APP_INSTALLS: ["APP_CLICK", "IMPRESSION"],
    WEBSITE_CLICKS: ["IMPRESSION", "LINK_CLICK"],
  } as const,
  /** ref `pay_by`, per goal: the values each goal supports. */
  payByGoals: {
    APP_INSTALLS: ["APP_CLICK", "IMPRESSION"],
    LINK_CLICKS: ["IMPRESSION", "LINK_CLICK"],
    SITE_VISITS: ["IMPRESSION"],
  } as const,
  /** ref `pay_by`: with goal LINK_CLICKS, IMPRESSION "is not supported when setting TARGET for bid_strategy". */
  payByNotWithTarget: { goal: "LINK_CLICKS", payBy: "IMPRESSION" } as const,
  /** ref `android_app_store_identifier`, `ios_app_store_identifier`: these objectives need at least one. */
  appObjectives: ["APP_ENGAGEMENTS", "APP_INSTALLS"] as const,
  /** ref `advertiser_domain`, `categories`: both "Required when the line item's placement is set to PUBLISHER_NETWORK". */
  publisherNetworkPlacement: "PUBLISHER_NETWORK",
  /** ref campaign-management/reference.mdx, GET advertiser_business_categories (and the overview's preroll guide): PREROLL_VIEWS line items carry `categories`. */
  categoriesObjective: "PREROLL_VIEWS",
  /**
   * The currencies the Ads API recognizes, ISO-4217 codes: ref
   * fundamentals/currency.mdx names them by precision: two decimals ("AED,
   * VEF, PKR, ... CAD, BRL, GBP"), none ("VND, KRW, CLP, JPY") and three
   * ("KWD, IQD, BHD, TND"). It says the API "recognizes official currencies
   * of all countries where the X SMB Ads product is available" and links
   * that list of countries outside the reference: these lists are the
   * reference's, so a currency not in them is refused in check (a typo
   * such as XYZ would otherwise reach the platform). A currency the
   * platform takes beyond them belongs here and in emulator/platform.ts.
   */
  currency: [
    "AED", "ARS", "AUD", "BHD", "BRL", "CAD", "CLP", "COP", "DZD", "EGP", "EUR", "GBP", "HKD", "IDR", "INR", "IQD", "JPY", "KRW",
    "KWD", "LBP", "MAD", "MXN", "MYR", "NZD", "PHP", "PKR", "QAR", "SAR", "SGD", "THB", "TND", "TRY", "USD", "VEF", "VND",
  ] as const,
  /** Funding instrument types: ref campaign-management/reference.mdx, POST funding_instruments `type`. */
  fundingInstrumentType: ["AGENCY_CREDIT_LINE", "CREDIT_CARD", "CREDIT_LINE", "INSERTION_ORDER", "PARTNER_MANAGED"] as const,
  /** Tracking tag types (ref campaign-management/reference.mdx, POST tracking_tags). */
  trackingTagType: ["IMPRESSION_TAG", "CLICK_TRACKER"] as const,
  /** GET custom_audiences `permission_scope` (ref audiences/reference.mdx): OWNER by default. */
  permissionScope: ["OWNER", "SHARED"] as const,
  /** Operations of audience and do-not-reach user uploads (ref audiences/reference.mdx, POST custom_audiences/:id/users). */
  audienceUserOperation: ["Update", "Delete"] as const,
  /** User object fields of a custom audience upload, wire names (ref audiences/reference.mdx, POST custom_audiences/:id/users: `twitter_id`; tests/conformance corpus). */
  customAudienceUserFields: ["email", "device_id", "handle", "twitter_id", "phone_number", "partner_user_id"] as const,
  /** User object fields of a do-not-reach upload (ref audiences/reference.mdx, POST batch do_not_reach_lists/:id/users). */
  doNotReachUserFields: ["email", "phone_number"] as const,
  /** The one user field sent as given, not hashed (ref audiences/reference.mdx, POST custom_audiences/:id/users). */
  unhashedUserFields: ["partner_user_id"] as const,
  industryType: [
    "AGENCY", "BUSINESS_TO_BUSINESS", "ONLINE_SERVICES", "EDUCATION", "FINANCIAL", "HEALTH",
    "GOVERNMENT", "MEDIA", "MOBILE", "RESTAURANT", "RETAIL", "TECHNOLOGY", "TRAVEL", "OTHER",
  ] as const,
  /** Card components, BUTTON label values and card types (ref creatives/reference.mdx, Cards). */
  cardComponentType: ["MEDIA", "SWIPEABLE_MEDIA", "DETAILS", "BUTTON"] as const,
  cardButtonLabel: ["BOOK", "CONNECT", "INSTALL", "OPEN", "ORDER", "PLAY", "SHOP"] as const,
  cardType: [
    "IMAGE_APP", "IMAGE_CAROUSEL_APP", "IMAGE_CAROUSEL_WEBSITE", "IMAGE_MULTI_DEST_CAROUSEL_WEBSITE", "IMAGE_WEBSITE",
    "MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE", "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP", "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE",
    "VIDEO_APP", "VIDEO_CAROUSEL_APP", "VIDEO_CAROUSEL_WEBSITE", "VIDEO_MULTI_DEST_CAROUSEL_WEBSITE", "VIDEO_WEBSITE",
  ] as const,
  /** Promotable user types (ref campaign-management/reference.mdx, GET promotable_users): which content the user's promotion may carry. */
  promotableUserType: ["FULL", "RETWEETS_ONLY"] as const,
  /** Line items a promoted account can be attached to (ref campaign-management/reference.mdx, POST promoted_accounts). */
  promotedAccountProductType: "PROMOTED_ACCOUNT",
  /**
   * Targeting criteria operators: EQ (the default) and NE (ref
   * campaign-management/reference.mdx, POST audience_estimate); targeting criteria also take GTE and LT
   * (xdevplatform/docs x-ads-api/campaign-management/reference.mdx, POST
   * targeting_criteria `operator_type`, and POST batch targeting_criteria:
   * they work "in conjunction with certain targeting_type values",
   * `targetingTypeOperators`).
   */
  operatorType: ["EQ", "NE", "GTE", "LT"] as const,
  /**
   * Targeting types: IAB_CATEGORY (content categories, ref
   * campaign-management/reference.mdx, GET content_categories) and the rest
   * of the real platform's v12 values (reference.mdx, POST targeting_criteria `targeting_type`: non-keyword,
   * keyword, custom audience, installed app store category and TAP app
   * exclusion values).
   */
  targetingType: [
    "IAB_CATEGORY",
    "AGE", "CAMPAIGN_ENGAGEMENT", "CAMPAIGN_ENGAGEMENT_LOOKALIKE", "CONVERSATION", "DEVICE", "ENGAGEMENT_TYPE", "EVENT",
    "FOLLOWERS_OF_USER", "GENDER", "INTEREST", "LANGUAGE", "LIVE_TV_EVENT", "LOCATION", "NETWORK_ACTIVATION_DURATION",
    "NETWORK_OPERATOR", "PLATFORM", "PLATFORM_VERSION", "SIMILAR_TO_FOLLOWERS_OF_USER", "TV_SHOW", "USER_ENGAGEMENT",
    "USER_ENGAGEMENT_LOOKALIKE", "WIFI_ONLY",
    "BROAD_KEYWORD", "EXACT_KEYWORD", "PHRASE_KEYWORD", "UNORDERED_KEYWORD",
    "CUSTOM_AUDIENCE", "CUSTOM_AUDIENCE_EXPANDED",
    "APP_STORE_CATEGORY", "APP_STORE_CATEGORY_LOOKALIKE",
    "APP_LIST",
  ] as const,
  /**
   * The operators a targeting type takes where it is not EQ and NE
   * (`otherTargetingOperators`); an operator listed here is taken by the
   * types that list it only. APP_LIST "may only be used with
   * operator_type=NE" (reference.mdx, POST targeting_criteria);
   * NETWORK_ACTIVATION_DURATION is used "with operator_type of LT for less
   * than and GTE for greater than or equal", the one type the references
   * name for them (xdevplatform/docs x-ads-api/campaign-management.mdx,
   * "Understanding targeting types", New Mobile Device Targeting).
   */
  targetingTypeOperators: {
    APP_LIST: ["NE"],
    NETWORK_ACTIVATION_DURATION: ["GTE", "LT"],
  } as const,
  /** The operators of every other targeting type: EQ targets the value, NE excludes it (reference.mdx, POST targeting_criteria). */
  otherTargetingOperators: ["EQ", "NE"] as const,
  /**
   * Targeting types whose values are a fixed list. ENGAGEMENT_TYPE "accepts
   * either IMPRESSION or ENGAGEMENT as a targeting value", and video viewer
   * targeting adds VIDEO_VIEW, VIDEO_VIEW_PARTIAL and VIDEO_VIEW_COMPLETE
   * (xdevplatform/docs x-ads-api/campaign-management.mdx, "Understanding
   * targeting types": Tweet engager and video viewer targeting).
   */
  targetingTypeValues: {
    ENGAGEMENT_TYPE: ["IMPRESSION", "ENGAGEMENT", "VIDEO_VIEW", "VIDEO_VIEW_PARTIAL", "VIDEO_VIEW_COMPLETE"],
  } as const,
  /** The one targeting type of content categories (ref campaign-management/reference.mdx, GET content_categories). */
  contentCategoryTargetingType: "IAB_CATEGORY",
  /**
   * Permissions of GET authenticated_user_access (ref
   * campaign-management/reference.mdx). TWEET_COMPOSER
   * only accompanies the roles in tweetComposerRoles.
   */
  permission: [
    "ACCOUNT_ADMIN", "AD_MANAGER", "CREATIVE_MANAGER", "CAMPAIGN_ANALYST", "ANALYST", "PARTNER_AUDIENCE_MANAGER", "TWEET_COMPOSER",
  ] as const,
  tweetComposerRoles: ["ACCOUNT_ADMIN", "AD_MANAGER", "CREATIVE_MANAGER"] as const,
  /** Account media creative types (ref creatives/reference.mdx, GET account_media `creative_types`). */
  creativeType: [
    "BANNER", "BANNER_TABLET", "INTERSTITIAL", "INTERSTITIAL_LANDSCAPE", "INTERSTITIAL_LANDSCAPE_TABLET",
    "INTERSTITIAL_TABLET", "MEDIUM_RECTANGLE", "PREROLL", "VAST_PREROLL",
  ] as const,
  /** Posts (ref creatives/reference.mdx, POST tweet and GET tweets). */
  conversationSettings: ["EVERYONE", "FOLLOWING", "MENTIONED_USERS"] as const,
  videoCta: ["VISIT_SITE", "WATCH_NOW"] as const,
  /** The text of a preroll call to action's button (ref creatives/reference.mdx, POST and PUT preroll_call_to_actions `call_to_action`). */
  prerollCallToAction: ["GO_TO", "SEE_MORE", "SHOP", "VISIT_SITE", "WATCH_NOW"] as const,
  tweetType: ["DRAFT", "PUBLISHED", "SCHEDULED"] as const,
  timelineType: ["ALL", "NULLCAST", "ORGANIC"] as const,
  /**
   * Flexible audiences and audience permissions (ref audiences/reference.mdx): batch item
   * audience types, how child segments combine, frequency comparators
   * (NUM_GTE the default), and the levels a permission grants.
   */
  flexibleAudienceType: ["FLEXIBLE", "MOBILE_AUDIENCE"] as const,
  booleanOperator: ["AND", "OR"] as const,
  frequencyComparator: ["NUM_GTE", "NUM_GT", "NUM_EQ", "NUM_LTE", "NUM_LT"] as const,
  audiencePermissionLevel: ["READ_ONLY", "READ_WRITE"] as const,
  /** The owner account's feature that allows sharing audiences with accounts of other businesses (ref audiences/reference.mdx, Custom Audience Permissions). */
  shareAudienceOutsideBusiness: "SHARE_AUDIENCE_OUTSIDE_BUSINESS",
  /** `granularity` of GET insights/keywords/search (ref audiences/reference.mdx). */
  keywordInsightsGranularity: ["DAY", "HOUR"] as const,
} as const;

/**
 * IAB category values (content categories map to them): `IAB<n>` or
 * `IAB<n>-<m>` (ref campaign-management/reference.mdx, GET iab_categories);
 * the real platform uses the IAB content taxonomy 1.0 codes. A value of this form targets a content category, which
 * needs targeting type IAB_CATEGORY.
 */
export const IAB_CATEGORY_VALUE = /^IAB\d+(-\d+)?$/;

const SANDBOX_FEATURE_KEYS = [
  "AGE_TARGETING", "ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE", "AWARENESS_OBJECTIVE", "BRAND_TPN",
  "CHARGE_FOR_GOOD_CLICK", "CONVERSATION_CARD", "CONVERSATION_CARD_FOUR_OPTIONS", "CONVERSATION_CARD_UNLOCK",
  "CPI_CHARGING", "DIRECT_MESSAGE_CARD", "DR_TAP", "ENGAGER_RETARGETING", "EVENT_TARGETING",
  "INSTALLED_APP_CATEGORY_TARGETING", "MOBILE_CONVERSION_TRANSACTION_VALUE", "OPTIMIZED_ACTION_BIDDING",
  "REACH_AND_FREQUENCY_ANALYTICS", "REACH_FREQUENCY_CAP", "VALIDATED_AGE_TARGETING", "VIDEO_VIEWS_MIDROLL_OBJECTIVE",
  "PREROLL_VIEWS_OBJECTIVE", "VIDEO_APP_DOWNLOAD_CARD", "SHARE_AUDIENCE_OUTSIDE_BUSINESS",
] as const;

/**
 * Accounts and access, account features, tax and user settings (ref
 * campaign-management/reference.mdx: Accounts, Features, Tax Settings, User Settings).
 */
export const ACCOUNT_SETTINGS = {
  /**
   * Account names: PUT accounts takes `name` and gives no length; real
   * platform names are free text; the same 1 to 255 as campaign names is taken here.
   */
  accountName: { min: 1, max: 255 },
  /**
   * Keys POST/DELETE {ads_sandbox_url}/12/accounts/:id/features take: the
   * reference's list (ref campaign-management/reference.mdx, POST
   * features), plus SHARE_AUDIENCE_OUTSIDE_BUSINESS, which ref
   * audiences/reference.mdx names as an account feature without saying how an
   * account gets it (the real platform grants it through the account
   * manager): the sandbox takes it here so programs can try sharing
   * audiences outside the business.
   */
  featureKeys: SANDBOX_FEATURE_KEYS,
  /**
   * Keys GET /accounts/:id/features filters on: every key above, plus
   * WEBSITE_CLICKS_CPM_BILLING, which the reference lists only among the
   * features GET features shows (beta or limited releases) and the sandbox cannot add.
   */
  readableFeatureKeys: [...SANDBOX_FEATURE_KEYS, "WEBSITE_CLICKS_CPM_BILLING"] as const,
  /** Tax settings (ref campaign-management/reference.mdx, PUT tax_settings). */
  invoiceJurisdiction: ["LOI_SAPIN", "NONE", "NOT_SET"] as const,
  taxCategory: ["BUSINESS_NO_VAT", "BUSINESS_WITH_VAT", "INDIVIDUAL"] as const,
  /**
   * subscribe_email_types (ACCOUNT_PERFORMANCE, PERFORMANCE_IMPROVEMENT...)
   * is no longer in ref campaign-management/reference.mdx, PUT user_settings
   * (docs/real-platform.md): no list to check against, so values are checked for their form (capitals and _), not against a list.
   */
  emailType: /^[A-Z][A-Z_]*$/,
} as const;

/**
 * `months` calendar months after an instant (UTC), the unit of the audience
 * expiry limit (13 months: ref audiences/reference.mdx, POST custom_audiences/:id/users `expires_at`). Jan 31 + 1 month is the last day of
 * February, not March 3.
 */
export function monthsAfter(ms: number, months: number): number {
  const d = new Date(ms);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.getTime();
}

/**
 * Campaign recommendations (xdevplatform/docs
 * x-ads-api/campaign-management/reference.mdx, GET
 * accounts/:account_id/recommendations): a closed beta still under the
 * version 5 path, "a limit of 1 recommendation per funding instrument".
 */
export const RECOMMENDATIONS = {
  apiVersion: "5",
  perFundingInstrument: 1,
  /** The reference (GET recommendations/:recommendation_id): each change maps to one endpoint: Create to POST, Update to PUT, Delete to DELETE (null: the entity is kept as it is). */
  operationTypes: ["Create", "Update", "Delete"] as const,
} as const;

/**
 * Previews of posts (xdevplatform/docs x-ads-api/creatives/reference.mdx,
 * GET accounts/:account_id/tweet_previews): "Up to 200 IDs may be
 * provided", all of the one `tweet_type` given (an id of another type gets
 * no preview).
 */
export const TWEET_PREVIEWS = {
  tweetIdsPerRequest: 200,
} as const;

/**
 * getAudienceEstimate: POST accounts/:account_id/audience_estimate
 * (xdevplatform/docs x-ads-api/campaign-management/reference.mdx,
 * "Audience Estimate"). Criteria are as for the targeting criteria create
 * endpoint (ENUMS.targetingType, LIMITS.targetingPerLineItem), at least one
 * of a primary type: "you can see a list of all primary targeting criteria
 * in our campaigns targeting page", i.e. x-ads-api/campaign-management.mdx,
 * "Targeting Criteria Combinations": Followers (FOLLOWERS_OF_USER,
 * SIMILAR_TO_FOLLOWERS_OF_USER), Tailored Audiences (CUSTOM_AUDIENCE,
 * CUSTOM_AUDIENCE_EXPANDED), Interests, Keywords (the four keyword types)
 * and TV (TV_SHOW, LIVE_TV_EVENT). The request's operator_type: EQ (the
 * default) or NE.
 */
export const AUDIENCE_ESTIMATE = {
  primaryTargetingTypes: [
    "FOLLOWERS_OF_USER", "SIMILAR_TO_FOLLOWERS_OF_USER",
    "CUSTOM_AUDIENCE", "CUSTOM_AUDIENCE_EXPANDED",
    "INTEREST",
    "BROAD_KEYWORD", "EXACT_KEYWORD", "PHRASE_KEYWORD", "UNORDERED_KEYWORD",
    "TV_SHOW", "LIVE_TV_EVENT",
  ],
  operatorType: ["EQ", "NE"],
} as const;
