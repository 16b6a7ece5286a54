/**
 * Account features (ref campaign-management/reference.mdx, Features): the feature keys one
 * account has. In the sandbox, POST and DELETE
 * {ads_sandbox_url}/12/accounts/:account_id/features add and remove keys;
 * GET /accounts/:account_id/features shows those the account has. One
 * resource per account holds the set of keys it manages: an update adds and
 * removes the difference in place, destroy removes the keys it added (keys
 * the account had before stay). Sandbox only: a production stack is refused
 * in check.
 */
import { z } from "zod";
import { MaybeCommittedError } from "../client/errors";
import { ACCOUNT_SETTINGS } from "../limits";
import { accountIdInput } from "./common";
import { defineResource } from "./define";
import { field } from "./fields";
import { CheckFailure, containsUnknown, Context, deleteIdempotent, readLive, rule } from "./framework";

// --------------------------------------------------------------- schema ---

/** The same keys, in any order: nothing to add or remove. */
function sameKeys(olds: unknown, news: unknown): boolean {
  const { add, remove } = featureChanges(olds as string[] | undefined, news as string[] | undefined);
  return add.length === 0 && remove.length === 0;
}

export const accountFeaturesInputs = z.strictObject({
  accountId: accountIdInput,
  featureKeys: field(z.array(z.enum(ACCOUNT_SETTINGS.featureKeys)).min(1)
    .describe("The feature keys this resource manages (the platform's feature keys). Adding or removing one changes the account in place."),
  { same: sameKeys }),
}).describe("The feature keys of one ads account, added and removed in the sandbox (no cost). One resource per account; changes to the set apply in place; destroy removes the keys it added. Refused in a production stack.");

export type AccountFeaturesInputs = z.infer<typeof accountFeaturesInputs>;
export type FeatureKey = AccountFeaturesInputs["featureKeys"][number];
export type AccountFeaturesOutputs = AccountFeaturesInputs & {
  addedFeatureKeys: FeatureKey[];
  featureKeySet: Record<string, boolean>;
};

const path = (accountId: string) => `/12/accounts/${accountId}/features`;

// ------------------------------------------------------------ pure parts ---

/** A key given twice is a mistake in the program, not a set: refused. */
export function duplicateKeys(inputs: AccountFeaturesInputs): CheckFailure[] {
  const seen = new Set<string>();
  const twice = inputs.featureKeys.filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
  return twice.length > 0 ? [{ property: "featureKeys", reason: `featureKeys must not repeat a key (${[...new Set(twice)].join(", ")} given more than once)` }] : [];
}

/** The keys an update adds and removes: set differences, order does not matter. */
export function featureChanges(olds: readonly string[] = [], news: readonly string[] = []): { add: string[]; remove: string[] } {
  return { add: news.filter((k) => !olds.includes(k)), remove: olds.filter((k) => !news.includes(k)) };
}

/**
 * The keys as a set (`{ KEY: true }`): the engine shows a change of it key
 * by key, so the preview lists each key added (+) and removed (-).
 */
export function keySet(keys: readonly string[]): Record<string, boolean> {
  return Object.fromEntries([...keys].sort().map((k) => [k, true]));
}

function outputs(accountId: string, featureKeys: FeatureKey[], added: readonly string[]): AccountFeaturesOutputs {
  return {
    accountId,
    featureKeys,
    addedFeatureKeys: featureKeys.filter((k) => added.includes(k)),
    featureKeySet: keySet(featureKeys),
  };
}

// ------------------------------------------------------------- requests ---

/**
 * Which of `keys` the account has now: GET features, unfiltered (its
 * `feature_keys` filter takes only REACH_AND_FREQUENCY_ANALYTICS,
 * REACH_FREQUENCY_CAP and WEBSITE_CLICKS_CPM_BILLING, tests/conformance
 * corpus), then these keys of it.
 */
