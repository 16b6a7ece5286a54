/**
 * The platform's limits, enumerations and value forms as the emulator
 * enforces them, each from the official X Ads API v12 reference (cited "ref
 * <file>": github:xdevplatform/docs, x-ads-api/<file>) or, where it is
 * silent, from the real platform (docs/real-platform.md). The emulator imports
 * nothing from the provider: a limit both sides took from one table would be
 * a mistake made twice and checked against itself (docs/architecture.md rule 9).
 * tests/unit/platform-tables.test.ts compares this table with the provider's
 * and names every disagreement.
 */

/** ref campaign-management/reference.mdx, POST accounts/:account_id/features: the account feature keys a sandbox account can be given (ENUMS.featureKey says which more). */
const FEATURE_KEYS = [
  "AGE_TARGETING", "ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE", "AWARENESS_OBJECTIVE", "BRAND_TPN",
  "CHARGE_FOR_GOOD_CLICK", "CONVERSATION_CARD", "CONVERSATION_CARD_FOUR_OPTIONS", "CONVERSATION_CARD_UNLOCK",
  "CPI_CHARGING", "DIRECT_MESSAGE_CARD", "DR_TAP", "ENGAGER_RETARGETING", "EVENT_TARGETING",
  "INSTALLED_APP_CATEGORY_TARGETING", "MOBILE_CONVERSION_TRANSACTION_VALUE", "OPTIMIZED_ACTION_BIDDING",
  "REACH_AND_FREQUENCY_ANALYTICS", "REACH_FREQUENCY_CAP", "VALIDATED_AGE_TARGETING", "VIDEO_VIEWS_MIDROLL_OBJECTIVE",
  "PREROLL_VIEWS_OBJECTIVE", "VIDEO_APP_DOWNLOAD_CARD", "SHARE_AUDIENCE_OUTSIDE_BUSINESS",
] as const;

