import { typeToken } from "../../provider/resources";
import { unknownCheckingProxy } from "../engine";
import { KINDS, kindOf, plain, Stack, stackNameOf, UNKNOWN } from "../resources";
import { campaign, lineItem } from "./fixtures";
import { stackArgs, unknown } from "./util";
import { mediaCreativeLandingUrl } from "../creatives";

describe("matching resources by type token", () => {
  test("each kind has its own type token, and a token maps back to its kind only", () => {
    const tokens = KINDS.map(typeToken);
    expect(new Set(tokens).size).toBe(KINDS.length);
    for (const kind of KINDS) expect(kindOf(typeToken(kind))).toBe(kind);
  });

  test("the generic dynamic resource token and other providers' tokens are not xads kinds", () => {
    expect(kindOf("pulumi-nodejs:dynamic:Resource")).toBeUndefined();
    expect(kindOf("aws:s3/bucket:Bucket")).toBeUndefined();
    expect(kindOf("pulumi-nodejs:dynamic/xads:Campaigns")).toBeUndefined();
  });
});

describe("props as plain data", () => {
  test("reading an unknown value straight from the engine's props throws, which is why rules read plain()", () => {
    const props = unknownCheckingProxy({ name: unknown });
    expect(() => props.name).toThrow("can't be known during preview");
  });

  test("unknown values become UNKNOWN and known ones beside them stay readable, at any depth", () => {
    const props = unknownCheckingProxy({
      name: "Spring", fundingInstrumentId: unknown, components: [{ type: "MEDIA", mediaKey: unknown }, unknown],
    });
    expect(plain(props)).toEqual({
      name: "Spring", fundingInstrumentId: UNKNOWN, components: [{ type: "MEDIA", mediaKey: UNKNOWN }, UNKNOWN],
    });
  });
});

describe("the stack view", () => {
  test("the stack's name comes from the URNs", () => {
    expect(stackNameOf("urn:pulumi:production::ads::pulumi-nodejs:dynamic/xads:Campaign::spring")).toBe("production");
    const stack = new Stack(stackArgs(mediaCreativeLandingUrl, [campaign()], { stack: "prod" }));
    expect(stack.name).toBe("prod");
  });

  test("a property's source resource is found even while its value is unknown", () => {
    const stack = new Stack(stackArgs(mediaCreativeLandingUrl, [
      campaign(),
      lineItem({ campaignId: unknown }, { sources: { campaignId: ["spring-sale"] } }),
    ]));
    const [li] = stack.ofKind("LineItem");
    expect(li.props.campaignId).toBe(UNKNOWN);
    expect(stack.sourceOf(li, "campaignId", "Campaign")?.name).toBe("spring-sale");
    expect(stack.sourceOf(li, "campaignId", "FundingInstrument")).toBeUndefined();
  });

  test("only xads resources are in the view", () => {
    const stack = new Stack(stackArgs(mediaCreativeLandingUrl, [campaign(), { kind: "aws:s3/bucket:Bucket", name: "b", props: {} }]));
    expect(stack.resources.map((r) => r.kind)).toEqual(["Campaign"]);
  });

  test("the stack config is what the provider of its xads resources is configured with, secrets included", () => {
    const settings = { "xads:sandbox": "true", "xads:sandboxBaseUrl": "http://127.0.0.1:8787/sandbox", "xads:consumerKey": "decrypted-by-the-engine" };
    const stack = new Stack(stackArgs(mediaCreativeLandingUrl, [campaign()], { settings }));
    expect(stack.settings("xads:sandboxBaseUrl")).toBe("http://127.0.0.1:8787/sandbox");
    expect(stack.settings("xads:consumerKey")).toBe("decrypted-by-the-engine");
    expect(stack.settings("xads:baseUrl")).toBeUndefined();
  });

  test("without xads resources (or a provider) there is no stack config: the environment alone applies", () => {
    expect(new Stack(stackArgs(mediaCreativeLandingUrl, [], { settings: { "xads:sandbox": "true" } })).settings("xads:sandbox")).toBeUndefined();
    expect(new Stack(stackArgs(mediaCreativeLandingUrl, [campaign()])).settings("xads:sandbox")).toBeUndefined();
  });
});