async function liveKeys(ctx: Context, accountId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const live = await ctx.client.get<string[]>(path(accountId));
  return keys.filter((k) => live.includes(k));
}

/**
 * POST the keys. Adding keys is a set union, but a POST that got no answer
 * is still not sent again (docs/architecture.md rule 7): a GET tells whether it committed.
 */
async function addKeys(ctx: Context, accountId: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await ctx.client.post(path(accountId), { feature_keys: keys });
  } catch (err) {
    if (!(err instanceof MaybeCommittedError)) throw err;
    const present = await liveKeys(ctx, accountId, keys);
    if (present.length !== keys.length) throw new Error(`${err.message}. The account does not have ${keys.filter((k) => !present.includes(k)).join(", ")} afterwards; run pulumi up again`);
  }
}

async function removeKeys(ctx: Context, accountId: string, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await ctx.client.delete(path(accountId), { feature_keys: keys });
}

// ------------------------------------------------------------ lifecycle ---

export const accountFeatures = defineResource("AccountFeatures", accountFeaturesInputs, {
  // The platform's record has no created_at.
  timestamps: false,
  outputs: {
    addedFeatureKeys: z.array(z.string()).describe("The keys this resource added (the account did not have them): destroy removes these, and leaves the others."),
    featureKeySet: z.record(z.string(), z.boolean()).describe("featureKeys as a set (each key: true), so a preview lists each key added or removed."),
  },
  rules: [rule(["featureKeys"], duplicateKeys)],
  sandboxOnly: "adds and removes account features",
  path: (f) => path(f.accountId),
  // The account's keys are a set that one POST adds to and one DELETE takes from: no entity of their own to create, PUT or delete.
  overrides: (standard) => ({
    check(olds, news, env) {
      const result = standard.check(olds, news, env);
      const keys = result.inputs?.featureKeys;
      return Array.isArray(keys) && !containsUnknown(keys) ? { ...result, inputs: { ...result.inputs!, featureKeySet: keySet(keys) } } : result;
    },

    async create(ctx, inputs) {
      const live = await liveKeys(ctx, inputs.accountId, inputs.featureKeys);
      const add = inputs.featureKeys.filter((k) => !live.includes(k));
      await addKeys(ctx, inputs.accountId, add);
      return { id: inputs.accountId, outs: outputs(inputs.accountId, inputs.featureKeys, add) };
    },

    async read(ctx, id, props) {
      const keys = props.featureKeys ?? [];
      // A deleted account takes its features with it (the client reads its ACCOUNT_NOT_FOUND as gone): the resource is gone.
      const live = await readLive(async (): Promise<{ keys: string[]; deleted?: boolean }> => ({ keys: await liveKeys(ctx, props.accountId, keys) }));
      if (!live) return undefined;
      return { id, props: outputs(props.accountId, keys.filter((k) => live.keys.includes(k)), props.addedFeatureKeys ?? []) };
    },

    async update(ctx, _id, olds, news) {
      const { add, remove } = featureChanges(olds.featureKeys, news.featureKeys);
      const live = await liveKeys(ctx, news.accountId, add);
      const addNow = add.filter((k) => !live.includes(k));
      await addKeys(ctx, news.accountId, addNow);
      await removeKeys(ctx, news.accountId, remove);
      return outputs(news.accountId, news.featureKeys, [...(olds.addedFeatureKeys ?? []), ...addNow]);
    },

    async delete(ctx, id, props) {
      const added = props.addedFeatureKeys ?? [];
      const kept = (props.featureKeys ?? []).filter((k) => !added.includes(k));
      await deleteIdempotent(() => removeKeys(ctx, props.accountId, added));
      if (kept.length > 0) {
        process.stderr.write(`account ${id} keeps the features ${kept.join(", ")}: it had them before this resource; removed: ${added.length > 0 ? added.join(", ") : "none"}\n`);
      }
    },
  }),
});
