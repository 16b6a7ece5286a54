/**
 * The pure parts of `xads drift` (the report from refresh-preview events)
 * and `xads import` (the program from listed entities).
 */
import { buildDriftReport, renderDriftMarkdown, renderDriftText } from "../../cli/drift-report";
import { refreshFailure } from "../../cli/drift";
import { lookableResources, markHeldByOtherStacks } from "../../cli/untracked";
import { Entity } from "../../provider/client/client";
import { IMPORT_KINDS } from "../../cli/import-kinds";
import { packageSpecFor, slug, variableName, writeProgram } from "../../cli/import-program";
import { installedFrom } from "../../cli/import";
import { main } from "../../cli/index";
import { setProcessEnv } from "../integration/fixtures";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const URN = (type: string, name: string) => `urn:pulumi:dev::shop::${type}::${name}`;
const CAMPAIGN = "pulumi-nodejs:dynamic/xads:Campaign";
const LINE_ITEM = "pulumi-nodejs:dynamic/xads:LineItem";

function outputsEvent(op: string, type: string, name: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown> | null) {
  const state = (outputs: Record<string, unknown>) => ({ type, urn: URN(type, name), id, inputs: { __provider: "shim" }, outputs: { __provider: "shim", ...outputs } });
  return { sequence: 1, resOutputsEvent: { metadata: { op, urn: URN(type, name), type, old: state(olds), new: news && state(news) } } };
}

