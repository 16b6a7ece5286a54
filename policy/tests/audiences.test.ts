import { audiencePermissionAllowList } from "../audiences";
import { customAudiencePermission, PARTNER, tailoredAudiencePermission } from "./fixtures";
import { resourceViolations, unknown } from "./util";

describe("xads-audience-permission-allow-list", () => {
  const policy = audiencePermissionAllowList;
  const config = { allowedAccountIds: [PARTNER, "18ce54d4x5t"] };

  test("custom and tailored audience permissions to allowed accounts pass", async () => {
    expect(await resourceViolations(policy, customAudiencePermission(), config)).toEqual([]);
    expect(await resourceViolations(policy, tailoredAudiencePermission(), config)).toEqual([]);
  });

  test("a permission to another account fails, listing the allowed ones", async () => {
    expect(await resourceViolations(policy, customAudiencePermission({ grantedAccountId: "q1w2e3" }), config)).toEqual([
      'CustomAudiencePermission "share-newsletter" shares an audience with account q1w2e3, which is not on the allow-list (allowedAccountIds holds 5gvk9h, 18ce54d4x5t)',
    ]);
  });

  test("the allow-list is empty by default: every share is reported", async () => {
    expect(await resourceViolations(policy, tailoredAudiencePermission())).toEqual([
      'TailoredAudiencePermission "share-legacy" shares an audience with account 5gvk9h, which is not on the allow-list (allowedAccountIds is empty)',
    ]);
  });

  test("an account not known during preview is skipped", async () => {
    expect(await resourceViolations(policy, customAudiencePermission({ grantedAccountId: unknown }))).toEqual([]);
  });
});
