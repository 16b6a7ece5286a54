/**
 * Platform limits, from section 8 of the Advertising API document (and the
 * endpoint tables of section 4). One module, imported by resource validation,
 * the emulator and the policy pack, so the three can never disagree.
 */
export const LIMITS = {
  /** Active campaigns per account: 200 by default (section 8). */
  activeCampaignsPerAccount: 200,
  /** ...raisable to 8,000 through the account manager (section 8). */
  activeCampaignsPerAccountRaised: 8000,
  /** Items in one POST /batch/accounts/:id/campaigns (section 8). */
  campaignBatchSize: 40,
  /** Items in one POST /batch/accounts/:id/custom_audiences (section 8). */
  customAudienceBatchSize: 10,
  /** Identifiers in one IDS list filter (section 4.1). */
  idsPerFilter: 200,
  /** `tweet_ids` in one POST promoted_tweets (section 4.7). */
  tweetIdsPerPromotedTweetsPost: 50,
  /** `count` of list endpoints (section 4.1): 1 to 1000, default 200. */
  count: { min: 1, max: 1000, default: 200 },
  /** `count` of cards and draft Tweets: 1 to 200, default 100. */
  cardCount: { min: 1, max: 200, default: 100 },
  /** `q` search prefix on accounts, campaigns, audiences: 1 to 255. */
  searchQuery: { min: 1, max: 255 },
  /** Audience and do-not-reach user uploads (section 8). */
  audienceUpload: { operationsPerRequest: 2500, bodyBytes: 5_000_000, requestsPerMinute: 1500, expiryMonths: 13 },
  /** Requests with with_total_count=true: 200 per 15 minutes (section 4.1). */
  withTotalCount: { requests: 200, windowSeconds: 15 * 60 },
  swipeableMedia: { min: 2, max: 6 },
  tweetMedia: { images: 4, gifs: 1, videos: 1 },
  flexibleAudienceLeaves: 10,
  flexibleAudienceLookbackWindows: [1, 7, 14, 30] as const,
  /** Text lengths (section 8). */
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
     * Line item names: not shown in the seed. The real platform documents
     * `name` (max 255) on POST line_items, as for campaigns.
     */
    lineItemName: 255,
  },
  /**
   * Line items: not shown in the seed. The real platform's published limits
   * (X Ads API "Campaign management" overview, "Limits" table): at most 100
   * line items per campaign and 8,000 active line items per account.
   */
  lineItemsPerCampaign: 100,
  /** Advertiser business categories of a PREROLL_VIEWS line item: one or two (seed 4.3). */
  lineItemCategories: { min: 1, max: 2 },
  activeLineItemsPerAccount: 8000,
} as const;

/** Enumerations named by the seed, shared by schemas, emulator and policies. */
export const ENUMS = {
  entityStatus: ["ACTIVE", "DRAFT", "PAUSED"] as const,
  /** DRAFT is refused on update (section 3). */
  entityStatusOnUpdate: ["ACTIVE", "PAUSED"] as const,
  budgetOptimization: ["CAMPAIGN", "LINE_ITEM"] as const,
  productType: ["MEDIA", "PROMOTED_ACCOUNT", "PROMOTED_TWEETS"] as const,
  /**
   * Objectives: the seed names PREROLL_VIEWS and WEBSITE_CLICKS; the rest are
   * the real platform's v12 objective values.
   */
  objective: [
    "APP_ENGAGEMENTS", "APP_INSTALLS", "ENGAGEMENTS", "FOLLOWERS", "PREROLL_VIEWS",
    "REACH", "VIDEO_VIEWS", "WEBSITE_CLICKS",
  ] as const,
  /** Placements: not shown in the seed; the real platform's v12 values. */
  placement: [
    "ALL_ON_TWITTER", "PUBLISHER_NETWORK", "TAP_BANNER", "TAP_FULL", "TAP_FULL_LANDSCAPE",
    "TAP_NATIVE", "TAP_MRECT", "TWITTER_PROFILE", "TWITTER_REPLIES", "TWITTER_SEARCH",
    "TWITTER_TIMELINE",
  ] as const,
  /** Bid strategies: not shown in the seed; the real platform's v12 values. */
  bidStrategy: ["AUTO", "MAX", "TARGET"] as const,
  /** Pay-by: not shown in the seed; the real platform's v12 values. */
  payBy: ["APP_CLICK", "IMPRESSION", "LINK_CLICK"] as const,
  /** Funding instrument types: not shown in the seed; the real platform's values. */
  fundingInstrumentType: ["AGENCY_CREDIT_LINE", "CREDIT_CARD", "CREDIT_LINE", "INSERTION_ORDER", "PARTNER_MANAGED"] as const,
  /** Tracking tag types (seed 4.10). */
  trackingTagType: ["IMPRESSION_TAG", "CLICK_TRACKER"] as const,
  industryType: [
    "AGENCY", "BUSINESS_TO_BUSINESS", "ONLINE_SERVICES", "EDUCATION", "FINANCIAL", "HEALTH",
    "GOVERNMENT", "MEDIA", "MOBILE", "RESTAURANT", "RETAIL", "TECHNOLOGY", "TRAVEL", "OTHER",
  ] as const,
} as const;

