/**
 * The provider plugin's gRPC server (provider/plugin/server.ts) called as the
 * engine calls it, with a gRPC client, against the emulator: configuration
 * from Configure's arguments (credentials as secrets), the stack's account
 * for a resource that names none, create, read (inputs too; an entity
 * deleted out of band is gone; pulumi import's read), the detailed diff,
 * delete, and errors without credentials. The real engine drives it in tests/e2e/yaml-plugin.test.ts.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { isPendingId } from "../../provider/resources/pending";
import { isImportRead, serve } from "../../provider/plugin/server";
import { pluginFunctions } from "../../sdk/plugin";
import { secret } from "../../provider/plugin/wire";
import type { Entity } from "../../provider/client";
import { ACCOUNT, seedLineItem, useEmulator } from "./fixtures";

const fixture = useEmulator();
let server: grpc.Server;
let client: provrpc.ResourceProviderClient;

type Unary = (req: unknown, cb: (err: grpc.ServiceError | null, res: unknown) => void) => unknown;

/** One unary call of the client (a method of the ResourceProvider service), as a promise. */
function call<Res>(method: string, req: unknown): Promise<Res> {
  const fn = (client as unknown as Record<string, Unary>)[method]!;
  return new Promise((resolve, reject) => fn.call(client, req, (err, res) => (err ? reject(err) : resolve(res as Res))));
}

const struct = (v: Record<string, unknown>) => Struct.fromJavaScript(v as never);
const urn = (kind: string, name: string) => `urn:pulumi:dev::yaml::xads:index:${kind}::${name}`;

beforeAll(async () => {
  const served = await serve("0.0.0-test", pluginFunctions());
  server = served.server;
  const port = served.port;
  client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const args: Record<string, unknown> = { sandbox: "true", sandboxBaseUrl: fixture.emu.sandboxUrl, accountId: ACCOUNT };
  for (const [k, v] of Object.entries(fixture.creds)) args[k] = secret(v);
  await call<provproto.ConfigureResponse>("configure", new provproto.ConfigureRequest().setArgs(struct(args)));
});

afterAll(() => {
  client?.close();
  server?.forceShutdown();
});

test("GetSchema answers the package schema: resource tokens xads:index:<Kind> with their inputs, and the provider's configuration", async () => {
  const res = await call<provproto.GetSchemaResponse>("getSchema", new provproto.GetSchemaRequest());
  const schema = JSON.parse(res.getSchema()) as { name: string; resources: Record<string, { requiredInputs: string[] }>; config: { variables: Record<string, { secret?: boolean }> }; provider: { inputProperties: Record<string, { secret?: boolean }> } };
  expect(schema.name).toBe("xads");
  expect(schema.resources["xads:index:PromotedTweet"]!.requiredInputs).toEqual(expect.arrayContaining(["lineItemId", "tweetId"]));
  expect(schema.config.variables.consumerSecret!.secret).toBe(true);
  expect(schema.provider.inputProperties.accessTokenSecret!.secret).toBe(true);
});

