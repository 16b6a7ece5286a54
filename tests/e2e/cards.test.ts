/**
 * Cards with the real pulumi CLI, beyond the walk of Card and the
 * conversation cards (walk-table.ts): bad input is refused in preview,
 * naming the field and the limit, before any write.
 */
import { output, ResourceSpec, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

const details = (url: string) => ({ type: "DETAILS", title: "Spring sale", destination: { type: "WEBSITE", url } });

interface Change {
  carouselMediaKeys?: string[];
  pollThankYou?: string;
}

function program(change: Change = {}): ResourceSpec[] {
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
