/** Cards, image and video conversation cards: the emulator's rules (ref creatives/reference.mdx, Cards, Image and Video Conversation Cards) and the providers' lifecycle. */
import { Entity, ValidationError } from "../../provider/client";
import { card } from "../../provider/resources/card";
import { imageConversationCard } from "../../provider/resources/image-conversation-card";
import { videoConversationCard } from "../../provider/resources/video-conversation-card";
import { ACCOUNT, useEmulator } from "./fixtures";

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;
const CARDS = `/12/accounts/${ACCOUNT}/cards`;

const details = { type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url: "https://example.com/spring" } };
const swipeable = (...keys: string[]) => ({ type: "SWIPEABLE_MEDIA", mediaKeys: keys });
const cardInputs = (extra: Record<string, unknown> = {}) =>
  card.check({}, { accountId: ACCOUNT, name: "Spring carousel", components: [swipeable("3_1003", "3_1004"), details], ...extra }).inputs!;
const imageInputs = (extra: Record<string, unknown> = {}) => imageConversationCard.check({}, {
  accountId: ACCOUNT, name: "Spring poll", mediaKey: "3_1001", unlockedImageMediaKey: "3_1007", title: "Which colour?",
  firstCta: "#Green", firstCtaTweet: "Green!", thankYouText: "Thanks!", ...extra,
}).inputs!;
const videoInputs = (extra: Record<string, unknown> = {}) => videoConversationCard.check({}, {
  accountId: ACCOUNT, name: "Video poll", mediaKey: "7_3001", unlockedVideoMediaKey: "7_3002",
  firstCta: "#One", firstCtaTweet: "One", secondCta: "#Two", secondCtaTweet: "Two", thankYouText: "Thanks!", ...extra,
}).inputs!;

/** The platform's error of a raw call. */
const refused = (p: Promise<unknown>) => p.then(() => { throw new Error("not refused"); }, (e: unknown) => e as ValidationError);
const post = (json: unknown) => client().post<Entity>(CARDS, undefined, json);

beforeEach(() => emu().control.clearRequests());

