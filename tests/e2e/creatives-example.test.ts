/**
 * examples/creatives (what `make demo-creatives` runs) with the real pulumi
 * CLI: the card's URI reaches the Tweet, the Tweet is promoted on the line
 * item the tracking tag measures, and a second preview has nothing to do.
 * (What destroy does to each kind is walked by walk.test.ts.)
 */
import { join } from "node:path";
import { ROOT, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;
beforeAll(async () => {
  stack = e2e.stack("creatives-example");
  stack.copyProgram(join(ROOT, "examples", "creatives"));
  await stack.init();
});

const live = (collection: string) => e2e.live(collection);

test("up wires card -> Tweet -> promoted Tweet, with a click tracker on the same line item", async () => {
  expect((await stack.up()).code).toBe(0);
  const out = await stack.outputs();
  const [card] = live("cards");
  expect(out.cardUri).toBe(`card://${card!.id}`);
  expect(live("tweets")).toEqual([expect.objectContaining({ id: out.tweetId, card_uri: out.cardUri, nullcast: true })]);
  expect(live("promoted_tweets")).toEqual([expect.objectContaining({ id: out.promotedTweetId, line_item_id: out.lineItemId, tweet_id: out.tweetId })]);
  expect(live("tracking_tags")).toEqual([expect.objectContaining({ id: out.trackingTagId, line_item_id: out.lineItemId, tracking_tag_type: "CLICK_TRACKER" })]);
});

test("a second preview shows no changes", async () => {
  expect((await stack.preview("--expect-no-changes")).code).toBe(0);
});
