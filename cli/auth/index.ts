/**
 * `xads auth`: sign in with the three-legged OAuth 1.0a flow in PIN mode and
 * keep the credentials as secrets in a stack's config (login, logout), and
 * the application's app-only bearer token (app-token). docs/installation-and-configuration.md "xads auth".
 */
import { createInterface } from "node:readline";
import { Command } from "commander";
import {
  bearerCachePath, bearerToken, invalidateBearerToken, PlatformAuthError, readCachedBearer, removeCachedBearer,
  requestBearerToken, writeCachedBearer,
} from "../../provider/platform-auth";
import { CliError } from "../errors";
import {
  authorizeUrl, clearPendingLogin, exchangePin, invalidateAccessToken, parsePin, pendingLoginPath, readPendingLogin, requestToken,
  savePendingLogin,
} from "./oauth1";
import { AppOptions, resolveApp } from "./settings";
import { openStackConfig } from "./stack-config";

const ACCESS_TOKEN = "xads:accessToken";
const ACCESS_TOKEN_SECRET = "xads:accessTokenSecret";

interface StackOptions {
  stack?: string;
  cwd?: string;
}

interface LoginOptions extends StackOptions, AppOptions {
  pin?: string;
  wait: boolean;
  forceLogin?: boolean;
  screenName?: string;
}

interface AppTokenOptions extends StackOptions, AppOptions {
  show?: boolean;
  renew?: boolean;
  revoke?: boolean;
}

const out = (line: string) => process.stdout.write(`${line}\n`);

export function registerAuth(program: Command): void {
  const auth = program.command("auth").description("sign in to the platform and manage the credentials the provider uses");
  const common = (cmd: Command, stackHelp: string) => cmd
    .option("-s, --stack <name>", stackHelp)
    .option("-C, --cwd <dir>", "the Pulumi program's folder (default: the current folder)")
    .option("--base-url <url>", "the platform API base (default: xads:platformBaseUrl, XADS_PLATFORM_BASE_URL, else https://api.x.com)")
    .option("--consumer-key <key>", "the application's consumer key (default: xads:consumerKey, else XADS_CONSUMER_KEY; prefer those: options show in the process list)")
    .option("--consumer-secret <secret>", "the application's consumer secret (default: xads:consumerSecret, else XADS_CONSUMER_SECRET)");

  common(auth.command("login"), "the stack whose config receives the credentials (default: the selected stack)")
    .description("three-legged OAuth 1.0a sign-in in PIN mode: prints the authorize URL, reads the PIN, stores xads:accessToken and xads:accessTokenSecret as secrets in the stack's config")
    .option("--pin <pin>", "finish a login started earlier (with --no-wait) with the PIN the authorize page showed")
    .option("--no-wait", "print the authorize URL and exit; finish later with --pin")
    .option("--force-login", "make the authorize page ask for the account's credentials again (to authorize the right account)")
    .option("--screen-name <name>", "prefill the username on the authorize page's sign-in form")
    .action((opts: LoginOptions) => guard(() => login(opts)));

  common(auth.command("logout"), "the stack whose credentials are revoked (default: the selected stack)")
    .description("revokes the stack's access token (1.1/oauth/invalidate_token) and removes xads:accessToken and xads:accessTokenSecret from its config")
    .action((opts: StackOptions & AppOptions) => guard(() => logout(opts)));

  common(auth.command("app-token"), "read the consumer key and secret from this stack's config (default: options and environment only)")
    .description("the application's app-only bearer token (oauth2/token): obtains it or reuses the cached one (a 0600 file under ~/.cache/pulumi-xads/tokens); prints it only with --show")
    .option("--show", "print the bearer token itself (on stdout, alone) instead of where it is cached")
    .option("--renew", "ask the platform again even if a token is cached (the platform answers the same token until it is invalidated)")
    .option("--revoke", "invalidate the bearer token (oauth2/invalidate_token) and remove it from the cache")
    .action((opts: AppTokenOptions) => guard(() => appToken(opts)));
}

/** A platform failure is one line the user can act on. */
async function guard(fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof PlatformAuthError) throw new CliError(err.message);
    throw err;
  }
}

