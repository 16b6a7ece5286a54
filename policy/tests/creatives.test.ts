import { cardComponentsOrSlides, cardSwipeableMedia, mediaCreativeLandingUrl, mediaType, postMedia } from "../creatives";
import { card, draftTweet, lineItem, mediaCreative, tweet } from "./fixtures";
import { resourceViolations, stackViolations, unknown } from "./util";

const swipeable = (n: number) => ({ type: "SWIPEABLE_MEDIA", mediaKeys: Array.from({ length: n }, (_, i) => `3_${i}`) });
const details = { type: "DETAILS", title: "Shop", destination: { type: "WEBSITE", url: "https://example.com" } };

describe("xads-card-components-or-slides", () => {
  const policy = cardComponentsOrSlides;

  test("components alone, or slides alone, pass", async () => {
    expect(await resourceViolations(policy, card())).toEqual([]);
    expect(await resourceViolations(policy, card({ components: undefined, slides: [[swipeable(2)], [details]] }))).toEqual([]);
  });

  test("both fail", async () => {
    expect(await resourceViolations(policy, card({ slides: [[details]] }))).toEqual([
      'Card "spring-carousel" sets both components and slides; the platform takes exactly one of them',
    ]);
  });

  test("neither fails", async () => {
    expect(await resourceViolations(policy, card({ components: undefined }))).toEqual([
      'Card "spring-carousel" sets neither components nor slides; the platform requires exactly one of them',
    ]);
  });

  test("a value not known during preview counts as set", async () => {
    expect(await resourceViolations(policy, card({ components: unknown }))).toEqual([]);
    expect(await resourceViolations(policy, card({ slides: unknown }))).toHaveLength(1);
  });
});

describe("xads-card-swipeable-media", () => {
  const policy = cardSwipeableMedia;

  test("2 and 6 media pass", async () => {
    expect(await resourceViolations(policy, card({ components: [swipeable(2)] }))).toEqual([]);
    expect(await resourceViolations(policy, card({ components: [swipeable(6)] }))).toEqual([]);
  });

  test("1 or 7 media fail, naming where the component sits", async () => {
    expect(await resourceViolations(policy, card({ components: [details, swipeable(7)] }))).toEqual([
      'Card "spring-carousel" components[1] (SWIPEABLE_MEDIA) mediaKeys holds 7 items; the platform allows 2 to 6',
    ]);
    expect(await resourceViolations(policy, card({ components: undefined, slides: [[details], [swipeable(1)]] }))).toEqual([
      'Card "spring-carousel" slides[1][0] (SWIPEABLE_MEDIA) mediaKeys holds 1 item; the platform allows 2 to 6',
    ]);
  });

  test("media keys not known during preview are skipped, known counts with unknown keys are checked", async () => {
    expect(await resourceViolations(policy, card({ components: [{ type: "SWIPEABLE_MEDIA", mediaKeys: unknown }] }))).toEqual([]);
    expect(await resourceViolations(policy, card({ components: [{ type: unknown, mediaKeys: ["3_1"] }] }))).toEqual([]);
    expect(await resourceViolations(policy, card({ components: [{ type: "SWIPEABLE_MEDIA", mediaKeys: [unknown] }] }))).toHaveLength(1);
  });
});

describe("xads-post-media", () => {
  const policy = postMedia;

  test("4 images, 1 animated GIF, or 1 video pass, as a list or comma-separated", async () => {
    expect(await resourceViolations(policy, draftTweet())).toEqual([]);
    expect(await resourceViolations(policy, tweet({ mediaKeys: ["16_1"] }))).toEqual([]);
    expect(await resourceViolations(policy, tweet({ mediaKeys: "7_1" }))).toEqual([]);
    expect(await resourceViolations(policy, tweet({ mediaKeys: "3_1,3_2,3_3" }))).toEqual([]);
  });

  test("5 images fail", async () => {
    expect(await resourceViolations(policy, draftTweet({ mediaKeys: "3_1,3_2,3_3,3_4,3_5" }))).toEqual([
      'DraftTweet "spring-photos" mediaKeys holds 5 images; the platform allows 4 images, or 1 animated GIF, or 1 video',
    ]);
  });

  test("a video or an animated GIF with other media fails", async () => {
    expect(await resourceViolations(policy, tweet({ mediaKeys: ["13_1", "3_1", "3_2"] }))).toEqual([
      'Tweet "spring-video" mediaKeys holds 1 video, 2 images; the platform allows 4 images, or 1 animated GIF, or 1 video',
    ]);
    expect(await resourceViolations(policy, tweet({ mediaKeys: ["16_1", "16_2"] }))).toEqual([
      'Tweet "spring-video" mediaKeys holds 2 animated GIFs; the platform allows 4 images, or 1 animated GIF, or 1 video',
    ]);
  });

  test("keys not known during preview: their count still counts, their type is not guessed", async () => {
    expect(await resourceViolations(policy, tweet({ mediaKeys: unknown }))).toEqual([]);
    expect(await resourceViolations(policy, tweet({ mediaKeys: [unknown, "3_1"] }))).toEqual([]);
    expect(await resourceViolations(policy, tweet({ mediaKeys: [unknown, unknown, unknown, unknown, "3_1"] }))).toEqual([
      'Tweet "spring-video" mediaKeys holds 4 not known yet, 1 image; the platform allows 4 images, or 1 animated GIF, or 1 video',
    ]);
  });

  test("media keys name their type by their category prefix", () => {
    expect(["3_1", "16_1", "7_1", "13_1", "99_1", "abc"].map(mediaType)).toEqual(["image", "animated GIF", "video", "video", "other", "other"]);
  });
});

describe("xads-media-creative-landing-url", () => {
  const policy = mediaCreativeLandingUrl;
  const onLineItem = (objective: unknown, creative: Record<string, unknown>) => [
    lineItem({ objective }, { name: "li" }),
    mediaCreative({ lineItemId: unknown, ...creative }, { sources: { lineItemId: ["li"] } }),
  ];

  test("a creative with a landingUrl on a WEBSITE_CLICKS line item of the stack passes", async () => {
    expect(await stackViolations(policy, onLineItem("WEBSITE_CLICKS", {}))).toEqual([]);
  });

  test("without one it fails, naming the creative, the line item and the objective, while the line item's id is not known", async () => {
    expect(await stackViolations(policy, onLineItem("WEBSITE_CLICKS", { landingUrl: undefined }))).toEqual([
      'MediaCreative "spring-banner" has no landingUrl; the platform requires one because LineItem "li" has objective WEBSITE_CLICKS',
    ]);
  });

  test("other objectives, unknown objectives and line items outside the stack are not judged", async () => {
    expect(await stackViolations(policy, onLineItem("ENGAGEMENTS", { landingUrl: undefined }))).toEqual([]);
    expect(await stackViolations(policy, onLineItem(unknown, { landingUrl: undefined }))).toEqual([]);
    expect(await stackViolations(policy, [mediaCreative({ landingUrl: undefined })])).toEqual([]);
  });
});
