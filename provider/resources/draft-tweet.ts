/**
 * Draft Tweet (Advertising API section 4.11, "Draft Tweets"): a post kept
 * as a draft. Everything but the author changes in place (PUT); `cardUri`
 * and `mediaKeys` removed from the program are unset on the platform (the
 * parameter sent with no value).
 */
import { z } from "zod";
import { Entity } from "../client/client";
import { accountIdInput, adoptIdInput, timestamps } from "./common";
import {
  adopt, changedFields, createOnce, deleteIdempotent, diffFields, ResourceDefinition, toWire, validate,
} from "./framework";
import {
  accountPath, asUserIdInput, cardUriInput, listPosts, mediaKeysInput, nameInput, postOutputs, postRules, readPost,
  refusedFields, samePost, textInput, withFailures,
} from "./posts";

// --------------------------------------------------------------- schema ---

export const draftTweetInputs = z.strictObject({
  accountId: accountIdInput,
  asUserId: asUserIdInput,
  text: textInput.describe("The draft's text; required when there are no mediaKeys. Left unset, the platform's value is kept."),
  cardUri: cardUriInput,
  mediaKeys: mediaKeysInput,
  nullcast: z.boolean().default(true).describe("true (default): a promoted-only post, not shown on the user's timeline."),
  name: nameInput,
  adoptId: adoptIdInput,
});

export type DraftTweetInputs = z.infer<typeof draftTweetInputs>;
export type DraftTweetOutputs = DraftTweetInputs & { createdAt?: string };

const API_FIELDS = ["asUserId", "text", "cardUri", "mediaKeys", "nullcast", "name"] as const;
const OUTPUT_FIELDS = [...API_FIELDS, "createdAt"] as const;
export const DRAFT_TWEET_CREATE_ONLY = ["accountId", "asUserId"] as const;
const UPDATABLE = ["text", "cardUri", "mediaKeys", "nullcast", "name"] as const;
/** seed 4.11: PUT unsets these given with no value. */
const CLEARABLE = ["cardUri", "mediaKeys"];
/** The platform cannot unset them: left out of the program, they are not managed. */
const COMPUTED = ["text", "name", "adoptId"];

const path = (accountId: string) => `${accountPath(accountId)}/draft_tweets`;
const outputs = (local: Record<string, unknown>, e: Entity) => postOutputs<DraftTweetOutputs>(local, e, OUTPUT_FIELDS);

// ------------------------------------------------------------ lifecycle ---

export const draftTweet: ResourceDefinition<DraftTweetInputs, DraftTweetOutputs> = {
  kind: "DraftTweet",
  description: "A draft post (Tweet) of an advertiser user. Text, card, media, nullcast and name change in place.",
  inputs: draftTweetInputs,
  outputs: { ...timestamps },
  createOnly: DRAFT_TWEET_CREATE_ONLY,

  check(_olds, news) {
    const result = validate(draftTweetInputs, news);
    return withFailures(result, postRules(news, refusedFields(result)));
  },

  diff(_id, olds, news) {
    return diffFields(olds, news, [...DRAFT_TWEET_CREATE_ONLY, ...UPDATABLE, "adoptId"], DRAFT_TWEET_CREATE_ONLY, COMPUTED);
  },

  async create(ctx, inputs) {
    if (inputs.adoptId) return adopt(ctx, "draft Tweet", path(inputs.accountId), inputs, (e) => outputs(inputs, e), API_FIELDS);
    const entity = await createOnce(`draft Tweet "${inputs.name ?? inputs.text ?? inputs.mediaKeys?.join(",")}"`,
      () => ctx.client.post<Entity>(path(inputs.accountId), toWire(inputs, API_FIELDS)),
      async () => (await listPosts(ctx, inputs.accountId, "DRAFT", inputs.asUserId)).filter(samePost(inputs)));
    return { id: entity.id, outs: outputs(inputs, entity) };
  },

  async read(ctx, id, props) {
    const live = await readPost(ctx, props.accountId, "DRAFT", id, props.asUserId);
    return live && { id, props: outputs(props, live) };
  },

  async update(ctx, id, olds, news) {
    const changed = changedFields(olds, news, UPDATABLE, COMPUTED);
    const entity = await ctx.client.put<Entity>(`${path(news.accountId)}/${id}`, toWire(news, changed, CLEARABLE));
    return outputs(news, entity);
  },

  async delete(ctx, id, props) {
    await deleteIdempotent(() => ctx.client.delete(`${path(props.accountId)}/${id}`));
  },
};
