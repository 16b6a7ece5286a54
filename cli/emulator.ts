/**
 * `xads emulator`: the bundled Ads API emulator (emulator/) for a user's own
 * program, outside this repository, where `npm run emulator` does not
 * exist. Prints the `pulumi config` lines that point a stack at it and the
 * control API's main routes (docs/emulator.md lists them all).
 */
import { randomBytes } from "node:crypto";
import { Command } from "commander";
import { DEMO_ACCOUNT_ID, ENV_NAMES, credentialsFromEnv, startEmulator } from "../emulator";
import type { Credentials } from "../emulator";
import { CliError } from "./errors";

interface EmulatorOptions {
  port: string;
  host: string;
  latencyMs: string;
}

/** The stack config keys of the credentials (docs/installation-and-configuration.md "Configuration"), by credential. */
const CONFIG_KEYS: Readonly<Record<keyof Credentials, string>> = {
  consumerKey: "xads:consumerKey",
  consumerSecret: "xads:consumerSecret",
  accessToken: "xads:accessToken",
  accessTokenSecret: "xads:accessTokenSecret",
};

/**
 * The control API routes printed at start (method, path below the base,
 * what it does as the ads UI or a test would). docs/emulator.md has every
 * route; tests/unit/emulator-command.test.ts holds both to routes/control.ts.
 */
export const PRINTED_ROUTES: readonly (readonly [string, string, string])[] = [
  ["GET", `/_emulator/sandbox/accounts/${DEMO_ACCOUNT_ID}/campaigns`, "the account's campaigns as stored (any collection: line_items, cards...)"],
  ["PATCH", `/_emulator/sandbox/accounts/${DEMO_ACCOUNT_ID}/campaigns/<id>`, `an edit in the ads UI, e.g. {"entity_status":"ACTIVE"} (?user_id=<digits>: who made it, in the account history)`],
  ["DELETE", `/_emulator/sandbox/accounts/${DEMO_ACCOUNT_ID}/campaigns/<id>`, "a delete in the ads UI"],
  ["POST", `/_emulator/sandbox/accounts/${DEMO_ACCOUNT_ID}/<collection>`, "an entity made in the ads UI (wire names)"],
  ["GET", "/_emulator/requests", "the request log (DELETE clears it)"],
  ["POST", "/_emulator/faults", `arm a fault, e.g. {"kind":"status","status":503,"times":1}`],
  ["POST", "/_emulator/reset", "back to the seeded state"],
];

/**
 * What `xads emulator` prints once listening. Credentials from the
 * environment are referred to by variable, never printed; made-up ones are
 * the emulator's own for this run and are printed so they can be pasted.
 */
export function emulatorInstructions(emu: { url: string; sandboxUrl: string; credentials: Credentials }, fromEnv: boolean): string {
  const secret = (key: keyof Credentials) => (fromEnv ? `"$${ENV_NAMES[key]}"` : emu.credentials[key]);
  const configLines = [
    "pulumi config set xads:sandbox true",
    `pulumi config set xads:sandboxBaseUrl ${emu.sandboxUrl}`,
    // The platform API (OAuth, webhooks, the users lookup xads drift names editors with) is served beside it.
    `pulumi config set xads:platformBaseUrl ${emu.url}`,
    `pulumi config set xads:accountId ${DEMO_ACCOUNT_ID}`,
    ...(Object.keys(CONFIG_KEYS) as (keyof Credentials)[]).map((k) => `pulumi config set --secret ${CONFIG_KEYS[k]} ${secret(k)}`),
  ];
  const routes = PRINTED_ROUTES.map(([m, p, what]) => [`${m.padEnd(6)} ${emu.url}${p}`, what] as const);
  const width = Math.max(...routes.map(([route]) => route.length));
  return [
    `Ads API emulator listening on ${emu.url} (sandbox base ${emu.sandboxUrl})`,
    fromEnv
      ? "Requests must be signed with the XADS_* credentials of the environment."
      : "No XADS_* credentials in the environment: these are made up for this run (the emulator's own).",
    "",
    "Point a stack at it (in the folder of your Pulumi program):",
    ...configLines.map((l) => `  ${l}`),
    "",
    "Control API (no credentials; every route in docs/emulator.md of the package):",
    ...routes.map(([route, what]) => `  ${route.padEnd(width)}  ${what}`),
    "",
    "Its state lives in memory: stopping it (Ctrl-C) forgets every entity.",
    "",
  ].join("\n");
}

/** Made-up credentials in hex: a value that starts with "-" would be read as a flag by `pulumi config set`. */
function madeUpCredentials(): Credentials {
  const r = () => randomBytes(16).toString("hex");
  return { consumerKey: r(), consumerSecret: r(), accessToken: r(), accessTokenSecret: r() };
}

function number(option: string, value: string, max: number): number {
  const n = Number(value);
  if (value === "" || !Number.isInteger(n) || n < 0 || n > max) throw new CliError(`${option} must be a whole number from 0 to ${max}, got "${value}"`);
  return n;
}

async function runEmulator(opts: EmulatorOptions): Promise<void> {
  const port = number("--port", opts.port, 65535);
  const latencyMs = number("--latency-ms", opts.latencyMs, 600_000);
  let fromEnv: Credentials | undefined;
  try {
    fromEnv = credentialsFromEnv();
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  const emu = await startEmulator({ port, host: opts.host, credentials: fromEnv ?? madeUpCredentials(), latencyMs }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "EADDRINUSE") throw new CliError(`--port ${port} is in use (another emulator?): choose another port, or --port 0 for a free one`);
    throw err;
  });
  const stop = () => {
    emu.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  process.stdout.write(emulatorInstructions(emu, fromEnv !== undefined));
  // Listening keeps the process alive until a signal.
  await new Promise<never>(() => {});
}

export function registerEmulator(program: Command): void {
  program
    .command("emulator")
    .summary("run the bundled Ads API emulator for your own program, and print the config lines that point a stack at it")
    .description(
      "Starts the Ads API emulator that comes with pulumi-xads (an in-memory Ads API v12 with the sandbox and production " +
        `bases, seeded with the account ${DEMO_ACCOUNT_ID}) and prints the pulumi config lines that point a stack at it ` +
        "(xads:sandbox, xads:sandboxBaseUrl, xads:accountId, the four credentials as secrets) and the routes of its control " +
        "API, with which a test or a demo edits, deletes or inserts an entity as the ads UI would, reads the request log and " +
        "injects faults (docs/emulator.md lists every route).\n\n" +
        "Requests must be signed with XADS_CONSUMER_KEY, XADS_CONSUMER_SECRET, XADS_ACCESS_TOKEN and XADS_ACCESS_TOKEN_SECRET " +
        "when they are set; otherwise the emulator makes up its own for the run and prints them in the config lines. " +
        "It runs until stopped (Ctrl-C); its state is not kept.",
    )
    .option("-p, --port <port>", "the port to listen on; 0 picks a free one", "8787")
    .option("--host <address>", "the address to listen on", "127.0.0.1")
    .option("--latency-ms <ms>", "wait this long before handling each API request, as a real round trip would", "0")
    .action(async (opts: EmulatorOptions) => {
      await runEmulator(opts);
    });
}
