/**
 * Reference data the platform serves to every account (ref campaign-management/reference.mdx, GET content_categories, curated_categories, bidding_rules, line_items/placements, promotable_users): the
 * content categories and their IAB categories, curated categories by
 * country, bidding rules by currency, valid placements by product type, and
 * the platform users an account may promote besides its own. The reference
 * shows the endpoints and examples, not the catalogues: these are small, fixed samples in the
 * real platform's shapes (the real platform serves hundreds),
 * the same in both environments and after every reset.
 */
import { ENUMS } from "./platform";

type ProductType = (typeof ENUMS.productType)[number];
type Placement = (typeof ENUMS.placement)[number];

export interface ContentCategory {
  id: string;
  name: string;
  /** ref campaign-management/reference.mdx, GET content_categories: each content category maps to one or more IAB categories. */
  iab_categories: string[];
  /** The real platform (tests/conformance corpus): how many publishers and videos monetized in the category lately. */
  publishers_in_last_thirty_days: number;
  videos_monetized_in_last_thirty_days: number;
}

/** The real platform names content categories after the IAB content taxonomy's tiers. */
export const CONTENT_CATEGORIES: readonly ContentCategory[] = [
  { id: "1", name: "Arts & Entertainment", iab_categories: ["IAB1", "IAB1-1", "IAB1-2", "IAB1-6"], publishers_in_last_thirty_days: 40, videos_monetized_in_last_thirty_days: 900 },
  { id: "2", name: "Automotive", iab_categories: ["IAB2", "IAB2-1", "IAB2-3"], publishers_in_last_thirty_days: 12, videos_monetized_in_last_thirty_days: 316 },
  { id: "3", name: "Business", iab_categories: ["IAB3", "IAB3-1"], publishers_in_last_thirty_days: 9, videos_monetized_in_last_thirty_days: 120 },
  { id: "9", name: "Hobbies & Interests", iab_categories: ["IAB9", "IAB9-30"], publishers_in_last_thirty_days: 15, videos_monetized_in_last_thirty_days: 240 },
  { id: "17", name: "Sports", iab_categories: ["IAB17", "IAB17-12", "IAB17-44"], publishers_in_last_thirty_days: 60, videos_monetized_in_last_thirty_days: 2446 },
  { id: "19", name: "Technology & Computing", iab_categories: ["IAB19", "IAB19-6", "IAB19-18"], publishers_in_last_thirty_days: 20, videos_monetized_in_last_thirty_days: 448 },
];

/** Every IAB category some content category maps to: the values IAB_CATEGORY targeting accepts. */
export const IAB_CATEGORIES: ReadonlySet<string> = new Set(CONTENT_CATEGORIES.flatMap((c) => c.iab_categories));

/**
 * Locations LOCATION targeting names, by targeting_value, with the
 * `location_type` criteria answer. The real platform serves
 * them from GET targeting_criteria/locations (not emulated): here only the
 * reference's example (tests/conformance corpus, POST batch
 * targeting_criteria, from x-ads-api/campaign-management/reference.mdx).
 */
export const LOCATIONS: Readonly<Record<string, { name: string; location_type: string }>> = {
  "5122804691e5fecc": { name: "San Francisco-Oakland-San Jose CA, US", location_type: "CITY" },
  // The one country the reference names (x-ads-api/campaign-management.mdx, curated categories: GET targeting_criteria/locations?location_type=COUNTRIES).
  "96683cc9126741d1": { name: "United States", location_type: "COUNTRIES" },
};

export interface CuratedCategory {
  id: string;
  name: string;
  description: string;
  /** ref campaign-management/reference.mdx, GET curated_categories: availability by country (two-letter ISO codes). */
  country_codes: string[];
  /** The real platform (tests/conformance corpus): the publishers the category runs beside, and its activity. */
  publisher_user_ids: string[];
  videos_monetized_in_last_thirty_days: number;
  created_at: string;
  updated_at: string;
}

/**
 * Curated categories (ref campaign-management/reference.mdx, GET curated_categories): a handful, each available in a few
 * countries, so a query by country codes has something to filter.
 */
export const CURATED_CATEGORIES: readonly CuratedCategory[] = ([
  { id: "1jq3", name: "Sports", description: "Live sports and commentary", country_codes: ["US", "GB", "CA"] },
  { id: "1jq4", name: "News", description: "Publishers of breaking news", country_codes: ["US", "GB", "DE", "FR"] },
  { id: "1jq5", name: "Cooking", description: "Recipes and food creators", country_codes: ["US"] },
  { id: "1jq6", name: "Gaming", description: "Games and esports", country_codes: ["US", "JP", "KR"] },
  { id: "1jq7", name: "Fashion", description: "Style and fashion houses", country_codes: ["FR", "IT", "GB"] },
] satisfies Pick<CuratedCategory, "id" | "name" | "description" | "country_codes">[]).map((c) => ({
  ...c,
  // The public users of PLATFORM_USERS as the publishers; one activity count and date for all.
  publisher_user_ids: ["2244994945", "783214"], videos_monetized_in_last_thirty_days: 448,
  created_at: "2021-03-09T20:18:13Z", updated_at: "2021-03-09T20:18:13Z",
}));

