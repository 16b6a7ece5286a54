/**
 * Adoption of every kind that has `adoptId`, against the emulator: a live
 * entity with every optional managed field set, adopted by a program that
 * declares only what the kind requires, is refused naming each field the
 * next up would clear or change (nothing written); declared in full, it is
 * adopted without any write. A kind of the registry with `adoptId` and no
 * row here is adopted as its walk row declares it (tests/e2e/walk-table.ts,
 * version 1), its parents (`needs`) made first as the walk's support
 * resources declare them, through their own kinds' creates: a new kind
 * needs no row of its own. TABLE holds the rows that set more than the
 * walk row does. XADS_KIND=<Kind> (make test-kind) adopts that kind alone.
 */
import { Entity } from "../../provider/client";
import { listAccountMedia } from "../../provider/data-sources";
import { RESOURCES } from "../../provider/resources";
import { ResourceDefinition } from "../../provider/resources/define";
import { DEMO_USER_ID } from "../../emulator";
import { Accounts, resolvedRefs, ROWS, support } from "../e2e/walk-table";
import { ACCOUNT, seedCampaign, seedFundingInstrument, seedLineItem, useEmulator, inFuture } from "./fixtures";

const fixture = useEmulator();
const { client, ctx } = fixture;
const emu = () => fixture.emu;
const base = `/12/accounts/${ACCOUNT}`;
const writes = () => emu().control.requests().filter((r) => r.method !== "GET");

type Inputs = Record<string, unknown>;

interface Row {
  /** Every input of a live entity with each optional managed field set (its parents made first). */
  full(): Promise<Inputs>;
  /** The inputs the kind requires (besides accountId): the adopting program declares only these. */
  required: readonly string[];
  /** The fields the refusal names, or why the kind has none to name. */
  refused: readonly string[] | { none: string };
}

const audience = async (name: string) => (await client().post<Entity>(`${base}/custom_audiences`, { name })).id;
const card = async () => (await client().post<Entity>(`${base}/cards`, undefined, {
  name: "Attached", components: [{ type: "DETAILS", title: "Spring", destination: { type: "WEBSITE", url: "https://example.com/" } }],
})).card_uri as string;
const ctas = {
  secondCta: "#Two", secondCtaTweet: "Two", thirdCta: "#Three", thirdCtaTweet: "Three", fourthCta: "#Four", fourthCtaTweet: "Four",
  thankYouUrl: "https://example.com/thanks",
};
const CONVERSATION_REQUIRED = ["name", "mediaKey", "title", "firstCta", "firstCtaTweet", "thankYouText"];
const CONVERSATION_REFUSED = ["secondCta", "secondCtaTweet", "thirdCta", "thirdCtaTweet", "fourthCta", "fourthCtaTweet", "thankYouUrl"];

