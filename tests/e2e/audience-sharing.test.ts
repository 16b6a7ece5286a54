/**
 * Flexible audiences and audience sharing with the real pulumi CLI, one
 * stack: two custom audiences, a flexible audience over them, a custom and a
 * tailored audience permission to a second account of the same business, and
 * one to an account of another business (the owner has
 * SHARE_AUDIENCE_OUTSIDE_BUSINESS). Create, no-change preview, a new lookback
 * window and a new permission level (both replace, and the preview says
 * why), out-of-band changes found by refresh, `xads import` of the
 * audiences, preview refusals of 11 leaves
 * and of a lookback window of 3 before any write, destroy. No permission is
 * ever PUT (the platform has none).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ACCOUNT_ID, CONSUMER, Credentials, Emulator, ResourceSpec, RunResult, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

let emu: Emulator;
let creds: Credentials;
let stack: Stack;
let sibling: string;
let outsider: string;

const output = (r: RunResult) => r.stdout + r.stderr;
const live = (collection: string) => emu.control.entities("sandbox", ACCOUNT_ID, collection);
const writes = () => emu.control.requests().filter((r) => r.method !== "GET");
const permissionPuts = () => emu.control.requests().filter((r) => r.method === "PUT" && /\/permissions\//.test(r.path));
const leaf = (ref: string, lookbackWindow: number) => ({ customAudienceId: ref, lookbackWindow });

interface Version { lookback: number; level: string; leaves?: object[] }

function program(v: Version): ResourceSpec[] {
  return [
    { type: "CustomAudience", name: "installers", args: { name: "App installers", deletionProtection: false } },
    { type: "CustomAudience", name: "buyers", args: { name: "Buyers", deletionProtection: false } },
    {
      type: "FlexibleAudience", name: "flex",
      args: {
        name: "Installers, not buyers", booleanOperator: "AND", deletionProtection: false,
        childSegments: v.leaves ?? [leaf("${installers.id}", v.lookback), { ...leaf("${buyers.id}", 30), negate: true }],
      },
    },
    { type: "CustomAudiencePermission", name: "shareInstallers", args: { customAudienceId: "${installers.id}", grantedAccountId: sibling, permissionLevel: v.level } },
    { type: "TailoredAudiencePermission", name: "shareBuyers", args: { tailoredAudienceId: "${buyers.id}", grantedAccountId: sibling, permissionLevel: "READ_ONLY" } },
    { type: "CustomAudiencePermission", name: "shareOutside", args: { customAudienceId: "${buyers.id}", grantedAccountId: outsider, permissionLevel: "READ_ONLY" } },
  ];
}

beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  // A second account of the owner's business, and one of another business (emulator control, as an account manager would).
  sibling = emu.control.createAccount("sandbox", { name: "Sibling brand" }).id;
  outsider = emu.control.createAccount("sandbox", { name: "Agency", businessId: "business-2" }).id;
  emu.control.setFeatures("sandbox", ACCOUNT_ID, { add: ["SHARE_AUDIENCE_OUTSIDE_BUSINESS"] });
  stack = new Stack("audience-sharing", emu, creds);
  stack.writeProgram(program({ lookback: 7, level: "READ_ONLY" }));
  await stack.init();
});
afterAll(async () => emu?.close());

test("up creates the audiences, the flexible audience in one batch POST and the three permissions; a second preview has no changes", async () => {
  expect(await stack.up()).toMatchObject({ code: 0 });
  const o = await stack.outputs();
  expect(emu.control.requests().filter((r) => r.method === "POST" && r.path === `/12/batch/accounts/${ACCOUNT_ID}/custom_audiences`)).toHaveLength(1);
  expect(live("custom_audiences").find((a) => a.id === o.flex)).toMatchObject({
    name: "Installers, not buyers", audience_type: "FLEXIBLE", boolean_operator: "AND",
    child_segments: [
      { custom_audience_id: o.installers, lookback_window: 7, frequency: 1, frequency_comparator: "NUM_GTE", negate: true },
      { custom_audience_id: o.buyers, lookback_window: 30, frequency: 1, frequency_comparator: "NUM_GTE", negate: true },
    ],
  });
  const grants = live("custom_audience_permissions").map((p) => [p.id, p.custom_audience_id, p.granted_account_id, p.permission_level]);
  expect(grants).toEqual(expect.arrayContaining([
    [o.shareInstallers, o.installers, sibling, "READ_ONLY"],
    [o.shareBuyers, o.buyers, sibling, "READ_ONLY"],
    [o.shareOutside, o.buyers, outsider, "READ_ONLY"],
  ]));
  expect(grants).toHaveLength(3);
  // The tailored permission went through the v5 path.
  expect(emu.control.requests().some((r) => r.method === "POST" && r.path === `/5/accounts/${ACCOUNT_ID}/tailored_audiences/${o.buyers}/permissions`)).toBe(true);
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/7 unchanged/) });
  for (const secret of Object.values(creds)) {
    expect(stack.stateFileText()).not.toContain(secret);
    expect(stack.transcript.join("\n")).not.toContain(secret);
  }
});

test("a new lookback window replaces the flexible audience and a new level replaces the permission; the preview says why; no PUT", async () => {
  const before = await stack.outputs();
  stack.writeProgram(program({ lookback: 14, level: "READ_WRITE" }));
  const preview = await stack.preview();
  expect(preview.code).toBe(0);
  expect(preview.stdout).toMatch(/\+-\s+pulumi-nodejs:dynamic\/xads:FlexibleAudience\s+flex\s+replace\s+\[diff: ~childSegments\]/);
  expect(preview.stdout).toMatch(/\+-\s+pulumi-nodejs:dynamic\/xads:CustomAudiencePermission\s+shareInstallers\s+replace\s+\[diff: ~permissionLevel\]/);
  expect(preview.stdout).toMatch(/\+-2 to replace/);

  emu.control.clearRequests();
  const up = await stack.up();
  expect(up).toMatchObject({ code: 0 });
  // The revoke tells what happens to the sibling's campaigns.
  expect(output(up)).toMatch(/keep running with it/);
  const after = await stack.outputs();
  expect(after.flex).not.toBe(before.flex);
  expect(after.shareInstallers).not.toBe(before.shareInstallers);
  expect(live("custom_audiences").find((a) => a.id === after.flex)).toMatchObject({ child_segments: [expect.objectContaining({ lookback_window: 14 }), expect.anything()] });
  expect(live("custom_audiences").map((a) => a.id)).not.toContain(before.flex);
  expect(live("custom_audience_permissions").find((p) => p.id === after.shareInstallers)).toMatchObject({ permission_level: "READ_WRITE", granted_account_id: sibling });
  expect(live("custom_audience_permissions").map((p) => p.id)).not.toContain(before.shareInstallers);
  expect(emu.control.requests().filter((r) => r.method === "PUT")).toEqual([]);
});

test("refresh finds a permission revoked, one edited and a flexible audience deleted in the ads UI; up puts them back", async () => {
  const before = await stack.outputs();
  emu.control.remove("sandbox", ACCOUNT_ID, "custom_audience_permissions", before.shareBuyers!);
  emu.control.remove("sandbox", ACCOUNT_ID, "custom_audiences", before.flex!);
  emu.control.edit("sandbox", ACCOUNT_ID, "custom_audience_permissions", before.shareOutside!, { permission_level: "READ_WRITE" });
  expect((await stack.run(["refresh", "--preview-only", "--expect-no-changes"])).code).not.toBe(0);
  expect(await stack.run(["refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  // The refreshed state has neither (the stack outputs keep the last up's values until the next up).
  const inState = (JSON.parse(stack.stateFileText()) as { checkpoint: { latest: { resources: { urn: string }[] } } })
    .checkpoint.latest.resources.map((r) => r.urn.slice(r.urn.lastIndexOf("::") + 2));
  expect(inState).toEqual(expect.arrayContaining(["installers", "buyers", "shareInstallers", "shareOutside"]));
  expect(inState).not.toContain("shareBuyers");
  expect(inState).not.toContain("flex");
  expect(stack.stateFileText()).toMatch(new RegExp(`"grantedAccountId":"${outsider}","permissionLevel":"READ_WRITE"`));
  expect(await stack.up()).toMatchObject({ code: 0 });
  const after = await stack.outputs();
  expect(after.shareBuyers).not.toBe(before.shareBuyers);
  expect(after.flex).not.toBe(before.flex);
  // The level edited in the UI cannot be set back in place: the permission is replaced.
  expect(after.shareOutside).not.toBe(before.shareOutside);
  expect(live("custom_audience_permissions").map((p) => [p.id, p.permission_level]).sort()).toEqual([
    [after.shareInstallers, "READ_WRITE"], [after.shareBuyers, "READ_ONLY"], [after.shareOutside, "READ_ONLY"],
  ].sort());
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0 });
});

test("xads import adopts the two custom audiences and the flexible audience, each as its own kind", async () => {
  const o = await stack.outputs();
  const out = mkdtempSync(join(tmpdir(), "xads-import-"));
  const env = {
    ...process.env, XADS_CONSUMER_KEY: creds.consumerKey, XADS_CONSUMER_SECRET: creds.consumerSecret, XADS_ACCESS_TOKEN: creds.accessToken,
    XADS_ACCESS_TOKEN_SECRET: creds.accessTokenSecret, XADS_SANDBOX: "true", XADS_SANDBOX_BASE_URL: emu.sandboxUrl,
  };
  await promisify(execFile)(process.execPath, [join(CONSUMER, "node_modules", "pulumi-xads", "dist", "cli", "index.js"), "import", "--account", ACCOUNT_ID, "--out", out], { env });
  const index = readFileSync(join(out, "index.ts"), "utf8");
  expect(index).toContain(`new xads.CustomAudience("app-installers", {\n  accountId,\n  adoptId: "${o.installers}",`);
  expect(index).toContain(`new xads.CustomAudience("buyers", {\n  accountId,\n  adoptId: "${o.buyers}",`);
  expect(index).toMatch(new RegExp(`new xads.FlexibleAudience\\("installers-not-buyers", \\{\\n  accountId,\\n  adoptId: "${o.flex}",[\\s\\S]*"lookbackWindow":14`));
  expect(index).not.toContain("would not pass check");
});

test("preview refuses a flexible audience with 11 leaves, and a lookback window of 3, naming the field and the limit, before any write", async () => {
  emu.control.clearRequests();
  stack.writeProgram(program({ lookback: 14, level: "READ_WRITE", leaves: Array.from({ length: 11 }, (_, i) => leaf(i % 2 ? "${installers.id}" : "${buyers.id}", 7)) }));
  const eleven = await stack.preview();
  expect(eleven.code).not.toBe(0);
  expect(output(eleven)).toContain("childSegments must have at most 10 custom audience leaf nodes in all, at any depth (got 11)");

  stack.writeProgram(program({ lookback: 3, level: "READ_WRITE" }));
  const three = await stack.preview();
  expect(three.code).not.toBe(0);
  expect(output(three)).toContain("childSegments[0].lookbackWindow must be one of 1, 7, 14, 30 (got 3)");
  expect(writes()).toEqual([]);
});

test("destroy revokes the permissions and deletes the audiences; no permission was ever PUT", async () => {
  stack.writeProgram(program({ lookback: 14, level: "READ_WRITE" }));
  const destroy = await stack.run(["destroy", "--yes", "--skip-preview"]);
  expect(destroy).toMatchObject({ code: 0 });
  expect(live("custom_audiences")).toEqual([]);
  expect(live("custom_audience_permissions")).toEqual([]);
  expect(permissionPuts()).toEqual([]);
});