describe("the drift report", () => {
  const events = [
    { resourcePreEvent: { metadata: { op: "refresh", urn: URN(CAMPAIGN, "spring"), type: CAMPAIGN } } },
    outputsEvent("same", "pulumi:pulumi:Stack", "shop-dev", "", {}, {}),
    outputsEvent("update", CAMPAIGN, "spring", "c1",
      { currency: "USD", dailyBudgetAmountLocalMicro: 50_000_000, name: "Spring", purchaseOrderNumber: "[secret]" },
      { currency: "USD", dailyBudgetAmountLocalMicro: 99_000_000, name: "Spring", purchaseOrderNumber: "[secret]" }),
    outputsEvent("delete", LINE_ITEM, "timeline", "l1", { name: "Timeline" }, null),
    outputsEvent("same", CAMPAIGN, "autumn", "c2", { name: "Autumn" }, { name: "Autumn" }),
  ];

  test("names every changed field with both values, and every entity deleted out of band", () => {
    expect(buildDriftReport(events)).toEqual({
      stack: "dev", project: "shop", drift: true,
      changed: [{
        resource: "spring", kind: "Campaign", type: CAMPAIGN, id: "c1", urn: URN(CAMPAIGN, "spring"), currency: "USD",
        fields: [{ field: "dailyBudgetAmountLocalMicro", state: 50_000_000, live: 99_000_000 }],
      }],
      deleted: [{ resource: "timeline", kind: "LineItem", type: LINE_ITEM, id: "l1", urn: URN(LINE_ITEM, "timeline"), currency: undefined, fields: [] }],
      untracked: [],
    });
  });

  test("an entity no state holds is drift on its own, named with the resource it looks like", () => {
    const untracked = [{ kind: "Campaign", id: "c9", name: "Autumn", like: "autumn" }];
    const report = buildDriftReport([events[0]!, events[1]!, events[4]!], untracked);
    expect(report).toMatchObject({ drift: true, changed: [], deleted: [], untracked });
    expect(renderDriftText(report)).toBe([
      "drift in stack dev: 0 changed, 0 deleted outside Pulumi, 1 in no state",
      'in no state: Campaign c9 "Autumn", like autumn',
      "",
    ].join("\n"));
    expect(renderDriftMarkdown(report)).toContain("| `autumn` | Campaign | `c9` | `Autumn` |");
  });

  test("an entity another stack of the project holds is named with that stack and is no drift of this one", () => {
    const others = new Map([["prod", { resources: [{ urn: URN(CAMPAIGN, "autumn"), type: CAMPAIGN, id: "c9" }] }]]);
    const untracked = markHeldByOtherStacks([
      { kind: "Campaign", id: "c9", name: "Autumn", like: "autumn" },
      { kind: "Campaign", id: "c8", name: "Autumn", like: "autumn" },
    ], others);
    expect(untracked).toEqual([
      { kind: "Campaign", id: "c9", name: "Autumn", like: "autumn", heldBy: "prod" },
      { kind: "Campaign", id: "c8", name: "Autumn", like: "autumn" },
    ]);
    const held = buildDriftReport([events[0]!, events[1]!, events[4]!], [untracked[0]!]);
    expect(held.drift).toBe(false);
    expect(renderDriftText(held)).toBe([
      "no drift in stack dev: every resource matches the platform",
      'held by stack prod: Campaign c9 "Autumn", like autumn',
      "",
    ].join("\n"));
    expect(renderDriftMarkdown(held)).toContain("| `autumn` | Campaign | `c9` | `Autumn` | `prod` |");
    const both = buildDriftReport([events[0]!, events[1]!, events[4]!], untracked);
    expect(both.drift).toBe(true);
    expect(renderDriftText(both)).toBe([
      "drift in stack dev: 0 changed, 0 deleted outside Pulumi, 1 in no state",
      'in no state: Campaign c8 "Autumn", like autumn',
      'held by stack prod: Campaign c9 "Autumn", like autumn',
      "",
    ].join("\n"));
    expect(renderDriftMarkdown(both)).not.toContain("in no state. | `c9`");
  });

  test("kinds destroy may leave on the platform (funding instruments, published Tweets) are not looked for in no state; the advice is what the Ads API can do", () => {
    const FUNDING = "pulumi-nodejs:dynamic/xads:FundingInstrument";
    const TWEET = "pulumi-nodejs:dynamic/xads:Tweet";
    const state = (type: string, name: string, id: string, inputs: Record<string, unknown>) => ({ urn: URN(type, name), type, custom: true, id, inputs: { __provider: "shim", accountId: "18ce54d4x5t", ...inputs } });
    const lookable = lookableResources({
      resources: [
        state(FUNDING, "sandbox-usd", "ktv68", { currency: "USD", startTime: "2026-01-01T00:00:00Z", type: "CREDIT_CARD" }),
        state(TWEET, "launch", "1700000000000000001", { asUserId: "756201191646691328", text: "Spring is here", nullcast: true }),
        state(CAMPAIGN, "spring", "c1", { name: "Spring", fundingInstrumentId: "ktv68" }),
      ],
    });
    // An instrument in no state may be what an earlier destroy left, or another project's (ref campaign-management/reference.mdx,
    // DELETE funding_instruments is SANDBOX ONLY); a published Tweet cannot be deleted (ref creatives/reference.mdx, Tweets).
    expect([...lookable.keys()]).toEqual(["Campaign"]);
    const markdown = renderDriftMarkdown(buildDriftReport([events[0]!, events[1]!, events[4]!], [{ kind: "Campaign", id: "c9", name: "Spring", like: "spring" }]));
    expect(markdown).toContain("Delete it (the Ads API deletes every kind listed here), or declare it with `adoptId` to manage it.");
    expect(markdown).not.toMatch(/Pause|ads UI/);
  });

  test("outputs that changed with an entity (servable after a pause) are in its row, after the fields, not rows of their own", () => {
    const paused = [outputsEvent("update", CAMPAIGN, "spring", "c1",
      { currency: "USD", entityStatus: "ACTIVE", servable: true, name: "Spring" },
      { currency: "USD", entityStatus: "PAUSED", servable: false, name: "Spring" })];
    const report = buildDriftReport(paused);
    expect(report.changed[0]!.fields).toEqual([
      { field: "entityStatus", state: "ACTIVE", live: "PAUSED" },
      { field: "servable", state: true, live: false, output: true },
    ]);
    expect(renderDriftText(report)).toBe([
      "drift in stack dev: 1 changed, 0 deleted outside Pulumi, 0 in no state",
      "changed: spring (Campaign, id c1) entityStatus: \"ACTIVE\" -> \"PAUSED\"; servable (output): true -> false",
      "",
    ].join("\n"));
    const rows = renderDriftMarkdown(report).split("\n").filter((l) => l.startsWith("| `spring`"));
    expect(rows).toEqual(["| `spring` (Campaign) | `entityStatus`<br>`servable (output)` | `\"ACTIVE\"`<br>`true` | `\"PAUSED\"`<br>`false` |"]);
  });

  test("no change events is no drift", () => {
    const report = buildDriftReport([events[0]!, events[1]!, events[4]!]);
    expect(report).toMatchObject({ drift: false, changed: [], deleted: [] });
    expect(renderDriftText(report)).toBe("no drift in stack dev: every resource matches the platform\n");
    expect(renderDriftMarkdown(report)).toContain("No drift: every resource matches the platform.");
  });

  test("text and Markdown show amounts as money", () => {
    const report = buildDriftReport(events);
    expect(renderDriftText(report)).toBe([
      "drift in stack dev: 1 changed, 1 deleted outside Pulumi, 0 in no state",
      "deleted: timeline (LineItem, id l1)",
      "changed: spring (Campaign, id c1) dailyBudgetAmountLocalMicro: USD 50.00 -> USD 99.00",
      "",
    ].join("\n"));
    const md = renderDriftMarkdown(report);
    expect(md).toContain("- `timeline` (LineItem, id `l1`)");
    expect(md).toContain("| `spring` (Campaign) | `dailyBudgetAmountLocalMicro` | `USD 50.00` | `USD 99.00` |");
  });

  test("a failed refresh becomes its CLI's own error line", () => {
    const message = "code: 255\n stdout: \n stderr: error: no stack named 'nope' found\n err?: \n";
    expect(refreshFailure(message)).toBe("no stack named 'nope' found");
    expect(refreshFailure("code: 255\n stdout: Previewing refresh (dev):\n stderr: error: GET /12/accounts/a/campaigns: 401 UNAUTHORIZED: bad token\nerror: refresh failed\n")).toBe("GET /12/accounts/a/campaigns: 401 UNAUTHORIZED: bad token");
  });
});

