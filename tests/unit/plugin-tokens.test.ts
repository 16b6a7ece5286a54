/**
 * The provider plugin's resources (`xads:index:<Kind>`, provider
 * `pulumi:providers:xads`) are xads resources to every command and to the
 * policy pack, as the dynamic ones are: one test of the kind
 * (kindOfResource) whatever the token. Fixtures captured from the real CLI
 * with a YAML program (examples/yaml) served by the plugin
 * (tests/e2e/plugin-gitops.test.ts with XADS_UPDATE_FIXTURES=1): a
 * `pulumi preview --json` and a `pulumi stack export`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildDriftReport } from "../../cli/drift-report";
import { parsePreview } from "../../cli/preview-input";
import { cascades, renderPrSummary } from "../../cli/pr-summary-render";
import { kindOf, kindOfUrn } from "../../cli/properties";
import { fundingInstrumentsOf } from "../../cli/recommendations";
import { Deployment, heldIds, kindOfState, pendingOperations, recoveredDeployment, StateResource } from "../../cli/recover-plan";
import { lookableResources } from "../../cli/untracked";
import { kindOfResource, pluginTypeToken, RESOURCES, typeToken } from "../../provider/resources";
import { resourceOf, Stack } from "../../policy/resources";

const fixture = (f: string) => readFileSync(join(__dirname, "fixtures", f), "utf8");
const state = (): Deployment => JSON.parse(fixture("plugin-state.json"));
const byName = (d: Deployment, name: string) => d.resources!.find((r) => r.urn.endsWith(`::${name}`))!;

describe("one test of an xads kind, whatever the token", () => {
  test("the plugin's token, the SDK's dynamic token and the generic dynamic type's shim name the same kind", () => {
    for (const kind of Object.keys(RESOURCES)) {
      expect(kindOfResource(pluginTypeToken(kind))).toBe(kind);
      expect(kindOfResource(typeToken(kind))).toBe(kind);
    }
    expect(kindOfResource("pulumi-nodejs:dynamic:Resource", { __provider: 'var __provider = {};\n__provider.kind = "LineItem";\n' })).toBe("LineItem");
  });

  test("the plugin's provider resource, other packages and kinds the registry has not are not xads kinds", () => {
    expect(kindOfResource("pulumi:providers:xads")).toBeUndefined();
    expect(kindOfResource("xads:index:Campaigns")).toBeUndefined();
    expect(kindOfResource("xads:other:Campaign")).toBeUndefined();
    expect(kindOfResource("pulumi-nodejs:dynamic:Resource")).toBeUndefined();
    expect(kindOfResource("aws:s3/bucket:Bucket")).toBeUndefined();
  });

  test("the CLI's kindOf and kindOfUrn are that test", () => {
    expect(kindOf("xads:index:PromotedTweet")).toBe("PromotedTweet");
    expect(kindOfUrn(byName(state(), "timeline").urn)).toBe("LineItem");
    expect(kindOfUrn("urn:pulumi:dev::ads::pulumi-nodejs:dynamic/xads:LineItem::timeline")).toBe("LineItem");
    expect(kindOfUrn("urn:pulumi:dev::xads-yaml::pulumi:providers:xads::default")).toBeUndefined();
  });
});

describe("pr-summary of a YAML program's preview", () => {
  const model = () => parsePreview(fixture("plugin-preview.json"));

  test("its steps carry their kinds, and the replaced line item's promoted Tweet goes with it", () => {
    const steps = model().steps.filter((s) => s.op !== "same");
    expect(steps.map((s) => [s.name, s.kind, s.op])).toEqual([["spring-sale", "Campaign", "update"], ["timeline", "LineItem", "replace"], ["launch-post", "PromotedTweet", "replace"]]);
    expect(cascades(model()).map(({ parent, children }) => [parent.name, children.map((c) => c.name)])).toEqual([["timeline", ["launch-post"]]]);
  });

  test("the summary shows the budget in money and the replace with its reason, and names no plugin token", () => {
    const md = renderPrSummary(model());
    expect(md).toContain("| `spring-sale` \"Spring sale\" | update | USD 50.00 -> USD 75.00 | none (unchanged) |");
    expect(md).toContain("#### +- replace `timeline` (LineItem, id `<timeline.id>`) \"Timeline clicks\"");
    expect(md).toContain("Replaced because `placements` cannot change in place");
    expect(md).not.toContain("xads:index:");
  });
});

describe("the state of a YAML program", () => {
  test("its resources are xads kinds; the provider and the stack are not", () => {
    expect(state().resources!.map((r) => kindOfState(r) ?? r.type)).toEqual([
      "pulumi:pulumi:Stack", "pulumi:providers:xads", "FundingInstrument", "Campaign", "Campaign", "LineItem", "PromotedTweet",
    ]);
  });

  test("drift names a plugin resource by name and kind, its field in money", () => {
    const campaign = byName(state(), "spring-sale");
    const report = buildDriftReport([{ resOutputsEvent: { metadata: {
      op: "update", urn: campaign.urn, type: campaign.type, old: campaign,
      new: { ...campaign, outputs: { ...campaign.outputs, dailyBudgetAmountLocalMicro: 99_000_000 } },
    } } }]);
    expect(report.changed).toEqual([expect.objectContaining({
      resource: "spring-sale", kind: "Campaign", fields: [{ field: "dailyBudgetAmountLocalMicro", state: 50_000_000, live: 99_000_000 }],
    })]);
  });

  test("import's untracked search and recover see the entities its resources hold", () => {
    const d = state();
    expect([...lookableResources(d).get("Campaign") ?? []].map((r) => r.resource).sort()).toEqual(["spring-sale", "summer-sale"]);
    expect(heldIds(d)).toEqual(new Set(d.resources!.filter((r) => r.type.startsWith("xads:index:")).map((r) => r.id)));
    const fi = byName(d, "sandbox-usd").id!;
    expect(fundingInstrumentsOf(d, "18ce54d4x5t")).toEqual(new Map([["18ce54d4x5t", new Set([fi])]]));
  });

  test("a pending create of a plugin resource is recovered as that kind, with no dynamic provider's code added", () => {
    const d = state();
    const { id: _id, outputs, ...pending } = byName(d, "summer-sale");
    const interrupted: Deployment = {
      ...d, resources: d.resources!.filter((r) => !r.urn.endsWith("::summer-sale")),
      pending_operations: [{ type: "creating", resource: pending as StateResource }],
    };
    const ops = pendingOperations(interrupted);
    expect(ops.foreign).toEqual([]);
    expect(ops.creates.map((c) => [c.kind, c.inputs.name])).toEqual([["Campaign", "Summer sale"]]);
    const recovered = recoveredDeployment(interrupted, [{ urn: pending.urn, id: "found1", outputs: outputs! }]);
    const back = recovered.resources!.find((r) => r.urn === pending.urn)!;
    expect(back).toMatchObject({ id: "found1", type: "xads:index:Campaign" });
    expect(Object.keys(back.outputs!)).not.toContain("__provider");
  });
});

describe("the policy pack on a YAML program", () => {
  const provider = () => {
    const p = byName(state(), "default");
    // As the engine hands a policy the provider: its inputs, secrets decrypted.
    return { type: p.type, props: { ...p.inputs, consumerKey: "decrypted-by-the-engine" }, urn: p.urn, name: "default" };
  };
  const policyResource = (r: StateResource) => ({
    type: r.type, props: r.outputs!, urn: r.urn, name: r.urn.slice(r.urn.lastIndexOf("::") + 2),
    opts: {}, dependencies: [], propertyDependencies: {}, provider: provider(),
    isType: () => false, asType: () => undefined,
  });

  test("a plugin resource is checked as its kind", () => {
    const r = resourceOf(policyResource(byName(state(), "spring-sale")) as never);
    expect(r).toMatchObject({ kind: "Campaign", name: "spring-sale", props: { dailyBudgetAmountLocalMicro: 50_000_000 } });
    expect(resourceOf(policyResource(byName(state(), "default")) as never)).toBeUndefined();
  });

  test("the stack config is what the plugin's provider holds, read by its xads:* keys", () => {
    const stack = new Stack({ resources: state().resources!.filter((r) => r.type.startsWith("xads:index:")).map(policyResource) as never, stackTags: new Map() });
    expect(stack.resources.map((r) => r.kind)).toEqual(["FundingInstrument", "Campaign", "Campaign", "LineItem", "PromotedTweet"]);
    expect(stack.settings("xads:sandbox")).toBe("true");
    expect(stack.settings("xads:sandboxBaseUrl")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox$/);
    expect(stack.settings("xads:consumerKey")).toBe("decrypted-by-the-engine");
    expect(stack.settings("xads:baseUrl")).toBeUndefined();
  });
});