export interface BiddingRule {
  currency: string;
  minimum_cpe_bid_local_micro: number;
  maximum_cpe_bid_local_micro: number;
  minimum_denomination: number;
}

/** ref campaign-management/reference.mdx, GET bidding_rules: minimum and maximum CPE bids by currency; the real platform's USD values, others alike. */
export const BIDDING_RULES: readonly BiddingRule[] = [
  { currency: "USD", minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 100_000_000, minimum_denomination: 10_000 },
  { currency: "EUR", minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 100_000_000, minimum_denomination: 10_000 },
  { currency: "GBP", minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 80_000_000, minimum_denomination: 10_000 },
  { currency: "JPY", minimum_cpe_bid_local_micro: 1_000_000, maximum_cpe_bid_local_micro: 10_000_000_000, minimum_denomination: 1_000_000 },
];

/**
 * ref campaign-management/reference.mdx, GET line_items/placements: valid
 * placement and product type combinations; the real platform answers, per product type, the placement sets a
 * line item may use.
 */
export const PLACEMENTS: ReadonlyArray<{ product_type: ProductType; placements: Placement[][] }> = [
  { product_type: "MEDIA", placements: [["PUBLISHER_NETWORK"]] },
  { product_type: "PROMOTED_ACCOUNT", placements: [["ALL_ON_TWITTER"], ["TWITTER_PROFILE"], ["TWITTER_SEARCH"], ["TWITTER_TIMELINE"]] },
  {
    product_type: "PROMOTED_TWEETS",
    placements: [["ALL_ON_TWITTER"], ["ALL_ON_TWITTER", "PUBLISHER_NETWORK"], ["PUBLISHER_NETWORK"], ["TWITTER_PROFILE"], ["TWITTER_REPLIES"], ["TWITTER_SEARCH"], ["TWITTER_TIMELINE"]],
  },
];

export interface PlatformUser {
  user_id: string;
  screen_name: string;
  protected: boolean;
}

/**
 * Platform users the emulator knows besides each account's promotable
 * users. Eligibility for promotion (ref campaign-management/reference.mdx, POST promoted_accounts: "an HTTP
 * 400 will be returned and no users will be promoted"; the rule itself is not shown) is modelled as: the
 * user is a live promotable user of the account, or a known public user.
 * Protected users and users the platform does not know are ineligible.
 */
export const PLATFORM_USERS = {
  publicBrand: { user_id: "2244994945", screen_name: "XDevelopers", protected: false },
  publicNews: { user_id: "783214", screen_name: "X", protected: false },
  protectedUser: { user_id: "1500000000000000001", screen_name: "private_person", protected: true },
} as const satisfies Record<string, PlatformUser>;

const PLATFORM_USERS_BY_ID = new Map<string, PlatformUser>(Object.values(PLATFORM_USERS).map((u) => [u.user_id, u]));

export function platformUser(userId: string): PlatformUser | undefined {
  return PLATFORM_USERS_BY_ID.get(userId);
}

/** The RETWEETS_ONLY promotable user seeded beside the configured (FULL) one. */
export const RETWEETS_ONLY_USER_ID = "1029384756102938475";

export interface AdvertiserBusinessCategory {
  id: string;
  name: string;
  /** The values a PREROLL_VIEWS line item's `categories` carries for this business category. */
  iab_categories: string[];
}

/**
 * Advertiser business categories (ref campaign-management/reference.mdx, GET advertiser_business_categories): the reference's full list
 * (ref campaign-management/reference.mdx, GET advertiser_business_categories),
 * as it answers it. No IAB value belongs to two of them, so a line item's
 * `categories` names its business categories unambiguously.
 */