/** Numbers: counts, sizes, lengths, windows. */
export const LIMITS = {
  /** ref campaign-management/reference.mdx, POST campaigns: 200 active campaigns per account by default (raising it is the control API's setActiveCampaignLimit). */
  activeCampaignsPerAccount: 200,
  /** ref campaign-management/reference.mdx, POST batch/accounts/:account_id/campaigns: "The current maximum batch size is 40". */
  campaignBatchSize: 40,
  /** ref campaign-management/reference.mdx, POST batch/accounts/:account_id/line_items: "The current maximum batch size is 40". */
  lineItemBatchSize: 40,
  /** ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences: items in one batch. */
  customAudienceBatchSize: 10,
  /** ref campaign-management/reference.mdx, the list GETs' id filters (`campaign_ids`...): identifiers in one list filter. */
  idsPerFilter: 200,
  /** ref campaign-management/reference.mdx, POST promoted_tweets: `tweet_ids` of one request. */
  tweetIdsPerPromotedTweetsPost: 50,
  /** ref creatives/reference.mdx, GET tweets and GET tweet_previews: `tweet_ids`. */
  tweetIdsPerList: 200,
  /** ref campaign-management/reference.mdx, GET accounts (and the other list GETs): `count`. */
  count: { min: 1, max: 1000, default: 200 },
  /** ref creatives/reference.mdx, GET cards: `count`. */
  cardCount: { min: 1, max: 200, default: 100 },
  /** ref creatives/reference.mdx, GET draft_tweets: `count`. */
  draftTweetCount: { min: 1, max: 200, default: 100 },
  /** ref campaign-management/reference.mdx, GET accounts and GET campaigns; ref audiences/reference.mdx, GET custom_audiences: `q`, a name prefix of 1 to 255 characters. */
  searchQuery: { min: 1, max: 255 },
  /** ref campaign-management/reference.mdx, GET accounts `with_total_count`: such requests, 200 per 15 minutes. */
  withTotalCount: { requests: 200, windowSeconds: 15 * 60 },
  /**
   * ref fundamentals/rate-limiting.mdx ("Ads API rate limit chart"). Each row
   * counts per user token unless it says per ad account; a category is one
   * window for all its endpoints, an endpoint row one window per endpoint.
   */
  rateLimits: {
    /** Writes (POST, PUT, DELETE): one category per user, 450 a minute. */
    writes: { requests: 450, windowSeconds: 60 },
    /** Audience (user uploads): per endpoint, 1,500 a minute (also ref audiences/reference.mdx, POST custom_audiences/:id/users: `audienceUpload.requestsPerMinute`). */
    audienceUploads: { requests: 1500, windowSeconds: 60 },
    /** Core entity reads (line items, campaigns, etc): per endpoint and ad account, 10,000 per 15 minutes. */
    coreEntityReads: { requests: 10_000, windowSeconds: 15 * 60 },
    /** Other account reads (other GET endpoints with :account_id): per endpoint and ad account ("partial"), 2,000 per 15 minutes. */
    otherAccountReads: { requests: 2000, windowSeconds: 15 * 60 },
    /** Targeting criteria: one category per user, 400 per 15 minutes. */
    targetingCriteriaReads: { requests: 400, windowSeconds: 15 * 60 },
    /** Keyword insights (GET insights/keywords/search: no :account_id, yet a row of its own, not a global read): one category, 500 per 15 minutes. */
    keywordInsights: { requests: 500, windowSeconds: 15 * 60 },
    /** Global reads (GET endpoints without :account_id): per endpoint, 5 per 15 minutes. */
    globalReads: { requests: 5, windowSeconds: 15 * 60 },
  },
  /**
   * ref audiences/reference.mdx, POST custom_audiences/:id/users and the do-not-reach upload: 2,500 operations
   * and 5,000,000 bytes per request, 1,500 requests a minute, expiry at most
   * (and by default) 13 months. An operation is an `{operation_type, params}`
   * object, whatever the number of its users (ref audiences/reference.mdx,
   * POST custom_audiences/:id/users, "Batch Requests").
   */
  audienceUpload: { operationsPerRequest: 2500, bodyBytes: 5_000_000, requestsPerMinute: 1500, expiryMonths: 13 },
  /** ref audiences/reference.mdx, Do Not Reach Lists: one list per account. */
  doNotReachListsPerAccount: 1,
  /** ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences: custom audience leaf nodes of a flexible audience. */
  flexibleAudienceLeaves: 10,
  /** ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences: the `lookback_window` values of a child segment. */
  flexibleAudienceLookbackWindows: [1, 7, 14, 30] as const,
  /** ref creatives/reference.mdx, POST cards: media keys of a SWIPEABLE_MEDIA component. */
  swipeableMedia: { min: 2, max: 6 },
  /** ref creatives/reference.mdx, POST tweet `media_keys`: 4 images, or 1 animated GIF, or 1 video. */
  tweetMedia: { images: 4, gifs: 1, videos: 1 },
  /**
   * The reference gives no Tweet text length; the real platform
   * counts weighted characters (github:twitter/twitter-text config/v3.json,
   * the counting the platform documents): at most 280 after NFC
   * normalization, a link 23 whatever its length, an emoji sequence 2, a code
   * point of the light ranges 1 (U+0000-U+10FF, U+2000-U+200D,
   * U+2010-U+201F, U+2032-U+2037), any other 2.
   */
  tweetText: {
    maxWeightedLength: 280,
    urlLength: 23,
    emojiWeight: 2,
    defaultWeight: 2,
    lightRanges: [[0x0000, 0x10ff], [0x2000, 0x200d], [0x2010, 0x201f], [0x2032, 0x2037]],
  },
  /**
   * Amounts are long integers; the real platform's largest amount is not
   * documented. The emulator refuses an
   * amount in micros above 10^15 (a billion in the currency), which no
   * account funds: a budget of 2^53-1 micros is a typo, and the platform
   * does not spend it.
   */
  maxAmountLocalMicro: 1_000_000_000_000_000,
  /** ref creatives/reference.mdx, POST cards/image_conversation and cards/video_conversation: media (width in px, aspect width:height). */
  media: {
    conversationImage: { minWidth: 800, aspect: 1.91 },
    unlockedImage: { minWidth: 800, aspect: 5 / 2 },
    conversationVideo: { aspect: 16 / 9 },
  },
  /** Text lengths, at most (characters). */
  text: {
    /** ref campaign-management/reference.mdx, POST campaigns. */
    campaignName: 255,
    /** ref campaign-management/reference.mdx, POST campaigns. */
    purchaseOrderNumber: 50,
    /** ref creatives/reference.mdx, POST cards (also conversation card names). */
    cardName: 80,
    /** ref creatives/reference.mdx, POST draft_tweets, scheduled_tweets and tweet: names of draft, scheduled and published Tweets. */
    tweetName: 80,
    /** ref creatives/reference.mdx, GET cards and the conversation cards' GETs: `q`. */
    cardQuery: 80,
    /** ref creatives/reference.mdx, POST tweet `video_description`. */
    videoDescription: 200,
    /** ref creatives/reference.mdx, POST tweet `video_title`. */
    videoTitle: 70,
    /** ref creatives/reference.mdx, POST cards/image_conversation `first_cta`: not counting the `#`. */
    ctaHashtag: 20,
    /** ref creatives/reference.mdx, POST cards/image_conversation `thank_you_text`. */
    thankYouText: 23,
    /** ref creatives/reference.mdx, POST cards/image_conversation `title`. */
    conversationCardTitle: 23,
    /** ref campaign-management/reference.mdx, POST line_items: name 1 to 255. */
    lineItemName: 255,
  },
  /**
   * ref campaign-management/reference.mdx, PUT accounts takes `name` and
   * gives no length: the emulator takes the campaign name's 1 to 255.
   */
  accountName: { min: 1, max: 255 },
  /**
   * ref campaign-management.mdx ("Ad Groups"):
   * 100 line items per campaign, 8,000 active line items per account. (POST
   * line_items in the reference says 256 active: the overview's 8,000 is taken.)
   */
  lineItemsPerCampaign: 100,
  activeLineItemsPerAccount: 8000,
  /**
   * ref campaign-management/reference.mdx, GET advertiser_business_categories:
   * a PREROLL_VIEWS line item carries one or two advertiser business
   * categories, given as their `iab_categories` values. It shows one business category of 35 IAB values, and its preroll example
   * sends three: only "at least one" can be checked on the values.
   */
  lineItemCategories: { min: 1 },
  /** ref campaign-management/reference.mdx, POST batch targeting_criteria: 500. */
  targetingCriteriaBatchSize: 500,
  /**
   * Targeted values (operator other than NE) one line item
   * takes per group of types: a single AGE bucket (ref
   * campaign-management/reference.mdx, POST targeting_criteria); one event,
   * 100 interests, 100 Similar to Followers Of users, 2,000 locations, 1,000
   * keywords (ref campaign-management.mdx, "Understanding targeting types").
   */
  targetingPerLineItem: {
    age: { types: ["AGE"], max: 1 },
    event: { types: ["EVENT"], max: 1 },
    interest: { types: ["INTEREST"], max: 100 },
    similarToFollowers: { types: ["SIMILAR_TO_FOLLOWERS_OF_USER"], max: 100 },
    location: { types: ["LOCATION"], max: 2000 },
    keyword: { types: ["BROAD_KEYWORD", "EXACT_KEYWORD", "PHRASE_KEYWORD", "UNORDERED_KEYWORD"], max: 1000 },
  },
  /** ref campaign-management/reference.mdx, GET curated_categories: `country_codes`, at most 200 two-letter codes. */
  countryCodesPerCuratedCategoriesQuery: 200,
  countryCodeLength: 2,
  /** ref campaign-management/reference.mdx, GET bidding_rules and POST funding_instruments: ISO-4217 currencies, three letters. */
  currencyCodeLength: 3,
  /**
   * ref audiences/reference.mdx, GET insights/keywords/search:
   * at most 10 keywords and negative keywords together, end_time minus
   * start_time at most 7 days, volume of the input keywords and 30 related ones.
   */
  keywordInsights: { maxKeywords: 10, maxRangeDays: 7, relatedKeywords: 30 },
  /** ref campaign-management/reference.mdx, GET advertiser_business_categories: a PREROLL_VIEWS line item carries one or two. */
  lineItemBusinessCategories: { max: 2 },
} as const;

