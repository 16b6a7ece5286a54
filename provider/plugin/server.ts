/**
 * pulumi-resource-xads: the resource kinds of the registry served as a
 * Pulumi provider plugin (the engine's ResourceProvider gRPC service), for
 * programs in any language (a YAML program: examples/yaml/). Every method
 * is a translation onto provider/dispatch.ts, the lifecycle the dynamic
 * provider shim runs: one implementation of check, diff, create, read,
 * update and delete, with its create-once look-ups (docs/architecture.md
 * rule 7), pending creates, batches, coalesced reads and rate limits.
 *
 * @pulumi/pulumi's `provider.main` is not used: it drops the configuration
 * and cannot send a detailed diff. The protocol is the engine's
 * (pulumi/pulumi proto/pulumi/provider.proto, v3.259.0):
 * - Handshake is not implemented, on purpose: a provider that handshakes
 *   is taken to support previews, and the engine would then call Create and
 *   Update during `pulumi preview`. Without it, Configure's answer
 *   (supportsPreview false) keeps previews to Check and Diff.
 * - acceptSecrets false: the engine sends plain values and marks secret each
 *   output whose input was; fields declared secret are marked here too, in
 *   Check's inputs (what the state keeps as inputs) and in the outputs.
 * - Diff receives the state's outputs as `olds` (the old inputs apart, in
 *   `old_inputs`), as the dynamic provider's diff does.
 */
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import * as pulumi from "@pulumi/pulumi";
import * as dispatch from "../dispatch";
import { isPendingId } from "../resources/pending";
import { definitionOf, kindOfResource, nameOfUrn, pluginFunctionToken, pluginTypeToken, typeOfUrn } from "../resources";
import { didYouMean } from "../resources/closest-kind";
import { pluginDownloadURL } from "../package-info";
import { renderSchema } from "../schema";
import { logsSent, sayAbout } from "./engine-log";
import { configDiff, configFailures, DetailedDiff, detailedDiff, fromStruct, functionOfToken, Props, replacementNotes, settingsOf, toStruct } from "./wire";

type Call<Req> = grpc.ServerUnaryCall<Req, unknown>;
type Callback<Res> = grpc.sendUnaryData<Res>;

const unimplemented = (what: string): grpc.ServiceError =>
  Object.assign(new Error(`${what} is not implemented by pulumi-resource-xads`), { code: grpc.status.UNIMPLEMENTED, details: `${what} is not implemented by pulumi-resource-xads`, metadata: new grpc.Metadata() });

/** The kind of a request's resource, from its type (or its URN, for an engine that sends no type). */
function kindOf(req: { getType(): string; getUrn(): string }): string {
  const type = req.getType() || typeOfUrn(req.getUrn());
  // The registry's one test of an xads resource; this plugin serves its own tokens, not the SDK's dynamic ones.
  const kind = kindOfResource(type);
  if (!kind || type !== pluginTypeToken(kind)) {
    // A misspelled token names the kind it likely meant (provider/resources/closest-kind.ts).
    const hint = didYouMean(type);
    throw new Error(`pulumi-resource-xads serves xads:index:<Kind> resources, not ${type}${hint ? `; ${hint}` : ""}`);
  }
  return kind;
}

/** An error as the engine takes it: a partial create's id and outputs ride along, as the dynamic provider sends them. */
function errorOf(err: unknown, kind?: string): grpc.ServiceError {
  const e = err as Error & { id?: string; properties?: Props; reasons?: string[] };
  const message = e instanceof Error ? e.message : String(err);
  const metadata = new grpc.Metadata();
  if (e.id) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(e.id);
    detail.setProperties(toStruct(e.properties ?? {}, kind ? dispatch.secretFields(kind) : []));
    detail.setReasonsList(e.reasons ?? [message]);
    // A pending create is looked up before the next up diffs it (provider/dynamic-host.ts says why).
    if (isPendingId(e.id)) detail.setRefreshBeforeUpdate(true);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata });
}

/** Answers a unary call with what `op` returns, or its error, once what it said has reached the engine (./engine-log.ts). */
function answer<Res>(callback: Callback<Res>, op: () => Promise<Res> | Res, kind?: () => string | undefined): void {
  Promise.resolve().then(op).then(
    async (res) => {
      await logsSent();
      callback(null, res);
    },
    async (err) => {
      let k: string | undefined;
      try { k = kind?.(); } catch { k = undefined; }
      await logsSent();
      callback(errorOf(err, k), null);
    },
  );
}

/**
 * Whether a Read is `pulumi import`'s: the engine's import step sends the id
 * (and the URN) with no inputs and no state (pulumi/pulumi
 * pkg/resource/deploy/step.go, ImportStep.Apply), where a refresh sends the
 * state's inputs and outputs, and a read of an existing resource (`get`) the
 * properties it was given as inputs.
 */
export function isImportRead(req: provproto.ReadRequest): boolean {
  return !req.hasInputs() && (req.getProperties()?.getFieldsMap().getLength() ?? 0) === 0;
}

