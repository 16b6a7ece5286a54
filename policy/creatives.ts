/**
 * Creatives: the rule between a creative and its line item, which neither
 * resource's own check can see. Cards' and posts' own limits (ref creatives/reference.mdx
 * and 8) are their check, which xads-resource-checks runs.
 */
import { StackValidationPolicy } from "@pulumi/policy";
import { forStack } from "./define";
import { subject, UNKNOWN } from "./resources";

/**
 * ref campaign-management/reference.mdx, POST media_creatives: a media creative's `landing_url` is required when its line item's
 * objective is WEBSITE_CLICKS. The resource's own check cannot see the line
 * item; this stack rule can when the line item is in the same program (also
 * during preview, while the line item's id is not known yet).
 */
export const mediaCreativeLandingUrl: StackValidationPolicy = {
  name: "xads-media-creative-landing-url",
  description: "A media creative on a WEBSITE_CLICKS line item of the stack has a landingUrl.",
  enforcementLevel: "mandatory",
  validateStack: forStack((stack, _config, report) => {
    for (const creative of stack.ofKind("MediaCreative")) {
      if (creative.props.landingUrl !== undefined) continue;
      const lineItem = stack.sourceOf(creative, "lineItemId", "LineItem");
      const objective = lineItem?.props.objective;
      if (!lineItem || objective === UNKNOWN || objective !== "WEBSITE_CLICKS") continue;
      report(`${subject(creative)} has no landingUrl; the platform requires one because ${subject(lineItem)} has objective WEBSITE_CLICKS`, creative.urn);
    }
  }),
};
