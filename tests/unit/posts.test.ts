/**
 * The posts family without a network: validation (each limit passes at
 * the limit and fails past it, naming the field and the limit) and diff
 * (update in place vs replace).
 */
import { LIMITS, mediaTypeOfKey, tweetMediaProblem, weightedLength } from "../../provider/limits";
import { draftTweet } from "../../provider/resources/draft-tweet";
import { UNKNOWN } from "../../provider/resources/framework";
import { mediaCreative } from "../../provider/resources/media-creative";
import { scheduledPromotedTweet, undeletableMessage } from "../../provider/resources/scheduled-promoted-tweet";
import { scheduledTweet, scheduleRule } from "../../provider/resources/scheduled-tweet";
import { tweet } from "../../provider/resources/tweet";

const ACCOUNT = "18ce54d4x5t";
const USER = "756201191646691328";
type Def = { check(olds: object, news: Record<string, unknown>): { failures?: { property: string; reason: string }[] } };
const reasons = (def: Def, news: Record<string, unknown>, olds: object = {}) => (def.check(olds, news).failures ?? []).map((f) => f.reason);
const properties = (def: Def, news: Record<string, unknown>) => (def.check({}, news).failures ?? []).map((f) => f.property);

const draft = (o: Record<string, unknown> = {}) => ({ accountId: ACCOUNT, asUserId: USER, text: "Spring", ...o });
const published = (o: Record<string, unknown> = {}) => ({ accountId: ACCOUNT, asUserId: USER, text: "Spring", ...o });
const images = (n: number) => Array.from({ length: n }, (_, i) => `3_${1001 + i}`);

describe("media keys (limits.ts)", () => {
  test("the prefix tells the type: 3_ image, 16_ animated GIF, 7_ and 13_ video", () => {
    expect(["3_1", "16_1", "7_1", "13_1", "99_1", "x"].map(mediaTypeOfKey)).toEqual(["IMAGE", "GIF", "VIDEO", "VIDEO", undefined, undefined]);
    expect(LIMITS.tweetMedia).toEqual({ images: 4, gifs: 1, videos: 1 });
  });

  test("4 images, 1 GIF or 1 video pass; more, or a mix, fail with what was given", () => {
    expect(tweetMediaProblem(["IMAGE", "IMAGE", "IMAGE", "IMAGE"])).toBeUndefined();
    expect(tweetMediaProblem(["GIF"])).toBeUndefined();
    expect(tweetMediaProblem(["VIDEO"])).toBeUndefined();
    expect(tweetMediaProblem(["IMAGE", "IMAGE", "IMAGE", "IMAGE", "IMAGE"])).toBe("may hold at most 4 images (got 5 images)");
    expect(tweetMediaProblem(["GIF", "IMAGE"])).toBe("may hold 1 animated GIF and nothing else (got 1 image, 1 animated GIF)");
    expect(tweetMediaProblem(["VIDEO", "VIDEO"])).toBe("may hold 1 video and nothing else (got 2 videos)");
  });
});