async function login(opts: LoginOptions): Promise<void> {
  const stack = await openStackConfig(opts.cwd ?? process.cwd(), opts.stack);
  const app = resolveApp(opts, stack.values);
  const pending = pendingLoginPath(stack.workDir, stack.stackName, app);
  let rt;
  let pinText = opts.pin;
  if (pinText !== undefined) {
    rt = readPendingLogin(pending);
    if (!rt) throw new CliError(`no login in progress for stack ${stack.stackName}: run xads auth login (it prints the authorize URL) first`);
  } else {
    rt = await requestToken(app);
    savePendingLogin(pending, rt);
    out("Open this address in a browser, sign in and authorize the application:");
    out(`  ${authorizeUrl(app.baseUrl, rt.key, { forceLogin: opts.forceLogin, screenName: opts.screenName })}`);
    if (!opts.wait) {
      out(`Then run: xads auth login --stack ${stack.stackName} --pin <PIN>`);
      return;
    }
    pinText = await readLine("PIN: ");
    if (pinText === undefined) throw new CliError(`no PIN was entered: finish with xads auth login --stack ${stack.stackName} --pin <PIN>`);
  }
  const at = await exchangePin(app, rt, parsePin(pinText));
  clearPendingLogin(pending);
  const values = { ...app.notInStack, [ACCESS_TOKEN]: at.key, [ACCESS_TOKEN_SECRET]: at.secret };
  await stack.setSecrets(values);
  out(`Logged in as ${at.screenName ? `@${at.screenName} ` : ""}(user id ${at.userId}).`);
  out(`Stored as secrets in stack ${stack.stackName}: ${Object.keys(values).join(", ")}.`);
}

async function logout(opts: StackOptions & AppOptions): Promise<void> {
  const stack = await openStackConfig(opts.cwd ?? process.cwd(), opts.stack);
  const token = stack.values[ACCESS_TOKEN];
  const secret = stack.values[ACCESS_TOKEN_SECRET];
  if (!token || !secret) throw new CliError(`stack ${stack.stackName} has no ${ACCESS_TOKEN} and ${ACCESS_TOKEN_SECRET}: nothing to log out of`);
  const app = resolveApp(opts, stack.values);
  let already = false;
  try {
    await invalidateAccessToken(app, { key: token, secret });
  } catch (err) {
    // Already revoked: the platform has nothing left to do; the config still goes.
    if (!(err instanceof PlatformAuthError && err.code === 89)) throw err;
    already = true;
  }
  await stack.remove([ACCESS_TOKEN, ACCESS_TOKEN_SECRET]);
  out(already ? "The access token was already invalid." : "Revoked the access token.");
  out(`Removed ${ACCESS_TOKEN} and ${ACCESS_TOKEN_SECRET} from stack ${stack.stackName} (the consumer key and secret stay).`);
}

async function appToken(opts: AppTokenOptions): Promise<void> {
  if (opts.revoke && (opts.renew || opts.show)) throw new CliError("--revoke cannot be combined with --renew or --show");
  const config = opts.stack || opts.cwd ? (await openStackConfig(opts.cwd ?? process.cwd(), opts.stack)).values : {};
  const app = resolveApp(opts, config);
  const path = bearerCachePath(app);
  if (opts.revoke) {
    // The platform answers the outstanding token again, so one not cached here can still be revoked.
    const token = readCachedBearer(app) ?? await requestBearerToken(app);
    await invalidateBearerToken(app, token);
    removeCachedBearer(app);
    out("Revoked the application's bearer token and removed it from the cache.");
    return;
  }
  let token: string;
  let cached = false;
  if (opts.renew) {
    token = await requestBearerToken(app);
    writeCachedBearer(app, token);
  } else {
    ({ token, cached } = await bearerToken(app));
  }
  if (opts.show) {
    out(token);
    return;
  }
  out(`${cached ? "Reusing the cached" : "Obtained the application's"} bearer token; cached in ${path} (mode 0600). Print it with --show.`);
}

/** One line from the terminal or a pipe; undefined when input ends first. */
function readLine(prompt: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY === true });
    let answered = false;
    rl.question(prompt, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
    rl.on("close", () => {
      if (!answered) resolve(undefined);
    });
  });
}
