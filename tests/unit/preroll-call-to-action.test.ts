import { prerollCallToAction } from "../../provider/resources/preroll-call-to-action";

const valid = () => ({ accountId: "18ce54d4x5t", lineItemId: "8v53k", callToAction: "VISIT_SITE" as const, callToActionUrl: "https://www.x.com" });
const reasons = (news: Record<string, unknown>) => (prerollCallToAction.check({}, news).failures ?? []).map((f) => f.reason);

describe("PrerollCallToAction", () => {
  test("valid inputs pass", () => {
    expect(reasons(valid())).toEqual([]);
  });

  test("a text the reference does not list, and a URL that is not http(s), are refused", () => {
    expect(reasons({ ...valid(), callToAction: "BUY_NOW" })).toEqual([expect.stringContaining("GO_TO")]);
    expect(reasons({ ...valid(), callToActionUrl: "ftp://x.com" })).toEqual(['callToActionUrl must be an http(s) URL (got "ftp://x.com")']);
  });

  test("a new line item replaces it; its text and URL change in place", () => {
    const state = { ...valid(), id: "8f0" };
    expect(prerollCallToAction.diff("8f0", state, { ...valid(), lineItemId: "9xx" })).toMatchObject({ changes: true, replaces: ["lineItemId"] });
    expect(prerollCallToAction.diff("8f0", state, { ...valid(), callToAction: "WATCH_NOW", callToActionUrl: "https://x.com/a" })).toMatchObject({ changes: true });
    expect(prerollCallToAction.diff("8f0", state, { ...valid(), callToAction: "WATCH_NOW" }).replaces ?? []).toEqual([]);
  });
});
