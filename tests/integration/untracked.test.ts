/**
 * `xads drift`'s search for live entities no state holds (cli/untracked.ts):
 * a killed `pulumi up` can leave a committed create that no resource holds;
 * a refresh reads only what the state holds, so it cannot see it.
 */
import { findUntracked } from "../../cli/untracked";
import { Deployment } from "../../cli/recover-plan";
import { typeToken } from "../../provider/resources";
import { ACCOUNT, seedFundingInstrument, seedLineItem, useEmulator } from "./fixtures";

const fixture = useEmulator();
const urn = (kind: string, name: string) => `urn:pulumi:dev::shop::${typeToken(kind)}::${name}`;
const resource = (kind: string, name: string, id: string, inputs: Record<string, unknown>) =>
  ({ urn: urn(kind, name), type: typeToken(kind), custom: true, id, inputs: { __provider: "shim", accountId: ACCOUNT, ...inputs } });

test("a campaign and a promoted Tweet made twice are found with the resource they look like; held, deleted and unlike ones are not", async () => {
  const client = fixture.client();
  const fundingInstrumentId = await seedFundingInstrument(client);
  const campaign = (name: string) => client.post<{ id: string }>(`/12/accounts/${ACCOUNT}/campaigns`, { name, funding_instrument_id: fundingInstrumentId, daily_budget_amount_local_micro: 5_000_000 });
  const [spring, springAgain, autumn, deletedTwin] = [await campaign("Spring"), await campaign("Spring"), await campaign("Autumn"), await campaign("Autumn")];
  await campaign("Winter");
  await client.delete(`/12/accounts/${ACCOUNT}/campaigns/${deletedTwin.id}`);
  const lineItemId = await seedLineItem(client);
  const promote = async () => (await client.post<{ id: string }[]>(`/12/accounts/${ACCOUNT}/promoted_tweets`, { line_item_id: lineItemId, tweet_ids: "1700000000000000001" }))[0]!;
  const [promoted, promotedAgain] = [await promote(), await promote()];

  const deployment: Deployment = {
    resources: [
      { urn: "urn:pulumi:dev::shop::pulumi:pulumi:Stack::shop-dev", type: "pulumi:pulumi:Stack" },
      resource("Campaign", "spring", spring.id, { name: "Spring", fundingInstrumentId }),
      resource("Campaign", "autumn", autumn.id, { name: "Autumn", fundingInstrumentId }),
      resource("PromotedTweet", "launch", promoted.id, { lineItemId, tweetId: "1700000000000000001" }),
    ],
  };
  const ctx = fixture.ctx(client);
  expect(await findUntracked(deployment, () => ctx)).toEqual([
    { kind: "PromotedTweet", id: promotedAgain.id, like: "launch" },
    { kind: "Campaign", id: springAgain.id, name: "Spring", like: "spring" },
  ]);
});

test("campaigns of one funding instrument are looked up in one call per 200", async () => {
  const client = fixture.client();
  const fundingInstrumentId = await seedFundingInstrument(client);
  const resources = [];
  for (let i = 0; i < 250; i++) resources.push(resource("Campaign", `c${i}`, `held${i}`, { name: `Campaign ${i}`, fundingInstrumentId }));
  fixture.emu.control.clearRequests();
  const ctx = fixture.ctx(client);
  expect(await findUntracked({ resources }, () => ctx)).toEqual([]);
  expect(fixture.emu.control.requests().filter((r) => r.path.endsWith("/campaigns")).length).toBe(2);
});
