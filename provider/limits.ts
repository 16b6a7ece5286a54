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
  /**
   * Custom audiences and the do-not-reach list (seed 4.12, section 8): one
   * do-not-reach list per account; user uploads of both in chunks of
   * `audienceUpload` (2,500 operations, 5,000,000 bytes, 1,500 calls a
   * minute); expiry at most 13 months (after effective_at for audiences,
   * after now for the do-not-reach list).
   */
  doNotReachListsPerAccount: 1,
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
  /** GET custom_audiences `permission_scope` (seed 4.12): OWNER by default. */
  permissionScope: ["OWNER", "SHARED"] as const,
  /** Operations of audience and do-not-reach user uploads (seed 4.12). */
  audienceUserOperation: ["Update", "Delete"] as const,
  /** User object fields of a custom audience upload (seed 4.12), wire names. */
  customAudienceUserFields: ["email", "device_id", "handle", "platform_id", "phone_number", "partner_user_id"] as const,
  /** User object fields of a do-not-reach upload (seed 4.12). */
  doNotReachUserFields: ["email", "phone_number"] as const,
  /** The one user field sent as given, not hashed (seed 4.12). */
  unhashedUserFields: ["partner_user_id"] as const,
  industryType: [
    "AGENCY", "BUSINESS_TO_BUSINESS", "ONLINE_SERVICES", "EDUCATION", "FINANCIAL", "HEALTH",
    "GOVERNMENT", "MEDIA", "MOBILE", "RESTAURANT", "RETAIL", "TECHNOLOGY", "TRAVEL", "OTHER",
  ] as const,
} as const;

/**
 * `months` calendar months after an instant (UTC), the unit of the audience
 * expiry limit (section 8: 13 months). Jan 31 + 1 month is the last day of
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
