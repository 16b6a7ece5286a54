/**
 * The posts family with the real pulumi CLI, beyond the walk of each kind
 * (walk-table.ts): the two refusals of a post in preview (no API write),
 * then the scheduled time passing: destroy cannot delete the scheduled
 * promotion, says why and keeps it in the state.
 */
import { DEMO_USER_ID } from "../../emulator/seed";
import { ACCOUNT_ID, expectNoCredentialsIn, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

const USER = DEMO_USER_ID;
const SCHEDULED_AT = new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");

interface Variant {
  draftMedia?: string[];
  tweetNullcast?: boolean;
}

function program(v: Variant = {}): ProgramResource[] {
  const tweetArgs: Record<string, unknown> = { asUserId: USER, text: "Watch the spring film", mediaKeys: ["7_3001"], videoTitle: "Spring", name: "spring film" };
  if (v.tweetNullcast !== undefined) tweetArgs.nullcast = v.tweetNullcast;
  return [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "c", args: { fundingInstrumentId: "${usd.id}", name: "Posts", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: "li", args: { campaignId: "${c.id}", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
    { type: "DraftTweet", name: "draft", args: { asUserId: USER, text: "Spring looks", mediaKeys: v.draftMedia ?? ["3_1001", "3_1002"], name: "spring draft" } },
    { type: "ScheduledTweet", name: "st", args: { asUserId: USER, text: "Spring starts now", scheduledAt: SCHEDULED_AT, mediaKeys: ["16_2001"], name: "spring launch" } },
    { type: "ScheduledPromotedTweet", name: "spt", args: { lineItemId: "${li.id}", scheduledTweetId: "${st.id}" } },
    { type: "Tweet", name: "tw", args: tweetArgs },
  ];
}

const entities = (collection: string) => e2e.live(collection);

beforeAll(async () => {
  stack = e2e.stack("posts");
  stack.writeProgram(program());
  await stack.init();
});

test("a draft with 5 images and an organic Tweet are refused in preview, naming the field and the limit, with no API write", async () => {
  e2e.emu.control.clearRequests();
  stack.writeProgram(program({ draftMedia: ["3_1001", "3_1002", "3_1003", "3_1004", "3_1005"] }));
  const draft = await stack.preview();
  expect(draft.code).not.toBe(0);
  expect(output(draft)).toContain("mediaKeys may hold at most 4 images (got 5 images)");
  stack.writeProgram(program({ tweetNullcast: false }));
  const organic = await stack.preview();
  expect(organic.code).not.toBe(0);
  expect(output(organic)).toMatch(/nullcast must be true \(the default\): nullcast false publishes an organic Tweet, which is not an ad; pulumi-xads could not manage or remove it/);
  expect(e2e.writes()).toEqual([]);
  stack.writeProgram(program());
});

test("once the scheduled time has passed, destroy cannot delete the scheduled promotion: it says why and keeps it in the state", async () => {
  expect(await stack.up()).toMatchObject({ code: 0 });
  const { st, spt, tw } = await stack.outputs();
  e2e.emu.control.edit("sandbox", ACCOUNT_ID, "scheduled_tweets", st!, { scheduled_at: "2026-01-01T00:00:00Z" });
  // --continue-on-error: everything else that can go, goes.
  const destroy = await stack.run(["destroy", "--yes", "--skip-preview", "--continue-on-error"]);
  expect(destroy.code).not.toBe(0);
  expect(output(destroy)).toContain(`scheduled promoted Tweet ${spt} was not deleted, and it stays in the stack`);
  expect(output(destroy)).toContain(`pulumi state delete '<URN>', with the URN that pulumi stack --show-urns --show-ids prints above "ID: ${spt}"`);
  const [kept] = await stack.exportedOf("ScheduledPromotedTweet");
  expect(kept).toMatchObject({ id: spt });
  expect(entities("scheduled_promoted_tweets").map((e) => e.id)).toEqual([spt]);
  // The published Tweet is left on the platform, and the destroy says so.
  expect(output(destroy)).toContain(`Tweet ${tw} stays on the platform: the Ads API cannot delete published Tweets`);
  expect(entities("tweets").map((e) => e.id)).toEqual([tw]);
  expect(entities("draft_tweets")).toEqual([]);

  // What the message says to do: forget it, then destroy the rest.
  expect(await stack.run(["state", "delete", kept!.urn, "--yes"])).toMatchObject({ code: 0 });
  expect(await stack.run(["destroy", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(await stack.exported()).toEqual([]);
  expect(entities("scheduled_tweets")).toEqual([]);
});

test("the platform has no PUT for scheduled promoted Tweets, and no DELETE of published Tweets: none was ever sent", () => {
  const all = e2e.emu.control.requests();
  expect(all.filter((r) => r.method === "PUT" && /\/scheduled_promoted_tweets\//.test(r.path))).toEqual([]);
  expect(all.filter((r) => r.method === "DELETE" && /\/tweets\//.test(r.path))).toEqual([]);
  expect(all.filter((r) => r.status === 405)).toEqual([]);
});

test("no credential reached the state or anything the CLI printed", async () => {
  await expectNoCredentialsIn(stack);
});
