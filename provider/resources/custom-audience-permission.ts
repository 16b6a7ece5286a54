/**
 * Custom audience permission (Advertising API section 4.12, /12): shares a
 * custom audience with another account. The logic is audience-permission.ts,
 * shared with TailoredAudiencePermission.
 */
import { audiencePermission, PermissionInputs, PermissionOutputs, permissionInputs, PermissionVariant } from "./audience-permission";

const variant: PermissionVariant<"customAudienceId"> = {
  kind: "CustomAudiencePermission", version: "12", collection: "custom_audiences",
  audienceInput: "customAudienceId", idsParam: "custom_audience_permission_ids", noun: "custom audience",
};

export const customAudiencePermissionInputs = permissionInputs(variant);
export type CustomAudiencePermissionInputs = PermissionInputs<"customAudienceId">;
export type CustomAudiencePermissionOutputs = PermissionOutputs<"customAudienceId">;
export const customAudiencePermission = audiencePermission(variant);
