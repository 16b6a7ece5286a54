/**
 * The table of the acceptance walk (walk.test.ts): one row per resource
 * kind, in the Terraform order (create, second preview empty, update or
 * replace, refresh after an out-of-band edit, adoption with adoptId,
 * destroy). A row gives its program fragment for two versions, the change
 * between them, the edit made outside the stack, how a live entity made
 * outside the stack is adopted, and what destroy leaves. A step a kind
 * cannot take is a `skip` with the reason. Version 1 of a row (and the
 * support resources) is also the example of its kind's reference page:
 * `make generate` reads it (tools/resource-examples.ts).
 */
import type { AdsClient, Entity } from "../../provider/client";
import { DEMO_USER_ID } from "../../emulator";
import { seedCampaign, seedFundingInstrument, seedLineItem } from "../integration/fixtures";
import { ACCOUNT_ID, Emulator, ProgramResource } from "./harness";

/** The two versions of the program: 1 at create, 2 from the update step on. */
export type Version = 1 | 2;

/** Accounts the walk makes before its stack (emulator control, as an account manager would): same business as the demo account. */
export interface Accounts {
  sibling: string;
  other: string;
}

/** What a row's functions get: the stack's outputs (ids by resource name), a signed client, the emulator. */
export interface WalkContext {
  ids: Record<string, string>;
  api: AdsClient;
  emu: Emulator;
  accounts: Accounts;
}

/** A step this kind cannot take, and why. */
export interface Skip {
  skip: string;
}

type Fields = Record<string, unknown>;
type FieldsOf = Fields | ((ids: Record<string, string>) => Fields);

export interface WalkRow {
  kind: string;
  name: string;
  /** SUPPORT resources (by name) the fragment refers to: its prerequisites. */
  needs?: string[];
  args: (v: Version, a: Accounts) => Fields;
  /** The kind has deletionProtection (on by default): the walk turns it off before destroy. */
  protected?: true;
  /** The emulator collection of the live entity (default lookup: by the resource id, in `account`). */
  collection?: string;
  /** The account the resource is in, when not the demo account. */
  account?: (a: Accounts) => string;
  /** How to find the live entity when the default lookup cannot; undefined when gone. */
  probe?: (ctx: WalkContext, id: string, account: string) => Promise<Fields | undefined>;
  /** Live fields after create (wire names). */
  created: FieldsOf;
  /** The change from version 1 to 2: an update in place or a replacement, the field that causes it, and the live fields after. */
  update: { replaces: boolean; field: string; live: FieldsOf } | Skip;
  /**
   * The out-of-band change refresh must find: an edit of the live entity
   * (`patch` through the emulator's control API unless `apply` says how) and
   * the outputs refresh then shows; or a removal, for kinds with no field
   * the ads UI edits (refresh then drops the resource).
   */
  edit: { patch?: Fields; apply?: (ctx: WalkContext, id: string) => Promise<void>; shows: Fields } | { remove: string } | Skip;
  /** A live entity made outside the stack (a signed API call or emulator control) and the arguments that declare it. */
  adopt: { seed: (ctx: WalkContext) => Promise<{ id: string; args: Fields }> } | Skip;
  /** What destroy does to the live entity, and what it tells the user. */
  destroy: { deletes: true; says?: RegExp } | { stays: string; says: RegExp };
}

export const isSkip = (step: object): step is Skip => "skip" in step;

const USER = DEMO_USER_ID;
const PUBLIC_BRAND = "2244994945";
const PUBLIC_NEWS = "783214";
const TWEET = (n: number) => String(1_500_000_000_000_000_000n + BigInt(n));
/** A month ahead: a scheduled Tweet's time must be in the future, and its promotion is deletable until then. */
const SCHEDULED_AT = new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
const details = (url: string) => ({ type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url } });
const leaf = (customAudienceId: string, lookbackWindow: number, negate?: boolean) => ({ customAudienceId, lookbackWindow, ...(negate === undefined ? {} : { negate }) });
const accountPath = (collection: string, account = ACCOUNT_ID) => `/12/accounts/${account}/${collection}`;
const users = (...names: string[]) => names.map((n) => ({ email: [`${n}@example.org`] }));

/** Account features the walk manages: a row reads them as a set of flags. */
const FEATURES = ["AGE_TARGETING", "CONVERSATION_CARD", "DR_TAP"] as const;

/**
 * The member lists (of a custom audience, of a do-not-reach list) walk
 * alike: users added and removed in place, read as how many the list holds
 * (none: gone); refresh and adoption cannot see users.
 */
