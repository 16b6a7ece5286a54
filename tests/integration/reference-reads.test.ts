/**
 * getKeywordInsights, getAccountApps, getAdvertiserBusinessCategories and
 * getPublishers against the emulator: what each answers, the platform's
 * rules the emulator applies, and every limit the provider refuses with no
 * request sent.
 */
import { listContentCategories, listCuratedCategories } from "../../provider/data-sources";
import {
  KeywordInsightsArgs, listAccountApps, listAdvertiserBusinessCategories, listPublishers, readKeywordInsights,
} from "../../provider/reference-reads";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { check } from "../../provider/dispatch";
import { ACCOUNT, seedCampaign, setProcessEnv, useEmulator, useReferenceCache } from "./fixtures";

const fixture = useEmulator();
const cache = useReferenceCache();
const { client, ctx } = fixture;
const requests = () => fixture.emu.control.requests();

/** The United States: the one country's targeting value the reference names. */
const US = "96683cc9126741d1";
/** A city of the reference's examples: no country. */
const SAN_FRANCISCO = "5122804691e5fecc";

const insights = (more: Partial<KeywordInsightsArgs> = {}): KeywordInsightsArgs =>
  ({ granularity: "DAY", keywords: ["developers"], startTime: "2026-03-01T00:00:00Z", endTime: "2026-03-03T00:00:00Z", ...more });

describe("getKeywordInsights", () => {
  test("answers one volume per granularity step and 30 related keywords, the same each time", async () => {
    const days = await readKeywordInsights(ctx(), insights({ location: US, negativeKeywords: ["spam"] }));
    expect(days.tweetVolume).toHaveLength(2);
    expect(days.relatedKeywords).toHaveLength(30);
    expect(await readKeywordInsights(ctx(), insights({ location: US, negativeKeywords: ["spam"] }))).toEqual(days);
    const hours = await readKeywordInsights(ctx(), insights({ granularity: "HOUR", endTime: "2026-03-01T06:00:00Z" }));
    expect(hours.tweetVolume).toHaveLength(6);
  });

  test("without endTime the range ends now (the platform's default)", async () => {
    // Three and a half days: three whole days and the day under way.
    const startTime = new Date(Date.now() - 84 * 3600_000).toISOString();
    const { tweetVolume } = await readKeywordInsights(ctx(), insights({ startTime, endTime: undefined }));
    expect(tweetVolume).toHaveLength(4);
    expect(requests()[0]!.query).not.toHaveProperty("end_time");
  });

  test.each<[string, Partial<KeywordInsightsArgs>, string]>([
    ["11 keywords and negative keywords", { keywords: ["a", "b", "c", "d", "e", "f"], negativeKeywords: ["g", "h", "i", "j", "k"] },
      "getKeywordInsights: keywords and negativeKeywords together must be at most 10 (got 11)"],
    ["a range of 8 days", { endTime: "2026-03-09T00:00:00Z" },
      "getKeywordInsights: the range from startTime to endTime must be at most 7 days (got 8.00 days: 2026-03-01T00:00:00Z to endTime (2026-03-09T00:00:00Z))"],
    ["an end before the start", { endTime: "2026-02-28T00:00:00Z" }, "getKeywordInsights: startTime (2026-03-01T00:00:00Z) must be before endTime (2026-02-28T00:00:00Z)"],
    ["a start 8 days before now and no end", { startTime: "2020-01-01", endTime: undefined }, "getKeywordInsights: the range from startTime to now must be at most 7 days"],
    ["a granularity of WEEK", { granularity: "WEEK" as "DAY" }, 'getKeywordInsights: granularity must be one of DAY, HOUR (got "WEEK")'],
    ["no keywords", { keywords: [] }, "getKeywordInsights: keywords must have at least 1 items (got 0)"],
    ["a keyword with a comma", { keywords: ["a,b"] }, 'getKeywordInsights: keywords[0] must not contain a comma (keywords are sent comma-separated) (got "a,b")'],
    ["a start that is no ISO 8601 time", { startTime: "March 1" }, "getKeywordInsights: startTime must be an ISO 8601 date or date-time"],
    ["a location that is no targeting value", { location: "US" }, "getKeywordInsights: location must be a targeting value of GET targeting_criteria/locations"],
  ])("%s is refused before any request, naming the argument and the limit", async (_what, args, message) => {
    await expect(readKeywordInsights(ctx(), insights(args))).rejects.toThrow(message);
    expect(requests()).toEqual([]);
  });

  test("the platform refuses a location that is not a country, and one it does not know", async () => {
    await expect(readKeywordInsights(ctx(), insights({ location: SAN_FRANCISCO }))).rejects.toMatchObject({ status: 400, parameter: "location" });
    await expect(readKeywordInsights(ctx(), insights({ location: "0123456789abcdef" }))).rejects.toMatchObject({ status: 400, parameter: "location" });
  });

  test("the emulator applies the limits itself, for clients that do not check them", async () => {
    const get = (query: Record<string, string>) => client().get("/12/insights/keywords/search", { granularity: "DAY", keywords: "a", start_time: "2026-03-01", end_time: "2026-03-02", ...query });
    await expect(get({ keywords: "a,b,c,d,e,f", negative_keywords: "g,h,i,j,k" })).rejects.toMatchObject({ status: 400, parameter: "keywords" });
    await expect(get({ end_time: "2026-03-09" })).rejects.toMatchObject({ status: 400, parameter: "end_time" });
    await expect(get({ granularity: "WEEK" })).rejects.toMatchObject({ status: 400, parameter: "granularity" });
    await expect(client().get("/12/insights/keywords/search", { granularity: "DAY", keywords: "a" })).rejects.toMatchObject({ status: 400, parameter: "start_time" });
  });
});

