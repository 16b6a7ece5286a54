import { trackingTag } from "../../provider/resources/tracking-tag";

const valid = () => ({
  accountId: "18ce54d4x5t", lineItemId: "li1", trackingTagType: "IMPRESSION_TAG", trackingTagUrl: "https://tags.example/i?c=1",
});
const reasons = (news: Record<string, unknown>) => (trackingTag.check({}, news).failures ?? []).map((f) => f.reason);

describe("TrackingTag", () => {
  test("valid inputs pass", () => {
    expect(reasons(valid())).toEqual([]);
  });

  test("an unknown tag type lists the two the platform has", () => {
    expect(reasons({ ...valid(), trackingTagType: "PIXEL" })).toEqual(['trackingTagType must be one of IMPRESSION_TAG, CLICK_TRACKER (got "PIXEL")']);
  });

  test("a URL that is not http(s) is refused, naming the field", () => {
    expect(reasons({ ...valid(), trackingTagUrl: "tags.example/i" })).toEqual(['trackingTagUrl must be an http(s) URL from the tracking partner (got "tags.example/i")']);
  });

  test("a new URL is an in-place update; a new line item or type replaces", () => {
    const state = valid() as never;
    expect(trackingTag.diff("t1", state, { ...valid(), trackingTagUrl: "https://tags.example/i?c=2" } as never)).toMatchObject({ changes: true });
    expect(trackingTag.diff("t1", state, { ...valid(), trackingTagUrl: "https://tags.example/i?c=2" } as never).replaces).toBeUndefined();
    expect(trackingTag.diff("t1", state, { ...valid(), lineItemId: "li2" } as never).replaces).toEqual(["lineItemId"]);
    expect(trackingTag.diff("t1", state, { ...valid(), trackingTagType: "CLICK_TRACKER" } as never).replaces).toEqual(["trackingTagType"]);
  });
});
