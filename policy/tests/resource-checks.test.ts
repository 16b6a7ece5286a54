import { LIMITS } from "../../provider/limits";
import { resourceChecks } from "../resource-checks";
import * as fixtures from "./fixtures";
import { ACCOUNT, Declared, resourceViolations, unknown } from "./util";

const policy = resourceChecks;
const violations = (d: Declared) => resourceViolations(policy, d);

const leaves = (n: number) => Array.from({ length: n }, (_, i) => fixtures.segment(`ca${i}`));
const swipeable = (n: number) => ({ type: "SWIPEABLE_MEDIA", mediaKeys: Array.from({ length: n }, (_, i) => `3_${i}`) });
const hashedUser = { email: ["a".repeat(64)] };

describe("xads-resource-checks", () => {
  test("resources that pass their own check pass", async () => {
    for (const make of fixtures.HAPPY_PATH) expect([make().kind, await violations(make())]).toEqual([make().kind, []]);
  });

  // One failing case per family, with the provider's own words after the resource.
  test.each([
    ["campaign text", fixtures.campaign({ name: "x".repeat(LIMITS.text.campaignName + 1) }),
      'Campaign "spring-sale" name must be at most 255 characters (got 256)'],
    ["campaign budgets", fixtures.campaign({ dailyBudgetAmountLocalMicro: 6_000_000, totalBudgetAmountLocalMicro: 5_000_000 }),
      'Campaign "spring-sale" dailyBudgetAmountLocalMicro must be at most totalBudgetAmountLocalMicro: 6.00 > 5.00 in the funding instrument\'s currency (6000000 > 5000000 micros)'],
    ["campaign delivery (deprecated on campaigns)", fixtures.campaign({ standardDelivery: true }),
      'Campaign "spring-sale" standardDelivery is deprecated on campaigns: budget optimization is always LINE_ITEM, so the platform ignores it (and answers null); set standardDelivery on the campaign\'s line items'],
    ["line item", fixtures.lineItem({ name: "x".repeat(LIMITS.text.lineItemName + 1) }),
      'LineItem "timeline" name must be at most 255 characters (got 256)'],
    ["card content (the field is named before a reason that does not start with it)", fixtures.card({ slides: [[swipeable(2)]] }),
      'Card "spring-carousel" slides: set components or slides, not both: a card has exactly one of them'],
    ["card swipeable media", fixtures.card({ components: [swipeable(7)] }),
      'Card "spring-carousel" components[0].mediaKeys must have 2 to 6 keys (got 7)'],
    ["conversation card", fixtures.imageConversationCard({ firstCta: `#${"a".repeat(LIMITS.text.ctaHashtag + 1)}` }),
      'ImageConversationCard "spring-poll" firstCta must be at most 20 characters not counting the # (got 21)'],
    ["post media", fixtures.tweet({ mediaKeys: ["13_1", "3_1", "3_2"] }),
      'Tweet "spring-video" mediaKeys may hold 1 video and nothing else (got 2 images, 1 video)'],
    ["draft post media", fixtures.draftTweet({ mediaKeys: ["3_1", "3_2", "3_3", "3_4", "3_5"] }),
      'DraftTweet "spring-photos" mediaKeys may hold at most 4 images (got 5 images)'],
    ["flexible audience leaves", fixtures.flexibleAudience({ childSegments: [{ ...fixtures.segment("group"), booleanOperator: "OR", childSegments: leaves(6) }, ...leaves(5)] }),
      'FlexibleAudience "app-users" childSegments must have at most 10 custom audience leaf nodes in all, at any depth (got 11)'],
    ["flexible audience lookback window", fixtures.flexibleAudience({ childSegments: [fixtures.segment("ca1", 3)] }),
      'FlexibleAudience "app-users" childSegments[0].lookbackWindow must be one of 1, 7, 14, 30 (got 3)'],
    ["flexible audience operator", fixtures.flexibleAudience({ booleanOperator: undefined }),
      'FlexibleAudience "app-users" booleanOperator is required (AND or OR) when childSegments is non-empty (got 2 child segments)'],
    ["targeting type the reference lacks", fixtures.targetingCriterion({ targetingType: "INSTALLED_APP_CATEGORY", operatorType: "EQ" }),
      'TargetingCriterion "exclude-apps" targetingType must be one of IAB_CATEGORY, AGE, CAMPAIGN_ENGAGEMENT, CAMPAIGN_ENGAGEMENT_LOOKALIKE, ' +
      "CONVERSATION, DEVICE, ENGAGEMENT_TYPE, EVENT, FOLLOWERS_OF_USER, GENDER, INTEREST, LANGUAGE, LIVE_TV_EVENT, LOCATION, " +
      "NETWORK_ACTIVATION_DURATION, NETWORK_OPERATOR, PLATFORM, PLATFORM_VERSION, SIMILAR_TO_FOLLOWERS_OF_USER, TV_SHOW, USER_ENGAGEMENT, " +
      "USER_ENGAGEMENT_LOOKALIKE, WIFI_ONLY, BROAD_KEYWORD, EXACT_KEYWORD, PHRASE_KEYWORD, UNORDERED_KEYWORD, CUSTOM_AUDIENCE, " +
      'CUSTOM_AUDIENCE_EXPANDED, APP_STORE_CATEGORY, APP_STORE_CATEGORY_LOOKALIKE, APP_LIST (got "INSTALLED_APP_CATEGORY")'],
    ["targeting operator of its type (APP_LIST excludes only)", fixtures.targetingCriterion({ operatorType: "EQ" }),
      'TargetingCriterion "exclude-apps" operatorType must be NE with targetingType APP_LIST (got EQ): APP_LIST may only be used with operatorType NE'],
    ["targeting operator GTE with a type that does not compare", fixtures.targetingCriterion({ targetingType: "AGE", targetingValue: "AGE_OVER_18", operatorType: "GTE" }),
      'TargetingCriterion "exclude-apps" operatorType must be EQ or NE with targetingType AGE (got GTE): operatorType GTE is taken only with targetingType NETWORK_ACTIVATION_DURATION'],
    ["audience permission", fixtures.customAudiencePermission({ grantedAccountId: ACCOUNT }),
      `CustomAudiencePermission "share-newsletter" grantedAccountId must be another account than the owner accountId ${ACCOUNT}`],
  ])("%s: refused as the provider refuses it", async (_family, declared, message) => {
    expect(await violations(declared)).toEqual([message]);
  });

  test("every xads kind is checked, including a refusal that names no field", async () => {
    expect(await violations({ kind: "TaxSettings", name: "tax", props: { accountId: ACCOUNT } })).toEqual([
      'TaxSettings "tax" declare at least one of addressName, clientAddressStreet1, clientAddressStreet2, invoiceJurisdiction, taxCategory, taxExemptionId, taxId',
    ]);
  });

  test("a known field is refused while another is not known yet; an unknown field alone is not", async () => {
    const long = "x".repeat(LIMITS.text.campaignName + 1);
    expect(await violations(fixtures.campaign({ name: long, fundingInstrumentId: unknown }))).toEqual([
      'Campaign "spring-sale" name must be at most 255 characters (got 256)',
    ]);
    expect(await violations(fixtures.campaign({ name: unknown }))).toEqual([]);
    // A flexible audience of custom audiences created in the same program.
    expect(await violations(fixtures.flexibleAudience({ childSegments: [fixtures.segment(unknown), fixtures.segment("ca2")] }))).toEqual([]);
    expect(await violations(fixtures.card({ components: [{ type: "SWIPEABLE_MEDIA", mediaKeys: unknown }] }))).toEqual([]);
  });

  test("a budget above the provider's default ceiling is the provider's to refuse: the stack may have raised it (xads:maxBudgetMicro)", async () => {
    expect(await violations(fixtures.campaign({ dailyBudgetAmountLocalMicro: 2e15, totalBudgetAmountLocalMicro: 3e15 }))).toEqual([]);
  });

  test("a Tweet's text over 280 weighted characters and a NUL in a name are refused in the provider's words", async () => {
    expect(await violations(fixtures.tweet({ text: "x".repeat(10_000) }))).toEqual([
      'Tweet "spring-video" text must be at most 280 characters as the platform counts them (each link 23, each emoji and each CJK character 2; got 10000)',
    ]);
    expect(await violations(fixtures.campaign({ name: "Spring\u0000sale" }))).toEqual([
      'Campaign "spring-sale" name must not contain control characters (NUL, tab, line breaks and the like) (got "Spring\\u0000sale")',
    ]);
  });

  test("rules about a change are the provider's: a live scheduled post whose time has passed is not refused", async () => {
    expect(await violations(fixtures.scheduledTweet({ scheduledAt: "2020-03-20T09:00:00Z" }))).toEqual([]);
  });

  test("inputs as the engine hands them over pass: a member list's memberChanges, which its check adds", async () => {
    const members: Declared = {
      kind: "CustomAudienceMembers", name: "subscribers",
      props: { accountId: ACCOUNT, customAudienceId: "ca1", users: [hashedUser], memberChanges: "+1 -0 (1 members)" },
    };
    expect(await violations(members)).toEqual([]);
    expect(await violations({ ...members, props: { ...members.props, users: [{ email: ["someone@example.com"] }] } })).toEqual([
      'CustomAudienceMembers "subscribers" users[0].email must hold SHA-256 hashes of normalized values (64 lowercase hex characters); the SDK classes hash raw identifiers in the program',
    ]);
  });

  test("resources of other providers are not checked", async () => {
    const long = "x".repeat(LIMITS.text.campaignName + 1);
    expect(await violations({ ...fixtures.campaign({ name: long }), kind: "pulumi-nodejs:dynamic:Resource" })).toEqual([]);
  });

  describe("with the stack config the provider is configured with", () => {
    const sandbox = { "xads:sandbox": "true", "xads:sandboxBaseUrl": "http://127.0.0.1:8787/sandbox" };
    const huge = { dailyBudgetAmountLocalMicro: 400_000_000_000_000, totalBudgetAmountLocalMicro: 400_000_000_000_000 };
    const ceiling = (field: string, max: string, units: string) =>
      `Campaign "spring-sale" ${field} must be at most ${max} micros (${units} in the funding instrument's currency; got 400000000000000). `
      + "That ceiling guards against typos; if the amount is meant, raise it for the stack: pulumi config set xads:maxBudgetMicro <micros> (or XADS_MAX_BUDGET_MICRO)";

    test("an amount above the stack's ceiling fails as in the provider, and xads:maxBudgetMicro raises it", async () => {
      expect(await violations(fixtures.campaign(huge, { settings: sandbox }))).toEqual([
        ceiling("dailyBudgetAmountLocalMicro", "100000000000000", "100,000,000.00"),
        ceiling("totalBudgetAmountLocalMicro", "100000000000000", "100,000,000.00"),
      ]);
      expect(await violations(fixtures.campaign(huge, { settings: { ...sandbox, "xads:maxBudgetMicro": "500000000000000" } }))).toEqual([]);
    });

    test("a sandbox-only kind passes in a sandbox stack and fails in a production one, with the provider's words", async () => {
      const account = { kind: "SandboxAccount", name: "agency", props: { name: "Agency test account" } };
      expect(await violations({ ...account, settings: sandbox })).toEqual([]);
      expect(await violations({ ...account, settings: { "xads:sandbox": "false" } })).toEqual([
        'SandboxAccount "agency" works only in the sandbox: the Ads API creates and deletes accounts only at the sandbox address, and this stack is configured for production (xads:sandbox is not true). Use it in a sandbox stack (pulumi config set xads:sandbox true), or remove it from this program.',
      ]);
    });
  });
});
