/**
 * TrackingTag with the real pulumi CLI: create, no-change preview, URL
 * updated in place, type change replaces, refresh after an edit in the UI,
 * destroy.
 */
import { ACCOUNT_ID, Credentials, Emulator, ResourceSpec, Stack, startStackEmulator } from "./harness";

jest.setTimeout(300_000);

let emu: Emulator;
let creds: Credentials;
let stack: Stack;
beforeAll(async () => {
  ({ emu, creds } = await startStackEmulator());
  stack = new Stack("tracking-tag", emu, creds);
  stack.writeProgram(program("IMPRESSION_TAG", "https://tags.example/i?v=1"));
  await stack.init();
});
afterAll(async () => emu?.close());

function program(type: string, url: string): ResourceSpec[] {
  return [
    { type: "FundingInstrument", name: "usd", args: { currency: "USD", startTime: "2026-01-01T00:00:00Z" } },
    { type: "Campaign", name: "c", args: { fundingInstrumentId: "${usd.id}", name: "C", dailyBudgetAmountLocalMicro: 1_000_000, deletionProtection: false } },
    { type: "LineItem", name: "li", args: { campaignId: "${c.id}", objective: "WEBSITE_CLICKS", productType: "PROMOTED_TWEETS", placements: ["ALL_ON_TWITTER"] } },
    { type: "TrackingTag", name: "tag", args: { lineItemId: "${li.id}", trackingTagType: type, trackingTagUrl: url } },
  ];
}

const tags = (withDeleted = false) => emu.control.entities("sandbox", ACCOUNT_ID, "tracking_tags", { withDeleted });

test("up creates the tag on the line item, and a second preview has no changes", async () => {
  expect(await stack.up()).toMatchObject({ code: 0 });
  const { tag, li } = await stack.outputs();
  expect(tags()).toEqual([expect.objectContaining({ id: tag, line_item_id: li, tracking_tag_type: "IMPRESSION_TAG" })]);
  // toMatchObject on the whole result: a failure shows what the CLI printed.
  expect(await stack.preview("--expect-no-changes")).toMatchObject({ code: 0, stdout: expect.stringMatching(/5 unchanged/) });
});

test("a new URL updates the same tag in place", async () => {
  const { tag } = await stack.outputs();
  stack.writeProgram(program("IMPRESSION_TAG", "https://tags.example/i?v=2"));
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(tags()).toEqual([expect.objectContaining({ id: tag, tracking_tag_url: "https://tags.example/i?v=2" })]);
});

test("a new tag type replaces the tag, and the preview says so", async () => {
  const { tag: old } = await stack.outputs();
  stack.writeProgram(program("CLICK_TRACKER", "https://tags.example/i?v=2"));
  const preview = await stack.preview("--diff");
  expect(preview.stdout).toMatch(/\+-pulumi-nodejs:dynamic\/xads:TrackingTag: \(replace\)/);
  expect(preview.stdout).toMatch(/~ trackingTagType\s*: "IMPRESSION_TAG" => "CLICK_TRACKER"/);
  expect(await stack.up()).toMatchObject({ code: 0 });
  expect(tags().map((t) => t.tracking_tag_type)).toEqual(["CLICK_TRACKER"]);
  expect(tags(true).find((t) => t.id === old)).toMatchObject({ deleted: true });
});

test("a URL edited in the UI is found by refresh and put back by up --refresh", async () => {
  const { tag } = await stack.outputs();
  emu.control.edit("sandbox", ACCOUNT_ID, "tracking_tags", tag!, { tracking_tag_url: "https://elsewhere.example/" });
  expect((await stack.run(["refresh", "--preview-only", "--expect-no-changes"])).code).not.toBe(0);
  expect(await stack.run(["up", "--refresh", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(tags()[0]).toMatchObject({ id: tag, tracking_tag_url: "https://tags.example/i?v=2" });
});

test("destroy disassociates the tag", async () => {
  expect(await stack.run(["destroy", "--yes", "--skip-preview"])).toMatchObject({ code: 0 });
  expect(tags()).toEqual([]);
});
