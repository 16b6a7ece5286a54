/**
 * The example of each kind's reference page (docs/resources/<Kind>.md): the
 * program fragment of its row in the e2e walk (tests/e2e/walk-table.ts,
 * version 1's arguments), which a real `pulumi up` runs against the
 * emulator. A unit test (tests/unit/resource-docs.test.ts) holds them equal,
 * so a page shows what the walk proves. A string `${name.id}` refers to the
 * resource `name` (of SUPPORT or the example itself); `${siblingAccountId}`
 * is another ads account the program is given.
 */
import type { ResourceKind } from "../provider/resources";

export interface Example {
  /** The resource's name in the program (its variable too). */
  name: string;
  args: Record<string, unknown>;
}

/** A fixed time in the future (the walk takes a month from now, which a committed page cannot). */
export const SCHEDULED_AT = "2027-01-15T09:00:00Z";
/** The emulator's demo user: the advertiser user the examples post as. */
const USER = "756201191646691328";

/** The resources examples refer to: the walk's prerequisites (support), in the order a program declares them. */
export const SUPPORT: readonly (Example & { kind: ResourceKind })[] = [
  { kind: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  { kind: "Campaign", name: "base", args: { fundingInstrumentId: "${usd.id}", name: "Walk base", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
  { kind: "LineItem", name: "tweets", args: { campaignId: "${base.id}", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
  { kind: "Campaign", name: "reach", args: { fundingInstrumentId: "${usd.id}", name: "Walk reach", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
  { kind: "LineItem", name: "followers", args: { campaignId: "${reach.id}", objective: "FOLLOWERS", productType: "PROMOTED_ACCOUNT", placements: ["ALL_ON_TWITTER"] } },
  { kind: "ScheduledTweet", name: "launch", args: { asUserId: USER, text: "Launch day", scheduledAt: SCHEDULED_AT } },
  { kind: "ScheduledTweet", name: "encore", args: { asUserId: USER, text: "Encore", scheduledAt: SCHEDULED_AT } },
  { kind: "CustomAudience", name: "installers", args: { name: "Walk installers", deletionProtection: false } },
  { kind: "CustomAudience", name: "buyers", args: { name: "Walk buyers", deletionProtection: false } },
  { kind: "DoNotReachList", name: "siblingOptOuts", args: { accountId: "${siblingAccountId}", description: "Sibling opt-outs" } },
];

const users = (...names: string[]) => names.map((n) => ({ email: [`${n}@example.org`] }));
const conversationCard = (name: string, mediaKey: string, unlocked: Record<string, string>) => ({
  name: `Walk ${name}`, mediaKey, ...unlocked, title: "Which colour?",
  firstCta: "#SpringGreen", firstCtaTweet: "Green", secondCta: "#SpringYellow", secondCtaTweet: "Yellow", thankYouText: "Thanks for voting!",
});

/** One example per kind (the walk's row; accounts other than the stack's are given). */
export const EXAMPLES: Record<ResourceKind, Example> = {
  FundingInstrument: { name: "fi", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
  Campaign: { name: "campaign", args: { fundingInstrumentId: "${usd.id}", name: "Walk campaign", dailyBudgetAmountLocalMicro: 1_000_000 } },
  LineItem: { name: "lineItem", args: { campaignId: "${base.id}", name: "Walk line item", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
  TrackingTag: { name: "trackingTag", args: { lineItemId: "${tweets.id}", trackingTagType: "IMPRESSION_TAG", trackingTagUrl: "https://tags.example/i?v=1" } },
  PromotedTweet: { name: "promotedTweet", args: { lineItemId: "${tweets.id}", tweetId: "1500000000000000001" } },
  Card: {
    name: "card",
    args: {
      name: "Walk card",
      components: [
        { type: "SWIPEABLE_MEDIA", mediaKeys: ["3_1003", "3_1004"] },
        { type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url: "https://example.com/spring" } },
      ],
    },
  },
  ImageConversationCard: { name: "imagePoll", args: conversationCard("imagePoll", "3_1001", { unlockedImageMediaKey: "3_1007" }) },
  VideoConversationCard: { name: "videoPoll", args: conversationCard("videoPoll", "7_3001", { unlockedVideoMediaKey: "7_3002" }) },
  PromotedAccount: { name: "promotedAccount", args: { lineItemId: "${followers.id}", userId: "2244994945" } },
  LineItemCuratedCategory: { name: "curatedCategory", args: { lineItemId: "${tweets.id}", curatedCategoryId: "1jq3" } },
  TargetingCriterion: { name: "criterion", args: { lineItemId: "${tweets.id}", targetingType: "IAB_CATEGORY", targetingValue: "IAB17-12" } },
  DraftTweet: { name: "draft", args: { asUserId: USER, text: "Spring looks", mediaKeys: ["3_1001"], name: "walk draft" } },
  ScheduledTweet: { name: "scheduled", args: { asUserId: USER, text: "Spring starts now", scheduledAt: SCHEDULED_AT, name: "walk launch" } },
  Tweet: { name: "tweet", args: { asUserId: USER, text: "Watch the spring film", name: "walk film" } },
  ScheduledPromotedTweet: { name: "scheduledPromotion", args: { lineItemId: "${tweets.id}", scheduledTweetId: "${launch.id}" } },
  MediaCreative: { name: "mediaCreative", args: { accountMediaId: "am1007", lineItemId: "${tweets.id}", landingUrl: "https://example.com/spring" } },
  SandboxAccount: { name: "sandboxAccount", args: { name: "Walk shop", industryType: "RETAIL" } },
  AccountFeatures: { name: "features", args: { featureKeys: ["AGE_TARGETING", "CONVERSATION_CARD"] } },
  TaxSettings: { name: "tax", args: { taxCategory: "BUSINESS_WITH_VAT", taxId: "FR1" } },
  UserSettings: { name: "userSettings", args: { notificationEmail: "ads@example.com", subscribeEmailTypes: ["ACCOUNT_PERFORMANCE"] } },
  CustomAudience: { name: "audience", args: { name: "Walk audience", description: "v1" } },
  CustomAudienceMembers: { name: "audienceMembers", args: { customAudienceId: "${buyers.id}", users: users("ann", "bob", "cy") } },
  DoNotReachList: { name: "optOuts", args: { description: "Opt-outs" } },
  DoNotReachListMembers: {
    name: "optOutMembers",
    args: { accountId: "${siblingAccountId}", doNotReachListId: "${siblingOptOuts.id}", users: [{ phoneNumber: ["+44 20 7946 0958"] }, ...users("ann")] },
  },
  FlexibleAudience: {
    name: "flexible",
    args: {
      name: "Installers, not buyers",
      booleanOperator: "AND",
      childSegments: [{ customAudienceId: "${installers.id}", lookbackWindow: 7 }, { customAudienceId: "${buyers.id}", lookbackWindow: 30, negate: true }],
    },
  },
  CustomAudiencePermission: { name: "audienceShare", args: { customAudienceId: "${buyers.id}", grantedAccountId: "${siblingAccountId}", permissionLevel: "READ_ONLY" } },
  TailoredAudiencePermission: { name: "tailoredShare", args: { tailoredAudienceId: "${installers.id}", grantedAccountId: "${siblingAccountId}", permissionLevel: "READ_ONLY" } },
};
