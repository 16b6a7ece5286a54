/**
 * What the provider says (process.stderr: a funding instrument left in
 * place, an edit found outside the program, a pending create...) reaches
 * the user through the engine's Log service at the address the plugin is
 * started with. The engine shows the stderr of the dynamic provider, but
 * only logs a provider plugin's at debug level (pulumi/pulumi
 * sdk/go/common/resource/plugin/plugin.go, "Hiding logs"): without this,
 * those messages of the TypeScript path would be lost in YAML programs.
 */
import * as grpc from "@grpc/grpc-js";
import * as enginerpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineproto from "@pulumi/pulumi/proto/engine_pb";

/** Lines of a stream's writes: each complete line once, the rest kept for the next write. */
export function lineSplitter(onLine: (line: string) => void): (chunk: string) => void {
  let rest = "";
  return (chunk) => {
    const parts = (rest + chunk).split("\n");
    rest = parts.pop()!;
    for (const line of parts) if (line.trim() !== "") onLine(line);
  };
}

const sending = new Set<Promise<void>>();
let engine: enginerpc.EngineClient | undefined;

/** Resolves once every line written so far has reached the engine (or failed to): a call's answer waits for it, so its messages show before the step ends. */
export async function logsSent(): Promise<void> {
  while (sending.size > 0) await Promise.all([...sending]);
}

/** Where a line the engine does not take goes (stderr as it was before stderrToEngine). */
let stderrWrite = (line: string): void => void process.stderr.write(`${line}\n`);

/** Sends one message to the engine; without an engine (or if it refuses it), the line goes to stderr. */
function tell(req: engineproto.LogRequest): void {
  const line = req.getMessage();
  if (!engine) return stderrWrite(line);
  const client = engine;
  const sent = new Promise<void>((resolve) => {
    client.log(req, (err) => {
      if (err) stderrWrite(line);
      resolve();
    });
  });
  sending.add(sent);
  void sent.then(() => sending.delete(sent));
}

/** An info message about one resource: the CLI shows it under that resource (its Diagnostics). */
export function sayAbout(urn: string, message: string): void {
  tell(new engineproto.LogRequest().setSeverity(engineproto.LogSeverity.INFO).setUrn(urn).setMessage(message));
}

/**
 * Sends each line the process writes to stderr to the engine as an info
 * message; a line the engine does not take is written to stderr as it was.
 */
export function stderrToEngine(address: string): void {
  engine = new enginerpc.EngineClient(address, grpc.credentials.createInsecure());
  const write = process.stderr.write.bind(process.stderr);
  stderrWrite = (line) => void write(`${line}\n`);
  const send = lineSplitter((line) => tell(new engineproto.LogRequest().setSeverity(engineproto.LogSeverity.INFO).setMessage(line)));
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    send(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const done = rest.find((r) => typeof r === "function") as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof process.stderr.write;
}
