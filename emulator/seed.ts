/**
 * What every environment holds on start and after a reset (README "Two
 * environments"): the demo account the configured user can use, and in
 * production one USD credit card to fund campaigns with (production cannot
 * create funding instruments).
 */
import { fundingInstruments, fundingInstrumentFields } from "./routes/funding-instruments";
import { addPromotableUser } from "./routes/promotable-users";
import { RETWEETS_ONLY_USER_ID } from "./reference-data";
import { DEFAULT_BUSINESS_ID, ENVS, Store } from "./store";

export const DEMO_ACCOUNT_ID = "18ce54d4x5t";
export const DEMO_ACCOUNT_NAME = "Demo account";
/** The user the configured access token belongs to. */
export const DEMO_USER_ID = "756201191646691328";

export function seed(store: Store, userId = DEMO_USER_ID): void {
  for (const env of ENVS) {
    const account = store.env(env).createAccount({ id: DEMO_ACCOUNT_ID, name: DEMO_ACCOUNT_NAME, businessId: DEFAULT_BUSINESS_ID, userIds: [userId] });
    // ref campaign-management/reference.mdx, GET promotable_users: the configured user is the account's FULL promotable user; one RETWEETS_ONLY user beside it.
    addPromotableUser(account, userId, "FULL");
    addPromotableUser(account, RETWEETS_ONLY_USER_ID, "RETWEETS_ONLY");
  }
  const production = store.env("production").account(DEMO_ACCOUNT_ID)!;
  production.collection(fundingInstruments.collection).insert(
    fundingInstrumentFields(production.id, { currency: "USD", start_time: "2024-01-01T00:00:00Z", type: "CREDIT_CARD" }),
  );
}
