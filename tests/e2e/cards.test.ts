/**
 * Cards with the real pulumi CLI, one stack: a Card of components, a Card of
 * slides, an image and a video conversation card. Up, no-change preview,
 * name/components and a conversation card field updated in place (no PUT
 * where there is none), edits and a delete in the ads UI found by refresh,
 * bad input refused in preview with no write, destroy.
 */
import { ACCOUNT_ID, Credentials, Emulator, ResourceSpec, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

let emu: Emulator;
let creds: Credentials;
let stack: Stack;

const details = (url: string) => ({ type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url } });

interface Change {
  carouselName?: string;
  carouselComponents?: unknown[];
  pollTitle?: string;
  pollThankYou?: string;
}

function program(change: Change = {}): ResourceSpec[] {
  return [
    { type: "Card", name: "carousel", args: {
      name: change.carouselName ?? "Spring carousel",
      components: change.carouselComponents ?? [{ type: "SWIPEABLE_MEDIA", mediaKeys: ["3_1003", "3_1004"] }, details("https://example.com/spring")],
    } },
    { type: "Card", name: "multi", args: {
      name: "Multi destination",
      slides: [[{ type: "MEDIA", mediaKey: "3_1001" }, details("https://example.com/a")], [{ type: "MEDIA", mediaKey: "7_3001" }, details("https://example.com/b")]],
    } },
    { type: "ImageConversationCard", name: "poll", args: {
      name: "Spring poll", mediaKey: "3_1001", unlockedImageMediaKey: "3_1007", title: change.pollTitle ?? "Which colour?",
      firstCta: "#SpringGreen", firstCtaTweet: "Green, obviously", secondCta: "#SpringYellow", secondCtaTweet: "Yellow all the way",
      thankYouText: change.pollThankYou ?? "Thanks for voting!",
    } },
    { type: "VideoConversationCard", name: "vpoll", args: {
      name: "Video poll", mediaKey: "7_3001", unlockedVideoMediaKey: "7_3002", title: "Which look?",
      firstCta: "#LookOne", firstCtaTweet: "The first one", thankYouText: "Thanks!",
    } },
  ];
}

const live = (collection: string) => emu.control.entities("sandbox", ACCOUNT_ID, collection);
const writes = () => emu.control.requests().filter((r) => r.method !== "GET");

/** The resources of the state of one kind, as `pulumi stack export` shows them. */
async function stateOf(kind: string): Promise<{ id: string; outputs: Record<string, unknown> }[]> {
  const exported = JSON.parse((await stack.must(["stack", "export"])).stdout) as { deployment: { resources?: { type: string; id: string; outputs: Record<string, unknown> }[] } };
  return (exported.deployment.resources ?? []).filter((r) => r.type === `pulumi-nodejs:dynamic/xads:${kind}`);
}

/** The stack's outputs after the first up: each card's id by resource name. */
let ids: Record<string, string>;
const liveCard = (id: string) => live("cards").find((c) => c.id === id);

beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  stack = new Stack("cards", emu, creds);
  stack.writeProgram(program());
  await stack.init();
});
afterAll(async () => emu?.close());

test("up creates the four cards, each with its card URI, and a second preview has no changes", async () => {
  expect(await stack.up()).toMatchObject({ code: 0 });
  ids = await stack.outputs();
  const { carousel, multi, poll, vpoll } = ids;
  // The engine creates the two cards concurrently: the emulator's order is theirs.
  expect(live("cards")).toHaveLength(2);
  expect(liveCard(carousel!)).toEqual(expect.objectContaining({ card_uri: `card://${carousel}`, card_type: "IMAGE_CAROUSEL_WEBSITE" }));
  expect(liveCard(multi!)).toEqual(expect.objectContaining({ card_type: "MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE", components: null }));
  expect(live("image_conversation_cards")).toEqual([expect.objectContaining({ id: poll, unlocked_image_media_key: "3_1007" })]);
  expect(live("video_conversation_cards")).toEqual([expect.objectContaining({ id: vpoll, card_uri: `card://${vpoll}` })]);
  expect((await stateOf("ImageConversationCard"))[0]!.outputs).toMatchObject({ cardUri: `card://${poll}`, unlockedImageMediaKey: "3_1007" });
  // The write-only media keys, which the API never answers, are no drift.
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/5 unchanged/) });
});

