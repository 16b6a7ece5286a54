/**
 * Published Tweet (Advertising API section 4.11): POST accounts/:id/tweet.
 * Only the name changes in place (PUT tweets/:tweet_id/name); anything else
 * is a new Tweet. The API has no DELETE for published Tweets: destroy (and
 * a replacement) leaves the Tweet on the platform and says so. Tweets are
 * nullcast (promoted-only): an organic Tweet (`nullcast: false`) is not an
 * ad, and this tool could neither manage nor remove it, so it is refused.
 */
import { z } from "zod";
import { ENUMS, LIMITS, mediaTypeOfKey } from "../limits";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, timestamps } from "./common";
import {
  assertAdoptable, CheckFailure, createOnce, diffFields, ResourceDefinition, toWire, validate,
} from "./framework";
import {
  accountPath, asUserIdInput, cardUriInput, known, listPosts, mediaKeysInput, nameInput, postOutputs, postRules,
  readPost, refusedFields, samePost, textInput, withFailures,
} from "./posts";

// --------------------------------------------------------------- schema ---

export const tweetInputs = z.strictObject({
  accountId: accountIdInput,
  asUserId: asUserIdInput,
  text: textInput.describe("The Tweet's text; required when there are no mediaKeys. Create-only."),
  cardUri: cardUriInput.describe("A card to attach, `card://<card_id>`. Create-only."),
  mediaKeys: mediaKeysInput.describe("Media of the account's media library: up to 4 images, or 1 animated GIF, or 1 video. Create-only."),
  nullcast: z.boolean().default(true).describe("Must stay true (the default): a nullcast Tweet is promoted-only. false (an organic Tweet) is refused: it is not an ad, and this tool could not manage or remove it."),
  conversationSettings: z.enum(ENUMS.conversationSettings).optional().describe("Who can reply: EVERYONE (the platform's default), FOLLOWING or MENTIONED_USERS. Create-only."),
  videoCta: z.enum(ENUMS.videoCta).optional().describe("Call to action of the video: VISIT_SITE or WATCH_NOW; needs videoCtaValue. Create-only."),
  videoCtaValue: z.string().min(1).optional().describe("The call to action's value (e.g. the URL). Create-only."),
  videoDescription: z.string().min(1).max(LIMITS.text.videoDescription).optional().describe(`Video description, at most ${LIMITS.text.videoDescription} characters. Create-only.`),
  videoTitle: z.string().min(1).max(LIMITS.text.videoTitle).optional().describe(`Video title, at most ${LIMITS.text.videoTitle} characters. Create-only.`),
  name: nameInput.describe(`A name for the Tweet in the ads UI, at most ${LIMITS.text.tweetName} characters; the only input that changes in place.`),
  adoptId: adoptIdInput,
});

export type TweetInputs = z.infer<typeof tweetInputs>;
export type TweetOutputs = TweetInputs & { createdAt?: string };

const API_FIELDS = [
  "asUserId", "text", "cardUri", "mediaKeys", "nullcast", "conversationSettings", "videoCta", "videoCtaValue",
  "videoDescription", "videoTitle", "name",
] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "createdAt"] as const;
export const TWEET_CREATE_ONLY = ["accountId", ...API_FIELDS.filter((f) => f !== "name")] as const;
/** The platform picks EVERYONE when not given: unset means not managed. */
const COMPUTED = ["conversationSettings", "adoptId"];
const VIDEO_FIELDS = ["videoCta", "videoCtaValue", "videoDescription", "videoTitle"] as const;

const outputs = (local: Record<string, unknown>, e: Entity) => postOutputs<TweetOutputs>(local, e, OUTPUT_FIELDS);

