/**
 * Draft Tweet (ref creatives/reference.mdx, "Draft Tweets"): a post kept
 * as a draft. Everything but the author changes in place (PUT); `cardUri`
 * and `mediaKeys` removed from the program are unset on the platform (the
 * parameter sent with no value).
 */
import { z } from "zod";
import { accountIdInput, adoptIdInput, clearable, computed } from "./common";
import { accountPath, asUserIdInput, cardUriInput, declarePost, mediaKeysInput, nameInput, nullcastInput, textInput } from "./posts";

// --------------------------------------------------------------- schema ---

export const draftTweetInputs = z.strictObject({
  accountId: accountIdInput,
  asUserId: asUserIdInput,
  // The platform cannot unset text or name: left out of the program, they are not managed.
  text: computed(textInput("The draft's text; required when there are no mediaKeys. Left unset, the platform's value is kept.")),
  // ref creatives/reference.mdx, PUT draft_tweets unsets these given with no value.
  cardUri: clearable(cardUriInput()),
  mediaKeys: clearable(mediaKeysInput()),
  nullcast: nullcastInput("true (default): a promoted-only post, not shown on the user's timeline."),
  name: computed(nameInput()),
  adoptId: adoptIdInput,
}).describe("A draft post (Tweet) of an advertiser user. Text, card, media, nullcast and name change in place.");

export type DraftTweetInputs = z.infer<typeof draftTweetInputs>;

// ------------------------------------------------------------ lifecycle ---

export const draftTweet = declarePost("DraftTweet", draftTweetInputs, {
  tweetType: "DRAFT",
  path: (t) => `${accountPath(t.accountId)}/draft_tweets`,
});
