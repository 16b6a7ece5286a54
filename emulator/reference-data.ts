/**
 * Reference data the platform serves to every account (seed 4.3, 4.7): the
 * content categories and their IAB categories, curated categories by
 * country, bidding rules by currency, valid placements by product type, and
 * the platform users an account may promote besides its own. The seed shows
 * the endpoints, not the catalogues: these are small, fixed samples in the
 * real platform's shapes (seed: not shown; real platform serves hundreds),
 * the same in both environments and after every reset.
 */
import { ENUMS } from "./platform";

type ProductType = (typeof ENUMS.productType)[number];
type Placement = (typeof ENUMS.placement)[number];

export interface ContentCategory {
  id: string;
  name: string;
  /** seed 4.3: each content category maps to one or more IAB categories. */
  iab_categories: string[];
  /** seed: not shown; real platform (tests/conformance corpus): how many publishers and videos monetized in the category lately. */
  publishers_in_last_thirty_days: number;
  videos_monetized_in_last_thirty_days: number;
}

/** seed: not shown; real platform names content categories after the IAB content taxonomy's tiers. */
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
 * `location_type` criteria answer. seed: not shown; real platform serves
 * them from GET targeting_criteria/locations (not emulated): here only the
 * reference's example (tests/conformance corpus, POST batch
 * targeting_criteria, from x-ads-api/campaign-management/reference.mdx).
 */
export const LOCATIONS: Readonly<Record<string, { name: string; location_type: string }>> = {
  "5122804691e5fecc": { name: "San Francisco-Oakland-San Jose CA, US", location_type: "CITY" },
};

export interface CuratedCategory {
  id: string;
  name: string;
  description: string;
  /** seed 2: availability by country (two-letter ISO codes). */
  country_codes: string[];
  /** seed: not shown; real platform (tests/conformance corpus): the publishers the category runs beside, and its activity. */
  publisher_user_ids: string[];
  videos_monetized_in_last_thirty_days: number;
  created_at: string;
  updated_at: string;
}

/**
 * Curated categories (seed 4.3, 4.6): a handful, each available in a few
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

/** seed 4.3: minimum and maximum CPE bids by currency; the real platform's USD values, others alike. */
export const BIDDING_RULES: readonly BiddingRule[] = [
  { currency: "USD", minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 100_000_000, minimum_denomination: 10_000 },
  { currency: "EUR", minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 100_000_000, minimum_denomination: 10_000 },
  { currency: "GBP", minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 80_000_000, minimum_denomination: 10_000 },
  { currency: "JPY", minimum_cpe_bid_local_micro: 1_000_000, maximum_cpe_bid_local_micro: 10_000_000_000, minimum_denomination: 1_000_000 },
];

/**
 * seed 4.3: valid placement and product type combinations. seed: not
 * shown; real platform answers, per product type, the placement sets a
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
 * users. Eligibility for promotion (seed 4.7: "ineligible user: HTTP 400
 * and no user promoted"; the rule itself is not shown) is modelled as: the
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
