/**
 * `xads pr-summary --previews` and `xads draft-preview` as pure functions:
 * which posts of a preview are shown and how, the page (every value
 * escaped, only the platform's iframe address kept), the summary's link,
 * renderings asked per account and type with a failure kept to its posts,
 * and a draft found by its resource name in a state.
 */
import { AdsClient, WireRequest } from "../../provider/client/client";
import { ProviderConfig } from "../../provider/config";
import { CliError } from "../../cli/errors";
import { draftInState } from "../../cli/draft-preview";
import { PreviewModel, PreviewStep } from "../../cli/preview-input";
import {
  escapeHtml, fetchRenderings, iframeSource, PostPreview, postsOfPreview, previewsLink, previewsMarkdown, renderPreviewsHtml,
} from "../../cli/previews";
import { UNKNOWN } from "../../cli/properties";
import { Deployment } from "../../cli/recover-plan";

const ACCOUNT = "18ce54d4x5t";
function step(op: string, kind: string, name: string, extra: Partial<PreviewStep> = {}): PreviewStep {
  const type = `pulumi-nodejs:dynamic/xads:${kind}`;
  return { op, urn: `urn:pulumi:dev::p::${type}::${name}`, type, kind, name, replaceReasons: [], ...extra };
}
function model(steps: PreviewStep[]): PreviewModel {
  return { source: "digest", stack: "dev", project: "p", steps, changeSummary: {}, diagnostics: [], policyViolations: [], policyPacks: [] };
}
const IFRAME = (src: string) => `<iframe class='tweet-preview' src='${src}'>`;

describe("the posts a preview shows", () => {
  const m = model([
    step("update", "DraftTweet", "draft", { id: "111", oldInputs: { accountId: ACCOUNT, text: "old", nullcast: true }, newInputs: { accountId: ACCOUNT, text: "new", nullcast: true } }),
    step("create", "ScheduledTweet", "soon", { newInputs: { text: "later", scheduledAt: "2027-01-01T00:00:00Z" } }),
    step("replace", "Tweet", "live", { id: "222", oldInputs: { text: "a" }, newInputs: { text: "b" }, oldOutputs: { accountId: ACCOUNT } }),
    step("same", "DraftTweet", "untouched", { id: "333" }),
    step("delete", "Tweet", "gone", { id: "444" }),
    step("update", "Campaign", "spring", { id: "c1" }),
  ]);

  test("new, changed and replaced Tweets, drafts and scheduled Tweets, with their type; not unchanged or deleted posts, not other kinds", () => {
    expect(postsOfPreview(m).map((p) => [p.kind, p.name, p.op, p.tweetType, p.id])).toEqual([
      ["DraftTweet", "draft", "update", "DRAFT", "111"],
      ["ScheduledTweet", "soon", "create", "SCHEDULED", undefined],
      ["Tweet", "live", "replace", "PUBLISHED", "222"],
    ]);
  });

  test("a change shows the fields it changes, old and new; a new or replacing post what it declares", () => {
    const [draft, soon, live] = postsOfPreview(m);
    expect(draft!.fields).toEqual([{ field: "text", old: "old", new: "new" }]);
    expect(soon!.fields).toEqual([{ field: "text", new: "later" }, { field: "scheduledAt", new: "2027-01-01T00:00:00Z" }]);
    expect(live).toMatchObject({ accountId: ACCOUNT, fields: [{ field: "text", new: "b" }] });
  });
});

