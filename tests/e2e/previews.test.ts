/**
 * Previews of posts with the real pulumi CLI and the installed `xads`: a
 * stack with a draft and a scheduled Tweet; the draft's text changed and a
 * Tweet added; `pulumi preview --json` summarised by `xads pr-summary
 * --previews previews.html`, whose page holds the platform's rendering of
 * the changed draft and says the new Tweet is rendered after up; then
 * `xads draft-preview <name>` sends the draft's device preview, which the
 * emulator keeps.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_USER_ID } from "../../emulator/seed";
import { DEMO_SCREEN_NAME } from "../../emulator/tokens";
import { ACCOUNT_ID, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

const USER = DEMO_USER_ID;
const SCHEDULED_AT = new Date(Date.now() + 30 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
const OLD_TEXT = "Spring <b>sale</b> & more";

function program(v: { draftText: string; announce?: boolean }): ProgramResource[] {
  return [
    { type: "DraftTweet", name: "teaser", args: { asUserId: USER, text: v.draftText, name: "teaser" } },
    { type: "ScheduledTweet", name: "launch", args: { asUserId: USER, text: "Spring starts now", scheduledAt: SCHEDULED_AT } },
    ...(v.announce ? [{ type: "Tweet", name: "announce", args: { asUserId: USER, text: "Spring is here" } }] : []),
  ];
}

beforeAll(async () => {
  stack = e2e.stack("previews");
  stack.writeProgram(program({ draftText: OLD_TEXT }));
  await stack.init();
  expect(await stack.up()).toMatchObject({ code: 0 });
});

test("pr-summary --previews writes the platform's rendering of the changed draft, says the new Tweet is rendered after up, and the summary links the page", async () => {
  const { teaser } = await stack.outputs();
  stack.writeProgram(program({ draftText: "Spring sale, now 20% off", announce: true }));
  const preview = await stack.run(["preview", "--json"]);
  expect(preview).toMatchObject({ code: 0 });
  writeFileSync(join(stack.dir, "preview.json"), preview.stdout);
  e2e.emu.control.clearRequests();

  const summary = await stack.xads(["pr-summary", "preview.json", "--output", "summary.md", "--previews", "previews.html"]);
  expect(summary).toMatchObject({ code: 0 });
  const md = readFileSync(join(stack.dir, "summary.md"), "utf8");
  expect(md).toContain("previews: [previews.html](previews.html) (2 posts, 1 rendered by the platform, 1 new: rendered after `pulumi up`");

  // The changed draft read live (the summary's "before": cli/live-values.ts), then one read of the platform's previews, of it; nothing written.
  expect(e2e.emu.control.requests().map((r) => `${r.method} ${r.path} ${r.query.tweet_ids ?? ""} ${r.query.tweet_type ?? ""}`.trim()))
    .toEqual([`GET /12/accounts/${ACCOUNT_ID}/draft_tweets/${teaser}`, `GET /12/accounts/${ACCOUNT_ID}/tweet_previews ${teaser} DRAFT`]);

  const html = readFileSync(join(stack.dir, "previews.html"), "utf8");
  const iframes = [...html.matchAll(/<iframe class="tweet-preview" src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  expect(iframes).toHaveLength(1);
  expect(iframes[0]).toMatch(/\/ads-manager\/tweet-preview\/index\.html\?data=/);
  expect(html).toContain("the platform&#39;s rendering of the post live now, before this change");
  expect(html).toContain("Spring &lt;b&gt;sale&lt;/b&gt; &amp; more &rarr; Spring sale, now 20% off");
  expect(html).toContain("announce <small>(Tweet, new)</small>");
  expect(html).toContain("preview unavailable: a new post has no id before pulumi up");
  // The rendering is of the draft as it is live: the text before the change.
  const page = await (await fetch(iframes[0]!)).text();
  expect(page).toContain("Spring &lt;b&gt;sale&lt;/b&gt; &amp; more");

  // Without credentials (the stack's config cannot be read, no XADS_*): the summary is written, each post says why it has no rendering.
  const blind = await stack.xads(["pr-summary", "preview.json", "--output", "summary.md", "--previews", "previews.html"], { env: { PULUMI_CONFIG_PASSPHRASE: "wrong" } });
  expect(blind).toMatchObject({ code: 0 });
  expect(readFileSync(join(stack.dir, "summary.md"), "utf8")).toMatch(/1 preview unavailable\)\n\nRenderings need Ads API credentials: missing Ads API credentials/);
  expect(readFileSync(join(stack.dir, "previews.html"), "utf8")).toContain("preview unavailable: no credentials to ask the platform for it (missing Ads API credentials");
  stack.writeProgram(program({ draftText: OLD_TEXT }));
});

test("draft-preview <name> sends the draft's device preview and says what was sent to whom; another kind, an unknown name and no credentials are refused", async () => {
  const { teaser } = await stack.outputs();
  const sent = await stack.xads(["draft-preview", "teaser"]);
  expect(sent).toMatchObject({ code: 0 });
  expect(sent.stdout).toContain(`sent a preview of draft Tweet ${teaser} (teaser) of account ${ACCOUNT_ID} to every device the authenticated user is logged in on`);
  expect(sent.stdout).toContain(`See @${DEMO_SCREEN_NAME}'s notifications in the X app to preview your Tweet.`);
  expect(e2e.live("draft_tweet_previews")).toEqual([expect.objectContaining({ draft_tweet_id: teaser, user_id: USER })]);

  const scheduled = await stack.xads(["draft-preview", "launch"]);
  expect(scheduled.code).toBe(2);
  expect(output(scheduled)).toContain("xads: launch is not a draft: it is a ScheduledTweet; only a DraftTweet can be previewed on devices");
  const unknown = await stack.xads(["draft-preview", "nope"]);
  expect(unknown.code).toBe(2);
  expect(output(unknown)).toContain("xads: no resource named nope in stack dev (its draft Tweets: teaser); or pass the draft's id");
  // By id, outside a stack: the XADS_* variables only, and there are none.
  const noCredentials = await stack.xads(["draft-preview", teaser!, "--account", ACCOUNT_ID]);
  expect(noCredentials.code).toBe(2);
  expect(output(noCredentials)).toMatch(/^xads: no credentials to send the preview with: missing Ads API credentials: xads:consumerKey/m);
  expect(e2e.live("draft_tweet_previews")).toHaveLength(1);
});