/** Wire values: the lists the platform accepts, and single values it names. */
export const ENUMS = {
  /** ref audiences/reference.mdx, GET insights/keywords/search: `granularity`. */
  keywordInsightsGranularity: ["DAY", "HOUR"],
  /** ref campaign-management/reference.mdx, GET targeting_criteria/locations: the location_type of a country, the only kind keyword insights take (ref audiences/reference.mdx, GET insights/keywords/search `location`). */
  countryLocationType: "COUNTRIES",
  /**
   * The collections whose reads are "core entity reads" (ref
   * fundamentals/rate-limiting.mdx: "Line Items, Campaigns, etc"): the
   * entity types of the analytics endpoints (ref analytics.mdx, `entity`:
   * ACCOUNT, CAMPAIGN, FUNDING_INSTRUMENT, LINE_ITEM, PROMOTED_ACCOUNT,
   * PROMOTED_TWEET). Every other GET below an account is an "other account read".
   */
  coreEntityCollections: ["accounts", "campaigns", "funding_instruments", "line_items", "promoted_accounts", "promoted_tweets"] as const,
  /**
   * ref campaign-management/reference.mdx, GET accounts/:account_id/account_history:
   * `entity_type`, the kinds whose changes the platform keeps, by the
   * collection that holds them.
   */
  historyEntityType: {
    campaigns: "CAMPAIGN", line_items: "LINE_ITEM", promoted_tweets: "PROMOTED_TWEET",
    targeting_criteria: "TARGETING_CRITERIA", promoted_accounts: "PROMOTED_ACCOUNT",
  } as const,
  /** ref campaign-management/reference.mdx, POST campaigns: a campaign's entity_status; line items the same (ref POST line_items). */
  entityStatus: ["ACTIVE", "DRAFT", "PAUSED"] as const,
  /** ref campaign-management/reference.mdx, PUT campaigns: DRAFT is not accepted on update. */
  entityStatusOnUpdate: ["ACTIVE", "PAUSED"] as const,
  /**
   * ref campaign-management/reference.mdx (POST and PUT campaigns) takes
   * LINE_ITEM alone, and defaults to it: CAMPAIGN, the older default, is refused.
   */
  budgetOptimization: ["LINE_ITEM"] as const,
  /** ref campaign-management/reference.mdx, GET line_items/placements `product_type`. */
  productType: ["MEDIA", "PROMOTED_ACCOUNT", "PROMOTED_TWEETS"] as const,
  /** ref campaign-management/reference.mdx, Promoted Accounts: the product type of line items configured for promoted accounts. */
  promotedAccountProductType: "PROMOTED_ACCOUNT",
  /** ref campaign-management/reference.mdx, POST line_items `objective`. */
  objective: [
    "APP_ENGAGEMENTS", "APP_INSTALLS", "ENGAGEMENTS", "FOLLOWERS", "PREROLL_VIEWS", "REACH", "VIDEO_VIEWS", "WEBSITE_CLICKS",
  ] as const,
  /**
   * ref campaign-management/reference.mdx, POST line_items
   * `goal`: the goal a line item answers when none is given, one of the
   * reference's values per objective.
   */
  defaultGoal: {
    APP_ENGAGEMENTS: "APP_CLICKS", APP_INSTALLS: "APP_INSTALLS", ENGAGEMENTS: "ENGAGEMENT", FOLLOWERS: "FOLLOWERS",
    PREROLL_VIEWS: "PREROLL", REACH: "MAX_REACH", VIDEO_VIEWS: "VIDEO_VIEW", WEBSITE_CLICKS: "LINK_CLICKS",
  } as const,
  /** ref campaign-management/reference.mdx, POST line_items `placements`. */
  placement: [
    "ALL_ON_TWITTER", "PUBLISHER_NETWORK", "TAP_BANNER", "TAP_FULL", "TAP_FULL_LANDSCAPE", "TAP_NATIVE", "TAP_MRECT",
    "TWITTER_PROFILE", "TWITTER_REPLIES", "TWITTER_SEARCH", "TWITTER_TIMELINE",
  ] as const,
  /** ref campaign-management/reference.mdx, POST line_items `bid_strategy`. */
  bidStrategy: ["AUTO", "MAX", "TARGET"] as const,
  /**
   * Where MAX and TARGET may be used (AUTO: everywhere). ref POST line_items
   * `bid_strategy`: MAX "is not available when the objective is set to REACH
   * or FOLLOWERS"; TARGET "is available when the objective is set to REACH,
   * FOLLOWERS, or WEBSITE_CLICKS". ref campaign-management.mdx ("Target
   * Bidding") also lists APP_INSTALLS and APP_ENGAGEMENTS for TARGET; the
   * emulator takes them too rather than refuse what the platform may accept.
   */
  bidStrategyObjectives: {
    MAX: ["APP_ENGAGEMENTS", "APP_INSTALLS", "ENGAGEMENTS", "PREROLL_VIEWS", "VIDEO_VIEWS", "WEBSITE_CLICKS"],
    TARGET: ["APP_ENGAGEMENTS", "APP_INSTALLS", "FOLLOWERS", "REACH", "WEBSITE_CLICKS"],
  } as const,
  /** ref campaign-management/reference.mdx, POST line_items `goal` (possible values). */
  goal: [
    "APP_CLICKS", "APP_INSTALLS", "APP_PURCHASES", "ENGAGEMENT", "FOLLOWERS", "LINK_CLICKS", "MAX_REACH", "PREROLL",
    "PREROLL_STARTS", "REACH_WITH_ENGAGEMENT", "SITE_VISITS", "VIDEO_VIEW", "VIEW_3S_100PCT", "VIEW_6S", "VIEW_15S",
    "WEBSITE_CONVERSIONS",
  ] as const,
  /**
   * ref POST line_items `goal`: the goals it ties to objectives. APP_PURCHASES
   * is "available for APP_INSTALL"; APP_CLICKS and APP_INSTALLS "for both
   * APP_INSTALL and APP_ENGAGEMENTS"; SITE_VISITS "only ... with the
   * WEBSITE_CLICKS objective". The reference ties no other goal to an objective.
   */
  goalObjectives: {
    APP_PURCHASES: ["APP_INSTALLS"],
    APP_CLICKS: ["APP_ENGAGEMENTS", "APP_INSTALLS"],
    APP_INSTALLS: ["APP_ENGAGEMENTS", "APP_INSTALLS"],
    SITE_VISITS: ["WEBSITE_CLICKS"],
  } as const,
  /** ref POST line_items `primary_web_event_tag`: required with this goal. */
  webEventTagGoal: "WEBSITE_CONVERSIONS",
  /** ref campaign-management/reference.mdx, POST line_items `pay_by` (what a request may give). */
  payBy: ["APP_CLICK", "IMPRESSION", "LINK_CLICK"] as const,
  /**
   * ref POST line_items `pay_by`: set "only ... for line items using the
   * APP_INSTALLS objective"; yet the same text gives the LINK_CLICKS and
   * SITE_VISITS goals (WEBSITE_CLICKS line items) values of their own, so
   * WEBSITE_CLICKS takes it too. Any other objective: refused, the platform
   * chooses. Values per objective, then per goal.
   */
  payByObjectives: {
    APP_INSTALLS: ["APP_CLICK", "IMPRESSION"],
    WEBSITE_CLICKS: ["IMPRESSION", "LINK_CLICK"],
  } as const,
  payByGoals: {
    APP_INSTALLS: ["APP_CLICK", "IMPRESSION"],
    LINK_CLICKS: ["IMPRESSION", "LINK_CLICK"],
    SITE_VISITS: ["IMPRESSION"],
  } as const,
  /** ref POST line_items `pay_by`: LINK_CLICKS bills IMPRESSION by default, "but [it] is not supported when setting TARGET". */
  payByNotWithTarget: { goal: "LINK_CLICKS", payBy: "IMPRESSION" } as const,
  /**
   * What pay_by a line item answers when none is given. ref
   * POST line_items: IMPRESSION for the APP_INSTALLS, LINK_CLICKS and
   * SITE_VISITS goals (LINK_CLICK for LINK_CLICKS with TARGET, in the
   * emulator's code); its examples answer ENGAGEMENT for ENGAGEMENTS line
   * items; ref campaign-management.mdx prices APP_ENGAGEMENTS by app click
   * (CPAC). The rest: IMPRESSION.
   */
  defaultPayBy: {
    APP_ENGAGEMENTS: "APP_CLICK", APP_INSTALLS: "IMPRESSION", ENGAGEMENTS: "ENGAGEMENT", FOLLOWERS: "IMPRESSION",
    PREROLL_VIEWS: "IMPRESSION", REACH: "IMPRESSION", VIDEO_VIEWS: "IMPRESSION", WEBSITE_CLICKS: "IMPRESSION",
  } as const,
  /** ref POST line_items `android_app_store_identifier`, `ios_app_store_identifier`: these objectives "require setting at least one". */
  appObjectives: ["APP_ENGAGEMENTS", "APP_INSTALLS"] as const,
  /** ref POST line_items `advertiser_domain` and `categories`: each "Required when the line item's placement is set to PUBLISHER_NETWORK". */
  publisherNetworkPlacement: "PUBLISHER_NETWORK",
  /** ref campaign-management/reference.mdx, GET advertiser_business_categories (and ref campaign-management.mdx, preroll guide): PREROLL_VIEWS line items must carry `categories`. */
  categoriesObjective: "PREROLL_VIEWS",
  /** ref campaign-management/reference.mdx, POST funding_instruments `type`. */
  fundingInstrumentType: ["AGENCY_CREDIT_LINE", "CREDIT_CARD", "CREDIT_LINE", "INSERTION_ORDER", "PARTNER_MANAGED"] as const,
  /**
   * ref fundamentals/currency.mdx: the currencies the Ads API recognizes
   * (ISO-4217), which the page lists by precision: two decimals, none (VND,
   * KRW, CLP, JPY) and three (KWD, IQD, BHD, TND). POST funding_instruments
   * takes `currency` (ref campaign-management/reference.mdx): another code
   * is refused as an invalid parameter.
   */
  currency: [
    "AED", "ARS", "AUD", "BHD", "BRL", "CAD", "CLP", "COP", "DZD", "EGP", "EUR", "GBP", "HKD", "IDR", "INR", "IQD", "JPY", "KRW",
    "KWD", "LBP", "MAD", "MXN", "MYR", "NZD", "PHP", "PKR", "QAR", "SAR", "SGD", "THB", "TND", "TRY", "USD", "VEF", "VND",
  ] as const,
  /** ref campaign-management/reference.mdx, POST tracking_tags. */
  trackingTagType: ["IMPRESSION_TAG", "CLICK_TRACKER"] as const,
  /** ref campaign-management/reference.mdx, PUT accounts `industry_type`. */
  industryType: [
    "AGENCY", "BUSINESS_TO_BUSINESS", "ONLINE_SERVICES", "EDUCATION", "FINANCIAL", "HEALTH", "GOVERNMENT",
    "MEDIA", "MOBILE", "RESTAURANT", "RETAIL", "TECHNOLOGY", "TRAVEL", "OTHER",
  ] as const,
  /** ref creatives/reference.mdx, GET account_media `creative_types`. */
  creativeType: [
    "BANNER", "BANNER_TABLET", "INTERSTITIAL", "INTERSTITIAL_LANDSCAPE", "INTERSTITIAL_LANDSCAPE_TABLET",
    "INTERSTITIAL_TABLET", "MEDIUM_RECTANGLE", "PREROLL", "VAST_PREROLL",
  ] as const,
  /** ref creatives/reference.mdx, GET cards `card_types`. */
  cardType: [
    "IMAGE_APP", "IMAGE_CAROUSEL_APP", "IMAGE_CAROUSEL_WEBSITE", "IMAGE_MULTI_DEST_CAROUSEL_WEBSITE", "IMAGE_WEBSITE",
    "MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE", "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP", "MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE",
    "VIDEO_APP", "VIDEO_CAROUSEL_APP", "VIDEO_CAROUSEL_WEBSITE", "VIDEO_MULTI_DEST_CAROUSEL_WEBSITE", "VIDEO_WEBSITE",
  ] as const,
  /** ref creatives/reference.mdx, Cards (components): the label values of a BUTTON component. */
  cardButtonLabel: ["BOOK", "CONNECT", "INSTALL", "OPEN", "ORDER", "PLAY", "SHOP"] as const,
  /** ref creatives/reference.mdx, Cards (components): the one destination type each component takes. */
  componentDestination: { DETAILS: "WEBSITE", BUTTON: "APP" } as const,
  /** ref creatives/reference.mdx, POST cards/image_conversation: a conversation card's CTAs, `<n>_cta` with `<n>_cta_tweet`. */
  conversationCardCta: ["first", "second", "third", "fourth"] as const,
  /** ref campaign-management/reference.mdx, GET promotable_users. */
  promotableUserType: ["FULL", "RETWEETS_ONLY"] as const,
  /** ref campaign-management/reference.mdx, GET authenticated_user_access: the roles it answers. */
  permission: [
    "ACCOUNT_ADMIN", "AD_MANAGER", "CREATIVE_MANAGER", "CAMPAIGN_ANALYST", "ANALYST", "PARTNER_AUDIENCE_MANAGER", "TWEET_COMPOSER",
  ] as const,
  /** ref campaign-management/reference.mdx, GET authenticated_user_access: TWEET_COMPOSER comes only with these roles. */
  tweetComposerRoles: ["ACCOUNT_ADMIN", "AD_MANAGER", "CREATIVE_MANAGER"] as const,
  /** ref creatives/reference.mdx, POST tweet. */
  conversationSettings: ["EVERYONE", "FOLLOWING", "MENTIONED_USERS"] as const,
  /** ref creatives/reference.mdx, POST tweet. */
  videoCta: ["VISIT_SITE", "WATCH_NOW"] as const,
  /** The text of a preroll call to action's button (ref creatives/reference.mdx, POST and PUT preroll_call_to_actions `call_to_action`). */
  prerollCallToAction: ["GO_TO", "SEE_MORE", "SHOP", "VISIT_SITE", "WATCH_NOW"] as const,
  /** ref creatives/reference.mdx, GET tweets and GET tweet_previews. */
  tweetType: ["DRAFT", "PUBLISHED", "SCHEDULED"] as const,
  /** ref creatives/reference.mdx, GET tweets. */
  timelineType: ["ALL", "NULLCAST", "ORGANIC"] as const,
  /** ref campaign-management/reference.mdx, GET content_categories: the targeting type of content categories. */
  contentCategoryTargetingType: "IAB_CATEGORY",
  /**
   * ref campaign-management/reference.mdx, GET content_categories
   * (IAB_CATEGORY) and POST targeting_criteria `targeting_type`
   * (non-keyword, keyword, custom audience, app store category and TAP app
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
   * Targeting types that take operators of their own, and no other: APP_LIST
   * "may only be used with operator_type=NE" (ref
   * campaign-management/reference.mdx, POST targeting_criteria);
   * NETWORK_ACTIVATION_DURATION takes "LT for less than and GTE for greater
   * than or equal" (ref campaign-management.mdx, "Understanding targeting
   * types"), the one type the reference names for the operators that work
   * "in conjunction with certain targeting_type values" (POST batch
   * targeting_criteria): no other type takes GTE or LT.
   */
  targetingTypeOperators: {
    APP_LIST: ["NE"],
    NETWORK_ACTIVATION_DURATION: ["GTE", "LT"],
  } as const,
  /** The operators of every other targeting type (ref POST targeting_criteria: NE for negated targeting). */
  otherTargetingOperators: ["EQ", "NE"] as const,
  /**
   * Targeting types whose targeting_value is one of a list: ENGAGEMENT_TYPE
   * takes IMPRESSION or ENGAGEMENT (Tweet engager targeting) and VIDEO_VIEW,
   * VIDEO_VIEW_PARTIAL, VIDEO_VIEW_COMPLETE (video viewer targeting) (ref
   * campaign-management.mdx, "Understanding targeting types").
   */
  targetingTypeValues: {
    ENGAGEMENT_TYPE: ["IMPRESSION", "ENGAGEMENT", "VIDEO_VIEW", "VIDEO_VIEW_PARTIAL", "VIDEO_VIEW_COMPLETE"],
  } as const,
  /**
   * ref campaign-management/reference.mdx, POST audience_estimate: EQ (the
   * default) or NE; targeting criteria also take GTE and LT (ref campaign-management/reference.mdx, POST
   * targeting_criteria and its batch).
   */
  operatorType: ["EQ", "NE", "GTE", "LT"] as const,
  /** ref audiences/reference.mdx, GET custom_audiences: `permission_scope`, OWNER by default. */
  permissionScope: ["OWNER", "SHARED"] as const,
  /** ref audiences/reference.mdx, POST custom_audiences/:id/users and the do-not-reach upload: `operation_type`. */
  audienceUserOperation: ["Update", "Delete"] as const,
  /** ref audiences/reference.mdx, POST custom_audiences/:id/users: user object fields of an upload. */
  customAudienceUserFields: ["email", "device_id", "handle", "twitter_id", "phone_number", "partner_user_id"] as const,
  /** ref audiences/reference.mdx, POST batch do_not_reach_lists/:id/users: user object fields of a do-not-reach upload. */
  doNotReachUserFields: ["email", "phone_number"] as const,
  /** ref audiences/reference.mdx, POST custom_audiences/:id/users: every value but partner_user_id is normalized and hashed. */
  unhashedUserFields: ["partner_user_id"] as const,
  /** ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences. */
  flexibleAudienceType: ["FLEXIBLE", "MOBILE_AUDIENCE"] as const,
  booleanOperator: ["AND", "OR"] as const,
  /** ref audiences/reference.mdx, POST batch/accounts/:account_id/custom_audiences: NUM_GTE the default. */
  frequencyComparator: ["NUM_GTE", "NUM_GT", "NUM_EQ", "NUM_LTE", "NUM_LT"] as const,
  /** ref audiences/reference.mdx, POST custom_audiences/:id/permissions. */
  audiencePermissionLevel: ["READ_ONLY", "READ_WRITE"] as const,
  /** ref audiences/reference.mdx, Custom Audience Permissions: the owner account's feature that allows sharing outside its business. */
  shareAudienceOutsideBusiness: "SHARE_AUDIENCE_OUTSIDE_BUSINESS",
  /**
   * ref campaign-management/reference.mdx, POST accounts/:account_id/features,
   * plus SHARE_AUDIENCE_OUTSIDE_BUSINESS: ref audiences/reference.mdx names it
   * without saying how an account gets it (the real platform: through the account manager); the
   * emulator's sandbox grants it so programs can try sharing outside the business.
   */
  featureKey: FEATURE_KEYS,
  /**
   * ref campaign-management/reference.mdx, GET features: only features "in
   * beta or an otherwise limited release" (REACH_AND_FREQUENCY_ANALYTICS, REACH_FREQUENCY_CAP,
   * WEBSITE_CLICKS_CPM_BILLING). The emulator also shows the keys a sandbox
   * account was given, so a program can read back what it added: every
   * featureKey, plus WEBSITE_CLICKS_CPM_BILLING, which the sandbox cannot add.
   */
  readableFeatureKey: [...FEATURE_KEYS, "WEBSITE_CLICKS_CPM_BILLING"] as const,
  /** ref campaign-management/reference.mdx, PUT tax_settings. */
  invoiceJurisdiction: ["LOI_SAPIN", "NONE", "NOT_SET"] as const,
  taxCategory: ["BUSINESS_NO_VAT", "BUSINESS_WITH_VAT", "INDIVIDUAL"] as const,
} as const;

