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
import { output, ProgramResource, RunResult, Stack, useStackEmulator } from "./harness";

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

test("two stacks of two accounts under one token, 300 writes each at once against 450 a minute: both succeed, 0 failed requests", async () => {
  e2e.emu.control.clearRequests();
  const runs: RunResult[] = await Promise.all(stacks.map(({ stack }) => stack.xads(UP)));
  for (const r of runs) console.log(output(r).split("\n").filter((l) => /wait|429|rate/i.test(l)).join("\n"));
  const requests = e2e.emu.control.requests();
  const writes = requests.filter((r) => r.method !== "GET");
  console.log(JSON.stringify({
    writes: writes.length, statuses: Object.entries(writes.reduce((a, r) => ({ ...a, [String(r.status)]: (a[String(r.status)] ?? 0) + 1 }), {} as Record<string, number>)),
    reads: requests.length - writes.length, failedReads: requests.filter((r) => r.method === "GET" && (r.status ?? 0) >= 400).length,
    spanS: (requests.at(-1)!.receivedAt - requests[0]!.receivedAt) / 1000,
  }));
  for (const r of runs) expect(r.code).toBe(0);
  for (const { account } of stacks) expect(e2e.live("tracking_tags", { account }).filter((t) => !t.deleted)).toHaveLength(N);
});