function memberList(row: Pick<WalkRow, "kind" | "name" | "needs" | "account" | "args">, collection: string, [before, after]: [number, number]): WalkRow {
  return {
    ...row,
    probe: async ({ emu }, id, account) => {
      const n = emu.control.members("sandbox", account, collection, id).length;
      return n > 0 ? { members: n } : undefined;
    },
    created: { members: before },
    update: { replaces: false, field: "memberChanges", live: { members: after } },
    edit: { skip: "the platform cannot list a list's users: refresh keeps what was uploaded (it only finds a deleted audience or list)" },
    adopt: { skip: "no adoptId: users are uploaded, not entities, and what a list holds cannot be read back" },
    destroy: { deletes: true },
  };
}

/** A revoke tells what happens to the campaigns of the account that had the audience. */
const REVOKED = /Campaigns of account \w+ that already target the audience keep running with it/;
const SETTINGS_ADOPT: Skip = { skip: "no adoptId: the record always exists, and create takes it over (GET, then PUT of the declared fields)" };

/**
 * The two conversation card kinds walk alike: a title updated in place, the
 * thank-you text edited in the UI, while the write-only unlocked media key
 * (the API never answers it) stays in the state.
 */
function conversationCard(kind: string, name: string, segment: string, mediaKey: string, [writeOnly, writeOnlyKey]: [string, string]): WalkRow {
  const adopted = { name: `Adopted ${name}`, title: "Adopted?", firstCta: "#Yes", firstCtaTweet: "Yes", thankYouText: "Thanks" };
  return {
    kind, name, collection: `${segment}_cards`,
    args: (v) => ({
      name: `Walk ${name}`, mediaKey, [writeOnly]: writeOnlyKey, title: v === 1 ? "Which colour?" : "Which shade?",
      firstCta: "#SpringGreen", firstCtaTweet: "Green", secondCta: "#SpringYellow", secondCtaTweet: "Yellow", thankYouText: "Thanks for voting!",
    }),
    created: { title: "Which colour?" },
    update: { replaces: false, field: "title", live: { title: "Which shade?" } },
    edit: { patch: { thank_you_text: "Merci" }, shows: { thankYouText: "Merci", [writeOnly]: writeOnlyKey } },
    adopt: {
      seed: async ({ api }) => {
        const wire = { name: adopted.name, media_key: mediaKey, title: adopted.title, first_cta: adopted.firstCta, first_cta_tweet: adopted.firstCtaTweet, thank_you_text: adopted.thankYouText };
        return { id: (await api.post<Entity>(accountPath(`cards/${segment}`), wire)).id, args: { ...adopted, mediaKey } };
      },
    },
    destroy: { deletes: true },
  };
}

/** Prerequisites of the rows, declared once; not walked themselves. */
export function support(a: Accounts): ProgramResource[] {
  return [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "base", args: { fundingInstrumentId: "${usd.id}", name: "Walk base", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: "tweets", args: { campaignId: "${base.id}", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
    // The line items of a campaign share one objective: FOLLOWERS has its own campaign.
    { type: "Campaign", name: "reach", args: { fundingInstrumentId: "${usd.id}", name: "Walk reach", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: "followers", args: { campaignId: "${reach.id}", objective: "FOLLOWERS", productType: "PROMOTED_ACCOUNT", placements: ["ALL_ON_TWITTER"] } },
    // Preroll calls to action need a PREROLL_VIEWS line item (ref creatives/reference.mdx, POST preroll_call_to_actions), its categories those of one advertiser business category.
    { type: "Campaign", name: "video", args: { fundingInstrumentId: "${usd.id}", name: "Walk video", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: "preroll", args: { campaignId: "${video.id}", objective: "PREROLL_VIEWS", productType: "MEDIA", placements: ["ALL_ON_TWITTER"], categories: ["IAB9-26", "IAB9-18", "IAB9-29"] } },
    { type: "ScheduledTweet", name: "launch", args: { asUserId: USER, text: "Launch day", scheduledAt: SCHEDULED_AT } },
    { type: "ScheduledTweet", name: "encore", args: { asUserId: USER, text: "Encore", scheduledAt: SCHEDULED_AT } },
    { type: "CustomAudience", name: "installers", args: { name: "Walk installers", deletionProtection: false } },
    { type: "CustomAudience", name: "buyers", args: { name: "Walk buyers", deletionProtection: false } },
    // One do-not-reach list per account: the walked list has the demo account's.
    { type: "DoNotReachList", name: "siblingOptOuts", args: { accountId: a.sibling, description: "Sibling opt-outs" } },
  ];
}

/**
 * The support entities the rows' adoption seeds refer to (`${usd.id}`, the
 * two audiences...), made through the API as in the ads UI, named as in
 * `support`: for a test that seeds rows without the walk's program. Their ids by name.
 */
export async function seedSupport(api: AdsClient): Promise<Record<string, string>> {
  const audience = async (name: string) => (await api.post<Entity>(accountPath("custom_audiences"), { name })).id;
  const ids: Record<string, string> = {};
  ids.usd = await seedFundingInstrument(api);
  ids.base = (await seedCampaign(api, { funding_instrument_id: ids.usd, name: "Walk base" })).id;
  ids.tweets = await seedLineItem(api, { campaign_id: ids.base });
  ids.reach = (await seedCampaign(api, { funding_instrument_id: ids.usd, name: "Walk reach" })).id;
  ids.followers = await seedLineItem(api, { campaign_id: ids.reach, objective: "FOLLOWERS", product_type: "PROMOTED_ACCOUNT" });
  ids.video = (await seedCampaign(api, { funding_instrument_id: ids.usd, name: "Walk video" })).id;
  ids.preroll = await seedLineItem(api, { campaign_id: ids.video, objective: "PREROLL_VIEWS", product_type: "MEDIA", categories: "IAB9-26,IAB9-18,IAB9-29" });
  ids.installers = await audience("Walk installers");
  ids.buyers = await audience("Walk buyers");
  return ids;
}

/** Arguments with their references (`${usd.id}`) as the ids `ids` names, at any depth. */
export function resolvedRefs<T>(args: T, ids: Record<string, string>): T {
  const resolve = (v: unknown): unknown => {
    if (typeof v === "string") return v.replace(/^\$\{(\w+)\.id\}$/, (_, name: string) => ids[name] ?? `unknown ${name}`);
    if (Array.isArray(v)) return v.map(resolve);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x)]));
    return v;
  };
  return resolve(args) as T;
}

