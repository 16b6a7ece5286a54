/**
 * Audience members with the real pulumi CLI, beyond the walk of each kind
 * (walk-table.ts): 6,000 members uploaded in one request, 1,000 of them
 * removed (the preview shows counts), destroy removing them; no raw
 * identifier, and no hash in plain text, reaches the state or the CLI's
 * output.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;

const email = (i: number) => `Person.${i}@Example.org`;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const users = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ email: [email(from + i)] }));
const blocked = [{ email: ["Blocked.One@Example.net"] }, { phoneNumber: ["+44 20 7946 0958"] }];
const raws = [...Array.from({ length: 6000 }, (_, i) => email(i)), "Blocked.One@Example.net", "+44 20 7946 0958"];

function program(members: [number, number]): ProgramResource[] {
  return [
    { type: "CustomAudience", name: "newsletter", args: { name: "Newsletter", deletionProtection: false } },
    { type: "CustomAudienceMembers", name: "newsletterUsers", args: { customAudienceId: "${newsletter.id}", users: users(...members) } },
    { type: "DoNotReachList", name: "optOuts", args: { description: "Opt-outs" } },
    { type: "DoNotReachListMembers", name: "optOutUsers", args: { doNotReachListId: "${optOuts.id}", users: blocked } },
  ];
}

beforeAll(async () => {
  stack = e2e.stack("audiences");
  stack.writeProgram(program([0, 6000]));
  await stack.init();
});

const members = (collection: string, id: string) => e2e.emu.control.members("sandbox", ACCOUNT_ID, collection, id).map((m) => m.user);
const emailHashes = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => sha(email(from + i).toLowerCase())).sort();

/** Everything the backend wrote (state, history, backups) and everything the CLI printed. */
function everything(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(readFileSync(path, "utf8"));
    }
  };
  walk(stack.backend);
  return [...files, ...stack.transcript].join("\n");
}

function expectNoLeaks(): void {
  const text = everything().toLowerCase();
  const leaked = raws.filter((r) => text.includes(r.toLowerCase()));
  expect(leaked).toEqual([]);
  // Hashes are secret too: a hashed e-mail can be guessed back from a list of e-mails.
  expect([0, 2999, 5999].filter((i) => text.includes(sha(email(i).toLowerCase())))).toEqual([]);
  expect(Object.values(e2e.creds).filter((c) => everything().includes(c))).toEqual([]);
}

test("up creates the audience with 6,000 members in one request and the do-not-reach list; a second preview has no changes", async () => {
  const up = await stack.up();
  expect(up).toMatchObject({ code: 0 });
  expect(output(up)).toMatch(/uploaded 1\/1 chunks \(6000 of 6000 users\)/);
  const { newsletter, optOuts } = await stack.outputs();
  expect(e2e.live("custom_audiences")).toEqual([expect.objectContaining({ id: newsletter, name: "Newsletter" })]);
  expect(members("custom_audiences", newsletter!).map((u) => u.email![0]).sort()).toEqual(emailHashes(0, 6000));
  expect(members("do_not_reach_lists", optOuts!)).toEqual([{ email: [sha("blocked.one@example.net")] }, { phone_number: [sha("442079460958")] }]);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/5 unchanged/) });
  expectNoLeaks();
});

test("1,000 removed members show as counts in the preview, and up removes them", async () => {
  const before = await stack.outputs();
  stack.writeProgram(program([1000, 6000]));
  const preview = await stack.preview("--diff");
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/~ memberChanges\s*: "\+6000 -0 \(6000 members\)" => "\+0 -1000 \(5000 members\)"/);

  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(await stack.outputs()).toEqual(before);
  expect(members("custom_audiences", before.newsletter!).map((u) => u.email![0]).sort()).toEqual(emailHashes(1000, 6000));
  expectNoLeaks();
});

test("destroy removes the members, then the audience and the list", async () => {
  const { newsletter, optOuts } = await stack.outputs();
  e2e.emu.control.clearRequests();
  expect(await stack.run(["destroy", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  // "then": each member set's removal is sent before its parent's DELETE. Without this, the checks below pass
  // even if the members were never removed: a deleted audience's members are gone with it.
  const writes = e2e.writes().map((r) => `${r.method} ${r.path}`);
  for (const [parent, users] of [
    [`/12/accounts/${ACCOUNT_ID}/custom_audiences/${newsletter}`, `POST /12/accounts/${ACCOUNT_ID}/custom_audiences/${newsletter}/users`],
    [`/12/accounts/${ACCOUNT_ID}/do_not_reach_lists/${optOuts}`, `POST /12/batch/accounts/${ACCOUNT_ID}/do_not_reach_lists/${optOuts}/users`],
  ]) {
    expect(writes).toContain(users);
    expect(writes.indexOf(`DELETE ${parent}`)).toBeGreaterThan(writes.indexOf(users!));
  }
  expect(e2e.live("custom_audiences")).toEqual([]);
  expect(e2e.live("do_not_reach_lists")).toEqual([]);
  expect(members("custom_audiences", newsletter!)).toEqual([]);
  expectNoLeaks();
});