const DIFF_KINDS: Record<string, provproto.PropertyDiff.Kind> = {
  ADD: provproto.PropertyDiff.Kind.ADD,
  ADD_REPLACE: provproto.PropertyDiff.Kind.ADD_REPLACE,
  DELETE: provproto.PropertyDiff.Kind.DELETE,
  DELETE_REPLACE: provproto.PropertyDiff.Kind.DELETE_REPLACE,
  UPDATE: provproto.PropertyDiff.Kind.UPDATE,
  UPDATE_REPLACE: provproto.PropertyDiff.Kind.UPDATE_REPLACE,
};

/** The engine's answer to a Diff or DiffConfig: the detailed diff, every key an input's. */
function diffResponse(d: DetailedDiff): provproto.DiffResponse {
  const res = new provproto.DiffResponse()
    .setChanges(d.changes ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE)
    .setReplacesList(d.replaces)
    .setStablesList(d.stables)
    .setDeletebeforereplace(d.deleteBeforeReplace)
    .setDiffsList(d.diffs)
    .setHasdetaileddiff(true);
  const map = res.getDetaileddiffMap();
  for (const [key, kindName] of Object.entries(d.detailed)) map.set(key, new provproto.PropertyDiff().setKind(DIFF_KINDS[kindName]!).setInputdiff(true));
  return res;
}

/** The engine's answer to a Check or CheckConfig: the inputs and a failure for each property refused. */
function checkResponse(inputs: Struct | undefined, failures: readonly { property: string; reason: string }[]): provproto.CheckResponse {
  return new provproto.CheckResponse()
    .setInputs(inputs)
    .setFailuresList(failures.map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason)));
}

/** The data sources Invoke serves, by name (getAccounts...): each takes its arguments and answers a list or an object. */
export type PluginFunctions = Record<string, (args: Props) => Promise<unknown>>;

/** The ResourceProvider service. One per process: its holder keeps the configuration (dispatch.ts Holder). */
export class XadsProvider {
  readonly holder: dispatch.Holder = {};

  constructor(readonly version: string, readonly functions: PluginFunctions = {}) {}

  getPluginInfo(_call: Call<Empty>, callback: Callback<plugproto.PluginInfo>): void {
    callback(null, new plugproto.PluginInfo().setVersion(this.version));
  }

  getSchema(_call: Call<provproto.GetSchemaRequest>, callback: Callback<provproto.GetSchemaResponse>): void {
    answer(callback, () => new provproto.GetSchemaResponse().setSchema(renderSchema(this.version, pluginDownloadURL())));
  }

  handshake(_call: Call<provproto.ProviderHandshakeRequest>, callback: Callback<provproto.ProviderHandshakeResponse>): void {
    callback(unimplemented("Handshake"), null);
  }

  /**
   * The provider's inputs as the engine sent them (its secrets kept secret,
   * so the state holds credentials as ciphertext), with a failure for each
   * setting Configure would refuse (wire.ts configFailures).
   */
  checkConfig(call: Call<provproto.CheckRequest>, callback: Callback<provproto.CheckResponse>): void {
    answer(callback, () => {
      const news = call.request.getNews();
      return checkResponse(news, configFailures(fromStruct(news)));
    });
  }

  /** A changed setting updates the provider and replaces nothing (wire.ts configDiff says why). */
  diffConfig(call: Call<provproto.DiffRequest>, callback: Callback<provproto.DiffResponse>): void {
    answer(callback, () => {
      return diffResponse(configDiff(fromStruct(call.request.getOlds()), fromStruct(call.request.getNews())));
    });
  }

  configure(call: Call<provproto.ConfigureRequest>, callback: Callback<provproto.ConfigureResponse>): void {
    answer(callback, () => {
      const settings = settingsOf(fromStruct(call.request.getArgs()));
      dispatch.configure(this.holder, { config: { get: (key) => settings[key] } });
      // The data sources Invoke runs read the program's config: in this process, the provider's.
      for (const [key, value] of Object.entries(settings)) if (value !== undefined) pulumi.runtime.setConfig(key, value);
      return new provproto.ConfigureResponse().setAcceptsecrets(false).setAcceptresources(false).setSupportspreview(false);
    });
  }

  check(call: Call<provproto.CheckRequest>, callback: Callback<provproto.CheckResponse>): void {
    const req = call.request;
    answer(callback, async () => {
      const kind = kindOf(req);
      const news = dispatch.withStackAccount(kind, fromStruct(req.getNews()), this.holder);
      const result = await dispatch.check(kind, fromStruct(req.getOlds()), news, this.holder, req.getUrn());
      // The checked inputs are what the state keeps: the kind's secret fields (a member list's users) are
      // secret there whether or not the program marked them (a YAML or Python program passing plain hashes).
      return checkResponse(toStruct((result.inputs as Props | undefined) ?? news, dispatch.secretFields(kind)), result.failures ?? []);
    });
  }

