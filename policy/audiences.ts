/**
 * Audiences (ref audiences/reference.mdx, Custom Audience Permissions): who custom and tailored audiences are shared
 * with (a guardrail). The shape of flexible audiences (leaves, lookback
 * windows, operators) is the resource's own check, which
 * xads-resource-checks runs.
 */
import { StackValidationPolicy } from "@pulumi/policy";
import { forEachOfKinds } from "./define";
import { AUDIENCE_PERMISSION_KINDS, subject, text } from "./resources";

export interface PermissionAllowListConfig {
  allowedAccountIds: string[];
}

export const audiencePermissionAllowList: StackValidationPolicy = {
  name: "xads-audience-permission-allow-list",
  description: "Custom and tailored audiences are shared only with accounts on the organisation's allow-list.",
  enforcementLevel: "advisory",
  configSchema: {
    properties: {
      allowedAccountIds: {
        type: "array", items: { type: "string" }, default: [],
        description: "Ads account ids audiences may be shared with (granted_account_id).",
      },
    },
  },
  // A stack validation: with the allow-list empty (its default) every share is reported, once for many (define.ts reportFindings).
  validateStack: forEachOfKinds<PermissionAllowListConfig>(AUDIENCE_PERMISSION_KINDS, (permission, config, report) => {
    const granted = text(permission, "grantedAccountId");
    const allowed = config.allowedAccountIds ?? [];
    if (granted === undefined || allowed.includes(granted)) return;
    const list = allowed.length > 0 ? `holds ${allowed.join(", ")}` : "is empty";
    report(`${subject(permission)} shares an audience with account ${granted}, which is not on the allow-list (allowedAccountIds ${list})`);
  }, (count, names, config) => {
    const allowed = config.allowedAccountIds ?? [];
    return `${count} audience permissions share an audience with an account not on the allow-list (${names}); allowedAccountIds ${allowed.length > 0 ? `holds ${allowed.join(", ")}` : "is empty"}`;
  }),
};