const TABLE: Record<string, Row> = {
  FundingInstrument: {
    full: async () => ({ currency: "USD", startTime: "2026-01-01T00:00:00Z", type: "CREDIT_LINE" }),
    required: ["currency", "startTime"],
    // The default CREDIT_CARD differs from the live type.
    refused: ["type"],
  },
  Campaign: {
    full: async () => ({
      fundingInstrumentId: await seedFundingInstrument(client()), name: "Spring", entityStatus: "PAUSED",
      dailyBudgetAmountLocalMicro: 50_000_000, totalBudgetAmountLocalMicro: 500_000_000, purchaseOrderNumber: "PO-1", deletionProtection: false,
    }),
    required: ["fundingInstrumentId", "name"],
    refused: ["entityStatus", "dailyBudgetAmountLocalMicro", "totalBudgetAmountLocalMicro", "purchaseOrderNumber"],
  },
  LineItem: {
    full: async () => ({
      campaignId: (await seedCampaign(client())).id, name: "Max bid", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS",
      placements: ["ALL_ON_TWITTER"], entityStatus: "PAUSED", bidStrategy: "MAX", bidAmountLocalMicro: 1_500_000,
      dailyBudgetAmountLocalMicro: 5_000_000, totalBudgetAmountLocalMicro: 50_000_000, endTime: inFuture(60), advertiserDomain: "example.com",
    }),
    required: ["campaignId", "objective", "productType", "placements"],
    // bidStrategy is the platform's when not declared (computed): not refused.
    refused: ["name", "entityStatus", "bidAmountLocalMicro", "dailyBudgetAmountLocalMicro", "totalBudgetAmountLocalMicro", "endTime", "advertiserDomain"],
  },
  TrackingTag: {
    full: async () => ({ lineItemId: await seedLineItem(client()), trackingTagType: "IMPRESSION_TAG", trackingTagUrl: "https://ad.doubleclick.net/ddm/trackimp/N123" }),
    required: ["lineItemId", "trackingTagType", "trackingTagUrl"],
    refused: { none: "every field is required" },
  },
  PromotedTweet: {
    full: async () => ({ lineItemId: await seedLineItem(client(), { objective: "ENGAGEMENTS" }), tweetId: "500" }),
    required: ["lineItemId", "tweetId"],
    refused: { none: "every field is required" },
  },
  Card: {
    full: async () => ({ name: "Spring", components: [{ type: "DETAILS", title: "Spring", destination: { type: "WEBSITE", url: "https://example.com/" } }] }),
    required: ["name", "components"],
    refused: { none: "name and exactly one of components and slides are required" },
  },
  ImageConversationCard: {
    full: async () => ({
      name: "Poll", mediaKey: "3_1001", unlockedImageMediaKey: "3_1007", title: "Which colour?", firstCta: "#One", firstCtaTweet: "One", thankYouText: "Thanks!", ...ctas,
    }),
    required: CONVERSATION_REQUIRED,
    // unlockedImageMediaKey is never answered back (writeOnly): not refused.
    refused: CONVERSATION_REFUSED,
  },
  VideoConversationCard: {
    full: async () => ({
      name: "Video poll", mediaKey: "7_3001", posterMediaKey: "3_1001", unlockedVideoMediaKey: "7_3002", title: "Which one?",
      firstCta: "#One", firstCtaTweet: "One", thankYouText: "Thanks!", ...ctas,
    }),
    required: CONVERSATION_REQUIRED,
    // The API answers the poster only as its address, and never the unlocked media: their keys are kept as declared
    // (writeOnly), not refused, and an up sends them only when the program changes them.
    refused: CONVERSATION_REFUSED,
  },
  PromotedAccount: {
    full: async () => ({ lineItemId: await seedLineItem(client(), { objective: "ENGAGEMENTS", product_type: "PROMOTED_ACCOUNT" }), userId: "2244994945" }),
    required: ["lineItemId", "userId"],
    refused: { none: "every field is required" },
  },
  LineItemCuratedCategory: {
    full: async () => ({ lineItemId: await seedLineItem(client()), curatedCategoryId: "1jq3" }),
    required: ["lineItemId", "curatedCategoryId"],
    refused: { none: "every field is required" },
  },
  TargetingCriterion: {
    full: async () => ({ lineItemId: await seedLineItem(client()), targetingType: "IAB_CATEGORY", targetingValue: "IAB19", operatorType: "NE" }),
    required: ["lineItemId", "targetingType", "targetingValue"],
    // The default EQ differs from the live NE.
    refused: ["operatorType"],
  },
  DraftTweet: {
    full: async () => ({ asUserId: DEMO_USER_ID, text: "Spring", cardUri: await card(), mediaKeys: ["3_1001"], nullcast: false, name: "Draft" }),
    required: ["asUserId", "text"],
    // name is the platform's when not declared (computed): not refused.
    refused: ["cardUri", "mediaKeys", "nullcast"],
  },
  ScheduledTweet: {
    full: async () => ({ asUserId: DEMO_USER_ID, scheduledAt: inFuture(30), text: "Spring", cardUri: await card(), mediaKeys: ["3_1001"], nullcast: false, name: "Later" }),
    required: ["asUserId", "scheduledAt", "text"],
    refused: ["cardUri", "mediaKeys", "nullcast"],
  },
  Tweet: {
    full: async () => ({ asUserId: DEMO_USER_ID, text: "Spring", name: "Named" }),
    required: ["asUserId", "text"],
    // cardUri, mediaKeys and the video fields are never answered back (writeOnly); nullcast must be true.
    refused: ["name"],
  },
  ScheduledPromotedTweet: {
    full: async () => ({
      lineItemId: await seedLineItem(client()),
      scheduledTweetId: (await client().post<Entity>(`${base}/scheduled_tweets`, { as_user_id: DEMO_USER_ID, text: "x", scheduled_at: inFuture(30) })).id,
    }),
    required: ["lineItemId", "scheduledTweetId"],
    refused: { none: "every field is required" },
  },
  MediaCreative: {
    full: async () => ({
      lineItemId: await seedLineItem(client()), accountMediaId: (await listAccountMedia(ctx(), ACCOUNT, ["BANNER"]))[0]!.id, landingUrl: "https://example.com/spring",
    }),
    required: ["lineItemId", "accountMediaId"],
    refused: { none: "landingUrl is the platform's when not declared (computed); the others are required" },
  },
  SandboxAccount: {
    full: async () => ({ name: "Spring shop", industryType: "RETAIL" }),
    required: [],
    refused: { none: "name and industryType are the platform's when not declared (computed)" },
  },
  CustomAudience: {
    full: async () => ({ name: "Newsletter", description: "Subscribers", deletionProtection: false }),
    required: ["name"],
    refused: ["description"],
  },
  DoNotReachList: {
    full: async () => ({ description: "Opted out" }),
    required: [],
    refused: ["description"],
  },
  FlexibleAudience: {
    full: async () => ({
      name: "Mobile", audienceType: "MOBILE_AUDIENCE", booleanOperator: "AND",
      childSegments: [{ customAudienceId: await audience("Leaf"), lookbackWindow: 7 }], deletionProtection: false,
    }),
    required: ["name", "booleanOperator", "childSegments"],
    // The segment tree is never read back (writeOnly): not refused.
    refused: ["audienceType"],
  },
  CustomAudiencePermission: {
    full: async () => ({
      customAudienceId: await audience("Shared"), grantedAccountId: emu().control.createAccount("sandbox", { name: "Sibling" }).id, permissionLevel: "READ_WRITE",
    }),
    required: ["customAudienceId", "grantedAccountId", "permissionLevel"],
    refused: { none: "every field is required" },
  },
  TailoredAudiencePermission: {
    full: async () => ({
      tailoredAudienceId: await audience("Shared"), grantedAccountId: emu().control.createAccount("sandbox", { name: "Sibling" }).id, permissionLevel: "READ_ONLY",
    }),
    required: ["tailoredAudienceId", "grantedAccountId", "permissionLevel"],
    refused: { none: "every field is required" },
  },
};

