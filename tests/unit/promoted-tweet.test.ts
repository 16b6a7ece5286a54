import { promotedTweet } from "../../provider/resources/promoted-tweet";

const valid = () => ({ accountId: "18ce54d4x5t", lineItemId: "li1", tweetId: "1375475813411733504" });

describe("PromotedTweet", () => {
  test("a Tweet id must be decimal digits, given as a string", () => {
    expect(promotedTweet.check({}, valid()).failures).toBeUndefined();
    expect(promotedTweet.check({}, { ...valid(), tweetId: "13754x" }).failures?.[0]).toEqual({
      property: "tweetId",
      reason: 'tweetId must be a Tweet id in decimal digits (a string: ids exceed JavaScript\'s safe integers) (got "13754x")',
    });
  });

  test("every change replaces, since the platform has no update, and names the field", () => {
    const state = valid() as never;
    expect(promotedTweet.diff("p1", state, { ...valid(), tweetId: "2" } as never)).toMatchObject({ changes: true, replaces: ["tweetId"] });
    expect(promotedTweet.diff("p1", state, { ...valid(), lineItemId: "li2" } as never)).toMatchObject({ replaces: ["lineItemId"] });
    expect(promotedTweet.diff("p1", state, valid() as never)).toMatchObject({ changes: false });
  });
});
