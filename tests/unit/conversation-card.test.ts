import { UNKNOWN } from "../../provider/resources/framework";
import { imageConversationCard } from "../../provider/resources/image-conversation-card";
import { videoConversationCard } from "../../provider/resources/video-conversation-card";

const image = () => ({
  accountId: "18ce54d4x5t", name: "Spring poll", mediaKey: "3_1001", title: "Which colour?",
  firstCta: "#SpringGreen", firstCtaTweet: "Green, obviously", thankYouText: "Thanks for voting!",
});
const video = () => ({ ...image(), name: "Video poll", mediaKey: "7_3001" });
const reasons = (def: typeof imageConversationCard, news: Record<string, unknown>) => (def.check({}, news).failures ?? []).map((f) => f.reason);

describe.each([
  ["ImageConversationCard", imageConversationCard, image],
  ["VideoConversationCard", videoConversationCard, video],
] as const)("%s validation", (_kind, def, valid) => {
  test("valid inputs pass", () => {
    expect(reasons(def, valid())).toEqual([]);
  });

  test("CTAs are hashtags of at most 20 characters not counting the #", () => {
    expect(reasons(def, { ...valid(), firstCta: `#${"a".repeat(20)}` })).toEqual([]);
    expect(reasons(def, { ...valid(), firstCta: `#${"a".repeat(21)}` })).toEqual(["firstCta must be at most 20 characters not counting the # (got 21)"]);
    expect(reasons(def, { ...valid(), firstCta: "Spring" })).toEqual(['firstCta must be a hashtag: # then letters, digits or _, e.g. #SpringGreen (got "Spring")']);
  });

  test("thankYouText and title: at most 23 characters", () => {
    expect(reasons(def, { ...valid(), thankYouText: "x".repeat(23), title: "y".repeat(23) })).toEqual([]);
    expect(reasons(def, { ...valid(), thankYouText: "x".repeat(24) })).toEqual(["thankYouText must be at most 23 characters (got 24)"]);
    expect(reasons(def, { ...valid(), title: "y".repeat(24) })).toEqual(["title must be at most 23 characters (got 24)"]);
  });

  test("name is required, at most 80 characters", () => {
    expect(reasons(def, { ...valid(), name: undefined })).toEqual(["name is required"]);
    expect(reasons(def, { ...valid(), name: "n".repeat(81) })).toEqual(["name must be at most 80 characters (got 81)"]);
  });

  test("title or secondCta; each CTA with its Tweet, and no Tweet without its CTA", () => {
    expect(reasons(def, { ...valid(), title: undefined })).toEqual(["title is required when secondCta is not set (set title, or secondCta with secondCtaTweet)"]);
    expect(reasons(def, { ...valid(), title: undefined, secondCta: "#Two", secondCtaTweet: "Two" })).toEqual([]);
    expect(reasons(def, { ...valid(), secondCta: "#Two" })).toEqual(["secondCtaTweet is required when secondCta is set"]);
    expect(reasons(def, { ...valid(), fourthCta: "#Four" })).toEqual(["fourthCtaTweet is required when fourthCta is set"]);
    expect(reasons(def, { ...valid(), thirdCtaTweet: "Three" })).toEqual(["thirdCtaTweet can only be set with thirdCta"]);
    expect(reasons(def, { ...valid(), firstCtaTweet: undefined })).toEqual(["firstCtaTweet is required"]);
  });

  test("a CTA without its Tweet is refused while the media key is not known yet", () => {
    expect(reasons(def, { ...valid(), mediaKey: UNKNOWN, secondCta: "#Two" })).toEqual(["secondCtaTweet is required when secondCta is set"]);
  });

  test("every field updates in place; only the account replaces", () => {
    const state = { ...valid(), cardUri: "card://x" } as never;
    expect(def.diff("k1", state, valid() as never)).toMatchObject({ changes: false });
    for (const change of [{ title: "New" }, { firstCta: "#Other" }, { mediaKey: "3_1002" }, { thankYouUrl: "https://x.example" }]) {
      expect(def.diff("k1", state, { ...valid(), ...change } as never)).toEqual({ changes: true, stables: ["accountId"] });
    }
    expect(def.diff("k1", state, { ...valid(), accountId: "other" } as never)).toMatchObject({ replaces: ["accountId"] });
  });
});

