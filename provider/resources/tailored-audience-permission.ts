/**
 * Tailored audience permission (ref audiences/reference.mdx, /5): the
 * older path of the same sharing. A tailored audience is the same record as
 * a custom audience on the platform, so `tailoredAudienceId` takes a custom
 * audience's id. The declaration is audience-permission.ts.
 */
import { audiencePermission, PermissionInputs, PermissionOutputs, permissionInputs } from "./audience-permission";

const variant = { audience: "tailoredAudience", version: "5" } as const;

export const tailoredAudiencePermissionInputs = permissionInputs(variant);
export type TailoredAudiencePermissionInputs = PermissionInputs<"tailoredAudienceId">;
export const tailoredAudiencePermission = audiencePermission(variant);
