/** `xads up --wait-lock`: the bound, the lock failure it waits on, its waits, and what it passes through. */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FAST_PARALLEL, fastUpArgs, runUp } from "../../cli/up";
import { flagValue } from "../../provider/engine";
import { describeHolders, formatDuration, lockedBy, MAX_WAIT_MS, parseWaitLock, retryDelayMs } from "../../cli/up-lock";

// What pulumi v3.259.0 prints on stderr when another update holds the lock (postgres backend).
const LOCKED = "error: the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end or delete the lock file with `pulumi cancel`.\n" +
  "  postgres://****:****@127.0.0.1:38447/exp1/.pulumi/locks/organization/shop/prod/5923c786-5252-48eb-8086-801c88a36ff3.json?sslmode=disable: created by runner@ci-7 (pid 24295) at 2026-11-26T00:21:14Z\n";

describe("--wait-lock's bound", () => {
  test.each([["90s", 90_000], ["10m", 600_000], ["1h30m", 5_400_000], ["500ms", 500], ["0", 0], ["6h", MAX_WAIT_MS], ["1.5m", 90_000]])("%s is %d ms", (text, ms) => {
    expect(parseWaitLock(text)).toBe(ms);
  });

  test.each(["", "10", "ten minutes", "10x", "-5m", "10m junk"])("%j is refused, naming the flag and the units", (text) => {
    expect(() => parseWaitLock(text)).toThrow(`--wait-lock must be a duration such as 90s, 10m or 1h30m (units ms, s, m, h; 0 tries once), got "${text}"`);
  });

  test("more than 6 hours is refused, naming the limit", () => {
    expect(() => parseWaitLock("7h")).toThrow('--wait-lock is at most 6h (a GitHub Actions job\'s limit), got "7h"');
  });

  test("durations read as people write them", () => {
    expect([formatDuration(4_400), formatDuration(185_000), formatDuration(3_720_000)]).toEqual(["4s", "3m05s", "1h02m"]);
  });
});

describe("the lock failure", () => {
  test("names the stack, who holds the lock and since when", () => {
    const holders = lockedBy(`Updating (prod):\n${LOCKED}`);
    expect(holders).toEqual([{ stack: "shop/prod", user: "runner", host: "ci-7", pid: 24295, since: new Date("2026-11-26T00:21:14Z") }]);
    expect(describeHolders(holders!, new Date("2026-11-26T00:25:24Z"))).toBe("runner@ci-7 (pid 24295) since 2026-11-26T00:21:14Z (4m10s ago)");
  });

  test("a file backend's lock path names the stack too; two holders are both named", () => {
    const two = "error: the stack is currently locked by 2 lock(s). Either wait ...\n" +
      "  file:///srv/state/.pulumi/locks/organization/shop/dev/a.json: created by ann@laptop (pid 1) at 2026-11-26T00:00:00Z\n" +
      "  file:///srv/state/.pulumi/locks/organization/shop/dev/b.json: created by bob@desk (pid 2) at 2026-11-26T00:00:30Z\n";
    expect(lockedBy(two)!.map((h) => `${h.stack} ${h.user}@${h.host}`)).toEqual(["shop/dev ann@laptop", "shop/dev bob@desk"]);
  });

  test("other failures are not a lock: a missing stack, a lock that could not be deleted, a resource's error", () => {
    expect(lockedBy("error: no stack named 'nope' found\n")).toBeUndefined();
    expect(lockedBy("error: there was a problem deleting the lock at postgres://****:****@h/db/.pulumi/locks/x.json, manual clean up may be required\n")).toBeUndefined();
    expect(lockedBy("error: update failed\n  xads:index:Campaign (spring): the stack is currently locked\n")).toBeUndefined();
  });
});

