/**
 * Flexible audiences and audience sharing with the real pulumi CLI, beyond
 * the walk of each kind (walk-table.ts), one stack: two custom audiences, a
 * flexible audience over them made in one batch POST, a custom and a
 * tailored (v5) audience permission to a second account of the same
 * business, and one to an account of another business (the owner has
 * SHARE_AUDIENCE_OUTSIDE_BUSINESS); `xads import` of the audiences; preview
 * refusals of 11 leaves and of a lookback window of 3 before any write.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ACCOUNT_ID, output, ProgramResource, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();
let stack: Stack;
let sibling: string;
let outsider: string;

const leaf = (ref: string, lookbackWindow: number) => ({ customAudienceId: ref, lookbackWindow });

interface Version { lookback: number; leaves?: object[] }

function program(v: Version): ProgramResource[] {
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
    { type: "CustomAudiencePermission", name: "shareInstallers", args: { customAudienceId: "${installers.id}", grantedAccountId: sibling, permissionLevel: "READ_ONLY" } },
    { type: "TailoredAudiencePermission", name: "shareBuyers", args: { tailoredAudienceId: "${buyers.id}", grantedAccountId: sibling, permissionLevel: "READ_ONLY" } },
    { type: "CustomAudiencePermission", name: "shareOutside", args: { customAudienceId: "${buyers.id}", grantedAccountId: outsider, permissionLevel: "READ_ONLY" } },
  ];
}

beforeAll(async () => {
  // A second account of the owner's business, and one of another business (emulator control, as an account manager would).
  sibling = e2e.emu.control.createAccount("sandbox", { name: "Sibling brand" }).id;
  outsider = e2e.emu.control.createAccount("sandbox", { name: "Agency", businessId: "business-2" }).id;
  e2e.emu.control.setFeatures("sandbox", ACCOUNT_ID, { add: ["SHARE_AUDIENCE_OUTSIDE_BUSINESS"] });
  stack = e2e.stack("audience-sharing");
  stack.writeProgram(program({ lookback: 7 }));
  await stack.init();
});

test("up creates the audiences, the flexible audience in one batch POST and the three permissions, the tailored one through v5", async () => {
  expect(await stack.up()).toMatchObject({ code: 0 });
  const o = await stack.outputs();
  expect(e2e.emu.control.requests().filter((r) => r.method === "POST" && r.path === `/12/batch/accounts/${ACCOUNT_ID}/custom_audiences`)).toHaveLength(1);
  expect(e2e.live("custom_audiences").find((a) => a.id === o.flex)).toMatchObject({
    name: "Installers, not buyers", audience_type: "FLEXIBLE", boolean_operator: "AND",
    child_segments: [
      { custom_audience_id: o.installers, lookback_window: 7, frequency: 1, frequency_comparator: "NUM_GTE", negate: true },
      { custom_audience_id: o.buyers, lookback_window: 30, frequency: 1, frequency_comparator: "NUM_GTE", negate: true },
    ],
  });
  const grants = e2e.live("custom_audience_permissions").map((p) => [p.id, p.custom_audience_id, p.granted_account_id, p.permission_level]);
  expect(grants).toEqual(expect.arrayContaining([
    [o.shareInstallers, o.installers, sibling, "READ_ONLY"],
    [o.shareBuyers, o.buyers, sibling, "READ_ONLY"],
    [o.shareOutside, o.buyers, outsider, "READ_ONLY"],
  ]));
  expect(grants).toHaveLength(3);
  // The tailored permission went through the v5 path.
  expect(e2e.emu.control.requests().some((r) => r.method === "POST" && r.path === `/5/accounts/${ACCOUNT_ID}/tailored_audiences/${o.buyers}/permissions`)).toBe(true);
});

test("xads import adopts the two custom audiences and the flexible audience, each as its own kind", async () => {
  const o = await stack.outputs();
  const out = mkdtempSync(join(tmpdir(), "xads-import-"));
  expect(await stack.xads(["import", "--account", ACCOUNT_ID, "--out", out], { env: e2e.env() })).toMatchObject({ code: 0 });
  const index = readFileSync(join(out, "index.ts"), "utf8");
  expect(index).toContain(`new xads.CustomAudience("app-installers", {\n  accountId,\n  adoptId: "${o.installers}",`);
  expect(index).toContain(`new xads.CustomAudience("buyers", {\n  accountId,\n  adoptId: "${o.buyers}",`);
  expect(index).toMatch(new RegExp(`new xads.FlexibleAudience\\("installers-not-buyers", \\{\\n  accountId,\\n  adoptId: "${o.flex}",[\\s\\S]*"lookbackWindow":7`));
  expect(index).not.toContain("would not pass check");
});

test("preview refuses a flexible audience with 11 leaves, and a lookback window of 3, naming the field and the limit, before any write", async () => {
  e2e.emu.control.clearRequests();
  stack.writeProgram(program({ lookback: 7, leaves: Array.from({ length: 11 }, (_, i) => leaf(i % 2 ? "${installers.id}" : "${buyers.id}", 7)) }));
  const eleven = await stack.preview();
  expect(eleven.code).not.toBe(0);
  expect(output(eleven)).toContain("childSegments must have at most 10 custom audience leaf nodes in all, at any depth (got 11)");

  stack.writeProgram(program({ lookback: 3 }));
  const three = await stack.preview();
  expect(three.code).not.toBe(0);
  expect(output(three)).toContain("childSegments[0].lookbackWindow must be one of 1, 7, 14, 30 (got 3)");
  expect(e2e.writes()).toEqual([]);
});