test("CheckConfig keeps the provider's secrets secret and names a malformed setting; DiffConfig updates on new credentials and replaces nothing", async () => {
  const args = { sandbox: "true", accountId: ACCOUNT, accessToken: secret("at1"), requestTimeoutMs: "50" };
  const checked = await call<provproto.CheckResponse>("checkConfig", new provproto.CheckRequest().setUrn("urn:pulumi:dev::yaml::pulumi:providers:xads::a").setNews(struct(args)));
  expect(checked.getInputs()!.toJavaScript()).toEqual(args);
  expect(checked.getFailuresList().map((f) => [f.getProperty(), f.getReason()])).toEqual([["requestTimeoutMs", 'xads:requestTimeoutMs must be a whole number of milliseconds of at least 100, got "50"']]);

  const diff = await call<provproto.DiffResponse>("diffConfig", new provproto.DiffRequest().setUrn("urn:pulumi:dev::yaml::pulumi:providers:xads::a")
    .setOlds(struct(args)).setNews(struct({ ...args, accessToken: secret("at2") })));
  expect(diff.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
  expect(diff.getDiffsList()).toEqual(["accessToken"]);
  expect(diff.getReplacesList()).toEqual([]);
  expect(diff.getDetaileddiffMap().get("accessToken")!.getKind()).toBe(provproto.PropertyDiff.Kind.UPDATE);
});

test("Check answers a member list's users as a secret even when the program sent them plain (a YAML program's hashes): the state keeps its inputs as ciphertext", async () => {
  const users = [{ email: ["7799473ff091b38137e0698047364e040446fe7cb3209e8321d5a865127853d0"] }];
  const checked = await call<provproto.CheckResponse>("check", new provproto.CheckRequest().setUrn(urn("CustomAudienceMembers", "newsletter-users"))
    .setType("xads:index:CustomAudienceMembers").setOlds(struct({})).setNews(struct({ customAudienceId: "ca1", users })));
  expect(checked.getFailuresList()).toEqual([]);
  const inputs = checked.getInputs()!.toJavaScript() as Record<string, unknown>;
  expect(inputs.users).toEqual(secret(users));
  expect(inputs.customAudienceId).toBe("ca1");
});

test("a campaign's walk: check takes the stack's account, create, read with its inputs, a detailed diff of a rename, delete, and a read after it says gone", async () => {
  const fi = await call<provproto.CreateResponse>("create", new provproto.CreateRequest().setUrn(urn("FundingInstrument", "usd")).setType("xads:index:FundingInstrument")
    .setProperties(struct({ accountId: ACCOUNT, currency: "USD", startTime: "2026-01-01T00:00:00Z" })));
  const news = { fundingInstrumentId: fi.getId(), name: "Spring sale", dailyBudgetAmountLocalMicro: 50_000_000, deletionProtection: false };
  const checked = await call<provproto.CheckResponse>("check", new provproto.CheckRequest().setUrn(urn("Campaign", "spring")).setType("xads:index:Campaign").setOlds(struct({})).setNews(struct(news)));
  expect(checked.getFailuresList()).toEqual([]);
  const inputs = checked.getInputs()!.toJavaScript();
  expect(inputs.accountId).toBe(ACCOUNT);

  const created = await call<provproto.CreateResponse>("create", new provproto.CreateRequest().setUrn(urn("Campaign", "spring")).setType("xads:index:Campaign").setProperties(struct(inputs)));
  expect(fixture.emu.control.entities("sandbox", ACCOUNT, "campaigns").map((c) => [c.id, c.name])).toEqual([[created.getId(), "Spring sale"]]);
  const outs = created.getProperties()!.toJavaScript();

  const read = await call<provproto.ReadResponse>("read", new provproto.ReadRequest().setId(created.getId()).setUrn(urn("Campaign", "spring")).setProperties(struct(outs)).setInputs(struct(inputs)));
  expect(read.getId()).toBe(created.getId());
  expect(read.getInputs()!.toJavaScript()).toMatchObject({ name: "Spring sale", fundingInstrumentId: fi.getId() });

  const diff = await call<provproto.DiffResponse>("diff", new provproto.DiffRequest().setId(created.getId()).setUrn(urn("Campaign", "spring"))
    .setOlds(struct(outs)).setOldInputs(struct(inputs)).setNews(struct({ ...inputs, name: "Summer sale", fundingInstrumentId: "other" })));
  expect(diff.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
  expect(diff.getHasdetaileddiff()).toBe(true);
  expect(diff.getDiffsList().sort()).toEqual(["fundingInstrumentId", "name"]);
  expect(diff.getReplacesList()).toEqual(["fundingInstrumentId"]);
  const detailed = Object.fromEntries(diff.getDetaileddiffMap().getEntryList().map(([k, v]) => [k, (v as unknown as [number])[0]]));
  expect(detailed).toEqual({ name: provproto.PropertyDiff.Kind.UPDATE, fundingInstrumentId: provproto.PropertyDiff.Kind.UPDATE_REPLACE });

  await call<Empty>("delete", new provproto.DeleteRequest().setId(created.getId()).setUrn(urn("Campaign", "spring")).setProperties(struct(outs)));
  const gone = await call<provproto.ReadResponse>("read", new provproto.ReadRequest().setId(created.getId()).setUrn(urn("Campaign", "spring")).setProperties(struct(outs)));
  expect(gone.getId()).toBe("");
});

test("Invoke runs a data source as the function xads:index:<name> with the provider's configuration, its answer as result; an unknown function names those served", async () => {
  const res = await call<provproto.InvokeResponse>("invoke", new provproto.InvokeRequest().setTok("xads:index:getAccounts").setArgs(struct({})));
  expect(res.getFailuresList()).toEqual([]);
  const result = res.getReturn()!.toJavaScript().result as { id: string }[];
  expect(result.map((a) => a.id)).toContain(ACCOUNT);
  const fis = await call<provproto.InvokeResponse>("invoke", new provproto.InvokeRequest().setTok("xads:index:getFundingInstruments").setArgs(struct({ currency: "USD" })));
  for (const fi of fis.getReturn()!.toJavaScript().result as { accountId: string; currency: string }[]) expect(fi).toMatchObject({ accountId: ACCOUNT, currency: "USD" });
  const unknown = await call("invoke", new provproto.InvokeRequest().setTok("xads:index:getNothing").setArgs(struct({}))).then(() => undefined, (e: grpc.ServiceError) => e);
  expect(unknown?.details).toMatch(/^unknown function xads:index:getNothing: pulumi-resource-xads serves .*xads:index:getFundingInstrument,/);
});

test("a type token the plugin does not serve fails naming the closest kind of the registry, when one is close", async () => {
  const checkOf = (type: string) => call("check", new provproto.CheckRequest().setUrn(`urn:pulumi:dev::yaml::${type}::spring`).setType(type).setOlds(struct({})).setNews(struct({})))
    .then(() => undefined, (e: grpc.ServiceError) => e?.details);
  expect(await checkOf("xads:index:Campaing")).toBe("pulumi-resource-xads serves xads:index:<Kind> resources, not xads:index:Campaing; did you mean xads:index:Campaign?");
  expect(await checkOf("xads:index:Bucket")).toBe("pulumi-resource-xads serves xads:index:<Kind> resources, not xads:index:Bucket");
});

test("a create the platform refuses fails with the platform's reason and no credential", async () => {
  const failed = await call<provproto.CreateResponse>("create", new provproto.CreateRequest().setUrn(urn("LineItem", "li")).setType("xads:index:LineItem")
    .setProperties(struct({ accountId: ACCOUNT, campaignId: "nosuchcampaign", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] }))).then(() => undefined, (e: grpc.ServiceError) => e);
  expect(failed?.details).toMatch(/^creating LineItem: /);
  for (const v of Object.values(fixture.creds)) expect(failed!.details).not.toContain(v);
});

test("a create whose POST committed without an answer, and whose look-ups failed, reaches the engine as a pending resource to read before the next up", async () => {
  // A provider of its own, whose requests time out after half a second.
  const served = await serve("0.0.0-test");
  const pendingClient = new provrpc.ResourceProviderClient(`127.0.0.1:${served.port}`, grpc.credentials.createInsecure());
  const args: Record<string, unknown> = { sandbox: true, sandboxBaseUrl: fixture.emu.sandboxUrl, accountId: ACCOUNT, requestTimeoutMs: 500 };
  for (const [k, v] of Object.entries(fixture.creds)) args[k] = secret(v);
  const unary = <Res>(method: string, req: unknown) => new Promise<Res>((resolve, reject) =>
    (pendingClient as unknown as Record<string, Unary>)[method]!.call(pendingClient, req, (err, res) => (err ? reject(err) : resolve(res as Res))));
  try {
    await unary("configure", new provproto.ConfigureRequest().setArgs(struct(args)));
    const fi = await unary<provproto.CreateResponse>("create", new provproto.CreateRequest().setUrn(urn("FundingInstrument", "usd")).setType("xads:index:FundingInstrument")
      .setProperties(struct({ accountId: ACCOUNT, currency: "USD", startTime: "2026-01-01T00:00:00Z" })));
    fixture.emu.control.fault({ method: "POST", path: "/campaigns$", kind: "timeout-after-commit", delayMs: 3000 });
    fixture.emu.control.fault({ method: "GET", path: "/campaigns$", kind: "drop", times: 6 });
    const failed = await unary("create", new provproto.CreateRequest().setUrn(urn("Campaign", "spring")).setType("xads:index:Campaign")
      .setProperties(struct({ accountId: ACCOUNT, fundingInstrumentId: fi.getId(), name: "Spring", dailyBudgetAmountLocalMicro: 1_000_000, entityStatus: "ACTIVE", deletionProtection: true })))
      .then(() => undefined, (e: grpc.ServiceError) => e);
    const details = failed!.metadata.get("grpc-status-details-bin")[0] as Buffer;
    const status = statusproto.Status.deserializeBinary(new Uint8Array(details));
    const initFailed = provproto.ErrorResourceInitFailed.deserializeBinary(status.getDetailsList()[0]!.getValue_asU8());
    expect(isPendingId(initFailed.getId())).toBe(true);
    expect(initFailed.getRefreshBeforeUpdate()).toBe(true);
    expect(initFailed.getProperties()!.toJavaScript()).toMatchObject({ name: "Spring" });
    for (const v of Object.values(fixture.creds)) expect(JSON.stringify(initFailed.getProperties()!.toJavaScript())).not.toContain(v);
  } finally {
    pendingClient.close();
    served.server.forceShutdown();
  }
}, 120_000);

test("methods the plugin does not serve answer UNIMPLEMENTED, which the engine takes as absent", async () => {
  const err = await call<provproto.ProviderHandshakeResponse>("handshake", new provproto.ProviderHandshakeRequest()).then(() => undefined, (e: grpc.ServiceError) => e);
  expect(err?.code).toBe(grpc.status.UNIMPLEMENTED);
  await expect(call<Empty>("cancel", new Empty())).resolves.toBeInstanceOf(Empty);
});

test("a read is pulumi import's when it carries an id and neither inputs nor state, as the engine's import sends it", () => {
  const read = () => new provproto.ReadRequest().setId("p1").setUrn(urn("PromotedTweet", "p"));
  expect(isImportRead(read())).toBe(true);
  // The engine marshals the import's absent state as an empty struct.
  expect(isImportRead(read().setProperties(struct({})))).toBe(true);
  // A refresh sends the state's inputs and outputs; a read of an existing resource (get) its given inputs, none too.
  expect(isImportRead(read().setProperties(struct({ tweetId: "1" })).setInputs(struct({ tweetId: "1" })))).toBe(false);
  expect(isImportRead(read().setProperties(struct({})).setInputs(struct({})))).toBe(false);
  // An engine that sends the state alone (no inputs) is refreshing.
  expect(isImportRead(read().setProperties(struct({ tweetId: "1" })))).toBe(false);
});

test("pulumi import's read answers, with the stack's account, what a program declares to manage the entity as it is: a promoted Tweet's Tweet, a flexible audience's segments", async () => {
  const api = fixture.client();
  const base = `/12/accounts/${ACCOUNT}`;
  const lineItemId = await seedLineItem(api);
  const [promoted] = await api.post<Entity[]>(`${base}/promoted_tweets`, { line_item_id: lineItemId, tweet_ids: ["1500000000000000001"] });
  const imported = await call<provproto.ReadResponse>("read", new provproto.ReadRequest().setId(promoted!.id).setUrn(urn("PromotedTweet", "p")).setProperties(struct({})));
  expect(imported.getId()).toBe(promoted!.id);
  const inputs = { accountId: ACCOUNT, lineItemId, tweetId: "1500000000000000001" };
  expect(imported.getInputs()!.toJavaScript()).toEqual(inputs);
  expect(imported.getProperties()!.toJavaScript()).toMatchObject(inputs);

  const audience = await api.post<Entity>(`${base}/custom_audiences`, { name: "Buyers" });
  const segments = [{ custom_audience_id: audience.id, lookback_window: 7 }];
  const [flexible] = await api.batch<Entity>(`/12/batch/accounts/${ACCOUNT}/custom_audiences`,
    [{ operation_type: "Create", params: { audience_type: "FLEXIBLE", name: "Recent buyers", boolean_operator: "AND", child_segments: segments } }], 10);
  const read = await call<provproto.ReadResponse>("read", new provproto.ReadRequest().setId(flexible!.id).setUrn(urn("FlexibleAudience", "f")));
  const tree = { booleanOperator: "AND", childSegments: [{ customAudienceId: audience.id, lookbackWindow: 7, frequency: 1, frequencyComparator: "NUM_GTE", negate: true }] };
  expect(read.getInputs()!.toJavaScript()).toEqual({ accountId: ACCOUNT, name: "Recent buyers", audienceType: "FLEXIBLE", deletionProtection: true, ...tree });
  expect(read.getProperties()!.toJavaScript()).toMatchObject(tree);

  const gone = await call<provproto.ReadResponse>("read", new provproto.ReadRequest().setId("nosuchtweet").setUrn(urn("PromotedTweet", "p")));
  expect(gone.getId()).toBe("");
});
