import { card } from "../../provider/resources/card";
import { UNKNOWN } from "../../provider/resources/framework";

const details = { type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url: "https://example.com/spring" } };
const button = (destination: Record<string, unknown> = {}, value = "INSTALL") => ({
  type: "BUTTON", label: { type: "ENUM", value }, destination: { type: "APP", countryCode: "US", googleplayAppId: "com.example", ...destination },
});
const swipeable = (n: number) => ({ type: "SWIPEABLE_MEDIA", mediaKeys: Array.from({ length: n }, (_, i) => `3_${1001 + i}`) });
const valid = () => ({ accountId: "18ce54d4x5t", name: "Spring carousel", components: [swipeable(3), details] as unknown[] });
const reasons = (news: Record<string, unknown>) => (card.check({}, news).failures ?? []).map((f) => f.reason);

describe("Card validation", () => {
  test("components, or slides, of every component type pass", () => {
    expect(reasons(valid())).toEqual([]);
    expect(reasons({ ...valid(), components: [{ type: "MEDIA", mediaKey: "7_3001" }, button({ iosAppStoreIdentifier: "123", iosDeepLink: "ex://" })] })).toEqual([]);
    expect(reasons({ ...valid(), components: undefined, slides: [[{ type: "MEDIA", mediaKey: "3_1001" }, details], [swipeable(2), details]] })).toEqual([]);
  });

  test("name: at most 80 characters", () => {
    expect(reasons({ ...valid(), name: "x".repeat(80) })).toEqual([]);
    expect(reasons({ ...valid(), name: "x".repeat(81) })).toEqual(["name must be at most 80 characters (got 81)"]);
  });

  test("exactly one of components and slides", () => {
    expect(reasons({ ...valid(), slides: [[details]] })).toEqual(["set components or slides, not both: a card has exactly one of them"]);
    expect(reasons({ ...valid(), components: undefined })).toEqual(["components or slides is required: a card has exactly one of them"]);
  });

  test("exactly one of components and slides holds while a media key inside is not known yet", () => {
    expect(reasons({ ...valid(), components: [{ type: "MEDIA", mediaKey: UNKNOWN }], slides: [[details]] })).toEqual(["set components or slides, not both: a card has exactly one of them"]);
    expect(reasons({ ...valid(), components: [{ type: "MEDIA", mediaKey: UNKNOWN }, details] })).toEqual([]);
  });

  test("an app button without an app is refused while the card's name is not known yet", () => {
    expect(reasons({ ...valid(), name: UNKNOWN, components: [button({ googleplayAppId: undefined })] })).toEqual(["components[0].destination needs googleplayAppId or iosAppStoreIdentifier (at least one)"]);
  });

  test("SWIPEABLE_MEDIA holds 2 to 6 keys, named by where the component sits", () => {
    expect(reasons({ ...valid(), components: [swipeable(2), details] })).toEqual([]);
    expect(reasons({ ...valid(), components: [swipeable(6), details] })).toEqual([]);
    expect(reasons({ ...valid(), components: [details, swipeable(7)] })).toEqual(["components[1].mediaKeys must have 2 to 6 keys (got 7)"]);
    expect(reasons({ ...valid(), components: undefined, slides: [[details], [swipeable(1)]] })).toEqual(["slides[1][0].mediaKeys must have 2 to 6 keys (got 1)"]);
  });

  test("an unknown component type lists the four", () => {
    expect(reasons({ ...valid(), components: [{ type: "CAROUSEL" }] })).toEqual([
      'components[0].type must be one of MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON (got "CAROUSEL")',
    ]);
  });

  test("media: one image or video; an animated GIF key is refused by its prefix", () => {
    expect(reasons({ ...valid(), components: [{ type: "MEDIA", mediaKey: "16_2001" }] })).toEqual(["components[0].mediaKey must be an image or a video (16_2001 is an animated GIF)"]);
    expect(reasons({ ...valid(), components: [{ type: "MEDIA", mediaKey: "cat.png" }] })).toEqual(['components[0].mediaKey must be a media key from the media library, e.g. 3_1001 (got "cat.png")']);
  });

  test("DETAILS takes a WEBSITE destination with a url", () => {
    expect(reasons({ ...valid(), components: [{ ...details, destination: { type: "WEBSITE" } }] })).toEqual(["components[0].destination.url is required"]);
    expect(reasons({ ...valid(), components: [{ ...details, destination: { type: "APP", url: "https://x.example" } }] })).toEqual(['components[0].destination.type must be one of WEBSITE (got "APP")']);
  });

  test("BUTTON: label values, and the APP destination's rules", () => {
    expect(reasons({ ...valid(), components: [button({}, "BUY")] })).toEqual(['components[0].label.value must be one of BOOK, CONNECT, INSTALL, OPEN, ORDER, PLAY, SHOP (got "BUY")']);
    expect(reasons({ ...valid(), components: [button({ countryCode: "USA" })] })).toEqual(['components[0].destination.countryCode must be an ISO 3166-1 alpha-2 country code, e.g. US (got "USA")']);
    expect(reasons({ ...valid(), components: [button({ googleplayAppId: undefined })] })).toEqual(["components[0].destination needs googleplayAppId or iosAppStoreIdentifier (at least one)"]);
    expect(reasons({ ...valid(), components: [button({ googleplayAppId: undefined, iosAppStoreIdentifier: "1", googleplayDeepLink: "ex://" })] }))
      .toEqual(["components[0].destination.googleplayDeepLink can only be set with googleplayAppId"]);
    expect(reasons({ ...valid(), components: [button({ iosDeepLink: "ex://" })] })).toEqual(["components[0].destination.iosDeepLink can only be set with iosAppStoreIdentifier"]);
    expect(reasons({ ...valid(), components: [{ ...button(), extra: 1 }] })).toEqual(["components[0] has unknown field extra"]);
  });
});