describe("the imported program", () => {
  const kind = (k: string) => IMPORT_KINDS.find((x) => x.kind === k)!;
  const at = (n: number) => `2026-01-0${n}T00:00:00Z`;
  const fi: Entity = { id: "fi1", currency: "USD", type: "CREDIT_CARD", start_time: "2026-01-01T00:00:00Z", created_at: at(1) };
  const campaigns: Entity[] = [
    { id: "c2", name: "Always on", funding_instrument_id: "fi1", entity_status: "PAUSED", budget_optimization: "LINE_ITEM", daily_budget_amount_local_micro: 5_000_000, purchase_order_number: null, created_at: at(3) },
    { id: "c1", name: "Always on", funding_instrument_id: "fi1", entity_status: "ACTIVE", budget_optimization: "LINE_ITEM", daily_budget_amount_local_micro: 7_000_000, created_at: at(2) },
  ];
  const lineItems: Entity[] = [
    { id: "l1", name: null, campaign_id: "c1", objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], bid_strategy: "AUTO", goal: "LINK_CLICKS", pay_by: "ENGAGEMENT", start_time: null, categories: [], created_at: at(4) },
    { id: "l9", name: "Orphan", campaign_id: "c-deleted", objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"], created_at: at(5) },
  ];
  const tweets: Entity[] = [{ id: "p1", line_item_id: "l1", tweet_id: "1234567890123456789", entity_status: "ACTIVE", created_at: at(6) }];
  const options = {
    accountId: "acc1", project: "xads-acc1",
    versions: { pulumiXads: "file:../pulumi-xads.tgz", pulumi: "3.259.0", typescript: "5.9.3", tsNode: "10.9.2", typesNode: "20.19.43" },
  };
  const written = () => writeProgram([
    { spec: kind("FundingInstrument"), entities: [fi] },
    { spec: kind("Campaign"), entities: campaigns },
    { spec: kind("LineItem"), entities: lineItems },
    { spec: kind("PromotedTweet"), entities: tweets },
  ], options);

  test("declares each entity with its adoption id and live inputs, references as variables, in creation order", () => {
    const index = written().files["index.ts"]!;
    expect(index).toContain([
      'const alwaysOn = new xads.Campaign("always-on", {',
      "  accountId,",
      '  adoptId: "c1",',
      "  fundingInstrumentId: usdCreditCard.id,",
      '  name: "Always on",',
      '  entityStatus: "ACTIVE",',
      "  dailyBudgetAmountLocalMicro: 7000000,",
      "});",
    ].join("\n"));
    expect(index).toContain('const alwaysOn2 = new xads.Campaign("always-on-2", {\n  accountId,\n  adoptId: "c2",');
    expect(index).toContain('const alwaysOnWebsiteClicks = new xads.LineItem("always-on-website-clicks", {\n  accountId,\n  adoptId: "l1",\n  campaignId: alwaysOn.id,');
    expect(index).toContain('new xads.PromotedTweet("always-on-website-clicks-tweet-1234567890123456789", {\n  accountId,\n  adoptId: "p1",\n  lineItemId: alwaysOnWebsiteClicks.id,\n  tweetId: "1234567890123456789",\n});');
    expect(index).not.toContain("purchaseOrderNumber");
    expect(index).not.toContain("categories");
    // What the platform chose stays the platform's: pay_by ENGAGEMENT is an answer no program could declare.
    for (const chosen of ["budgetOptimization", "bidStrategy", "goal", "payBy"]) expect(index).not.toContain(chosen);
    expect(index).not.toContain("would not pass check");
    expect(index).toContain('const accountId = "acc1";');
    expect(index.indexOf("usdCreditCard =")).toBeLessThan(index.indexOf("alwaysOn ="));
  });

  test("an entity whose parent is not live is left out and said", () => {
    const w = written();
    expect(w.files["index.ts"]).not.toContain("Orphan");
    expect(w.skipped).toEqual(["LineItem l9: its campaignId c-deleted is not a live Campaign of the account"]);
    expect(w.counts).toEqual({ FundingInstrument: 1, Campaign: 2, LineItem: 1, PromotedTweet: 1 });
  });

  test("the same entities write the same program (stable names)", () => {
    const again = writeProgram([
      { spec: kind("FundingInstrument"), entities: [fi] },
      { spec: kind("Campaign"), entities: [...campaigns].reverse() },
      { spec: kind("LineItem"), entities: lineItems },
      { spec: kind("PromotedTweet"), entities: tweets },
    ], options);
    expect(again.files).toEqual(written().files);
  });

  test("Pulumi.yaml, package.json and tsconfig.json make a TypeScript project", () => {
    const files = written().files;
    expect(files["Pulumi.yaml"]).toBe("name: xads-acc1\nruntime: nodejs\ndescription: Ads account acc1, adopted by xads import.\n");
    expect(JSON.parse(files["package.json"]!)).toMatchObject({ main: "index.ts", dependencies: { "@pulumi/pulumi": "3.259.0", "pulumi-xads": "file:../pulumi-xads.tgz" } });
    expect(JSON.parse(files["tsconfig.json"]!)).toMatchObject({ files: ["index.ts"] });
  });

  test("package.json installs pulumi-xads from where the user installed it: a local tarball relative to the program's folder, a URL as given", () => {
    expect(packageSpecFor("file:../pulumi-xads.tgz", "/home/me/ads", "/home/me/ads/xads-acc1")).toBe("file:../../pulumi-xads.tgz");
    expect(packageSpecFor("../dl/pulumi-xads.tgz", "/home/me/ads", "/home/me/elsewhere")).toBe("file:../dl/pulumi-xads.tgz");
    expect(packageSpecFor("file:/opt/pulumi-xads.tgz", "/home/me/ads", "/home/me/ads/out")).toBe("file:/opt/pulumi-xads.tgz");
    expect(packageSpecFor("https://example.com/pulumi-xads-0.1.0.tgz", "/home/me/ads", "/x")).toBe("https://example.com/pulumi-xads-0.1.0.tgz");
    expect(packageSpecFor("git+https://example.com/pulumi-xads.git", "/home/me/ads", "/x")).toBe("git+https://example.com/pulumi-xads.git");
  });

  test("the source is read from the nearest package.json that depends on pulumi-xads, from the current folder up", () => {
    const root = mkdtempSync(join(tmpdir(), "xads-import-"));
    try {
      writeFileSync(join(root, "package.json"), JSON.stringify({ name: "ads", dependencies: { "pulumi-xads": "file:vendor/pulumi-xads.tgz" } }));
      mkdirSync(join(root, "stacks", "dev"), { recursive: true });
      writeFileSync(join(root, "stacks", "package.json"), JSON.stringify({ name: "unrelated", dependencies: { zod: "4.6.7" } }));
      expect(installedFrom(join(root, "stacks", "dev"))).toEqual({ spec: "file:vendor/pulumi-xads.tgz", dir: root });
      writeFileSync(join(root, "package.json"), JSON.stringify({ name: "ads", devDependencies: { "pulumi-xads": "https://example.com/x.tgz" } }));
      expect(installedFrom(root)).toEqual({ spec: "https://example.com/x.tgz", dir: root });
      rmSync(join(root, "package.json"));
      expect(installedFrom(join(root, "stacks"))).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("with no --package and no package.json that depends on pulumi-xads, import stops before any request and says what to pass", async () => {
    const root = mkdtempSync(join(tmpdir(), "xads-import-"));
    const restore = setProcessEnv({ XADS_CONSUMER_KEY: "k", XADS_CONSUMER_SECRET: "s", XADS_ACCESS_TOKEN: "t", XADS_ACCESS_TOKEN_SECRET: "ts", XADS_BASE_URL: "http://127.0.0.1:9" });
    try {
      const lines: string[] = [];
      // The repository's own package.json is pulumi-xads itself, not a dependency on it.
      expect(await main(["import", "--account", "acc1", "--out", join(root, "out")], (l) => lines.push(l))).toBe(2);
      expect(lines).toEqual([expect.stringMatching(/^xads: no package\.json here or above depends on pulumi-xads, .* pass --package <the tarball path or URL you installed from>$/)]);
    } finally {
      restore();
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("a live value the resource's check refuses is flagged in a comment", () => {
    const bad = { ...campaigns[1]!, id: "c3", name: "x".repeat(256), created_at: at(9) };
    const index = writeProgram([{ spec: kind("FundingInstrument"), entities: [fi] }, { spec: kind("Campaign"), entities: [bad] }], options).files["index.ts"]!;
    expect(index).toContain("// xads import: the live entity would not pass check: name must be at most 255 characters (got 256)");
  });

  test("custom audiences and flexible audiences share a collection: each is adopted as its own kind, the segments in SDK names", () => {
    const audiences: Entity[] = [
      { id: "ca1", name: "Buyers", description: "2026", is_owner: true, created_at: at(1) },
      {
        id: "fa1", name: "Recent buyers", description: null, is_owner: true, audience_type: "FLEXIBLE", boolean_operator: "AND", created_at: at(2),
        child_segments: [{ custom_audience_id: "ca1", frequency: 1, frequency_comparator: "NUM_GTE", lookback_window: 7, negate: false }],
      },
    ];
    const listed = ["CustomAudience", "FlexibleAudience"].map((k) => ({ spec: kind(k), entities: audiences.filter(kind(k).where!) }));
    expect(listed.map((l) => l.entities.map((e) => e.id))).toEqual([["ca1"], ["fa1"]]);
    const index = writeProgram(listed, options).files["index.ts"]!;
    expect(index).toContain('new xads.CustomAudience("buyers", {\n  accountId,\n  adoptId: "ca1",\n  name: "Buyers",\n  description: "2026",\n});');
    expect(index).toContain('new xads.FlexibleAudience("recent-buyers", {\n  accountId,\n  adoptId: "fa1",\n  name: "Recent buyers",\n  audienceType: "FLEXIBLE",\n  booleanOperator: "AND",\n' +
      '  childSegments: [{"customAudienceId":"ca1","frequency":1,"frequencyComparator":"NUM_GTE","lookbackWindow":7,"negate":false}],\n});');
    expect(index).not.toContain("would not pass check");
  });

  test("names: readable slugs; variables never reserved words or leading digits", () => {
    expect(slug("Été 2026: Soldes!")).toBe("ete-2026-soldes");
    expect(slug("***")).toBe("entity");
    expect(variableName("2026-launch", "Campaign")).toBe("campaign2026Launch");
    expect(variableName("new", "Campaign")).toBe("campaignNew");
    expect(variableName("spring-sale", "Campaign")).toBe("springSale");
  });
});
