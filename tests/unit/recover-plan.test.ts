/** `xads recover`'s changes to a stack's state, from a state an interrupted update left. */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repairTornAttributes } from "../../cli/recover";
import { Deployment, heldIds, interruptedLine, nextStep, pendingOperations, recoveredDeployment } from "../../cli/recover-plan";

const urn = (type: string, name: string) => `urn:pulumi:dev::shop::${type}::${name}`;
const CAMPAIGN = "pulumi-nodejs:dynamic/xads:Campaign";
const FI = "pulumi-nodejs:dynamic/xads:FundingInstrument";

const stackResource = { urn: urn("pulumi:pulumi:Stack", "shop-dev"), type: "pulumi:pulumi:Stack", custom: false };
const fi = { urn: urn(FI, "usd"), type: FI, custom: true, id: "fi1", inputs: { currency: "USD", __provider: "code" }, outputs: { currency: "USD", __provider: "code" } };
const pendingCampaign = (name: string) => ({
  type: "creating",
  resource: { urn: urn(CAMPAIGN, name), type: CAMPAIGN, custom: true, inputs: { name, fundingInstrumentId: "fi1", __provider: "code" }, dependencies: [fi.urn] },
});

function interrupted(): Deployment {
  return {
    manifest: { time: "2026-05-01T12:00:00Z" },
    resources: [stackResource, fi],
    pending_operations: [
      pendingCampaign("spring"),
      pendingCampaign("summer"),
      { type: "updating", resource: fi },
      { type: "creating", resource: { urn: urn("aws:s3/bucket:Bucket", "logs"), type: "aws:s3/bucket:Bucket", custom: true } },
    ],
  };
}

test("the pending creates of xads resources, with their declared inputs; other providers' creates and other operations apart", () => {
  const { creates, foreign, others } = pendingOperations(interrupted());
  expect(creates.map((c) => [c.kind, c.inputs])).toEqual([
    ["Campaign", { name: "spring", fundingInstrumentId: "fi1" }],
    ["Campaign", { name: "summer", fundingInstrumentId: "fi1" }],
  ]);
  expect(foreign.map((op) => op.resource.type)).toEqual(["aws:s3/bucket:Bucket"]);
  expect(others.map((op) => op.type)).toEqual(["updating"]);
});

test("a pending create whose URN the state already holds (a replacement, or an up run again first) says under which id", () => {
  const d = interrupted();
  d.resources!.push({ urn: urn(CAMPAIGN, "spring"), type: CAMPAIGN, custom: true, id: "c-old" });
  expect(pendingOperations(d).creates.map((c) => c.heldAs)).toEqual(["c-old", undefined]);
  expect([...heldIds(d)]).toEqual(["fi1", "c-old"]);
});

test("the entities found become resources after the others, with the provider's code, and no pending operation is left", () => {
  const d = interrupted();
  const next = recoveredDeployment(d, [{ urn: urn(CAMPAIGN, "summer"), id: "c9", outputs: { name: "summer", fundingInstrumentId: "fi1", servable: true } }]);
  expect(next.pending_operations).toEqual([]);
  expect(next.manifest).toEqual(d.manifest);
  expect(next.resources).toEqual([
    stackResource,
    fi,
    { ...pendingCampaign("summer").resource, id: "c9", outputs: { name: "summer", fundingInstrumentId: "fi1", servable: true, __provider: "code" } },
  ]);
});

test("a file backend's empty attribute files (torn by the kill) are removed, and nothing else", () => {
  const dir = mkdtempSync(join(tmpdir(), "backend-"));
  try {
    const stacks = join(dir, ".pulumi", "stacks", "shop");
    mkdirSync(stacks, { recursive: true });
    writeFileSync(join(stacks, "dev.json"), "{}");
    writeFileSync(join(stacks, "dev.json.attrs"), "");
    writeFileSync(join(stacks, "dev.json.bak.attrs"), '{"user.cache_control":""}');
    expect(repairTornAttributes(dir)).toEqual([join(stacks, "dev.json.attrs")]);
    expect([existsSync(join(stacks, "dev.json")), existsSync(join(stacks, "dev.json.attrs")), existsSync(join(stacks, "dev.json.bak.attrs"))]).toEqual([true, false, true]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("the next step it names, for each interrupted operation", () => {
  const campaign = { urn: urn(CAMPAIGN, "spring"), type: CAMPAIGN, custom: true, id: "c1" };
  const after = (...ops: Deployment["pending_operations"] & object) => nextStep(pendingOperations({ resources: [stackResource, fi, campaign], pending_operations: ops }));

  test("a create or an update in flight comes from pulumi up: run it again", () => {
    expect(after(pendingCampaign("summer"))).toBe("Next: pulumi up");
    expect(after({ type: "updating", resource: campaign })).toBe("Next: pulumi up");
    expect(after({ type: "deleting", resource: fi }, { type: "updating", resource: campaign })).toBe("Next: pulumi up");
  });

  test("deletes alone (a killed destroy) name pulumi destroy to finish it, never pulumi up alone, which would keep deleted entities in the state", () => {
    const next = after({ type: "deleting", resource: campaign });
    expect(next).toMatch(/After a pulumi destroy: pulumi destroy \(it deletes what is left; an entity already deleted counts as deleted\)/);
    expect(next).toMatch(/After a pulumi up that removed or replaced resources: pulumi up$/);
  });

  test("an interrupted delete is sent again by the command run again; other operations by the next up", () => {
    expect(interruptedLine({ type: "deleting", resource: campaign }, "spring")).toBe(
      "spring was interrupted while deleting: the delete is sent again by the interrupted command run again (a delete of an entity already gone counts as done)");
    expect(interruptedLine({ type: "updating", resource: campaign }, "spring")).toBe("spring was interrupted while updating: the next pulumi up does it again");
  });
});
