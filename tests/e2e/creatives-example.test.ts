/**
 * examples/creatives (what `make demo-creatives` runs) with the real pulumi
 * CLI: the card's URI reaches the Tweet, the Tweet is promoted on the line
 * item the tracking tag measures, and a second preview has nothing to do.
 */
import { join } from "node:path";
import { ACCOUNT_ID, Credentials, Emulator, ROOT, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

let emu: Emulator;
let creds: Credentials;
let stack: Stack;
beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  stack = new Stack("creatives-example", emu, creds);
  stack.copyProgram(join(ROOT, "examples", "creatives"));
  await stack.init();
});
afterAll(async () => emu?.close());

const live = (collection: string) => emu.control.entities("sandbox", ACCOUNT_ID, collection);

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

test("destroy removes what the platform can delete and says the published Tweet stays", async () => {
  const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
  expect(destroy.code).toBe(0);
  expect(destroy.stdout + destroy.stderr).toMatch(/Tweet \d+ stays on the platform/);
  expect(live("promoted_tweets")).toEqual([]);
  expect(live("cards")).toEqual([]);
  expect(live("tweets")).toHaveLength(1);
});