describe("Card", () => {
  test("create answers card://<id> and a type from the components; name and components update the same card in place", async () => {
    const { id, outs } = await card.create(ctx(), cardInputs());
    expect(outs).toMatchObject({ cardUri: `card://${id}`, cardType: "IMAGE_CAROUSEL_WEBSITE", name: "Spring carousel" });
    expect(outs.components).toEqual(cardInputs().components);
    // JSON body, snake_case inside the components.
    expect(emu().control.requests().find((r) => r.method === "POST")?.body).toEqual({
      name: "Spring carousel",
      components: [{ type: "SWIPEABLE_MEDIA", media_keys: ["3_1003", "3_1004"] }, { type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url: "https://example.com/spring" } }],
    });
    const news = cardInputs({ name: "Spring video", components: [{ type: "MEDIA", mediaKey: "7_3001" }, details] });
    expect(card.diff(id, outs, news)).toMatchObject({ changes: true });
    expect(card.diff(id, outs, news).replaces).toBeUndefined();
    const updated = await card.update(ctx(), id, outs, news);
    expect(updated).toMatchObject({ cardUri: `card://${id}`, cardType: "VIDEO_WEBSITE", name: "Spring video" });
    expect((await card.read(ctx(), id, updated))?.props).toEqual(updated);
    expect(emu().control.entities("sandbox", ACCOUNT, "cards")).toHaveLength(1);
  });

  test("slides replace components in place, making a multi-destination carousel", async () => {
    const { id, outs } = await card.create(ctx(), cardInputs());
    const slides = [[{ type: "MEDIA", mediaKey: "3_1001" }, details], [{ type: "MEDIA", mediaKey: "7_3001" }, details]];
    const updated = await card.update(ctx(), id, outs, cardInputs({ components: undefined, slides }));
    expect(updated).toMatchObject({ cardType: "MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE", slides: card.check({}, { ...cardInputs(), components: undefined, slides }).inputs!.slides });
    expect(updated.components).toBeUndefined();
    expect(emu().control.entities("sandbox", ACCOUNT, "cards")[0]).toMatchObject({ id, components: null });
  });

  test("an app button card reads back as it was declared", async () => {
    const button = { type: "BUTTON", label: { type: "ENUM", value: "INSTALL" }, destination: { type: "APP", countryCode: "US", googleplayAppId: "com.example", googleplayDeepLink: "example://" } };
    const { id, outs } = await card.create(ctx(), cardInputs({ components: [{ type: "MEDIA", mediaKey: "3_1001" }, button] }));
    expect(outs.cardType).toBe("IMAGE_APP");
    expect(emu().control.entities("sandbox", ACCOUNT, "cards")[0]!.components).toContainEqual(expect.objectContaining({
      destination: { type: "APP", country_code: "US", googleplay_app_id: "com.example", googleplay_deep_link: "example://" },
    }));
    expect((await card.read(ctx(), id, outs))?.props).toEqual(outs);
  });

  test("the emulator refuses what the reference refuses, naming the path", async () => {
    const seven = { type: "SWIPEABLE_MEDIA", media_keys: ["3_1001", "3_1002", "3_1003", "3_1004", "3_1005", "3_1006", "3_1007"] };
    await expect(refused(post({ name: "x", components: [seven] }))).resolves.toMatchObject({ status: 400, parameter: "components[0].media_keys", message: expect.stringMatching(/at most 6/) });
    await expect(refused(post({ name: "x", components: [{ type: "MEDIA", media_key: "3_9999" }] }))).resolves.toMatchObject({ parameter: "components[0].media_key", message: expect.stringMatching(/not in the media library/) });
    await expect(refused(post({ name: "x", components: [{ type: "MEDIA", media_key: "16_2001" }] }))).resolves.toMatchObject({ message: expect.stringMatching(/image or a video, got an animated GIF/) });
    await expect(refused(post({ name: "x", components: [{ type: "MEDIA", media_key: "3_1001" }], slides: [[{ type: "MEDIA", media_key: "3_1001" }]] }))).resolves.toMatchObject({ parameter: "slides" });
    await expect(refused(post({ name: "x" }))).resolves.toMatchObject({ code: "MISSING_PARAMETER", parameter: "components" });
    await expect(refused(post({ name: "x".repeat(81), components: [{ type: "MEDIA", media_key: "3_1001" }] }))).resolves.toMatchObject({ parameter: "name", message: expect.stringMatching(/at most 80/) });
    const app = (destination: object) => post({ name: "x", components: [{ type: "BUTTON", label: { type: "ENUM", value: "SHOP" }, destination: { type: "APP", country_code: "US", ...destination } }] });
    await expect(refused(app({}))).resolves.toMatchObject({ parameter: "components[0].destination" });
    await expect(refused(app({ ios_app_store_identifier: "123", googleplay_deep_link: "x://" }))).resolves.toMatchObject({ parameter: "components[0].destination.googleplay_deep_link" });
    await expect(refused(post({ name: "x", components: [{ type: "BUTTON", label: { type: "ENUM", value: "BUY" }, destination: { type: "APP", country_code: "US", ios_app_store_identifier: "1" } }] })))
      .resolves.toMatchObject({ parameter: "components[0].label.value" });
    expect(emu().control.entities("sandbox", ACCOUNT, "cards")).toEqual([]);
  });

  test("lists filter by card_types, card_id, card_uris and q, with count at most 200; cards/all finds any card by URI", async () => {
    const a = await card.create(ctx(), cardInputs());
    const b = await card.create(ctx(), cardInputs({ name: "Other", components: [{ type: "MEDIA", mediaKey: "3_1001" }, details] }));
    const poll = await imageConversationCard.create(ctx(), imageInputs());
    const list = (query: Record<string, string | number>) => client().get<Entity[]>(CARDS, query);
    expect((await list({ card_types: "IMAGE_WEBSITE" })).map((c) => c.id)).toEqual([b.id]);
    expect((await list({ card_uris: a.outs.cardUri! })).map((c) => c.id)).toEqual([a.id]);
    expect((await list({ card_id: `${a.id},${b.id}` })).map((c) => c.id)).toEqual([a.id, b.id]);
    expect((await list({ q: "oth" })).map((c) => c.id)).toEqual([b.id]);
    await expect(refused(list({ count: 201 }))).resolves.toMatchObject({ parameter: "count", message: expect.stringMatching(/count must be at most 200, got 201$/) });
    await expect(refused(list({ q: "x".repeat(81) }))).resolves.toMatchObject({ parameter: "q" });
    const all = await client().get<Entity[]>(`${CARDS}/all`, { card_uris: [a.outs.cardUri!, poll.outs.cardUri!] });
    expect(all.map((c) => c.id).sort()).toEqual([a.id, poll.id].sort());
    expect((await client().get<Entity>(`${CARDS}/all/${poll.id}`)).card_uri).toBe(`card://${poll.id}`);
  });

  test("a create whose answer never came is not sent twice: the committed card is adopted", async () => {
    emu().control.fault({ method: "POST", path: "/cards$", kind: "timeout-after-commit", delayMs: 3000 });
    const { id } = await card.create(ctx(client(500)), cardInputs());
    expect(emu().control.requests().filter((r) => r.method === "POST")).toHaveLength(1);
    expect(emu().control.entities("sandbox", ACCOUNT, "cards").map((c) => c.id)).toEqual([id]);
  });

  test("adoptId takes over a live card whose content matches, with no write, and refuses one that differs", async () => {
    const live = await post({ name: "Legacy", components: [{ type: "MEDIA", media_key: "3_1001" }, { type: "DETAILS", title: "Spring sale", destination: { url: "https://example.com/spring", type: "WEBSITE" } }] });
    emu().control.clearRequests();
    const declared = cardInputs({ name: "Legacy", adoptId: live.id, components: [{ type: "MEDIA", mediaKey: "3_1001" }, details] });
    await expect(card.create(ctx(), declared)).resolves.toMatchObject({ id: live.id, outs: { cardUri: `card://${live.id}` } });
    await expect(card.create(ctx(), { ...declared, name: "Renamed" })).rejects.toThrow(/name is "Legacy" on the platform and "Renamed" in the program: the next up would change it/);
    expect(emu().control.requests().filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("a card whose live MEDIA component carries media_metadata reads back as declared: create, refresh and adoption show no change", async () => {
    const declared = cardInputs({ name: "Video card", components: [{ type: "MEDIA", mediaKey: "7_3001" }, details] });
    const { id, outs } = await card.create(ctx(), declared);
    const raw = await client().get<Entity[]>(`${CARDS}/${id}`);
    expect(raw[0]!.components).toEqual([
      {
        type: "MEDIA", media_key: "7_3001",
        media_metadata: { "7_3001": { type: "VIDEO", url: expect.stringMatching(/^https:\/\/video\.twimg\.com\//), width: 1920, height: 1080, video_duration: 15000, video_aspect_ratio: "16:9" } },
      },
      { type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url: "https://example.com/spring" } },
    ]);
    expect(outs.components).toEqual(declared.components);
    const read = (await card.read(ctx(), id, outs))!.props;
    expect(card.diff(id, read, declared)).toMatchObject({ changes: false });
    const live = await post({ name: "Legacy video", components: [{ type: "MEDIA", media_key: "7_3001" }, { type: "DETAILS", title: "Spring sale", destination: { url: "https://example.com/spring", type: "WEBSITE" } }] });
    const adopting = { ...declared, name: "Legacy video", adoptId: live.id };
    const adopted = await card.create(ctx(), adopting);
    expect(adopted.id).toBe(live.id);
    expect(card.diff(live.id, adopted.outs, adopting)).toMatchObject({ changes: false });
    expect(card.diff(live.id, (await card.read(ctx(), live.id, adopted.outs))!.props, adopting)).toMatchObject({ changes: false });
  });

  test("delete is idempotent and a deleted card reads as gone", async () => {
    const { id, outs } = await card.create(ctx(), cardInputs());
    await card.delete(ctx(), id, outs);
    await card.delete(ctx(), id, outs);
    expect(await card.read(ctx(), id, outs)).toBeUndefined();
  });
});

describe("ImageConversationCard", () => {
  test("create, in-place update and read; the write-only unlocked image is kept from the inputs, never from the API", async () => {
    const { id, outs } = await imageConversationCard.create(ctx(), imageInputs());
    expect(outs).toMatchObject({ cardUri: `card://${id}`, mediaKey: "3_1001", unlockedImageMediaKey: "3_1007", title: "Which colour?" });
    const raw = await client().get<Entity>(`${CARDS}/image_conversation/${id}`);
    expect(raw).not.toHaveProperty("unlocked_image_media_key");
    expect(emu().control.entities("sandbox", ACCOUNT, "image_conversation_cards")[0]).toMatchObject({ unlocked_image_media_key: "3_1007" });
    // Title dropped for a second CTA: one PUT, which clears title.
    const news = imageInputs({ title: undefined, secondCta: "#Yellow", secondCtaTweet: "Yellow!" });
    expect(imageConversationCard.diff(id, outs, news).replaces).toBeUndefined();
    const updated = await imageConversationCard.update(ctx(), id, outs, news);
    expect(updated).toMatchObject({ secondCta: "#Yellow", unlockedImageMediaKey: "3_1007" });
    expect(updated.title).toBeUndefined();
    expect(emu().control.requests().filter((r) => r.method === "PUT").map((r) => r.query)).toEqual([
      { title: "", second_cta: "#Yellow", second_cta_tweet: "Yellow!" },
    ]);
    expect((await imageConversationCard.read(ctx(), id, updated))?.props).toEqual(updated);
  });

  test("the platform's media rules the provider cannot check are explained, naming the input and the rule", async () => {
    await expect(imageConversationCard.create(ctx(), imageInputs({ mediaKey: "3_1003" }))).rejects.toThrow(
      /^mediaKey "3_1003" was refused by the platform: .*media_key 3_1003 must have aspect ratio 1\.91:1, got 800x800\. The image must be in the media library, at least 800 px wide, with aspect 1\.91:1\./,
    );
    await expect(imageConversationCard.create(ctx(), imageInputs({ mediaKey: "3_1008" }))).rejects.toThrow(/media_key 3_1008 must be at least 800 px wide, got 400x209/);
    await expect(imageConversationCard.create(ctx(), imageInputs({ unlockedImageMediaKey: "3_1001" }))).rejects.toThrow(/^unlockedImageMediaKey "3_1001" .*aspect ratio 5:2/);
    expect(emu().control.entities("sandbox", ACCOUNT, "image_conversation_cards")).toEqual([]);
  });

  test("the emulator applies the CTA rules, on PUT to the card as it would be after it", async () => {
    const path = `${CARDS}/image_conversation`;
    const base = { name: "P", media_key: "3_1001", first_cta: "#A", first_cta_tweet: "a", thank_you_text: "Thanks" };
    await expect(refused(client().post(path, base))).resolves.toMatchObject({ code: "MISSING_PARAMETER", parameter: "second_cta" });
    await expect(refused(client().post(path, { ...base, title: "T", third_cta: "#C" }))).resolves.toMatchObject({ parameter: "third_cta_tweet" });
    await expect(refused(client().post(path, { ...base, title: "T", first_cta: `#${"a".repeat(21)}` }))).resolves.toMatchObject({ parameter: "first_cta", message: expect.stringMatching(/20 characters not counting the #/) });
    await expect(refused(client().post(path, { ...base, title: "T", thank_you_text: "x".repeat(24) }))).resolves.toMatchObject({ parameter: "thank_you_text" });
    const made = await client().post<Entity>(path, { ...base, title: "T" });
    await expect(refused(client().put(`${path}/${made.id}`, { title: "" }))).resolves.toMatchObject({ parameter: "second_cta" });
    // The PUT answers only the name, ids and times (as the real platform does for image cards): the card is read back.
    expect(Object.keys(await client().put<Entity>(`${path}/${made.id}`, { title: "", second_cta: "#B", second_cta_tweet: "b" })).sort())
      .toEqual(["card_type", "card_uri", "created_at", "deleted", "id", "name", "updated_at"]);
    const cleared = await client().get<Entity>(`${path}/${made.id}`);
    // A cleared field is left out of the answer, as the real platform leaves unset ones out.
    expect(cleared).toMatchObject({ second_cta: "#B" });
    expect(cleared).not.toHaveProperty("title");
  });

  test("delete exists and is idempotent", async () => {
    const { id, outs } = await imageConversationCard.create(ctx(), imageInputs());
    await imageConversationCard.delete(ctx(), id, outs);
    await imageConversationCard.delete(ctx(), id, outs);
    expect(await imageConversationCard.read(ctx(), id, outs)).toBeUndefined();
  });
});

describe("VideoConversationCard", () => {
  test("create, update in place, read; both write-only media keys stay as declared", async () => {
    const { id, outs } = await videoConversationCard.create(ctx(), videoInputs({ unlockedImageMediaKey: "3_1007" }));
    expect(outs).toMatchObject({ cardUri: `card://${id}`, unlockedVideoMediaKey: "7_3002", unlockedImageMediaKey: "3_1007" });
    const raw = await client().get<Entity>(`${CARDS}/video_conversation/${id}`);
    expect(raw).not.toHaveProperty("unlocked_video_media_key");
    const updated = await videoConversationCard.update(ctx(), id, outs, videoInputs({ unlockedImageMediaKey: "3_1007", thankYouText: "Merci !" }));
    expect(updated).toMatchObject({ thankYouText: "Merci !", unlockedVideoMediaKey: "7_3002" });
    expect((await videoConversationCard.read(ctx(), id, updated))?.props).toEqual(updated);
    await videoConversationCard.delete(ctx(), id, updated);
    expect(await videoConversationCard.read(ctx(), id, updated)).toBeUndefined();
  });

  test("a declared poster converges: the platform answers poster_media_url, never poster_media_key, and the key is kept", async () => {
    const posterUrl = "https://pbs.twimg.com/media/3_1002.jpg";
    const { id, outs } = await videoConversationCard.create(ctx(), videoInputs({ posterMediaKey: "3_1002" }));
    expect(outs).toMatchObject({ posterMediaKey: "3_1002", posterMediaUrl: posterUrl });
    expect(videoConversationCard.diff(id, outs, videoInputs({ posterMediaKey: "3_1002" }))).toMatchObject({ changes: false });
    const posted = await client().post<Entity>(`${CARDS}/video_conversation`, {
      name: "Raw poll", media_key: "7_3001", poster_media_key: "3_1002", first_cta: "#A", first_cta_tweet: "a", title: "T", thank_you_text: "x",
    });
    const put = await client().put<Entity>(`${CARDS}/video_conversation/${posted.id}`, { name: "Raw poll 2" });
    const got = await client().get<Entity>(`${CARDS}/video_conversation/${id}`);
    for (const answer of [posted, put, got]) expect(answer).toMatchObject({ poster_media_url: posterUrl });
    for (const answer of [posted, put, got]) expect(answer).not.toHaveProperty("poster_media_key");
    const read = (await videoConversationCard.read(ctx(), id, outs))!.props;
    expect(read).toEqual(outs);
    const updated = await videoConversationCard.update(ctx(), id, read, videoInputs({ posterMediaKey: "3_1001" }));
    expect(updated).toMatchObject({ posterMediaKey: "3_1001", posterMediaUrl: "https://pbs.twimg.com/media/3_1001.jpg" });
    expect(videoConversationCard.diff(id, (await videoConversationCard.read(ctx(), id, updated))!.props, videoInputs({ posterMediaKey: "3_1001" }))).toMatchObject({ changes: false });
    // Dropped from the program: cleared, and the platform's first frame is the poster again.
    const cleared = await videoConversationCard.update(ctx(), id, updated, videoInputs());
    expect(cleared.posterMediaKey).toBeUndefined();
    expect(cleared.posterMediaUrl).toMatch(/amplify_video_thumb/);
  });

  test("an image where the video goes is refused by the platform, explained", async () => {
    // 3_1001 has an image prefix, so check refuses it first; a key of no known category reaches the platform.
    expect(videoConversationCard.check({}, { ...videoInputs(), mediaKey: "3_1001" }).failures).toEqual([
      { property: "mediaKey", reason: "mediaKey must be a video (3_1001 is an image)" },
    ]);
    await expect(refused(client().post(`${CARDS}/video_conversation`, {
      name: "V", media_key: "3_1001", first_cta: "#A", first_cta_tweet: "a", title: "T", thank_you_text: "x",
    }))).resolves.toMatchObject({ parameter: "media_key", message: expect.stringMatching(/media_key 3_1001 must be a video, got image$/) });
  });
});