test("a card's name and components, and a conversation card's title, update in place; no PUT goes where there is none", async () => {
  const before = await stack.outputs();
  emu.control.clearRequests();
  stack.writeProgram(program({
    carouselName: "Spring carousel v2",
    carouselComponents: [{ type: "SWIPEABLE_MEDIA", mediaKeys: ["3_1003", "3_1004", "3_1005"] }, details("https://example.com/spring2")],
    pollTitle: "Which shade?",
  }));
  const preview = await stack.preview("--diff");
  expect(preview).toMatchObject({ code: 0, stdout: expect.stringMatching(/~ pulumi-nodejs:dynamic\/xads:Card: \(update\)/) });
  expect(preview.stdout).toMatch(/~ name\s*: "Spring carousel" => "Spring carousel v2"/);
  expect(preview.stdout).toMatch(/~ title\s*: "Which colour\?" => "Which shade\?"/);
  expect(preview.stdout).toMatch(/~ 2 to update/);
  expect(preview.stdout).not.toMatch(/to replace/);
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(await stack.outputs()).toEqual(before);
  expect(liveCard(ids.carousel!)).toMatchObject({ name: "Spring carousel v2", components: [expect.objectContaining({ media_keys: ["3_1003", "3_1004", "3_1005"] }), expect.anything()] });
  expect(live("image_conversation_cards")[0]).toMatchObject({ title: "Which shade?" });
  const puts = writes().filter((r) => r.method === "PUT");
  expect(puts.map((r) => r.path).sort()).toEqual([`/12/accounts/${ACCOUNT_ID}/cards/${before.carousel}`, `/12/accounts/${ACCOUNT_ID}/cards/image_conversation/${before.poll}`].sort());
  expect(emu.control.requests().filter((r) => r.status === 405)).toEqual([]);
  expect(writes().filter((r) => r.method !== "PUT")).toEqual([]);
});

test("edits in the ads UI are found by refresh; the write-only keys stay; up puts the declared values back", async () => {
  const { carousel, poll } = await stack.outputs();
  emu.control.edit("sandbox", ACCOUNT_ID, "cards", carousel!, { name: "Edited in the UI" });
  emu.control.edit("sandbox", ACCOUNT_ID, "image_conversation_cards", poll!, { thank_you_text: "Merci" });
  expect((await stack.run(["refresh", "--preview-only", "--expect-no-changes"])).code).not.toBe(0);
  expect(await stack.run(["refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect((await stateOf("Card")).find((r) => r.id === carousel)!.outputs).toMatchObject({ name: "Edited in the UI" });
  expect((await stateOf("ImageConversationCard"))[0]!.outputs).toMatchObject({ thankYouText: "Merci", unlockedImageMediaKey: "3_1007" });
  // The engine shows the declared values (it diffs inputs); the provider's diff, against the live values, plans the updates.
  expect(await stack.preview()).toMatchObject({ code: 0, stdout: expect.stringMatching(/~ 2 to update/) });
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(liveCard(ids.carousel!)).toMatchObject({ name: "Spring carousel v2" });
  expect(live("image_conversation_cards")[0]).toMatchObject({ thank_you_text: "Thanks for voting!" });
});

test("a card deleted in the ads UI is dropped from the state by refresh", async () => {
  const { vpoll } = await stack.outputs();
  emu.control.remove("sandbox", ACCOUNT_ID, "video_conversation_cards", vpoll!);
  expect(await stack.run(["refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(await stateOf("VideoConversationCard")).toEqual([]);
});

test("bad input is refused in preview, naming the field and the limit, with no write", async () => {
  const seven = ["3_1001", "3_1002", "3_1003", "3_1004", "3_1005", "3_1006", "3_1007"];
  emu.control.clearRequests();
  // The engine stops at the first refused resource: one bad input per preview.
  for (const [change, message] of [
    [{ carouselComponents: [{ type: "SWIPEABLE_MEDIA", mediaKeys: seven }, details("https://example.com/x")] }, /components\[0\]\.mediaKeys must have 2 to 6 keys \(got 7\)/],
    [{ pollThankYou: "x".repeat(24) }, /thankYouText must be at most 23 characters \(got 24\)/],
  ] as const) {
    stack.writeProgram(program(change));
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(preview.stdout + preview.stderr).toMatch(message);
  }
  expect(writes()).toEqual([]);
});

test("destroy deletes every card", async () => {
  expect(await stack.run(["destroy", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect([...live("cards"), ...live("image_conversation_cards"), ...live("video_conversation_cards")]).toEqual([]);
  expect(stack.transcript.join("\n")).not.toContain(creds.consumerSecret);
});