/** The inputs a kind requires, besides the account (the adopting program declares only these). */
function requiredInputs(def: ResourceDefinition): string[] {
  const shape = (def.inputs as unknown as { shape: Record<string, { isOptional(): boolean }> }).shape;
  return Object.keys(shape).filter((f) => !["accountId", "adoptId"].includes(f) && !shape[f]!.isOptional());
}

/** Placeholders of the walk's accounts: a row whose arguments hold one needs accounts of its own. */
const NO_ACCOUNTS: Accounts = { sibling: "\u0000sibling", other: "\u0000other" };

/**
 * The walk's support resources a row needs (`needs`, and what those refer
 * to), made in the order `support` declares them, each through its kind's
 * own create; their ids by name.
 */
async function madeSupport(needs: readonly string[], accounts: Accounts): Promise<Record<string, string>> {
  const declared = support(accounts);
  const wanted = new Set<string>();
  const want = (name: string) => {
    if (wanted.has(name)) return;
    wanted.add(name);
    const resource = declared.find((r) => r.name === name);
    if (!resource) throw new Error(`the walk row needs "${name}", which support() in tests/e2e/walk-table.ts does not declare`);
    for (const [, ref] of JSON.stringify(resource.args).matchAll(/\$\{(\w+)\.id\}/g)) want(ref!);
  };
  needs.forEach(want);
  const ids: Record<string, string> = {};
  for (const resource of declared.filter((r) => wanted.has(r.name))) {
    const def = (RESOURCES as Record<string, ResourceDefinition>)[resource.type]!;
    const args = { ...(def.fields.inputs.includes("accountId") ? { accountId: ACCOUNT } : {}), ...resolvedRefs(resource.args as Inputs, ids) };
    const checked = def.check({}, args, { sandbox: true });
    if (checked.failures?.length) throw new Error(`support resource ${resource.name}: ${checked.failures.map((f) => f.reason).join("; ")}`);
    ids[resource.name] = (await def.create(ctx(), checked.inputs as Inputs)).id;
  }
  return ids;
}

/**
 * The row of a kind as its walk row declares it (version 1), in the demo
 * account: its parents made first (madeSupport), each optional field it
 * sets one the refusal names (but those the platform fills in, `computed`,
 * and those never read back, `writeOnly`).
 */
function walkRowOf(kind: string, def: ResourceDefinition): Row | undefined {
  const walk = ROWS.find((r) => r.kind === kind);
  if (!walk || walk.account) return undefined;
  const args = walk.args(1, NO_ACCOUNTS);
  const required = requiredInputs(def);
  const unmanaged = [...def.fields.computed, ...def.fields.writeOnly, "deletionProtection"];
  const optional = Object.keys(args).filter((f) => !required.includes(f) && !unmanaged.includes(f));
  return {
    full: async () => {
      const accounts = JSON.stringify(args).includes("\u0000")
        ? { sibling: emu().control.createAccount("sandbox", { name: "Sibling" }).id, other: emu().control.createAccount("sandbox", { name: "Other" }).id }
        : NO_ACCOUNTS;
      return resolvedRefs(walk.args(1, accounts), await madeSupport(walk.needs ?? [], accounts));
    },
    required,
    refused: optional.length > 0 ? optional : { none: "its walk row declares only required fields" },
  };
}

