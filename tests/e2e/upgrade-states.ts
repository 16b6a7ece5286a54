/**
 * The recorded stacks of the upgrade test (tests/e2e/upgrade.test.ts,
 * docs/upgrades.md): for each release, a stack of each path (the dynamic
 * provider of a TypeScript program, the provider plugin of a YAML program)
 * as that release made it, in tests/e2e/upgrade/<version>/<path>/:
 *
 * - the program (copied from tests/e2e/upgrade/programs/<path>/ when recorded);
 * - Pulumi.dev.yaml, the stack's config: its secrets encrypted with the
 *   harness's fixed passphrase, the credentials RECORDED_CREDENTIALS;
 * - state.json, `pulumi stack export`;
 * - store.json, what the up made in the emulator's demo account (the
 *   control API's dump, less what the seed holds), restored verbatim before
 *   the state is imported, so every id and value the state holds is live;
 * - recorded.json: the version, commit (`-dirty` when other files had
 *   changes) and Pulumi CLI that made it.
 *
 * The emulator's address, which changes with every run, stands in the
 * recorded files as EMULATOR_URL_PLACEHOLDER.
 *
 * `make record-upgrade-states` runs this file: it records the current
 * version's stacks (once a version is released its folder is never
 * rewritten: a new version gets a folder of its own). Refused under CI: a
 * run that wrote the states it then upgrades could not fail.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import type { AnyEntity, AccountDump } from "../../emulator";
import { underCi } from "../required-tools";
import { ACCOUNT_ID, Credentials, Emulator, pulumiDir, ROOT, Stack, startStackEmulator } from "./harness";

export const UPGRADE_DIR = join(__dirname, "upgrade");
const PROGRAMS = join(UPGRADE_DIR, "programs");

/** The two ways a program reaches the provider: each has a recorded stack per release. */
export const UPGRADE_PATHS = ["dynamic", "plugin"] as const;
export type UpgradePath = (typeof UPGRADE_PATHS)[number];

/**
 * The credentials of the recorded stacks' config: the emulator's own, made
 * up for these tests and fixed, so the recorded secrets decrypt to what the
 * emulator started by the test accepts. Never real ones.
 */
export const RECORDED_CREDENTIALS: Credentials = {
  consumerKey: "upgrade-test-consumer-key",
  consumerSecret: "upgrade-test-consumer-secret",
  accessToken: "upgrade-test-access-token",
  accessTokenSecret: "upgrade-test-access-token-secret",
};

/** Where the emulator's address stood when the stack was recorded (a host that never resolves: RFC 6761 `.invalid`). */
export const EMULATOR_URL_PLACEHOLDER = "http://xads-emulator.invalid";

/**
 * Paths states require that no recorded state of tests/e2e/upgrade shows,
 * written by builds before the first recording: they must resolve as well.
 */
export const EARLIER_STATE_ENTRY_POINTS = ["pulumi-xads/dist/provider/shim-methods.js"];

/** The files a recording adds to its program. */
const RECORDED_FILES = ["Pulumi.dev.yaml", "state.json", "store.json", "recorded.json"];

export interface Recording {
  version: string;
  path: UpgradePath;
  dir: string;
}

/** Every recorded stack, oldest version first. */
export function recordings(): Recording[] {
  const versions = readdirSync(UPGRADE_DIR).filter((v) => v !== "programs" && /^\d+\.\d+\.\d+/.test(v));
  versions.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  return versions.flatMap((version) =>
    UPGRADE_PATHS.filter((path) => existsSync(join(UPGRADE_DIR, version, path, "state.json"))).map((path) => ({ version, path, dir: join(UPGRADE_DIR, version, path) })),
  );
}

/** The deployment of a recording, the emulator's address put back. */
export function recordedState(rec: Recording, emu: Emulator): string {
  return readFileSync(join(rec.dir, "state.json"), "utf8").split(EMULATOR_URL_PLACEHOLDER).join(emu.url);
}

/**
 * A recording imported as a user's stack: its program and config in the
 * stack's folder, its entities restored in the emulator (which must have
 * been started with RECORDED_CREDENTIALS), and its state imported into the
 * stack's fresh backend (`pulumi stack import`).
 */