describe("DraftTweet", () => {
  test("valid inputs pass, nullcast defaults to true", () => {
    expect(reasons(draftTweet, draft({ mediaKeys: images(4), name: "n".repeat(80) }))).toEqual([]);
    expect(draftTweet.check({}, draft()).inputs).toMatchObject({ nullcast: true });
  });

  test("5 images are refused, naming mediaKeys and the limit", () => {
    expect(reasons(draftTweet, draft({ mediaKeys: images(5) }))).toEqual(["mediaKeys may hold at most 4 images (got 5 images)"]);
  });

  test("a GIF with an image, or two videos, are refused", () => {
    expect(reasons(draftTweet, draft({ mediaKeys: ["16_2001", "3_1001"] }))).toEqual(["mediaKeys may hold 1 animated GIF and nothing else (got 1 image, 1 animated GIF)"]);
    expect(reasons(draftTweet, draft({ mediaKeys: ["7_3001", "7_3002"] }))).toEqual(["mediaKeys may hold 1 video and nothing else (got 2 videos)"]);
  });

  test("a key that is no media key is refused once, naming the key", () => {
    expect(reasons(draftTweet, draft({ mediaKeys: ["photo.png"] }))).toEqual(['mediaKeys[0] must be a media key of the media library, <category>_<id> such as 3_1001 (got "photo.png")']);
  });

  test("text is required without media, not with media", () => {
    expect(reasons(draftTweet, draft({ text: undefined }))).toEqual(["text is required when there are no mediaKeys"]);
    expect(reasons(draftTweet, draft({ text: undefined, mediaKeys: ["7_3001"] }))).toEqual([]);
  });

  test("name: 80 characters pass, 81 fail", () => {
    expect(reasons(draftTweet, draft({ name: "n".repeat(81) }))).toEqual(["name must be at most 80 characters (got 81)"]);
  });

  test("a card URI must be card://<id>", () => {
    expect(properties(draftTweet, draft({ cardUri: "https://cards.example/1" }))).toEqual(["cardUri"]);
    expect(reasons(draftTweet, draft({ cardUri: "card://1234" }))).toEqual([]);
  });

  test("5 media keys are refused even when another input is not known yet (preview)", () => {
    expect(reasons(draftTweet, draft({ cardUri: UNKNOWN, mediaKeys: images(5) }))).toEqual(["mediaKeys may hold at most 4 images (got 5 images)"]);
  });

  test("a GIF with a media key not known yet is refused in preview: the key counts, whatever it turns out to be", () => {
    expect(reasons(draftTweet, draft({ mediaKeys: ["16_2001", UNKNOWN] }))).toEqual(["mediaKeys may hold 1 animated GIF and nothing else (got 1 animated GIF, 1 of unknown type)"]);
    expect(reasons(draftTweet, draft({ mediaKeys: ["3_1001", UNKNOWN] }))).toEqual([]);
  });

  test("text is not required while the media are not known yet", () => {
    expect(reasons(draftTweet, draft({ text: undefined, mediaKeys: UNKNOWN }))).toEqual([]);
  });

  test("text, media, card, nullcast and name update in place; the author replaces", () => {
    const state = draftTweet.check({}, draft({ mediaKeys: ["3_1001"] })).inputs as never;
    for (const change of [{ text: "x" }, { mediaKeys: ["3_1002"] }, { cardUri: "card://1" }, { nullcast: false }, { name: "n" }]) {
      const d = draftTweet.diff("1", state, { ...(state as object), ...change } as never);
      expect(d.changes).toBe(true);
      expect(d.replaces).toBeUndefined();
    }
    expect(draftTweet.diff("1", state, { ...(state as object), asUserId: "1" } as never).replaces).toEqual(["asUserId"]);
  });

  test("removing text or name from the program is not a change (the platform cannot unset them)", () => {
    const state = { ...draft({ name: "n", mediaKeys: ["3_1001"] }), nullcast: true } as never;
    expect(draftTweet.diff("1", state, { ...(state as object), text: undefined, name: undefined } as never).changes).toBe(false);
  });
});

describe("ScheduledTweet", () => {
  const now = Date.parse("2026-06-01T00:00:00Z");
  const scheduled = (o: Record<string, unknown> = {}) => ({ ...draft(), scheduledAt: "2026-07-01T00:00:00Z", ...o });

  test("scheduledAt must be in the future at creation", () => {
    expect(scheduleRule({}, scheduled(), now)).toEqual([]);
    expect(scheduleRule({}, scheduled({ scheduledAt: "2026-05-01T00:00:00Z" }), now)).toEqual([
      { property: "scheduledAt", reason: "scheduledAt must be in the future (now 2026-06-01T00:00:00.000Z, got 2026-05-01T00:00:00Z)" },
    ]);
  });

  test("an unchanged time that has passed is not refused; a new time in the past is", () => {
    const olds = scheduled({ scheduledAt: "2026-05-01T00:00:00Z" });
    expect(scheduleRule(olds, olds, now)).toEqual([]);
    expect(scheduleRule(olds, scheduled({ scheduledAt: "2026-05-02T00:00:00Z" }), now)).toHaveLength(1);
  });

  test("check refuses a past time, 2 GIFs and a long name together", () => {
    expect(properties(scheduledTweet, scheduled({ scheduledAt: "2020-01-01T00:00:00Z", mediaKeys: ["16_1", "16_2"], name: "n".repeat(81) })).sort())
      .toEqual(["mediaKeys", "name", "scheduledAt"]);
  });

  test("text, time, nullcast and name update in place; card and media replace", () => {
    const state = { ...scheduled({ mediaKeys: ["3_1001"] }), nullcast: true } as never;
    for (const change of [{ text: "x" }, { scheduledAt: "2026-08-01T00:00:00Z" }, { nullcast: false }, { name: "n" }]) {
      expect(scheduledTweet.diff("1", state, { ...(state as object), ...change } as never)).toMatchObject({ changes: true });
      expect(scheduledTweet.diff("1", state, { ...(state as object), ...change } as never).replaces).toBeUndefined();
    }
    expect(scheduledTweet.diff("1", state, { ...(state as object), mediaKeys: ["3_1002"] } as never).replaces).toEqual(["mediaKeys"]);
    expect(scheduledTweet.diff("1", state, { ...(state as object), cardUri: "card://1" } as never).replaces).toEqual(["cardUri"]);
  });
});

