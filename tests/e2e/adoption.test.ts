/**
 * Adoption with the real CLI: a program `xads import` wrote for an account
 * adopts every entity without a POST or a PUT, and the next preview shows
 * no changes; a program that adopts a campaign but leaves out its daily
 * budget fails in preview, naming the field and its live value, before
 * any write.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Entity } from "../../provider/client";
import { seedCampaign, seedLineItem } from "../integration/fixtures";
import { ACCOUNT_ID, output, Stack, useStackEmulator } from "./harness";

jest.setTimeout(300_000);

const e2e = useStackEmulator();

describe("xads import of an account whose entities have optional live values", () => {
  const ACCOUNT = "9adopt4acc";
  let stack: Stack;

  beforeAll(async () => {
    e2e.emu.control.createAccount("sandbox", { id: ACCOUNT, name: "Adopted" });
    const client = e2e.api();
    const path = (c: string) => `/12/accounts/${ACCOUNT}/${c}`;
    const campaign = await seedCampaign(client, { name: "Budgeted", daily_budget_amount_local_micro: 50_000_000 }, ACCOUNT);
    await seedLineItem(client, { campaign_id: campaign.id, name: "Max bid", bid_strategy: "MAX", bid_amount_local_micro: 1_500_000 }, ACCOUNT);
    await client.post<Entity>(path("cards"), undefined, {
      name: "Website", components: [{ type: "MEDIA", media_key: "3_1001" }, { type: "DETAILS", title: "Spring", destination: { type: "WEBSITE", url: "https://example.com/" } }],
    });
    await client.post<Entity>(path("cards/video_conversation"), {
      name: "Video poll", media_key: "7_3001", poster_media_key: "3_1001", title: "Which one?", first_cta: "#One", first_cta_tweet: "One", thank_you_text: "Thanks!",
    });
    stack = e2e.stack("adoption-import");
  });

  test("the imported program declares the budget, the bid and the card's media; its up writes nothing; the next preview has no changes", async () => {
    const imported = await stack.xads(["import", "--account", ACCOUNT, "--out", stack.dir], { env: e2e.env() });
    expect(imported).toMatchObject({ code: 0 });
    const index = readFileSync(join(stack.dir, "index.ts"), "utf8");
    expect(index).toContain("  dailyBudgetAmountLocalMicro: 50000000,\n");
    expect(index).toContain("  bidAmountLocalMicro: 1500000,\n");
    expect(index).toContain('"mediaKey":"3_1001"');
    // The platform answers the poster only as its address (poster_media_url): the key cannot be imported, and is no difference.
    expect(index).toContain('new xads.VideoConversationCard("video-poll", {');
    await stack.init();
    e2e.emu.control.clearRequests();
    const up = await stack.up();
    expect({ code: up.code, output: output(up) }).toMatchObject({ code: 0 });
    expect(e2e.writes()).toEqual([]);
    const preview = await stack.preview("--expect-no-changes");
    expect({ code: preview.code, output: output(preview) }).toMatchObject({ code: 0 });
    expect(e2e.writes()).toEqual([]);
  });
});

describe("a program that adopts a campaign without declaring its daily budget", () => {
  test("fails in preview naming dailyBudgetAmountLocalMicro and its live value, and writes nothing", async () => {
    const live = await seedCampaign(e2e.api(), { name: "Legacy", daily_budget_amount_local_micro: 50_000_000 });
    const stack = e2e.stack("adoption-preview");
    stack.writeProgram([{
      type: "Campaign", name: "legacy", args: { adoptId: live.id, fundingInstrumentId: String(live.funding_instrument_id), name: "Legacy", accountId: ACCOUNT_ID },
    }]);
    await stack.init();
    e2e.emu.control.clearRequests();
    const preview = await stack.preview();
    expect(preview.code).not.toBe(0);
    expect(output(preview)).toContain(
      `campaign ${live.id} cannot be adopted: dailyBudgetAmountLocalMicro is 50000000 on the platform and not declared: the next up would clear it; declare it`,
    );
    expect(e2e.writes()).toEqual([]);
    // up stops at the same check: nothing is adopted, nothing written.
    const up = await stack.up();
    expect(up.code).not.toBe(0);
    expect(e2e.writes()).toEqual([]);
  });
});
