/**
 * A flaky API costs a wait inside the run, not a failed pipeline, with the
 * real CLI (docs/architecture.md rule 7): a campaign batch POST whose
 * connection drops before anything committed is looked up, looked up again
 * once no request sent then can still commit (twice the stack's
 * xads:requestTimeoutMs after the send), and sent again by the same
 * `pulumi up`, which succeeds; a batch that committed without an answer is
 * taken over, never sent again. Counted from the emulator's state.
 * The stack's state is on the shared PostgreSQL backend, as a team's.
 */
import { HELD_MS, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(600_000);

const e2e = useStackEmulator({ backend: "postgres" });
let stack: Stack;

/** The provider gives up on an answer after 1 s, so a create without one waits 2 s before its second look-up. */
const REQUEST_TIMEOUT_MS = 1000;

const BASE: ProgramResource[] = [
  { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
];
const campaigns = (names: string[]): ProgramResource[] => names.map((n) => ({
  type: "Campaign", name: n, args: { fundingInstrumentId: "${usd.id}", name: n, dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false },
}));

const campaignPosts = () => e2e.emu.control.requests().filter((r) => r.method === "POST" && /\/campaigns$/.test(r.path));
/** The campaign names a POST carried: a batch's items, or a plain POST's name. */
const namesOf = (r: ReturnType<typeof campaignPosts>[number]): string[] => (Array.isArray(r.body)
  ? (r.body as { params: { name: string } }[]).map((i) => i.params.name)
  : [String(r.query.name)]);
const copies = (name: string) => e2e.live("campaigns").filter((c) => c.name === name).length;

const WAIT_LINE = new RegExp(`got no answer, and nothing it made is found yet: waiting \\d+ s, until a request sent then can no longer commit \\(twice the request time-out of ${REQUEST_TIMEOUT_MS} ms\\)`);

beforeAll(async () => {
  stack = e2e.stack("lost-answer");
  stack.writeProgram(BASE);
  await stack.init();
  await stack.must(["config", "set", "xads:requestTimeoutMs", String(REQUEST_TIMEOUT_MS)]);
  expect(await stack.up()).toMatchObject({ code: 0 });
});

test("a campaign batch whose POST lost its answer and committed nothing: up succeeds in the same run, having sent it again, each campaign once", async () => {
  const names = ["Lost 1", "Lost 2", "Lost 3", "Lost 4", "Lost 5", "Lost 6"];
  stack.writeProgram([...BASE, ...campaigns(names)]);
  e2e.emu.control.clearRequests();
  e2e.emu.control.fault({ method: "POST", path: "/batch/accounts/[^/]+/campaigns$", kind: "drop" });
  const up = await stack.up();
  expect(up.code).toBe(0);
  // The wait is said in the run's output: what waits, and how long.
  expect(up.stdout + up.stderr).toMatch(WAIT_LINE);
  const posts = campaignPosts();
  const dropped = posts.filter((r) => r.status === null);
  expect(dropped).toHaveLength(1);
  expect(dropped[0]!.path).toMatch(/\/batch\//);
  // Every campaign of the lost batch was sent again, after it, and answered.
  const answeredAfter = posts.filter((r) => r.seq > dropped[0]!.seq && r.status !== null && r.status < 300).flatMap(namesOf);
  expect(namesOf(dropped[0]!).filter((n) => !answeredAfter.includes(n))).toEqual([]);
  for (const n of names) expect(copies(n)).toBe(1);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("a campaign batch whose POST committed without an answer: up succeeds, taking each campaign over, sent once", async () => {
  const names = ["Kept 1", "Kept 2", "Kept 3", "Kept 4"];
  // The campaigns of the test before are deleted (DELETEs, not POSTs): only these are created.
  stack.writeProgram([...BASE, ...campaigns(names)]);
  e2e.emu.control.clearRequests();
  // The answer is held until the up has ended, past the provider's time-out: the campaigns are made, the provider hears nothing.
  e2e.emu.control.fault({ method: "POST", path: "/batch/accounts/[^/]+/campaigns$", kind: "timeout-after-commit", delayMs: HELD_MS });
  const up = await stack.up();
  expect(e2e.emu.control.releaseHeld()).toBe(1);
  expect(up.code).toBe(0);
  expect(campaignPosts().filter((r) => r.fault !== null).flatMap(namesOf).sort()).toEqual(names);
  expect(up.stdout + up.stderr).not.toMatch(WAIT_LINE);
  for (const n of names) expect(campaignPosts().flatMap(namesOf).filter((x) => x === n)).toHaveLength(1);
  for (const n of names) expect(copies(n)).toBe(1);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});