/** XADS_KIND=<Kind>: that kind alone (make test-kind). */
const ONLY = process.env.XADS_KIND;
const adoptable = Object.entries(RESOURCES as Record<string, ResourceDefinition>)
  .filter(([kind, def]) => def.fields.inputs.includes("adoptId") && (!ONLY || kind === ONLY))
  .map(([kind]) => kind);

const rowOf = (kind: string): Row | undefined => TABLE[kind] ?? walkRowOf(kind, (RESOURCES as Record<string, ResourceDefinition>)[kind]!);

test("every kind with adoptId has a row, here or from its walk row", () => {
  expect(adoptable.filter((k) => !rowOf(k)).map((k) => `${k}: add a walk row (tests/e2e/walk-table.ts) or a row to TABLE in tests/integration/adoption-table.test.ts`)).toEqual([]);
});

test("a kind declared alone in its walk row is adopted as that row declares it", () => {
  expect(walkRowOf("AppList", (RESOURCES as Record<string, ResourceDefinition>).AppList!)).toMatchObject({ required: ["name", "appStoreIdentifiers"], refused: { none: expect.any(String) } });
});

test("a kind whose walk row needs parents is adopted with them made as the walk's support declares them", async () => {
  const row = walkRowOf("PromotedAccount", (RESOURCES as Record<string, ResourceDefinition>).PromotedAccount!)!;
  expect(row).toMatchObject({ required: ["lineItemId", "userId"], refused: { none: expect.any(String) } });
  const declared = await row.full();
  // The walk's "followers": a FOLLOWERS line item (promoted accounts take no other), in a campaign of its own funding instrument.
  const lineItem = (await client().get<Entity>(`${base}/line_items/${declared.lineItemId as string}`)) as Entity;
  expect(lineItem).toMatchObject({ objective: "FOLLOWERS", product_type: "PROMOTED_ACCOUNT" });
  // A row in another account is not derived.
  expect(walkRowOf("DoNotReachListMembers", (RESOURCES as Record<string, ResourceDefinition>).DoNotReachListMembers!)).toBeUndefined();
});

describe.each(adoptable)("%s", (kind) => {
  const def = (RESOURCES as Record<string, ResourceDefinition>)[kind]!;
  const checked = (news: Inputs) => {
    const result = def.check({}, { ...(def.fields.inputs.includes("accountId") ? { accountId: ACCOUNT } : {}), ...news }, { sandbox: true });
    expect(result.failures ?? []).toEqual([]);
    return result.inputs as Inputs;
  };
  const row = () => {
    const r = rowOf(kind);
    if (!r) throw new Error(`${kind} has adoptId and no row in this table or usable walk row: add one`);
    return r;
  };
  let stderr: jest.SpyInstance;
  beforeEach(() => (stderr = jest.spyOn(process.stderr, "write").mockImplementation(() => true)));
  afterEach(() => stderr.mockRestore());

  test("adopted with only its required inputs: refused naming each field the next up would clear or change, nothing written", async () => {
    const { full, required, refused } = row();
    const declared = await full();
    const { id } = await def.create(ctx(), checked(declared));
    const minimal = checked({ ...Object.fromEntries(required.map((f) => [f, declared[f]])), adoptId: id });
    emu().control.clearRequests();
    if (Array.isArray(refused)) {
      const error = await def.create(ctx(), minimal).then(() => "adopted", (e: Error) => e.message);
      expect(error).toContain(` ${id} was not adopted, and nothing was written: `);
      for (const f of refused) expect(error).toContain(`${f} is `);
      expect((await def.adoptionRefusals(ctx(), minimal)).map((r) => r.property).sort()).toEqual([...refused].sort());
    } else {
      await expect(def.create(ctx(), minimal)).resolves.toMatchObject({ id });
      expect(await def.adoptionRefusals(ctx(), minimal)).toEqual([]);
    }
    expect(writes()).toEqual([]);
  });

  test("adopted with everything declared: taken over without any write", async () => {
    const declared = await row().full();
    const { id } = await def.create(ctx(), checked(declared));
    const everything = checked({ ...declared, adoptId: id });
    emu().control.clearRequests();
    expect(await def.adoptionRefusals(ctx(), everything)).toEqual([]);
    await expect(def.create(ctx(), everything)).resolves.toMatchObject({ id });
    expect(writes()).toEqual([]);
  });
});