export const ROWS: WalkRow[] = [
  {
    kind: "FundingInstrument", name: "fi", collection: "funding_instruments",
    args: (v) => ({ currency: "USD", startTime: v === 1 ? "2026-01-01T00:00:00Z" : "2026-03-01T00:00:00Z" }),
    created: { currency: "USD", start_time: "2026-01-01T00:00:00Z" },
    update: { replaces: true, field: "startTime", live: { start_time: "2026-03-01T00:00:00Z" } },
    edit: { skip: "the platform has no update for funding instruments (ref campaign-management/reference.mdx, Funding Instruments): nothing edits one out of band" },
    adopt: {
      seed: async ({ api }) => ({
        id: await seedFundingInstrument(api, { currency: "EUR", start_time: "2026-02-01T00:00:00Z" }),
        args: { currency: "EUR", startTime: "2026-02-01T00:00:00Z" },
      }),
    },
    // The walk's stack is a sandbox one: destroy sends the sandbox-only DELETE (ref campaign-management/reference.mdx,
    // DELETE funding_instruments is SANDBOX ONLY); a production stack leaves it (tests/unit/funding-instrument.test.ts).
    destroy: { deletes: true },
  },
  {
    kind: "Campaign", name: "campaign", needs: ["usd"], collection: "campaigns", protected: true,
    args: (v) => ({ fundingInstrumentId: "${usd.id}", name: v === 1 ? "Walk campaign" : "Walk campaign v2", dailyBudgetAmountLocalMicro: v * 1_000_000 }),
    created: { name: "Walk campaign", daily_budget_amount_local_micro: 1_000_000 },
    update: { replaces: false, field: "dailyBudgetAmountLocalMicro", live: { name: "Walk campaign v2", daily_budget_amount_local_micro: 2_000_000 } },
    edit: { patch: { name: "Edited in the UI" }, shows: { name: "Edited in the UI" } },
    adopt: {
      seed: async ({ api, ids }) => ({
        id: (await seedCampaign(api, { funding_instrument_id: ids.usd!, name: "Adopted campaign", daily_budget_amount_local_micro: 3_000_000 })).id,
        args: { fundingInstrumentId: "${usd.id}", name: "Adopted campaign", dailyBudgetAmountLocalMicro: 3_000_000 },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "LineItem", name: "lineItem", needs: ["base"], collection: "line_items",
    args: (v) => ({ campaignId: "${base.id}", name: v === 1 ? "Walk line item" : "Walk line item v2", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] }),
    created: { name: "Walk line item", objective: "WEBSITE_CLICKS" },
    update: { replaces: false, field: "name", live: { name: "Walk line item v2" } },
    edit: { patch: { name: "Edited in the UI" }, shows: { name: "Edited in the UI" } },
    adopt: {
      seed: async ({ api, ids }) => ({
        id: await seedLineItem(api, { campaign_id: ids.base!, name: "Adopted line item" }),
        args: { campaignId: "${base.id}", name: "Adopted line item", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "TrackingTag", name: "trackingTag", needs: ["tweets"], collection: "tracking_tags",
    args: (v) => ({ lineItemId: "${tweets.id}", trackingTagType: "IMPRESSION_TAG", trackingTagUrl: `https://tags.example/i?v=${v}` }),
    created: { tracking_tag_type: "IMPRESSION_TAG", tracking_tag_url: "https://tags.example/i?v=1" },
    update: { replaces: false, field: "trackingTagUrl", live: { tracking_tag_url: "https://tags.example/i?v=2" } },
    edit: { patch: { tracking_tag_url: "https://elsewhere.example/" }, shows: { trackingTagUrl: "https://elsewhere.example/" } },
    adopt: {
      seed: async ({ api, ids }) => ({
        id: (await api.post<Entity>(accountPath("tracking_tags"), { line_item_id: ids.tweets!, tracking_tag_type: "CLICK_TRACKER", tracking_tag_url: "https://tags.example/adopted" })).id,
        args: { lineItemId: "${tweets.id}", trackingTagType: "CLICK_TRACKER", trackingTagUrl: "https://tags.example/adopted" },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "PromotedTweet", name: "promotedTweet", needs: ["tweets"], collection: "promoted_tweets",
    args: (v) => ({ lineItemId: "${tweets.id}", tweetId: TWEET(v) }),
    created: { tweet_id: TWEET(1) },
    update: { replaces: true, field: "tweetId", live: { tweet_id: TWEET(2) } },
    edit: { remove: "no PUT exists for promoted Tweets: the ads UI can only remove one" },
    adopt: {
      seed: async ({ api, ids }) => {
        const [made] = await api.post<Entity[]>(accountPath("promoted_tweets"), { line_item_id: ids.tweets!, tweet_ids: [TWEET(3)] });
        return { id: made!.id, args: { lineItemId: "${tweets.id}", tweetId: TWEET(3) } };
      },
    },
    destroy: { deletes: true },
  },
  {
    kind: "Card", name: "card", collection: "cards",
    args: (v) => ({ name: v === 1 ? "Walk card" : "Walk card v2", components: [{ type: "SWIPEABLE_MEDIA", mediaKeys: ["3_1003", "3_1004"] }, details("https://example.com/spring")] }),
    created: { name: "Walk card", card_type: "IMAGE_CAROUSEL_WEBSITE" },
    update: { replaces: false, field: "name", live: { name: "Walk card v2" } },
    edit: { patch: { name: "Edited in the UI" }, shows: { name: "Edited in the UI" } },
    // Compared as the platform sees it: the API answers a component's keys in its own order.
    adopt: {
      seed: async ({ api }) => {
        const components = [{ type: "SWIPEABLE_MEDIA", media_keys: ["3_1003", "3_1004"] }, { type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url: "https://example.com/adopted" } }];
        const made = await api.post<Entity>(accountPath("cards"), undefined, { name: "Adopted card", components });
        return { id: made.id, args: { name: "Adopted card", components: [{ type: "SWIPEABLE_MEDIA", mediaKeys: ["3_1003", "3_1004"] }, details("https://example.com/adopted")] } };
      },
    },
    destroy: { deletes: true },
  },
  conversationCard("ImageConversationCard", "imagePoll", "image_conversation", "3_1001", ["unlockedImageMediaKey", "3_1007"]),
  conversationCard("VideoConversationCard", "videoPoll", "video_conversation", "7_3001", ["unlockedVideoMediaKey", "7_3002"]),
  {
    kind: "PromotedAccount", name: "promotedAccount", needs: ["followers"], collection: "promoted_accounts",
    args: (v) => ({ lineItemId: "${followers.id}", userId: v === 1 ? PUBLIC_BRAND : PUBLIC_NEWS }),
    created: { user_id: PUBLIC_BRAND },
    update: { replaces: true, field: "userId", live: { user_id: PUBLIC_NEWS } },
    edit: { remove: "no PUT exists for promoted accounts: the ads UI can only remove one" },
    adopt: {
      seed: async ({ api, ids }) => ({
        id: (await api.post<Entity>(accountPath("promoted_accounts"), { line_item_id: ids.followers!, user_id: USER })).id,
        args: { lineItemId: "${followers.id}", userId: USER },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "LineItemCuratedCategory", name: "curatedCategory", needs: ["tweets"], collection: "line_item_curated_categories",
    args: (v) => ({ lineItemId: "${tweets.id}", curatedCategoryId: v === 1 ? "1jq3" : "1jq4" }),
    created: { curated_category_id: "1jq3" },
    update: { replaces: false, field: "curatedCategoryId", live: { curated_category_id: "1jq4" } },
    edit: { patch: { curated_category_id: "1jq7" }, shows: { curatedCategoryId: "1jq7" } },
    adopt: {
      seed: async ({ api, ids }) => ({
        id: (await api.post<Entity>(accountPath("line_item_curated_categories"), { line_item_id: ids.tweets!, curated_category_id: "1jq5" })).id,
        args: { lineItemId: "${tweets.id}", curatedCategoryId: "1jq5" },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "TargetingCriterion", name: "criterion", needs: ["tweets"], collection: "targeting_criteria",
    args: (v) => ({ lineItemId: "${tweets.id}", targetingType: "IAB_CATEGORY", targetingValue: v === 1 ? "IAB17-12" : "IAB17-44" }),
    created: { targeting_type: "IAB_CATEGORY", targeting_value: "IAB17-12", operator_type: "EQ" },
    update: { replaces: true, field: "targetingValue", live: { targeting_value: "IAB17-44" } },
    edit: { remove: "no PUT exists for targeting criteria: the ads UI can only remove one" },
    adopt: {
      seed: async ({ api, ids }) => ({
        id: (await api.post<Entity>(accountPath("targeting_criteria"), { line_item_id: ids.tweets!, targeting_type: "IAB_CATEGORY", targeting_value: "IAB19-6" })).id,
        args: { lineItemId: "${tweets.id}", targetingType: "IAB_CATEGORY", targetingValue: "IAB19-6" },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "DraftTweet", name: "draft", collection: "draft_tweets",
    args: (v) => ({ asUserId: USER, text: v === 1 ? "Spring looks" : "Spring looks, take two", mediaKeys: ["3_1001"], name: "walk draft" }),
    created: { text: "Spring looks", media_keys: ["3_1001"], nullcast: true },
    update: { replaces: false, field: "text", live: { text: "Spring looks, take two" } },
    edit: { patch: { text: "Edited in the UI" }, shows: { text: "Edited in the UI" } },
    adopt: {
      seed: async ({ api }) => ({
        id: (await api.post<Entity>(accountPath("draft_tweets"), { as_user_id: USER, text: "Adopted draft", name: "adopted draft" })).id,
        args: { asUserId: USER, text: "Adopted draft", name: "adopted draft" },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "ScheduledTweet", name: "scheduled", collection: "scheduled_tweets",
    args: (v) => ({ asUserId: USER, text: v === 1 ? "Spring starts now" : "Spring starts today", scheduledAt: SCHEDULED_AT, name: "walk launch" }),
    created: { text: "Spring starts now", scheduled_at: SCHEDULED_AT },
    update: { replaces: false, field: "text", live: { text: "Spring starts today" } },
    edit: { patch: { text: "Edited in the UI" }, shows: { text: "Edited in the UI" } },
    adopt: {
      seed: async ({ api }) => ({
        id: (await api.post<Entity>(accountPath("scheduled_tweets"), { as_user_id: USER, text: "Adopted scheduled", scheduled_at: SCHEDULED_AT, name: "adopted scheduled" })).id,
        args: { asUserId: USER, text: "Adopted scheduled", scheduledAt: SCHEDULED_AT, name: "adopted scheduled" },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "Tweet", name: "tweet", collection: "tweets",
    args: (v) => ({ asUserId: USER, text: "Watch the spring film", name: v === 1 ? "walk film" : "walk film v2" }),
    created: { text: "Watch the spring film", nullcast: true, name: "walk film" },
    update: { replaces: false, field: "name", live: { name: "walk film v2" } },
    edit: { patch: { name: "Edited in the UI" }, shows: { name: "Edited in the UI" } },
    adopt: {
      seed: async ({ api }) => ({
        id: (await api.post<Entity>(accountPath("tweet"), { as_user_id: USER, text: "Adopted Tweet", nullcast: true, name: "adopted tweet" })).id,
        args: { asUserId: USER, text: "Adopted Tweet", name: "adopted tweet" },
      }),
    },
    destroy: { stays: "the Ads API cannot delete published Tweets (ref creatives/reference.mdx, Tweets)", says: /Tweet \d+ stays on the platform/ },
  },
  {
    kind: "ScheduledPromotedTweet", name: "scheduledPromotion", needs: ["tweets", "launch", "encore"], collection: "scheduled_promoted_tweets",
    args: (v) => ({ lineItemId: "${tweets.id}", scheduledTweetId: v === 1 ? "${launch.id}" : "${encore.id}" }),
    created: (ids) => ({ scheduled_tweet_id: ids.launch }),
    update: { replaces: true, field: "scheduledTweetId", live: (ids) => ({ scheduled_tweet_id: ids.encore }) },
    edit: { remove: "no PUT exists for scheduled promoted Tweets: the ads UI can only remove one" },
    adopt: {
      seed: async ({ api, ids }) => {
        const tweet = await api.post<Entity>(accountPath("scheduled_tweets"), { as_user_id: USER, text: "Adopted launch", scheduled_at: SCHEDULED_AT });
        const made = await api.post<Entity>(accountPath("scheduled_promoted_tweets"), { line_item_id: ids.tweets!, scheduled_tweet_id: tweet.id });
        return { id: made.id, args: { lineItemId: "${tweets.id}", scheduledTweetId: tweet.id } };
      },
    },
    destroy: { deletes: true },
  },
  {
    kind: "MediaCreative", name: "mediaCreative", needs: ["tweets"], collection: "media_creatives",
    // am1007: a BANNER of the seeded account media (emulator/routes/account-media.ts).
    args: (v) => ({ accountMediaId: "am1007", lineItemId: "${tweets.id}", landingUrl: v === 1 ? "https://example.com/spring" : "https://example.com/spring-2" }),
    created: { account_media_id: "am1007", landing_url: "https://example.com/spring" },
    update: { replaces: true, field: "landingUrl", live: { landing_url: "https://example.com/spring-2" } },
    edit: { remove: "no PUT exists for media creatives: the ads UI can only remove one" },
    adopt: {
      seed: async ({ api, ids }) => ({
        id: (await api.post<Entity>(accountPath("media_creatives"), { account_media_id: "am1003", line_item_id: ids.tweets!, landing_url: "https://example.com/adopted" })).id,
        args: { accountMediaId: "am1003", lineItemId: "${tweets.id}", landingUrl: "https://example.com/adopted" },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "SandboxAccount", name: "sandboxAccount",
    args: (v) => ({ name: v === 1 ? "Walk shop" : "Walk shop v2", industryType: "RETAIL" }),
    probe: async ({ api }, id) => {
      const account = await api.get<Entity>(`/12/accounts/${id}`, { with_deleted: true });
      return account.deleted ? undefined : account;
    },
    created: { name: "Walk shop", industry_type: "RETAIL" },
    update: { replaces: false, field: "name", live: { name: "Walk shop v2" } },
    edit: { apply: async ({ api }, id) => void (await api.put(`/12/accounts/${id}`, { name: "Edited in the UI" })), shows: { name: "Edited in the UI" } },
    adopt: {
      seed: async ({ emu }) => ({ id: emu.control.createAccount("sandbox", { name: "Adopted shop" }).id, args: { name: "Adopted shop" } }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "AccountFeatures", name: "features",
    args: (v) => ({ accountId: ACCOUNT_ID, featureKeys: v === 1 ? ["AGE_TARGETING", "CONVERSATION_CARD"] : ["CONVERSATION_CARD", "DR_TAP"] }),
    probe: async ({ emu }, _id, account) => {
      const live = emu.control.features("sandbox", account);
      return FEATURES.some((k) => live.includes(k)) ? Object.fromEntries(FEATURES.map((k) => [k, live.includes(k)])) : undefined;
    },
    created: { AGE_TARGETING: true, CONVERSATION_CARD: true, DR_TAP: false },
    update: { replaces: false, field: "featureKeys", live: { AGE_TARGETING: false, CONVERSATION_CARD: true, DR_TAP: true } },
    edit: { apply: async ({ emu }) => void emu.control.setFeatures("sandbox", ACCOUNT_ID, { remove: ["DR_TAP"] }), shows: { featureKeys: ["CONVERSATION_CARD"] } },
    adopt: { skip: "no adoptId: create takes over the keys the account already has, and destroy leaves those (addedFeatureKeys)" },
    destroy: { deletes: true },
  },
  {
    kind: "TaxSettings", name: "tax", collection: "tax_settings",
    args: (v) => ({ accountId: ACCOUNT_ID, taxCategory: v === 1 ? "BUSINESS_WITH_VAT" : "BUSINESS_NO_VAT", taxId: "FR1" }),
    created: { tax_category: "BUSINESS_WITH_VAT", tax_id: "FR1" },
    update: { replaces: false, field: "taxCategory", live: { tax_category: "BUSINESS_NO_VAT" } },
    edit: { patch: { tax_id: "EDITED" }, shows: { taxId: "EDITED" } },
    adopt: SETTINGS_ADOPT,
    destroy: { stays: "the Ads API cannot delete tax settings (ref campaign-management/reference.mdx, Tax Settings)", says: /tax settings of account \w+ stay on the platform/ },
  },
  {
    kind: "UserSettings", name: "userSettings", collection: "user_settings",
    args: (v) => ({ accountId: ACCOUNT_ID, notificationEmail: v === 1 ? "ads@example.com" : "team@example.com", subscribeEmailTypes: ["ACCOUNT_PERFORMANCE"] }),
    // The resource id is `<account>/<user>`; the platform's record is the user's.
    probe: async ({ emu }, id, account) => emu.control.entities("sandbox", account, "user_settings").find((s) => s.user_id === id.split("/")[1]),
    created: { user_id: USER, notification_email: "ads@example.com" },
    update: { replaces: false, field: "notificationEmail", live: { notification_email: "team@example.com" } },
    edit: { patch: { notification_email: "edited@example.com" }, shows: { notificationEmail: "edited@example.com" } },
    adopt: SETTINGS_ADOPT,
    destroy: { stays: "the Ads API cannot delete user settings (ref campaign-management/reference.mdx, User Settings)", says: /user settings \S+ stay on the platform/ },
  },
  {
    kind: "CustomAudience", name: "audience", collection: "custom_audiences", protected: true,
    args: (v) => ({ name: "Walk audience", description: `v${v}` }),
    created: { name: "Walk audience", description: "v1" },
    update: { replaces: false, field: "description", live: { description: "v2" } },
    edit: { patch: { description: "edited in the UI" }, shows: { description: "edited in the UI" } },
    adopt: {
      seed: async ({ api }) => ({
        id: (await api.post<Entity>(accountPath("custom_audiences"), { name: "Adopted audience", description: "adopted" })).id,
        args: { name: "Adopted audience", description: "adopted" },
      }),
    },
    destroy: { deletes: true },
  },
  memberList({
    kind: "CustomAudienceMembers", name: "audienceMembers", needs: ["buyers"],
    args: (v) => ({ customAudienceId: "${buyers.id}", users: v === 1 ? users("ann", "bob", "cy") : users("ann", "cy", "dee", "eve") }),
  }, "custom_audiences", [3, 4]),
  {
    kind: "DoNotReachList", name: "optOuts", collection: "do_not_reach_lists",
    args: (v) => ({ description: v === 1 ? "Opt-outs" : "Opt-outs 2026" }),
    created: { description: "Opt-outs" },
    update: { replaces: true, field: "description", live: { description: "Opt-outs 2026" } },
    edit: { remove: "no PUT exists for do-not-reach lists: the ads UI can only delete the list" },
    adopt: {
      // One list per account: the adopted one is the other account's.
      seed: async ({ api, accounts }) => ({
        id: (await api.post<Entity>(accountPath("do_not_reach_lists", accounts.other), { description: "Adopted opt-outs" })).id,
        args: { accountId: accounts.other, description: "Adopted opt-outs" },
      }),
    },
    destroy: { deletes: true },
  },
  memberList({
    kind: "DoNotReachListMembers", name: "optOutMembers", needs: ["siblingOptOuts"], account: (a) => a.sibling,
    args: (v, a) => ({
      accountId: a.sibling, doNotReachListId: "${siblingOptOuts.id}",
      users: [{ phoneNumber: ["+44 20 7946 0958"] }, ...users(...(v === 1 ? ["ann"] : ["ann", "bob"]))],
    }),
  }, "do_not_reach_lists", [2, 3]),
  {
    kind: "FlexibleAudience", name: "flexible", needs: ["installers", "buyers"], collection: "custom_audiences", protected: true,
    // Any change replaces it, and deletion cannot be undone: the change carries the opt-in.
    args: (v) => ({
      name: "Installers, not buyers", booleanOperator: "AND", childSegments: [leaf("${installers.id}", v === 1 ? 7 : 14), leaf("${buyers.id}", 30, true)],
      ...(v === 2 ? { deletionProtection: false } : {}),
    }),
    created: { audience_type: "FLEXIBLE", boolean_operator: "AND" },
    update: { replaces: true, field: "childSegments", live: { child_segments: [expect.objectContaining({ lookback_window: 14 }), expect.anything()] } },
    edit: { remove: "immutable on the platform (no update): the ads UI can only delete it" },
    adopt: {
      seed: async ({ api, ids }) => {
        const params = {
          audience_type: "FLEXIBLE", name: "Adopted flexible", boolean_operator: "OR",
          child_segments: [{ custom_audience_id: ids.installers, lookback_window: 30 }, { custom_audience_id: ids.buyers, lookback_window: 1 }],
        };
        const [made] = await api.batch<Entity>(`/12/batch/accounts/${ACCOUNT_ID}/custom_audiences`, [{ operation_type: "Create", params }], 10);
        return { id: made!.id, args: { name: "Adopted flexible", booleanOperator: "OR", childSegments: [leaf(ids.installers!, 30), leaf(ids.buyers!, 1)] } };
      },
    },
    destroy: { deletes: true },
  },
  {
    kind: "CustomAudiencePermission", name: "audienceShare", needs: ["buyers"], collection: "custom_audience_permissions",
    args: (v, a) => ({ customAudienceId: "${buyers.id}", grantedAccountId: a.sibling, permissionLevel: v === 1 ? "READ_ONLY" : "READ_WRITE" }),
    created: { permission_level: "READ_ONLY" },
    update: { replaces: true, field: "permissionLevel", live: { permission_level: "READ_WRITE" } },
    // No PUT exists, but a level changed in the UI shows in refresh (and up replaces it back).
    edit: { patch: { permission_level: "READ_ONLY" }, shows: { permissionLevel: "READ_ONLY" } },
    adopt: {
      seed: async ({ api, ids, accounts }) => ({
        id: (await api.post<Entity>(accountPath(`custom_audiences/${ids.buyers}/permissions`), { granted_account_id: accounts.other, permission_level: "READ_ONLY" })).id,
        args: { customAudienceId: "${buyers.id}", grantedAccountId: accounts.other, permissionLevel: "READ_ONLY" },
      }),
    },
    destroy: { deletes: true, says: REVOKED },
  },
  {
    kind: "TailoredAudiencePermission", name: "tailoredShare", needs: ["installers"], collection: "custom_audience_permissions",
    args: (v, a) => ({ tailoredAudienceId: "${installers.id}", grantedAccountId: a.sibling, permissionLevel: v === 1 ? "READ_ONLY" : "READ_WRITE" }),
    created: { permission_level: "READ_ONLY" },
    update: { replaces: true, field: "permissionLevel", live: { permission_level: "READ_WRITE" } },
    edit: { remove: "no PUT exists for permissions: the ads UI can only revoke one" },
    adopt: {
      // The v5 path of tailored audience permissions (ref audiences/reference.mdx, Tailored Audience Permissions).
      seed: async ({ api, ids, accounts }) => ({
        id: (await api.post<Entity>(`/5/accounts/${ACCOUNT_ID}/tailored_audiences/${ids.installers}/permissions`, { granted_account_id: accounts.other, permission_level: "READ_WRITE" })).id,
        args: { tailoredAudienceId: "${installers.id}", grantedAccountId: accounts.other, permissionLevel: "READ_WRITE" },
      }),
    },
    destroy: { deletes: true, says: REVOKED },
  },
  {
    kind: "AppList", name: "appList", collection: "app_lists",
    args: (v) => ({ name: "Walk apps", appStoreIdentifiers: v === 1 ? ["com.twitter.android"] : ["com.twitter.android", "333903271"] }),
    created: { name: "Walk apps", apps: [{ app_store_identifier: "com.twitter.android", os_type: "Android" }] },
    update: {
      replaces: true, field: "appStoreIdentifiers",
      live: { apps: [{ app_store_identifier: "com.twitter.android", os_type: "Android" }, { app_store_identifier: "333903271", os_type: "iOS" }] },
    },
    edit: { remove: "no PUT exists for app lists: the ads UI can only delete one" },
    adopt: {
      seed: async ({ api }) => ({
        id: (await api.post<Entity>(accountPath("app_lists"), { name: "Adopted apps", app_store_identifiers: ["com.twitter.android"] })).id,
        args: { name: "Adopted apps", appStoreIdentifiers: ["com.twitter.android"] },
      }),
    },
    destroy: { deletes: true },
  },
  {
    kind: "PrerollCallToAction", name: "prerollCta", needs: ["preroll"], collection: "preroll_call_to_actions",
    args: (v) => ({ lineItemId: "${preroll.id}", callToAction: v === 1 ? "VISIT_SITE" : "WATCH_NOW", callToActionUrl: "https://example.com/spring" }),
    created: { call_to_action: "VISIT_SITE", call_to_action_url: "https://example.com/spring" },
    update: { replaces: false, field: "callToAction", live: { call_to_action: "WATCH_NOW" } },
    edit: { patch: { call_to_action_url: "https://example.com/edited" }, shows: { callToActionUrl: "https://example.com/edited" } },
    adopt: {
      seed: async ({ api, ids }) => ({
        id: (await api.post<Entity>(accountPath("preroll_call_to_actions"), { line_item_id: ids.preroll!, call_to_action: "SHOP", call_to_action_url: "https://example.com/adopted" })).id,
        args: { lineItemId: "${preroll.id}", callToAction: "SHOP", callToActionUrl: "https://example.com/adopted" },
      }),
    },
    destroy: { deletes: true },
  },
];
