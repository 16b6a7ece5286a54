import { AccountInfo, FundingInstrumentInfo, listAccounts, listFundingInstruments } from "../provider/data-sources";
import { AudienceTargetingInfo, CustomAudienceInfo, listAudienceTargeting, listCustomAudiences } from "../provider/data-sources";
import { programContext, settingFromProgram } from "./config";

export type { AccountInfo, FundingInstrumentInfo };
export type { AudienceTargetingInfo, CustomAudienceInfo };

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

function accountOf(what: string, accountId?: string): string {
  const id = accountId ?? settingFromProgram("accountId");
  if (!id) throw new Error(`${what}: accountId is required (or set xads:accountId)`);
  return id;
}

/** The account's custom audiences: its own (permissionScope OWNER, the default) or those shared with it (SHARED). */
export async function getCustomAudiences(args: { accountId?: string; permissionScope?: "OWNER" | "SHARED" } = {}): Promise<CustomAudienceInfo[]> {
  const scope = args.permissionScope ?? "OWNER";
  if (scope !== "OWNER" && scope !== "SHARED") throw new Error(`getCustomAudiences: permissionScope must be OWNER or SHARED (got ${JSON.stringify(scope)})`);
  return listCustomAudiences(programContext(), accountOf("getCustomAudiences", args.accountId), scope);
}

/** The campaigns and line items that target a custom audience; withActive (default true) leaves out those that cannot serve. */
export async function getAudienceTargetedLineItems(args: { accountId?: string; customAudienceId: string; withActive?: boolean }): Promise<AudienceTargetingInfo[]> {
  return listAudienceTargeting(programContext(), accountOf("getAudienceTargetedLineItems", args.accountId), args.customAudienceId, args.withActive ?? true);
}