describe("media kinds by key prefix (sizes and aspect ratios only the platform can check)", () => {
  test("an image card takes images; its unlocked image too", () => {
    expect(reasons(imageConversationCard, { ...image(), mediaKey: "7_3001" })).toEqual(["mediaKey must be an image (7_3001 is a video)"]);
    expect(reasons(imageConversationCard, { ...image(), unlockedImageMediaKey: "16_2001" })).toEqual(["unlockedImageMediaKey must be an image (16_2001 is an animated GIF)"]);
    expect(reasons(imageConversationCard, { ...image(), unlockedImageMediaKey: "3_1007" })).toEqual([]);
  });

  test("a video card takes a video, an image poster, and unlocked media of their kinds", () => {
    expect(reasons(videoConversationCard, { ...video(), mediaKey: "3_1001" })).toEqual(["mediaKey must be a video (3_1001 is an image)"]);
    expect(reasons(videoConversationCard, { ...video(), posterMediaKey: "7_3002" })).toEqual(["posterMediaKey must be an image (7_3002 is a video)"]);
    expect(reasons(videoConversationCard, { ...video(), unlockedVideoMediaKey: "3_1001" })).toEqual(["unlockedVideoMediaKey must be a video (3_1001 is an image)"]);
    expect(reasons(videoConversationCard, { ...video(), posterMediaKey: "3_1001", unlockedImageMediaKey: "3_1007", unlockedVideoMediaKey: "7_3002" })).toEqual([]);
  });

  test("an image card takes no video-only inputs", () => {
    expect(reasons(imageConversationCard, { ...image(), unlockedVideoMediaKey: "7_3002" })).toEqual(["unknown input unlockedVideoMediaKey"]);
  });
});

describe("VideoConversationCard poster", () => {
  // The platform's answer (xdevplatform/docs x-ads-api/creatives/reference.mdx, POST and GET cards/video_conversation): the poster's address, never its key.
  const answer = (posterUrl: string) => ({
    name: "Video poll", first_cta: "#SpringGreen", video_height: "9", media_url: "https://video.twimg.com/amplify_video/vmap/3001.vmap",
    thank_you_text: "Thanks for voting!", video_owner_id: "756201191646691328", media_key: "7_3001", id: "5a86h", video_width: "16",
    first_cta_tweet: "Green, obviously", created_at: "2018-01-30T17:53:04Z", card_uri: "card://958397665015775232", title: "Which colour?",
    updated_at: "2018-01-30T17:53:04Z", poster_media_url: posterUrl, deleted: false, card_type: "VIDEO_CONVERSATION",
  });
  const declared = () => videoConversationCard.check({}, { ...video(), posterMediaKey: "3_1002" }).inputs!;
  const poster = "https://pbs.twimg.com/media/3_1002.jpg";

  test("a declared posterMediaKey is kept through create and refresh (the API answers only poster_media_url): no change after either", async () => {
    const ctx = { client: { clock: () => Date.now(), post: jest.fn().mockResolvedValue(answer(poster)), getById: jest.fn().mockResolvedValue(answer(poster)) } } as never;
    const { id, outs } = await videoConversationCard.create(ctx, declared());
    expect(outs).toMatchObject({ posterMediaKey: "3_1002", posterMediaUrl: poster });
    expect(videoConversationCard.diff(id, outs, declared())).toMatchObject({ changes: false });
    const read = (await videoConversationCard.read(ctx, id, outs))!.props;
    expect(read).toEqual(outs);
    expect(videoConversationCard.diff(id, read, declared())).toMatchObject({ changes: false });
  });

  test("a poster changed outside the program shows in posterMediaUrl; changing or dropping posterMediaKey is still a change", async () => {
    const ctx = { client: { getById: jest.fn().mockResolvedValue(answer("https://pbs.twimg.com/media/other.jpg")) } } as never;
    const state = { ...declared(), cardUri: "card://958397665015775232", posterMediaUrl: poster };
    expect((await videoConversationCard.read(ctx, "5a86h", state as never))!.props).toMatchObject({ posterMediaKey: "3_1002", posterMediaUrl: "https://pbs.twimg.com/media/other.jpg" });
    expect(videoConversationCard.diff("5a86h", state as never, { ...declared(), posterMediaKey: "3_1001" })).toMatchObject({ changes: true });
    expect(videoConversationCard.diff("5a86h", state as never, { ...declared(), posterMediaKey: undefined })).toMatchObject({ changes: true });
  });

  test("adoptId adopts a live card with a poster: the API answers only its address, so the declared key is kept", async () => {
    const ctx = { client: { getById: jest.fn().mockResolvedValue(answer(poster)) } } as never;
    const adopting = { ...declared(), adoptId: "5a86h" };
    const { outs } = await videoConversationCard.create(ctx, adopting);
    expect(outs).toMatchObject({ posterMediaKey: "3_1002", posterMediaUrl: poster });
    expect(videoConversationCard.diff("5a86h", outs, adopting)).toMatchObject({ changes: false });
  });
});
