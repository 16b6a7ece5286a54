import { AccountInfo, FundingInstrumentInfo, listAccounts, listFundingInstruments } from "../provider/data-sources";
import { AccountMediaInfo, listAccountMedia } from "../provider/data-sources";
import { programContext, settingFromProgram } from "./config";
import { ENUMS } from "../provider/limits";

export type { AccountInfo, FundingInstrumentInfo };
export type { AccountMediaInfo };

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
 * The account media of an account (default: the stack's `xads:accountId`),
 * optionally of some creative types (e.g. ["PREROLL"]): what a MediaCreative's
 * accountMediaId names.
 */
export async function getAccountMedia(args: { accountId?: string; creativeTypes?: string[] } = {}): Promise<AccountMediaInfo[]> {
  const accountId = args.accountId ?? settingFromProgram("accountId");
  if (!accountId) throw new Error("getAccountMedia: accountId is required (or set xads:accountId)");
  const unknownType = args.creativeTypes?.find((t) => !(ENUMS.creativeType as readonly string[]).includes(t));
  if (unknownType) throw new Error(`getAccountMedia: creativeTypes must be of ${ENUMS.creativeType.join(", ")} (got "${unknownType}")`);
  return listAccountMedia(programContext(), accountId, args.creativeTypes);
}
