import { AccountInfo, FundingInstrumentInfo, listAccounts, listFundingInstruments } from "../provider/data-sources";
import { listAccountFeatures } from "../provider/data-sources";
import { ACCOUNT_SETTINGS } from "../provider/limits";
import { programContext, settingFromProgram } from "./config";

export type { AccountInfo, FundingInstrumentInfo };

/** The ads accounts the configured credentials reach (optionally by name prefix). */
export async function getAccounts(args: { namePrefix?: string } = {}): Promise<AccountInfo[]> {
  return listAccounts(programContext(), args.namePrefix);
}

/** One account by id (default: the stack's `xads:accountId`). */
export async function getAccount(args: { accountId?: string } = {}): Promise<AccountInfo> {
  const id = args.accountId ?? settingFromProgram("accountId");
  const found = (await getAccounts()).find((a) => a.id === id);
  if (!found) throw new Error(`getAccount: no account ${id ?? "(accountId not set)"} is reachable with these credentials`);
  return found;
}

/** The live funding instruments of an account, optionally of one currency. */
export async function getFundingInstruments(args: { accountId?: string; currency?: string } = {}): Promise<FundingInstrumentInfo[]> {
  const accountId = args.accountId ?? settingFromProgram("accountId");
  if (!accountId) throw new Error("getFundingInstruments: accountId is required (or set xads:accountId)");
  const all = await listFundingInstruments(programContext(), accountId);
  return all.filter((f) => !args.currency || f.currency === args.currency);
}

/** Exactly one funding instrument: by id, or the only active one of a currency. */
export async function getFundingInstrument(args: { accountId?: string; id?: string; currency?: string }): Promise<FundingInstrumentInfo> {
  const all = await getFundingInstruments({ accountId: args.accountId, currency: args.currency });
  const matches = args.id ? all.filter((f) => f.id === args.id) : all.filter((f) => f.entityStatus === "ACTIVE");
  if (matches.length !== 1) {
    const what = args.id ? `id ${args.id}` : `active instrument${args.currency ? ` in ${args.currency}` : ""}`;
    throw new Error(`getFundingInstrument: expected exactly one ${what}, found ${matches.length}${matches.length ? ` (${matches.map((m) => m.id).join(", ")}); pass id` : ""}`);
  }
  return matches[0]!;
}

/**
 * The feature keys an account has (default: the stack's `xads:accountId`),
 * optionally only among `featureKeys`; works in production and the sandbox.
 */
export async function getAccountFeatures(args: { accountId?: string; featureKeys?: string[] } = {}): Promise<{ accountId: string; featureKeys: string[] }> {
  const accountId = args.accountId ?? settingFromProgram("accountId");
  if (!accountId) throw new Error("getAccountFeatures: accountId is required (or set xads:accountId)");
  const unknown = (args.featureKeys ?? []).filter((k) => !(ACCOUNT_SETTINGS.readableFeatureKeys as readonly string[]).includes(k));
  if (unknown.length > 0) {
    throw new Error(`getAccountFeatures: featureKeys must be among ${ACCOUNT_SETTINGS.readableFeatureKeys.join(", ")} (got ${unknown.join(", ")})`);
  }
  return { accountId, featureKeys: await listAccountFeatures(programContext(), accountId, args.featureKeys) };
}