export const ADVERTISER_BUSINESS_CATEGORIES: readonly AdvertiserBusinessCategory[] = [
  { id: "1jl", name: "Consumer Packaged Goods", iab_categories: ["IAB9-26", "IAB9-18", "IAB9-29", "IAB9-1", "IAB9-8", "IAB9-22", "IAB6", "IAB9-5", "IAB9-12", "IAB9-11", "IAB9-23", "IAB9-14", "IAB4", "IAB9-25", "IAB9-17", "IAB23", "IAB9-24", "IAB9-13", "IAB16", "IAB9-4", "IAB9-9", "IAB9-20", "IAB22", "IAB9-28", "IAB9-27", "IAB9-16", "IAB9-31", "IAB9-3", "IAB9-19", "IAB10", "IAB9-2", "IAB9-6", "IAB9-21", "IAB9-10", "IAB9-15"] },
  { id: "1jm", name: "Health & Pharma", iab_categories: ["IAB7"] },
  { id: "1jn", name: "Alcohol", iab_categories: ["IAB8-5", "IAB8-18"] },
  { id: "1jo", name: "Dining", iab_categories: ["IAB8-10", "IAB8-8", "IAB8-7", "IAB8-15", "IAB8-3", "IAB8-4", "IAB8-1", "IAB8-16", "IAB8-12", "IAB8-13", "IAB8-17", "IAB8-11", "IAB8-6", "IAB8-9", "IAB8-2", "IAB8-14"] },
  { id: "1jp", name: "Financial Services", iab_categories: ["IAB3", "IAB13", "IAB21"] },
  { id: "1jq", name: "Retail", iab_categories: ["IAB18"] },
  { id: "1jr", name: "Travel", iab_categories: ["IAB20"] },
  { id: "1js", name: "Gaming", iab_categories: ["IAB9-30"] },
  { id: "1jt", name: "Technology", iab_categories: ["IAB19-22", "IAB19-13", "IAB19-4", "IAB19-33", "IAB19-26", "IAB19-3", "IAB19-16", "IAB19-9", "IAB19-32", "IAB19-25", "IAB19-30", "IAB19-36", "IAB19-21", "IAB5", "IAB19-12", "IAB19-28", "IAB19-17", "IAB19-8", "IAB19-7", "IAB19-24", "IAB15", "IAB19-11", "IAB19-31", "IAB19-20", "IAB19-15", "IAB19-1", "IAB19-35", "IAB19-29", "IAB19-34", "IAB19-23", "IAB19-2", "IAB19-5", "IAB19-14", "IAB19-27", "IAB19-10", "IAB19-19"] },
  { id: "1ju", name: "Telecommunication", iab_categories: ["IAB19-6", "IAB19-18"] },
  { id: "1jv", name: "Auto", iab_categories: ["IAB2"] },
  { id: "1jw", name: "Media & Entertainment", iab_categories: ["IAB14-8", "IAB14-4", "IAB1-5", "IAB14-7", "IAB1-7", "IAB17", "IAB14-3", "IAB1-1", "IAB12", "IAB1-6", "IAB25-1", "IAB1-2", "IAB14-2", "IAB14-6", "IAB1-3", "IAB1-4", "IAB14-5"] },
  { id: "1jx", name: "Politics", iab_categories: ["IAB11-4"] },
  { id: "1jy", name: "Gambling", iab_categories: ["IAB9-7"] },
  { id: "1jz", name: "Dating", iab_categories: ["IAB14-1"] },
  { id: "1k0", name: "Non-Profit", iab_categories: ["IAB11-1", "IAB11-2", "IAB11-3", "IAB11-5"] },
];

const BUSINESS_CATEGORY_OF_IAB = new Map<string, AdvertiserBusinessCategory>(
  ADVERTISER_BUSINESS_CATEGORIES.flatMap((c) => c.iab_categories.map((v) => [v, c] as const)),
);

/** The business category an IAB value belongs to, if any: what line item `categories` accepts. */
export function businessCategoryOf(iabValue: string): AdvertiserBusinessCategory | undefined {
  return BUSINESS_CATEGORY_OF_IAB.get(iabValue);
}

export interface Publisher {
  user_id: string;
  username: string;
  /** Ids of CONTENT_CATEGORIES the publisher's videos fall in. */
  content_category_ids: string[];
  monetizable_country_codes: string[];
  promotion_eligible_country_codes: string[];
  monetization_restricted: boolean;
}

/**
 * Publishers of content categories (shape: ref
 * campaign-management/reference.mdx, GET publishers). Which publishers
 * exist is the emulator's choice: the users CURATED_CATEGORIES name as their publishers,
 * each in content categories of CONTENT_CATEGORIES and monetizable in the
 * countries of the curated categories that name them.
 */
export const PUBLISHERS: readonly Publisher[] = [
  { user_id: PLATFORM_USERS.publicBrand.user_id, username: PLATFORM_USERS.publicBrand.screen_name, content_category_ids: ["19"] },
  { user_id: PLATFORM_USERS.publicNews.user_id, username: PLATFORM_USERS.publicNews.screen_name, content_category_ids: ["1", "17"] },
].map((p) => {
  const countries = [...new Set(CURATED_CATEGORIES.filter((c) => c.publisher_user_ids.includes(p.user_id)).flatMap((c) => c.country_codes))];
  return { ...p, monetizable_country_codes: countries, promotion_eligible_country_codes: countries, monetization_restricted: false };
});

export interface AccountApp {
  id: string;
  app_store_identifier: string;
  os_type: string;
  deep_link_pattern: string;
  conversion_tracking_enabled: boolean;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

/**
 * The mobile apps associated with every account (ref
 * campaign-management/reference.mdx, GET account_apps). How apps are associated is not documented (outside the
 * API): each account has the reference's example app (ref
 * campaign-management/reference.mdx, GET account_apps) and its iOS
 * counterpart, what app objectives' line items promote.
 */
export const ACCOUNT_APPS: readonly AccountApp[] = [
  { id: "4x", app_store_identifier: "com.twitter.android", os_type: "Android", deep_link_pattern: "twitter://", conversion_tracking_enabled: false, created_at: "2019-06-20T22:36:16Z", updated_at: "2021-10-19T20:05:29Z", deleted: false },
  { id: "4y", app_store_identifier: "333903271", os_type: "iOS", deep_link_pattern: "twitter://", conversion_tracking_enabled: false, created_at: "2019-06-20T22:36:16Z", updated_at: "2021-10-19T20:05:29Z", deleted: false },
];