describe("a Tweet's text, weighted as the platform counts it (limits.ts weightedLength)", () => {
  test("a link counts 23 whatever its length, with or without https://; trailing punctuation is text", () => {
    expect(weightedLength(`see https://example.com/${"a".repeat(200)}`)).toBe(4 + 23);
    expect(weightedLength("see example.com.")).toBe(4 + 23 + 1);
    expect(weightedLength("(https://x.com/a)")).toBe(1 + 23 + 1);
  });

  test("an emoji counts 2 as a whole sequence (joiners, flags, keycaps); CJK 2 a character; Latin 1 after NFC", () => {
    expect(weightedLength("👩‍👩‍👧‍👦")).toBe(2);
    expect(weightedLength("🇫🇷1️⃣")).toBe(4);
    expect(weightedLength("日本語")).toBe(6);
    expect(weightedLength("cafe\u0301")).toBe(4);
    expect(weightedLength("e.g. U.S. v2.0")).toBe(14);
  });

  test("280 weighted characters pass and 281 are refused, in every kind of post", () => {
    const at = "x".repeat(257) + " https://example.com/" + "p".repeat(300); // 257 + 1 + 23 = 281 weighted
    const kinds: [Def, Record<string, unknown>][] = [[tweet, {}], [draftTweet, {}], [scheduledTweet, { scheduledAt: "2099-01-01T00:00:00Z" }]];
    for (const [def, own] of kinds) {
      expect(properties(def, published({ text: "x".repeat(280), ...own }))).toEqual([]);
      expect(reasons(def, published({ text: at, ...own }))).toEqual([
        "text must be at most 280 characters as the platform counts them (each link 23, each emoji and each CJK character 2; got 281)",
      ]);
    }
  });

  test("a 10,000-character text is refused in preview, with its weighted length", () => {
    expect(reasons(tweet, published({ text: "x".repeat(10_000) }))).toEqual([
      "text must be at most 280 characters as the platform counts them (each link 23, each emoji and each CJK character 2; got 10000)",
    ]);
    expect(reasons(tweet, published({ text: "日".repeat(141) }))).toEqual([
      "text must be at most 280 characters as the platform counts them (each link 23, each emoji and each CJK character 2; got 282)",
    ]);
  });

  test("a NUL in a name or a text is refused; a line break in a text is not", () => {
    expect(reasons(tweet, published({ text: "Spring\nsale" }))).toEqual([]);
    expect(properties(tweet, published({ text: "Spring\u0000sale", name: "a\nb" }))).toEqual(["text", "name"]);
  });
});

