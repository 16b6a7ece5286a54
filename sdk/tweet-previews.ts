import { checkArgs } from "../provider/data-sources";
import { listTweetPreviews, tweetPreviewArgs, TweetPreviewInfo, TweetType } from "../provider/tweet-previews";
import { accountOf } from "./data-sources";
import { programContext } from "./config";

export type { TweetPreviewInfo, TweetType };

/**
 * The platform's rendering of posts (an `<iframe>` each, to embed as it is):
 * up to 200 `tweetIds`, all of one `tweetType` (DRAFT, PUBLISHED or
 * SCHEDULED). An id with no preview (another type, unknown) is left out of
 * the answer, as the platform leaves it out.
 */
export async function getTweetPreviews(args: { accountId?: string; tweetIds: string[]; tweetType: TweetType }): Promise<TweetPreviewInfo[]> {
  const accountId = accountOf("getTweetPreviews", args.accountId);
  // Arguments are checked before the configuration is read: a bad one fails first, without a request.
  const valid = checkArgs("getTweetPreviews", tweetPreviewArgs.previews, { ...args, accountId });
  return listTweetPreviews(programContext(), valid);
}
