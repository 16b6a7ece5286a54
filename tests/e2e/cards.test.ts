/**
 * Cards with the real pulumi CLI, beyond the walk of Card and the
 * conversation cards (walk-table.ts): bad input is refused in preview,
 * naming the field and the limit, before any write; cards whose answers hold
 * more than the program declares (a MEDIA component's media_metadata, a
 * poster answered as its address) converge.
 */
import type { Entity } from "../../provider/client";
import { ACCOUNT_ID, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

const details = (url: string) => ({ type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url } });

interface Change {
  carouselMediaKeys?: string[];
  pollThankYou?: string;
}

function program(change: Change = {}): ProgramResource[] {
  return [
    { type: "Card", name: "carousel", args: {
      name: "Spring carousel",
      components: [{ type: "SWIPEABLE_MEDIA", mediaKeys: change.carouselMediaKeys ?? ["3_1003", "3_1004"] }, details("https://example.com/spring")],
    } },
    { type: "ImageConversationCard", name: "poll", args: {
      name: "Spring poll", mediaKey: "3_1001", unlockedImageMediaKey: "3_1007", title: "Which colour?",
      firstCta: "#SpringGreen", firstCtaTweet: "Green, obviously", secondCta: "#SpringYellow", secondCtaTweet: "Yellow all the way",
      thankYouText: change.pollThankYou ?? "Thanks for voting!",
    } },
  ];
}

beforeAll(async () => {
  stack = e2e.stack("cards");
  stack.writeProgram(program());
  await stack.init();
});

test("bad input is refused in preview, naming the field and the limit, with no write", async () => {
  const seven = ["3_1001", "3_1002", "3_1003", "3_1004", "3_1005", "3_1006", "3_1007"];
  e2e.emu.control.clearRequests();
  // The engine stops at the first refused resource: one bad input per preview.
  for (const [change, message] of [
    [{ carouselMediaKeys: seven }, /components\[0\]\.mediaKeys must have 2 to 6 keys \(got 7\)/],
    [{ pollThankYou: "x".repeat(24) }, /thankYouText must be at most 23 characters \(got 24\)/],
  ] as const) {
    stack.writeProgram(program(change));
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toMatch(message);
  }
  expect(e2e.writes()).toEqual([]);
});

describe("cards whose answers hold more than the program declares converge", () => {
  let media: Stack;
  const video = { type: "MEDIA", mediaKey: "7_3001" };
  const poll = { type: "VideoConversationCard", name: "videoPoll", args: {
    name: "Video poll", mediaKey: "7_3001", posterMediaKey: "3_1002", title: "Which colour?",
    firstCta: "#SpringGreen", firstCtaTweet: "Green, obviously", thankYouText: "Thanks for voting!",
  } };

  beforeAll(async () => {
    media = e2e.stack("cards-media");
    media.writeProgram([]);
    await media.init();
  });

  test("a VideoConversationCard with posterMediaKey previews no changes after up and after refresh; its live poster is the posterMediaUrl output", async () => {
    media.writeProgram([poll]);
    await media.must(["up", "--yes", "--skip-preview"]);
    await media.must(["preview", "--expect-no-changes"]);
    await media.must(["refresh", "--yes", "--skip-preview"]);
    await media.must(["preview", "--expect-no-changes"]);
    const [state] = await media.exportedOf("VideoConversationCard");
    expect(state!.outputs).toMatchObject({ posterMediaKey: "3_1002", posterMediaUrl: "https://pbs.twimg.com/media/3_1002.jpg" });
  });

  test("a Card whose live MEDIA component carries media_metadata is adopted without a write, and previews no changes after refresh", async () => {
    const components = [{ type: "MEDIA", media_key: "7_3001" }, { type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url: "https://example.com/video" } }];
    const live = await e2e.api().post<Entity>(`/12/accounts/${ACCOUNT_ID}/cards`, undefined, { name: "Video card", components });
    const [read] = await e2e.api().get<Entity[]>(`/12/accounts/${ACCOUNT_ID}/cards/${live.id}`);
    expect((read!.components as Record<string, unknown>[])[0]).toHaveProperty(["media_metadata", "7_3001", "type"], "VIDEO");
    e2e.emu.control.clearRequests();
    const cards: ProgramResource[] = [
      { type: "Card", name: "adopted", args: { name: "Video card", adoptId: live.id, components: [video, details("https://example.com/video")] } },
      { type: "Card", name: "created", args: { name: "Created video card", components: [video, details("https://example.com/created")] } },
    ];
    media.writeProgram([poll, ...cards]);
    await media.must(["up", "--yes", "--skip-preview"]);
    expect(e2e.writes().map((w) => `${w.method} ${w.path}`)).toEqual([`POST /12/accounts/${ACCOUNT_ID}/cards`]);
    await media.must(["preview", "--expect-no-changes"]);
    await media.must(["refresh", "--yes", "--skip-preview"]);
    await media.must(["preview", "--expect-no-changes"]);
  });
});
