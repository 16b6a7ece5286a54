/**
 * Custom audiences, their members and the do-not-reach list with the real
 * pulumi CLI, one stack: create (6,000 members in 3 chunks), no-change
 * preview, audience description updated in place with 1,000 members removed
 * (the preview shows counts), a new list description replacing the
 * do-not-reach list, refresh after edits and deletes in the ads UI, destroy.
 * No raw identifier, and no hash in plain text, reaches the state or the
 * CLI's output.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ACCOUNT_ID, Credentials, Emulator, ResourceSpec, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

let emu: Emulator;
let creds: Credentials;
let stack: Stack;

const email = (i: number) => `Person.${i}@Example.org`;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const users = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ email: [email(from + i)] }));
const blocked = [{ email: ["Blocked.One@Example.net"] }, { phoneNumber: ["+44 20 7946 0958"] }];
const raws = [...Array.from({ length: 6000 }, (_, i) => email(i)), "Blocked.One@Example.net", "+44 20 7946 0958"];

function program(o: { audienceDescription: string; members: [number, number]; listDescription: string }): ResourceSpec[] {
  return [
    { type: "CustomAudience", name: "newsletter", args: { name: "Newsletter", description: o.audienceDescription, deletionProtection: false } },
    { type: "CustomAudienceMembers", name: "newsletterUsers", args: { customAudienceId: "${newsletter.id}", users: users(...o.members) } },
    { type: "DoNotReachList", name: "optOuts", args: { description: o.listDescription } },
    { type: "DoNotReachListMembers", name: "optOutUsers", args: { doNotReachListId: "${optOuts.id}", users: blocked } },
  ];
}

beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  stack = new Stack("audiences", emu, creds);
  stack.writeProgram(program({ audienceDescription: "v1", members: [0, 6000], listDescription: "Opt-outs" }));
  await stack.init();
});
afterAll(async () => emu?.close());

const live = (collection: string) => emu.control.entities("sandbox", ACCOUNT_ID, collection);
const members = (collection: string, id: string) => emu.control.members("sandbox", ACCOUNT_ID, collection, id).map((m) => m.user);
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
  expect(Object.values(creds).filter((c) => everything().includes(c))).toEqual([]);
}

test("up creates the audience with 6,000 members in 3 chunks and the do-not-reach list; a second preview has no changes", async () => {
  const up = await stack.up();
  expect(up).toMatchObject({ code: 0 });
  expect(up.stdout + up.stderr).toMatch(/uploaded 3\/3 chunks \(6000 of 6000 users\)/);
  const { newsletter, optOuts } = await stack.outputs();
  expect(live("custom_audiences")).toEqual([expect.objectContaining({ id: newsletter, name: "Newsletter", description: "v1" })]);
  expect(members("custom_audiences", newsletter!).map((u) => u.email![0]).sort()).toEqual(emailHashes(0, 6000));
  expect(members("do_not_reach_lists", optOuts!)).toEqual([{ email: [sha("blocked.one@example.net")] }, { phone_number: [sha("442079460958")] }]);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/5 unchanged/) });
  expectNoLeaks();
});

test("a new audience description updates in place, 1,000 removed members show as counts, and a new list description replaces the list", async () => {
  const before = await stack.outputs();
  stack.writeProgram(program({ audienceDescription: "v2", members: [1000, 6000], listDescription: "Opt-outs 2026" }));
  const preview = await stack.preview("--diff");
  expect(preview).toMatchObject({ code: 0 });
  expect(preview.stdout).toMatch(/~ memberChanges\s*: "\+6000 -0 \(6000 members\)" => "\+0 -1000 \(5000 members\)"/);
  expect(preview.stdout).toMatch(/~ description\s*: "v1" => "v2"/);
  expect(preview.stdout).toMatch(/\+-pulumi-nodejs:dynamic\/xads:DoNotReachList: \(replace\)/);
  expect(preview.stdout).toMatch(/~ description\s*: "Opt-outs" => "Opt-outs 2026"/);

  expect(await stack.up()).toMatchObject({ code: 0 });
  const after = await stack.outputs();
  expect(after.newsletter).toBe(before.newsletter);
  expect(live("custom_audiences")).toEqual([expect.objectContaining({ id: before.newsletter, description: "v2" })]);
  expect(members("custom_audiences", after.newsletter!).map((u) => u.email![0]).sort()).toEqual(emailHashes(1000, 6000));
  // One list per account: the old one went first, the new one holds the users again.
  expect(after.optOuts).not.toBe(before.optOuts);
  expect(live("do_not_reach_lists")).toEqual([expect.objectContaining({ id: after.optOuts, description: "Opt-outs 2026" })]);
  expect(members("do_not_reach_lists", after.optOuts!)).toHaveLength(2);
  expectNoLeaks();
});

test("refresh finds an edit and a delete made in the ads UI; up puts them back", async () => {
  const { newsletter, optOuts } = await stack.outputs();
  emu.control.edit("sandbox", ACCOUNT_ID, "custom_audiences", newsletter!, { description: "edited in the UI" });
  emu.control.remove("sandbox", ACCOUNT_ID, "do_not_reach_lists", optOuts!);
  expect((await stack.run(["refresh", "--preview-only", "--expect-no-changes"])).code).not.toBe(0);
  expect(await stack.run(["up", "--refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  const after = await stack.outputs();
  expect(live("custom_audiences")).toEqual([expect.objectContaining({ id: newsletter, description: "v2" })]);
  expect(after.optOuts).not.toBe(optOuts);
  expect(live("do_not_reach_lists").map((l) => l.id)).toEqual([after.optOuts]);
  expect(members("do_not_reach_lists", after.optOuts!)).toHaveLength(2);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("destroy removes the members, then the audience and the list", async () => {
  const { newsletter } = await stack.outputs();
  expect(await stack.run(["destroy", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(live("custom_audiences")).toEqual([]);
  expect(live("do_not_reach_lists")).toEqual([]);
  expect(members("custom_audiences", newsletter!)).toEqual([]);
  expectNoLeaks();
});
