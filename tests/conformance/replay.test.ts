/**
 * Conformance suite 2 (docs/architecture.md rule 11): the provider replayed
 * against the real platform's recorded answers (replay.ts), not the
 * emulator. For every resource kind of the registry, create, refresh and
 * adoption of the declaring program give outputs the next preview finds no
 * difference in, and nothing throws; every data source reads the recorded
 * answers into its documented result.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clientFor } from "../../provider/client/registry";
import { resolveConfig } from "../../provider/config";
import { RESOURCES } from "../../provider/resources";
import * as sdk from "../../sdk/data-sources";
import * as sdkRecommendations from "../../sdk/recommendations";
import { ACCOUNT, CorpusTransport, REPLAY_CREDENTIALS, replayContext } from "./replay";
import { definitionOf } from "../../provider/resources";
import { CREATE_SENDS } from "../../provider/resources/batch-create";
import {
  AUTH_CASES, AUTHOR, derivedCase, NOT_REPLAYED, PROVIDER_SOURCE_CASES, replayApp, RESOURCE_CASES, SDK_NOT_REPLAYED, SDK_SOURCE_CASES,
} from "./replay-cases";
import { replayLostCreate, replayResource, replayTogether } from "./replay-run";

const name = (c: { kind: string; variant?: string }) => `${c.kind}${c.variant ? ` (${c.variant})` : ""}`;

describe("resources replayed against the platform's recorded answers", () => {
  test.each(RESOURCE_CASES.filter((c) => !NOT_REPLAYED[c.kind]).map((c) => [name(c), c] as const))("%s: create, refresh and adoption show no diff", async (_n, c) => {
    const result = await replayResource(c);
    expect(result.failures).toEqual([]);
  });

  test("a published Tweet whose id is beyond 2^53 keeps its exact id through create and refresh", async () => {
    const c = RESOURCE_CASES.find((x) => x.kind === "Tweet")!;
    const result = await replayResource(c);
    // The id the platform answered: a JSON number beyond 2^53 (JSON.parse would round it to ...900).
    const id = "878479925472251906";
    expect(String(Number(id))).not.toBe(id);
    expect(result.sent[0]).toMatchObject({ method: "POST", path: `/12/accounts/${ACCOUNT}/tweet` });
    expect(result.sent[0]!.answer).toContain(`"id":${id},`);
    expect(result.id).toBe(id);
    // The refresh asks for that exact id, is answered it as a number again, and finds the Tweet.
    const refresh = result.sent.find((r) => r.method === "GET" && r.path.endsWith("/tweets"))!;
    expect(refresh.query.tweet_ids).toBe(id);
    expect(refresh.answer).toContain(`"id":${id},`);
    expect(result.read).toMatchObject({ asUserId: AUTHOR, text: "hello, v6" });
    expect(result.failures).toEqual([]);
  });

  test("a Campaign declared without budgetOptimization sends none, and a read answering LINE_ITEM with standard_delivery: null shows no diff", async () => {
    const c = RESOURCE_CASES.find((x) => x.kind === "Campaign")!;
    const result = await replayResource(c);
    const create = result.sent.find((r) => r.method === "POST")!;
    expect(create.path).toBe(`/12/accounts/${ACCOUNT}/campaigns`);
    expect(Object.keys(create.query)).not.toContain("budget_optimization");
    expect(Object.keys(create.query)).not.toContain("standard_delivery");
    expect(create.answer).toContain(`"budget_optimization":"LINE_ITEM"`);
    expect(create.answer).toContain(`"standard_delivery":null`);
    expect(result.read).toMatchObject({ budgetOptimization: "LINE_ITEM" });
    expect(result.failures).toEqual([]);
  });

  test.each(RESOURCE_CASES.filter((c) => c.together).map((c) => [c.kind, c] as const))("%ss created in one up share one batch call, each its own entity without diff", async (kind, c) => {
    const result = await replayTogether(c);
    expect(result.failures).toEqual([]);
    expect(result.sent.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /12/batch/accounts/${ACCOUNT}/${kind === "Campaign" ? "campaigns" : "line_items"}`]);
    expect((result.sent[0]!.json as unknown[]).length).toBe(c.together!.length);
  });

  test.each(RESOURCE_CASES.filter((c, i, all) => definitionOf(c.kind).findCreated && all.findIndex((x) => x.kind === c.kind) === i).map((c) => [c.kind, c] as const))(
    "%s: a create without an answer is looked up, and sent again only after look-ups that found nothing",
    async (_kind, c) => {
      const result = await replayLostCreate(c);
      // Each send, then the look-ups it gets (every one a recorded GET): one at once, one after the wait, where the first found nothing.
      const sends = result.sent.map((r, i) => [r, i] as const).filter(([r]) => r.method !== "GET").map(([, i]) => i);
      expect(result.sent.filter((r) => r.method !== "POST" && r.method !== "GET")).toEqual([]);
      expect(sends[0]).toBe(0);
      const lookUps = sends.map((at, k) => result.sent.slice(at + 1, sends[k + 1] ?? result.sent.length));
      for (const requests of lookUps) expect(requests.every((r) => r.method === "GET" && r.entry)).toBe(true);
      if (result.id !== undefined) {
        expect(sends).toHaveLength(1);
        expect(lookUps[0]!.length).toBeGreaterThan(0);
      } else {
        expect(sends).toHaveLength(CREATE_SENDS);
        for (const requests of lookUps) expect(requests.length).toBeGreaterThanOrEqual(2);
      }
      // Found (the recordings hold a match), or none was created: never another failure.
      expect(result.id !== undefined || result.failures.every((f) => /none was found, so none was created/.test(f))).toBe(true);
    },
  );

  test.each(["TrackingTag", "PromotedTweet", "MediaCreative"])("the case derived from its POST and list recordings replays a %s without diff", async (kind) => {
    const c = derivedCase(kind)!;
    expect(c.inputs).toMatchObject({ accountId: ACCOUNT });
    const result = await replayResource(c);
    expect(result.failures).toEqual([]);
  });

  test.each(["Campaign", "CustomAudience"])("the case derived for a %s, which updates in place, replays the change its PUT recording sends, without diff", async (kind) => {
    const c = derivedCase(kind)!;
    expect(Object.keys(c.update ?? {}).length).toBeGreaterThan(0);
    const result = await replayResource(c);
    expect(result.failures).toEqual([]);
    expect(result.sent.filter((r) => r.method === "PUT").map((r) => r.entry?.endpoint)).toEqual([`PUT /12/accounts/:account_id/${definitionOf(kind).collection}/:${kind === "Campaign" ? "campaign_id" : "custom_audience_id"}`]);
  });

  test("every kind of the registry has a case (written or derived from the corpus), or says why it has none", () => {
    const covered = new Set([...RESOURCE_CASES.map((c) => c.kind), ...Object.keys(NOT_REPLAYED)]);
    expect(Object.keys(RESOURCES).filter((k) => !covered.has(k))).toEqual([]);
  });
});

describe("xads auth replayed against the platform's recorded answers", () => {
  test.each(AUTH_CASES.map((c) => [c.name, c] as const))("%s reads the recorded answer", async (_n, c) => {
    const transport = new CorpusTransport();
    expect(await c.run(replayApp(transport.transport))).toEqual(c.expected === undefined ? undefined : expect.objectContaining(c.expected as object));
    expect(transport.sent.map((r) => r.entry?.endpoint)).toEqual([expect.stringMatching(/^POST \//)]);
  });
});

describe("data sources replayed against the platform's recorded answers", () => {
  test.each(PROVIDER_SOURCE_CASES.map((c) => [c.name, c] as const))("%s reads the recorded answers", async (_n, c) => {
    const transport = new CorpusTransport();
    expect(await c.run(replayContext(transport), replayApp(transport.transport))).toMatchObject(c.expected as object);
    expect(transport.sent.filter((r) => !r.entry).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  describe("through the SDK (its configuration from XADS_*, its client the replay's)", () => {
    const saved = { ...process.env };
    let transport = new CorpusTransport();
    beforeAll(() => {
      // Reference data is cached on disk across runs: a cache of the replay's own, empty, so each source reads the recordings.
      process.env.XDG_CACHE_HOME = mkdtempSync(join(tmpdir(), "xads-replay-cache-"));
      Object.assign(process.env, {
        XADS_CONSUMER_KEY: REPLAY_CREDENTIALS.consumerKey, XADS_CONSUMER_SECRET: REPLAY_CREDENTIALS.consumerSecret,
        XADS_ACCESS_TOKEN: REPLAY_CREDENTIALS.accessToken, XADS_ACCESS_TOKEN_SECRET: REPLAY_CREDENTIALS.accessTokenSecret,
        XADS_ACCOUNT_ID: ACCOUNT, XADS_SANDBOX: "false",
      });
      // The client the SDK's configuration resolves to is registered first, over the replay's transport.
      clientFor(resolveConfig(() => undefined), { transport: (r) => transport.transport(r), coalesceWindowMs: 1, log: () => {} });
    });
    afterAll(() => {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    });
    beforeEach(() => (transport = new CorpusTransport()));

    test.each(SDK_SOURCE_CASES.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
      expect(await c.run(replayContext(transport), replayApp(transport.transport))).toMatchObject(c.expected as object);
      expect(transport.sent.length).toBeGreaterThan(0);
      expect(transport.sent.filter((r) => !r.entry).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    });

    test("every SDK data source is replayed, or says why not", () => {
      const covered = new Set([...SDK_SOURCE_CASES.map((c) => c.name), ...Object.keys(SDK_NOT_REPLAYED)]);
      expect(Object.keys({ ...sdk, ...sdkRecommendations }).filter((k) => k.startsWith("get") && !covered.has(k))).toEqual([]);
    });
  });
});
