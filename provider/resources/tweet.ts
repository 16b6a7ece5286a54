/**
 * Published Tweet (ref creatives/reference.mdx, Tweets): POST accounts/:id/tweet.
 * Only the name changes in place (PUT tweets/:tweet_id/name); anything else
 * is a new Tweet. The API has no DELETE for published Tweets: destroy (and
 * a replacement) leaves the Tweet on the platform and says so. Tweets are
 * nullcast (promoted-only): an organic Tweet (`nullcast: false`) is not an
 * ad, and this tool could neither manage nor remove it, so it is refused.
 */
import { z } from "zod";
import { ENUMS, LIMITS, mediaTypeOfKey } from "../limits";
import { Entity, Query } from "../client/client";
import { accountIdInput, adoptIdInput, createOnly, text } from "./common";
import { field, toWire } from "./fields";
import { rule } from "./framework";
import {
  accountPath, asUserIdInput, cardUriInput, declarePost, mediaKeysInput, nameInput, nullcastInput, publishedTweet, textInput, tweetsPath,
} from "./posts";

// --------------------------------------------------------------- schema ---

/** Sent on create and never answered back: a change replaces the Tweet, the outputs keep the declared value. */
const sentOnce = <T extends z.ZodType>(schema: T) => field(schema, { createOnly: true, writeOnly: true });

export const tweetInputs = z.strictObject({
  accountId: accountIdInput,
  asUserId: asUserIdInput,
  text: createOnly(textInput("The Tweet's text; required when there are no mediaKeys.")),
  // The platform's Tweet object carries neither the card nor the media keys (tests/conformance corpus, GET tweets): kept as declared.
  cardUri: sentOnce(cardUriInput("A card to attach, `card://<card_id>`.")),
  mediaKeys: sentOnce(mediaKeysInput("Media of the account's media library: up to 4 images, or 1 animated GIF, or 1 video.")),
  nullcast: createOnly(nullcastInput("Must stay true (the default): a nullcast Tweet is promoted-only. false (an organic Tweet) is refused: it is not an ad, and this tool could not manage or remove it.")),
  // The platform picks EVERYONE when not given: unset means not managed.
  conversationSettings: field(z.enum(ENUMS.conversationSettings).optional().describe("Who can reply: EVERYONE (the platform's default), FOLLOWING or MENTIONED_USERS."), { createOnly: true, computed: true }),
  videoCta: sentOnce(z.enum(ENUMS.videoCta).optional().describe("Call to action of the video: VISIT_SITE or WATCH_NOW; needs videoCtaValue.")),
  videoCtaValue: sentOnce(text().optional().describe("The call to action's value (e.g. the URL).")),
  videoDescription: sentOnce(text(LIMITS.text.videoDescription).optional().describe(`Video description, at most ${LIMITS.text.videoDescription} characters.`)),
  videoTitle: sentOnce(text(LIMITS.text.videoTitle).optional().describe(`Video title, at most ${LIMITS.text.videoTitle} characters.`)),
  // ref creatives/reference.mdx, PUT tweets/:tweet_id/name; no name clears it.
  name: field(nameInput(`A name for the Tweet in the ads UI, at most ${LIMITS.text.tweetName} characters; the only input that changes in place.`), { clearable: true }),
  adoptId: adoptIdInput,
}).describe("A published, nullcast (promoted-only) post (Tweet). Only the name changes in place; any other change publishes a new Tweet. The Ads API cannot delete published Tweets: destroy and replacements leave them on the platform (and say so).");

export type TweetInputs = z.infer<typeof tweetInputs>;

const VIDEO_FIELDS = ["videoCta", "videoCtaValue", "videoDescription", "videoTitle"] as const;

/** Rules of a published Tweet beyond those of every post. */
export const tweetRules = [
  rule<TweetInputs>(["nullcast"], (t) => t.nullcast === false
    ? [{
      property: "nullcast",
      reason: "nullcast must be true (the default): nullcast false publishes an organic Tweet, which is not an ad; "
        + "pulumi-xads could not manage or remove it (the Ads API cannot delete published Tweets). Publish organic Tweets outside this tool.",
    }]
    : []),
  rule<TweetInputs>(["videoCta", "videoCtaValue"], (t) =>
    t.videoCta !== undefined && t.videoCtaValue === undefined ? [{ property: "videoCtaValue", reason: "videoCtaValue is required with videoCta" }] : []),
  rule<TweetInputs>([...VIDEO_FIELDS, "mediaKeys"], (t) => {
    const given = VIDEO_FIELDS.filter((f) => t[f] !== undefined);
    const hasVideo = (t.mediaKeys ?? []).some((k) => mediaTypeOfKey(k) === "VIDEO");
    return given.length > 0 && !hasVideo ? [{ property: given[0]!, reason: `${given.join(", ")} need a video in mediaKeys (a 7_ or 13_ media key)` }] : [];
  }),
];

// ------------------------------------------------------------ lifecycle ---

export const tweet = declarePost("Tweet", tweetInputs, {
  rules: tweetRules,
  tweetType: "PUBLISHED",
  // POST accounts/:id/tweet publishes; there is no GET of one published Tweet: reads go through GET tweets.
  path: (t) => `${accountPath(t.accountId)}/tweet`,
  // The POST answers without nullcast and conversation_settings (GET has them, tests/conformance corpus): the declared values stand.
  outputsFrom: (outs, declared) => ({
    ...outs,
    ...(outs.nullcast === undefined && declared.nullcast !== undefined ? { nullcast: declared.nullcast } : {}),
    ...(outs.conversationSettings === undefined && declared.conversationSettings !== undefined ? { conversationSettings: declared.conversationSettings } : {}),
  }),
  // ref creatives/reference.mdx, Tweets shows no DELETE for published Tweets: leave it, and say so.
  leftInPlace: (id, t) =>
    `Tweet ${id} stays on the platform: the Ads API cannot delete published Tweets, so it is only removed from the stack. `
    + `It is nullcast (promoted-only, not on the timeline of user ${t.asUserId}); delete it in the ads UI if it must go.`,
  overrides: (standard) => ({
    // The one thing that changes in place (ref creatives/reference.mdx: PUT tweets/:tweet_id/name); no name clears it.
    async update(ctx, id, olds, news) {
      const entity = await ctx.client.put<Entity>(`${tweetsPath(news.accountId)}/${id}/name`, toWire(standard.fields, news, ["name"]) as Query);
      return standard.outputs({ ...news, conversationSettings: news.conversationSettings ?? olds.conversationSettings }, publishedTweet(entity));
    },
  }),
});
