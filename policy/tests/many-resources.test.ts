/**
 * A guardrail many resources break reports once for the stack, with the count
 * and the first names, so a mandatory failure is not buried under one
 * advisory per resource (policy-pack/README.md "Many resources, one report";
 * policy/define.ts reportFindings). Few resources are still reported one by
 * one, each on its resource.
 */
import { Policy, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { audiencePermissionAllowList } from "../audiences";
import { campaignBudgetCaps } from "../budgets";
import { NAMED_IN_ONE_REPORT, REPORT_EACH_UP_TO } from "../define";
import { namingConvention, productionCampaignsPolicy, protectIrreversibleDeletes, purchaseOrderRequired } from "../guardrails";
import { POLICIES } from "../policies";
import { campaign, customAudiencePermission } from "./fixtures";
import { Declared, resourceArgs, stackArgs, StackOptions, times } from "./util";

/** What a stack policy reports, each with the URN it names (none: the stack's). */
async function reports(policy: StackValidationPolicy, declared: Declared[], opts: StackOptions = {}): Promise<{ message: string; urn?: string }[]> {
  const out: { message: string; urn?: string }[] = [];
  await policy.validateStack(stackArgs(policy, declared, opts), (message: string, urn?: string) => out.push(urn ? { message, urn } : { message }));
  return out;
}

const campaigns = (n: number, props: Record<string, unknown> = {}) =>
  times(n, (i) => campaign({ name: `Campaign ${i}`, ...props }, { name: `c-${i}` }));
const firstNames = (n: number) => `${Array.from({ length: NAMED_IN_ONE_REPORT }, (_, i) => `Campaign "c-${i}"`).join(", ")} and ${n - NAMED_IN_ONE_REPORT} more`;

describe("the issue's stack: 201 active campaigns without a purchase order number", () => {
  test("the whole pack reports the mandatory failure and one line per advisory policy, not one per campaign", async () => {
    const declared = campaigns(201, { entityStatus: "ACTIVE", purchaseOrderNumber: undefined, deletionProtection: false });
    const found: { policy: string; level: string; message: string }[] = [];
    for (const policy of POLICIES as Policy[]) {
      const report = (message: string | { message: string }) =>
        found.push({ policy: policy.name, level: policy.enforcementLevel ?? "advisory", message: typeof message === "string" ? message : message.message });
      if ("validateStack" in policy) await (policy as StackValidationPolicy).validateStack(stackArgs(policy, declared), report);
      else for (const d of declared) for (const validate of [(policy as ResourceValidationPolicy).validateResource ?? []].flat()) await validate(resourceArgs(policy, d), report);
    }
    expect(found.map((f) => [f.level, f.policy])).toEqual([
      ["mandatory", "xads-active-campaigns-per-account"],
      ["advisory", "xads-purchase-order-required"],
      ["advisory", "xads-protect-irreversible-deletes"],
    ]);
    expect(found[0]!.message).toContain("would have 201 active campaigns; the platform allows 200");
  });
});

describe.each([
  ["xads-purchase-order-required", purchaseOrderRequired, { purchaseOrderNumber: undefined }, {},
    (n: number) => `${n} campaigns have no purchaseOrderNumber (${firstNames(n)}); the organisation requires one on every campaign`],
  ["xads-protect-irreversible-deletes", protectIrreversibleDeletes, { deletionProtection: false }, {},
    (n: number) => `${n} campaigns and audiences set deletionProtection: false and are not protected (protect: true) (${firstNames(n)}), so a pulumi change could delete them, which cannot be undone; keep deletionProtection on (the default) or set the resource option protect: true`],
  ["xads-naming-convention", namingConvention, {}, { config: { campaignNamePattern: "^[A-Z]{2}-" } },
    (n: number) => `${n} campaigns and line items have no name or one that does not match the naming convention /^[A-Z]{2}-/ (campaignNamePattern): ${firstNames(n)}`],
  ["xads-campaign-budget-caps", campaignBudgetCaps, { currency: "USD" }, { config: { maxDailyBudget: { USD: 10 } } },
    (n: number) => `${n} campaigns have a budget above the organisation's caps (${firstNames(n)}); the caps are maxDailyBudget {"USD":10}, maxTotalBudget {}`],
  ["xads-production-campaigns-start-inactive", productionCampaignsPolicy(() => undefined), { entityStatus: "ACTIVE" }, { stack: "production" },
    (n: number) => `${n} campaigns would be created ACTIVE in production stack "production" (${firstNames(n)}); create campaigns PAUSED or DRAFT and activate them in a later change (without read credentials the pack cannot tell it from a live campaign changed in this preview)`],
] as const)("%s", (_name, policy, props, opts, many) => {
  test(`up to ${REPORT_EACH_UP_TO} campaigns are reported one by one, each on its resource`, async () => {
    const found = await reports(policy, campaigns(REPORT_EACH_UP_TO, props), opts);
    expect(found).toHaveLength(REPORT_EACH_UP_TO);
    expect(found.map((f) => f.urn?.split("::").pop())).toEqual(Array.from({ length: REPORT_EACH_UP_TO }, (_, i) => `c-${i}`));
    expect(found[0]!.message).toMatch(/^Campaign "c-0" /);
  });

  test(`more are reported once for the stack, with the count and the first ${NAMED_IN_ONE_REPORT} names`, async () => {
    expect(await reports(policy, campaigns(REPORT_EACH_UP_TO + 1, props), opts)).toEqual([{ message: many(REPORT_EACH_UP_TO + 1) }]);
    expect(await reports(policy, campaigns(201, props), opts)).toEqual([{ message: many(201) }]);
    // The first by name, numbers in order, whatever order the engine hands them over in.
    expect(await reports(policy, campaigns(201, props).reverse(), opts)).toEqual([{ message: many(201) }]);
  });
});

test("xads-audience-permission-allow-list: many shares with an empty allow-list are reported once", async () => {
  const shares = times(REPORT_EACH_UP_TO + 1, (i) => customAudiencePermission({}, { name: `share-${i}` }));
  const found = await reports(audiencePermissionAllowList, shares);
  expect(found).toHaveLength(1);
  expect(found[0]!.message).toMatch(/^11 audience permissions share an audience with an account not on the allow-list \(CustomAudiencePermission "share-0", .* and 6 more\); allowedAccountIds is empty$/);
  expect(await reports(audiencePermissionAllowList, shares.slice(0, REPORT_EACH_UP_TO))).toHaveLength(REPORT_EACH_UP_TO);
});