describe("Tweet (published)", () => {
  test("valid inputs pass, nullcast defaults to true", () => {
    expect(reasons(tweet, published({ mediaKeys: ["7_3001"], videoTitle: "t".repeat(70), videoDescription: "d".repeat(200), videoCta: "WATCH_NOW", videoCtaValue: "https://x.example" }))).toEqual([]);
    expect(tweet.check({}, published()).inputs).toMatchObject({ nullcast: true });
  });

  test("nullcast false is refused, naming the field and saying why", () => {
    const failures = tweet.check({}, published({ nullcast: false })).failures!;
    expect(failures).toHaveLength(1);
    expect(failures[0]!.property).toBe("nullcast");
    expect(failures[0]!.reason).toMatch(/^nullcast must be true .* organic Tweet, which is not an ad; pulumi-xads could not manage or remove it/);
  });

  test("nullcast false is refused even when other inputs are not known yet", () => {
    expect(properties(tweet, published({ cardUri: UNKNOWN, nullcast: false }))).toEqual(["nullcast"]);
  });

  test("the video and call-to-action rules run while other inputs are not known yet", () => {
    expect(reasons(tweet, published({ text: UNKNOWN, cardUri: UNKNOWN, mediaKeys: ["3_1001"], videoTitle: "t" }))).toEqual(["videoTitle need a video in mediaKeys (a 7_ or 13_ media key)"]);
    expect(reasons(tweet, published({ cardUri: UNKNOWN, mediaKeys: ["7_3001"], videoCta: "WATCH_NOW" }))).toEqual(["videoCtaValue is required with videoCta"]);
  });

  test("video title 70 and description 200: one more fails, naming the field and the limit", () => {
    expect(reasons(tweet, published({ mediaKeys: ["7_3001"], videoTitle: "t".repeat(71) }))).toEqual(["videoTitle must be at most 70 characters (got 71)"]);
    expect(reasons(tweet, published({ mediaKeys: ["7_3001"], videoDescription: "d".repeat(201) }))).toEqual(["videoDescription must be at most 200 characters (got 201)"]);
    expect(reasons(tweet, published({ name: "n".repeat(81) }))).toEqual(["name must be at most 80 characters (got 81)"]);
  });

  test("video fields need a video, and videoCta needs videoCtaValue", () => {
    expect(reasons(tweet, published({ mediaKeys: ["3_1001"], videoTitle: "t" }))).toEqual(["videoTitle need a video in mediaKeys (a 7_ or 13_ media key)"]);
    expect(reasons(tweet, published({ mediaKeys: ["7_3001"], videoCta: "WATCH_NOW" }))).toEqual(["videoCtaValue is required with videoCta"]);
    expect(reasons(tweet, published({ mediaKeys: images(5) }))).toEqual(["mediaKeys may hold at most 4 images (got 5 images)"]);
  });

  test("the video fields' rule waits for media not known yet", () => {
    expect(reasons(tweet, published({ mediaKeys: UNKNOWN, videoTitle: "t" }))).toEqual([]);
  });

  test("only the name updates in place; every other input replaces", () => {
    const state = { ...published({ mediaKeys: ["7_3001"], name: "a" }), nullcast: true } as never;
    const d = tweet.diff("1", state, { ...(state as object), name: "b" } as never);
    expect(d.changes).toBe(true);
    expect(d.replaces).toBeUndefined();
    expect(tweet.diff("1", state, { ...(state as object), text: "other" } as never).replaces).toEqual(["text"]);
    expect(tweet.diff("1", state, { ...(state as object), mediaKeys: ["7_3002"] } as never).replaces).toEqual(["mediaKeys"]);
    expect(tweet.diff("1", state, { ...(state as object), conversationSettings: "FOLLOWING" } as never).replaces).toEqual(["conversationSettings"]);
  });
});

describe("ScheduledPromotedTweet", () => {
  const valid = { accountId: ACCOUNT, lineItemId: "li1", scheduledTweetId: "1234567890123456789" };

  test("the scheduled Tweet id must be decimal digits", () => {
    expect(properties(scheduledPromotedTweet, { ...valid, scheduledTweetId: "abc" })).toEqual(["scheduledTweetId"]);
    expect(properties(scheduledPromotedTweet, valid)).toEqual([]);
  });

  test("every change replaces (the platform has no PUT)", () => {
    expect(scheduledPromotedTweet.diff("1", valid as never, { ...valid, lineItemId: "li2" } as never).replaces).toEqual(["lineItemId"]);
    expect(scheduledPromotedTweet.diff("1", valid as never, { ...valid, scheduledTweetId: "1" } as never).replaces).toEqual(["scheduledTweetId"]);
  });

  test("the message after the scheduled time says why and what to do", () => {
    const m = undeletableMessage("x1", valid, "DELETE ...: 400 SCHEDULED_TIME_PASSED: ...");
    expect(m).toContain("only before its scheduled Tweet's scheduled_at");
    expect(m).toContain(`run pulumi state delete '<URN>', with the URN that pulumi stack --show-urns --show-ids prints above "ID: x1", then run the command again`);
    expect(m).toContain("stays in the stack");
  });
});

describe("MediaCreative", () => {
  const valid = { accountId: ACCOUNT, accountMediaId: "am1007", lineItemId: "li1", landingUrl: "https://example.com/" };

  test("landingUrl must be an http(s) URL", () => {
    expect(reasons(mediaCreative, { ...valid, landingUrl: "example.com" })).toEqual(['landingUrl must be an http(s) URL (got "example.com")']);
    expect(reasons(mediaCreative, valid)).toEqual([]);
  });

  test("every change replaces, the landing URL included (no PUT)", () => {
    expect(mediaCreative.diff("1", valid as never, { ...valid, landingUrl: "https://example.com/2" } as never).replaces).toEqual(["landingUrl"]);
    expect(mediaCreative.diff("1", valid as never, { ...valid, accountMediaId: "am1003" } as never).replaces).toEqual(["accountMediaId"]);
  });
});