describe("Card diff", () => {
  test("name, components and slides update in place; only the account replaces", () => {
    const state = valid() as never;
    expect(card.diff("c1", state, valid() as never)).toMatchObject({ changes: false });
    expect(card.diff("c1", state, { ...valid(), name: "New" } as never)).toEqual({ changes: true, stables: ["accountId"] });
    expect(card.diff("c1", state, { ...valid(), components: [swipeable(4), details] } as never)).toEqual({ changes: true, stables: ["accountId"] });
    expect(card.diff("c1", state, { ...valid(), components: undefined, slides: [[details]] } as never)).toEqual({ changes: true, stables: ["accountId"] });
    expect(card.diff("c1", state, { ...valid(), accountId: "other" } as never)).toMatchObject({ replaces: ["accountId"] });
  });
});

describe("Card outputs", () => {
  // A MEDIA component as the platform answers it (twitterdev/twitter-python-ads-sdk tests/fixtures/cards_load.json).
  const metadata = {
    "13_794652834998325248": {
      type: "VIDEO", url: "https://video.twimg.com/amplify_video/794652834998325248/vid/640x360/pUgE2UKcfPwF_5Uh.mp4",
      width: 640, height: 360, video_duration: 7967, video_aspect_ratio: "16:9",
    },
  };
  const liveCard = (components: unknown[]) => ({
    id: "1503831318555086849", name: "my new card", card_uri: "card://1503831318555086849", card_type: "VIDEO_WEBSITE", deleted: false, components,
  });
  const liveMedia = (mediaKey = "13_794652834998325248") => ({ media_key: mediaKey, media_metadata: metadata, type: "MEDIA" });
  const liveDetails = (url: string) => ({ title: "Twitter", destination: { url, type: "WEBSITE" }, type: "DETAILS" });
  const declared = () => card.check({}, {
    accountId: "2iqph", name: "my new card",
    components: [{ type: "MEDIA", mediaKey: "13_794652834998325248" }, { type: "DETAILS", title: "Twitter", destination: { type: "WEBSITE", url: "http://twitter.com/login" } }],
  }).inputs!;
  const read = async (entity: unknown, props: unknown = declared()) =>
    (await card.read({ client: { getById: jest.fn().mockResolvedValue(entity) } } as never, "1503831318555086849", props as never))!.props;

  test("a MEDIA component the platform answers with media_metadata reads back as declared: a refresh shows no change", async () => {
    const props = await read(liveCard([liveMedia(), liveDetails("http://twitter.com/login")]));
    expect(props.components).toEqual(declared().components);
    expect(card.diff("1503831318555086849", props, declared())).toMatchObject({ changes: false });
  });

  test("keys the platform adds anywhere in a component or its destination are no drift; slides read back the same way", async () => {
    const withExtras = { ...liveDetails("http://twitter.com/login"), shown_as: "x", destination: { url: "http://twitter.com/login", type: "WEBSITE", tracking: {} } };
    const props = await read({ ...liveCard([]), components: undefined, slides: [[liveMedia(), withExtras]] }, { ...declared(), components: undefined });
    expect(props.slides).toEqual([declared().components]);
  });

  test("a declared key whose live value changed is drift: the diff shows it", async () => {
    const props = await read(liveCard([liveMedia("13_1"), liveDetails("http://twitter.com/changed")]));
    expect(props.components).toEqual([
      { type: "MEDIA", mediaKey: "13_1" },
      { type: "DETAILS", title: "Twitter", destination: { type: "WEBSITE", url: "http://twitter.com/changed" } },
    ]);
    expect(card.diff("1503831318555086849", props, declared())).toMatchObject({ changes: true });
  });

  test("a component of a type the provider does not know is kept whole, so it shows as a change", async () => {
    const props = await read(liveCard([liveMedia(), { type: "POLL", choices: ["a", "b"] }]));
    expect(props.components?.[1]).toEqual({ type: "POLL", choices: ["a", "b"] });
    expect(card.diff("1503831318555086849", props, declared())).toMatchObject({ changes: true });
  });

  test("adoptId adopts a live card whose MEDIA component carries media_metadata", async () => {
    const ctx = { client: { getById: jest.fn().mockResolvedValue(liveCard([liveMedia(), liveDetails("http://twitter.com/login")])) } } as never;
    const adopting = { ...declared(), adoptId: "1503831318555086849" };
    const { id, outs } = await card.create(ctx, adopting);
    expect(id).toBe("1503831318555086849");
    expect(card.diff(id, outs, adopting)).toMatchObject({ changes: false });
  });
});
