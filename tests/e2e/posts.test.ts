/**
 * The posts family with the real pulumi CLI, one stack: a draft, a
 * scheduled Tweet and its scheduled promotion on a line item, a published
 * Tweet and a media creative. Up, no-change preview, updates in place and a
 * replace, the two refusals of issue 5 in preview (no API write), drift
 * found by refresh, then the scheduled time passing: destroy cannot delete
 * the scheduled promotion, says why and keeps it in the state.
 */
import { DEMO_USER_ID } from "../../emulator/seed";
import { ACCOUNT_ID, Credentials, Emulator, ResourceSpec, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

let emu: Emulator;
let creds: Credentials;
let stack: Stack;

const USER = DEMO_USER_ID;
const SCHEDULED_AT = new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");

interface Variant {
  draftText?: string;
  draftMedia?: string[];
  tweetName?: string;
  tweetNullcast?: boolean;
  landingUrl?: string;
}

function program(v: Variant = {}): ResourceSpec[] {
  const tweetArgs: Record<string, unknown> = { asUserId: USER, text: "Watch the spring film", mediaKeys: ["7_3001"], videoTitle: "Spring", name: v.tweetName ?? "spring film" };
  if (v.tweetNullcast !== undefined) tweetArgs.nullcast = v.tweetNullcast;
  return [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "c", args: { fundingInstrumentId: "${usd.id}", name: "Posts", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: "li", args: { campaignId: "${c.id}", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
    { type: "DraftTweet", name: "draft", args: { asUserId: USER, text: v.draftText ?? "Spring looks", mediaKeys: v.draftMedia ?? ["3_1001", "3_1002"], name: "spring draft" } },
    { type: "ScheduledTweet", name: "st", args: { asUserId: USER, text: "Spring starts now", scheduledAt: SCHEDULED_AT, mediaKeys: ["16_2001"], name: "spring launch" } },
    { type: "ScheduledPromotedTweet", name: "spt", args: { lineItemId: "${li.id}", scheduledTweetId: "${st.id}" } },
    { type: "Tweet", name: "tw", args: tweetArgs },
    // am1007: a BANNER of the seeded account media (emulator/routes/account-media.ts).
    { type: "MediaCreative", name: "mc", args: { accountMediaId: "am1007", lineItemId: "${li.id}", landingUrl: v.landingUrl ?? "https://example.com/spring" } },
  ];
}

const entities = (collection: string, withDeleted = false) => emu.control.entities("sandbox", ACCOUNT_ID, collection, { withDeleted });
const writes = () => emu.control.requests().filter((r) => r.method !== "GET");
type Exported = { urn: string; type: string; id?: string; outputs?: Record<string, unknown> };
const exported = async (): Promise<Exported[]> =>
  (JSON.parse((await stack.must(["stack", "export"])).stdout) as { deployment: { resources?: Exported[] } }).deployment.resources ?? [];
const output = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  stack = new Stack("posts", emu, creds);
  stack.writeProgram(program());
  await stack.init();
});
afterAll(async () => emu?.close());

test("up creates every post kind, and a second preview has no changes", async () => {
  expect(await stack.up()).toMatchObject({ code: 0 });
  const { draft, st, spt, tw, mc, li } = await stack.outputs();
  expect(entities("draft_tweets")).toEqual([expect.objectContaining({ id: draft, text: "Spring looks", media_keys: ["3_1001", "3_1002"], nullcast: true })]);
  expect(entities("scheduled_tweets")).toEqual([expect.objectContaining({ id: st, scheduled_at: SCHEDULED_AT, media_keys: ["16_2001"] })]);
  expect(entities("scheduled_promoted_tweets")).toEqual([expect.objectContaining({ id: spt, line_item_id: li, scheduled_tweet_id: st })]);
  expect(entities("tweets")).toEqual([expect.objectContaining({ id: tw, nullcast: true, video_title: "Spring" })]);
  expect(entities("media_creatives")).toEqual([expect.objectContaining({ id: mc, line_item_id: li, landing_url: "https://example.com/spring" })]);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/9 unchanged/) });
});

test("a draft with 5 images and an organic Tweet are refused in preview, naming the field and the limit, with no API write", async () => {
  emu.control.clearRequests();
  stack.writeProgram(program({ draftMedia: ["3_1001", "3_1002", "3_1003", "3_1004", "3_1005"] }));
  const draft = await stack.preview();
  expect(draft.code).not.toBe(0);
  expect(output(draft)).toContain("mediaKeys may hold at most 4 images (got 5 images)");
  stack.writeProgram(program({ tweetNullcast: false }));
  const organic = await stack.preview();
  expect(organic.code).not.toBe(0);
  expect(output(organic)).toMatch(/nullcast must be true \(the default\): nullcast false publishes an organic Tweet, which is not an ad; pulumi-xads could not manage or remove it/);
  expect(writes()).toEqual([]);
});

