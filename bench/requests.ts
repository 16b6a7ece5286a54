/**
 * How many requests the provider makes for large programs (docs/architecture.md rule 8),
 * against the bundled emulator, and how long they take here. Numbers, not
 * assertions: `make bench` prints them; the tests assert the behaviour.
 *
 *   creates: 200 campaigns created together  -> batch POSTs of up to 40
 *   refresh: 200 campaigns read by id          -> list calls of up to 200 ids
 *   promote: 500 Tweets on one line item       -> POSTs of up to 50 Tweets
 */
import { randomBytes } from "node:crypto";
import { startEmulator } from "../emulator";
import { AdsClient, Entity } from "../provider/client";
import { ProviderConfig } from "../provider/config";
import { campaign } from "../provider/resources/campaign";
import { promotedTweet } from "../provider/resources/promoted-tweet";

const ACCOUNT = "18ce54d4x5t";
const N_CAMPAIGNS = 200;
const N_TWEETS = 500;

async function main(): Promise<void> {
  const r = () => randomBytes(18).toString("base64url");
  const credentials = { consumerKey: r(), consumerSecret: r(), accessToken: r(), accessTokenSecret: r() };
  const emu = await startEmulator({ port: 0, credentials });
  const client = new AdsClient({ credentials, baseUrl: emu.sandboxUrl, log: () => {} });
  const ctx = { client, config: { sandbox: true } as ProviderConfig };
  const requests = (method: string) => emu.control.requests().filter((q) => q.method === method).length;
  const measure = async (label: string, method: string, work: () => Promise<unknown>) => {
    emu.control.clearRequests();
    const start = process.hrtime.bigint();
    await work();
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(`${label.padEnd(44)} ${String(requests(method)).padStart(4)} ${method} requests  ${ms.toFixed(0).padStart(6)} ms`);
  };
  try {
    const fi = await client.post<Entity>(`/12/accounts/${ACCOUNT}/funding_instruments`, { currency: "USD", start_time: "2026-01-01T00:00:00Z" });
    emu.control.setActiveCampaignLimit("sandbox", ACCOUNT, 8000);
    const inputs = Array.from({ length: N_CAMPAIGNS }, (_, i) =>
      campaign.check({}, { accountId: ACCOUNT, fundingInstrumentId: fi.id, name: `bench ${i}`, dailyBudgetAmountLocalMicro: 1_000_000 }).inputs!);
    let ids: string[] = [];
    await measure(`create ${N_CAMPAIGNS} campaigns together`, "POST", async () => {
      ids = (await Promise.all(inputs.map((i) => campaign.create(ctx, i)))).map((c) => c.id);
    });
    await measure(`refresh (read) ${N_CAMPAIGNS} campaigns`, "GET", () => Promise.all(ids.map((id, i) => campaign.read(ctx, id, inputs[i]!))));

    const lineItem = await client.post<Entity>(`/12/accounts/${ACCOUNT}/line_items`, {
      campaign_id: ids[0], objective: "WEBSITE_CLICKS", product_type: "PROMOTED_TWEETS", placements: "ALL_ON_TWITTER",
    });
    const tweets = Array.from({ length: N_TWEETS }, (_, i) => String(1_700_000_000_000_000_000n + BigInt(i)));
    await measure(`promote ${N_TWEETS} Tweets on one line item`, "POST", () => Promise.all(tweets.map((tweetId) =>
      promotedTweet.create(ctx, promotedTweet.check({}, { accountId: ACCOUNT, lineItemId: lineItem.id, tweetId }).inputs!))));
  } finally {
    await emu.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
