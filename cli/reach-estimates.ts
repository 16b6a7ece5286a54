/**
 * The Reach section of `xads pr-summary`, the calls: for each line item of
 * the plan (reach.ts), the criteria the preview leaves out (a plain
 * `pulumi preview --json` shows no unchanged resource) read live, one list
 * call per 200 line items, then one audience_estimate per side and line
 * item, the same criteria asked once per run. The client plans them within
 * the platform's rate limits (docs/architecture.md rule 8). A failed call
 * makes that side "unavailable", never a failed summary.
 */
import { Entity } from "../provider/client/client";
import { redact } from "../provider/client/errors";
import { estimateAudience } from "../provider/audience-estimate";
import { LIMITS } from "../provider/limits";
import { Context } from "../provider/resources/framework";
import { canonical, Criterion, ReachLineItem, ReachRow, SideEstimate } from "./reach";


/** The live criteria of the line items (by id), or why they could not be read. */
async function liveCriteria(ctx: Context, accountId: string, ids: string[], reason: (err: unknown) => string): Promise<Map<string, Entity[]> | string> {
  const out = new Map<string, Entity[]>(ids.map((id) => [id, []]));
  try {
    for (let i = 0; i < ids.length; i += LIMITS.idsPerFilter) {
      const rows = await ctx.client.list<Entity>(`/12/accounts/${accountId}/targeting_criteria`, { line_item_ids: ids.slice(i, i + LIMITS.idsPerFilter) });
      for (const r of rows) if (!r.deleted) out.get(String(r.line_item_id))?.push(r);
    }
    return out;
  } catch (err) {
    return `reading the line items' targeting criteria failed: ${reason(err)}`;
  }
}

const fromWire = (e: Entity): Criterion => ({
  targetingType: String(e.targeting_type), targetingValue: String(e.targeting_value), operatorType: String(e.operator_type ?? "EQ"),
});

/**
 * Each line item's row: its criteria completed with the unchanged live ones,
 * and both sides estimated. A reason never shows a credential (`secrets`).
 */
export async function estimateReach(plan: readonly ReachLineItem[], ctx: Context, secrets: readonly string[] = []): Promise<ReachRow[]> {
  const reason = (err: unknown) => redact((err instanceof Error ? err.message : String(err)).replace(/^reach: /, ""), secrets);
  const accountOf = (li: ReachLineItem) => li.accountId ?? ctx.config.accountId;
  // The unchanged criteria of existing line items, per account.
  const existing = plan.filter((li) => li.id !== undefined && accountOf(li) !== undefined);
  const live = new Map<string, Map<string, Entity[]> | string>();
  for (const account of new Set(existing.map((li) => accountOf(li)!))) {
    live.set(account, await liveCriteria(ctx, account, [...new Set(existing.filter((li) => accountOf(li) === account).map((li) => li.id!))], reason));
  }

  const asked = new Map<string, Promise<SideEstimate>>();
  const estimate = (accountId: string, criteria: Criterion[]): Promise<SideEstimate> => {
    const sorted = canonical(criteria);
    const key = `${accountId}\u0000${JSON.stringify(sorted)}`;
    if (!asked.has(key)) {
      asked.set(key, estimateAudience(ctx, accountId, sorted, undefined, "reach").then(
        (e): SideEstimate => ({ size: e.audienceSize }),
        (err): SideEstimate => ({ unavailable: reason(err) }),
      ));
    }
    return asked.get(key)!;
  };
  const side = (accountId: string | undefined, criteria: Criterion[] | undefined, missing: string): Promise<SideEstimate> => {
    if (criteria === undefined) return Promise.resolve({ unavailable: missing });
    if (criteria.length === 0) return Promise.resolve({ none: "no criteria: all users" });
    if (accountId === undefined) return Promise.resolve({ unavailable: "the line item's account is not known (set xads:accountId or XADS_ACCOUNT_ID)" });
    return estimate(accountId, criteria);
  };

  return Promise.all(plan.map(async (li): Promise<ReachRow> => {
    const accountId = accountOf(li);
    const read = li.id !== undefined && accountId !== undefined ? live.get(accountId) : undefined;
    if (typeof read === "string") return { lineItem: li, beforeEstimate: { unavailable: read }, afterEstimate: { unavailable: read } };
    const unchanged = (read?.get(li.id!) ?? []).filter((e) => !li.shown.includes(String(e.id))).map(fromWire);
    const before = li.before && [...li.before, ...unchanged];
    const after = li.after && [...li.after, ...unchanged];
    const [beforeEstimate, afterEstimate] = await Promise.all([
      li.isNew ? Promise.resolve<SideEstimate>({ none: "new line item" }) : side(accountId, before, "the old criteria are not known"),
      side(accountId, after, li.unknownAfter ?? "the new criteria are not known"),
    ]);
    return { lineItem: li, ...(before ? { before } : {}), ...(after ? { after } : {}), beforeEstimate, afterEstimate };
  }));
}