/** Rules of a published Tweet beyond those of every post. */
export function tweetRules(news: Record<string, unknown>): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (news.nullcast === false) {
    failures.push({
      property: "nullcast",
      reason: "nullcast must be true (the default): nullcast false publishes an organic Tweet, which is not an ad; "
        + "pulumi-xads could not manage or remove it (the Ads API cannot delete published Tweets). Publish organic Tweets outside this tool.",
    });
  }
  if (news.videoCta !== undefined && news.videoCtaValue === undefined) {
    failures.push({ property: "videoCtaValue", reason: "videoCtaValue is required with videoCta" });
  }
  const keys = news.mediaKeys;
  const given = VIDEO_FIELDS.filter((f) => news[f] !== undefined);
  if (given.length > 0 && known(keys)) {
    const hasVideo = Array.isArray(keys) && keys.some((k) => typeof k === "string" && mediaTypeOfKey(k) === "VIDEO");
    if (!hasVideo) failures.push({ property: given[0]!, reason: `${given.join(", ")} need a video in mediaKeys (a 7_ or 13_ media key)` });
  }
  return failures;
}

// ------------------------------------------------------------ lifecycle ---

export const tweet: ResourceDefinition<TweetInputs, TweetOutputs> = {
  kind: "Tweet",
  description: "A published, nullcast (promoted-only) post (Tweet). Only the name changes in place; any other change publishes a new Tweet. The Ads API cannot delete published Tweets: destroy and replacements leave them on the platform (and say so).",
  inputs: tweetInputs,
  outputs: { ...timestamps },
  createOnly: TWEET_CREATE_ONLY,

  check(_olds, news) {
    const result = validate(tweetInputs, news);
    return withFailures(result, [...postRules(news, refusedFields(result)), ...tweetRules(news)]);
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...TWEET_CREATE_ONLY, "name", "adoptId"], TWEET_CREATE_ONLY, COMPUTED);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) {
      // No GET of one published Tweet: read it through the list by id.
      const live = await readPost(ctx, inputs.accountId, "PUBLISHED", inputs.adoptId, inputs.asUserId);
      if (!live) throw new Error(`Tweet ${inputs.adoptId} cannot be adopted: no published Tweet of user ${inputs.asUserId} has that id`);
      const outs = outputs(inputs, live);
      assertAdoptable("Tweet", inputs.adoptId, inputs, outs, API_FIELDS);
      return { id: inputs.adoptId, outs };
    }
    const entity = await createOnce(`Tweet "${inputs.name ?? inputs.text ?? inputs.mediaKeys?.join(",")}"`,
      () => ctx.client.post<Entity>(`${accountPath(inputs.accountId)}/tweet`, toWire(inputs, API_FIELDS)),
      async () => (await listPosts(ctx, inputs.accountId, "PUBLISHED", inputs.asUserId)).filter(samePost(inputs)));
    // seed 4.11: the POST answers without conversation_settings (GET has it).
    const outs = outputs(inputs, entity);
    if (inputs.conversationSettings !== undefined) outs.conversationSettings ??= inputs.conversationSettings;
    return { id: entity.id, outs };
  },

  async read(ctx, id, props) {
    const live = await readPost(ctx, props.accountId, "PUBLISHED", id, props.asUserId);
    return live && { id, props: outputs(props, live) };
  },

  async update(ctx, id, olds, news) {
    // The one thing that changes in place (seed 4.11: PUT tweets/:tweet_id/name); no name clears it.
    const entity = await ctx.client.put<Entity>(`${accountPath(news.accountId)}/tweets/${id}/name`, toWire(news, ["name"], ["name"]));
    const outs = outputs(news, entity);
    if (olds.conversationSettings !== undefined) outs.conversationSettings ??= olds.conversationSettings;
    return outs;
  },

  async delete(_ctx, id, props) {
    // seed 4.11 shows no DELETE for published Tweets: leave it, and say so.
    process.stderr.write(
      `Tweet ${id} stays on the platform: the Ads API cannot delete published Tweets, so it is only removed from the stack. `
      + `It is nullcast (promoted-only, not on the timeline of user ${props.asUserId}); delete it in the ads UI if it must go.\n`,
    );
  },
};