/**
 * Accounts and access, account features, tax and user settings (seed 4.2,
 * 4.9 and the enumerations of section 2).
 */
export const ACCOUNT_SETTINGS = {
  /**
   * Account names: seed: not shown (PUT accounts takes `name`); real platform
   * names are free text; the same 1 to 255 as campaign names is taken here.
   */
  accountName: { min: 1, max: 255 },
  /**
   * Keys POST/DELETE {ads_sandbox_url}/12/accounts/:id/features take: the
   * seed's list (section 2), plus SHARE_AUDIENCE_OUTSIDE_BUSINESS, which 4.12
   * names as an account feature without saying how an account gets it
   * (seed: not shown; the real platform grants it through the account
   * manager): the sandbox takes it here so programs can try sharing
   * audiences outside the business.
   */
  featureKeys: [
    "AGE_TARGETING", "ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE", "AWARENESS_OBJECTIVE", "BRAND_TPN",
    "CHARGE_FOR_GOOD_CLICK", "CONVERSATION_CARD", "CONVERSATION_CARD_FOUR_OPTIONS", "CONVERSATION_CARD_UNLOCK",
    "CPI_CHARGING", "DIRECT_MESSAGE_CARD", "DR_TAP", "ENGAGER_RETARGETING", "EVENT_TARGETING",
    "INSTALLED_APP_CATEGORY_TARGETING", "MOBILE_CONVERSION_TRANSACTION_VALUE", "OPTIMIZED_ACTION_BIDDING",
    "REACH_AND_FREQUENCY_ANALYTICS", "REACH_FREQUENCY_CAP", "VALIDATED_AGE_TARGETING", "VIDEO_VIEWS_MIDROLL_OBJECTIVE",
    "PREROLL_VIEWS_OBJECTIVE", "VIDEO_APP_DOWNLOAD_CARD", "SHARE_AUDIENCE_OUTSIDE_BUSINESS",
  ] as const,
  /**
   * Keys GET /accounts/:id/features filters on: every key above, plus
   * WEBSITE_CLICKS_CPM_BILLING, which the seed lists only among the features
   * GET shows (beta or limited releases) and the sandbox cannot add.
   */
  readableFeatureKeys: [
    "AGE_TARGETING", "ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE", "AWARENESS_OBJECTIVE", "BRAND_TPN",
    "CHARGE_FOR_GOOD_CLICK", "CONVERSATION_CARD", "CONVERSATION_CARD_FOUR_OPTIONS", "CONVERSATION_CARD_UNLOCK",
    "CPI_CHARGING", "DIRECT_MESSAGE_CARD", "DR_TAP", "ENGAGER_RETARGETING", "EVENT_TARGETING",
    "INSTALLED_APP_CATEGORY_TARGETING", "MOBILE_CONVERSION_TRANSACTION_VALUE", "OPTIMIZED_ACTION_BIDDING",
    "REACH_AND_FREQUENCY_ANALYTICS", "REACH_FREQUENCY_CAP", "VALIDATED_AGE_TARGETING", "VIDEO_VIEWS_MIDROLL_OBJECTIVE",
    "PREROLL_VIEWS_OBJECTIVE", "VIDEO_APP_DOWNLOAD_CARD", "SHARE_AUDIENCE_OUTSIDE_BUSINESS", "WEBSITE_CLICKS_CPM_BILLING",
  ] as const,
  /** Tax settings (seed 4.9). */
  invoiceJurisdiction: ["LOI_SAPIN", "NONE", "NOT_SET"] as const,
  taxCategory: ["BUSINESS_NO_VAT", "BUSINESS_WITH_VAT", "INDIVIDUAL"] as const,
  /**
   * subscribe_email_types (seed 4.2) gives ACCOUNT_PERFORMANCE and
   * PERFORMANCE_IMPROVEMENT "for example": the full list is not shown, so
   * values are checked for their form (capitals and _), not against a list.
   */
  emailType: /^[A-Z][A-Z_]*$/,
} as const;
