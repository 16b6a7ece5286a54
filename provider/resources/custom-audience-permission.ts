/**
 * Custom audience permission (ref audiences/reference.mdx, /12): shares a
 * custom audience with another account. The declaration is
 * audience-permission.ts, shared with TailoredAudiencePermission.
 */
import { audiencePermission, PermissionInputs, PermissionOutputs, permissionInputs } from "./audience-permission";

const variant = { audience: "customAudience", version: "12" } as const;

export const customAudiencePermissionInputs = permissionInputs(variant);
export type CustomAudiencePermissionInputs = PermissionInputs<"customAudienceId">;
export const customAudiencePermission = audiencePermission(variant);
