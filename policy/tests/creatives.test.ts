import { mediaCreativeLandingUrl } from "../creatives";
import { lineItem, mediaCreative } from "./fixtures";
import { stackViolations, unknown } from "./util";

describe("xads-media-creative-landing-url", () => {
  const policy = mediaCreativeLandingUrl;
  const onLineItem = (objective: unknown, creative: Record<string, unknown>) => [
    lineItem({ objective }, { name: "li" }),
    mediaCreative({ lineItemId: unknown, ...creative }, { sources: { lineItemId: ["li"] } }),
  ];

  test("a creative with a landingUrl on a WEBSITE_CLICKS line item of the stack passes", async () => {
    expect(await stackViolations(policy, onLineItem("WEBSITE_CLICKS", {}))).toEqual([]);
  });

  test("without one it fails, naming the creative, the line item and the objective, while the line item's id is not known", async () => {
    expect(await stackViolations(policy, onLineItem("WEBSITE_CLICKS", { landingUrl: undefined }))).toEqual([
      'MediaCreative "spring-banner" has no landingUrl; the platform requires one because LineItem "li" has objective WEBSITE_CLICKS',
    ]);
  });

  test("other objectives, unknown objectives and line items outside the stack are not judged", async () => {
    expect(await stackViolations(policy, onLineItem("ENGAGEMENTS", { landingUrl: undefined }))).toEqual([]);
    expect(await stackViolations(policy, onLineItem(unknown, { landingUrl: undefined }))).toEqual([]);
    expect(await stackViolations(policy, [mediaCreative({ landingUrl: undefined })])).toEqual([]);
  });
});