  diff(call: Call<provproto.DiffRequest>, callback: Callback<provproto.DiffResponse>): void {
    const req = call.request;
    answer(callback, () => {
      const kind = kindOf(req);
      const olds = fromStruct(req.getOlds());
      const news = fromStruct(req.getNews());
      const d = detailedDiff(dispatch.diff(kind, req.getId(), olds, news), dispatch.differing(kind, olds, news), olds, news, Object.keys(definitionOf(kind).outputs));
      for (const note of replacementNotes(nameOfUrn(req.getUrn()), kind, d)) sayAbout(req.getUrn(), note);
      return diffResponse(d);
    });
  }

  create(call: Call<provproto.CreateRequest>, callback: Callback<provproto.CreateResponse>): void {
    const req = call.request;
    answer(callback, async () => {
      const kind = kindOf(req);
      const result = await dispatch.create(this.holder, kind, fromStruct(req.getProperties()), req.getUrn());
      return new provproto.CreateResponse().setId(result.id).setProperties(toStruct(result.outs as Props, dispatch.secretFields(kind)));
    }, () => kindOf(req));
  }

  read(call: Call<provproto.ReadRequest>, callback: Callback<provproto.ReadResponse>): void {
    const req = call.request;
    answer(callback, async () => {
      const kind = kindOf(req);
      const importing = isImportRead(req);
      // An import names no account (the engine sends only the id): the stack's, as a program's resource takes it.
      const props = dispatch.withStackAccount(kind, fromStruct(req.getProperties()), this.holder);
      const result = importing ? await dispatch.importRead(this.holder, kind, req.getId(), props) : await dispatch.read(this.holder, kind, req.getId(), props);
      const res = new provproto.ReadResponse().setId(result.id);
      // An empty id: the entity is gone, and the engine drops the resource (an import fails: "does not exist").
      if (!result.id) return res;
      // The inputs a refresh writes (lifecycle.ts refreshedInputs), or an import's (dispatch.importRead); a read that says none keeps the state's.
      const inputs = (result as { inputs?: Props }).inputs ?? fromStruct(req.getInputs());
      const secrets = dispatch.secretFields(kind);
      return res.setProperties(toStruct(result.props as Props, secrets)).setInputs(toStruct(inputs, secrets));
    });
  }

  update(call: Call<provproto.UpdateRequest>, callback: Callback<provproto.UpdateResponse>): void {
    const req = call.request;
    answer(callback, async () => {
      const kind = kindOf(req);
      const result = await dispatch.update(this.holder, kind, req.getId(), fromStruct(req.getOlds()), fromStruct(req.getNews()));
      return new provproto.UpdateResponse().setProperties(toStruct(result.outs as Props, dispatch.secretFields(kind)));
    }, () => kindOf(req));
  }

  delete(call: Call<provproto.DeleteRequest>, callback: Callback<Empty>): void {
    const req = call.request;
    answer(callback, async () => {
      await dispatch.remove(this.holder, kindOf(req), req.getId(), fromStruct(req.getProperties()));
      return new Empty();
    });
  }

  /**
   * A data source as a function `xads:index:<name>`: the SDK's own function
   * (given by the plugin's entry, sdk/plugin.ts: this layer imports no SDK),
   * reading this provider's configuration (Configure gives it to the
   * process's runtime config), its answer as `result` (provider/schema.ts
   * functionSchemas).
   */
  invoke(call: Call<provproto.InvokeRequest>, callback: Callback<provproto.InvokeResponse>): void {
    const tok = call.request.getTok();
    answer(callback, async () => {
      const name = functionOfToken(tok);
      const fn = name && Object.hasOwn(this.functions, name) ? this.functions[name] : undefined;
      if (!fn) throw new Error(`unknown function ${tok}: pulumi-resource-xads serves ${Object.keys(this.functions).map(pluginFunctionToken).join(", ") || "none"}`);
      const result = await fn(fromStruct(call.request.getArgs()));
      return new provproto.InvokeResponse().setReturn(toStruct({ result }));
    });
  }

  cancel(_call: Call<Empty>, callback: Callback<Empty>): void {
    callback(null, new Empty());
  }
}

/**
 * Serves the provider on a free port of 127.0.0.1 and resolves with the
 * port, which the plugin prints (the engine reads it from stdout).
 */
export async function serve(version: string, functions: PluginFunctions = {}): Promise<{ port: number; server: grpc.Server; provider: XadsProvider }> {
  const provider = new XadsProvider(version, functions);
  const implementation: Record<string, unknown> = {};
  // The methods not served (construct, call, attach, mappings...) answer UNIMPLEMENTED, which the engine takes as absent.
  for (const name of Object.keys(provrpc.ResourceProviderService)) {
    const own = (provider as unknown as Record<string, unknown>)[name];
    implementation[name] = typeof own === "function" ? own.bind(provider)
      : (_call: unknown, callback: Callback<unknown>) => callback(unimplemented(name), null);
  }
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(provrpc.ResourceProviderService, implementation as grpc.UntypedServiceImplementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  return { port, server, provider };
}
