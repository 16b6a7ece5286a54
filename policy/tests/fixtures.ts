/**
 * One happy-path resource per kind: each passes every policy of the pack
 * with its default config (pack.test.ts checks it). A test changes one field
 * and asserts the exact message.
 */
import { ACCOUNT, Declared } from "./util";

type Overrides = Record<string, unknown>;

const declare = (kind: string, name: string, props: Overrides) =>
  (overrides: Overrides = {}, extra: Partial<Declared> = {}): Declared => ({ kind, name, props: { ...props, ...overrides }, ...extra });

export const fundingInstrument = declare("FundingInstrument", "usd", {
  accountId: ACCOUNT, currency: "USD", startTime: "2026-01-01T00:00:00Z",
});

export const campaign = declare("Campaign", "spring-sale", {
  accountId: ACCOUNT,
  fundingInstrumentId: "hw6ie",
  name: "Spring sale",
  entityStatus: "PAUSED",
  budgetOptimization: "LINE_ITEM",
  dailyBudgetAmountLocalMicro: 50_000_000,
  totalBudgetAmountLocalMicro: 1_000_000_000,
  purchaseOrderNumber: "PO-2026-0042",
  deletionProtection: true,
});

export const lineItem = declare("LineItem", "timeline", {
  accountId: ACCOUNT,
  campaignId: "8wku2",
  name: "Timeline clicks",
  objective: "WEBSITE_CLICKS",
  productType: "PROMOTED_TWEETS",
  placements: ["TWITTER_TIMELINE"],
  entityStatus: "PAUSED",
});

export const card = declare("Card", "spring-carousel", {
  accountId: ACCOUNT,
  name: "Spring carousel",
  components: [
    { type: "SWIPEABLE_MEDIA", mediaKeys: ["3_1001", "3_1002", "3_1003"] },
    { type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url: "https://example.com/spring" } },
  ],
});

export const tweet = declare("Tweet", "spring-video", {
  accountId: ACCOUNT,
  asUserId: "756201191646691328",
  text: "Spring is here",
  name: "Spring video",
  mediaKeys: ["13_2001"],
  videoTitle: "Spring sale",
  videoDescription: "Everything in the spring collection, 20% off this week.",
});

export const draftTweet = declare("DraftTweet", "spring-photos", {
  accountId: ACCOUNT,
  asUserId: "756201191646691328",
  text: "Spring looks",
  name: "Spring photos",
  mediaKeys: ["3_3001", "3_3002", "3_3003", "3_3004"],
});

export const scheduledTweet = declare("ScheduledTweet", "spring-launch", {
  accountId: ACCOUNT,
  asUserId: "756201191646691328",
  text: "Spring starts tomorrow",
  name: "Spring launch",
  scheduledAt: "2030-03-20T09:00:00Z",
  mediaKeys: ["16_2001"],
});

export const mediaCreative = declare("MediaCreative", "spring-banner", {
  accountId: ACCOUNT,
  accountMediaId: "am1007",
  lineItemId: "li1",
  landingUrl: "https://example.com/spring",
});

export const imageConversationCard = declare("ImageConversationCard", "spring-poll", {
  accountId: ACCOUNT,
  name: "Spring poll",
  mediaKey: "3_4001",
  title: "Which colour?",
  firstCta: "#SpringGreen",
  firstCtaTweet: "Green, obviously",
  secondCta: "#SpringYellow",
  secondCtaTweet: "Yellow all the way",
  thankYouText: "Thanks for voting!",
});

export const videoConversationCard = declare("VideoConversationCard", "spring-video-poll", {
  accountId: ACCOUNT,
  name: "Spring video poll",
  mediaKey: "13_5001",
  title: "Which look?",
  firstCta: "#LookOne",
  firstCtaTweet: "The first one",
  thankYouText: "Thanks!",
});

const segment = (customAudienceId: string, lookbackWindow = 7) => ({
  customAudienceId, lookbackWindow, frequency: 1, frequencyComparator: "NUM_GTE", negate: false,
});

export const flexibleAudience = declare("FlexibleAudience", "app-users", {
  accountId: ACCOUNT,
  name: "App users, recent",
  audienceType: "FLEXIBLE",
  booleanOperator: "AND",
  childSegments: [segment("ca1", 7), segment("ca2", 30)],
  deletionProtection: true,
});

export { segment };

export const targetingCriterion = declare("TargetingCriterion", "exclude-apps", {
  accountId: ACCOUNT,
  lineItemId: "li1",
  targetingType: "APP_LIST",
  targetingValue: "abc2",
  operatorType: "NE",
});

export const customAudience = declare("CustomAudience", "newsletter", {
  accountId: ACCOUNT,
  name: "Newsletter subscribers",
  description: "Hashed e-mail addresses of subscribers",
  deletionProtection: true,
});

export const PARTNER = "5gvk9h";

export const customAudiencePermission = declare("CustomAudiencePermission", "share-newsletter", {
  accountId: ACCOUNT,
  customAudienceId: "ca1",
  grantedAccountId: PARTNER,
  permissionLevel: "READ_ONLY",
});

export const tailoredAudiencePermission = declare("TailoredAudiencePermission", "share-legacy", {
  accountId: ACCOUNT,
  tailoredAudienceId: "ta1",
  grantedAccountId: PARTNER,
  permissionLevel: "READ_ONLY",
});

/** Config under which every happy-path resource passes every policy. */
export const HAPPY_CONFIG: Record<string, Record<string, unknown>> = {
  "xads-audience-permission-allow-list": { allowedAccountIds: [PARTNER] },
};

export const HAPPY_PATH = [
  fundingInstrument, campaign, lineItem, card, tweet, draftTweet, imageConversationCard, videoConversationCard,
  scheduledTweet, mediaCreative, flexibleAudience, customAudience, customAudiencePermission, tailoredAudiencePermission,
  targetingCriterion,
];
