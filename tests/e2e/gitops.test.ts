/**
 * The GitOps commands with the real pulumi CLI against the emulator, run as
 * a user runs them: the `xads` bin of the installed package, the stacks on
 * the shared PostgreSQL backend a team's pipelines use.
 * - pr-summary of a real preview (a budget change, a line item replaced, a
 *   campaign deleted) against a committed golden file; the streamed preview
 *   with the policy pack adds its violations; malformed JSON is one line.
 *   A daily budget removed and a line item replaced with what belongs to it
 *   get their cautions.
 * - drift: 0 with no edits, 1 naming an edit and a delete made in the UI.
 * - import of an account with 3 campaigns, 6 line items and 10 promoted
 *   Tweets: `pulumi up` of the written program sends no POST, and the next
 *   preview shows no changes.
 * Set XADS_UPDATE_GOLDEN=1 to rewrite the golden file from the live preview
 * (refused under CI: tests/required-tools.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { seedCampaign, seedFundingInstrument, seedLineItem } from "../integration/fixtures";
import { budgetCapViolation, expectDriftOfBudgetEdit, expectNoDrift, expectSummaryOfReviewedChange, ReviewedChange, writeBudgetCapConfig } from "./gitops-checks";
import { CONSUMER, POLICY_PACK, ProgramResource, Stack, useStackEmulator } from "./harness";
import { rewriteRequested } from "../required-tools";

jest.setTimeout(300_000);

const GOLDEN = join(__dirname, "golden", "pr-summary.md");
// Read when the file loads, so CI refuses it before any stack is made.
const UPDATE_GOLDEN = rewriteRequested("XADS_UPDATE_GOLDEN");

const e2e = useStackEmulator({ backend: "postgres" });
/** What the emulator needs to answer a process outside the stack (import, the policy pack). */
const apiEnv = () => e2e.env();