test("draft text and Tweet name update in place; a new landing URL replaces the media creative, and the preview says why", async () => {
  const before = await stack.outputs();
  stack.writeProgram(program({ draftText: "Spring looks, take two", tweetName: "spring film v2", landingUrl: "https://example.com/spring-2" }));
  const preview = await stack.preview("--diff");
  expect(preview.stdout).toMatch(/\+-pulumi-nodejs:dynamic\/xads:MediaCreative: \(replace\)/);
  expect(preview.stdout).toMatch(/~ landingUrl\s*: "https:\/\/example.com\/spring" => "https:\/\/example.com\/spring-2"/);
  expect(preview.stdout).toMatch(/~ pulumi-nodejs:dynamic\/xads:DraftTweet: \(update\)/);
  expect(preview.stdout).toMatch(/~ pulumi-nodejs:dynamic\/xads:Tweet: \(update\)/);
  expect(preview.stdout).toMatch(/2 to update/);
  expect(preview.stdout).toMatch(/\+-1 to replace/);
  expect(await stack.up()).toMatchObject({ code: 0 });
  const after = await stack.outputs();
  expect(after.draft).toBe(before.draft);
  expect(after.tw).toBe(before.tw);
  expect(after.mc).not.toBe(before.mc);
  expect(entities("draft_tweets")[0]).toMatchObject({ text: "Spring looks, take two" });
  expect(entities("tweets")).toEqual([expect.objectContaining({ id: before.tw, name: "spring film v2" })]);
  expect(entities("media_creatives", true).find((m) => m.id === before.mc)).toMatchObject({ deleted: true });
  expect(entities("media_creatives")).toEqual([expect.objectContaining({ id: after.mc, landing_url: "https://example.com/spring-2" })]);
});

test("a scheduled Tweet edited and a media creative removed in the ads UI are found by refresh and put back by up", async () => {
  const { st, mc } = await stack.outputs();
  emu.control.edit("sandbox", ACCOUNT_ID, "scheduled_tweets", st!, { text: "edited in the UI" });
  emu.control.remove("sandbox", ACCOUNT_ID, "media_creatives", mc!);
  expect(await stack.run(["refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  const resources = await exported();
  expect(resources.find((r) => r.type === "pulumi-nodejs:dynamic/xads:ScheduledTweet")?.outputs).toMatchObject({ text: "edited in the UI" });
  expect(resources.find((r) => r.type === "pulumi-nodejs:dynamic/xads:MediaCreative")).toBeUndefined();
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(entities("scheduled_tweets")[0]).toMatchObject({ id: st, text: "Spring starts now" });
  expect(entities("media_creatives")).toHaveLength(1);
});

test("once the scheduled time has passed, destroy cannot delete the scheduled promotion: it says why and keeps it in the state", async () => {
  const { st, spt, tw } = await stack.outputs();
  emu.control.edit("sandbox", ACCOUNT_ID, "scheduled_tweets", st!, { scheduled_at: "2026-01-01T00:00:00Z" });
  // --continue-on-error: everything else that can go, goes.
  const destroy = await stack.run(["destroy", "--yes", "--skip-preview", "--continue-on-error"]);
  expect(destroy.code).not.toBe(0);
  expect(output(destroy)).toContain(`scheduled promoted Tweet ${spt} was not deleted, and it stays in the stack`);
  expect(output(destroy)).toContain("pulumi state delete <urn>");
  const kept = (await exported()).find((r) => r.type === "pulumi-nodejs:dynamic/xads:ScheduledPromotedTweet");
  expect(kept).toMatchObject({ id: spt });
  expect(entities("scheduled_promoted_tweets").map((e) => e.id)).toEqual([spt]);
  // The published Tweet is left on the platform, and the destroy says so.
  expect(output(destroy)).toContain(`Tweet ${tw} stays on the platform: the Ads API cannot delete published Tweets`);
  expect(entities("tweets").map((e) => e.id)).toEqual([tw]);
  expect(entities("draft_tweets")).toEqual([]);
  expect(entities("media_creatives")).toEqual([]);

  // What the message says to do: forget it, then destroy the rest.
  expect(await stack.run(["state", "delete", kept!.urn, "--yes"])).toMatchObject({ code: 0 });
  expect(await stack.run(["destroy", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(await exported()).toEqual([]);
  expect(entities("scheduled_tweets")).toEqual([]);
});

test("the platform has no PUT for scheduled promoted Tweets and media creatives, and no DELETE of published Tweets: none was ever sent", () => {
  const all = emu.control.requests();
  expect(all.filter((r) => r.method === "PUT" && /\/(scheduled_promoted_tweets|media_creatives)\//.test(r.path))).toEqual([]);
  expect(all.filter((r) => r.method === "DELETE" && /\/tweets\//.test(r.path))).toEqual([]);
  expect(all.filter((r) => r.status === 405)).toEqual([]);
});

test("no credential reached the state or anything the CLI printed", () => {
  const seen = [...stack.transcript, stack.stateFileText()].join("\n");
  for (const secret of Object.values(creds)) expect(seen).not.toContain(secret);
});