describe("the waits between tries", () => {
  test("grow from 1-2 s to at most 15 s, drawn at random so two runs that failed together part", () => {
    expect([1, 2, 3, 4, 5, 9].map((a) => retryDelayMs(a, MAX_WAIT_MS, () => 1))).toEqual([2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
    expect(retryDelayMs(1, MAX_WAIT_MS, () => 0)).toBe(1_000);
    expect(retryDelayMs(1, MAX_WAIT_MS, () => 0.3)).not.toBe(retryDelayMs(1, MAX_WAIT_MS, () => 0.8));
  });

  test("never past the bound", () => {
    expect(retryDelayMs(4, 3_000, () => 1)).toBe(3_000);
  });
});

describe("xads up against a pulumi that is locked a few times", () => {
  let dir: string;
  let path: string | undefined;
  const said: string[] = [];
  let clock = 0;
  const io = {
    out: () => {},
    err: () => {},
    say: (line: string) => said.push(line),
    sleep: async (ms: number) => { clock += ms; },
    now: () => clock,
  };

  /** A `pulumi` on PATH that prints the lock failure (exit 1) `locked` times, then exits `code`; it records its arguments. */
  function fakePulumi(locked: number, code: number, last = "done\n"): void {
    writeFileSync(join(dir, "count"), "0");
    writeFileSync(join(dir, "pulumi"), `#!/bin/sh
echo "$@" >> "${dir}/args"
n=$(cat "${dir}/count"); echo $((n + 1)) > "${dir}/count"
if [ "$n" -lt ${locked} ]; then printf '%s' '${LOCKED.replace(/'/g, "'\\''")}' >&2; exit 1; fi
printf '%s' '${last}' >&2; exit ${code}
`);
    chmodSync(join(dir, "pulumi"), 0o755);
  }
  const tries = () => Number(readFileSync(join(dir, "count"), "utf8"));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "xads-up-"));
    path = process.env.PATH;
    process.env.PATH = `${dir}:${path}`;
    said.length = 0;
    clock = 0;
  });
  afterEach(() => {
    process.env.PATH = path;
    rmSync(dir, { recursive: true, force: true });
  });

  test("tries again while locked, saying who holds it, then passes on pulumi up's success and its arguments", async () => {
    fakePulumi(2, 0);
    expect(await runUp(["--yes", "--stack", "prod"], "10m", io)).toBe(0);
    expect(tries()).toBe(3);
    expect(readFileSync(join(dir, "args"), "utf8")).toBe("up --yes --stack prod\n".repeat(3));
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/^xads up: stack shop\/prod is locked by runner@ci-7 \(pid 24295\) since 2026-11-26T00:21:14Z \(.+ ago\); trying again in [12]s \(--wait-lock 10m: 10m00s left\)$/);
  });

  test("any other failure is passed through at once with its exit code", async () => {
    fakePulumi(1, 255, "error: update failed\n");
    expect(await runUp([], "10m", io)).toBe(255);
    expect(tries()).toBe(2);
  });

  test("at the bound it stops with the lock's exit code and says what to do, never removing the lock", async () => {
    fakePulumi(1_000, 0);
    expect(await runUp(["--yes"], "1m", io)).toBe(1);
    expect(clock).toBe(60_000);
    expect(readFileSync(join(dir, "args"), "utf8")).not.toMatch(/cancel/);
    expect(said.at(-1)).toMatch(/^xads: stack shop\/prod is still locked after --wait-lock 1m, by runner@ci-7 \(pid 24295\) since .*: this update changed nothing\. If that update is gone .*, run xads recover --cancel, then xads up again/);
  });

  test("xads refresh runs pulumi refresh the same way: tries again while locked, says so as refresh", async () => {
    fakePulumi(1, 0);
    expect(await runUp(["--yes", "--skip-preview"], "10m", io, () => {}, "refresh")).toBe(0);
    expect(readFileSync(join(dir, "args"), "utf8")).toBe("refresh --yes --skip-preview\n".repeat(2));
    expect(said[0]).toMatch(/^xads refresh: stack shop\/prod is locked by runner@ci-7/);
  });

  test("without --wait-lock it tries once", async () => {
    fakePulumi(1, 0);
    expect(await runUp([], "0", io)).toBe(1);
    expect(tries()).toBe(1);
  });

  test("a bad bound is refused before pulumi runs", async () => {
    fakePulumi(0, 0);
    await expect(runUp([], "soon", io)).rejects.toThrow('--wait-lock must be a duration such as 90s, 10m or 1h30m (units ms, s, m, h; 0 tries once), got "soon"');
    expect(tries()).toBe(0);
  });
});

test("xads up reads the stack and folder of pulumi up's arguments in every form the CLI takes", () => {
  expect(flagValue(["--yes", "--stack", "prod"], "stack", "s")).toBe("prod");
  expect(flagValue(["--stack=org/p/prod"], "stack", "s")).toBe("org/p/prod");
  expect(flagValue(["-s", "dev", "-C", "infra"], "stack", "s")).toBe("dev");
  expect(flagValue(["-s", "dev", "-C", "infra"], "cwd", "C")).toBe("infra");
  expect(flagValue(["--yes"], "stack", "s")).toBeUndefined();
});

describe("xads up --fast's --parallel", () => {
  test("without one given, pulumi up gets FAST_PARALLEL after the user's arguments (batches of 40 with several in flight, not the engine's 4 a processor)", () => {
    expect(FAST_PARALLEL).toBeGreaterThanOrEqual(2 * 40);
    expect(fastUpArgs(["--yes", "--stack", "prod"], {})).toEqual(["--yes", "--stack", "prod", "--parallel", String(FAST_PARALLEL)]);
  });

  test.each([[["--parallel", "8"]], [["--parallel=8"]], [["-p", "8"]], [["-p8"]], [["--yes", "-p=8"]]])("the user's %j stands", (args) => {
    expect(fastUpArgs(args, {})).toEqual(args);
  });

  test("PULUMI_PARALLEL stands too", () => {
    expect(fastUpArgs(["--yes"], { PULUMI_PARALLEL: "16" })).toEqual(["--yes"]);
  });
});