/** Value forms the platform checks, where a value is free text of a known shape. */
export const FORMS = {
  /** ref creatives/reference.mdx, Cards (APP destination): `country_code`, ISO 3166-1 alpha-2. */
  countryCode: /^[A-Z]{2}$/,
  /**
   * ref creatives/reference.mdx, POST cards/image_conversation: CTAs are
   * hashtags. Which characters one may hold is not shown: letters, digits and _ after the #, as on the platform.
   */
  hashtag: /^#[\p{L}\p{N}_]+$/u,
  /**
   * Content categories map to `iab_categories` values; ref
   * campaign-management/reference.mdx, GET iab_categories:
   * `IAB<n>` and `IAB<n>-<m>`.
   */
  iabCategoryValue: /^IAB\d+(-\d+)?$/,
  /**
   * `subscribe_email_types` (ACCOUNT_PERFORMANCE, PERFORMANCE_IMPROVEMENT...)
   * is no longer in ref campaign-management/reference.mdx, PUT user_settings
   * (docs/real-platform.md), so values are checked for their form: capitals and _.
   */
  emailType: /^[A-Z][A-Z_]*$/,
} as const;

/**
 * POST accounts/:account_id/audience_estimate (ref
 * campaign-management/reference.mdx, "Audience Estimate"): at least one
 * primary targeting criterion, the primary types being those the targeting
 * guide puts in a union (ref campaign-management.mdx, "Targeting Criteria
 * Combinations": Followers, Tailored Audiences, Interests, Keywords, TV);
 * the request's operator_type is EQ (default) or NE.
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
