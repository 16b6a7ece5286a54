/**
 * Two stacks of two ad accounts under one user token, applied at once as a
 * GitOps matrix runs them, share the platform's write budget: writes are one
 * category of 450 a minute per user token, whatever the account (ref
 * fundamentals/rate-limiting.mdx, "Writes (POST, PUT, DELETE) | Category |
 * 450"; "Each user token can have access to one or more ad accounts").
 * Each stack makes 300 tracking tags, a kind with no batch form (ref
 * campaign-management/reference.mdx, Tracking Tags: POST
 * accounts/:account_id/tracking_tags only), so 300 write requests each:
 * 600 against 450 a minute, the second minute's window waited for.
 */
import { DEMO_ACCOUNT_ID } from "../../emulator";
import { seedLineItem } from "../integration/fixtures";
import { diagnostics, ProgramResource, RunResult, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator();

const N = 300;
const tags = (lineItemId: string): ProgramResource[] => Array.from({ length: N }, (_, i) => ({
  type: "TrackingTag", name: `tag${i}`,
  args: { lineItemId, trackingTagType: "IMPRESSION_TAG", trackingTagUrl: `https://partner.example/pixel?n=${i}` },
}));

const UP = ["up", "--fast", "--", "--yes", "--skip-preview", "--non-interactive", "--parallel", "64"];

let stacks: { stack: Stack; account: string }[];

beforeAll(async () => {
  const accounts = [DEMO_ACCOUNT_ID, e2e.emu.control.createAccount("sandbox", { name: "Globex" }).id];
  stacks = [];
  for (const [i, account] of accounts.entries()) {
    const stack = e2e.stack(`write-budget-${i}`);
    stack.writeProgram(tags(await seedLineItem(e2e.api(), {}, account)));
    await stack.init({ accountId: account });
    stacks.push({ stack, account });
  }
});

/** A request's identity (its path and parameters): a refused one sent again is the same. */
const identity = (r: { method: string; path: string; query: unknown; body: unknown }) => JSON.stringify([r.method, r.path, r.query, r.body]);

test("two stacks of two accounts under one token, 300 writes each at once against 450 a minute: both succeed, 0 failed requests", async () => {
  // The published limit, its window starting now (the seeding's writes forgotten): 600 writes against 450.
  e2e.emu.control.setRateLimit("writes", 450, 60);
  e2e.emu.control.clearRequests();
  const runs: RunResult[] = await Promise.all(stacks.map(({ stack }) => stack.xads(UP)));
  for (const r of runs) expect(r.code).toBe(0);

  for (const { account } of stacks) {
    const live = e2e.live("tracking_tags", { account }).filter((t) => !t.deleted);
    expect(new Set(live.map((t) => t.tracking_tag_url)).size).toBe(N);
    expect(live).toHaveLength(N);
  }
  const requests = e2e.emu.control.requests();
  const writes = requests.filter((r) => r.method !== "GET");
  // 300 write requests a stack, each answered once: no batch form, nothing sent twice.
  for (const { account } of stacks) expect(writes.filter((r) => r.path.includes(account) && r.status === 201)).toHaveLength(N);
  // 0 failed requests. A 429 is the platform refusing a request before doing anything (retry.ts) because the window is
  // used: two processes that each read the same remaining count cannot both know what the other sends meanwhile, so at
  // the window's end a request may be refused; it fails nothing when it is sent again after the reset and answered.
  // A failed request is any other error, or a 429 that was not.
  const answeredLater = (r: (typeof requests)[number]) => requests.some((l) => l.seq > r.seq && identity(l) === identity(r) && l.status !== null && l.status < 300);
  expect(requests.filter((r) => r.status === null || (r.status >= 400 && !(r.status === 429 && r.fault === null && answeredLater(r))))).toEqual([]);

  // The budget was met (the second minute's window waited for), and each stack said each wait once in the engine's log:
  // a 429 where its requests met one, the pacing wait before the reset; not once per request.
  const said = runs.map((r) => diagnostics(r));
  const lines = (text: string, pattern: RegExp) => text.split("\n").filter((l) => pattern.test(l));
  const refused = stacks.map(({ account }) => writes.some((r) => r.path.includes(account) && r.status === 429));
  expect(said.flatMap((d) => lines(d, /rate limited \(429\) in writes|writes: the 450 requests of its rate-limit window are used/)).length).toBeGreaterThan(0);
  for (const [i, d] of said.entries()) {
    expect(lines(d, /rate limited \(429\) in writes/)).toHaveLength(refused[i] ? 1 : 0);
    expect(lines(d, /writes: the 450 requests of its rate-limit window are used/).length).toBeLessThanOrEqual(1);
  }
});