describe("getAccountApps", () => {
  test("lists the account's mobile apps with their store identifiers and OS", async () => {
    expect(await listAccountApps(ctx(), { accountId: ACCOUNT })).toEqual([
      expect.objectContaining({ appStoreIdentifier: "com.twitter.android", osType: "Android", deepLinkPattern: "twitter://", conversionTrackingEnabled: false }),
      expect.objectContaining({ appStoreIdentifier: "333903271", osType: "iOS" }),
    ]);
  });

  test("an account the credentials do not reach answers 403 ACCOUNT_NOT_FOUND; a malformed id is refused before any request", async () => {
    await expect(listAccountApps(ctx(), { accountId: "nope0" })).rejects.toMatchObject({ status: 403, code: "ACCOUNT_NOT_FOUND" });
    fixture.emu.control.reset();
    await expect(listAccountApps(ctx(), { accountId: "a b" })).rejects.toThrow("getAccountApps: accountId must be an Ads API id");
    expect(requests()).toEqual([]);
  });
});

describe("getAdvertiserBusinessCategories", () => {
  test("each has an id, a name and the IAB categories a PREROLL_VIEWS line item carries; kept on disk across runs", async () => {
    const categories = await listAdvertiserBusinessCategories(ctx(), cache.options());
    expect(categories).toContainEqual({ id: "1jp", name: "Financial Services", iabCategories: ["IAB3", "IAB13", "IAB21"] });
    expect(await listAdvertiserBusinessCategories(ctx(), cache.options())).toEqual(categories);
    expect(requests().filter((r) => r.path === "/12/advertiser_business_categories")).toHaveLength(1);
  });

  test("a PREROLL_VIEWS line item takes the values of one or two of them, not three", async () => {
    const [finance, health, retail] = ["1jp", "1jm", "1jq"].map((id) => ({ id, iab: [] as string[] }));
    for (const c of await listAdvertiserBusinessCategories(ctx(), cache.options())) {
      for (const x of [finance, health, retail]) if (x!.id === c.id) x!.iab = c.iabCategories;
    }
    const campaign = await seedCampaign(client());
    const lineItem = (categories: string[]) => client().post(`/12/accounts/${ACCOUNT}/line_items`, {
      campaign_id: campaign.id, objective: "PREROLL_VIEWS", product_type: "MEDIA", placements: "ALL_ON_TWITTER", categories: categories.join(","),
    });
    await expect(lineItem([...finance!.iab, ...health!.iab])).resolves.toMatchObject({ objective: "PREROLL_VIEWS" });
    await expect(lineItem([...finance!.iab, ...health!.iab, ...retail!.iab])).rejects.toMatchObject({ status: 400, parameter: "categories" });
  });
});

