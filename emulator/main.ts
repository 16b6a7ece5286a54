/**
 * `node dist/emulator/main.js --port 8787 [--host 127.0.0.1] [--latency-ms 150]`: the emulator
 * as a process. Prints the two bases, then "emulator listening on <url>"
 * once ready (tools/demo.sh and the Makefile wait for that line).
 */
import { parseArgs } from "node:util";
import { credentialsFromEnv, exportLines, randomCredentials, startEmulator } from "./index";

const USAGE = `usage: node dist/emulator/main.js [--port 8787] [--host 127.0.0.1] [--latency-ms 0] [--latency-jitter-ms N]

Runs the Ads API emulator (see emulator/README.md), with the platform's
published rate limits.
  --port               port to listen on; 0 picks a free one (default 8787)
  --host               address to listen on (default 127.0.0.1)
  --latency-ms         wait this long before handling each API request, as a
                       real round trip would (default 0: none)
  --latency-jitter-ms  how far either side of --latency-ms one wait may fall
                       (default: a tenth of it)
  --help               this text

Requests must be signed with XADS_CONSUMER_KEY, XADS_CONSUMER_SECRET,
XADS_ACCESS_TOKEN and XADS_ACCESS_TOKEN_SECRET. Without them the emulator
makes up its own credentials and prints them as export lines.
`;

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "8787" },
      host: { type: "string", default: "127.0.0.1" },
      "latency-ms": { type: "string", default: "0" },
      "latency-jitter-ms": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number (0 to 65535), got ${values.port}`);
  const latencyMs = milliseconds("--latency-ms", values["latency-ms"]);
  const latencyJitterMs = values["latency-jitter-ms"] === undefined ? undefined : milliseconds("--latency-jitter-ms", values["latency-jitter-ms"]);

  let credentials = credentialsFromEnv();
  if (!credentials) {
    credentials = randomCredentials();
    process.stdout.write(`no XADS_* credentials in the environment; made up for this run (the emulator's own):\n${exportLines(credentials).join("\n")}\n`);
  }
  const emu = await startEmulator({ port, host: values.host, credentials, latencyMs, latencyJitterMs });
  // Before the ready line: whoever waits for it may signal at once.
  const stop = () => {
    emu.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.stdout.write(`production base: ${emu.url}\nsandbox base:    ${emu.sandboxUrl}\nemulator listening on ${emu.url}\n`);
}

class UsageError extends Error {}

function milliseconds(option: string, value: string | undefined): number {
  const ms = Number(value);
  if (value === undefined || value === "" || !Number.isFinite(ms) || ms < 0) throw new UsageError(`${option} must be a number of milliseconds of at least 0, got ${value}`);
  return ms;
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  const usage = err instanceof UsageError || (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
  process.stderr.write(`emulator: ${message}\n${usage ? `\n${USAGE}` : ""}`);
  process.exit(usage ? 2 : 1);
});