export async function importRecording(stack: Stack, rec: Recording): Promise<void> {
  stack.copyProgram(rec.dir);
  for (const f of RECORDED_FILES) rmSync(join(stack.dir, f), { force: true });
  const config = readFileSync(join(rec.dir, "Pulumi.dev.yaml"), "utf8");
  writeFileSync(join(stack.dir, "Pulumi.dev.yaml"), config.split(EMULATOR_URL_PLACEHOLDER).join(stack.emu.url));
  stack.emu.control.restore("sandbox", ACCOUNT_ID, JSON.parse(readFileSync(join(rec.dir, "store.json"), "utf8")) as AccountDump);
  await stack.must(["stack", "init", "dev"]);
  const state = join(stack.dir, ".recorded-state.json");
  writeFileSync(state, recordedState(rec, stack.emu));
  await stack.must(["stack", "import", "--file", state]);
  rmSync(state);
}

/** The records of `after` that `before` did not hold (by collection and id). */
function madeSince(before: AccountDump, after: AccountDump): AccountDump {
  const held = new Set(Object.entries(before.collections).flatMap(([c, records]) => records.map((r) => `${c}/${r.id}`)));
  const collections: Record<string, AnyEntity[]> = {};
  for (const [c, records] of Object.entries(after.collections)) {
    const made = records.filter((r) => !held.has(`${c}/${r.id}`));
    if (made.length > 0) collections[c] = made;
  }
  return { features: after.features.filter((f) => !before.features.includes(f)), collections };
}

/** The commit the package was built from, `-dirty` when files outside the recordings differ from it. */
function sourceCommit(): string {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const changed = git("status", "--porcelain", "--", ".", ":(exclude)tests/e2e/upgrade");
  return git("rev-parse", "--short", "HEAD") + (changed ? "-dirty" : "");
}

/** Records this version's stack of `path` into tests/e2e/upgrade/<version>/<path>/ (its folder replaced). */
export async function record(path: UpgradePath): Promise<string> {
  if (underCi()) throw new Error(`make record-upgrade-states writes the states the upgrade test then imports: refused under CI (CI=${process.env.CI}); record them locally and commit them`);
  const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
  const dir = join(UPGRADE_DIR, version, path);
  const commit = sourceCommit();
  const { emu, creds } = await startStackEmulator(RECORDED_CREDENTIALS);
  try {
    const stack = new Stack(`upgrade-record-${path}`, emu, creds);
    stack.copyProgram(join(PROGRAMS, path));
    await stack.init();
    const seeded = emu.control.dump("sandbox", ACCOUNT_ID);
    await stack.must(["up", "--yes", "--skip-preview"]);
    const state = (await stack.must(["stack", "export"])).stdout;
    const config = readFileSync(join(stack.dir, "Pulumi.dev.yaml"), "utf8");
    const store = madeSince(seeded, emu.control.dump("sandbox", ACCOUNT_ID));
    const placeheld = (text: string) => text.split(emu.url).join(EMULATOR_URL_PLACEHOLDER);

    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    cpSync(join(PROGRAMS, path), dir, { recursive: true });
    writeFileSync(join(dir, "Pulumi.dev.yaml"), placeheld(config));
    writeFileSync(join(dir, "state.json"), placeheld(JSON.stringify(JSON.parse(state), null, 2)) + "\n");
    writeFileSync(join(dir, "store.json"), JSON.stringify(store, null, 2) + "\n");
    const pulumi = execFileSync(join(pulumiDir(), "pulumi"), ["version"], { encoding: "utf8" }).trim();
    writeFileSync(join(dir, "recorded.json"), JSON.stringify({ version, path, commit, pulumi }, null, 2) + "\n");
    rmSync(stack.dir, { recursive: true, force: true });
    return dir;
  } finally {
    await emu.close();
  }
}

if (require.main === module) {
  (async () => {
    for (const path of UPGRADE_PATHS) process.stdout.write(`recorded ${await record(path)}\n`);
  })().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