describe("preview's check of a PREROLL_VIEWS line item", () => {
  let restore: () => void;
  let dir: string;
  beforeEach(() => {
    // The provider process's own cache folder (XDG_CACHE_HOME), never the user's.
    dir = mkdtempSync(join(tmpdir(), "xads-check-reference-"));
    restore = setProcessEnv({ XDG_CACHE_HOME: dir });
  });
  afterEach(() => {
    restore();
    rmSync(dir, { recursive: true, force: true });
  });

  const provider = () => {
    const { consumerKey, consumerSecret, accessToken, accessTokenSecret } = fixture.creds;
    return { xadsSettings: {
      "xads:consumerKey": consumerKey, "xads:consumerSecret": consumerSecret, "xads:accessToken": accessToken, "xads:accessTokenSecret": accessTokenSecret,
      "xads:sandbox": "true", "xads:sandboxBaseUrl": fixture.emu.sandboxUrl, "xads:accountId": ACCOUNT,
    } };
  };
  const preroll = (categories: string[]) => ({ accountId: ACCOUNT, campaignId: "c1", objective: "PREROLL_VIEWS", productType: "MEDIA", placements: ["ALL_ON_TWITTER"], categories });

  test("refuses the values of three business categories, naming categories, having read them once and written nothing", async () => {
    const result = await check("LineItem", {}, preroll(["IAB3", "IAB13", "IAB21", "IAB7", "IAB18"]), provider());
    // A list's failure is the check's as a whole (dispatch valuesNamedInReasons); its reason names categories.
    expect(result.failures).toEqual([{
      property: "",
      reason: "categories of a PREROLL_VIEWS line item must be those of at most 2 advertiser business categories (got 3: Financial Services, Health & Pharma, Retail)",
    }]);
    expect((await check("LineItem", {}, preroll(["IAB3", "IAB13", "IAB21", "IAB7"]), provider())).failures).toBeUndefined();
    expect(requests().filter((r) => r.path === "/12/advertiser_business_categories")).toHaveLength(1);
    expect(requests().filter((r) => r.method !== "GET")).toEqual([]);
  });

  test("another line item reads no business categories", async () => {
    await check("LineItem", {}, { ...preroll(["IAB3"]), objective: "VIDEO_VIEWS" }, provider());
    expect(requests().map((r) => r.path)).not.toContain("/12/advertiser_business_categories");
  });
});

describe("getPublishers", () => {
  test("the publishers curated categories name, each in content categories the platform lists; kept on disk across runs", async () => {
    const publishers = await listPublishers(ctx(), cache.options());
    const contentIds = new Set((await listContentCategories(ctx(), cache.options())).map((c) => c.id));
    const curated = await listCuratedCategories(ctx(), { accountId: ACCOUNT, countryCodes: ["US", "GB", "FR", "DE", "IT", "JP", "KR", "CA"] });
    const publisherIds = new Set(publishers.map((p) => p.userId));
    expect(curated.flatMap((c) => c.publisherUserIds ?? []).filter((id) => !publisherIds.has(id))).toEqual([]);
    expect(publishers.flatMap((p) => p.contentCategoryIds).filter((id) => !contentIds.has(id))).toEqual([]);
    expect(publishers[0]).toEqual(expect.objectContaining({ userId: expect.stringMatching(/^\d+$/), username: expect.any(String), monetizationRestricted: false }));
    await listPublishers(ctx(), cache.options());
    expect(requests().filter((r) => r.path === "/12/publishers")).toHaveLength(1);
  });
});

test.each([["production", () => fixture.emu.url], ["sandbox", () => fixture.emu.sandboxUrl]] as const)("the emulator serves the four endpoints in %s", async (_env, baseUrl) => {
  const signed = client(undefined, { baseUrl: baseUrl() });
  const statusOf = (path: string, query = {}) => signed.get(path, query).then(() => 200, (e: { status?: number }) => e.status);
  expect(await statusOf("/12/insights/keywords/search", { granularity: "DAY", keywords: "a", start_time: "2026-03-01", end_time: "2026-03-02" })).toBe(200);
  expect(await statusOf(`/12/accounts/${ACCOUNT}/account_apps`)).toBe(200);
  expect(await statusOf("/12/advertiser_business_categories")).toBe(200);
  expect(await statusOf("/12/publishers")).toBe(200);
});