describe("a stack reviewed in a pull request, then edited in the ads UI", () => {
  let stack: Stack;
  let ids: Record<string, string>;

  const campaign = (name: string, args: Record<string, unknown>): ProgramResource => ({
    type: "Campaign", name, args: { fundingInstrumentId: "${usd.id}", deletionProtection: false, ...args },
  });
  /** Version 2 is the change under review (tests/e2e/gitops-checks.ts), and deletes the autumn campaign too. */
  const program = (v: 1 | 2): ProgramResource[] => [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    campaign("spring", { name: "Spring sale", dailyBudgetAmountLocalMicro: v === 1 ? 50_000_000 : 75_000_000, totalBudgetAmountLocalMicro: 1_000_000_000 }),
    ...(v === 1 ? [campaign("autumn", { name: "Autumn", dailyBudgetAmountLocalMicro: 10_000_000 })] : []),
    {
      type: "LineItem", name: "timeline",
      args: { campaignId: "${spring.id}", name: "Timeline", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: [v === 1 ? "ALL_ON_TWITTER" : "TWITTER_TIMELINE"] },
    },
  ];

  const change: ReviewedChange = {
    campaign: { resource: "spring", name: "Spring sale", total: "USD 1,000.00 (unchanged)" },
    lineItem: { resource: "timeline", name: "Timeline", placements: ["ALL_ON_TWITTER", "TWITTER_TIMELINE"] },
    // +USD 25.00 for spring, -USD 10.00 for the deleted autumn.
    dailyNet: "+USD 15.00",
  };

  beforeAll(async () => {
    stack = e2e.stack("gitops-review");
    stack.writeProgram(program(1));
    await stack.init();
    expect(await stack.up()).toMatchObject({ code: 0 });
    ids = await stack.outputs();
  });

  /** Ids change from run to run: the golden file names them by resource. */
  const normalise = (markdown: string) => Object.entries(ids).reduce((m, [name, id]) => m.split(id).join(`<${name}.id>`), markdown);

  test("drift with no edits exits 0 and says so", async () => {
    await expectNoDrift(stack);
  });

  test("pr-summary of a real preview shows the budget change, the replace and its reason, and the deleted campaign (golden file)", async () => {
    stack.writeProgram(program(2));
    const preview = await stack.preview("--json");
    expect(preview).toMatchObject({ code: 0 });
    writeFileSync(join(stack.dir, "preview.json"), preview.stdout);
    const r = await stack.xads(["pr-summary", "preview.json"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    const summary = normalise(r.stdout);
    // What the reviewer must see, whatever the golden file says.
    expectSummaryOfReviewedChange(summary, change);
    expect(summary).toMatch(/> \[!CAUTION\]\n.*\n> - \*\*delete\*\* `autumn` \(Campaign, id `<autumn.id>`\) "Autumn"/);
    if (UPDATE_GOLDEN) {
      mkdirSync(join(__dirname, "golden"), { recursive: true });
      writeFileSync(GOLDEN, summary);
    }
    expect(summary).toBe(readFileSync(GOLDEN, "utf8"));
    // The same summary from stdin.
    expect(normalise((await stack.xads(["pr-summary"], { input: preview.stdout })).stdout)).toBe(summary);
  });

  test("the streamed preview with the policy pack adds the pack's violations to the same summary", async () => {
    const config = writeBudgetCapConfig(stack);
    const preview = await stack.run(["preview", "--json", "--policy-pack", POLICY_PACK, "--policy-pack-config", config], { PULUMI_ENABLE_STREAMING_JSON_PREVIEW: "true" });
    expect(preview).toMatchObject({ code: 0 });
    const r = await stack.xads(["pr-summary"], { input: preview.stdout });
    expect(r).toMatchObject({ code: 0 });
    const summary = normalise(r.stdout);
    expect(summary).toContain(`| advisory | \`xads-campaign-budget-caps\` | \`spring\` | ${budgetCapViolation("spring")} |`);
    const changes = (s: string) => s.slice(s.indexOf("### Changes"), s.indexOf("### Policy violations") > 0 ? s.indexOf("### Policy violations") : undefined).trim();
    expect(changes(summary)).toBe(changes(readFileSync(GOLDEN, "utf8")));
  });

  test("a preview cut off fails with one clear line and a summary that says so; what is no preview gives one line and exit 2", async () => {
    const cut = await stack.xads(["pr-summary"], { input: '{"steps": [' });
    expect(cut.code).toBe(1);
    expect(cut.stdout).toMatch(/^<!-- xads-pr-summary -->\n### Pulumi preview\n\n\*\*The preview failed\*\*: the preview ends in the middle of its JSON/);
    expect(cut.stderr).toMatch(/^xads: the preview failed: the preview ends in the middle of its JSON \(.+\): `pulumi preview --json` was cut off before it finished\n$/);
    const bad = await stack.xads(["pr-summary"], { input: "not json" });
    expect(bad).toMatchObject({ code: 2, stdout: "" });
    expect(bad.stderr).toMatch(/^xads: the preview is not valid JSON \(.+\): pass the output of `pulumi preview --json`\n$/);
    const notPreview = await stack.xads(["pr-summary"], { input: '{"hello": "world"}' });
    expect(notPreview).toMatchObject({ code: 2, stderr: "xads: the JSON is not a Pulumi preview: it has no `steps` (pass the output of `pulumi preview --json`)\n" });
  });

  test("drift after a budget edited and a line item deleted in the UI exits 1 and names both", async () => {
    e2e.emu.control.edit("sandbox", "18ce54d4x5t", "campaigns", ids.spring!, { daily_budget_amount_local_micro: 99_000_000 });
    e2e.emu.control.remove("sandbox", "18ce54d4x5t", "line_items", ids.timeline!);
    await expectDriftOfBudgetEdit(stack, "spring", [{ resource: "timeline", kind: "LineItem", id: ids.timeline! }]);
    // A preview-only refresh wrote nothing: the state still has the line item.
    expect(stack.stateFileText()).toContain(ids.timeline!);
  });

  test("drift of a stack that does not exist exits 2 with one line", async () => {
    const r = await stack.xads(["drift", "--stack", "nope"]);
    expect(r).toMatchObject({ code: 2, stdout: "", stderr: "xads: the refresh of stack nope failed: no stack named 'nope' found\n" });
  });
});

describe("pr-summary of a real preview tells what up will do beyond the counts", () => {
  let stack: Stack;
  /** Version 2 is the change under review (tests/e2e/gitops-checks.ts), and deletes the autumn campaign too. */
  const program = (v: 1 | 2): ProgramResource[] => [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "c", args: { fundingInstrumentId: "${usd.id}", name: "Cascade", deletionProtection: false, totalBudgetAmountLocalMicro: 900_000_000, ...(v === 1 ? { dailyBudgetAmountLocalMicro: 90_000_000 } : {}) } },
    { type: "LineItem", name: "li", args: { campaignId: "${c.id}", name: "Timeline", objective: "ENGAGEMENTS", productType: "PROMOTED_TWEETS", placements: [v === 1 ? "ALL_ON_TWITTER" : "TWITTER_TIMELINE"] } },
    { type: "PromotedTweet", name: "pt", args: { lineItemId: "${li.id}", tweetId: "1500000000000000000" } },
    { type: "TrackingTag", name: "tag", args: { lineItemId: "${li.id}", trackingTagType: "IMPRESSION_TAG", trackingTagUrl: "https://tags.example/i" } },
    { type: "TargetingCriterion", name: "iab", args: { lineItemId: "${li.id}", targetingType: "IAB_CATEGORY", targetingValue: "IAB17-12" } },
  ];

  beforeAll(async () => {
    stack = e2e.stack("gitops-cascade");
    stack.writeProgram(program(1));
    await stack.init();
    expect(await stack.up()).toMatchObject({ code: 0 });
  });

  test("a daily budget removed is a caution (no longer capped, not a saving); a line item replaced names its promoted Tweet, tracking tag and criterion", async () => {
    stack.writeProgram(program(2));
    const preview = await stack.preview("--json");
    expect(preview).toMatchObject({ code: 0 });
    const r = await stack.xads(["pr-summary"], { input: preview.stdout });
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toMatch(/> - `c` \(Campaign, id `\w+`\) "Cascade": \*\*daily budget removed\*\* \(was USD 90\.00\): daily spend is no longer capped\n/);
    expect(r.stdout).toContain("| `c` \"Cascade\" | update | USD 90.00 -> none (no cap) | USD 900.00 (unchanged) |");
    expect(r.stdout).toContain("| USD | USD 0.00 (and a budget removed: no cap) | USD 0.00 |");
    expect(r.stdout).not.toContain("-USD 90.00");
    expect(r.stdout).toMatch(/> - \*\*replace\*\* `li` \(LineItem, id `\w+`\) "Timeline" replaces the 3 resources that belong to it too: `pt` \(PromotedTweet\), `iab` \(TargetingCriterion\), `tag` \(TrackingTag\)\n/);
  });
});

describe("xads import of a live account", () => {
  const ACCOUNT = "9import4acc";
  let stack: Stack;

  /** 3 campaigns (two with the same name), 6 line items (one unnamed), 10 promoted Tweets, a tracking tag; a deleted campaign. */
  async function seedAccount(): Promise<void> {
    e2e.emu.control.createAccount("sandbox", { id: ACCOUNT, name: "Imported" });
    const client = e2e.api();
    const fi = await seedFundingInstrument(client, { currency: "EUR" }, ACCOUNT);
    const campaign = (fields: Record<string, string | number>) => seedCampaign(client, { funding_instrument_id: fi, daily_budget_amount_local_micro: 20_000_000, ...fields }, ACCOUNT);
    const campaigns = [];
    for (const [name, extra] of [["Spring sale", { total_budget_amount_local_micro: 900_000_000, purchase_order_number: "PO-7" }], ["Always on", { entity_status: "PAUSED" }], ["Always on", {}]] as const) {
      campaigns.push(await campaign({ name, ...extra }));
    }
    const gone = await campaign({ name: "Deleted", daily_budget_amount_local_micro: 1_000_000 });
    e2e.emu.control.remove("sandbox", ACCOUNT, "campaigns", gone.id);
    const lineItems = [];
    for (const [i, c] of campaigns.entries()) {
      lineItems.push(await seedLineItem(client, {
        campaign_id: c.id, name: `Timeline ${i + 1}`, placements: "TWITTER_TIMELINE", bid_strategy: "MAX", bid_amount_local_micro: 1_500_000,
      }, ACCOUNT));
      lineItems.push(await seedLineItem(client, { campaign_id: c.id, ...(i === 0 ? {} : { name: `Search ${i + 1}` }) }, ACCOUNT));
    }
    const path = (c: string) => `/12/accounts/${ACCOUNT}/${c}`;
    const tweets = Array.from({ length: 10 }, (_, i) => String(1_700_000_000_000_000_000n + BigInt(i)));
    await client.post(path("promoted_tweets"), { line_item_id: lineItems[0]!, tweet_ids: tweets.slice(0, 5) });
    await client.post(path("promoted_tweets"), { line_item_id: lineItems[3]!, tweet_ids: tweets.slice(5) });
    await client.post(path("tracking_tags"), { line_item_id: lineItems[0]!, tracking_tag_type: "IMPRESSION_TAG", tracking_tag_url: "https://tags.example/i" });
  }

  beforeAll(async () => {
    await seedAccount();
    stack = e2e.stack("gitops-import");
  });

  test("writes a program that declares every live entity with its adoption id, references as variables", async () => {
    const r = await stack.xads(["import", "--account", ACCOUNT, "--out", stack.dir], { env: apiEnv() });
    expect(r).toMatchObject({ code: 0, stdout: "" });
    expect(r.stderr).toContain("xads import: 10 promoted_tweets");
    const index = readFileSync(join(stack.dir, "index.ts"), "utf8");
    expect(index).toContain("1 FundingInstrument, 3 Campaign, 6 LineItem, 1 TrackingTag, 10 PromotedTweet.");
    expect(index).toContain('const alwaysOn2 = new xads.Campaign("always-on-2", {');
    expect(index).toContain('const springSaleWebsiteClicks = new xads.LineItem("spring-sale-website-clicks", {');
    expect(index).toContain("  campaignId: springSale.id,\n");
    expect(index).toContain('const timeline1Tweet1700000000000000000 = new xads.PromotedTweet("timeline-1-tweet-1700000000000000000", {');
    expect(index).not.toContain("Deleted");
    expect(readFileSync(join(stack.dir, "Pulumi.yaml"), "utf8")).toContain(`name: xads-${ACCOUNT}`);
  });

  test("its pulumi up adopts everything without a POST, and the next preview shows no changes", async () => {
    await stack.init();
    e2e.emu.control.clearRequests();
    const up = await stack.up();
    expect(up).toMatchObject({ code: 0, stdout: expect.stringMatching(/\+ 22 created/) }); // and the stack
    expect(e2e.writes()).toEqual([]);
    expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/22 unchanged/) });
  });

  test("refuses to overwrite the program, and names missing credentials without values", async () => {
    const again = await stack.xads(["import", "--account", ACCOUNT, "--out", stack.dir], { env: apiEnv() });
    expect(again).toMatchObject({ code: 2, stderr: `xads: ${join(stack.dir, "index.ts")} exists: choose another --out, or pass --force to overwrite it\n` });
    const noCreds = await stack.xads(["import", "--account", ACCOUNT, "--out", join(stack.dir, "other")]);
    expect(noCreds.code).toBe(2);
    expect(noCreds.stderr).toMatch(/^xads: missing Ads API credentials: xads:consumerKey: XADS_CONSUMER_KEY/);
    // "without values": with two of the four given, the line names the other two and prints neither given value
    // (with none given, there was no value it could have printed).
    const given = { XADS_CONSUMER_KEY: e2e.creds.consumerKey, XADS_ACCESS_TOKEN: e2e.creds.accessToken };
    const partial = await stack.xads(["import", "--account", ACCOUNT, "--out", join(stack.dir, "other")], { env: given });
    expect(partial).toMatchObject({ code: 2, stdout: "", stderr: "xads: missing Ads API credentials: xads:consumerSecret: XADS_CONSUMER_SECRET; xads:accessTokenSecret: XADS_ACCESS_TOKEN_SECRET\n" });
    for (const value of Object.values(given)) expect(partial.stderr).not.toContain(value);
  });

  test("with --stack it takes the credentials and the address from the stack's config, and prints none of them", async () => {
    const out = join(stack.dir, "from-stack");
    const r = await stack.xads(["import", "--account", ACCOUNT, "--out", out, "--stack", "dev"]);
    expect(r).toMatchObject({ code: 0, stdout: "" });
    expect(r.stderr).toContain("xads import: 10 promoted_tweets");
    expect(readFileSync(join(out, "index.ts"), "utf8")).toContain("1 FundingInstrument, 3 Campaign, 6 LineItem, 1 TrackingTag, 10 PromotedTweet.");
    for (const secret of Object.values(e2e.creds)) expect(r.stderr).not.toContain(secret);
  });
});