describe("the page", () => {
  const hostile = `<script>alert("x")</script>'&`;
  const posts: PostPreview[] = [
    { name: hostile, kind: "DraftTweet", op: "update", tweetType: "DRAFT", id: "1", fields: [{ field: "text", old: hostile, new: UNKNOWN }], rendering: { src: `https://ton.twimg.com/p?data=a&b="c"` } },
    { name: "n", kind: "Tweet", op: "create", tweetType: "PUBLISHED", fields: [{ field: "text", new: hostile }], rendering: { unavailable: hostile } },
  ];

  test("escapes every value: names, declared content, reasons and the iframe's address", () => {
    const html = renderPreviewsHtml(posts, { stack: hostile });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain(`"x"`);
    expect(html).toContain(escapeHtml(hostile));
    expect(html).toContain(`src="https://ton.twimg.com/p?data=a&amp;b=&quot;c&quot;"`);
    expect(html).toContain("(known after apply)");
    expect(escapeHtml(`<a href="x">'&`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;");
  });

  test("embeds the platform's rendering in a sandboxed iframe, says what it shows, and says why a post has none", () => {
    const html = renderPreviewsHtml(posts);
    expect(html).toMatch(/<iframe class="tweet-preview" src="[^"]+" [^>]*sandbox="[^"]+"[^>]*><\/iframe>/);
    expect(html).toContain("the platform&#39;s rendering of the post live now, before this change");
    expect(html).toContain(`preview unavailable: ${escapeHtml(hostile)}`);
    expect(html).toContain("Content-Security-Policy");
  });

  test("keeps only an http(s) address from the platform's markup", () => {
    expect(iframeSource(IFRAME("https://ton.twimg.com/ads-manager/tweet-preview/index.html?data=H4s%3D"))).toBe("https://ton.twimg.com/ads-manager/tweet-preview/index.html?data=H4s%3D");
    expect(iframeSource(IFRAME("javascript:alert(1)"))).toBeUndefined();
    expect(iframeSource("<div>no iframe</div>")).toBeUndefined();
  });
});

describe("the summary's link", () => {
  test("says previews: <file> relative to the Markdown's folder, and how many posts are shown how", () => {
    const posts: PostPreview[] = [
      { name: "a", kind: "DraftTweet", op: "update", tweetType: "DRAFT", id: "1", fields: [], rendering: { src: "https://x/1" } },
      { name: "b", kind: "Tweet", op: "create", tweetType: "PUBLISHED", fields: [], rendering: { unavailable: "new" } },
      { name: "c", kind: "ScheduledTweet", op: "update", tweetType: "SCHEDULED", id: "3", fields: [], rendering: { unavailable: "no credentials" } },
    ];
    const link = previewsLink("out/previews.html", "out/summary.md", "/ci");
    expect(link).toBe("previews.html");
    expect(previewsLink("previews.html", "out/summary.md", "/ci")).toBe("../previews.html");
    expect(previewsLink("out/previews.html", undefined, "/ci")).toBe("out/previews.html");
    const md = previewsMarkdown(link, posts, "missing Ads API credentials");
    expect(md).toContain("previews: [previews.html](previews.html) (3 posts, 1 rendered by the platform, 1 new: rendered after `pulumi up`");
    expect(md).toContain("1 preview unavailable");
    expect(md).toContain("Renderings need Ads API credentials: missing Ads API credentials");
    expect(previewsMarkdown("p.html", [])).toContain("previews: [p.html](p.html) (no post is created, changed or replaced)");
  });
});

describe("asking the platform for renderings", () => {
  const config = { accountId: ACCOUNT, sandbox: false } as ProviderConfig;
  function client(answer: (r: WireRequest) => { status: number; body: unknown }, sent: WireRequest[]) {
    return new AdsClient({
      credentials: { consumerKey: "ck", consumerSecret: "cs", accessToken: "at", accessTokenSecret: "secret-ats" },
      baseUrl: "https://ads.test", log: () => {}, sleep: async () => {},
      transport: async (r) => {
        sent.push(r);
        const a = answer(r);
        return { statusCode: a.status, headers: { "content-type": "application/json" }, body: JSON.stringify(a.body) };
      },
    });
  }
  const post = (name: string, tweetType: PostPreview["tweetType"], id?: string): PostPreview =>
    ({ name, kind: tweetType === "DRAFT" ? "DraftTweet" : "ScheduledTweet", op: id ? "update" : "create", tweetType, fields: [], ...(id ? { id } : {}) });

  test("one request per type; an id the platform leaves out and a failed request are that post's 'preview unavailable', never a failure", async () => {
    const sent: WireRequest[] = [];
    const c = client((r) => {
      const url = new URL(r.url);
      if (url.searchParams.get("tweet_type") === "SCHEDULED") return { status: 503, body: { errors: [{ code: "SERVICE_UNAVAILABLE", message: "down for secret-ats" }] } };
      return { status: 200, body: { request: {}, data: [{ tweet_id: "1", preview: IFRAME("https://ton.twimg.com/x?data=1") }] } };
    }, sent);
    const out = await fetchRenderings([post("a", "DRAFT", "1"), post("b", "DRAFT", "2"), post("c", "SCHEDULED", "3"), post("d", "DRAFT")], { ctx: { client: c, config }, secrets: ["secret-ats"] });
    expect(sent.map((r) => new URL(r.url).searchParams.get("tweet_ids"))).toEqual(expect.arrayContaining(["1,2"]));
    expect(out.map((p) => p.rendering)).toEqual([
      { src: "https://ton.twimg.com/x?data=1" },
      { unavailable: expect.stringMatching(/^the platform has no DRAFT post 2 to render/) },
      { unavailable: expect.not.stringContaining("secret-ats") },
      { unavailable: expect.stringMatching(/new post has no id before pulumi up/) },
    ]);
  });

  test("without credentials nothing is asked and each existing post says it needs them", async () => {
    const out = await fetchRenderings([post("a", "DRAFT", "1"), post("d", "DRAFT")], { noCredentials: "missing Ads API credentials: xads:consumerKey" });
    expect(out[0]!.rendering).toEqual({ unavailable: "no credentials to ask the platform for it (missing Ads API credentials: xads:consumerKey)" });
    expect(out[1]!.rendering).toEqual({ unavailable: expect.stringMatching(/new post/) });
  });
});

describe("xads draft-preview finds the draft by its resource name", () => {
  const state: Deployment = {
    resources: [
      { urn: "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev", type: "pulumi:pulumi:Stack", custom: false },
      { urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/xads:DraftTweet::teaser", type: "pulumi-nodejs:dynamic/xads:DraftTweet", custom: true, id: "1500", outputs: { accountId: ACCOUNT } },
      { urn: "urn:pulumi:dev::p::pulumi-nodejs:dynamic/xads:Tweet::live", type: "pulumi-nodejs:dynamic/xads:Tweet", custom: true, id: "1600" },
    ],
  };

  test("its id and account from the state", () => {
    expect(draftInState(state, "teaser", "dev")).toEqual({ draftTweetId: "1500", accountId: ACCOUNT, resource: "teaser" });
  });

  test("an unknown name lists the stack's drafts; another kind is not a draft", () => {
    expect(() => draftInState(state, "nope", "dev")).toThrow(new CliError("no resource named nope in stack dev (its draft Tweets: teaser); or pass the draft's id"));
    expect(() => draftInState(state, "live", "dev")).toThrow(/^live is not a draft: it is a Tweet; only a DraftTweet can be previewed on devices/);
  });
});
